package hp

import (
	"math/big"
	"testing"
)

func polar(r int64, d *big.Rat) Point { return Polar(big.NewRat(r, 1), d) }

// The chord of circle 4 from 30 to 150 degrees is at distance 2 from the
// centre: it touches circle 2 at one point, its midpoint. Moving its ends
// by 1e-10 degrees outwards (towards each other's side) lifts it off
// circle 2; moving them inwards makes it cut circle 2 twice.
func TestLineCircleTangent(t *testing.T) {
	eps := big.NewRat(1, 10000000000)
	at := func(d int64, sign int) *big.Rat {
		r := big.NewRat(d, 1)
		if sign > 0 {
			return r.Add(r, eps)
		}
		return r.Sub(r, eps)
	}
	for _, tc := range []struct {
		name   string
		a, b   *big.Rat
		points int
	}{
		{"exact", big.NewRat(30, 1), big.NewRat(150, 1), 1},
		{"ends moved apart", at(30, -1), at(150, +1), 2},
		{"ends moved together", at(30, +1), at(150, -1), 0},
	} {
		ts := LineCircle(polar(4, tc.a), polar(4, tc.b), Int(2))
		if len(ts) != tc.points {
			t.Errorf("%s: %d meetings with circle 2, want %d", tc.name, len(ts), tc.points)
			continue
		}
		if tc.points == 1 && ts[0].Sub(Rat(big.NewRat(1, 2))).Sign() != 0 {
			t.Errorf("%s: touches circle 2 at t = %v, want 1/2", tc.name, ts[0])
		}
		if tc.points == 2 && !(ts[0].Cmp(ts[1]) < 0 && ts[0].Cmp(Rat(big.NewRat(1, 2))) < 0 && ts[1].Cmp(Rat(big.NewRat(1, 2))) > 0) {
			t.Errorf("%s: meetings %v, %v not either side of the midpoint", tc.name, ts[0], ts[1])
		}
	}
}

func TestLineCircle(t *testing.T) {
	one, s3 := Int(1), Int(3).Sqrt()
	q := func(n, d int64) Real { return Rat(big.NewRat(n, d)) }
	for _, tc := range []struct {
		name string
		a, b Point
		r    int64
		want []Real
	}{
		// The horizontal line y = 1 from x = -3 to x = 3 (t = 0..1) meets
		// circle 2 at x = ∓√3, t = (3 ∓ √3)/6.
		{"two", Pt(Int(-3), one), Pt(Int(3), one), 2, []Real{Int(3).Sub(s3).Quo(Int(6)), Int(3).Add(s3).Quo(Int(6))}},
		{"tangent", Pt(Int(-3), one), Pt(Int(3), one), 1, []Real{q(1, 2)}},
		{"none", Pt(Int(-3), one), Pt(Int(3), one), 0, nil},
		// A diameter of circle 3 meets circle 1 at t = 1/3 and 2/3.
		{"diameter", Pt(Int(0), Int(3)), Pt(Int(0), Int(-3)), 1, []Real{q(1, 3), q(2, 3)}},
		// The line meets the circle beyond the segment's ends too.
		{"outside the ends", Pt(Int(0), Int(1)), Pt(Int(0), Int(2)), 3, []Real{q(-4, 1), q(2, 1)}},
		// An end on the circle is met at t = 0 exactly; this chord runs
		// near the centre, so it meets circle 2 again before its other end.
		{"from the circle", polar(2, big.NewRat(17, 3)), polar(4, big.NewRat(200, 1)), 2, nil},
	} {
		ts := LineCircle(tc.a, tc.b, Int(tc.r))
		if tc.name == "from the circle" {
			if len(ts) != 2 || ts[0].Sign() != 0 || ts[1].Sign() <= 0 || ts[1].Cmp(one) >= 0 {
				t.Errorf("%s: %v, want 0 and a t in (0, 1)", tc.name, ts)
			}
			continue
		}
		if len(ts) != len(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, ts, tc.want)
			continue
		}
		for i, w := range tc.want {
			if ts[i].Sub(w).Sign() != 0 {
				t.Errorf("%s: t[%d] = %v, want %v", tc.name, i, ts[i], w)
			}
		}
	}
}

func TestAngleCmp(t *testing.T) {
	d := func(n int64) *big.Rat { return big.NewRat(n, 1) }
	tiny := big.NewRat(1, 10000000000)
	for _, tc := range []struct {
		p, q Point
		want int
	}{
		{polar(1, d(0)), polar(1, d(90)), -1},
		{polar(1, d(90)), polar(1, d(0)), 1},
		{polar(2, d(45)), polar(3, d(45)), 0},
		{polar(1, d(179)), polar(1, d(181)), -1},
		{polar(1, d(180)), polar(5, d(180)), 0},
		{polar(1, d(180)), polar(1, d(0)), 1},
		{polar(1, d(359)), polar(1, d(1)), 1},
		{polar(1, d(270)), polar(1, d(90)), 1},
		{polar(1, d(0)), polar(1, new(big.Rat).Sub(d(360), tiny)), -1},
		{polar(1, d(0)), polar(1, tiny), -1},
		{polar(7, d(123)), polar(2, new(big.Rat).Add(d(123), tiny)), -1},
		{polar(7, d(123)), polar(2, new(big.Rat).Sub(d(123), tiny)), 1},
		{Pt(Int(0), Int(-1)), polar(3, d(180)), 0},
		{Pt(Int(-1), Int(0)), polar(3, d(270)), 0},
	} {
		if got := AngleCmp(tc.p, tc.q); got != tc.want {
			t.Errorf("AngleCmp(%v, %v) = %d, want %d", tc.p, tc.q, got, tc.want)
		}
	}
}
