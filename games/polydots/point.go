package polydots

import (
	"fmt"
	"math/big"
	"math/bits"
	"strings"

	"papergames/games"
	"papergames/geom"
)

// Point is an exact point of the coordinate sheet, in millimetres from its
// bottom left corner. Points with small denominators (every point a player
// reads off the sheet, every grid point) are kept as int64s, others as big
// rationals. The zero value is the origin.
type Point struct {
	n [2]int64 // (n[0]/d, n[1]/d) when r is nil
	d int64    // 0 means 1
	r *[2]big.Rat
}

// smallLimit bounds the numerators and denominators of a small Point, so
// that a direction between two points, x2*d1 - x1*d2, stays below 2^61 and
// the cross product of two directions fits 128 bits.
const smallLimit = 1 << 30

// GridPoint returns the point (i/perMM, j/perMM).
func GridPoint(i, j, perMM int64) Point {
	if perMM <= 0 || i < -smallLimit || i > smallLimit || j < -smallLimit || j > smallLimit || perMM > smallLimit {
		return RatPoint(big.NewRat(i, max(perMM, 1)), big.NewRat(j, max(perMM, 1)))
	}
	return Point{n: [2]int64{i, j}, d: perMM}
}

// RatPoint returns the point (x, y); the arguments are copied.
func RatPoint(x, y *big.Rat) Point {
	var l big.Int
	l.GCD(nil, nil, x.Denom(), y.Denom())
	l.Quo(x.Denom(), &l)
	l.Mul(&l, y.Denom())
	if l.IsInt64() && l.Int64() <= smallLimit {
		var a, b big.Int
		a.Quo(&l, x.Denom())
		a.Mul(&a, x.Num())
		b.Quo(&l, y.Denom())
		b.Mul(&b, y.Num())
		if a.IsInt64() && b.IsInt64() {
			if u, v := a.Int64(), b.Int64(); u >= -smallLimit && u <= smallLimit && v >= -smallLimit && v <= smallLimit {
				return Point{n: [2]int64{u, v}, d: l.Int64()}
			}
		}
	}
	r := new([2]big.Rat)
	r[0].Set(x)
	r[1].Set(y)
	return Point{r: r}
}

// ParsePoint reads the two coordinates in geom.ParseNumber's syntax
// (12, 80.5, 161/2).
func ParsePoint(x, y string) (Point, error) {
	rx, err := geom.ParseNumber(x)
	if err != nil {
		return Point{}, err
	}
	ry, err := geom.ParseNumber(y)
	if err != nil {
		return Point{}, err
	}
	return RatPoint(rx, ry), nil
}

func (p Point) den() int64 { return max(p.d, 1) }

// Rat returns the exact coordinates.
func (p Point) Rat() (x, y *big.Rat) {
	if p.r != nil {
		return new(big.Rat).Set(&p.r[0]), new(big.Rat).Set(&p.r[1])
	}
	return big.NewRat(p.n[0], p.den()), big.NewRat(p.n[1], p.den())
}

// Geom returns the point for package geom.
func (p Point) Geom() geom.Point { return geom.Pt(p.Rat()) }

// Float returns the coordinates rounded, for drawing only.
func (p Point) Float() (x, y float64) {
	if p.r != nil {
		x, _ = p.r[0].Float64()
		y, _ = p.r[1].Float64()
		return x, y
	}
	return float64(p.n[0]) / float64(p.den()), float64(p.n[1]) / float64(p.den())
}

// Equal reports whether p and q are the same point.
func (p Point) Equal(q Point) bool {
	if p.r == nil && q.r == nil {
		return p.n[0]*q.den() == q.n[0]*p.den() && p.n[1]*q.den() == q.n[1]*p.den()
	}
	px, py := p.Rat()
	qx, qy := q.Rat()
	return px.Cmp(qx) == 0 && py.Cmp(qy) == 0
}

// negative reports whether a coordinate is below 0.
func (p Point) negative() bool {
	if p.r != nil {
		return p.r[0].Sign() < 0 || p.r[1].Sign() < 0
	}
	return p.n[0] < 0 || p.n[1] < 0
}

// String writes the point as the scorer's messages do: (80.5, 1/3).
// beyond reports whether p is right of x = w or above y = h.
func (p Point) beyond(w, h int64) bool {
	x, y := p.Rat()
	return x.Cmp(new(big.Rat).SetInt64(w)) > 0 || y.Cmp(new(big.Rat).SetInt64(h)) > 0
}

func (p Point) String() string {
	x, y := p.Rat()
	return fmt.Sprintf("(%s, %s)", games.Exact(x), games.Exact(y))
}

// yaml writes the point as a transcript's dot: [80.5, "1/3"].
func (p Point) yaml() string {
	x, y := p.Rat()
	c := func(r *big.Rat) string {
		s := games.Exact(r)
		if strings.Contains(s, "/") {
			return `"` + s + `"`
		}
		return s
	}
	return "[" + c(x) + ", " + c(y) + "]"
}

// dir returns an integer vector along q - p, for small p and q.
func dir(p, q Point) [2]int64 {
	dp, dq := p.den(), q.den()
	return [2]int64{q.n[0]*dp - p.n[0]*dq, q.n[1]*dp - p.n[1]*dq}
}

// mul returns a*b as a signed 128-bit integer (hi, lo); |a|, |b| < 2^63.
func mul(a, b int64) (int64, uint64) {
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(abs(a), abs(b))
	if neg {
		lo = ^lo + 1
		hi = ^hi
		if lo == 0 {
			hi++
		}
	}
	return int64(hi), lo
}

func abs(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

// crossSign is the sign of a x b, exactly.
func crossSign(a, b [2]int64) int {
	h1, l1 := mul(a[0], b[1])
	h2, l2 := mul(a[1], b[0])
	switch {
	case h1 != h2:
		if h1 > h2 {
			return 1
		}
		return -1
	case l1 != l2:
		if l1 > l2 {
			return 1
		}
		return -1
	}
	return 0
}
