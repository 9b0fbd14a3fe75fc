package geom

import (
	"math/big"
)

// Point is an exact point of the plane with rational coordinates.
//
// The zero value is the origin. Points are immutable; compare them with
// Equal, not ==. Build them with PtInt, Pt or ParsePoint.
type Point struct{ r *prep }

// prep holds a point as homogeneous integers (x/w, y/w), w > 0, in the
// normalized frame f of an arrangement (nil frame: user coordinates).
// The fast form uses i128/uint64; when b != nil the big form is used.
type prep struct {
	f    *frame
	x, y i128
	w    uint64
	b    *bigHom
}

type bigHom struct{ x, y, w big.Int }

// frame maps normalized coordinates c to user coordinates (c·g + o)/l.
type frame struct {
	g, ox, oy, l     big.Int
	gf, oxf, oyf, lf float64
	exactFloat       bool // the float copies overflow: convert exactly
}

// Segment is the straight piece of line between two points.
type Segment struct{ A, B Point }

// PtInt returns the point (x, y).
func PtInt(x, y int64) Point {
	return Point{&prep{x: i128From(x), y: i128From(y), w: 1}}
}

// Pt returns the point (x, y). The arguments are copied.
func Pt(x, y *big.Rat) Point {
	if x.IsInt() && y.IsInt() && x.Num().IsInt64() && y.Num().IsInt64() {
		return PtInt(x.Num().Int64(), y.Num().Int64())
	}
	h := new(bigHom)
	// w = lcm(den x, den y)
	var g big.Int
	g.GCD(nil, nil, x.Denom(), y.Denom())
	h.w.Quo(x.Denom(), &g)
	h.w.Mul(&h.w, y.Denom())
	var t big.Int
	h.x.Mul(x.Num(), t.Quo(&h.w, x.Denom()))
	h.y.Mul(y.Num(), t.Quo(&h.w, y.Denom()))
	return Point{&prep{b: h}}
}

// ParsePoint reads two numbers in ParseNumber syntax.
func ParsePoint(x, y string) (Point, error) {
	rx, err := ParseNumber(x)
	if err != nil {
		return Point{}, err
	}
	ry, err := ParseNumber(y)
	if err != nil {
		return Point{}, err
	}
	return Pt(rx, ry), nil
}

// SegInt returns the segment from (ax, ay) to (bx, by).
func SegInt(ax, ay, bx, by int64) Segment {
	return Segment{PtInt(ax, ay), PtInt(bx, by)}
}

// hom returns the point as homogeneous integers in user coordinates, freshly allocated.
func (p Point) hom() (x, y, w *big.Int) {
	x, y, w = new(big.Int), new(big.Int), big.NewInt(1)
	r := p.r
	if r == nil {
		return
	}
	if r.b != nil {
		x.Set(&r.b.x)
		y.Set(&r.b.y)
		w.Set(&r.b.w)
	} else {
		r.x.setBig(x)
		r.y.setBig(y)
		w.SetUint64(r.w)
	}
	if f := r.f; f != nil {
		var t big.Int
		x.Mul(x, &f.g).Add(x, t.Mul(&f.ox, w))
		y.Mul(y, &f.g).Add(y, t.Mul(&f.oy, w))
		w.Mul(w, &f.l)
	}
	return
}

// Int returns the coordinates without big arithmetic when the point is
// held as whole numbers of user coordinates; ok is false otherwise (X and
// Y then say what they are).
func (p Point) Int() (x, y int64, ok bool) {
	r := p.r
	switch {
	case r == nil:
		return 0, 0, true
	case r.b != nil || r.f != nil || r.w != 1 || r.x.hi != int64(r.x.lo)>>63 || r.y.hi != int64(r.y.lo)>>63:
		return 0, 0, false
	}
	return int64(r.x.lo), int64(r.y.lo), true
}

// X returns the exact x coordinate.
func (p Point) X() *big.Rat {
	x, _, w := p.hom()
	return new(big.Rat).SetFrac(x, w)
}

// Y returns the exact y coordinate.
func (p Point) Y() *big.Rat {
	_, y, w := p.hom()
	return new(big.Rat).SetFrac(y, w)
}

// Float returns the coordinates rounded to float64, for rendering only.
// The error is tiny relative to the size of the drawing the point came from.
func (p Point) Float() (x, y float64) {
	r := p.r
	if r == nil {
		return 0, 0
	}
	if r.b != nil || r.f != nil && r.f.exactFloat {
		x, _ = p.X().Float64()
		y, _ = p.Y().Float64()
		return
	}
	w := float64(r.w)
	x, y = r.x.float()/w, r.y.float()/w
	if f := r.f; f != nil {
		x = (x*f.gf + f.oxf) / f.lf
		y = (y*f.gf + f.oyf) / f.lf
	}
	return
}

// Equal reports whether p and q are the same point.
func (p Point) Equal(q Point) bool {
	if p.r != nil && q.r != nil && p.r.f == q.r.f && p.r.b == nil && q.r.b == nil {
		return cmpFrac128(p.r.x, p.r.w, q.r.x, q.r.w) == 0 &&
			cmpFrac128(p.r.y, p.r.w, q.r.y, q.r.w) == 0
	}
	px, py, pw := p.hom()
	qx, qy, qw := q.hom()
	var a, b big.Int
	return a.Mul(px, qw).Cmp(b.Mul(qx, pw)) == 0 && a.Mul(py, qw).Cmp(b.Mul(qy, pw)) == 0
}

// String formats the point as "(x, y)" with exact coordinates such as "5/2".
func (p Point) String() string {
	return "(" + p.X().RatString() + ", " + p.Y().RatString() + ")"
}

// String formats the segment as "(x1, y1)-(x2, y2)".
func (s Segment) String() string { return s.A.String() + "-" + s.B.String() }
