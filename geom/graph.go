package geom

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

func (b *builder) find(x int32) int32 {
	p := b.parent
	for p[x] != x {
		p[x] = p[p[x]]
		x = p[x]
	}
	return x
}

func (b *builder) union(x, y int32) {
	r, s := b.find(x), b.find(y)
	if r < s {
		b.parent[s] = r
	} else if s < r {
		b.parent[r] = s
	}
}

// merge combines what the workers found counting: merges equal ends and
// segment components, and reserves each worker's room for its events of
// each segment in sev (grouped by segment, workers in order), its crossing
// nodes and its big fractions.
func (b *builder) merge(sinks []*sink) {
	n := b.n
	nodes := int64(2 * n)
	nev := int64(0)
	for _, k := range sinks {
		nodes += int64(k.ncross)
		nev += k.nev
	}
	if nodes >= 1<<31-1 || nev >= 1<<31-1 {
		panic(internalError("too many intersections (2^31 events or more)"))
	}
	b.parent = make([]int32, nodes)
	for i := range b.parent {
		b.parent[i] = int32(i)
	}
	b.sparent = make([]int32, n)
	for i := range b.sparent {
		b.sparent[i] = int32(i)
	}
	b.ovl = make([]bool, n)
	b.segEv = make([]int32, n+1)
	for s := 0; s < n; s++ {
		c := int32(0)
		for _, k := range sinks {
			c += k.counts[s]
		}
		b.segEv[s+1] = b.segEv[s] + c
	}
	b.sev = make([]event, nev)
	next := append([]int32(nil), b.segEv[:n]...)
	base, bfrBase := int32(2*n), int64(0)
	for _, k := range sinks {
		for s := 0; s < n; s++ {
			c := k.counts[s]
			k.counts[s] = next[s]
			next[s] += c
		}
		k.start = append([]int32(nil), k.counts...)
		k.base = base
		base += k.ncross
		k.ncross = 0
		k.bfrBase = bfrBase
		bfrBase += k.nev
		k.writing = true
		for i := 0; i+1 < len(k.unions); i += 2 {
			b.union(k.unions[i], k.unions[i+1])
		}
		k.unions = nil
		for i := range k.sp {
			if r := findSeg(k.sp, int32(i)); r != int32(i) {
				x, y := findSeg(b.sparent, int32(i)), findSeg(b.sparent, r)
				if x < y {
					b.sparent[y] = x
				} else if y < x {
					b.sparent[x] = y
				}
			}
			b.ovl[i] = b.ovl[i] || k.ovl[i]
		}
	}
}

// sortEvents sorts the events of every segment along it and merges nodes at
// equal positions.
func (b *builder) sortEvents() {
	n := b.n
	b.sevEq = make([]bool, len(b.sev))
	eachChunk(n, 16, func(s0, s1 int, t *[2]big.Int) {
		var keys []uint64
		var tmp []event
		for s := s0; s < s1; s++ {
			lo, hi := b.segEv[s], b.segEv[s+1]
			ev := b.sev[lo:hi]
			keys, tmp = b.sortSegment(ev, keys, tmp, t)
			for k := 1; k < len(ev); k++ {
				b.sevEq[int(lo)+k] = b.cmpParam(&ev[k-1], &ev[k], t) == 0
			}
		}
	})
	for k := 1; k < len(b.sev); k++ {
		if b.sevEq[k] {
			b.union(b.sev[k-1].node, b.sev[k].node)
		}
	}
}

// sortSegment sorts the events of one segment exactly, with keys and tmp as
// scratch (returned grown).
func (b *builder) sortSegment(ev []event, keys []uint64, tmp []event, t *[2]big.Int) ([]uint64, []event) {
	if b.big || len(ev) <= 32 {
		slices.SortFunc(ev, func(x, y event) int { return b.cmpParam(&x, &y, t) })
		return keys, tmp
	}
	keys, tmp = sortByKey(ev, keys, tmp)
	// Keys at least 2 apart in their bits are in exact order (cmpParam);
	// runs of closer ones are sorted exactly.
	for i := 0; i < len(ev); {
		j := i + 1
		for j < len(ev) && math.Float32bits(ev[j].key)-math.Float32bits(ev[j-1].key) <= 1 {
			j++
		}
		if j-i > 1 {
			slices.SortFunc(ev[i:j], func(x, y event) int { return b.cmpParam(&x, &y, t) })
		}
		i = j
	}
	return keys, tmp
}

// sortByKey sorts events by their float32 keys (non-negative, so ordered like
// their bits) with the sort of plain integers, using keys and tmp as
// scratch, which it returns grown.
func sortByKey(ev []event, keys []uint64, tmp []event) ([]uint64, []event) {
	keys, tmp = slices.Grow(keys[:0], len(ev))[:len(ev)], slices.Grow(tmp[:0], len(ev))[:len(ev)]
	for i := range ev {
		keys[i] = uint64(math.Float32bits(ev[i].key))<<32 | uint64(i)
	}
	slices.Sort(keys)
	for i, k := range keys {
		tmp[i] = ev[uint32(k)]
	}
	copy(ev, tmp)
	return keys, tmp
}

// buildGraph numbers the vertices and splits every segment into edges,
// merging the edges that collinear overlapping segments share.
func (b *builder) buildGraph() {
	n := b.n
	vid := make([]int32, len(b.parent))
	for i := range vid {
		vid[i] = -1
	}
	b.segVStart = make([]int32, n+1)
	b.segV = make([]int32, 0, 2*n+len(b.sev))
	b.segE = make([]int32, 0, n+len(b.sev))
	// eA and eB share one array, which buildHalfEdges reuses.
	ecap := n + len(b.sev)
	ab := make([]int32, 2*ecap)
	b.eA, b.eB, b.eAB = ab[:0:ecap], ab[ecap:ecap], ab
	b.eSeg = make([]int32, 0, n+len(b.sev))
	// Upper bounds: every node may be a vertex of its own.
	b.vdSeg = make([]int32, 0, len(b.parent))
	b.vdEv = make([]int32, 0, len(b.parent))
	b.vpos = make([]vpos, 0, len(b.parent)-2*n)
	var shared map[uint64]int32
	for s := int32(0); s < int32(n); s++ {
		b.segVStart[s] = int32(len(b.segV))
		prev := int32(-1)
		visit := func(node, ev int32) {
			r := b.find(node)
			v := vid[r]
			if v < 0 {
				v = int32(b.nv)
				vid[r] = v
				b.nv++
				if r < int32(2*n) {
					b.vdSeg = append(b.vdSeg, r>>1)
					b.vdEv = append(b.vdEv, -1-(r&1))
				} else {
					e := &b.sev[ev]
					b.vdSeg = append(b.vdSeg, s)
					b.vdEv = append(b.vdEv, int32(len(b.vpos)))
					b.vpos = append(b.vpos, vpos{e.num, e.den})
				}
			}
			if v == prev {
				return
			}
			if prev >= 0 {
				e := int32(len(b.eA))
				fresh := true
				if b.ovl[s] {
					if shared == nil {
						shared = make(map[uint64]int32)
					}
					key := uint64(prev)<<32 | uint64(v)
					if old, ok := shared[key]; ok {
						e, fresh = old, false
					} else {
						shared[key] = e
					}
				}
				if fresh {
					b.eA = append(b.eA, prev)
					b.eB = append(b.eB, v)
					b.eSeg = append(b.eSeg, s)
				}
				b.segE = append(b.segE, e)
			}
			b.segV = append(b.segV, v)
			prev = v
		}
		visit(2*s, -1)
		for k := b.segEv[s]; k < b.segEv[s+1]; k++ {
			visit(b.sev[k].node, k)
		}
		visit(2*s+1, -2)
	}
	b.segVStart[n] = int32(len(b.segV))
	// The events are done with: vertices keep their positions in vpos.
	b.parent, b.sevEq, b.sev = nil, nil, nil
}

// buildHalfEdges numbers the half-edges so that the outgoing ones of every
// vertex are contiguous, counterclockwise from angle 0 (see the package doc),
// and links every half-edge to its twin and to the next half-edge on its face
// cycle. Half-edge h of the edge list (2e forwards along eSeg[e], 2e+1 back)
// gets the number newId[h]; the edge list and segE are translated.
func (b *builder) buildHalfEdges() {
	nv, ne := b.nv, len(b.eA)
	if int64(2*ne) >= 1<<31-1 || int64(b.n) >= 1<<29 {
		panic(internalError("too many edges (2^30 or more)"))
	}
	nh := 2 * ne
	b.ne = ne
	if nh >= bigHeap {
		// The events just died: a third of the heap. Collecting now keeps
		// the collector's next goal at twice what is live from here on,
		// not twice what was (see the package doc, Memory layout).
		runtime.GC()
	}
	vStart := make([]int32, nv+1)
	eachChunk(ne, 1<<14, func(lo, hi int, _ *[2]big.Int) {
		for e := lo; e < hi; e++ {
			atomic.AddInt32(&vStart[b.eA[e]+1], 1)
			atomic.AddInt32(&vStart[b.eB[e]+1], 1)
		}
	})
	for v := 0; v < nv; v++ {
		vStart[v+1] += vStart[v]
	}
	fill := append([]int32(nil), vStart[:nv]...)
	old := make([]int32, nh) // old half-edge at each new position
	hd := make([]int32, nh)
	// In parallel, so in any order within a vertex: sortRotation settles it
	// (no two half-edges leave a vertex in the same direction).
	eachChunk(ne, 1<<14, func(lo, hi int, _ *[2]big.Int) {
		for e := int32(lo); e < int32(hi); e++ {
			d := b.dirCode(b.eSeg[e], 0)
			i := atomic.AddInt32(&fill[b.eA[e]], 1) - 1
			old[i], hd[i] = 2*e, d
			j := atomic.AddInt32(&fill[b.eB[e]], 1) - 1
			old[j], hd[j] = 2*e+1, d^3
		}
	})
	fill = nil
	// eA and eB share one array of 2·cap(eA) ≥ nh entries (buildGraph): it
	// becomes newId.
	newId := b.eAB[:nh:nh]
	b.eA, b.eB, b.eSeg, b.eAB = nil, nil, nil, nil
	eachChunk(nv, 1024, func(lo, hi int, t *[2]big.Int) {
		for v := lo; v < hi; v++ {
			a, z := vStart[v], vStart[v+1]
			b.sortRotation(old[a:z], hd[a:z], t)
			for i := a; i < z; i++ {
				newId[old[i]] = i
			}
		}
	})
	twin := make([]int32, nh)
	eachChunk(nh, 1<<14, func(lo, hi int, _ *[2]big.Int) {
		for i := lo; i < hi; i++ {
			twin[i] = newId[old[i]^1]
		}
	})
	eachChunk(len(b.segE), 1<<14, func(lo, hi int, _ *[2]big.Int) {
		for k := lo; k < hi; k++ {
			b.segE[k] = newId[2*b.segE[k]]
		}
	})
	// The old numbering is done with: its arrays become nxt and cyc; until
	// the cycles are walked, cyc[h] holds −1 − the turn from h into nxt[h].
	nxt, cyc := old, newId
	eachChunk(nv, 1024, func(lo, hi int, t *[2]big.Int) {
		for v := lo; v < hi; v++ {
			a, z := vStart[v], vStart[v+1]
			for i := a; i < z; i++ {
				// The walk arriving at v along twin[i] leaves along the
				// half-edge clockwise from i.
				c := i - 1
				if i == a {
					c = z - 1
				}
				j := twin[i]
				nxt[j] = c
				cyc[j] = -1 - int32(b.turn(hd[i]^3, hd[c], t))
			}
		}
	})
	b.vStart, b.hd, b.twin, b.nxt, b.cyc = vStart, hd, twin, nxt, cyc
}

// sortRotation sorts the half-edges o (direction codes d) leaving one vertex
// counterclockwise from angle 0, o and d alike.
func (b *builder) sortRotation(o, d []int32, t *[2]big.Int) {
	if len(d) == 4 {
		// A simple crossing: two segments through the vertex, each with one
		// direction in the upper half-plane and the reverse one in the lower.
		// One orientation sign orders them: [u1, u2, −u1, −u2].
		var u, l [2]int
		nu, nl := 0, 0
		for i, x := range d {
			if x&1 == 0 {
				if nu < 2 {
					u[nu] = i
				}
				nu++
			} else {
				if nl < 2 {
					l[nl] = i
				}
				nl++
			}
		}
		if nu == 2 && nl == 2 && d[u[0]]>>2 != d[u[1]]>>2 {
			if d[l[0]] != d[u[0]]^3 {
				l[0], l[1] = l[1], l[0]
			}
			if d[l[0]] == d[u[0]]^3 && d[l[1]] == d[u[1]]^3 {
				if c := b.cross(d[u[0]], d[u[1]], t); c != 0 {
					if c < 0 {
						u[0], u[1] = u[1], u[0]
						l[0], l[1] = l[1], l[0]
					}
					o[0], o[1], o[2], o[3] = o[u[0]], o[u[1]], o[l[0]], o[l[1]]
					d[0], d[1], d[2], d[3] = d[u[0]], d[u[1]], d[l[0]], d[l[1]]
					return
				}
			}
		}
	}
	if len(d) <= 16 {
		for i := 1; i < len(d); i++ {
			for j := i; j > 0 && b.cmpAngle(d[j-1], d[j], t) > 0; j-- {
				d[j-1], d[j] = d[j], d[j-1]
				o[j-1], o[j] = o[j], o[j-1]
			}
		}
		return
	}
	p := make([]uint64, len(d))
	for i := range d {
		p[i] = uint64(uint32(d[i]))<<32 | uint64(uint32(o[i]))
	}
	slices.SortFunc(p, func(x, y uint64) int { return b.cmpAngle(int32(x>>32), int32(y>>32), t) })
	for i, x := range p {
		d[i], o[i] = int32(x>>32), int32(uint32(x))
	}
}

// cw returns the outgoing half-edge that follows h clockwise around its
// origin: nxt[j] is the half-edge clockwise from twin[j].
func (b *builder) cw(h int32) int32 { return b.nxt[b.twin[h]] }

// kept reports whether h's edge has different faces on its two sides (it
// has when its two sides lie on different face cycles; see buildSummary).
func (b *builder) kept(h int32) bool { return b.cyc[h] != b.cyc[b.twin[h]] }

// buildCycles walks the face cycles, numbers them and sums their turning
// numbers and corners; cycles that meet themselves along an edge (stubs,
// bridges, trees) are flagged for the pruned walk.
func (b *builder) buildCycles() {
	nh := int32(len(b.hd))
	cyc, nxt := b.cyc, b.nxt
	// Euler: cycles = E − V + 2·components, and components ≤ segments.
	ncyc := max(0, b.ne-b.nv+2*b.n)
	b.cycFirst = make([]int32, 0, ncyc)
	b.cycWind = make([]int8, 0, ncyc)
	b.cycCorners = make([]int32, 0, ncyc)
	for h := int32(0); h < nh; h++ {
		if cyc[h] >= 0 {
			continue
		}
		id := int32(len(b.cycFirst))
		w, c := 0, int32(0)
		for x := h; ; {
			t := -1 - cyc[x] // the turn (buildHalfEdges)
			cyc[x] = id
			w += int(t&3) - 1
			c += t >> 2
			x = nxt[x]
			if x == h {
				break
			}
		}
		if w != 1 && w != -1 {
			panic(internalError(fmt.Sprintf("internal error: face cycle with turning number %d", w)))
		}
		b.cycFirst = append(b.cycFirst, h)
		b.cycWind = append(b.cycWind, int8(w))
		b.cycCorners = append(b.cycCorners, c)
	}
	flag := make([]bool, len(b.cycFirst))
	var mu sync.Mutex
	eachChunk(int(nh), 1<<16, func(lo, hi int, _ *[2]big.Int) {
		var found []int32
		for h := int32(lo); h < int32(hi); h++ {
			if c := cyc[h]; c == cyc[b.twin[h]] && (len(found) == 0 || found[len(found)-1] != c) {
				found = append(found, c)
			}
		}
		mu.Lock()
		for _, c := range found {
			flag[c] = true
		}
		mu.Unlock()
	})
	b.cycFlag = flag
}

// cmpEnds compares end e1 (0: P, 1: Q) of segment s1 with end e2 of s2 in the order x, then y.
func (b *builder) cmpEnds(s1, e1, s2, e2 int32) int {
	if !b.big {
		f, g := &b.fs[s1], &b.fs[s2]
		x1, y1, x2, y2 := f.px, f.py, g.px, g.py
		if e1 == 1 {
			x1, y1 = f.qx, f.qy
		}
		if e2 == 1 {
			x2, y2 = g.qx, g.qy
		}
		if x1 != x2 {
			return cmp.Compare(x1, x2)
		}
		return cmp.Compare(y1, y2)
	}
	f, g := &b.bs[s1], &b.bs[s2]
	x1, y1, x2, y2 := &f.px, &f.py, &g.px, &g.py
	if e1 == 1 {
		x1, y1 = &f.qx, &f.qy
	}
	if e2 == 1 {
		x2, y2 = &g.qx, &g.qy
	}
	if c := x1.Cmp(x2); c != 0 {
		return c
	}
	return y1.Cmp(y2)
}

// buildComponents numbers the components and finds each one's outer contour:
// the one face cycle of the component with turning number −1.
func (b *builder) buildComponents() {
	n := b.n
	b.compOfSeg = make([]int32, n)
	ids := make([]int32, n)
	for i := range ids {
		ids[i] = -1
	}
	for s := int32(0); s < int32(n); s++ {
		r := findSeg(b.sparent, s)
		if ids[r] < 0 {
			ids[r] = int32(b.ncomp)
			b.ncomp++
			b.compMinSeg = append(b.compMinSeg, s)
		}
		c := ids[r]
		b.compOfSeg[s] = c
		if b.cmpEnds(s, 0, b.compMinSeg[c], 0) < 0 {
			b.compMinSeg[c] = s
		}
	}
	b.compCycle = make([]int32, b.ncomp)
	for i := range b.compCycle {
		b.compCycle[i] = -1
	}
	for c, h := range b.cycFirst {
		if b.cycWind[c] > 0 {
			continue
		}
		k := b.compOfSeg[b.hd[h]>>2]
		if b.compCycle[k] >= 0 {
			panic(internalError("internal error: component with two outer contours"))
		}
		b.compCycle[k] = int32(c)
	}
	for _, c := range b.compCycle {
		if c < 0 {
			panic(internalError("internal error: component without outer contour"))
		}
	}
}

// eachChunk runs body(lo, hi, t) over [0, n) in chunks of the given size,
// handed out to the workers in order; each worker has its own scratch t.
func eachChunk(n, chunk int, body func(lo, hi int, t *[2]big.Int)) {
	if n <= chunk || workers() == 1 {
		var t [2]big.Int
		body(0, n, &t)
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for k := 0; k < workers(); k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var t [2]big.Int
			for {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= n {
					return
				}
				body(lo, min(lo+chunk, n), &t)
			}
		}()
	}
	wg.Wait()
}

// bigHeap is the number of half-edges from which buildHalfEdges collects
// the garbage before it allocates (about 100 MB of heap).
const bigHeap = 1 << 22

// workers is how many goroutines the parallel steps use.
func workers() int { return max(1, min(runtime.GOMAXPROCS(0), 8)) }
