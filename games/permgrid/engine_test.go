package permgrid

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

var seats = []string{"Ann", "Bob"}

// play places the dots of names on a new round, failing t on a refusal.
func play(t *testing.T, n, p1 int, names string) *State {
	t.Helper()
	s, err := New(n, seats, p1)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range strings.Fields(names) {
		m, err := s.Parse(w)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
	return s
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		n     int
		seats []string
		p1    int
		want  string
	}{
		{2, seats, 0, "a grid of 2 lines: must be from 3 to 40"},
		{41, seats, 0, "a grid of 41 lines"},
		{5, seats[:1], 0, "1 seats; the game is for 2"},
		{5, seats, 2, "player 1 is seat 2"},
	} {
		if _, err := New(tc.n, tc.seats, tc.p1); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%d, %v, %d): %v, want %q", tc.n, tc.seats, tc.p1, err, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		n      int
		before string
		move   Move
		want   string // "" for legal
	}{
		{3, "", Move{0, 0}, ""},
		{3, "", Move{2, 2}, ""},
		{3, "", Move{3, 0}, `D1 is off the 3-by-3 board (columns A-C, rows 1-3)`},
		{3, "", Move{0, -1}, `(column 1, row 0) is off the 3-by-3 board (columns A-C, rows 1-3)`},
		{3, "B2", Move{1, 0}, "column B already has dot 1 (B2)"},
		{3, "B2", Move{0, 1}, "row 2 already has dot 1 (B2)"},
		{3, "B2", Move{1, 1}, "row 2 already has dot 1 (B2)\ncolumn B already has dot 1 (B2)"},
		{4, "A2 C1", Move{2, 1}, "row 2 already has dot 1 (A2)\ncolumn C already has dot 2 (C1)"},
		{3, "A1 B2 C3", Move{0, 0}, "the grid has 3 lines each way, so 3 dots"},
	} {
		s := play(t, tc.n, 0, tc.before)
		before := s.Record()
		err := s.Check(tc.move)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("%d %q + %v: %v, want %q", tc.n, tc.before, tc.move, err, tc.want)
		}
		if s.Record() != before {
			t.Errorf("Check changed the state")
		}
		perr := s.Play(tc.move)
		if fmt.Sprint(perr) != fmt.Sprint(err) {
			t.Errorf("Play says %v, Check %v", perr, err)
		}
		if perr != nil && s.Record() != before {
			t.Errorf("a refused Play changed the state")
		}
		listed := slices.Contains(s.Moves(nil), tc.move)
		if perr == nil {
			s.Undo()
			listed = slices.Contains(s.Moves(nil), tc.move)
		}
		if listed != (err == nil) {
			t.Errorf("%v listed %v, legal %v", tc.move, listed, err == nil)
		}
	}
}

func TestRoundScores(t *testing.T) {
	for _, tc := range []struct {
		n     int
		p1    int
		dots  string
		want  [2]int
		phase []string // after each dot
	}{
		// The examples' hand-checked rounds.
		{4, 0, "C1 A2 D3 B4", [2]int{4, 0}, nil},
		{4, 1, "A1 B2 C3 D4", [2]int{0, 0}, nil},
		{4, 0, "B1 A2 D3 C4", [2]int{2, 0}, nil},
		{5, 0, "A1 D2 B3 E4 C5", [2]int{5, 0}, nil},
		{5, 1, "A1 D2 E3 C4 B5", [2]int{1, 1}, nil},
		{3, 1, "A1 B2 C3", [2]int{0, 0}, []string{"dots", "dots", "over"}},
		{3, 0, "B1 A2 C3", [2]int{1, 0}, nil}, // one triangle, B1-A2 drawn twice
	} {
		s, _ := New(tc.n, seats, tc.p1)
		for k, w := range strings.Fields(tc.dots) {
			if got := s.ToMove(); got != (tc.p1+k)%2 {
				t.Errorf("%s, dot %d: seat %d to move", tc.dots, k+1, got)
			}
			if fmt.Sprint(s.Scores()) != "[0 0]" {
				t.Errorf("%s: scores %v before the round is over", tc.dots, s.Scores())
			}
			m, _ := s.Parse(w)
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
			if tc.phase != nil && s.Phase() != tc.phase[k] {
				t.Errorf("%s, after dot %d: phase %s", tc.dots, k+1, s.Phase())
			}
		}
		if !s.Over() || s.ToMove() != -1 || s.Phase() != "over" || len(s.Moves(nil)) != 0 {
			t.Errorf("%s: not over", tc.dots)
		}
		if got := s.Scores(); got[0] != tc.want[0] || got[1] != tc.want[1] {
			t.Errorf("%s: scores %v, want %v", tc.dots, got, tc.want)
		}
		if err := s.Undo(); err != nil || s.Over() || fmt.Sprint(s.Scores()) != "[0 0]" {
			t.Errorf("%s: Undo of the last dot: %v, over %v, scores %v", tc.dots, err, s.Over(), s.Scores())
		}
	}
	s, _ := New(3, seats, 0)
	if err := s.Undo(); !errors.Is(err, games.ErrNothingToUndo) {
		t.Errorf("Undo at the start: %v", err)
	}
}

// TestPlayouts plays random rounds: the scorer, given each round's Record,
// must score what the engine scores; every listed move is legal and every
// legal move listed (against all n*n crossings); Undo back to the start
// restores the first state.
func TestPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var buf []Move
	for run := range 300 {
		n := 3 + rng.IntN(14)
		s, _ := New(n, seats, rng.IntN(2))
		start := fmt.Sprint(s.dots, s.row, s.col, s.score, s.Phase(), s.ToMove())
		for !s.Over() {
			buf = s.Moves(buf[:0])
			for c := range n {
				for r := range n {
					m := Move{c, r}
					if (s.Check(m) == nil) != slices.Contains(buf, m) {
						t.Fatalf("%s: %v listed %v, Check %v", s.Record(), m, slices.Contains(buf, m), s.Check(m))
					}
				}
			}
			if len(buf) != (n-len(s.dots))*(n-len(s.dots)) {
				t.Fatalf("%d moves listed with %d dots placed", len(buf), len(s.dots))
			}
			games.Playout(s, rng, 1, buf)
		}
		if c := s.Clone(); c.Record() != s.Record() || fmt.Sprint(c.Scores()) != fmt.Sprint(s.Scores()) {
			t.Fatalf("the clone of %s differs", s.Record())
		} else if rec := s.Record(); c.Undo() != nil || s.Record() != rec || !s.Over() {
			t.Fatalf("undoing on a clone changed the round")
		}
		header := fmt.Sprintf("game: permutation-grid\nplayers: [Ann, Bob]\nsize: %d", n)
		if run%3 == 0 {
			s2, _ := New(n, seats, rng.IntN(2))
			games.Playout(s2, rng, -1, nil)
			gamestest.CheckRecord(t, Game{}, nil, header, games.Erase(s), games.Erase(s2))
		} else {
			gamestest.CheckRecord(t, Game{}, nil, header, games.Erase(s))
		}
		for s.Undo() == nil {
		}
		if got := fmt.Sprint(s.dots, s.row, s.col, s.score, s.Phase(), s.ToMove()); got != start {
			t.Fatalf("after undoing everything: %s, want %s", got, start)
		}
	}
}

func TestMoves(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"game: permutation-grid\nplayers: [Ann, Bob]\nsize: 4\nrounds:\n  - dots: C1 A2 D3 B4\n  - dots: B2\n",
			"m.yaml: round 2: Bob is player 1 (triangles), Ann player 2 (4 or more sides); 1 of 4 dots placed.\n" +
				"Dot 2 is Ann's: a line crossing on a row and a column that hold no dot yet. 9 legal move(s):\n" +
				"  row 1: A1 C1 D1\n  row 3: A3 C3 D3\n  row 4: A4 C4 D4\n"},
		{"game: permutation-grid\nplayers: [Ann, Bob]\nsize: 3\nrounds:\n  - dots: \"\"\n",
			"m.yaml: round 1: Ann is player 1 (triangles), Bob player 2 (4 or more sides); 0 of 3 dots placed.\n" +
				"Dot 1 is Ann's: a line crossing on a row and a column that hold no dot yet. 9 legal move(s):\n" +
				"  row 1: A1 B1 C1\n  row 2: A2 B2 C2\n  row 3: A3 B3 C3\n"},
		{"game: permutation-grid\nplayers: [Ann, Bob]\nsize: 3\nrounds:\n  - dots: A1 B2 C3\n    player1: Bob\n",
			"m.yaml: round 1: Bob is player 1 (triangles), Ann player 2 (4 or more sides); 3 of 3 dots placed.\n" +
				"Every dot is placed: the round is over, no move remains.\n"},
		// Only the last round may be unfinished.
		{"game: permutation-grid\nplayers: [Ann, Bob]\nsize: 3\nrounds:\n  - dots: A1 B2\n  - dots: A1\n",
			"m.yaml:5:11: round 1: 2 dots placed; a 3-line grid takes 3, one on every row and column"},
		{"game: permutation-grid\nplayers: [Ann, Bob]\nsize: 3\nrounds:\n  - dots: A1 A2\n",
			"m.yaml:5:14: round 1, dot 2 (A2): column A already has dot 1 (A1)"},
	} {
		tr, err := games.ReadTranscript(Game{}, "m.yaml", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		got, err := Game{}.Moves(tr, nil)
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("moves of\n%s\ngot\n%s\nwant\n%s", tc.src, got, tc.want)
		}
	}
}

// BenchmarkPlayout plays random rounds on the default 10-line grid.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	s, _ := New(10, seats, 0)
	var buf []Move
	for b.Loop() {
		_, buf = games.Playout(s, rng, -1, buf)
		for s.Undo() == nil {
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}
