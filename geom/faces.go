package geom

import (
	"cmp"
	"math"
	"math/big"
	"slices"
)

// rayHit is the nearest point found so far where the westward ray from a
// component's lowest-leftmost point v meets another segment: hit.x − v.x =
// num/den < 0 (den > 0), on segment seg. atEnd: seg is horizontal and the
// hit is its end Q.
type rayHit struct {
	found      bool
	atEnd      bool
	seg        int32
	num, den   int64
	bnum, bden big.Int
	t          [4]big.Int
}

// locateComponents finds, for every component, the face that contains it,
// by shooting a ray west from its lowest-leftmost point. That point is a
// segment end (an intersection point lies inside some segment, which reaches
// further left or down). Whatever the ray hits first belongs to a component
// whose lowest-leftmost point is smaller, so handling components in that
// order means the hit cycle's face is already known.
func (b *builder) locateComponents() {
	order := make([]int32, b.ncomp)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int {
		return b.cmpEnds(b.compMinSeg[x], 0, b.compMinSeg[y], 0)
	})
	b.cycFace = make([]int32, len(b.cycFirst))
	b.faceCycle = make([]int32, 0, len(b.cycFirst)-b.ncomp)
	for c := range b.cycFirst {
		if b.cycWind[c] > 0 {
			b.cycFace[c] = int32(len(b.faceCycle))
			b.faceCycle = append(b.faceCycle, int32(c))
		} else {
			b.cycFace[c] = -2
		}
	}
	b.compFace = make([]int32, b.ncomp)
	mark := make([]int32, b.n)
	for i := range mark {
		mark[i] = -1
	}
	for stamp, k := range order {
		f := int32(-1)
		if h := b.shoot(k, mark, int32(stamp)); h >= 0 {
			f = b.cycFace[b.cyc[h]]
			if f == -2 {
				panic(internalError("internal error: ray hit an unlocated component"))
			}
		}
		b.compFace[k] = f
		b.cycFace[b.compCycle[k]] = f
	}
}

// shoot returns a half-edge whose face contains the points just west of the
// lowest-leftmost point of component k, or −1 if nothing lies west of it.
func (b *builder) shoot(k int32, mark []int32, stamp int32) int32 {
	s := b.compMinSeg[k]
	g := b.grid
	const m = gridMargin
	gy := (b.fl[s].y0 - g.y0) * g.inv
	r0 := clampInt(int(math.Floor(gy-m)), 0, g.rows-1)
	r1 := clampInt(int(math.Floor(gy+m)), 0, g.rows-1)
	c0 := clampInt(int(math.Floor((b.fl[s].x0-g.x0)*g.inv+m)), 0, g.cols-1)
	var hit rayHit
	for c := c0; c >= 0; c-- {
		for r := r0; r <= r1; r++ {
			cell := r*g.cols + c
			for _, j := range g.cellSegs[g.cellStart[cell]:g.cellStart[cell+1]] {
				if b.compOfSeg[j] == k || mark[j] == stamp {
					continue
				}
				mark[j] = stamp
				b.tryHit(s, j, &hit)
			}
		}
		// Hits at x ≥ the column's west side are all registered in columns
		// already searched; nothing further west can be nearer.
		if hit.found && (b.hitX(s, &hit)-g.x0)*g.inv >= float64(c)+m {
			break
		}
	}
	if !hit.found {
		return -1
	}
	return b.hitHalfEdge(s, &hit)
}

// tryHit records where the westward ray from the end P of segment s meets
// segment j, if that is nearer than hit.
func (b *builder) tryHit(s, j int32, hit *rayHit) {
	if b.big {
		b.tryHitBig(s, j, hit)
		return
	}
	v, t := &b.fs[s], &b.fs[j]
	vx, vy := v.px, v.py
	var num, den int64
	atEnd := false
	if t.dy == 0 {
		if t.py != vy || t.qx >= vx {
			return
		}
		num, den, atEnd = t.qx-vx, 1, true
	} else {
		if vy < min(t.py, t.qy) || vy > max(t.py, t.qy) {
			return
		}
		// hit.x − v.x = ((P−v).x·D.y + (v−P).y·D.x) / D.y; each product < 2^62.
		num, den = (t.px-vx)*t.dy+(vy-t.py)*t.dx, t.dy
		if den < 0 {
			num, den = -num, -den
		}
		if num >= 0 {
			return
		}
	}
	if !hit.found || cmpProd(num, hit.den, hit.num, den) > 0 {
		hit.found, hit.atEnd, hit.seg, hit.num, hit.den = true, atEnd, j, num, den
	}
}

func (b *builder) tryHitBig(s, j int32, hit *rayHit) {
	v, t := &b.bs[s], &b.bs[j]
	vx, vy := &v.px, &v.py
	tt := &hit.t
	num, den := &tt[0], &tt[1]
	atEnd := false
	if t.dy.Sign() == 0 {
		if t.py.Cmp(vy) != 0 || t.qx.Cmp(vx) >= 0 {
			return
		}
		num.Sub(&t.qx, vx)
		den.SetInt64(1)
		atEnd = true
	} else {
		lo, hi := &t.py, &t.qy
		if lo.Cmp(hi) > 0 {
			lo, hi = hi, lo
		}
		if vy.Cmp(lo) < 0 || vy.Cmp(hi) > 0 {
			return
		}
		num.Sub(&t.px, vx)
		num.Mul(num, &t.dy)
		tt[2].Sub(vy, &t.py)
		tt[2].Mul(&tt[2], &t.dx)
		num.Add(num, &tt[2])
		den.Set(&t.dy)
		if den.Sign() < 0 {
			num.Neg(num)
			den.Neg(den)
		}
		if num.Sign() >= 0 {
			return
		}
	}
	if hit.found {
		tt[2].Mul(num, &hit.bden)
		tt[3].Mul(&hit.bnum, den)
		if tt[2].Cmp(&tt[3]) <= 0 {
			return
		}
	}
	hit.found, hit.atEnd, hit.seg = true, atEnd, j
	hit.bnum.Set(num)
	hit.bden.Set(den)
}

// hitX approximates the x coordinate of the hit (in the grid's float units).
func (b *builder) hitX(s int32, hit *rayHit) float64 {
	if !b.big {
		return float64(b.fs[s].px) + float64(hit.num)/float64(hit.den)
	}
	var q big.Rat
	q.SetFrac(&hit.bnum, &hit.bden)
	q.Add(&q, new(big.Rat).SetInt(&b.bs[s].px))
	var f big.Float
	f.SetRat(&q)
	f.SetMantExp(&f, -b.shift)
	x, _ := f.Float64()
	return x
}

// hitHalfEdge turns the nearest hit into a half-edge with the hit point's
// east side on its left.
func (b *builder) hitHalfEdge(s int32, hit *rayHit) int32 {
	j := hit.seg
	lo, hi := b.segVStart[j], b.segVStart[j+1]-1
	atVertex := func(w int32) int32 {
		// Nothing leaves w eastwards (it would be hit nearer), so the sector
		// around east lies between the last and the first outgoing edge
		// counterclockwise, and belongs to the last one.
		return b.vStart[w+1] - 1
	}
	if hit.atEnd {
		return atVertex(b.segV[hi])
	}
	// j is not horizontal: along +D of j the vertices' y grows (up) or
	// falls. Binary search among the vertices along j for the last one at
	// or before the hit, whose y is v.y.
	up := b.segUp(j)
	cmpAt := func(idx int32) int { // sign of position(idx) − hit position
		c := b.cmpVertexY(b.segV[idx], s)
		if !up {
			c = -c
		}
		return c
	}
	for lo < hi { // invariant: position(lo) ≤ hit, answer in [lo, hi]
		mid := (lo + hi + 1) / 2
		if cmpAt(mid) <= 0 {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if cmpAt(lo) == 0 {
		return atVertex(b.segV[lo])
	}
	h := b.segE[lo-j] // forwards along j
	// Going up, the east side is on the right: take the reverse half-edge.
	if up {
		return b.twin[h]
	}
	return h
}

// cmpVertexY is the sign of y(w) − y(P of segment s), exactly.
func (b *builder) cmpVertexY(w, s int32) int {
	g, ev := b.vdSeg[w], b.vdEv[w]
	if !b.big {
		f, vy := &b.fs[g], b.fs[s].py
		switch ev {
		case -1:
			return cmp.Compare(f.py, vy)
		case -2:
			return cmp.Compare(f.qy, vy)
		}
		// y(w) − vy = ((P.y − vy)·den + D.y·num)/den, den > 0; each product
		// is below 2^31·2^63, the sum below 2^95.
		p := &b.vpos[ev]
		return mul64(f.py-vy, p.den).add(mul64(f.dy, p.num)).sign()
	}
	f, vy := &b.bs[g], &b.bs[s].py
	switch ev {
	case -1:
		return f.py.Cmp(vy)
	case -2:
		return f.qy.Cmp(vy)
	}
	fr := &b.bfr[b.vpos[ev].num]
	var x, y big.Int
	x.Sub(&f.py, vy)
	x.Mul(&x, &fr.den)
	y.Mul(&f.dy, &fr.num)
	return x.Add(&x, &y).Sign()
}

// vertexPreps computes exact coordinates of all vertices in the normalized frame.
func (b *builder) vertexPreps() {
	b.vp = make([]prep, b.nv)
	if !b.big {
		b.vfy = make([]float64, b.nv)
	}
	var bh []bigHom
	if b.big {
		bh = make([]bigHom, b.nv)
	}
	for v := range b.vp {
		p := &b.vp[v]
		p.f = b.fr
		s, ev := b.vdSeg[v], b.vdEv[v]
		if !b.big {
			f := &b.fs[s]
			switch ev {
			case -1:
				p.x, p.y, p.w = i128From(f.px), i128From(f.py), 1
			case -2:
				p.x, p.y, p.w = i128From(f.qx), i128From(f.qy), 1
			default:
				// |P·den| < 2^30·2^63, |D·num| < 2^31·2^63: the sum is below 2^95.
				e := &b.vpos[ev]
				p.x = mul64(f.px, e.den).add(mul64(f.dx, e.num))
				p.y = mul64(f.py, e.den).add(mul64(f.dy, e.num))
				p.w = uint64(e.den)
			}
			b.vfy[v] = p.y.float() / float64(p.w)
			continue
		}
		f := &b.bs[s]
		h := &bh[v]
		p.b = h
		switch ev {
		case -1:
			h.x.Set(&f.px)
			h.y.Set(&f.py)
			h.w.SetInt64(1)
		case -2:
			h.x.Set(&f.qx)
			h.y.Set(&f.qy)
			h.w.SetInt64(1)
		default:
			fr := &b.bfr[b.vpos[ev].num]
			var t big.Int
			h.x.Mul(&f.px, &fr.den)
			h.x.Add(&h.x, t.Mul(&f.dx, &fr.num))
			h.y.Mul(&f.py, &fr.den)
			h.y.Add(&h.y, t.Mul(&f.dy, &fr.num))
			h.w.Set(&fr.den)
		}
	}
}

// cmpVertex orders vertices by y, then x.
func (b *builder) cmpVertex(u, v int32, t *[2]big.Int) int {
	if u == v {
		return 0
	}
	p, q := &b.vp[u], &b.vp[v]
	if !b.big {
		if c := cmpFrac128(p.y, p.w, q.y, q.w); c != 0 {
			return c
		}
		return cmpFrac128(p.x, p.w, q.x, q.w)
	}
	t[0].Mul(&p.b.y, &q.b.w)
	t[1].Mul(&q.b.y, &p.b.w)
	if c := t[0].Cmp(&t[1]); c != 0 {
		return c
	}
	t[0].Mul(&p.b.x, &q.b.w)
	t[1].Mul(&q.b.x, &p.b.w)
	return t[0].Cmp(&t[1])
}

// Which edges bound faces. The pruned boundary of a face leaves out the
// edges with the same face on both sides. Those are exactly the edges with
// the same face cycle on both sides: every +1 cycle is a face of its own, and
// a component's −1 cycle lies in a face bounded by another component. A
// walk that skips them (nextKept) stays on its face cycle, so only the cycles
// flagged by buildCycles need it; on every other cycle the pruned boundary is
// the cycle itself, with the corners buildCycles counted.

// nextKept returns the half-edge after h on the pruned boundary of its face.
func (b *builder) nextKept(h int32) int32 {
	g := b.nxt[h]
	for !b.kept(g) {
		g = b.cw(g)
	}
	return g
}

// walkLoop walks the closed boundary through h, pruned when asked, marks
// its half-edges in seen (when not nil), calls corner for every half-edge
// that leaves a corner, and returns the turning number.
func (b *builder) walkLoop(h int32, pruned bool, seen []bool, t *[2]big.Int, corner func(h int32)) int {
	w := 0
	for x := h; ; {
		if seen != nil {
			seen[x] = true
		}
		var nx int32
		if pruned {
			nx = b.nextKept(x)
		} else {
			nx = b.nxt[x]
		}
		d1, d2 := b.hd[x], b.hd[nx]
		w += b.wrap(d1, d2, t)
		if !b.straight(d1, d2, t) {
			corner(nx)
		}
		x = nx
		if x == h {
			break
		}
	}
	return w
}

// eachLoop calls f for every closed boundary of a bounded face (its pruned
// walk), with the face, the first half-edge and whether the walk must be
// pruned; seen (len(hd)) is scratch for the pruned walks.
func (b *builder) eachLoop(seen []bool, f func(face, h int32, pruned bool)) {
	for c, h0 := range b.cycFirst {
		face := b.cycFace[c]
		if face < 0 {
			continue
		}
		if !b.cycFlag[c] {
			f(face, h0, false)
			continue
		}
		for x := h0; ; {
			if !seen[x] && b.kept(x) {
				f(face, x, true)
			}
			x = b.nxt[x]
			if x == h0 {
				break
			}
		}
	}
}

// buildSummary counts the faces, their sides and holes, checking that every
// face has one outer boundary and every boundary turns once.
func (b *builder) buildSummary(a *Arrangement) {
	// Let the collector have what counting and listing faces do not need.
	b.grid, b.segV, b.segE, b.segVStart = nil, nil, nil, nil
	nf := len(b.faceCycle)
	sides := make([]int32, nf)
	holes := make([]int32, nf)
	for f := range sides {
		sides[f] = -1
	}
	add := func(f int32, w int, corners int32) {
		if w != 1 && w != -1 || corners == 0 {
			panic(internalError("internal error: bad face boundary"))
		}
		if w < 0 {
			holes[f]++
			return
		}
		if sides[f] >= 0 {
			panic(internalError("internal error: face with two outer boundaries"))
		}
		sides[f] = corners
	}
	var seen []bool
	for c := range b.cycFirst {
		if b.cycFlag[c] && b.cycFace[c] >= 0 {
			seen = make([]bool, len(b.hd))
			break
		}
	}
	var t [2]big.Int
	b.eachLoop(seen, func(f, h int32, pruned bool) {
		if !pruned {
			c := b.cyc[h]
			add(f, int(b.cycWind[c]), b.cycCorners[c])
			return
		}
		corners := int32(0)
		w := b.walkLoop(h, true, seen, &t, func(int32) { corners++ })
		add(f, w, corners)
	})
	a.nfaces = nf
	a.hist = make(map[int]int)
	for f := range sides {
		if sides[f] < 0 {
			panic(internalError("internal error: face without outer boundary"))
		}
		a.hist[int(sides[f])]++
		if holes[f] > 0 {
			a.holed++
		}
	}
}

// loop is one closed boundary of a face after dropping the lines that have the
// face on both sides; corners are cv[lo:hi] (vertex) and ch[lo:hi] (the
// half-edge leaving it), rotated to start at the lowest corner.
type loop struct {
	face   int32
	wind   int8
	lo, hi int32
}

// listFaces lists the faces with their corners, in the order Faces promises.
func (b *builder) listFaces() []Face {
	b.vertexPreps()
	// Let the collector have what faces do not need.
	b.vpos, b.bfr = nil, nil
	nh := len(b.hd)
	org := make([]int32, nh) // origin of every half-edge
	eachChunk(b.nv, 1<<12, func(lo, hi int, _ *[2]big.Int) {
		for v := lo; v < hi; v++ {
			for h := b.vStart[v]; h < b.vStart[v+1]; h++ {
				org[h] = int32(v)
			}
		}
	})
	var t [2]big.Int
	loops := make([]loop, 0, len(b.faceCycle)+b.ncomp)
	cv := make([]int32, 0, nh)
	ch := make([]int32, 0, nh)
	seen := make([]bool, nh)
	b.eachLoop(seen, func(f, h int32, pruned bool) {
		lp := loop{face: f, lo: int32(len(cv))}
		best := int32(-1)
		w := b.walkLoop(h, pruned, seen, &t, func(nx int32) {
			cv = append(cv, org[nx])
			ch = append(ch, nx)
			k := int32(len(cv) - 1)
			if best < 0 || b.cmpCorner(cv[k], ch[k], cv[best], ch[best], &t) < 0 {
				best = k
			}
		})
		lp.hi = int32(len(cv))
		lp.wind = int8(w)
		if w != 1 && w != -1 || best < 0 {
			panic(internalError("internal error: bad face boundary"))
		}
		slices.Reverse(cv[lp.lo:best])
		slices.Reverse(cv[best:lp.hi])
		slices.Reverse(cv[lp.lo:lp.hi])
		slices.Reverse(ch[lp.lo:best])
		slices.Reverse(ch[best:lp.hi])
		slices.Reverse(ch[lp.lo:lp.hi])
		loops = append(loops, lp)
	})
	org, seen = nil, nil
	nf := len(b.faceCycle)
	outer := make([]int32, nf)
	for i := range outer {
		outer[i] = -1
	}
	nholes := make([]int32, nf)
	for i, lp := range loops {
		if lp.wind > 0 {
			if outer[lp.face] >= 0 {
				panic(internalError("internal error: face with two outer boundaries"))
			}
			outer[lp.face] = int32(i)
		} else {
			nholes[lp.face]++
		}
	}
	holeStart := make([]int32, nf+1)
	for f := 0; f < nf; f++ {
		if outer[f] < 0 {
			panic(internalError("internal error: face without outer boundary"))
		}
		holeStart[f+1] = holeStart[f] + nholes[f]
	}
	holeList := make([]int32, holeStart[nf])
	fill := append([]int32(nil), holeStart[:nf]...)
	for i, lp := range loops {
		if lp.wind < 0 {
			holeList[fill[lp.face]] = int32(i)
			fill[lp.face]++
		}
	}
	cmpLoop := func(x, y int32) int {
		p, q := loops[x].lo, loops[y].lo
		return b.cmpCorner(cv[p], ch[p], cv[q], ch[q], &t)
	}
	// Sort by the float y of the first corner when that decides, else exactly.
	type fkey struct {
		y float64
		f int32
	}
	keys := make([]fkey, nf)
	for f := range keys {
		keys[f] = fkey{f: int32(f)}
		if !b.big {
			keys[f].y = b.vfy[cv[loops[outer[f]].lo]]
		}
	}
	slices.SortFunc(keys, func(x, y fkey) int {
		if c := approxCmp(x.y, y.y); c != 0 && !b.big {
			return c
		}
		return cmpLoop(outer[x.f], outer[y.f])
	})
	order := make([]int32, nf)
	for i, k := range keys {
		order[i] = k.f
	}
	keys = nil
	pts := make([]Point, len(cv))
	for i, v := range cv {
		pts[i] = Point{&b.vp[v]}
	}
	ring := func(l int32) []Point { lp := loops[l]; return pts[lp.lo:lp.hi:lp.hi] }
	faces := make([]Face, nf)
	for i, f := range order {
		o := ring(outer[f])
		fc := Face{Sides: len(o), Holes: int(nholes[f]), Outer: o}
		if nholes[f] > 0 {
			hl := holeList[holeStart[f]:holeStart[f+1]]
			slices.SortFunc(hl, cmpLoop)
			fc.HoleRings = make([][]Point, len(hl))
			for k, l := range hl {
				fc.HoleRings[k] = ring(l)
			}
		}
		faces[i] = fc
	}
	return faces
}

// cmpCorner orders corners by vertex (y, then x), then by the direction of
// the boundary leaving it.
func (b *builder) cmpCorner(v1, h1, v2, h2 int32, t *[2]big.Int) int {
	if !b.big {
		if c := approxCmp(b.vfy[v1], b.vfy[v2]); c != 0 {
			return c
		}
	}
	if c := b.cmpVertex(v1, v2, t); c != 0 {
		return c
	}
	return b.cmpAngle(b.hd[h1], b.hd[h2], t)
}

// approxCmp compares two float approximations with relative errors below
// 2^-50 each; 0 means too close to tell.
func approxCmp(a, b float64) int {
	tol := 0x1p-48 * (math.Abs(a) + math.Abs(b))
	if a-b > tol {
		return 1
	}
	if b-a > tol {
		return -1
	}
	return 0
}
