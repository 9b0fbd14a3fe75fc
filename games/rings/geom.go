package rings

import (
	"math"
	"math/big"
	"sort"
	"strconv"

	"papergames/games"
	"papergames/hp"
)

// The geometry of Crossing The Rings. Circle i has radius i (the sheet's
// R/n is a scale that changes nothing). Ring j lies between circles j and
// j+1; its k cuts, sorted by angle θ_1 < ... < θ_k, make sections 1..k,
// section s running clockwise from cut s to cut s+1 (section k from cut k
// past 0 degrees to cut 1). A section's open interior is the open annular
// sector j < r < j+1, θ_s < angle < θ_s+1.
//
// A segment meets a section when a piece of it lies in that open sector.
// Split at the circles, a segment that is not on a line through the
// centre lies, between consecutive meetings, inside one open ring (or the
// centre disc), and its angle around the centre changes strictly one way,
// by less than 180 degrees. Such a piece meets exactly the sections whose
// open angle interval overlaps the open interval of angles it sweeps.
// Segments on a line through the centre have exact written angles and are
// decided with rationals alone.

// dir is a direction from the centre: an exact written angle (deg), or a
// point constructed from written angles (deg nil). Written angles are
// interned by the State, so that sin and cos of each are computed once.
type dir struct {
	deg *big.Rat
	f   float64   // the angle in degrees, rounded, for the filters below
	pt  *hp.Point // on the unit circle for deg, made when first needed
	e   float64   // for a point computed in float64 (no deg, no pt): f's error bound
}

func newDir(deg *big.Rat) *dir {
	f, _ := deg.Float64()
	return &dir{deg: deg, f: f}
}

// pointDir is the direction of a constructed point.
func pointDir(p hp.Point) *dir {
	x, y := p.Float64()
	a := math.Atan2(x, y) * 180 / math.Pi
	if a < 0 {
		a += 360
	}
	return &dir{f: a, pt: &p}
}

func (d *dir) point() hp.Point {
	if d.pt == nil {
		p := hp.Polar(big.NewRat(1, 1), d.deg)
		d.pt = &p
	}
	return *d.pt
}

// slack returns how far d.f may be from d's exact angle, and whether that
// interval, for a computed point, stays inside [0, 360) (so that the
// float64 order is not turned round at 0 degrees). A written angle's f is
// its rational rounded, under 3e-14 off; a point hp constructed lies on a
// circle of radius 1 or more with coordinates correct to 1e-15 or better,
// so its float64 angle is within 1e-12 degrees, and 5e-10 leaves room to
// spare; a point computed in float64 carries its own bound.
func (d *dir) slack() (float64, bool) {
	t := d.e
	switch {
	case d.deg != nil:
		return 1e-12, true
	case d.pt != nil:
		t = 5e-10
	}
	return t, d.f-t >= 0 && d.f+t < 360
}

// cmpDir orders directions by angle clockwise from the top, in [0, 360).
func cmpDir(a, b *dir) int {
	if a == b {
		return 0
	}
	if a.deg != nil && b.deg != nil {
		// Rounding to float64 is monotone: different floats order the
		// rationals; equal ones need the exact comparison.
		switch {
		case a.f < b.f:
			return -1
		case a.f > b.f:
			return 1
		}
		return a.deg.Cmp(b.deg)
	}
	ta, oka := a.slack()
	tb, okb := b.slack()
	if fa, fb := a.f, b.f; oka && okb && math.Abs(fa-fb) > 2*(ta+tb) {
		if fa < fb {
			return -1
		}
		return 1
	}
	if (a.deg == nil && a.pt == nil) || (b.deg == nil && b.pt == nil) {
		panic(unsure{}) // a float64 point too close to call: meets falls back to hp
	}
	return hp.AngleCmp(a.point(), b.point())
}

// end is an end a player may draw from: circle i at a written angle, and
// the point itself.
type end struct {
	circle int
	d      *dir
	p      hp.Point
}

func newEnd(circle int, d *dir) end {
	return end{circle, d, d.point().Scale(hp.Int(int64(circle)))}
}

// label writes the end as the transcript does: circle@angle.
func (e end) label() string { return endLabel(e.circle, e.d.deg) }

func endLabel(circle int, deg *big.Rat) string {
	return strconv.Itoa(circle) + "@" + games.Exact(deg)
}

// section names a section: ring j (1-based) and section s (0-based here,
// 1-based in reports).
type section struct{ ring, sec int }

// cut names a cut: ring j and its index in the ring's sorted cuts.
type cut struct{ ring, cut int }

// target is one round's board: n circles and each ring's cuts by angle.
type target struct {
	n    int
	cuts [][]*dir // cuts[j-1]: ring j, sorted
	ts   []fx     // scratch for meetsFast
	dirs []dir
}

// locate returns how many cuts of ring j lie at or before x, and whether
// x is exactly at one of them.
func (g *target) locate(j int, x *dir) (le int, on bool) {
	cs := g.cuts[j-1]
	le = sort.Search(len(cs), func(i int) bool { return cmpDir(cs[i], x) > 0 })
	return le, le > 0 && cmpDir(cs[le-1], x) == 0
}

// sectionAt returns the section of ring j containing direction x, or the
// cut x lies on (sec -1).
func (g *target) sectionAt(j int, x *dir) (sec, c int) {
	k := len(g.cuts[j-1])
	le, on := g.locate(j, x)
	if on {
		return -1, le - 1
	}
	return (le - 1 + k) % k, -1
}

// sweep adds to m the sections of ring j met by a piece in the open ring
// whose angle runs clockwise from x to y (x ≠ y, less than a full turn),
// in the order met, or in reverse order when back is set.
func (g *target) sweep(m *meeting, j int, x, y *dir, back bool) {
	k := len(g.cuts[j-1])
	lex, _ := g.locate(j, x)
	ley, ony := g.locate(j, y)
	lty := ley
	if ony {
		lty--
	}
	// Cuts strictly inside the sweep: after x and before y, around 0 if
	// y comes before x.
	count := lty - lex
	if cmpDir(y, x) < 0 {
		count += k
	}
	start := (lex - 1 + k) % k // the section clockwise after x (x on cut c: section c)
	for i := 0; i <= count; i++ {
		if back {
			m.add(j, (start+count-i)%k)
		} else {
			m.add(j, (start+i)%k)
		}
	}
}

// meeting is what a segment meets: the sections whose open interior it
// enters, in order from its first end, and the cuts it runs along.
type meeting struct {
	secs   []section
	along  []cut
	centre bool // it passes through the centre disc
}

func (m *meeting) reset() {
	m.secs, m.along, m.centre = m.secs[:0], m.along[:0], false
}

func (m *meeting) add(j, s int) {
	r := section{j, s}
	for _, q := range m.secs {
		if q == r {
			return
		}
	}
	m.secs = append(m.secs, r)
}

var (
	ratHalfTurn = big.NewRat(180, 1)
	ratTurn     = big.NewRat(360, 1)
)

// turn compares the angle from a clockwise to b, in [0, 360), with half a
// turn: -1 below, 0 at, +1 above; zero reports a turn of 0 (b = a). The
// floats decide when they are clear of both by far more than their
// rounding; the rationals otherwise.
func turn(a, b *dir) (cmp int, zero bool) {
	if a == b {
		return -1, true
	}
	d := b.f - a.f
	if d < 0 {
		d += 360
	}
	if math.Abs(d-180) > 1e-9 && d > 1e-9 && d < 360-1e-9 {
		if d < 180 {
			return -1, false
		}
		return 1, false
	}
	diff := new(big.Rat).Sub(b.deg, a.deg)
	if diff.Sign() < 0 {
		diff.Add(diff, ratTurn)
	}
	return diff.Cmp(ratHalfTurn), diff.Sign() == 0
}

// radial decides a segment on a line through the centre (its ends' angles
// equal or half a turn apart) with the written angles alone, and reports
// whether it was one.
func (g *target) radial(m *meeting, a, b end) bool {
	switch c, zero := turn(a.d, b.d); {
	case c == 0: // through the centre: out along a's angle, in along b's
		for j := a.circle - 1; j >= 1; j-- {
			g.ray(m, j, a.d)
		}
		m.centre = true
		for j := 1; j < b.circle; j++ {
			g.ray(m, j, b.d)
		}
	case zero: // one ray: the rings between the two circles
		if a.circle < b.circle {
			for j := a.circle; j < b.circle; j++ {
				g.ray(m, j, a.d)
			}
		} else {
			for j := a.circle - 1; j >= b.circle; j-- {
				g.ray(m, j, a.d)
			}
		}
	default:
		return false
	}
	return true
}

// meets decides what the segment from a to b meets, into m; a and b are
// cut ends at different points. It panics with *hp.Undecided where hp
// refuses to guess (the caller guards).
func (g *target) meets(m *meeting, a, b end) {
	m.reset()
	if g.radial(m, a, b) {
		return
	}
	c, _ := turn(a.d, b.d)
	clockwise := c < 0
	d := b.p.Sub(a.p)
	A, B := d.Norm2(), a.p.Dot(d)
	two := hp.Int(2)
	zero, one := hp.Int(0), hp.Int(1)
	ts := []hp.Real{zero}
	for i := 1; i <= g.n; i++ {
		var roots []hp.Real
		switch i {
		case a.circle:
			if b.circle != i { // meets a's circle at t = 0 and, by Vieta, at -2B/A
				roots = []hp.Real{B.Mul(two).Neg().Quo(A)}
			}
		case b.circle: // at t = 1 and at -2B/A - 1
			roots = []hp.Real{B.Mul(two).Neg().Quo(A).Sub(one)}
		default:
			roots = hp.LineCircle(a.p, b.p, hp.Int(int64(i)))
		}
		for _, t := range roots {
			if t.Sign() > 0 && t.Cmp(one) < 0 {
				ts = append(ts, t)
			}
		}
	}
	inner := ts[1:]
	sort.Slice(inner, func(x, y int) bool { return inner[x].Cmp(inner[y]) < 0 })
	ts = append(ts, one)
	at := func(k int) *dir {
		switch k {
		case 0:
			return a.d
		case len(ts) - 1:
			return b.d
		}
		return pointDir(a.p.Add(d.Scale(ts[k])))
	}
	half := hp.Rat(big.NewRat(1, 2))
	for k := 0; k+1 < len(ts); k++ {
		if ts[k].Cmp(ts[k+1]) == 0 {
			continue // a meeting found twice (never for distinct circles)
		}
		mid := a.p.Add(d.Scale(ts[k].Add(ts[k+1]).Mul(half))).Norm2()
		j := sort.Search(g.n, func(i int) bool { return hp.Int(int64((i+1)*(i+1))).Cmp(mid) > 0 })
		switch {
		case j == 0:
			m.centre = true
			continue
		case j >= g.n: // outside the target: impossible for a chord of it
			continue
		}
		x, y := at(k), at(k+1)
		if clockwise {
			g.sweep(m, j, x, y, false)
		} else {
			g.sweep(m, j, y, x, true)
		}
	}
}

// ray adds what a piece along the ray at x meets in ring j: the section
// around it, or the cut it runs along.
func (g *target) ray(m *meeting, j int, x *dir) {
	sec, c := g.sectionAt(j, x)
	if c >= 0 {
		m.along = append(m.along, cut{j, c})
		return
	}
	m.add(j, sec)
}
