package geom

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

func TestOrient(t *testing.T) {
	if Orient(PtInt(0, 0), PtInt(1, 0), PtInt(0, 1)) != 1 ||
		Orient(PtInt(0, 0), PtInt(0, 1), PtInt(1, 0)) != -1 ||
		Orient(PtInt(0, 0), PtInt(1, 1), PtInt(3, 3)) != 0 {
		t.Error("Orient signs wrong")
	}
	// Nearly collinear points that float64 gets wrong.
	a, _ := ParsePoint("0.1", "0.1")
	b, _ := ParsePoint("0.3", "0.3")
	c, _ := ParsePoint("0.7", "0.7")
	if Orient(a, b, c) != 0 {
		t.Error("exact collinearity missed")
	}
	d, _ := ParsePoint("0.7", "700000000000000000001/1000000000000000000000")
	if Orient(a, b, d) != 1 {
		t.Error("tiny left turn missed")
	}
}

func TestIntersection(t *testing.T) {
	tests := []struct {
		s, t Segment
		kind Kind
		p, q string
	}{
		{SegInt(0, 0, 2, 2), SegInt(0, 2, 2, 0), Crossing, "(1, 1)", "(1, 1)"},
		{SegInt(0, 0, 3, 1), SegInt(0, 1, 3, 0), Crossing, "(3/2, 1/2)", "(3/2, 1/2)"},
		{SegInt(0, 0, 2, 0), SegInt(1, 0, 1, 5), Touching, "(1, 0)", "(1, 0)"},
		{SegInt(0, 0, 2, 0), SegInt(2, 0, 3, 5), Touching, "(2, 0)", "(2, 0)"},
		{SegInt(0, 0, 2, 0), SegInt(2, 0, 5, 0), Touching, "(2, 0)", "(2, 0)"},
		{SegInt(0, 0, 3, 0), SegInt(5, 0, 1, 0), Overlapping, "(1, 0)", "(3, 0)"},
		{SegInt(0, 0, 0, 4), SegInt(0, 1, 0, 2), Overlapping, "(0, 1)", "(0, 2)"},
		{SegInt(0, 0, 4, 4), SegInt(4, 4, 0, 0), Overlapping, "(0, 0)", "(4, 4)"},
		{SegInt(0, 0, 1, 0), SegInt(2, 0, 3, 0), Disjoint, "(0, 0)", "(0, 0)"},
		{SegInt(0, 0, 1, 1), SegInt(1, 0, 2, 1), Disjoint, "(0, 0)", "(0, 0)"},
		{SegInt(0, 0, 2, 2), SegInt(3, 0, 2, 1), Disjoint, "(0, 0)", "(0, 0)"},
		{SegInt(0, 0, 4, 0), Segment{PtInt(2, 0), PtInt(2, 0)}, Touching, "(2, 0)", "(2, 0)"},
	}
	for _, tc := range tests {
		for _, swap := range []bool{false, true} {
			s, u := tc.s, tc.t
			if swap {
				s, u = u, s
			}
			k, p, q := Intersection(s, u)
			if k != tc.kind || p.String() != tc.p || q.String() != tc.q {
				t.Errorf("Intersection(%v, %v) = %v %v %v, want %v %s %s", s, u, k, p, q, tc.kind, tc.p, tc.q)
			}
			if Crosses(s, u) != (k == Crossing) || Coincide(s, u) != (k == Overlapping) || Touches(s, u) != (k == Touching || k == Overlapping) {
				t.Errorf("predicates disagree with Intersection for %v, %v", s, u)
			}
		}
	}
}

// TestIntersectionRandom checks Intersection against the arrangement of the
// two segments.
func TestIntersectionRandom(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for c := 0; c < 3000; c++ {
		ss := randomLattice(r, 2, 1+r.Intn(4))
		k, p, q := Intersection(ss[0], ss[1])
		a := mustArrange(t, ss, false)
		switch k {
		case Disjoint:
			if a.Components() != 2 {
				t.Fatalf("%v: disjoint but connected", ss)
			}
		case Crossing:
			if a.Vertices() != 5 || a.Edges() != 4 {
				t.Fatalf("%v: crossing but V=%d E=%d", ss, a.Vertices(), a.Edges())
			}
		case Touching, Overlapping:
			if a.Components() != 1 || a.Vertices() == 5 {
				t.Fatalf("%v: %v but C=%d V=%d", ss, k, a.Components(), a.Vertices())
			}
			if k == Touching && !(p.Equal(ss[0].A) || p.Equal(ss[0].B) || p.Equal(ss[1].A) || p.Equal(ss[1].B)) {
				t.Fatalf("%v: touching at %v, not an end", ss, p)
			}
			if k == Overlapping && p.Equal(q) {
				t.Fatalf("%v: overlap of zero length", ss)
			}
		}
		for _, pt := range []Point{p, q} {
			if k == Disjoint {
				break
			}
			for _, s := range ss {
				if Orient(s.A, s.B, pt) != 0 || !within(s, pt) {
					t.Fatalf("%v: %v point %v not on %v", ss, k, pt, s)
				}
			}
		}
	}
}

func within(s Segment, p Point) bool {
	in := func(a, b, x *big.Rat) bool {
		if a.Cmp(b) > 0 {
			a, b = b, a
		}
		return a.Cmp(x) <= 0 && x.Cmp(b) <= 0
	}
	return in(s.A.X(), s.B.X(), p.X()) && in(s.A.Y(), s.B.Y(), p.Y())
}

func TestPointMethods(t *testing.T) {
	p, err := ParsePoint("-7/4", "12.5")
	if err != nil {
		t.Fatal(err)
	}
	if p.String() != "(-7/4, 25/2)" {
		t.Errorf("String = %s", p)
	}
	if x, y := p.Float(); x != -1.75 || y != 12.5 {
		t.Errorf("Float = %v, %v", x, y)
	}
	if !p.Equal(Pt(big.NewRat(-14, 8), big.NewRat(25, 2))) || p.Equal(PtInt(0, 0)) {
		t.Error("Equal")
	}
	var zero Point
	if !zero.Equal(PtInt(0, 0)) || zero.String() != "(0, 0)" {
		t.Error("zero point is not the origin")
	}
	if _, err := ParsePoint("1", "1e5"); err == nil {
		t.Error("ParsePoint accepted 1e5")
	}
	// Points of an arrangement in a translated, scaled frame.
	a := mustArrange(t, []Segment{{mustPt("1000000000000", "1/3"), mustPt("1000000000004", "1/3")}, {mustPt("1000000000002", "-5"), mustPt("1000000000002", "5")}}, false)
	if a.Vertices() != 5 {
		t.Fatalf("V = %d", a.Vertices())
	}
	_ = fmt.Sprint(a)
}

func mustPt(x, y string) Point {
	p, err := ParsePoint(x, y)
	if err != nil {
		panic(err)
	}
	return p
}
