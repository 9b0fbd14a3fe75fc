package geom

import (
	"math"
	"math/big"
)

// event is a vertex-to-be on a segment: node at position num/den along it,
// that is at P + (num/den)·D. den > 0. In big mode num indexes builder.bfr.
// key is num/den rounded to float32 when 0 < num (fast path), else 0: it
// orders most pairs of events without a product (see cmpParam).
type event struct {
	num, den int64
	node     int32
	key      float32
}

// eventKey is the float32 key of position num/den.
func eventKey(num, den int64) float32 {
	if num <= 0 || den <= 0 {
		return 0
	}
	return float32(float64(num) / float64(den))
}

type bigFrac struct{ num, den big.Int }

// vpos is the position num/den along its segment of a vertex that is no
// segment end: an event's num and den (in big mode num indexes builder.bfr).
type vpos struct{ num, den int64 }

// sink collects what one worker learns from candidate pairs. Every worker
// classifies its pairs twice: first counting (events per segment, crossings,
// and everything but the events), then writing its events straight into
// builder.sev, each segment's from the place the counts reserved for it.
type sink struct {
	b       *builder
	writing bool
	counts  []int32 // events per segment; when writing, where the next one goes
	start   []int32 // where this worker's events of each segment start in sev
	nev     int64   // events counted
	bfr     []bigFrac
	bfrBase int64   // index in builder.bfr of bfr[0]
	unions  []int32 // pairs of endpoint nodes that are the same point
	ncross  int32   // crossings so far
	base    int32   // node of this worker's first crossing, when writing
	sp      []int32 // local union-find over segments (components)
	ovl     []bool  // segment overlaps another one along positive length
	meets   int64   // pairs of segments that meet (counted in the first pass)
	mark    []int32
	t       [6]big.Int
}

func newSink(b *builder) *sink {
	k := &sink{b: b, sp: make([]int32, b.n), ovl: make([]bool, b.n), mark: make([]int32, b.n), counts: make([]int32, b.n)}
	for i := range k.sp {
		k.sp[i] = int32(i)
		k.mark[i] = -1
	}
	return k
}

func findSeg(p []int32, i int32) int32 {
	for p[i] != i {
		p[i] = p[p[i]]
		i = p[i]
	}
	return i
}

// unionSeg records that segments i and j meet.
func (k *sink) unionSeg(i, j int32) {
	if k.writing {
		return
	}
	k.meets++
	a, b := findSeg(k.sp, i), findSeg(k.sp, j)
	if a < b {
		k.sp[b] = a
	} else if b < a {
		k.sp[a] = b
	}
}

// sameNode records that end nodes x and y are the same point.
func (k *sink) sameNode(x, y int32) {
	if !k.writing {
		k.unions = append(k.unions, x, y)
	}
}

func (k *sink) event(seg, node int32, num, den int64) {
	if !k.writing {
		k.counts[seg]++
		k.nev++
		return
	}
	var key float32
	if !k.b.big {
		key = eventKey(num, den)
	}
	k.b.sev[k.counts[seg]] = event{num: num, den: den, node: node, key: key}
	k.counts[seg]++
}

func (k *sink) eventBig(seg, node int32, num, den *big.Int) {
	if !k.writing {
		k.event(seg, node, 0, 0)
		return
	}
	k.bfr = append(k.bfr, bigFrac{})
	f := &k.bfr[len(k.bfr)-1]
	f.num.Set(num)
	f.den.Set(den)
	if f.den.Sign() < 0 {
		f.num.Neg(&f.num)
		f.den.Neg(&f.den)
	}
	k.event(seg, node, k.bfrBase+int64(len(k.bfr)-1), 0)
}

func (k *sink) crossNode() int32 {
	k.ncross++
	return k.base + k.ncross - 1
}

// orientF is the sign of D×(R−P) for segment s = P + t·D; bounds: see fastLimit.
func orientF(s *fseg, x, y int64) int {
	return sign64(s.dx*(y-s.py) - s.dy*(x-s.px))
}

// paramF is the position of a point R on the line of s: (R−P)/D on an axis where D ≠ 0.
func paramF(s *fseg, x, y int64) (int64, int64) {
	if s.dx != 0 { // canonical orientation: dx ≥ 0, and dy > 0 when dx = 0
		return x - s.px, s.dx
	}
	return y - s.py, s.dy
}

// classify decides exactly how segments i and j meet and records it.
func (k *sink) classify(i, j int32) {
	if k.b.big {
		k.classifyBig(i, j)
		return
	}
	s, t := &k.b.fs[i], &k.b.fs[j]
	o1, o2 := orientF(s, t.px, t.py), orientF(s, t.qx, t.qy)
	if o1*o2 > 0 {
		return
	}
	o3, o4 := orientF(t, s.px, s.py), orientF(t, s.qx, s.qy)
	if o3*o4 > 0 {
		return
	}
	if o1 == 0 && o2 == 0 {
		var as, bs, at, bt int64
		if s.dx != 0 {
			as, bs, at, bt = s.px, s.qx, t.px, t.qx
		} else {
			as, bs, at, bt = s.py, s.qy, t.py, t.qy
		}
		lo, hi := max(as, at), min(bs, bt)
		if lo > hi {
			return
		}
		k.unionSeg(i, j)
		if lo < hi {
			k.ovl[i], k.ovl[j] = true, true
		}
		for e, p := range [2]int64{at, bt} {
			node := 2*j + int32(e)
			switch {
			case p == as:
				k.sameNode(node, 2*i)
			case p == bs:
				k.sameNode(node, 2*i+1)
			case as < p && p < bs:
				k.event(i, node, p-as, bs-as)
			}
		}
		for e, p := range [2]int64{as, bs} {
			if at < p && p < bt {
				k.event(j, 2*i+int32(e), p-at, bt-at)
			}
		}
		return
	}
	// The supporting lines meet in exactly one point X, inside both segments.
	k.unionSeg(i, j)
	endI, endJ := touchingEnds(o1, o2, o3, o4)
	switch {
	case endI >= 0 && endJ >= 0:
		k.sameNode(2*i+endI, 2*j+endJ)
	case endJ >= 0:
		x, y := t.px, t.py
		if endJ == 1 {
			x, y = t.qx, t.qy
		}
		num, den := paramF(s, x, y)
		k.event(i, 2*j+endJ, num, den)
	case endI >= 0:
		x, y := s.px, s.py
		if endI == 1 {
			x, y = s.qx, s.qy
		}
		num, den := paramF(t, x, y)
		k.event(j, 2*i+endI, num, den)
	default:
		// X = P_s + (W×D_t / D_s×D_t)·D_s = P_t + (W×D_s / D_s×D_t)·D_t, W = P_t − P_s.
		den := s.dx*t.dy - s.dy*t.dx
		wx, wy := t.px-s.px, t.py-s.py
		tn := wx*t.dy - wy*t.dx
		un := wx*s.dy - wy*s.dx
		if den < 0 {
			den, tn, un = -den, -tn, -un
		}
		node := k.crossNode()
		k.event(i, node, tn, den)
		k.event(j, node, un, den)
	}
}

// crossBig sets z = a×b − c×d.
func crossBig(z, tmp, a, b, c, d *big.Int) *big.Int {
	z.Mul(a, b)
	tmp.Mul(c, d)
	return z.Sub(z, tmp)
}

func orientB(s *bseg, x, y *big.Int, t *[6]big.Int) int {
	t[0].Sub(y, &s.py)
	t[0].Mul(&t[0], &s.dx)
	t[1].Sub(x, &s.px)
	t[1].Mul(&t[1], &s.dy)
	return t[0].Cmp(&t[1])
}

func paramB(s *bseg, x, y, num *big.Int) (*big.Int, *big.Int) {
	if s.dx.Sign() != 0 {
		return num.Sub(x, &s.px), &s.dx
	}
	return num.Sub(y, &s.py), &s.dy
}

// classifyBig is classify with math/big arithmetic.
func (k *sink) classifyBig(i, j int32) {
	s, t := &k.b.bs[i], &k.b.bs[j]
	o1, o2 := orientB(s, &t.px, &t.py, &k.t), orientB(s, &t.qx, &t.qy, &k.t)
	if o1*o2 > 0 {
		return
	}
	o3, o4 := orientB(t, &s.px, &s.py, &k.t), orientB(t, &s.qx, &s.qy, &k.t)
	if o3*o4 > 0 {
		return
	}
	if o1 == 0 && o2 == 0 {
		as, bs, at, bt := &s.px, &s.qx, &t.px, &t.qx
		if s.dx.Sign() == 0 {
			as, bs, at, bt = &s.py, &s.qy, &t.py, &t.qy
		}
		lo, hi := as, bs
		if at.Cmp(lo) > 0 {
			lo = at
		}
		if bt.Cmp(hi) < 0 {
			hi = bt
		}
		c := lo.Cmp(hi)
		if c > 0 {
			return
		}
		k.unionSeg(i, j)
		if c < 0 {
			k.ovl[i], k.ovl[j] = true, true
		}
		for e, p := range [2]*big.Int{at, bt} {
			node := 2*j + int32(e)
			switch {
			case p.Cmp(as) == 0:
				k.sameNode(node, 2*i)
			case p.Cmp(bs) == 0:
				k.sameNode(node, 2*i+1)
			case as.Cmp(p) < 0 && p.Cmp(bs) < 0:
				k.eventBig(i, node, k.t[0].Sub(p, as), k.t[1].Sub(bs, as))
			}
		}
		for e, p := range [2]*big.Int{as, bs} {
			if at.Cmp(p) < 0 && p.Cmp(bt) < 0 {
				k.eventBig(j, 2*i+int32(e), k.t[0].Sub(p, at), k.t[1].Sub(bt, at))
			}
		}
		return
	}
	k.unionSeg(i, j)
	endI, endJ := touchingEnds(o1, o2, o3, o4)
	switch {
	case endI >= 0 && endJ >= 0:
		k.sameNode(2*i+endI, 2*j+endJ)
	case endJ >= 0:
		x, y := &t.px, &t.py
		if endJ == 1 {
			x, y = &t.qx, &t.qy
		}
		num, den := paramB(s, x, y, &k.t[0])
		k.eventBig(i, 2*j+endJ, num, den)
	case endI >= 0:
		x, y := &s.px, &s.py
		if endI == 1 {
			x, y = &s.qx, &s.qy
		}
		num, den := paramB(t, x, y, &k.t[0])
		k.eventBig(j, 2*i+endI, num, den)
	default:
		den := crossBig(&k.t[0], &k.t[5], &s.dx, &t.dy, &s.dy, &t.dx)
		wx := k.t[1].Sub(&t.px, &s.px)
		wy := k.t[2].Sub(&t.py, &s.py)
		tn := crossBig(&k.t[3], &k.t[5], wx, &t.dy, wy, &t.dx)
		un := crossBig(&k.t[4], &k.t[5], wx, &s.dy, wy, &s.dx)
		node := k.crossNode()
		k.eventBig(i, node, tn, den)
		k.eventBig(j, node, un, den)
	}
}

// cmpParam compares the positions of two events on the same segment.
//
// On the fast path the keys decide first. A key is the quotient of two
// float64 roundings, itself rounded (relative error below 2^-51), then
// rounded to float32 (monotone). Keys are non-negative, so their bits order
// like their values; when the bits differ by 2 or more a whole float32 lies
// between the keys, more than the errors can bridge, and the keys' order is
// the exact order. Otherwise the positions are compared exactly. A key is 0
// only for a position ≤ 0, which is below every positive key's.
func (b *builder) cmpParam(x, y *event, t *[2]big.Int) int {
	if !b.big {
		if d := int64(math.Float32bits(x.key)) - int64(math.Float32bits(y.key)); d > 1 {
			return 1
		} else if d < -1 {
			return -1
		}
		return cmpProd(x.num, y.den, y.num, x.den)
	}
	p, q := &b.bfr[x.num], &b.bfr[y.num]
	t[0].Mul(&p.num, &q.den)
	t[1].Mul(&q.num, &p.den)
	return t[0].Cmp(&t[1])
}

// Directions of half-edges. A direction code d = seg<<2 | back<<1 | lower
// names the direction of segment seg, forwards (+D) when back is 0 and
// backwards (−D) when 1; lower is 1 when that direction's angle is in
// [180°, 360°), 0 when in [0°, 180°). The reverse direction is d ^ 3.

// dirCode is the code of segment s's direction, backwards when back is 1.
func (b *builder) dirCode(s int32, back int32) int32 {
	lower := back
	if !b.segUp(s) {
		lower ^= 1
	}
	return s<<2 | back<<1 | lower
}

// segUp reports whether +D of segment s has an angle in [0°, 180°).
func (b *builder) segUp(s int32) bool {
	if !b.big {
		f := &b.fs[s]
		return f.dy > 0 || f.dy == 0 && f.dx > 0
	}
	g := &b.bs[s]
	return g.dy.Sign() > 0 || g.dy.Sign() == 0 && g.dx.Sign() > 0
}

// cross is the sign of dir(d1) × dir(d2).
func (b *builder) cross(d1, d2 int32, t *[2]big.Int) int {
	s1, s2 := d1>>2, d2>>2
	var c int
	if !b.big {
		f, g := &b.fs[s1], &b.fs[s2]
		c = sign64(f.dx*g.dy - f.dy*g.dx)
	} else {
		f, g := &b.bs[s1], &b.bs[s2]
		t[0].Mul(&f.dx, &g.dy)
		t[1].Mul(&f.dy, &g.dx)
		c = t[0].Cmp(&t[1])
	}
	if (d1^d2)&2 != 0 {
		c = -c
	}
	return c
}

// dot is the sign of dir(d1) · dir(d2).
func (b *builder) dot(d1, d2 int32, t *[2]big.Int) int {
	s1, s2 := d1>>2, d2>>2
	var c int
	if !b.big {
		f, g := &b.fs[s1], &b.fs[s2]
		c = sign64(f.dx*g.dx + f.dy*g.dy)
	} else {
		f, g := &b.bs[s1], &b.bs[s2]
		t[0].Mul(&f.dx, &g.dx)
		t[1].Mul(&f.dy, &g.dy)
		t[0].Add(&t[0], &t[1])
		c = t[0].Sign()
	}
	if (d1^d2)&2 != 0 {
		c = -c
	}
	return c
}

// cmpAngle orders directions counterclockwise, starting at angle 0.
func (b *builder) cmpAngle(d1, d2 int32, t *[2]big.Int) int {
	if a, c := d1&1, d2&1; a != c {
		return int(a - c)
	}
	return -b.cross(d1, d2, t)
}

// straight reports whether a boundary goes straight on from d1 into d2.
func (b *builder) straight(d1, d2 int32, t *[2]big.Int) bool {
	return b.cross(d1, d2, t) == 0 && b.dot(d1, d2, t) > 0
}

// wrap is the contribution of the turn from dir(d1) to dir(d2) to the
// turning number: the turn is the rotation by an angle in [−180°, 180°)
// (a U-turn counts as −180°, which is how a walk with its face on the left
// rounds the free end of a line); wrap is +1 when a counterclockwise turn passes
// angle 0, −1 when a clockwise one does, else 0. The sum over a closed walk
// is its turning number: +1 around a bounded face, −1 around an island.
func (b *builder) wrap(d1, d2 int32, t *[2]big.Int) int {
	a, c := d1&1, d2&1
	if a == c {
		return 0
	}
	if b.cross(d1, d2, t) > 0 {
		if a > c {
			return 1
		}
		return 0
	}
	if c > a {
		return -1
	}
	return 0
}

// turn packs what a walk needs about the turn from d1 into d2: wrap + 1 in
// bits 0–1 and 4 when the turn is a corner (not straight on).
func (b *builder) turn(d1, d2 int32, t *[2]big.Int) uint8 {
	// wrap and straight, from one cross product.
	c := b.cross(d1, d2, t)
	a, e := d1&1, d2&1
	r := uint8(1)
	switch {
	case a == e:
	case c > 0 && a > e:
		r = 2
	case c <= 0 && e > a:
		r = 0
	}
	if c != 0 || b.dot(d1, d2, t) <= 0 {
		r |= 4
	}
	return r
}

// touchingEnds returns which end of segment j (o1, o2: the orientations of
// j's ends against i's line) and of segment i (o3, o4: i's ends against j's
// line) lies on the other segment's line, or -1 for neither. Both the int64
// and the math/big paths decide a crossing's ends this way.
func touchingEnds(o1, o2, o3, o4 int) (endI, endJ int32) {
	endI, endJ = -1, -1
	if o1 == 0 {
		endJ = 0
	} else if o2 == 0 {
		endJ = 1
	}
	if o3 == 0 {
		endI = 0
	} else if o4 == 0 {
		endI = 1
	}
	return endI, endJ
}
