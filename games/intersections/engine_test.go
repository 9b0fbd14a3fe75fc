package intersections

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

func newState(t testing.TB, n, m int) *State {
	t.Helper()
	st, err := New(n, m, []string{"Ann", "Bob"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func play(t testing.TB, st *State, moves string) {
	t.Helper()
	for _, w := range strings.Fields(moves) {
		mv, err := st.Parse(w)
		if err == nil {
			err = st.Play(mv)
		}
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
}

func TestEngineNew(t *testing.T) {
	for _, tc := range []struct {
		n, m, off int
		players   []string
		want      string
	}{
		{1, 1, 0, []string{"Ann"}, "size 1: must be from 2 to 30"},
		{31, 1, 0, []string{"Ann"}, "size 31: must be from 2 to 30"},
		{3, -1, 0, []string{"Ann"}, "segments -1: must be at least 0"},
		{3, 1, 0, nil, "no players"},
		{3, 1, 2, []string{"Ann", "Bob"}, "offense 2: must be a seat from 0 to 1"},
	} {
		if _, err := New(tc.n, tc.m, tc.players, tc.off); err == nil || err.Error() != tc.want {
			t.Errorf("New(%d, %d, %v, %d): %v, want %s", tc.n, tc.m, tc.players, tc.off, err, tc.want)
		}
	}
}

// TestEngineCheck: the engine's reasons are the scorer's messages after
// "round N, ", on degenerate boards and moves.
func TestEngineCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		n, m   int
		before string
		move   Move
		want   string // "" when legal
	}{
		{"the smallest board", 2, 1, "", Move{Dot{0, 0}, Dot{1, 0}}, ""},
		{"off the board", 2, 1, "", Move{Dot{0, 0}, Dot{2, 0}}, "segment 1 (A1-C1): C1 is off the 2-by-2 board (columns A-B, rows 1-2)"},
		{"negative", 2, 1, "", Move{Dot{0, 0}, Dot{0, -1}}, "segment 1 (A1-A0): A0 is off the 2-by-2 board (columns A-B, rows 1-2)"},
		{"zero length", 3, 1, "", Move{Dot{1, 1}, Dot{1, 1}}, "segment 1 (B2-B2): both ends are B2; a segment joins two different dots"},
		{"diagonal", 3, 1, "", Move{Dot{0, 0}, Dot{1, 1}}, "segment 1 (A1-B2): not along one row or column (A1 is in column A, row 1; B2 in column B, row 2); segments run straight across or straight down"},
		{"round over", 3, 1, "A1-B1", Move{Dot{0, 1}, Dot{1, 1}}, "segment 2 (A2-B2): the round is over: its 1 segment is drawn"},
		{"the same, reversed", 3, 2, "A1-C1", Move{Dot{2, 0}, Dot{0, 0}}, "segment 2 (C1-A1) is segment 1 (A1-C1) drawn again: the same line may not be drawn twice"},
		{"end to end", 3, 2, "A1-B1", Move{Dot{1, 0}, Dot{2, 0}}, ""},
		{"T on the edge", 3, 2, "A1-C1", Move{Dot{1, 0}, Dot{1, 2}}, ""},
		{"plus", 3, 2, "A2-C2", Move{Dot{1, 0}, Dot{1, 2}}, "segment 2 (B1-B3) crosses segment 1 (A2-C2) at B2: lines may meet only at a dot where one of them ends"},
		{"through two ends", 3, 3, "B1-B2 B2-B3", Move{Dot{0, 1}, Dot{2, 1}}, ""},
		{"coincide and cross, in the order drawn", 4, 3, "B1-B4 A3-B3", Move{Dot{0, 2}, Dot{3, 2}},
			"segment 3 (A3-D3) crosses segment 1 (B1-B4) at B3: lines may meet only at a dot where one of them ends\n" +
				"segment 3 (A3-D3) coincides with segment 2 (A3-B3) from A3 to B3: two lines may share a dot but not a stretch of line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := newState(t, tc.n, tc.m)
			play(t, st, tc.before)
			err := st.Check(tc.move)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Fatalf("Check(%v)\n got %s\nwant %s", tc.move, got, tc.want)
			}
			listed := slices.ContainsFunc(st.Moves(nil), func(m Move) bool { return sameSegment(m, tc.move) })
			if listed != (tc.want == "") {
				t.Errorf("listed %v, legal %v", listed, tc.want == "")
			}
			before := st.Clone()
			if err := st.Play(tc.move); (err == nil) != (tc.want == "") || (err != nil && err.Error() != tc.want) {
				t.Fatalf("Play: %v", err)
			}
			if err != nil {
				if !sameState(st, before) {
					t.Error("a refused Play changed the state")
				}
				return
			}
			if err := st.Undo(); err != nil || !sameState(st, before) {
				t.Errorf("Undo: %v; the state is not as before", err)
			}
		})
	}
}

func TestEngineParse(t *testing.T) {
	st := newState(t, 6, 3)
	play(t, st, "A1-B1")
	for _, tc := range []struct{ in, want string }{
		{"b2-b6", "B2-B6"},
		{"B6-B2", "B6-B2"},
		{"C3-C3", "C3-C3"}, // read; Check refuses it
		{"B2 B6", "segment 2 (B2 B6): join the two end dots with a dash: B2-B6"},
		{"B2", `segment 2 (B2): "B2" is a single dot; write a segment as its two end dots joined by a dash, e.g. B2-C2`},
		{"F2", `segment 2 (F2): "F2" is a single dot; write a segment as its two end dots joined by a dash, e.g. F2-E2`},
		{"B2-B4-B6", "segment 2 (B2-B4-B6): a segment has two ends, not three; for one line through B4 write B2-B6, for two lines B2-B4 B4-B6"},
		{"B2-", "segment 2 (B2-): a segment is two dots joined by one dash, e.g. B2-B6; one end is missing"},
		{"A1-A7", `segment 2 (A1-A7): "A7" is off the 6-by-6 board (columns A-F, rows 1-6)`},
		{"x", `segment 2 (x): "x" is not a segment; write its two end dots joined by a dash, e.g. B2-B6`},
	} {
		mv, err := st.Parse(tc.in)
		got := mv.String()
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("Parse(%q)\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

// TestEngineOver: a round ends after m segments, or when every gap is
// covered, whichever comes first; then nothing is listed or played.
func TestEngineOver(t *testing.T) {
	st := newState(t, 2, 4)
	if st.Phase() != "segments" || st.ToMove() != 0 || len(st.Moves(nil)) != 4 {
		t.Fatalf("phase %s, to move %d, moves %v", st.Phase(), st.ToMove(), st.Moves(nil))
	}
	play(t, st, "A1-B1 B1-B2")
	if st.ToMove() != 0 || st.Points() != 0 {
		t.Errorf("to move %d, points %d", st.ToMove(), st.Points())
	}
	st3 := newState(t, 3, 12)
	play(t, st3, "A1-C1 A3-C3 A1-A3 C1-C3 A2-B2 B2-C2 B1-B2 B2-B3")
	if !st3.Over() || st3.Phase() != "over" || st3.ToMove() != -1 || len(st3.Moves(nil)) != 0 {
		t.Errorf("every gap covered after 8 of 12 segments: over %v, moves %v", st3.Over(), st3.Moves(nil))
	}
	// 4 corners of weight 2, 4 edge dots of 3, the centre 4.
	if st3.Points() != 5 || !reflect.DeepEqual(st3.Scores(), []int{5, 0}) {
		t.Errorf("points %d, scores %v", st3.Points(), st3.Scores())
	}
	for range 8 {
		if err := st3.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if err := st3.Undo(); err != games.ErrNothingToUndo {
		t.Errorf("Undo at the start: %v", err)
	}
	if !sameState(st3, newState(t, 3, 12)) {
		t.Error("Undo back to the start does not restore the initial state")
	}
}

// sameSegment: the same dots, either way round.
func sameSegment(a, b Move) bool { return a == b || (a.A == b.B && a.B == b.A) }

func sameState(a, b *State) bool {
	return a.n == b.n && a.m == b.m && a.offense == b.offense && slices.Equal(a.segs, b.segs) &&
		slices.Equal(a.cover, b.cover) && slices.Equal(a.weight, b.weight) && a.points == b.points && a.covered == b.covered
}

// checkMoves compares Moves with every segment of the board that Check
// allows: each listed once, top or left end first.
func checkMoves(t *testing.T, st *State) {
	t.Helper()
	listed := st.Moves(nil)
	seen := map[Move]bool{}
	for _, mv := range listed {
		if seen[mv] {
			t.Fatalf("%v listed twice", mv)
		}
		seen[mv] = true
		if mv.A.C > mv.B.C || mv.A.R > mv.B.R {
			t.Fatalf("%v listed bottom or right end first", mv)
		}
	}
	// RandomMove draws from the same set, every move of it.
	if len(listed) > 0 {
		rng := rand.New(rand.NewPCG(uint64(len(listed)), 7))
		drawn := map[Move]bool{}
		for range 20 * len(listed) {
			mv, ok := st.RandomMove(rng)
			if !ok || !seen[mv] {
				t.Fatalf("RandomMove gave %v (%v), not a listed move", mv, ok)
			}
			drawn[mv] = true
		}
		if len(drawn) != len(listed) {
			t.Fatalf("RandomMove drew %d of the %d listed moves", len(drawn), len(listed))
		}
	} else if _, ok := st.RandomMove(rand.New(rand.NewPCG(1, 1))); ok {
		t.Fatal("RandomMove found a move where none is listed")
	}
	n := int8(st.n)
	for ac := range n {
		for ar := range n {
			for bc := range n {
				for br := range n {
					mv := Move{Dot{ac, ar}, Dot{bc, br}}
					canon := mv
					if bc < ac || br < ar {
						canon = Move{mv.B, mv.A}
					}
					if legal := st.Check(mv) == nil; legal != seen[canon] {
						t.Fatalf("%v: Check says legal %v, Moves lists it %v", mv, legal, seen[canon])
					}
				}
			}
		}
	}
}

// TestEnginePlayouts: random playouts, their records scored by the scorer
// as the engine scores them; every listed move is legal and every legal
// move listed; Undo back to the start restores the initial state.
func TestEnginePlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(2009, 4))
	names := []string{"Ann", "Bob", "Cy Young", "D'Arcy"}
	for game := range 200 {
		n := 2 + rng.IntN(7)
		players := 2 + rng.IntN(3)
		m := 1 + rng.IntN((n-1)*(n-1)+2) // below the advice: never stuck
		var rounds []games.Round
		for r := range 1 + rng.IntN(3) {
			st, err := New(n, m, names[:players], (game+r)%players)
			if err != nil {
				t.Fatal(err)
			}
			start := st.Clone()
			var buf []Move
			played := 0
			for !st.Over() {
				if game%10 == 0 && n <= 5 {
					checkMoves(t, st)
				}
				var k int
				k, buf = games.Playout(st, rng, 1, buf)
				played += k
			}
			if played != m || st.Phase() != "over" {
				t.Fatalf("%d-by-%d: %d segments played of %d", n, n, played, m)
			}
			rounds = append(rounds, games.Erase(st))
			c := st.Clone()
			for range played {
				if err := c.Undo(); err != nil {
					t.Fatal(err)
				}
			}
			if !sameState(c, start) {
				t.Fatalf("%d-by-%d: undoing the playout does not restore the start", n, n)
			}
		}
		header := fmt.Sprintf("game: making-intersections\nplayers: %s\nsize: %d\nsegments: %d", gamestest.Players(names[:players]), n, m)
		gamestest.CheckRecord(t, Game{}, games.Values{}, header, rounds...)
	}
}

// TestEngineStuck: with m at the most the board holds, a playout may
// cover every gap before m segments; the scorer then refuses the record
// for its count, as it would a typed round.
func TestEngineStuck(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	stuck := 0
	for range 100 {
		st := newState(t, 3, 12)
		n, _ := games.Playout(st, rng, -1, nil)
		if n == 12 {
			continue
		}
		stuck++
		src := gamestest.Transcript("game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: 12", games.Erase(st))
		_, _, err := games.Score(Game{}, "s.yaml", []byte(src), games.Values{})
		if want := fmt.Sprintf("round 1 has %d segments; every round has 12", n); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%v, want %q", err, want)
		}
	}
	if stuck == 0 {
		t.Error("no random game covered every gap early")
	}
}

// BenchmarkPlayout plays random rounds on the default 8-by-8 board with
// the blank transcript's 6 segments, two players.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	st := newState(b, 8, 6)
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
