package analysis

import (
	"strings"
	"testing"
)

// By hand (docs/analysis.md): the theorem's cases and their lengths.
func TestExactDefenseByHand(t *testing.T) {
	for _, c := range []struct {
		chords   string
		min, max int
		deficit  int
		how      string
	}{
		{"0-180", 0, 0, 0, "theorem"},
		{"0-120,120-240,240-0", 0, 0, 0, "theorem"},                // a triangle: nothing to draw
		{"0-180,90-270", 1, 1, 4, "theorem (4 ends)"},              // crossing: a side, then nothing to cross
		{"0-60,120-180", 1, 3, 3, "theorem"},                       // two sides: a side; or both diagonals and a side
		{"0-90,90-180,180-270,270-0", 2, 2, 1, "theorem"},          // the square: a diagonal, the other
		{"0-180,90-270,0-90", 1, 1, 3, "theorem (4 ends)"},         // both diagonals and a side
		{"0-180,0-90,90-180,180-270", 2, 2, 1, "theorem (4 ends)"}, // one diagonal, one side missing
		{"0-180,0-90,180-270", 3, 3, 2, "theorem (4 ends)"},        // one diagonal, two sides missing
		{"0-90,90-180", 1, 1, 1, "theorem"},                        // 3 ends: the third side, then nothing
		{"0-180,60-240,120-300", 12, 12, 6, "theorem"},             // three diameters
		{"0-210,60-270,120-330", 18, 18, 9, "theorem"},             // crossing pairwise: the most 3 chords force
		{"0-60,120-180,240-300", 1, 12, 6, "theorem"},              // sides of a hexagon: a side; a diagonal first: 2D
		{"0-72,72-144,144-216,216-288,288-0", 4, 4, 2, "theorem"},  // the pentagon
	} {
		a, err := ExactDefense(chords(t, c.chords), 10000)
		if err != nil {
			t.Fatalf("%s: %v", c.chords, err)
		}
		if !a.Exact || !a.MinExact || a.Min != c.min || a.Max != c.max || a.Deficit != c.deficit || !strings.HasPrefix(a.How, c.how) {
			t.Errorf("%s: %d..%d D=%d by %q (exact %v), want %d..%d D=%d by %q", c.chords, a.Min, a.Max, a.Deficit, a.How, a.Exact, c.min, c.max, c.deficit, c.how)
		}
		if len(a.Line) != a.Min || len(a.Long) != a.Max {
			t.Errorf("%s: games of %d and %d moves for %d..%d", c.chords, len(a.Line), len(a.Long), a.Min, a.Max)
		}
	}
}

// The theorem agrees with the plain search over every order of play
// (which knows nothing of it) on every set of up to 3 chords with ends at
// multiples of 60 and of 45 degrees whose deficit is at most 5.
func TestExactDefenseAgreesWithPlainSearch(t *testing.T) {
	n := 0
	for _, step := range []int{60, 45} {
		for _, cs := range symmetricSets(360/step, 3, step) {
			a, err := ExactDefense(cs.Chords, 10000)
			if err != nil {
				t.Fatalf("%s: %v", cs, err)
			}
			if a.Deficit > 5 {
				continue
			}
			x, err := SolveDefense(cs.Chords, 200000)
			if err != nil || !x.Exact {
				t.Fatalf("%s: plain search %+v %v", cs, x, err)
			}
			if x.Min != a.Min || x.Max != a.Max {
				t.Errorf("%s: plain search %d..%d, ExactDefense %d..%d (%s)", cs, x.Min, x.Max, a.Min, a.Max, a.How)
			}
			n++
		}
	}
	t.Logf("%d sets", n)
}

// m chords crossing pairwise, no three through a point: every game has
// (m-1)(m+6) moves, the most any m chords allow; random play agrees.
func TestCrossingForcesTheMost(t *testing.T) {
	for m := 2; m <= 8; m++ {
		for _, p := range Patterns(m) {
			if p.Pattern != "crossing" {
				continue
			}
			d, err := Deficit(p.Chords)
			if err != nil || 2*d != (m-1)*(m+6) {
				t.Fatalf("m = %d: 2D = %d (%v), want %d", m, 2*d, err, (m-1)*(m+6))
			}
			if m > 5 {
				continue
			}
			a, err := ExactDefense(p.Chords, 1000)
			want := 2 * d
			if m == 2 {
				want = 1
			}
			if err != nil || a.Min != want || a.Max != want {
				t.Errorf("m = %d: %d..%d %v, want %d", m, a.Min, a.Max, err, want)
			}
		}
	}
}

// The survey is the same on 1 and 3 workers, finishes every set and
// finds the plain search in agreement.
func TestSurvey(t *testing.T) {
	q, ok := Find("cross-dont-cross", "survey")
	if !ok {
		t.Fatal("no survey")
	}
	p := Params{"step": "90", "chords": "3", "sizes": "4", "random": "3", "check": "4", "check-budget": "50000", "budget": "1000", "playouts": "5", "list": "true"}
	a, err := Run(q, p, 2, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(q, p, 2, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Text() != b.Text() {
		t.Fatalf("1 worker:\n%s\n3 workers:\n%s", a.Text(), b.Text())
	}
	if !strings.Contains(a.Answer[0], " 0 not finished") {
		t.Fatalf("%s", a.Answer[0])
	}
}

// symmetricSets keeps one set per orbit: 12 points, one chord: the chords
// are told apart by how many points they skip (1 to 6).
func TestSymmetricSets(t *testing.T) {
	got := 0
	for _, cs := range symmetricSets(12, 1, 30) {
		if cs.M == 1 {
			got++
		}
	}
	if got != 6 {
		t.Fatalf("%d one-chord sets on 12 points, want 6", got)
	}
}

// Four chords crossing pairwise: decided by the theorem, a game of 30
// moves played and replayed on the engine.
func BenchmarkExactDefenseCrossing4(b *testing.B) {
	cs := Patterns(4)[2].Chords
	for b.Loop() {
		if a, err := ExactDefense(cs, 1000); err != nil || a.Min != 30 {
			b.Fatal(a.Min, err)
		}
	}
}

// The pentagram, the one star of 5 chords: every game has 14 moves, found
// by searching.
func BenchmarkDefenseStar5(b *testing.B) {
	cs := chords(b, "0-144,72-216,144-288,216-0,288-72")
	for b.Loop() {
		if a, err := ExactDefense(cs, 2000000); err != nil || a.Min != 14 || a.Max != 14 {
			b.Fatal(a.Min, a.Max, err)
		}
	}
}

// The survey of every set of up to 3 chords on multiples of 30 degrees
// and 50 random sets of 4 and of 5, as documented.
func BenchmarkSurvey30(b *testing.B) {
	q, _ := Find("cross-dont-cross", "survey")
	p := Params{"step": "30", "chords": "3", "sizes": "4,5", "random": "50", "check": "5", "check-budget": "100000", "budget": "700000", "playouts": "50", "list": "false"}
	for b.Loop() {
		if _, err := Run(q, p, 1, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}
