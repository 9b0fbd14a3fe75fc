package analysis

import (
	"math/big"
	"math/rand/v2"
	"papergames/games"
	"testing"

	"papergames/games/crossdont"
)

func chords(t testing.TB, s string) [][2]*big.Rat {
	cs, err := parseChordSet(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs.Chords
}

// plain is the search without the transposition table: the fewest and
// most moves left, over every order of play.
func plain(st *crossdont.State) (mn, mx int) {
	moves := st.Moves(nil)
	if len(moves) == 0 {
		return 0, 0
	}
	mn = 1 << 30
	for _, mv := range moves {
		st.Play(mv)
		a, b := plain(st)
		st.Undo()
		mn, mx = min(mn, a+1), max(mx, b+1)
	}
	return mn, mx
}

// By hand: the sides of a triangle leave no move (every pair of the three
// points is a chord); one chord leaves none either (its ends are joined).
// Three diameters: every game has 12 moves (found by the search; random
// play agrees, below).
func TestDefenseByHand(t *testing.T) {
	for _, c := range []struct {
		chords   string
		min, max int
	}{
		{"0-120,120-240,240-0", 0, 0},
		{"0-180", 0, 0},
		{"0-180,60-240,120-300", 12, 12},
	} {
		d, err := SolveDefense(chords(t, c.chords), 100000)
		if err != nil || !d.Exact || d.Min != c.min || d.Max != c.max {
			t.Errorf("%s: %+v %v, want min %d max %d", c.chords, d, err, c.min, c.max)
		}
	}
}

// The transposition table changes nothing: the search agrees with the
// plain search over every order of play on small sets.
func TestDefenseAgainstPlainSearch(t *testing.T) {
	for _, s := range []string{"0-180,90-270", "0-90,45-225", "0-60,120-180", "0-180,30-150", "0-120,60-180", "0-90,90-180"} {
		cs := chords(t, s)
		d, err := SolveDefense(cs, 1<<20)
		if err != nil || !d.Exact {
			t.Fatalf("%s: %v %+v", s, err, d)
		}
		st, err := newDefenseState(cs)
		if err != nil {
			t.Fatal(err)
		}
		mn, mx := plain(st)
		if d.Min != mn || d.Max != mx {
			t.Errorf("%s: table search %d..%d, plain search %d..%d", s, d.Min, d.Max, mn, mx)
		}
		if len(d.Line) != d.Min {
			t.Errorf("%s: shortest line %v has %d moves, min %d", s, d.Line, len(d.Line), d.Min)
		}
		t.Logf("%s: %d..%d, %d drawings, %d nodes, line %v", s, d.Min, d.Max, d.States, d.Nodes, d.Line)
	}
}

// When the whole tree is too large the fewest is found by iterative
// deepening alone: three chords cut from a hexagon's corners let the
// offense stop after one move.
func TestDefenseShortestAlone(t *testing.T) {
	d, err := SolveDefense(chords(t, "0-60,120-180,240-300"), 5000)
	if err != nil || d.Exact || !d.MinExact || d.Min != 1 || len(d.Line) != 1 {
		t.Fatalf("%+v %v", d, err)
	}
}

func BenchmarkDefenseThreeDiameters(b *testing.B) {
	cs := chords(b, "0-180,60-240,120-300")
	for b.Loop() {
		SolveDefense(cs, 1<<20)
	}
}

// Every pattern of 1 to 12 chords is a set the engine accepts (the 2-chord
// m-gon was two identical chords), and SolveDefense answers chords the
// engine refuses with an error, not a panic.
func TestPatternsValid(t *testing.T) {
	for m := 1; m <= 12; m++ {
		for _, p := range Patterns(m) {
			if len(p.Chords) != m {
				t.Errorf("%s m=%d: %d chords", p.Pattern, m, len(p.Chords))
			}
			if _, err := newDefenseState(p.Chords); err != nil {
				t.Errorf("%s m=%d: %v", p.Pattern, m, err)
			}
		}
	}
	for _, p := range Patterns(2) {
		if p.Pattern == "m-gon" {
			t.Errorf("m = 2 has an m-gon: %s", p)
		}
	}
	for _, bad := range []string{"0-180,0-180", "0-180,180-0", "0-400", "30-30"} {
		if _, err := SolveDefense(chords(t, bad), 1000); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// ShortestDefense agrees with the plain search's fewest on small sets, its
// game replays on the engine to a stuck offense, and it answers chords the
// engine refuses with an error.
func TestShortestDefense(t *testing.T) {
	for _, s := range []string{"0-180,90-270", "0-90,45-225", "0-60,120-180", "0-180,30-150", "0-120,60-180", "0-90,90-180", "0-180,60-240,120-300", "0-60,120-180,240-300", "0-120,120-240,240-0"} {
		cs := chords(t, s)
		n, line, err := ShortestDefense(cs, 1<<20)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		st, err := newDefenseState(cs)
		if err != nil {
			t.Fatal(err)
		}
		if len(cs) < 3 {
			if mn, _ := plain(st); n != mn {
				t.Errorf("%s: shortest %d, plain search %d", s, n, mn)
			}
		} else if d, err := SolveDefense(cs, 100000); err != nil || !d.MinExact || d.Min != n {
			t.Errorf("%s: shortest %d, SolveDefense %+v %v", s, n, d, err)
		}
		if len(line) != n {
			t.Errorf("%s: %d moves in %v, fewest %d", s, len(line), line, n)
		}
		for _, w := range line {
			mv, err := st.Parse(w)
			if err == nil {
				err = st.Play(mv)
			}
			if err != nil {
				t.Fatalf("%s: move %s: %v", s, w, err)
			}
		}
		if !st.Over() {
			t.Errorf("%s: the offense can still move after %v", s, line)
		}
		sh, err := SolveShortest(cs, 1<<20)
		if err != nil || sh.Fewest != n || len(sh.LineXY) != n {
			t.Errorf("%s: SolveShortest %+v %v", s, sh, err)
		}
	}
	if _, _, err := ShortestDefense(chords(t, "0-180,180-0"), 1000); err == nil {
		t.Error("two identical chords: no error")
	}
}

// randomChords draws m chords with ends at multiples of 30 degrees, no
// two alike.
func randomChords(rng *rand.Rand, m int) [][2]*big.Rat {
	var cs [][2]*big.Rat
	used := map[[2]int64]bool{}
	for len(cs) < m {
		a, b := int64(rng.IntN(12)*30), int64(rng.IntN(12)*30)
		if a == b || used[[2]int64{a, b}] {
			continue
		}
		used[[2]int64{a, b}], used[[2]int64{b, a}] = true, true
		cs = append(cs, [2]*big.Rat{big.NewRat(a, 1), big.NewRat(b, 1)})
	}
	return cs
}

// The deficit's claim, checked on random play: a game that ends stuck on
// an odd move (an even number of moves) has exactly twice the deficit,
// and any other is odd and shorter.
func TestDeficitAgainstPlay(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	evens := 0
	for try := range 60 {
		cs := randomChords(rng, 2+try%4)
		r, err := shortestSearch(cs, 1)
		if err != nil && r.defSearch == nil {
			t.Fatal(err)
		}
		st, err := newDefenseState(cs)
		if err != nil {
			t.Fatal(err)
		}
		var buf []crossdont.Move
		for range 30 {
			n, b := games.Playout[crossdont.Move](st, rng, -1, buf)
			buf = b
			if n%2 == 0 && n != 2*r.deficit || n%2 == 1 && n >= 2*r.deficit {
				t.Errorf("%s: deficit %d, a random game of %d moves", chordSet{Chords: cs}, r.deficit, n)
			}
			if n%2 == 0 {
				evens++
			}
			for range n {
				st.Undo()
			}
		}
	}
	if evens == 0 {
		t.Error("no random game ended on an odd move: the test checked nothing")
	}
}

// The shortest game, found by odd limits under the deficit, agrees with
// the full search over every order of play (SolveDefense, which uses no
// deficit) on random sets of 2 and 3 chords it can finish.
func TestShortestAgainstFullSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	compared := map[int]int{}
	for try := range 40 {
		cs := randomChords(rng, 2+try%2)
		d, err := SolveDefense(cs, 4000)
		if err != nil {
			t.Fatal(err)
		}
		if !d.Exact {
			continue
		}
		sh, err := SolveShortest(cs, 1<<20)
		if err != nil {
			t.Fatalf("%s: %v", chordSet{Chords: cs}, err)
		}
		if sh.Fewest != d.Min || len(sh.Line) != d.Min {
			t.Errorf("%s: fewest %d (line %v), full search %d", chordSet{Chords: cs}, sh.Fewest, sh.Line, d.Min)
		}
		compared[d.Min]++
	}
	if len(compared) < 3 {
		t.Errorf("compared only fewest %v: too few kinds of set", compared)
	}
	t.Logf("fewest: sets compared %v", compared)
}

// BenchmarkShortestFull: a set of 4 chords whose every game has 12 moves,
// proved by the search over odd lengths up to 11.
func BenchmarkShortestFull(b *testing.B) {
	cs := chords(b, "120-30,330-150,330-60,0-330")
	for b.Loop() {
		sh, err := SolveShortest(cs, 1<<20)
		if err != nil || sh.Fewest != 12 {
			b.Fatal(sh.Fewest, err)
		}
	}
}
