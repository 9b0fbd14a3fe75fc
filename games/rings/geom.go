package rings

import (
	"math"
	"math/big"
	"papergames/games"
	"sort"
	"strconv"

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

// ringDir is a direction from the centre: an exact written angle (deg), or a
// point constructed from written angles (deg nil).
type ringDir struct {
	deg *big.Rat
	pt  *hp.Point // for deg, made when first needed
}

func (d *ringDir) point() hp.Point {
	if d.pt == nil {
		p := hp.Polar(big.NewRat(1, 1), d.deg)
		d.pt = &p
	}
	return *d.pt
}

// approx returns d's angle in float64 degrees, for the filter below.
func (d *ringDir) approx() float64 {
	if d.deg != nil {
		f, _ := d.deg.Float64()
		return f
	}
	x, y := d.pt.Float64()
	a := math.Atan2(x, y) * 180 / math.Pi
	if a < 0 {
		a += 360
	}
	return a
}

// ringsAngleFilter is how far apart two float64 angles must be for their
// order to be certain. The points compared lie on circles of radius 1 or
// more with coordinates correct to 1e-15 or better, so their float64
// angles are within 1e-12 degrees of the true ones; near 0/360 and closer
// than this, the exact comparison decides.
const ringsAngleFilter = 1e-9

// cmpRingDir orders directions by angle clockwise from the top, in [0, 360).
func cmpRingDir(a, b *ringDir) int {
	if a.deg != nil && b.deg != nil {
		return a.deg.Cmp(b.deg)
	}
	fa, fb := a.approx(), b.approx()
	if math.Abs(fa-fb) > ringsAngleFilter && min(fa, fb) > ringsAngleFilter && max(fa, fb) < 360-ringsAngleFilter {
		if fa < fb {
			return -1
		}
		return 1
	}
	return hp.AngleCmp(a.point(), b.point())
}

// ringEnd is an end a player may draw from: circle i at an exact angle.
type ringEnd struct {
	circle int
	deg    *big.Rat
	p      hp.Point
}

func newRingEnd(circle int, deg *big.Rat) ringEnd {
	return ringEnd{circle, deg, hp.Polar(big.NewRat(int64(circle), 1), deg)}
}

// label writes the end as the transcript does: circle@angle.
func (e ringEnd) label() string { return ringEndLabel(e.circle, e.deg) }

func ringEndLabel(circle int, deg *big.Rat) string {
	return strconv.Itoa(circle) + "@" + games.Exact(deg)
}

// ringSec names a section: ring j (1-based) and section s (0-based here,
// 1-based in reports).
type ringSec struct{ ring, sec int }

// ringCut names a cut: ring j and its index in the ring's sorted cuts.
type ringCut struct{ ring, cut int }

// ringTarget is one round's board: n circles and each ring's cuts by angle.
type ringTarget struct {
	n    int
	cuts [][]*ringDir // cuts[j-1]: ring j
}

// locate returns how many cuts of ring j lie at or before x, and whether
// x is exactly at one of them.
func (g *ringTarget) locate(j int, x *ringDir) (le int, on bool) {
	cs := g.cuts[j-1]
	le = sort.Search(len(cs), func(i int) bool { return cmpRingDir(cs[i], x) > 0 })
	return le, le > 0 && cmpRingDir(cs[le-1], x) == 0
}

// sectionAt returns the section of ring j containing direction x, or the
// cut x lies on (sec -1).
func (g *ringTarget) sectionAt(j int, x *ringDir) (sec, cut int) {
	k := len(g.cuts[j-1])
	le, on := g.locate(j, x)
	if on {
		return -1, le - 1
	}
	return (le - 1 + k) % k, -1
}

// swept returns the sections of ring j met by a piece in the open ring
// whose angle runs clockwise from x to y (x ≠ y, less than a full turn),
// in the order met.
func (g *ringTarget) swept(j int, x, y *ringDir) []int {
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
	if cmpRingDir(y, x) < 0 {
		count += k
	}
	start := (lex - 1 + k) % k // the section clockwise after x (x on cut c: section c)
	out := make([]int, 0, count+1)
	for i := 0; i <= count; i++ {
		out = append(out, (start+i)%k)
	}
	return out
}

// ringMeeting is what a segment meets: the sections whose open interior it
// enters, in order from its first end, and the cuts it runs along.
type ringMeeting struct {
	secs   []ringSec
	along  []ringCut
	centre bool // it passes through the centre disc
}

func (m *ringMeeting) add(j int, secs ...int) {
	for _, s := range secs {
		r := ringSec{j, s}
		dup := false
		for _, q := range m.secs {
			if q == r {
				dup = true
				break
			}
		}
		if !dup {
			m.secs = append(m.secs, r)
		}
	}
}

// meets decides what the segment from a to b meets; a and b are cut ends
// at different points. It panics with *hp.Undecided where hp refuses to
// guess (the caller guards).
func (g *ringTarget) meets(a, b ringEnd) ringMeeting {
	var m ringMeeting
	diff := new(big.Rat).Sub(b.deg, a.deg)
	if diff.Sign() < 0 {
		diff.Add(diff, big.NewRat(360, 1))
	}
	switch diff.Cmp(big.NewRat(180, 1)) {
	case 0: // through the centre: out along a's angle, in along b's
		for j := a.circle - 1; j >= 1; j-- {
			g.radial(&m, j, a.deg)
		}
		m.centre = true
		for j := 1; j < b.circle; j++ {
			g.radial(&m, j, b.deg)
		}
		return m
	}
	if diff.Sign() == 0 { // one ray: the rings between the two circles
		if a.circle < b.circle {
			for j := a.circle; j < b.circle; j++ {
				g.radial(&m, j, a.deg)
			}
		} else {
			for j := a.circle - 1; j >= b.circle; j-- {
				g.radial(&m, j, a.deg)
			}
		}
		return m
	}
	clockwise := diff.Cmp(big.NewRat(180, 1)) < 0
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
	at := func(k int) *ringDir {
		switch k {
		case 0:
			return &ringDir{deg: a.deg}
		case len(ts) - 1:
			return &ringDir{deg: b.deg}
		}
		p := a.p.Add(d.Scale(ts[k]))
		return &ringDir{pt: &p}
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
			m.add(j, g.swept(j, x, y)...)
			continue
		}
		s := g.swept(j, y, x)
		for l, r := 0, len(s)-1; l < r; l, r = l+1, r-1 {
			s[l], s[r] = s[r], s[l]
		}
		m.add(j, s...)
	}
	return m
}

// radial adds what a piece along the ray at deg meets in ring j: the
// section around it, or the cut it runs along.
func (g *ringTarget) radial(m *ringMeeting, j int, deg *big.Rat) {
	sec, cut := g.sectionAt(j, &ringDir{deg: deg})
	if cut >= 0 {
		m.along = append(m.along, ringCut{j, cut})
		return
	}
	m.add(j, sec)
}
