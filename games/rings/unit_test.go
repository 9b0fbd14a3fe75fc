package rings

import (
	"bytes"
	"fmt"
	"math/big"
	"math/rand/v2"
	"papergames/internal/testenv"
	"strings"
	"testing"
	"time"

	"papergames/games"
	"papergames/layout"
)

// play parses and plays moves on s, failing t on a refusal.
func play(t *testing.T, s *State, moves ...string) {
	t.Helper()
	for _, w := range moves {
		m, err := s.Parse(w)
		if err == nil {
			err = s.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
	}
}

// Check's reasons on degenerate rounds: the words the scorer writes after
// its position and "round N, segment K (...)".
func TestCheckReasons(t *testing.T) {
	for _, tc := range []struct {
		name    string
		circles int
		rules   games.Values
		before  []string
		move    string
		seat    int // for a segment: who draws it (-1: the player to move)
		want    string
	}{
		{"ring 0", 3, nil, nil, "0:45", -1, `cuts: ring "0": the rings are numbered 1 to 2 (ring j lies between circles j and j+1)`},
		{"ring past the last", 2, nil, nil, "2:45", -1, `cuts: ring "2": the rings are numbered 1 to 1`},
		{"cut twice", 2, nil, []string{"1:45"}, "1:45.0", -1, "ring 1: 45 is cut twice"},
		{"one cut too many", 2, nil, []string{"1:0", "1:90"}, "1:180", -1, "ring 1: 3 cut(s) make 3 section(s); ring 1 is cut into 1 to 2 sections (rule j..2^j)"},
		{"other rule", 2, games.Values{"sections": "1..1"}, []string{"1:0"}, "1:90", -1, "ring 1: 2 cut(s) make 2 section(s); ring 1 is cut into 1 to 1 sections (rule 1..1)"},
		{"done too soon", 3, nil, []string{"1:0"}, "done", -1, "ring 2: 0 cut(s) make 0 section(s); ring 2 is cut into 2 to 4 sections (rule j..2^j)"},
		{"done twice", 2, nil, []string{"1:0", "done"}, "done", -1, "the cuts are already finished"},
		{"cut after done", 2, nil, []string{"1:0", "done"}, "1:90", -1, "the cuts are finished; the players draw segments now"},
		{"segment while cutting", 2, nil, []string{"1:0"}, "1@0 2@0", -1, "the divider Ann is still cutting; segments come after done"},
		{"out of turn", 2, nil, []string{"1:0", "1:180", "done"}, "1@0 2@180", 0, "Ann drew it, but it is Bob's turn: after the divider Ann the order is Bob, then Ann"},
		{"after everyone", 2, nil, []string{"1:0", "1:180", "done", "1@0 2@180", "1@180 2@0"}, "1@0 1@180", 1, "every player has drawn their one segment this round"},
		{"not a cut end", 3, nil, []string{"1:0", "2:0", "2:90", "done"}, "1@90 3@0", -1, "end 1@90: no cut ends at circle 1, 90 degrees; the cuts meeting circle 1 are ring 1's at 0"},
		{"between the rings", 3, nil, []string{"1:0", "2:10", "2:90", "done"}, "2@45 3@90", -1, "end 2@45: no cut ends at circle 2, 45 degrees; the cuts meeting circle 2 are ring 1's at 0 and ring 2's at 10, 90"},
		{"same end", 2, nil, []string{"1:0", "done"}, "2@0 2@0", -1, "both ends are 2@0; a segment joins two different cut ends"},
		{"along, banned", 2, games.Values{"ban-along-cuts": true}, []string{"1:0", "1:180", "done"}, "2@0 1@0", -1, "runs along the cut of ring 1 at 0 (1@0 to 2@0); with --ban-along-cuts a segment may not run along a cut"},
		{"through the centre, banned", 3, games.Values{"ban-along-cuts": true}, []string{"1:0", "2:0", "2:180", "done"}, "3@0 3@180", -1, "runs along the cuts of ring 2 at 0, ring 1 at 0 and ring 2 at 180"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(tc.circles, []string{"Ann", "Bob"}, 0, tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			play(t, s, tc.before...)
			before := snapshot(s)
			m, err := s.Parse(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if tc.seat >= 0 {
				m.Seat = tc.seat
			}
			err = s.Check(m)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Check(%v) = %v, want %q", m, err, tc.want)
			}
			if perr := s.Play(m); perr == nil || perr.Error() != err.Error() {
				t.Errorf("Play(%v) = %v, Check %v", m, perr, err)
			}
			if snapshot(s) != before {
				t.Errorf("a refused move changed the state")
			}
		})
	}
}

// The smallest rounds, move by move: phases, who moves, the moves listed,
// scores, and Undo.
func TestSmallestRound(t *testing.T) {
	s, err := New(2, []string{"Ann", "Bob"}, 1, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Phase() != "cuts" || s.ToMove() != 1 || s.Finite() || s.Over() {
		t.Fatalf("start: %s, %d to move, finite %v", s.Phase(), s.ToMove(), s.Finite())
	}
	if got := len(s.Moves(nil)); got != 8 { // multiples of 45 degrees, no done yet
		t.Errorf("%d candidate cuts, want 8", got)
	}
	if c := s.Constraint(); !strings.Contains(c, "Bob, the divider, cuts ring j (1 to 1)") || !strings.Contains(c, "ring 1: 1 to 2") {
		t.Errorf("constraint %q", c)
	}
	play(t, s, "1:30")
	ms := s.Moves(nil)
	if ms[len(ms)-1].Kind != Done || len(ms) != 9 {
		t.Errorf("after one cut: %v", ms)
	}
	play(t, s, "1:120")
	if ms := s.Moves(nil); len(ms) != 1 || ms[0].Kind != Done {
		t.Errorf("ring full: %v, want only done", ms)
	}
	play(t, s, "done")
	if s.Phase() != "segments" || s.ToMove() != 0 || !s.Finite() {
		t.Fatalf("after done: %s, %d to move", s.Phase(), s.ToMove())
	}
	// Four ends: 1@30 1@120 2@30 2@120, six segments.
	var got []string
	for _, m := range s.Moves(nil) {
		got = append(got, m.String())
	}
	if want := "1@30-1@120 1@30-2@30 1@30-2@120 1@120-2@30 1@120-2@120 2@30-2@120"; strings.Join(got, " ") != want {
		t.Errorf("segments %q, want %q", strings.Join(got, " "), want)
	}
	play(t, s, "2@30 2@120") // a chord clear of circle 1: section 1, 30 to 120
	if sc := s.Scores(); sc[0] != 1 || sc[1] != 0 {
		t.Errorf("scores %v", sc)
	}
	play(t, s, "1@30-2@30") // along the cut: nothing
	if !s.Over() || s.Phase() != "over" || s.ToMove() != -1 || len(s.Moves(nil)) != 0 {
		t.Errorf("not over: %s", s.Phase())
	}
	if sc := s.Scores(); sc[0] != 1 || sc[1] != 0 {
		t.Errorf("scores %v", sc)
	}
	want := "divider: Bob\ncuts:\n  1: 30 120\nsegments:\n  - Ann: 2@30 2@120\n  - Bob: 1@30 2@30\n"
	if r := s.Record(); r != want {
		t.Errorf("record\n%s\nwant\n%s", r, want)
	}
	for range 2 {
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if s.Phase() != "segments" || s.Scores()[0] != 0 {
		t.Errorf("undone: %s, %v", s.Phase(), s.Scores())
	}
	undoAll(t, s)
	if s.Phase() != "cuts" || len(s.cuts[0]) != 0 {
		t.Errorf("undone to %s, cuts %v", s.Phase(), s.Sections())
	}
	if err := s.Undo(); err != games.ErrNothingToUndo {
		t.Errorf("undo at the start: %v", err)
	}
}

// A ring cut once is one section: a chord of the inner circle across the
// centre, both its ends on the cut, cannot be drawn (one end), and under
// --ban-along-cuts the only segment runs along the cut: with no other
// segment legal, it is drawn and fills nothing (docs/rulings.md).
func TestOneCutRing(t *testing.T) {
	s, _ := New(2, []string{"Ann", "Bob"}, 0, games.Values{"ban-along-cuts": true})
	play(t, s, "1:0", "done")
	if ms := s.Moves(nil); len(ms) != 1 || ms[0].String() != "1@0-2@0" {
		t.Errorf("moves %v, want the one segment along the cut", ms)
	}
	if _, ok := s.RandomMove(rand.New(rand.NewPCG(1, 1))); !ok {
		t.Error("RandomMove found no move")
	}
}

func TestParseMoves(t *testing.T) {
	s, _ := New(4, []string{"Ann", "Bob"}, 0, games.Values{})
	for in, want := range map[string]string{
		"2:45": "2:45", " 3: 45/2 ": "3:22.5", "done": "done", "4@30 4@150": "4@30-4@150", "4@30-4@150.0": "4@30-4@150",
	} {
		m, err := s.Parse(in)
		if err != nil || m.String() != want {
			t.Errorf("%q: %v %v, want %s", in, m, err, want)
		}
	}
	for in, want := range map[string]string{
		"4@30":         "1 end(s); a segment has two",
		"5@30 4@0":     `end 5@30: circle "5": the circles are numbered 1 (innermost) to 4`,
		"4@360 4@0":    "write 0 for the top",
		"x:5":          `ring "x": the rings are numbered 1 to 3`,
		"2:-1":         `ring 2: cut at "-1": is not a number of degrees from 0 to under 360`,
		"something":    "write a cut as ring:angle",
		"4@30 4@0 1@0": "3 end(s)",
		"4@1e-6 4@0":   `angle "1e-6" is not a number of degrees`,
		"4@30-4@1E-6":  `angle "1E-6" is not a number of degrees`,
	} {
		if _, err := s.Parse(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

// papergames moves lists the next player's segments, grouped by their
// first end, and says when the round is over.
func TestMovesReport(t *testing.T) {
	const text = `game: crossing-the-rings
players: [Ann, Bob, Cy]
circles: 3
rounds:
  - divider: Ann
    cuts:
      1: 0 180
      2: 90 180 270
    segments:
      - Bob: 3@90 3@180
`
	tr, err := games.ReadTranscript(Game{}, "u.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Game{}.Moves(tr, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"u.yaml: round 1: Ann divided (sections per ring 2, 3); 1 of 3 segment(s) drawn.\n",
		"Cy draws segment 2: a segment joins two different cut ends (circle@angle). 36 legal move(s), between 9 cut ends:\n",
		"  from 1@0 to:\n    1@180 2@0 2@90 2@180 2@270 3@90 3@180 3@270\n",
		"  from 3@180 to:\n    3@270\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	// Under --ban-along-cuts, the segments along a cut are not listed.
	got, err = Game{}.Moves(tr, games.Values{"ban-along-cuts": true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "and does not run along a cut (--ban-along-cuts). 22 legal move(s)") || !strings.Contains(got, "  from 2@90 to:\n    2@180 2@270 3@180\n") {
		t.Errorf("banned:\n%s", got)
	}
	// The round over: no move.
	done := text + "      - Cy: 1@0 3@180\n      - Ann: 2@90 2@270\n"
	tr, _ = games.ReadTranscript(Game{}, "u.yaml", []byte(done))
	got, err = Game{}.Moves(tr, games.Values{})
	if err != nil || !strings.Contains(got, "Every player has drawn: the round is over (Ann ") || !strings.Contains(got, "No legal move remains") {
		t.Errorf("over: %v\n%s", err, got)
	}
	// A refused move is reported as by score.
	bad := text + "      - Ann: 1@0 3@180\n"
	tr, _ = games.ReadTranscript(Game{}, "u.yaml", []byte(bad))
	if _, err := (Game{}).Moves(tr, games.Values{}); err == nil || !strings.Contains(err.Error(), "u.yaml:11:9: round 1, segment 2: Ann drew it, but it is Cy's turn") {
		t.Errorf("bad: %v", err)
	}
}

// Rendering the same game twice gives the same bytes, in PDF and SVG.
func TestRenderIsByteIdentical(t *testing.T) {
	data := []byte(match)
	render := func(svg bool) []byte {
		res, d, err := games.Score(Game{}, "t.yaml", data, games.Values{})
		if err != nil {
			t.Fatal(err)
		}
		sheet := d.Sheet(res, layout.Size{W: 210, H: 297})
		var b bytes.Buffer
		if svg {
			doc := layout.NewSVG("t")
			if err := sheet.Draw(doc); err != nil {
				t.Fatal(err)
			}
			for _, p := range doc.Pages() {
				b.Write(p)
			}
		} else {
			doc := layout.NewPDF("t")
			if err := sheet.Draw(doc); err != nil {
				t.Fatal(err)
			}
			if _, err := doc.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
		}
		return b.Bytes()
	}
	for _, svg := range []bool{false, true} {
		first := render(svg)
		for range 5 {
			if !bytes.Equal(render(svg), first) {
				t.Fatalf("svg %v: two renders differ", svg)
			}
		}
	}
}

// On the largest target, every ring at its most cuts (18,859,011
// segments), moves answers quickly, listing the first ones and counting
// the rest.
func TestMovesReportLargestTarget(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("game: crossing-the-rings\nplayers: [Ann, Bob]\ncircles: 12\nrounds:\n  - cuts:\n")
	for j := 1; j < 12; j++ {
		fmt.Fprintf(&sb, "      %d:", j)
		for i := range 1 << j {
			fmt.Fprintf(&sb, " %s", games.Exact(big.NewRat(int64(360*i), 1<<j)))
		}
		sb.WriteString("\n")
	}
	tr, err := games.ReadTranscript(Game{}, "big.yaml", []byte(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for _, ban := range []bool{false, true} {
		got, err := Game{}.Moves(tr, games.Values{"ban-along-cuts": ban})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, "between 6142 cut ends") || !strings.Contains(got, "more: every pair of the cut ends not listed above") {
			t.Errorf("ban %v:\n%.500s", ban, got)
		}
		if len(got) > 100000 {
			t.Errorf("ban %v: %d bytes", ban, len(got))
		}
	}
	if d := time.Since(start); d > testenv.Bound(10*time.Second) {
		t.Errorf("took %v", d)
	}
}

// TestBanAlongCutsWithNoOtherSegment: two circles and one cut leave only
// segments along the cut; under --ban-along-cuts one is then drawn (and
// fills nothing), so the round can end (docs/rulings.md).
func TestBanAlongCutsWithNoOtherSegment(t *testing.T) {
	st, err := New(2, []string{"Ann", "Bob"}, 0, games.Values{"ban-along-cuts": true})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"1:90", "done"} {
		m, err := st.Parse(mv)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", mv, err)
		}
	}
	if got := st.Moves(nil); len(got) != 1 {
		t.Fatalf("moves %v, want the one segment along the cut", got)
	}
	for !st.Over() {
		m, err := st.Parse("1@90-2@90")
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if fmt.Sprint(st.Scores()) != "[0 0]" {
		t.Errorf("scores %v: a segment along the cut fills nothing", st.Scores())
	}
	// With a second cut, segments off the cuts exist, and the ban holds.
	st2, _ := New(2, []string{"Ann", "Bob"}, 0, games.Values{"ban-along-cuts": true})
	for _, mv := range []string{"1:90", "1:270", "done"} {
		m, _ := st2.Parse(mv)
		if err := st2.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if m, _ := st2.Parse("1@90-2@90"); st2.Check(m) == nil {
		t.Error("a segment along a cut passed --ban-along-cuts while others were legal")
	}
}
