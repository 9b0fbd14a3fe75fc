package crossdont

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
	"papergames/hp"
)

// BenchmarkPlayout plays whole rounds at the sheet's default size, 5
// chords: random chords between the Angles, then random offense moves
// until none is left; then Undo back to the start, as a search would.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	st := New(Game{}.Params()[0].Default, 1)
	var buf []Move
	moves := 0
	for b.Loop() {
		var n int
		n, buf = games.Playout[Move](st, rng, -1, buf)
		moves += n
		for st.Undo() == nil {
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/playout")
}

// BenchmarkPlayoutNew is BenchmarkPlayout with a new State each time.
func BenchmarkPlayoutNew(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []Move
	for b.Loop() {
		st := New(Game{}.Params()[0].Default, 1)
		_, buf = games.Playout[Move](st, rng, -1, buf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

const header = "game: cross-dont-cross\nplayers: [Ann, Bob]\nchords: %d\n"

// fresh builds the table of pairs from nothing, to compare with the one
// kept up to date move by move.
func fresh(t *testing.T, st *State, what string) {
	t.Helper()
	st.tab.sync(st.bd)
	var f table
	f.sync(st.bd)
	if !slices.Equal(f.st, st.tab.st) {
		t.Fatalf("%s: the table kept differs from one built afresh", what)
	}
	for p := range f.sides {
		if !slices.Equal(f.sides[p], st.tab.sides[p]) {
			t.Fatalf("%s: the sides of point %s differ", what, st.bd.name(p))
		}
	}
}

// brute checks Moves against Check on every pair of points: a pair is
// listed exactly when Check accepts it, by every name of its points.
func brute(t *testing.T, st *State, what string) {
	t.Helper()
	listed := map[string]bool{}
	for _, m := range st.Moves(nil) {
		listed[m.String()] = true
	}
	bd := st.bd
	n := 0
	for p := range bd.pts {
		for q := range bd.pts {
			if p == q {
				continue
			}
			m := Segment(bd.label(p), bd.label(q))
			err := st.Check(m)
			key := m.String()
			if p > q {
				key = Segment(bd.label(q), bd.label(p)).String()
			}
			if (err == nil) != listed[key] {
				t.Fatalf("%s: %s: Check says %v, listed %v", what, m, err, listed[key])
			}
			if err == nil && p < q {
				n++
			}
		}
	}
	if n != len(listed) {
		t.Fatalf("%s: %d moves pass Check, %d listed", what, n, len(listed))
	}
}

// empty reports what is left of a round undone to its start.
func empty(st *State) string {
	bd, tb := st.bd, &st.tab
	return fmt.Sprint(len(bd.pts), len(bd.segs), bd.chords, len(bd.endAt), len(bd.pairAt), tb.segs, tb.pts, len(tb.st), len(tb.sides), len(tb.log), len(tb.marks))
}

// Random playouts, taking moves back now and then: the table kept equals
// one built afresh, Moves equals the moves Check accepts, the transcript
// of the round scores the engine's scores, and Undo goes back to the start.
func TestPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 40
	if testing.Short() {
		n = 8
	}
	for i := range n {
		m := 1 + rng.IntN(6)
		st := New(m, i%2, "Ann", "Bob")
		start, record := empty(st), st.Record()
		var buf []Move
		for !st.Over() {
			what := fmt.Sprintf("playout %d, %s", i, st.Record())
			if st.Phase() == "moves" {
				fresh(t, st, what)
				if i < 10 {
					brute(t, st, what)
				}
			} else if i < 3 {
				buf = st.Moves(buf[:0])
				for _, c := range buf {
					if err := st.Check(c); err != nil {
						t.Fatalf("%s: the candidate chord %s is refused: %v", what, c, err)
					}
				}
				if st.Finite() || st.Constraint() == "" {
					t.Fatalf("%s: the chords are not finite", what)
				}
			}
			games.Playout[Move](st, rng, 1, buf)
			if rng.IntN(5) == 0 {
				for range 1 + rng.IntN(3) {
					st.Undo()
				}
			}
		}
		if st.Phase() != "over" || st.ToMove() != -1 || len(st.Moves(nil)) != 0 {
			t.Fatalf("playout %d: over, but phase %s, to move %d, moves %v", i, st.Phase(), st.ToMove(), st.Moves(nil))
		}
		if s := st.Scores(); s[i%2] != 0 || s[1-i%2] != st.moves() {
			t.Fatalf("playout %d: scores %v for %d moves", i, s, st.moves())
		}
		gamestest.CheckRecord(t, Game{}, games.Values{"strict": true}, fmt.Sprintf(header, m), games.Erase(st))
		for st.Undo() == nil {
		}
		if got := empty(st); got != start || st.Record() != record {
			t.Fatalf("playout %d: undone to %s %q, want %s %q", i, got, st.Record(), start, record)
		}
	}
}

// play starts a round of m chords and plays the words (chords, then
// moves), each of which must be legal.
func play(t *testing.T, m int, words string) *State {
	t.Helper()
	st := New(m, 1, "Ann", "Bob")
	for _, w := range strings.Fields(words) {
		mv, err := st.Parse(w)
		if err == nil {
			err = st.Play(mv)
		}
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
	return st
}

// Check, Play and Undo on the degenerate boards: shared ends, concurrent
// chords, a board with no move at all.
func TestEngineCheck(t *testing.T) {
	diam := "0-180 60-240 120-300"
	for _, tc := range []struct {
		m           int
		played, try string
		want        string // a part of the reason, "" when legal
	}{
		{2, "0-180", "180-0", "it lies along chord 1 (0-180): chords may share ends but not coincide"},
		{2, "0-180", "0-90", ""},
		{2, "0-180", "90-90", "both ends at 90 degrees"},
		{2, "0-180", "0-360", "angle 360 is outside 0 up to 360"},
		{2, "0-180", "1a-1b", `"1a" is not an angle`},
		{1, "0-180", "90-270", `"90" is not a point label`},
		{3, diam, "1a-2a", ""},
		{3, diam, "1A-2a", ""},
		{3, diam, "1a-1b", "it runs along chord 1 (0-180)"},
		{3, diam, "1x3-1b", "it runs along chord 1 (0-180)"},
		{3, diam, "1x2-2x3", "both ends are the same point, 1x2 (also 1x3, 2x3)"},
		{3, diam, "1a-2b", "move 1 is odd, so it may cross nothing, but it crosses chord 3 (120-300)"},
		{3, diam, "1a-4a", "there is no chord 4"},
		{3, diam, "1c-9a", "label: write a chord end as 1a or 1b (chord 1's first or second angle as written), a crossing as 1x3 (where segments 1 and 3 cross)\n9a: there is no chord 9"},
		{3, diam + " 1a-2a", "1b-2b", "move 2 is even, so it must cross exactly one drawn segment, but it crosses none"},
		{3, diam + " 1a-2a", "2a-3b", ""},
		{3, diam + " 1a-2a", "2a-1a", "it runs along segment 4 (move 1, 1a-2a)"},
		{3, diam + " 1a-2a", "1b-1x4", "1x4: chord 1 (0-180) and segment 4 (move 1, 1a-2a) do not cross"},
		{3, diam + " 1a-2a 2a-3b", "1b-2b", ""},
		{3, diam + " 1a-2a 2a-3b", "1x5-2a", "it runs along segment 5 (move 2, 2a-3b)"},
		{2, "0-120 0-240", "1a-2a", "both ends are the same point, 1a (also 2a)"},
		{2, "0-120 0-240", "1b-2b", ""},
		{3, "0-90 30-150 60-300", "1x2-3a", "runs along chord 3 (60-300)"},
	} {
		st := play(t, tc.m, tc.played)
		before := st.Record()
		mv, err := st.Parse(tc.try)
		if err == nil {
			err = st.Check(mv)
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s then %s: %v", tc.played, tc.try, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s then %s: got %v, want %s", tc.played, tc.try, err, tc.want)
		}
		if st.Record() != before {
			t.Errorf("%s then %s: Check changed the round", tc.played, tc.try)
		}
		if err != nil {
			if err := st.Play(mv); err == nil {
				t.Errorf("%s then %s: Check refuses, Play accepts", tc.played, tc.try)
			}
			continue
		}
		if mv.String() != tc.try {
			t.Errorf("%s read back as %s", tc.try, mv)
		}
		if err := st.Play(mv); err != nil {
			t.Errorf("%s then %s: Check accepts, Play refuses: %v", tc.played, tc.try, err)
		}
		if err := st.Undo(); err != nil || st.Record() != before {
			t.Errorf("%s then %s: undone to %q (%v)", tc.played, tc.try, st.Record(), err)
		}
	}
}

// Moves of the wrong phase are refused, whatever made them.
func TestEnginePhases(t *testing.T) {
	st := New(2, 0)
	if err := st.Undo(); err != games.ErrNothingToUndo {
		t.Errorf("Undo at the start: %v", err)
	}
	if st.Phase() != "chords" || st.ToMove() != 0 || st.Finite() || len(st.Moves(nil)) != 276 {
		t.Errorf("start: phase %s, to move %d, finite %v, %d candidates", st.Phase(), st.ToMove(), st.Finite(), len(st.Moves(nil)))
	}
	if err := st.Check(Segment(Label{S: 1}, Label{S: 1, T: 1})); err == nil || !strings.Contains(err.Error(), "the defense has drawn 0 of its 2 chords") {
		t.Errorf("a segment first: %v", err)
	}
	if err := st.Play(Chord(big.NewRat(0, 1), big.NewRat(180, 1))); err != nil {
		t.Fatal(err)
	}
	if n := len(st.Moves(nil)); n != 275 {
		t.Errorf("%d candidates after 0-180, want 275", n)
	}
	if err := st.Check(Chord(big.NewRat(180, 1), big.NewRat(0, 1))); err == nil || !strings.Contains(err.Error(), "lies along chord 1 (0-180)") {
		t.Errorf("180-0: %v", err)
	}
	if err := st.Play(Chord(big.NewRat(90, 1), big.NewRat(270, 1))); err != nil {
		t.Fatal(err)
	}
	if st.Phase() != "moves" || st.ToMove() != 1 || !st.Finite() || st.Constraint() == "" {
		t.Errorf("after the chords: phase %s, to move %d, finite %v", st.Phase(), st.ToMove(), st.Finite())
	}
	if err := st.Check(Chord(big.NewRat(10, 1), big.NewRat(20, 1))); err == nil || !strings.Contains(err.Error(), "the defense's 2 chords are drawn") {
		t.Errorf("a third chord: %v", err)
	}
	// Two diameters at right angles: move 1 is a side of the square.
	got := fmt.Sprint(st.Moves(nil))
	if got != "[1a-2a 1a-2b 1b-2a 1b-2b]" {
		t.Errorf("moves %s", got)
	}
	if st.Record() != "chords: 0-180 90-270\nmoves: []\n" { // no names: no defense
		t.Errorf("record %q", st.Record())
	}
	// The triangle of chords leaves no move: over before the offense moves.
	st = play(t, 3, "0-120 0-240 120-240")
	if !st.Over() || st.Phase() != "over" || st.ToMove() != -1 || fmt.Sprint(st.Scores()) != "[0 0]" {
		t.Errorf("triangle: over %v, phase %s, to move %d, scores %v", st.Over(), st.Phase(), st.ToMove(), st.Scores())
	}
	if st.Record() != "defense: Bob\nchords: 0-120 0-240 120-240\nmoves: []\n" {
		t.Errorf("record %q", st.Record())
	}
}

// The filtered orientation and the table's relations agree with hp on
// every triple and every pair of a few boards played at random.
func TestFilters(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 6 {
		st := New(5, 1)
		games.Playout[Move](st, rng, 5+rng.IntN(20), nil)
		st.tab.sync(st.bd)
		bd := st.bd
		for a := range bd.pts {
			for b := range bd.pts {
				for c := range bd.pts {
					if a != b && bd.orient(a, b, c) != hp.Orient(bd.pts[a].p, bd.pts[b].p, bd.pts[c].p) {
						t.Fatalf("board %d: orient %d %d %d", i, a, b, c)
					}
				}
				if a == b {
					continue
				}
				for s := range bd.segs {
					sg := bd.segs[s]
					want := hp.Classify(bd.pts[a].p, bd.pts[b].p, bd.pts[sg.a].p, bd.pts[sg.b].p)
					for _, got := range []hp.Relation{bd.relate(a, b, s), st.tab.rel(bd, a, b, s)} {
						if (got == hp.Cross) != (want == hp.Cross) || (got == hp.Coincide) != (want == hp.Coincide) {
							t.Fatalf("board %d: %s-%s and segment %d: %v, hp says %v", i, bd.name(a), bd.name(b), s+1, got, want)
						}
					}
				}
			}
		}
	}
}

// papergames moves lists what the engine lists, on rounds stopped at
// random.
func TestMovesCommand(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 12 {
		m := 1 + rng.IntN(5)
		st := New(m, 1, "Ann", "Bob")
		games.Playout[Move](st, rng, m+rng.IntN(25), nil)
		src := gamestest.Transcript(fmt.Sprintf(header, m), games.Erase(st))
		txt, err := games.Moves(Game{}, "p.yaml", []byte(src), games.Values{})
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		var listed []string
		for _, line := range strings.Split(txt, "\n") {
			if strings.HasPrefix(line, "  ") && !strings.HasPrefix(line, "  crossing") {
				listed = append(listed, strings.Fields(line)...)
			}
		}
		var want []string
		for _, mv := range st.Moves(nil) {
			want = append(want, mv.String())
		}
		slices.Sort(listed)
		slices.Sort(want)
		if !slices.Equal(listed, want) {
			t.Fatalf("moves lists %v, the engine %v\n%s", listed, want, src)
		}
		if st.Over() != strings.Contains(txt, "the round is over") {
			t.Fatalf("over %v, but moves says\n%s", st.Over(), txt)
		}
	}
}
