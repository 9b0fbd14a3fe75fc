package hp

import (
	"fmt"
	"math"
	"math/big"
)

// Point is a point of the plane, x to the right and y up.
type Point struct{ X, Y Real }

// Pt returns the point (x, y).
func Pt(x, y Real) Point { return Point{x, y} }

// Polar returns the point at radius r and angle deg degrees, measured
// clockwise from the top (12 o'clock), as angles are read on the sheets:
// (r sin θ, r cos θ).
func Polar(r, deg *big.Rat) Point {
	s, c := SinCos(deg)
	rr := Rat(r)
	return Point{rr.Mul(s), rr.Mul(c)}
}

// Float64 returns p rounded to float64 (for drawing).
func (p Point) Float64() (x, y float64) { return p.X.f, p.Y.f }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X.Sub(q.X), p.Y.Sub(q.Y)} }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X.Add(q.X), p.Y.Add(q.Y)} }

// Scale returns k·p.
func (p Point) Scale(k Real) Point { return Point{p.X.Mul(k), p.Y.Mul(k)} }

// Dot returns p·q.
func (p Point) Dot(q Point) Real { return p.X.Mul(q.X).Add(p.Y.Mul(q.Y)) }

// Cross returns the z component of p×q.
func (p Point) Cross(q Point) Real { return p.X.Mul(q.Y).Sub(p.Y.Mul(q.X)) }

// Norm2 returns |p|².
func (p Point) Norm2() Real { return p.Dot(p) }

// String formats p approximately, for messages.
func (p Point) String() string { return fmt.Sprintf("(%.6g, %.6g)", p.X.f, p.Y.f) }

// Equal reports whether p and q are the same point (both coordinate
// differences decided zero).
func Equal(p, q Point) bool {
	if math.Abs(p.X.f-q.X.f) > 1e-9*(1+math.Abs(p.X.f)) || math.Abs(p.Y.f-q.Y.f) > 1e-9*(1+math.Abs(p.Y.f)) {
		return false
	}
	return p.X.Sub(q.X).Sign() == 0 && p.Y.Sub(q.Y).Sign() == 0
}

// filter returns the sign of the float64 value d when its error, at most
// bound, cannot change it, and ok = false when it might.
func filter(d, bound float64) (int, bool) {
	switch {
	case d > bound:
		return 1, true
	case d < -bound:
		return -1, true
	}
	return 0, false
}

// Orient returns +1 if a, b, c turn counter-clockwise, -1 if clockwise,
// and 0 if they lie on one line: the sign of (b-a)×(c-a).
func Orient(a, b, c Point) int {
	ux, uy := b.X.f-a.X.f, b.Y.f-a.Y.f
	vx, vy := c.X.f-a.X.f, c.Y.f-a.Y.f
	// Each float64 coordinate is within 2^-53 (relative) of its 384-bit
	// value; 1e-13 per unit of magnitude covers that and the rounding of
	// the five float64 operations with a wide margin.
	m := math.Max(math.Max(math.Abs(a.X.f), math.Abs(a.Y.f)), math.Max(math.Max(math.Abs(b.X.f), math.Abs(b.Y.f)), math.Max(math.Abs(c.X.f), math.Abs(c.Y.f))))
	if s, ok := filter(ux*vy-uy*vx, 1e-13*(1+m)*(1+m)); ok {
		return s
	}
	return b.Sub(a).Cross(c.Sub(a)).Sign()
}

// DotSign returns the sign of (b-a)·(c-a): positive when c lies ahead of a
// in the direction of b.
func DotSign(a, b, c Point) int {
	ux, uy := b.X.f-a.X.f, b.Y.f-a.Y.f
	vx, vy := c.X.f-a.X.f, c.Y.f-a.Y.f
	m := math.Max(math.Max(math.Abs(a.X.f), math.Abs(a.Y.f)), math.Max(math.Max(math.Abs(b.X.f), math.Abs(b.Y.f)), math.Max(math.Abs(c.X.f), math.Abs(c.Y.f))))
	if s, ok := filter(ux*vx+uy*vy, 1e-13*(1+m)*(1+m)); ok {
		return s
	}
	return b.Sub(a).Dot(c.Sub(a)).Sign()
}

// Inside reports whether p lies strictly between a and b on the segment
// ab, given that a, b, p are on one line and a ≠ b.
func Inside(p, a, b Point) bool { return DotSign(p, a, b) < 0 }

// LineIntersection returns the point where the lines ab and cd meet; the
// lines must not be parallel (it panics with *Undecided if they are).
func LineIntersection(a, b, c, d Point) Point {
	u, v := b.Sub(a), d.Sub(c)
	den := u.Cross(v)
	t := c.Sub(a).Cross(v).Quo(den)
	return a.Add(u.Scale(t))
}
