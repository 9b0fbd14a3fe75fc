package hp

import (
	"math"
	"math/big"
	"sync"
)

// Where two circles meet, relative to the unit circle x²+y² = 1: the
// question Arcs And Marks asks of every pair of arcs, each arc being the
// part of a circle inside or on the unit circle.
//
// For circles (P1, r1) and (P2, r2) with u = P2-P1, D = |u|² > 0 and
// A = (D + r1² - r2²)/2, the common points are
//
//	X± = P1 + (A·u ± H·u⊥)/D,   u⊥ = (u.y, -u.x),   H² = r1²·D - A²,
//
// and D·(|X±|² - 1) = E ± 2·H·t with E = (|P1|² - 1 + r1²)·D + 2·A·(P1·u)
// and t = P1·u⊥. Every decision is then the sign of a polynomial in the
// inputs, with no square root and no division:
//
//	Q = 4·H² = 4·r1²·D - (2A)²   > 0 two common points, = 0 tangent, < 0 none
//	E, t                        the two parts of E ± √Q·t
//	G = E² - t²·Q               decides E ± √Q·t when E and ±t differ in sign
//
// Each is decided by Sign (exact zero below ErrorBound), after a float64
// evaluation with a running error bound that answers alone when the
// value is clearly away from zero. The quantities are small polynomials
// (degree at most 8) in coordinates of size at most a few units, so their
// 384-bit error stays far below ErrorBound.

// CircleMeeting is how two circles with distinct centres meet, and where
// their common points lie relative to the unit circle.
type CircleMeeting struct {
	// Common is the number of common points: 0, 1 (tangent: internally
	// or externally) or 2.
	Common int
	// Side tells for each common point (the first Common entries) whether
	// it lies strictly inside the unit circle (-1), on it (0) or outside
	// (+1).
	Side [2]int
	// Approx are the common points, rounded to float64, for drawing only.
	Approx [2][2]float64
}

// InDisc reports whether the circles share a point inside or on the unit
// circle.
func (m CircleMeeting) InDisc() bool {
	for i := 0; i < m.Common; i++ {
		if m.Side[i] <= 0 {
			return true
		}
	}
	return false
}

// MeetInUnitDisc decides exactly how the circle with centre c1 and squared
// radius r1sq meets the circle with centre c2 and squared radius r2sq
// (squares keep every quantity a polynomial: in the games a radius is a
// chord length). The centres must be distinct; it panics with *Undecided
// if they cannot be told apart.
func MeetInUnitDisc(c1 Point, r1sq Real, c2 Point, r2sq Real) CircleMeeting {
	return meetInUnitDisc(c1, r1sq, c2, r2sq, true)
}

// meetInUnitDisc is MeetInUnitDisc, with the float64 filter turned off
// for the tests that compare both paths.
func meetInUnitDisc(c1 Point, r1sq Real, c2 Point, r2sq Real, filter bool) CircleMeeting {
	fq := arcQuantities(arcIn(c1.X), arcIn(c1.Y), arcIn(r1sq), arcIn(c2.X), arcIn(c2.Y), arcIn(r2sq), arcF{v: 1})
	if !filter {
		nan := arcF{math.NaN(), 0}
		fq = arcQ[arcF]{nan, nan, nan, nan, nan}
	}
	// The exact path is taken whenever a quantity is exactly zero (an arc
	// ending on a mark): its values live in a pooled scratch, as only
	// their signs leave this function.
	var rq *arcQ[sf]
	var sc *scratch
	defer func() {
		if sc != nil {
			sc.n = 0
			scratchPool.Put(sc)
		}
	}()
	exact := func() *arcQ[sf] {
		if rq == nil {
			sc = scratchPool.Get().(*scratch)
			in := func(x Real) sf { return sf{x.v, sc} }
			q := arcQuantities(in(c1.X), in(c1.Y), in(r1sq), in(c2.X), in(c2.Y), in(r2sq), sf{oneF, sc})
			rq = &q
		}
		return rq
	}
	sign := func(f arcF, r func(*arcQ[sf]) sf) int {
		if s, ok := f.sign(); ok {
			return s
		}
		return bigSign(r(exact()).v)
	}
	if sign(fq.D, func(q *arcQ[sf]) sf { return q.D }) == 0 {
		panic(&Undecided{What: "two circles with the same centre"})
	}
	var m CircleMeeting
	switch sign(fq.Q, func(q *arcQ[sf]) sf { return q.Q }) {
	case -1:
		return m
	case 0:
		m.Common = 1
	default:
		m.Common = 2
	}
	sE := sign(fq.E, func(q *arcQ[sf]) sf { return q.E })
	sT := 0
	if m.Common == 2 {
		sT = sign(fq.T, func(q *arcQ[sf]) sf { return q.T })
	}
	sG := 2 // not needed yet
	// side of E + s·√Q·t, s = ±1; for a tangency √Q = 0.
	side := func(s int) int {
		st := s * sT
		switch {
		case st == 0:
			return sE
		case sE == 0:
			return st
		case sE == st:
			return sE
		}
		if sG == 2 {
			sG = sign(fq.G, func(q *arcQ[sf]) sf { return q.G })
		}
		return sE * sG
	}
	m.Side[0] = side(1)
	if m.Common == 2 {
		m.Side[1] = side(-1)
	}
	// The points, for drawing.
	x1, y1 := c1.X.f, c1.Y.f
	ux, uy := c2.X.f-x1, c2.Y.f-y1
	d := ux*ux + uy*uy
	a := (d + r1sq.f - r2sq.f) / 2
	h := 0.0
	if m.Common == 2 {
		h = math.Sqrt(math.Max(0, r1sq.f*d-a*a))
	}
	for i, s := range [2]float64{1, -1} {
		m.Approx[i] = [2]float64{x1 + (a*ux+s*h*uy)/d, y1 + (a*uy-s*h*ux)/d}
	}
	return m
}

// scratch holds the Prec-bit values of one exact evaluation, reused
// through scratchPool with their mantissas.
type scratch struct {
	f []*big.Float
	n int
}

var scratchPool = sync.Pool{New: func() any { return &scratch{} }}

// next returns the scratch's next free value.
func (s *scratch) next() *big.Float {
	if s.n == len(s.f) {
		s.f = append(s.f, nf())
	}
	s.n++
	return s.f[s.n-1]
}

// sf is a value in a scratch: the arithmetic of Real (each result
// rounded to Prec bits, to nearest even), written into the scratch's next
// value rather than a new one; inputs are read, never written.
type sf struct {
	v *big.Float
	s *scratch
}

func (a sf) Add(b sf) sf { z := a.s.next(); z.Add(a.v, b.v); return sf{z, a.s} }
func (a sf) Sub(b sf) sf { z := a.s.next(); z.Sub(a.v, b.v); return sf{z, a.s} }
func (a sf) Mul(b sf) sf { z := a.s.next(); z.Mul(a.v, b.v); return sf{z, a.s} }

var oneF = nf().SetInt64(1)

// arcQ are the quantities MeetInUnitDisc decides (see the comment at the
// top of the file).
type arcQ[T arcNum[T]] struct{ D, Q, E, T, G T }

// arcNum is the arithmetic the quantities are written in: Real, or
// float64 with an error bound (arcF).
type arcNum[T any] interface {
	Add(T) T
	Sub(T) T
	Mul(T) T
}

func arcQuantities[T arcNum[T]](x1, y1, r1, x2, y2, r2, one T) arcQ[T] {
	ux, uy := x2.Sub(x1), y2.Sub(y1)
	d := ux.Mul(ux).Add(uy.Mul(uy))
	a2 := d.Add(r1).Sub(r2) // 2A
	q := r1.Mul(d)
	q = q.Add(q).Add(q).Add(q).Sub(a2.Mul(a2)) // 4·r1²·D - (2A)²
	s := x1.Mul(ux).Add(y1.Mul(uy))            // P1·u
	t := x1.Mul(uy).Sub(y1.Mul(ux))            // P1·u⊥
	p := x1.Mul(x1).Add(y1.Mul(y1)).Sub(one).Add(r1)
	e := p.Mul(d).Add(a2.Mul(s))
	g := e.Mul(e).Sub(t.Mul(t).Mul(q))
	return arcQ[T]{D: d, Q: q, E: e, T: t, G: g}
}

// arcF is a float64 value v with a bound e on its distance from the exact
// value of the same expression on the exact inputs (a running error
// bound): each operation adds its own rounding, |v|·2^-53, to the
// propagated input errors.
type arcF struct{ v, e float64 }

const arcU = 0x1p-53

// arcIn is x rounded to float64: off by at most |x|·2^-53 from x's 384-bit
// value, itself within ErrorBound of the exact one.
func arcIn(x Real) arcF { return arcF{x.f, math.Abs(x.f)*2*arcU + ErrorBound} }

func (a arcF) Add(b arcF) arcF {
	v := a.v + b.v
	return arcF{v, a.e + b.e + math.Abs(v)*arcU}
}

func (a arcF) Sub(b arcF) arcF {
	v := a.v - b.v
	return arcF{v, a.e + b.e + math.Abs(v)*arcU}
}

func (a arcF) Mul(b arcF) arcF {
	v := a.v * b.v
	return arcF{v, math.Abs(a.v)*b.e + math.Abs(b.v)*a.e + a.e*b.e + math.Abs(v)*arcU}
}

// sign returns the sign of the exact value when the bound settles it and
// the value is far outside the band where Sign would refuse: twice the
// bound (covering the rounding of the bound's own arithmetic) plus 1e-30.
// Then the 384-bit Sign would give the same answer.
func (a arcF) sign() (int, bool) {
	m := 2*a.e + 1e-30
	switch {
	case a.v > m:
		return 1, true
	case a.v < -m:
		return -1, true
	}
	return 0, false
}
