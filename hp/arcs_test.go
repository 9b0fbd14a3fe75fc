package hp

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// markedCircle holds the marks of a circle with m marks (mark i at
// 360·i/m degrees, i from 0) and the squared radius of the arcs of each
// reach k: the squared chord from mark 0 to mark k.
type markedCircle struct {
	m     int
	marks map[int]Point
	r2    map[int]Real
}

func newMarkedCircle(m int) *markedCircle {
	return &markedCircle{m: m, marks: map[int]Point{}, r2: map[int]Real{}}
}

func (c *markedCircle) mark(i int) Point {
	i = ((i % c.m) + c.m) % c.m
	p, ok := c.marks[i]
	if !ok {
		p = Polar(big.NewRat(1, 1), big.NewRat(int64(360*i), int64(c.m)))
		c.marks[i] = p
	}
	return p
}

func (c *markedCircle) reach(k int) Real {
	r, ok := c.r2[k]
	if !ok {
		r = c.mark(0).Sub(c.mark(k)).Norm2()
		c.r2[k] = r
	}
	return r
}

// meet decides the arc centred at mark a with reach k1 against the arc
// centred at mark b with reach k2.
func (c *markedCircle) meet(a, k1, b, k2 int, filter bool) CircleMeeting {
	return meetInUnitDisc(c.mark(a), c.reach(k1), c.mark(b), c.reach(k2), filter)
}

func TestMeetInUnitDiscCases(t *testing.T) {
	for _, tc := range []struct {
		name         string
		m            int
		a, k1, b, k2 int
		common       int
		sides        []int // of the common points, in either order
	}{
		// m = 6, reach 1 at opposite marks: radius 1 each, centres 2 apart:
		// externally tangent at the centre of the main circle.
		{"m6 opposite reach 1: tangent at the centre", 6, 0, 1, 3, 1, 1, []int{-1}},
		// m = 12, reach 2 (m/6): both circles pass through the centre; they
		// cross there and at a point outside.
		{"m12 reach 2 at marks 0 and 1: through the centre", 12, 0, 2, 1, 2, 2, []int{-1, 1}},
		{"m12 reach 2 at opposite marks: tangent at the centre", 12, 0, 2, 6, 2, 1, []int{-1}},
		// Shared end mark 2: arc 0±2 and arc 3±1 (ends 2, 4). Mark 2 lies
		// between the centres, so the other common point, its mirror image
		// in the line of centres, is inside: the arcs meet twice.
		{"m12 shared end mark between the centres", 12, 0, 2, 3, 1, 2, []int{0, -1}},
		// Shared end mark 3 beyond both centres (0±3 and 1±2): the mirror
		// image is outside.
		{"m12 shared end mark beyond the centres", 12, 0, 3, 1, 2, 2, []int{0, 1}},
		// Both ends shared: arcs centred at marks 0 and 6 of m = 12 with
		// reach 3 both end at marks 3 and 9 (circles of radius √2).
		{"m12 both ends shared", 12, 0, 3, 6, 3, 2, []int{0, 0}},
		// Small neighbouring arcs far apart.
		{"m12 apart", 12, 0, 1, 6, 1, 0, nil},
		// m = 8: arc 0±1 and arc 2±1 share end mark 1 and cross inside.
		{"m8 neighbours share an end", 8, 0, 1, 2, 1, 2, []int{0, -1}},
		// m = 8: arc 0±1 inside arc 4±3? Reach 3 from mark 4 ends at 1 and
		// 7; the small arc 0±1 ends at 1 and 7 too: both ends shared.
		{"m8 nested arcs share both ends", 8, 0, 1, 4, 3, 2, []int{0, 0}},
		// m = 6: 0±1 (radius 1) and 3±2 (radius √3) both end at marks 1
		// and 5.
		{"m6 reach 1 and 2 opposite", 6, 0, 1, 3, 2, 2, []int{0, 0}},
	} {
		for _, filter := range []bool{true, false} {
			c := newMarkedCircle(tc.m)
			got := c.meet(tc.a, tc.k1, tc.b, tc.k2, filter)
			if got.Common != tc.common {
				t.Errorf("%s (filter %v): %d common points, want %d", tc.name, filter, got.Common, tc.common)
				continue
			}
			s := got.Side[:got.Common]
			ok := len(s) == len(tc.sides)
			if ok && len(s) == 2 && !(s[0] == tc.sides[0] && s[1] == tc.sides[1]) && !(s[0] == tc.sides[1] && s[1] == tc.sides[0]) {
				ok = false
			}
			if ok && len(s) == 1 && s[0] != tc.sides[0] {
				ok = false
			}
			if !ok {
				t.Errorf("%s (filter %v): sides %v, want %v", tc.name, filter, s, tc.sides)
			}
		}
	}
}

// TestMeetInUnitDiscPoints checks the drawn points against the circles.
func TestMeetInUnitDiscPoints(t *testing.T) {
	c := newMarkedCircle(17)
	for a := 1; a < 17; a++ {
		for k1 := 1; k1 <= 8; k1++ {
			for k2 := 1; k2 <= 8; k2++ {
				got := c.meet(0, k1, a, k2, true)
				for i := 0; i < got.Common; i++ {
					x, y := got.Approx[i][0], got.Approx[i][1]
					for _, ck := range []struct {
						p Point
						r Real
					}{{c.mark(0), c.reach(k1)}, {c.mark(a), c.reach(k2)}} {
						px, py := ck.p.Float64()
						if d := math.Hypot(x-px, y-py) - math.Sqrt(ck.r.Float64()); math.Abs(d) > 1e-7 {
							t.Errorf("17 marks, 0±%d and %d±%d: point %d (%g, %g) is %g off a circle", k1, a, k2, i, x, y, d)
						}
					}
					if s, r := got.Side[i], math.Hypot(x, y)-1; (s < 0 && r > 1e-7) || (s > 0 && r < -1e-7) || (s == 0 && math.Abs(r) > 1e-7) {
						t.Errorf("17 marks, 0±%d and %d±%d: point %d side %d but |X|-1 = %g", k1, a, k2, i, s, r)
					}
				}
			}
		}
	}
}

// TestMeetFilterAgrees compares the float64-filtered decisions with the
// 384-bit ones on every arc pair of a few boards full of coincidences.
func TestMeetFilterAgrees(t *testing.T) {
	for _, m := range []int{6, 12, 24, 30, 37} {
		c := newMarkedCircle(m)
		for b := 1; b < m; b++ {
			for k1 := 1; 2*k1 < m; k1++ {
				for k2 := 1; 2*k2 < m; k2++ {
					f, e := c.meet(0, k1, b, k2, true), c.meet(0, k1, b, k2, false)
					if f.Common != e.Common || f.Side != e.Side {
						t.Errorf("m=%d 0±%d %d±%d: filtered %+v, exact %+v", m, k1, b, k2, f, e)
					}
				}
			}
		}
	}
}

func TestMeetSameCentre(t *testing.T) {
	c := newMarkedCircle(8)
	err := func() (err error) {
		defer Guard(&err)
		c.meet(0, 1, 8, 2, true)
		return nil
	}()
	if err == nil {
		t.Error("two circles with one centre were decided")
	}
}

// The exact check. A quantity of an arc pair is a polynomial in the
// cosines c_j = cos(2πj/m), and 2·c_j = ζ^j + ζ^-j with ζ = e^(2πi/m). So
// each quantity is an element of Z[ζ], computed exactly as a polynomial in
// x modulo x^m - 1 (the cyclic group ring), and it is zero exactly when the
// m-th cyclotomic polynomial Φ_m divides that polynomial.

type cyc struct {
	m   int
	phi []*big.Int // Φ_m, lowest degree first, monic
}

func newCyc(m int) *cyc { return &cyc{m: m, phi: cyclotomic(m)} }

// cyclotomic returns Φ_m = Π_{d|m} (x^d - 1)^μ(m/d), by multiplying the
// factors with μ = 1 and dividing by those with μ = -1.
func cyclotomic(m int) []*big.Int {
	p := []*big.Int{big.NewInt(1)}
	var den [][]*big.Int
	for d := 1; d <= m; d++ {
		if m%d != 0 {
			continue
		}
		f := make([]*big.Int, d+1)
		for i := range f {
			f[i] = new(big.Int)
		}
		f[0].SetInt64(-1)
		f[d].SetInt64(1)
		switch mobius(m / d) {
		case 1:
			p = polyMul(p, f)
		case -1:
			den = append(den, f)
		}
	}
	for _, f := range den {
		q, r := polyDivMod(p, f)
		if !polyZero(r) {
			panic("cyclotomic: inexact division")
		}
		p = q
	}
	return p
}

func mobius(n int) int {
	mu := 1
	for p := 2; p*p <= n; p++ {
		if n%p == 0 {
			n /= p
			if n%p == 0 {
				return 0
			}
			mu = -mu
		}
	}
	if n > 1 {
		mu = -mu
	}
	return mu
}

func polyMul(a, b []*big.Int) []*big.Int {
	out := make([]*big.Int, len(a)+len(b)-1)
	for i := range out {
		out[i] = new(big.Int)
	}
	t := new(big.Int)
	for i, x := range a {
		for j, y := range b {
			out[i+j].Add(out[i+j], t.Mul(x, y))
		}
	}
	return out
}

// polyDivMod divides a by the monic b.
func polyDivMod(a, b []*big.Int) (q, r []*big.Int) {
	r = make([]*big.Int, len(a))
	for i, x := range a {
		r[i] = new(big.Int).Set(x)
	}
	n := len(b) - 1
	if len(a)-1 < n {
		return []*big.Int{new(big.Int)}, r
	}
	q = make([]*big.Int, len(a)-n)
	for i := range q {
		q[i] = new(big.Int)
	}
	t := new(big.Int)
	for i := len(a) - 1; i >= n; i-- {
		c := new(big.Int).Set(r[i])
		q[i-n] = c
		for j := 0; j <= n; j++ {
			r[i-n+j].Sub(r[i-n+j], t.Mul(c, b[j]))
		}
	}
	return q, r[:n]
}

func polyZero(a []*big.Int) bool {
	for _, x := range a {
		if x.Sign() != 0 {
			return false
		}
	}
	return true
}

// elt is an element of Z[x]/(x^m - 1).
type elt []int64

func (c *cyc) num(n int64) elt { e := make(elt, c.m); e[0] = n; return e }

// x2 returns 2·c_j = x^j + x^-j.
func (c *cyc) x2(j int) elt {
	e := make(elt, c.m)
	j = ((j % c.m) + c.m) % c.m
	e[j]++
	e[(c.m-j)%c.m]++
	return e
}

func (c *cyc) add(a, b elt, sb int64) elt {
	e := make(elt, c.m)
	for i := range e {
		e[i] = a[i] + sb*b[i]
	}
	return e
}

func (c *cyc) mul(a, b elt) elt {
	e := make(elt, c.m)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			if y != 0 {
				e[(i+j)%c.m] += x * y
			}
		}
	}
	for _, v := range e {
		if v > 1<<40 || v < -1<<40 {
			panic("cyc: coefficients too large for int64 arithmetic")
		}
	}
	return e
}

func (c *cyc) isZero(a elt) bool {
	p := make([]*big.Int, len(a))
	for i, v := range a {
		p[i] = big.NewInt(v)
	}
	_, r := polyDivMod(p, c.phi)
	return polyZero(r)
}

// exactZeros returns, for the arc at mark 0 with reach k1 and the arc at
// mark b with reach k2, whether each of D, Q, E, T, G is exactly zero. In
// cosines (c1, c2 of the reaches, cd of the centres' distance b):
//
//	D = 2(1 - cd)
//	Q = 4·(4(1-c1)(1-cd) - (1 - cd - c1 + c2)²)
//	E = D·(1 - c1 - c2 + cd)
//	T = ±sin(2πb/m)
//	G = 4(1-cd)·((1-cd)(1-c1-c2+cd)² - (1+cd)(4(1-c1)(1-cd) - (1-cd-c1+c2)²)/4)
func (c *cyc) exactZeros(k1, b, k2 int) [5]bool {
	two := c.num(2)
	x1, x2, xd := c.x2(k1), c.x2(k2), c.x2(b)
	twoF := c.add(c.add(c.add(two, x1, -1), x2, -1), xd, 1) // 2F = 2 - x1 - x2 + xd
	twoMinus1, twoMinusD, twoPlusD := c.add(two, x1, -1), c.add(two, xd, -1), c.add(two, xd, 1)
	a := c.add(c.add(c.add(two, xd, -1), x1, -1), x2, 1) // 2 - xd - x1 + x2
	q := c.add(c.mul(c.num(4), c.mul(twoMinus1, twoMinusD)), c.mul(a, a), -1)
	g := c.add(c.mul(twoMinusD, c.mul(twoF, twoF)), c.mul(twoPlusD, q), -1)
	return [5]bool{c.isZero(twoMinusD), c.isZero(q), c.isZero(twoF), (2*b)%c.m == 0, c.isZero(g)}
}

func TestExactZerosCheck(t *testing.T) {
	// The checker itself: m = 6, x_1 = 2cos 60° = 1, so 1 - x_1 = 0 and
	// 2 - x_1 = 1 is not zero.
	c := newCyc(6)
	if !c.isZero(c.add(c.num(1), c.x2(1), -1)) {
		t.Error("2cos(60°) is not 1")
	}
	if c.isZero(c.add(c.num(2), c.x2(1), -1)) {
		t.Error("2cos(60°) is 2")
	}
	// m = 5: 2cos 72° + 2cos 144° = -1.
	c = newCyc(5)
	if !c.isZero(c.add(c.add(c.x2(1), c.x2(2), 1), c.num(1), 1)) {
		t.Error("2cos 72° + 2cos 144° is not -1")
	}
	// The quantities: m = 6, reach 1 at opposite marks are tangent (Q = 0);
	// m = 12, 0±2 and 3±1 share end mark 2 (G = 0) and are not tangent;
	// opposite centres have T = 0.
	if z := newCyc(6).exactZeros(1, 3, 1); z != [5]bool{false, true, false, true, false} {
		t.Errorf("m=6 0±1 3±1: exact zeros %v", z)
	}
	if z := newCyc(12).exactZeros(2, 3, 1); z != [5]bool{false, false, false, false, true} {
		t.Errorf("m=12 0±2 3±1: exact zeros %v", z)
	}
	for m, want := range map[int]string{1: "-1 1", 2: "1 1", 6: "1 -1 1", 12: "1 0 -1 0 1", 105: ""} {
		p := cyclotomic(m)
		if want == "" {
			// Φ_105 is the first with a coefficient -2.
			found := false
			for _, x := range p {
				if x.Int64() == -2 {
					found = true
				}
			}
			if !found || len(p)-1 != 48 {
				t.Errorf("Φ_105 has degree %d and no -2", len(p)-1)
			}
			continue
		}
		s := ""
		for i, x := range p {
			if i > 0 {
				s += " "
			}
			s += x.String()
		}
		if s != want {
			t.Errorf("Φ_%d = %s, want %s", m, s, want)
		}
	}
}

// gapStats collects the decided values of arc pairs.
type gapStats struct {
	smallest float64 // smallest value decided non-zero
	where    string
	zeros    [5]int
	checked  int
}

var quantityNames = [5]string{"D", "Q", "E", "T", "G"}

// pair computes the quantities of the arc pair (mark 0, reach k1) and
// (mark b, reach k2) of c, checks that each is below ErrorBound or above
// 1e-20, and that those below ErrorBound are exactly zero; with both, also
// that those above are exactly non-zero (a check of the checker). A G
// decided zero is proven zero without the cyclotomic check when the arcs
// share an end mark: that mark is a common point on the unit circle, so
// E ± √Q·t vanishes there and G = E² - t²·Q = 0.
func (s *gapStats) pair(t *testing.T, c *markedCircle, z *cyc, k1, b, k2 int, both bool) {
	q := arcQuantities(c.mark(0).X, c.mark(0).Y, c.reach(k1), c.mark(b).X, c.mark(b).Y, c.reach(k2), Int(1))
	var exact *[5]bool
	isZero := func(i int) bool {
		if i == 4 && sharedEnd(c.m, k1, b, k2) {
			return true
		}
		if exact == nil {
			e := z.exactZeros(k1, b, k2)
			exact = &e
		}
		return exact[i]
	}
	for i, v := range [5]Real{q.D, q.Q, q.E, q.T, q.G} {
		s.checked++
		abs := new(big.Float).Abs(v.v)
		if abs.Cmp(errF) < 0 {
			s.zeros[i]++
			if !isZero(i) {
				t.Errorf("m=%d, arcs 0±%d and %d±%d: %s = %s is decided zero but is not exactly zero", c.m, k1, b, k2, quantityNames[i], v)
			}
			continue
		}
		x, _ := abs.Float64()
		if x < s.smallest {
			s.smallest, s.where = x, quantityNames[i]+" of "+itoa(c.m)+" marks, arcs 0±"+itoa(k1)+" and "+itoa(b)+"±"+itoa(k2)
		}
		if x < 1e-20 {
			t.Errorf("m=%d, arcs 0±%d and %d±%d: %s = %g is non-zero but below 1e-20: the gap assumption fails", c.m, k1, b, k2, quantityNames[i], x)
		}
		if both && isZero(i) {
			t.Errorf("m=%d, arcs 0±%d and %d±%d: %s = %g but the exact check says zero", c.m, k1, b, k2, quantityNames[i], x)
		}
	}
}

// sharedEnd reports whether the arcs 0±k1 and b±k2 of m marks share an end.
func sharedEnd(m, k1, b, k2 int) bool {
	for _, e := range []int{k1, m - k1} {
		for _, f := range []int{b + k2, b - k2 + m} {
			if e%m == f%m {
				return true
			}
		}
	}
	return false
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// TestGapArcs checks the package's one assumption on Arcs And Marks: for
// every pair of arcs on every marked circle with 3 to 60 marks (by
// rotation the first centre is mark 0; the second is any other mark; the
// reaches are 1 <= k < m/2), every quantity MeetInUnitDisc decides is
// either below ErrorBound, and then exactly zero as the cyclotomic check
// proves, or above 1e-20, far from the undecided band. Up to 24 marks the
// exact check also runs on every value decided non-zero.
func TestGapArcs(t *testing.T) {
	t.Parallel()
	top := 60
	if testing.Short() {
		top = 30
	}
	s := gapStats{smallest: math.Inf(1)}
	for m := 3; m <= top; m++ {
		c, z := newMarkedCircle(m), newCyc(m)
		for b := 1; b < m; b++ {
			for k1 := 1; 2*k1 < m; k1++ {
				for k2 := 1; 2*k2 < m; k2++ {
					s.pair(t, c, z, k1, b, k2, m <= 24)
				}
			}
		}
	}
	if s.zeros[1] == 0 || s.zeros[2] == 0 || s.zeros[3] == 0 || s.zeros[4] == 0 {
		t.Errorf("exact zeros by quantity %v: some kind of degeneracy was never met, the test proves less than it says", s.zeros)
	}
	t.Logf("3..%d marks: %d values, smallest non-zero %.3g (%s), exact zeros D Q E T G = %v", top, s.checked, s.smallest, s.where, s.zeros)
}

// TestGapArcsLarge samples arc pairs on circles of 61 to 1000 marks (the
// scorer's limit), always including 360, 720, 840 and 1000 marks, and
// checks every pair of short arcs close together on the largest boards,
// where the quantities are smallest (they shrink with the arcs: about
// 1e-13 for neighbouring arcs of reach 1 on 1000 marks).
func TestGapArcsLarge(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(5))
	ms := []int{360, 720, 840, 1000}
	boards, per := 40, 1500
	if testing.Short() {
		boards, per = 6, 300
	}
	for len(ms) < boards {
		ms = append(ms, 61+rng.Intn(940))
	}
	s := gapStats{smallest: math.Inf(1)}
	for _, m := range ms {
		c, z := newMarkedCircle(m), newCyc(m)
		for range per {
			b := 1 + rng.Intn(m-1)
			k1, k2 := 1+rng.Intn((m-1)/2), 1+rng.Intn((m-1)/2)
			if rng.Intn(4) == 0 { // aim at shared ends and reaches m/6, m/4
				k2 = ((b - k1 + m) % m)
				if k2 > m/2 {
					k2 = m - k2
				}
				if k2 == 0 || 2*k2 == m {
					k2 = 1
				}
			}
			s.pair(t, c, z, k1, b, k2, false)
		}
	}
	corner := 25
	if testing.Short() {
		corner = 8
	}
	for _, m := range []int{997, 1000} {
		c, z := newMarkedCircle(m), newCyc(m)
		for b := 1; b <= corner; b++ {
			for k1 := 1; k1 <= corner; k1++ {
				for k2 := 1; k2 <= corner; k2++ {
					s.pair(t, c, z, k1, b, k2, false)
				}
			}
		}
	}
	if s.zeros[4] == 0 {
		t.Error("no shared end was sampled")
	}
	t.Logf("%d boards of up to 1000 marks: %d values, smallest non-zero %.3g (%s), exact zeros D Q E T G = %v", len(ms), s.checked, s.smallest, s.where, s.zeros)
}

func BenchmarkMeetInUnitDisc(b *testing.B) {
	c := newMarkedCircle(360)
	p, q, r1, r2 := c.mark(0), c.mark(37), c.reach(20), c.reach(51)
	for b.Loop() {
		MeetInUnitDisc(p, r1, q, r2)
	}
}
