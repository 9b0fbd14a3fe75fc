package geom

import "math/big"

// Exact predicates on public points and segments (golang/geo style: the
// predicates decide, constructions build). They use math/big and are meant for
// callers; Arrange has its own fixed-width fast path.

// Orient returns the sign of the cross product (b−a)×(c−a): +1 if a, b, c turn
// counterclockwise (y up), −1 if clockwise, 0 if collinear.
func Orient(a, b, c Point) int {
	ax, ay := a.X(), a.Y()
	bx, by := b.X(), b.Y()
	cx, cy := c.X(), c.Y()
	bx.Sub(bx, ax)
	by.Sub(by, ay)
	cx.Sub(cx, ax)
	cy.Sub(cy, ay)
	l := new(big.Rat).Mul(bx, cy)
	r := new(big.Rat).Mul(by, cx)
	return l.Cmp(r)
}

// Kind classifies how two segments meet.
type Kind int

const (
	// Disjoint: no common point.
	Disjoint Kind = iota
	// Crossing: exactly one common point, strictly inside both segments.
	Crossing
	// Touching: exactly one common point, an end of at least one segment.
	Touching
	// Overlapping: a common piece of positive length.
	Overlapping
)

func (k Kind) String() string {
	switch k {
	case Disjoint:
		return "disjoint"
	case Crossing:
		return "crossing"
	case Touching:
		return "touching"
	case Overlapping:
		return "overlapping"
	}
	return "Kind(?)"
}

// Intersection returns how s and t meet and their common part: for Crossing
// and Touching p == q is the common point; for Overlapping [p, q] is the
// common piece (p before q in the order x, then y); for Disjoint p and q are
// zero. A segment of zero length is treated as a single point, which is its end.
func Intersection(s, t Segment) (k Kind, p, q Point) {
	o1, o2 := Orient(s.A, s.B, t.A), Orient(s.A, s.B, t.B)
	o3, o4 := Orient(t.A, t.B, s.A), Orient(t.A, t.B, s.B)
	if o1*o2 > 0 || o3*o4 > 0 {
		return Disjoint, Point{}, Point{}
	}
	if o1 == 0 && o2 == 0 {
		return collinearIntersection(s, t)
	}
	// The supporting lines meet in a single point.
	switch {
	case o1 == 0:
		return Touching, t.A, t.A
	case o2 == 0:
		return Touching, t.B, t.B
	case o3 == 0:
		return Touching, s.A, s.A
	case o4 == 0:
		return Touching, s.B, s.B
	}
	// P = s.A + u·(s.B−s.A), u = (t.A−s.A)×(t.B−t.A) / (s.B−s.A)×(t.B−t.A).
	sax, say, tax, tay := s.A.X(), s.A.Y(), t.A.X(), t.A.Y()
	dsx := new(big.Rat).Sub(s.B.X(), sax)
	dsy := new(big.Rat).Sub(s.B.Y(), say)
	dtx := new(big.Rat).Sub(t.B.X(), tax)
	dty := new(big.Rat).Sub(t.B.Y(), tay)
	wx := new(big.Rat).Sub(tax, sax)
	wy := new(big.Rat).Sub(tay, say)
	num := crossRat(wx, wy, dtx, dty)
	den := crossRat(dsx, dsy, dtx, dty)
	u := num.Quo(num, den)
	x := new(big.Rat).Add(sax, dsx.Mul(dsx, u))
	y := new(big.Rat).Add(say, dsy.Mul(dsy, u))
	pt := Pt(x, y)
	return Crossing, pt, pt
}

func crossRat(ax, ay, bx, by *big.Rat) *big.Rat {
	l := new(big.Rat).Mul(ax, by)
	return l.Sub(l, new(big.Rat).Mul(ay, bx))
}

// lessXY orders points by x, then y.
func lessXY(a, b Point) int {
	if c := a.X().Cmp(b.X()); c != 0 {
		return c
	}
	return a.Y().Cmp(b.Y())
}

func collinearIntersection(s, t Segment) (Kind, Point, Point) {
	sa, sb, ta, tb := s.A, s.B, t.A, t.B
	if lessXY(sb, sa) < 0 {
		sa, sb = sb, sa
	}
	if lessXY(tb, ta) < 0 {
		ta, tb = tb, ta
	}
	lo, hi := sa, sb
	if lessXY(ta, lo) > 0 {
		lo = ta
	}
	if lessXY(tb, hi) < 0 {
		hi = tb
	}
	switch c := lessXY(lo, hi); {
	case c > 0:
		return Disjoint, Point{}, Point{}
	case c == 0:
		return Touching, lo, lo
	}
	return Overlapping, lo, hi
}

// Crosses reports whether s and t share exactly one point, strictly inside both.
func Crosses(s, t Segment) bool { k, _, _ := Intersection(s, t); return k == Crossing }

// Touches reports whether s and t share a point that is an end of at least
// one of them. Segments that coincide always touch as well: the ends of
// their common piece are ends of s or t.
func Touches(s, t Segment) bool {
	k, _, _ := Intersection(s, t)
	return k == Touching || k == Overlapping
}

// Coincide reports whether s and t share more than one point.
func Coincide(s, t Segment) bool { k, _, _ := Intersection(s, t); return k == Overlapping }
