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
		return b.rot[b.vStart[w+1]-1]
	}
	if hit.atEnd {
		return atVertex(b.segV[hi])
	}
	// Position of the hit along j: (v.y − P.y)/D.y; binary search among the
	// vertices along j for the last one at or before it.
	var up bool
	var cmpAt func(idx int32) int // sign of position(idx) − hit position
	if !b.big {
		v, t := &b.fs[s], &b.fs[j]
		tn, td := v.py-t.py, t.dy
		up = td > 0
		if td < 0 {
			tn, td = -tn, -td
		}
		cmpAt = func(idx int32) int {
			switch ev := b.segVEv[idx]; ev {
			case -1:
				return -sign64(tn)
			case -2:
				return cmp.Compare(td, tn)
			default:
				e := &b.sev[ev]
				return cmpProd(e.num, td, tn, e.den)
			}
		}
	} else {
		v, t := &b.bs[s], &b.bs[j]
		var tn, td, x, y big.Int
		tn.Sub(&v.py, &t.py)
		td.Set(&t.dy)
		up = td.Sign() > 0
		if td.Sign() < 0 {
			tn.Neg(&tn)
			td.Neg(&td)
		}
		cmpAt = func(idx int32) int {
			switch ev := b.segVEv[idx]; ev {
			case -1:
				return -tn.Sign()
			case -2:
				return td.Cmp(&tn)
			default:
				f := &b.bfr[b.sev[ev].num]
				x.Mul(&f.num, &td)
				y.Mul(&tn, &f.den)
				return x.Cmp(&y)
			}
		}
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
	e := b.segE[lo-j]
	// Going up, the east side is on the right: take the reverse half-edge.
	if up {
		return 2*e + 1
	}
	return 2 * e
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
				e := &b.sev[ev]
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
			fr := &b.bfr[b.sev[ev].num]
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

// loop is one closed boundary of a face after dropping the lines that have the
// face on both sides; corners are cv[lo:hi] (vertex) and ch[lo:hi] (the
// half-edge leaving it), rotated to start at the lowest corner.
type loop struct {
	face   int32
	wind   int8
	lo, hi int32
}

// buildFaces walks the boundaries of the bounded faces without the lines that
// have the same face on both sides (stubs, bridges, loose trees), and counts
// corners.
func (b *builder) buildFaces() []Face {
	b.vertexPreps()
	// Let the collector have what faces do not need.
	b.sev, b.bfr, b.segV, b.segVEv, b.segE, b.segVStart = nil, nil, nil, nil, nil, nil
	ne := int32(len(b.eA))
	kept := make([]bool, ne)
	for e := int32(0); e < ne; e++ {
		kept[e] = b.cycFace[b.cyc[2*e]] != b.cycFace[b.cyc[2*e+1]]
	}
	nextKept := func(h int32) int32 {
		g := b.nxt[h]
		for !kept[g>>1] {
			g = b.cw(g)
		}
		return g
	}
	var t [2]big.Int
	loops := make([]loop, 0, len(b.faceCycle)+b.ncomp)
	cv := make([]int32, 0, 2*ne)
	ch := make([]int32, 0, 2*ne)
	seen := make([]bool, 2*ne)
	for h := int32(0); h < 2*ne; h++ {
		if seen[h] || !kept[h>>1] || b.cycFace[b.cyc[h]] < 0 {
			continue
		}
		lp := loop{face: b.cycFace[b.cyc[h]], lo: int32(len(cv))}
		w := 0
		best := int32(-1)
		for x := h; ; {
			seen[x] = true
			nx := nextKept(x)
			w += b.wrap(x, nx, &t)
			if !b.straight(x, nx, &t) {
				cv = append(cv, b.origin(nx))
				ch = append(ch, nx)
				k := int32(len(cv) - 1)
				if best < 0 || b.cmpCorner(cv[k], ch[k], cv[best], ch[best], &t) < 0 {
					best = k
				}
			}
			x = nx
			if x == h {
				break
			}
		}
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
	}
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
	return b.cmpAngle(h1, h2, t)
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
