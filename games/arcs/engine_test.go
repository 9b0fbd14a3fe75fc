package arcs

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

func newState(t testing.TB, m, seats, start, first int) *State {
	t.Helper()
	names := make([]string, seats)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	s, err := New(m, names, start, first)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// play plays the moves written in transcript notation, failing t on a
// refusal.
func play(t testing.TB, s *State, moves ...string) {
	t.Helper()
	for _, w := range moves {
		mv, err := s.Parse(w)
		if err == nil {
			err = s.Play(mv)
		}
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		m, seats, start, first int
		want                   string
	}{
		{2, 2, 0, 0, "marks 2: a round is played on 3 to 1000 marks"},
		{1001, 2, 0, 0, "marks 1001"},
		{8, 0, 0, 0, "at least one player"},
		{8, 2, 2, 0, "seat 2 starts, but the seats are 0 to 1"},
		{8, 2, 0, 9, "first centre 9 is not a mark"},
		{8, 2, 0, -1, "first centre -1"},
	} {
		_, err := New(tc.m, make([]string, tc.seats), tc.start, tc.first)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%d, %d seats, %d, %d): %v, want %q", tc.m, tc.seats, tc.start, tc.first, err, tc.want)
		}
	}
}

// TestCheck: the reasons Check gives on small boards, from a free or a
// fixed first centre, are the scorer's words.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name         string
		m, first     int
		played       []string
		move         Move
		want         string // "" for legal
		wantScoreNow []int
	}{
		{"free first, any centre", 8, 0, nil, Move{Centre: 5, Reach: 3}, "", nil},
		{"free first, no centre", 8, 0, nil, Move{Reach: 1}, "the first arc of a round may be centred on any mark, but must say which", nil},
		{"free first, off the board", 8, 0, nil, Move{Centre: 9, Reach: 1}, "mark 9 is not on the board; the marks are 1 to 8", nil},
		{"fixed first", 8, 3, nil, Move{Centre: 4, Reach: 1}, "the centre of move 1 is mark 3 (first: 3), not 4: each arc is centred one mark clockwise of the one before", nil},
		{"fixed first, bare reach", 8, 3, nil, Move{Reach: 2}, "", nil},
		{"forced centre", 8, 0, []string{"7:1"}, Move{Centre: 7, Reach: 1}, "the centre of move 2 is mark 8 (the mark after move 1's centre, 7), not 7", nil},
		{"forced centre wraps", 8, 0, []string{"8:1"}, Move{Centre: 1, Reach: 3}, "", nil},
		{"reach 0", 8, 1, nil, Move{Reach: 0}, "reach 0: the reach is at least 1 (the ends are marks other than the centre, 1)", nil},
		{"reach half", 8, 1, nil, Move{Reach: 4}, "reach 4 is half of the 8 marks: both ends would be mark 5, opposite the centre 1; the reach is 1 to 3", nil},
		{"reach above half", 8, 2, nil, Move{Reach: 6}, "reach 6 from mark 2 names the same arc as reach 2 (ends 8-4): write 2; the reach is 1 to 3", nil},
		{"reach round", 8, 1, nil, Move{Reach: 8}, "reach 8 is more than once round the 8 marks; the reach is 1 to 3", nil},
		{"3 marks: reach 1 only", 3, 1, nil, Move{Reach: 2}, "reach 2 from mark 1 names the same arc as reach 1 (ends 3-2): write 1; the reach is 1 to 1", nil},
		{"4 marks: reach 2 is half", 4, 1, nil, Move{Reach: 2}, "reach 2 is half of the 4 marks", nil},
		{"over", 3, 1, []string{"1", "1", "1"}, Move{Reach: 1}, "a round on 3 marks has 3 arcs, one centred on each mark; this arc is one too many", nil},
	} {
		s := newState(t, tc.m, 2, 0, tc.first)
		play(t, s, tc.played...)
		err := s.Check(tc.move)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v refused: %v", tc.name, tc.move, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%s: %v: %v, want %q", tc.name, tc.move, err, tc.want)
		}
		before := s.Clone()
		if perr := s.Play(tc.move); (perr == nil) != (err == nil) {
			t.Errorf("%s: Play %v, Check %v", tc.name, perr, err)
		}
		if err != nil && !reflect.DeepEqual(s, before) {
			t.Errorf("%s: a refused Play changed the state", tc.name)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		m, first int
		played   []string
		text     string
		want     Move // Centre and Reach
		err      string
	}{
		{8, 1, nil, "8-2", Move{Centre: 1, Reach: 1}, ""},
		{8, 1, nil, "2 - 8", Move{Centre: 1, Reach: 1}, ""},
		{8, 1, nil, "1:7–3", Move{Centre: 1, Reach: 2}, ""},
		{8, 1, nil, "3", Move{Centre: 1, Reach: 3}, ""},
		{8, 1, nil, "6", Move{Centre: 1, Reach: 6}, ""}, // Check refuses it
		{8, 1, nil, "2:1", Move{Centre: 2}, ""},         // Check names the centre
		{8, 1, nil, "x:1", Move{}, `"x" is not a centre mark`},
		{8, 1, nil, "x", Move{}, "write an arc as its two end marks (e.g. 8-2) or its reach (e.g. 1), optionally after its centre (1:8-2)"},
		{8, 1, nil, "0-2", Move{}, "mark 0 is not on the board"},
		{8, 1, nil, "3-3", Move{}, "both ends are mark 3"},
		{8, 1, nil, "1-3", Move{}, "mark 1 is the centre of move 1 (first: 1), so it cannot be an end"},
		{8, 1, nil, "2-5", Move{}, "the ends must be equally far from the centre, mark 1 (first: 1): 2 is 1 mark away, so the other end is 8; 5 is opposite the centre"},
		{8, 0, nil, "5:4-6", Move{Centre: 5, Reach: 1}, ""},
		{8, 0, nil, "5:1", Move{Centre: 5, Reach: 1}, ""},
		{8, 0, nil, "9:1", Move{Centre: 9}, ""},
		{8, 0, nil, "3-5", Move{}, "ends 3-5 fit two arcs, centred on mark 4 and on mark 8: write the centre in front (4:3-5 or 8:5-3)"},
		{8, 0, nil, "3-6", Move{}, "no mark is equally far from marks 3 and 6"},
		{9, 0, nil, "3-6", Move{Centre: 9, Reach: 3}, ""}, // 3 to 6 is odd, 6 to 3 even
		{9, 0, nil, "3-5", Move{Centre: 4, Reach: 1}, ""},
		{9, 0, []string{"4:1"}, "4-6", Move{Centre: 5, Reach: 1}, ""},
	} {
		s := newState(t, tc.m, 2, 0, tc.first)
		play(t, s, tc.played...)
		mv, err := s.Parse(tc.text)
		what := fmt.Sprintf("%d marks, first %d, %q", tc.m, tc.first, tc.text)
		switch {
		case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
			t.Errorf("%s: %v, want %q", what, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", what, err)
		case tc.err == "" && (mv.Centre != tc.want.Centre || mv.Reach != tc.want.Reach):
			t.Errorf("%s: %d:%d, want %d:%d", what, mv.Centre, mv.Reach, tc.want.Centre, tc.want.Reach)
		}
	}
}

// TestPlayUndo plays the m = 6 round of TestSixMarksByHand move by
// move: the counts and running scores, and Undo back to the start.
func TestPlayUndo(t *testing.T) {
	s := newState(t, 6, 2, 1, 0)
	start := s.Clone()
	if s.Phase() != "first" || s.ToMove() != 1 {
		t.Errorf("phase %s, seat %d to move", s.Phase(), s.ToMove())
	}
	play(t, s, "1:1", "2", "2", "1", "2", "2")
	if fmt.Sprint(s.Counts()) != "[0 1 2 3 3 4]" || fmt.Sprint(s.Scores()) != "[8 5]" {
		t.Errorf("counts %v, scores %v", s.Counts(), s.Scores())
	}
	if !s.Over() || s.Phase() != "over" || s.ToMove() != -1 || len(s.Moves(nil)) != 0 {
		t.Errorf("not over: phase %s, seat %d, %d moves", s.Phase(), s.ToMove(), len(s.Moves(nil)))
	}
	if got, want := s.Record(), "first: 1\nstarts: \"P2\"\narcs: 6-2 6-4 1-5 3-5 3-1 4-2\n"; got != want {
		t.Errorf("record %q, want %q", got, want)
	}
	for !reflect.DeepEqual(s, start) {
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Undo(); err != games.ErrNothingToUndo {
		t.Errorf("undo at the start: %v", err)
	}
}

// TestMovesListed: every listed move passes Check, and of every
// candidate (centres and reaches beyond the board's), Check accepts
// exactly the listed ones; Parse reads each listed move's String back.
func TestMovesListed(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for m := 3; m <= 14; m++ {
		for _, first := range []int{0, 1 + rng.IntN(m)} {
			s := newState(t, m, 3, rng.IntN(3), first)
			for {
				listed := map[[2]int]bool{}
				c := s.centre()
				for _, mv := range s.Moves(nil) {
					listed[[2]int{mv.Centre, mv.Reach}] = true
					back, err := s.Parse(mv.String())
					if err != nil || back != mv {
						t.Fatalf("%d marks: %v reads back as %v (%v)", m, mv, back, err)
					}
				}
				for cc := -1; cc <= m+1; cc++ {
					for k := -1; k <= m+1; k++ {
						mv := Move{Centre: cc, Reach: k}
						want := listed[[2]int{cc, k}] || (cc == 0 && c != 0 && listed[[2]int{c, k}])
						if ok := s.Check(mv) == nil; ok != want {
							t.Fatalf("%d marks, move %d: %v accepted %v, listed %v", m, len(s.Played())+1, mv, ok, want)
						}
					}
				}
				if s.Over() {
					break
				}
				mv, _ := s.RandomMove(rng)
				if !listed[[2]int{mv.Centre, mv.Reach}] {
					t.Fatalf("%d marks: random move %v not listed", m, mv)
				}
				if err := s.Play(mv); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestPlayouts: random playouts on boards of 3 to 40 marks, for 1 to 5
// seats; each round's Record, scored as a transcript, gives the engine's
// scores, and undoing every move restores the round's start.
func TestPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []Move
	for i := range 300 {
		m := 3 + rng.IntN(38)
		seats := 1 + rng.IntN(5)
		if i%3 == 0 {
			m = 12
		}
		names := make([]string, max(seats, 2))
		for i := range names {
			names[i] = fmt.Sprintf("P%d", i+1)
		}
		first := 0
		if i%2 == 0 {
			first = 1 + rng.IntN(m)
		}
		s, err := New(m, names, rng.IntN(len(names)), first)
		if err != nil {
			t.Fatal(err)
		}
		start := s.Clone()
		var n int
		if i%4 == 0 {
			n, buf = games.Playout[Move](s, rng, -1, buf) // by the Sampler
		} else {
			n, buf = playoutByMoves(s, rng, buf)
		}
		if n != m || !s.Over() {
			t.Fatalf("%d marks: played %d", m, n)
		}
		sum := 0
		for _, c := range s.Counts() {
			sum += c
		}
		total := 0
		for _, v := range s.Scores() {
			total += v
		}
		if sum != total {
			t.Fatalf("counts %v, scores %v", s.Counts(), s.Scores())
		}
		header := fmt.Sprintf("game: arcs-and-marks\nplayers: [%s]\nmarks: %d\n", strings.Join(names, ", "), m)
		gamestest.CheckRecord(t, Game{}, games.Values{}, header, games.Erase[Move](s))
		for len(s.Played()) > 0 {
			if err := s.Undo(); err != nil {
				t.Fatal(err)
			}
		}
		if !reflect.DeepEqual(s, start) {
			t.Fatalf("%d marks: undoing every move does not restore the start", m)
		}
	}
}

// playoutByMoves plays a random listed move until the round is over.
func playoutByMoves(s *State, rng *rand.Rand, buf []Move) (int, []Move) {
	n := 0
	for !s.Over() {
		buf = s.Moves(buf[:0])
		if err := s.Play(buf[rng.IntN(len(buf))]); err != nil {
			panic(err)
		}
		n++
	}
	return n, buf
}

// TestTableByRotation: the table, decided once per distance and pair of
// reaches at marks 1 and 1+d, says what meet says at the arcs' own places,
// for every pair of arcs on the boards up to 20 marks and for samples on
// larger ones.
func TestTableByRotation(t *testing.T) {
	check := func(b *board, c1, k1, c2, k2 int) {
		t.Helper()
		got, err := b.meets(c1, k1, c2, k2)
		_, want, err2 := b.meet(c1, k1, c2, k2)
		if err != nil || err2 != nil || got != want {
			t.Fatalf("%d marks, %d±%d and %d±%d: table %v, meet %v (%v, %v)", b.m, c1, k1, c2, k2, got, want, err, err2)
		}
	}
	for m := 3; m <= 20; m++ {
		b := newBoard(m)
		for c1 := 1; c1 <= m; c1++ {
			for c2 := 1; c2 <= m; c2++ {
				for k1 := 1; 2*k1 < m; k1++ {
					for k2 := 1; 2*k2 < m && c1 != c2; k2++ {
						check(b, c1, k1, c2, k2)
					}
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, m := range []int{36, 60, 120, 361, 848, 1000} {
		b := newBoard(m)
		for range 2000 {
			c1, c2 := 1+rng.IntN(m), 1+rng.IntN(m)
			if c1 != c2 {
				check(b, c1, 1+rng.IntN(b.reach), c2, 1+rng.IntN(b.reach))
			}
		}
	}
}

// TestMovesReport: the moves command's listing of an unfinished round,
// of a free first arc, and of a finished round.
func TestMovesReport(t *testing.T) {
	list := func(src string) string {
		t.Helper()
		txt, err := games.Moves(Game{}, "t.yaml", []byte(src), games.Values{})
		if err != nil {
			t.Fatal(err)
		}
		return txt
	}
	head := "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: 8\nrounds:\n  - first: 1\n    arcs: 8-2 3 2-4 2 4-6 3 6-8 2-6\n"
	got := list(head + "  - first: 5\n    arcs: 3-7 1 2-4\n")
	want := `t.yaml: round 2: Ann draws move 4 of 8 (this round so far: Ann 1, Bob 1).
Move 4 is centred on mark 8 (the mark after move 3's centre, 7), with a reach of 1 to 3. 3 legal move(s), by the number of earlier arcs each would meet (its score):
  meeting 2 earlier arcs: 7-1
  meeting 3 earlier arcs: 6-2 5-3
`
	if got != want {
		t.Errorf("unfinished round:\n%s\nwant\n%s", got, want)
	}
	got = list(head + "  - starts: Bob\n")
	if !strings.Contains(got, "round 2: Bob draws move 1 of 8") || !strings.Contains(got, "24 legal move(s)") || !strings.Contains(got, "\n  centre 6: 5-7 4-8 3-1\n") {
		t.Errorf("free first arc:\n%s", got)
	}
	got = list(head + "  - first: 6\n    arcs: []\n")
	if !strings.Contains(got, "Move 1 is centred on mark 6 (first: 6)") || !strings.Contains(got, "meeting no earlier arc: 5-7 4-8 3-1\n") {
		t.Errorf("fixed first arc:\n%s", got)
	}
	if got = list(head); got != "t.yaml: round 1: all 8 arcs are drawn: the round is over, no move remains.\n" {
		t.Errorf("finished round: %q", got)
	}
	// A refused move, a missing first and an unfinished earlier round are
	// errors, as in score.
	for _, bad := range []string{
		head + "  - first: 5\n    arcs: 3-7 5\n",
		head + "  - arcs: 3-7 2\n",
		"game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: 8\nrounds:\n  - first: 1\n    arcs: 8-2\n  - first: 5\n",
	} {
		if txt, err := games.Moves(Game{}, "t.yaml", []byte(bad), games.Values{}); err == nil {
			t.Errorf("listed:\n%s", txt)
		}
	}
}

// BenchmarkPlayout plays random rounds on the default sheet: 12 marks, 2
// players, the first centre chosen at random.
func BenchmarkPlayout(b *testing.B) {
	s := newState(b, 12, 2, 0, 0)
	rng := rand.New(rand.NewPCG(1, 1))
	var buf []Move
	for b.Loop() {
		for len(s.moves) > 0 {
			s.Undo()
		}
		_, buf = games.Playout[Move](s, rng, -1, buf)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// TestConcurrentRounds: rounds on one board, played at once, fill its
// shared table together (run with -race) and agree with rounds played
// alone.
func TestConcurrentRounds(t *testing.T) {
	const m, n = 29, 4
	scores := make([][]int, n)
	done := make(chan int)
	for g := range n {
		go func() {
			s, _ := New(m, []string{"a", "b"}, 0, 0)
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range 20 {
				for len(s.Played()) > 0 {
					s.Undo()
				}
				games.Playout[Move](s, rng, -1, nil)
			}
			scores[g] = s.Scores()
			done <- g
		}()
	}
	for range n {
		<-done
	}
	for g := range n {
		s := newState(t, m, 2, 0, 0)
		s.b = newBoard(m) // a table of its own
		rng := rand.New(rand.NewPCG(uint64(g), 1))
		for range 20 {
			for len(s.Played()) > 0 {
				s.Undo()
			}
			games.Playout[Move](s, rng, -1, nil)
		}
		if fmt.Sprint(s.Scores()) != fmt.Sprint(scores[g]) {
			t.Errorf("goroutine %d scored %v, alone %v", g, scores[g], s.Scores())
		}
	}
}
