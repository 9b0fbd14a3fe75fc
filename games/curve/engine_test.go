package curve

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// loopOf reads square names.
func loopOf(t testing.TB, names string) []Cell {
	t.Helper()
	st, _ := New(40, []string{"x"})
	m, err := st.Parse(names)
	if err != nil {
		t.Fatal(err)
	}
	return m.Loop
}

// started returns a 5-by-5 round of Ann and Bob with annCurve and bobCurve
// drawn and the moves played, each in the engine's notation.
func started(t testing.TB, moves ...string) *State {
	t.Helper()
	st, err := New(5, []string{"Ann", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range append([]string{annCurve, bobCurve}, moves...) {
		m, err := st.Parse(w)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
	return st
}

func TestEngineNew(t *testing.T) {
	if _, err := New(3, []string{"Ann"}); err == nil || err.Error() != "size 3: must be from 4 to 40" {
		t.Errorf("size 3: %v", err)
	}
	if _, err := New(5, nil); err == nil || err.Error() != "no players" {
		t.Errorf("no players: %v", err)
	}
}

// TestEngineCheck pins Check's reasons (the scorer's words for curves,
// after "round N, ") on degenerate moves, and that Play and Undo agree.
func TestEngineCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before []string // after the two curves, unless curves is set
		curves bool     // before starts from the curves phase
		move   string
		want   string
	}{
		{"a 2-by-2 loop", nil, true, "A1 B1 B2 A2", ""},
		{"three squares", nil, true, "A1 B1 B2", "Ann's curve has 3 squares; a curve is a loop of at least 4"},
		{"one square", nil, true, "A1", "Ann's curve has 1 square; a curve is a loop of at least 4"},
		{"diagonal step", nil, true, "B2 C2 D2 D3 C4 B4 B3", "Ann's curve, square 5 (C4): a diagonal step from square 4 (D3); each square shares a side with the next"},
		{"not closed", []string{annCurve}, true, "A1 B1 C1 C2", "Bob's curve: the loop does not close: its last square, C2, does not touch its first, A1; the last square shares a side with the first"},
		{"closed twice", nil, true, "A1 B1 B2 A2 A1", "Ann's curve, square 5 (A1) is square 1 again; the loop closes by itself, from its last square back to its first, so leave out the second A1"},
		{"numbering", nil, false, "C2=[1] B2=[2]", ""},
		{"numbering written the other way", nil, false, "B2=[2] C2=[1]", ""},
		{"[1] off the loop", nil, false, "C3=[1] C2=[2]", "C3 is not on the loop; [1] goes on one of its squares"},
		{"[2] not next", nil, false, "B2=[1] D2=[2]", "D2 [2] does not follow B2 [1] along the loop; the curve numbers run 1, 2, 3, ... square by square along it"},
		{"a curve in the numbering phase", nil, false, annCurve, `"B2 C2 D2 D3 D4 C4 B4 B3": number the loop by placing [1] and [2], e.g. B2=[1] C2=[2]`},
		{"write 1", []string{"B2=[1] C2=[2]"}, false, "C3=1", ""},
		{"write the wrong number", []string{"B2=[1] C2=[2]"}, false, "C3=2", "C3=2: the inside numbers run 1, 2, 3, ... with none skipped or repeated, so the next is 1"},
		{"write on the loop", []string{"B2=[1] C2=[2]"}, false, "B2=1", "B2 is on the loop (square 1), which holds the curve numbers; inside numbers go inside it"},
		{"write outside", []string{"B2=[1] C2=[2]"}, false, "A1=1", "A1 is outside the curve; squares outside stay empty"},
		// Ann's grid is full after 1: Bob's numbering is next, then Ann
		// fills Bob's curve.
		{"next grid", []string{"B2=[1] C2=[2]", "C3=1", "D4=[1] C4=[2]", "C3=1"}, false, "A1=[1] B1=[2]", ""},
		{"not coprime", []string{"B2=[1] C2=[2]", "C3=1", "D4=[1] C4=[2]", "C3=1", "A1=[1] B1=[2]", "B2=1", "C2=2"}, false, "D2=3",
			"D2 3 and E2 [6] have the common factor 3; an inside square and its side neighbours hold coprime numbers"},
		{"not coprime with two", []string{"B2=[1] C2=[2]", "C3=1", "D4=[1] C4=[2]", "C3=1", "A1=[1] B1=[2]", "C3=1"}, false, "D2=2",
			"D1 [4] and D2 2 have the common factor 2; an inside square and its side neighbours hold coprime numbers\n" +
				"D2 2 and E2 [6] have the common factor 2; an inside square and its side neighbours hold coprime numbers"},
		{"already filled", []string{"B2=[1] C2=[2]", "C3=1", "D4=[1] C4=[2]", "C3=1", "A1=[1] B1=[2]", "B2=1"}, false, "B2=2", "B2 already holds 1; each square takes one number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var st *State
			if tc.curves {
				st, _ = New(5, []string{"Ann", "Bob"})
				for _, w := range tc.before {
					if err := st.Play(Move{Kind: Curve, Loop: loopOf(t, w)}); err != nil {
						t.Fatal(err)
					}
				}
			} else {
				st = started(t, tc.before...)
			}
			m, err := st.Parse(tc.move)
			if err == nil {
				err = st.Check(m)
			}
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Fatalf("Check(%s)\n got %s\nwant %s", tc.move, got, tc.want)
			}
			if err != nil {
				return
			}
			before := st.Record() + fmt.Sprint(st.Scores(), st.Phase(), st.ToMove())
			if err := st.Play(m); err != nil {
				t.Fatal(err)
			}
			if err := st.Undo(); err != nil {
				t.Fatal(err)
			}
			if after := st.Record() + fmt.Sprint(st.Scores(), st.Phase(), st.ToMove()); after != before {
				t.Errorf("Undo does not restore the state:\n%s\nwant\n%s", after, before)
			}
		})
	}
}

// TestEnginePhases walks a round with a curve that has nothing inside:
// its grids are over as soon as the loop is numbered.
func TestEnginePhases(t *testing.T) {
	st, _ := New(4, []string{"Ann", "Bob"})
	type step struct {
		phase  string
		toMove int
		move   string
	}
	for _, s := range []step{
		{"curves", 0, "A1 B1 B2 A2"},
		{"curves", 1, "A1 B1 C1 D1 D2 D3 D4 C4 B4 A4 A3 A2"},
		{"numbering", 0, "A1=[1] B1=[2]"}, // Ann's curve, Ann: nothing inside
		{"numbering", 1, "B2=[1] A2=[2]"}, // Ann's curve, Bob
		{"numbering", 0, "A1=[1] A2=[2]"}, // Bob's curve, Ann
		{"inside", 0, "B2=1"},
		{"inside", 0, "C2=2"}, // 3 fits neither B3 (A3 [3]) nor C3 (C4 [6])
	} {
		if st.Phase() != s.phase || st.ToMove() != s.toMove {
			t.Fatalf("before %s: phase %s, to move %d; want %s, %d", s.move, st.Phase(), st.ToMove(), s.phase, s.toMove)
		}
		m, err := st.Parse(s.move)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", s.move, err)
		}
	}
	if st.Phase() != "numbering" || st.ToMove() != 1 {
		t.Errorf("Bob's curve filled by Ann is over at 2: phase %s, to move %d", st.Phase(), st.ToMove())
	}
	if !reflect.DeepEqual(st.Scores(), []int{2, 0}) {
		t.Errorf("scores %v", st.Scores())
	}
	if len(st.Moves(nil)) != 2*12 {
		t.Errorf("numbering moves %d, want 24", len(st.Moves(nil)))
	}
}

// checkMoves compares the listed moves with every write Check allows.
func checkMoves(t *testing.T, st *State) {
	t.Helper()
	listed := st.Moves(nil)
	for _, m := range listed {
		if err := st.Check(m); err != nil {
			t.Fatalf("listed %v is refused: %v", m, err)
		}
	}
	if st.Phase() != "inside" {
		return
	}
	g := st.grids[st.cur]
	var want []Move
	for r := range st.n {
		for c := range st.n {
			m := Move{Kind: Write, At: Cell{c, r}, Value: g.k + 1}
			if st.Check(m) == nil {
				want = append(want, m)
			}
			// By the definition: an empty inside square whose filled
			// neighbours are all coprime with k+1.
			brute := g.lp.isInside(m.At) && g.val[g.lp.sq(m.At)] == 0
			for _, q := range []Cell{{c - 1, r}, {c + 1, r}, {c, r - 1}, {c, r + 1}} {
				if onBoard(q, st.n) && g.val[g.lp.sq(q)] != 0 && gcd(g.k+1, int(g.val[g.lp.sq(q)])) != 1 {
					brute = false
				}
			}
			if brute != (st.Check(m) == nil) {
				t.Fatalf("%v: Check %v, by the definition legal %v", m, st.Check(m), brute)
			}
		}
	}
	if fmt.Sprint(listed) != fmt.Sprint(want) {
		t.Fatalf("listed %v, Check allows %v", listed, want)
	}
}

// TestEnginePlayouts: random rounds, their records scored by the scorer
// as the engine scores them; listed moves legal, legal moves listed;
// Undo back to the start restores it.
func TestEnginePlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 10))
	names := []string{"Ann", "Bob", "Cy Young", "D'Arcy"}
	for game := range 60 {
		n := 4 + rng.IntN(6)
		players := 2 + rng.IntN(3)
		st, err := New(n, names[:players])
		if err != nil {
			t.Fatal(err)
		}
		start := st.Record()
		played := 0
		for !st.Over() {
			if game%4 == 0 {
				checkMoves(t, st)
			}
			k, _ := games.Playout(st, rng, 1, nil)
			if k != 1 {
				t.Fatalf("no move in phase %s", st.Phase())
			}
			played++
		}
		header := fmt.Sprintf("game: within-the-curve\nplayers: %s\nsize: %d", gamestest.Players(names[:players]), n)
		gamestest.CheckRecord(t, Game{}, games.Values{}, header, games.Erase(st))
		// No unfinished grid: every grid was filled as far as it goes.
		res, _, _ := games.Score(Game{}, "p.yaml", []byte(gamestest.Transcript(header, games.Erase(st))), games.Values{})
		if len(res.Warnings) > 0 {
			t.Fatalf("warnings %q", res.Warnings)
		}
		for range played {
			if err := st.Undo(); err != nil {
				t.Fatal(err)
			}
		}
		if st.Record() != start || st.Phase() != "curves" || slices.ContainsFunc(st.Scores(), func(v int) bool { return v != 0 }) {
			t.Fatalf("undoing the playout leaves\n%s", st.Record())
		}
		if err := st.Undo(); err != games.ErrNothingToUndo {
			t.Fatalf("Undo at the start: %v", err)
		}
	}
}

// TestEngineClone: a clone plays on without touching the original.
func TestEngineClone(t *testing.T) {
	st := started(t, "B2=[1] C2=[2]")
	c := st.Clone()
	for _, w := range []string{"C3=1", "D4=[1] C4=[2]"} {
		m, _ := c.Parse(w)
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if st.Phase() != "inside" || st.K(0, 0) != 0 || c.K(0, 0) != 1 {
		t.Errorf("original %s K %d, clone K %d", st.Phase(), st.K(0, 0), c.K(0, 0))
	}
}

// BenchmarkPlayout plays random rounds on the default 12-by-12 grids,
// two players: two random curves, then four grids filled to the end.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	st, _ := New(12, []string{"Ann", "Bob"})
	var buf []Move
	b.ReportAllocs()
	for b.Loop() {
		var k int
		k, buf = games.Playout(st, rng, -1, buf)
		for range k {
			st.Undo()
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}
