package geom

import (
	"cmp"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"sync"
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

// merge combines the workers' findings: numbers crossing nodes, merges
// equal ends and groups events by segment.
func (b *builder) merge(sinks []*sink) {
	n := b.n
	nodes := 2 * n
	nev, nbf := 0, 0
	counts := make([]int32, n+1)
	for _, k := range sinks {
		nodes += int(k.ncross)
		nbf += len(k.bfr)
		for _, blk := range k.evs {
			nev += len(blk)
			for i := range blk {
				counts[blk[i].seg]++
			}
		}
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
	sum := int32(0)
	for s := 0; s < n; s++ {
		b.segEv[s] = sum
		sum += counts[s]
	}
	b.segEv[n] = sum
	fill := counts[:n]
	copy(fill, b.segEv[:n])
	b.sev = make([]event, nev)
	if b.big {
		b.bfr = make([]bigFrac, 0, nbf)
	}
	base := int32(2 * n)
	for _, k := range sinks {
		boff := int64(len(b.bfr))
		b.bfr = append(b.bfr, k.bfr...)
		for bi, blk := range k.evs {
			for _, e := range blk {
				if e.node < 0 {
					e.node = base - e.node - 1
				}
				if b.big {
					e.num += boff
				}
				b.sev[fill[e.seg]] = e
				fill[e.seg]++
			}
			k.evs[bi] = nil
		}
		base += k.ncross
		for i := 0; i+1 < len(k.unions); i += 2 {
			b.union(k.unions[i], k.unions[i+1])
		}
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
		k.evs, k.bfr = nil, nil
	}
}

// sortEvents sorts the events of every segment along it and merges nodes at
// equal positions.
func (b *builder) sortEvents() {
	n := b.n
	b.sevEq = make([]bool, len(b.sev))
	eachParallel(n, func(s int, t *[2]big.Int) {
		lo, hi := b.segEv[s], b.segEv[s+1]
		ev := b.sev[lo:hi]
		slices.SortFunc(ev, func(x, y event) int { return b.cmpParam(&x, &y, t) })
		for k := 1; k < len(ev); k++ {
			b.sevEq[int(lo)+k] = b.cmpParam(&ev[k-1], &ev[k], t) == 0
		}
	})
	for k := 1; k < len(b.sev); k++ {
		if b.sevEq[k] {
			b.union(b.sev[k-1].node, b.sev[k].node)
		}
	}
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
	b.segVEv = make([]int32, 0, 2*n+len(b.sev))
	b.segE = make([]int32, 0, n+len(b.sev))
	b.eA = make([]int32, 0, n+len(b.sev))
	b.eB = make([]int32, 0, n+len(b.sev))
	b.eSeg = make([]int32, 0, n+len(b.sev))
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
					b.vdSeg = append(b.vdSeg, s)
					b.vdEv = append(b.vdEv, ev)
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
			b.segVEv = append(b.segVEv, ev)
			prev = v
		}
		visit(2*s, -1)
		for k := b.segEv[s]; k < b.segEv[s+1]; k++ {
			visit(b.sev[k].node, k)
		}
		visit(2*s+1, -2)
	}
	b.segVStart[n] = int32(len(b.segV))
	b.parent, b.sevEq = nil, nil
	up := make([]bool, len(b.eSeg))
	for e, s := range b.eSeg {
		up[e] = b.segUp(s)
	}
	b.eUp = up
}

func (b *builder) origin(h int32) int32 {
	if h&1 == 0 {
		return b.eA[h>>1]
	}
	return b.eB[h>>1]
}

// buildRotations sorts the outgoing half-edges of every vertex counterclockwise.
func (b *builder) buildRotations() {
	nv, ne := b.nv, len(b.eA)
	b.vStart = make([]int32, nv+1)
	for e := 0; e < ne; e++ {
		b.vStart[b.eA[e]+1]++
		b.vStart[b.eB[e]+1]++
	}
	for v := 0; v < nv; v++ {
		b.vStart[v+1] += b.vStart[v]
	}
	fill := append([]int32(nil), b.vStart[:nv]...)
	b.rot = make([]int32, 2*ne)
	for e := int32(0); e < int32(ne); e++ {
		b.rot[fill[b.eA[e]]] = 2 * e
		fill[b.eA[e]]++
		b.rot[fill[b.eB[e]]] = 2*e + 1
		fill[b.eB[e]]++
	}
	b.pos = make([]int32, 2*ne)
	eachParallel(nv, func(v int, t *[2]big.Int) {
		r := b.rot[b.vStart[v]:b.vStart[v+1]]
		if len(r) <= 8 {
			for i := 1; i < len(r); i++ {
				for j := i; j > 0 && b.cmpAngle(r[j-1], r[j], t) > 0; j-- {
					r[j-1], r[j] = r[j], r[j-1]
				}
			}
		} else {
			slices.SortFunc(r, func(x, y int32) int { return b.cmpAngle(x, y, t) })
		}
		for i, h := range r {
			b.pos[h] = int32(i)
		}
	})
}

// cw returns the outgoing half-edge that follows h clockwise around its origin.
func (b *builder) cw(h int32) int32 {
	v := b.origin(h)
	lo, hi := b.vStart[v], b.vStart[v+1]
	i := lo + b.pos[h] - 1
	if i < lo {
		i = hi - 1
	}
	return b.rot[i]
}

// next returns the half-edge after h on the boundary of the face on h's left.
func (b *builder) next(h int32) int32 { return b.cw(h ^ 1) }

// buildCycles walks the face cycles and computes their turning numbers.
func (b *builder) buildCycles() {
	nh := int32(len(b.rot))
	b.cyc = make([]int32, nh)
	b.nxt = make([]int32, nh)
	for i := range b.cyc {
		b.cyc[i] = -1
	}
	var t [2]big.Int
	for h := int32(0); h < nh; h++ {
		if b.cyc[h] >= 0 {
			continue
		}
		id := int32(len(b.cycFirst))
		w := 0
		for x := h; ; {
			b.cyc[x] = id
			nx := b.next(x)
			b.nxt[x] = nx
			w += b.wrap(x, nx, &t)
			x = nx
			if x == h {
				break
			}
		}
		if w != 1 && w != -1 {
			panic(internalError(fmt.Sprintf("internal error: face cycle with turning number %d", w)))
		}
		b.cycFirst = append(b.cycFirst, h)
		b.cycWind = append(b.cycWind, int8(w))
	}
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
		k := b.compOfSeg[b.eSeg[h>>1]]
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

// workers is how many goroutines the parallel steps use.
func workers() int { return max(1, min(runtime.GOMAXPROCS(0), 8)) }

// eachParallel runs body(i, t) for every i in [0, n), striped over the
// workers; each worker has its own scratch t, so body must not share one.
func eachParallel(n int, body func(i int, t *[2]big.Int)) {
	w := workers()
	var wg sync.WaitGroup
	for k := 0; k < w; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var t [2]big.Int
			for i := k; i < n; i += w {
				body(i, &t)
			}
		}()
	}
	wg.Wait()
}
