package arcs

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"papergames/games"
	"papergames/games/gamestest"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/hp"
	"papergames/layout"
	"papergames/scorer"
)

// arcsGame builds a transcript of one round per entry of rounds (each
// "first|arcs" or "first|arcs|starts").
func arcsGame(players string, m int, rounds ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game: arcs-and-marks\nplayers: [%s]\nmarks: %d\nrounds:\n", players, m)
	for _, r := range rounds {
		f := strings.Split(r, "|")
		fmt.Fprintf(&b, "  - first: %s\n    arcs: %s\n", f[0], f[1])
		if len(f) > 2 {
			fmt.Fprintf(&b, "    starts: %s\n", f[2])
		}
	}
	return b.String()
}

func scoreArcs(t *testing.T, src string) (*scorer.Result, *scorer.Drawing, error) {
	t.Helper()
	return games.Score(Game{}, "t.yaml", []byte(src), games.Values{})
}

// reaches writes every move of a round as the same reach k.
func reaches(m, k int) string { return strings.TrimSpace(strings.Repeat(fmt.Sprintf("%d ", k), m)) }

func movesOf(t *testing.T, rd scorer.Round) []moveJSON {
	t.Helper()
	js, ok := rd.Details["moves"].([]moveJSON)
	if !ok {
		t.Fatalf("round %d has no moves in its details", rd.Number)
	}
	return js
}

// TestReachSixth: when 6 divides m, every arc of reach m/6 has radius
// 1 (the chord of 60 degrees) and passes through the centre of the main
// circle, so all of them meet there: each arc meets every earlier one.
// Arcs at opposite marks are tangent there, the others cross there.
func TestReachSixth(t *testing.T) {
	for _, m := range []int{6, 12, 18, 24, 36, 60, 120} {
		res, _, err := scoreArcs(t, arcsGame("Ann, Bob", m, "1|"+reaches(m, m/6)))
		if err != nil {
			t.Fatalf("m=%d: %v", m, err)
		}
		js := movesOf(t, res.Rounds[0])
		for k, j := range js {
			if j.Count != k {
				t.Errorf("m=%d, move %d meets %d earlier arcs, want all %d: %v", m, k+1, j.Count, k, j.Met)
				continue
			}
			for x, how := range j.How {
				want := "crossing at the centre"
				if 2*(j.Centre-js[j.Met[x]-1].Centre) == m || 2*(js[j.Met[x]-1].Centre-j.Centre) == m {
					want = "tangent at the centre"
				}
				if !strings.Contains(how, want) {
					t.Errorf("m=%d, move %d meets move %d %q, want %q", m, k+1, j.Met[x], how, want)
				}
			}
		}
		// Seats alternate: Ann draws moves 1, 3, ..., each meeting k-1.
		want := [2]int{}
		for k := 0; k < m; k++ {
			want[k%2] += k
		}
		if got := res.Totals(); got[0] != want[0] || got[1] != want[1] {
			t.Errorf("m=%d: totals %v, want %v", m, got, want)
		}
	}
}

// TestTangentSixMarks: with m = 6, the arcs of reach 1 centred at
// opposite marks both have radius 1 and centres 2 apart: they touch at
// the centre, one point, and that is a meeting.
func TestTangentSixMarks(t *testing.T) {
	b := newBoard(6)
	for c := 1; c <= 3; c++ {
		am, met, err := b.meet(c+3, 1, c, 1)
		if err != nil || !met || strings.Join(am.how, ", ") != "tangent at the centre" || len(am.points) != 1 {
			t.Errorf("6 marks, reach 1 at %d and %d: met %v, %v, %d points, %v", c+3, c, met, am.how, len(am.points), err)
		}
		if x, y := am.points[0][0], am.points[0][1]; math.Hypot(x, y) > 1e-12 {
			t.Errorf("the tangency is drawn at (%g, %g), not at the centre", x, y)
		}
	}
}

// TestSixMarksByHand is the whole of m = 6 worked out by hand. The
// reaches are 1 (radius 1, through the centre) and 2 (radius √3, ends
// next to the opposite mark). Two arcs of reach 1 meet at the centre.
// Reach 1 at c and reach 2 at c+δ: δ = ±1 share an end (c∓1), δ = ±2 have
// interleaved ends (c-2, c vs c-1, c+1: one crossing), δ = 3 share both
// ends. Two arcs of reach 2: δ = ±1 interleaved, δ = ±2 share an end, and
// δ = 3 (opposite centres) do not meet: their circles cross on the
// perpendicular bisector, the line through the centre, at distance
// √(3 - 1) = √2 > 1 from it, outside the main circle.
func TestSixMarksByHand(t *testing.T) {
	b := newBoard(6)
	for c1 := 1; c1 <= 6; c1++ {
		for c2 := 1; c2 <= 6; c2++ {
			for k1 := 1; k1 <= 2; k1++ {
				for k2 := 1; k2 <= 2; k2++ {
					if c1 == c2 {
						continue
					}
					want := !(k1 == 2 && k2 == 2 && (c1-c2+6)%6 == 3)
					if _, met, err := b.meet(c1, k1, c2, k2); err != nil || met != want {
						t.Errorf("6 marks, %d±%d and %d±%d: met %v, want %v (%v)", c1, k1, c2, k2, met, want, err)
					}
				}
			}
		}
	}
	// A round: reaches 1 2 2 1 2 2 from mark 1. Move k meets all k-1
	// earlier arcs except move 5 (centre 5) against move 2 (centre 2) and
	// move 6 against move 3, both reach 2 at opposite marks: counts 0 1 2 3
	// 3 4, so Ann (moves 1, 3, 5) 5 and Bob (2, 4, 6) 8.
	res, _, err := scoreArcs(t, arcsGame("Ann, Bob", 6, "1|1 2 2 1 2 2"))
	if err != nil {
		t.Fatal(err)
	}
	var counts []int
	for _, j := range movesOf(t, res.Rounds[0]) {
		counts = append(counts, j.Count)
	}
	if fmt.Sprint(counts) != "[0 1 2 3 3 4]" || fmt.Sprint(res.Totals()) != "[5 8]" {
		t.Errorf("counts %v, totals %v; want [0 1 2 3 3 4] and [5 8]", counts, res.Totals())
	}
}

// shared returns the end marks the arcs c1±k1 and c2±k2 share, and
// whether their ends interleave round the circle (then each arc splits
// the disc so that the other's ends are on both sides: they cross).
func sharedInterleaved(b *board, c1, k1, c2, k2 int) (int, bool) {
	a1, a2 := b.ends(c1, k1)
	e1, e2 := b.ends(c2, k2)
	n := 0
	for _, x := range []int{a1, a2} {
		if x == e1 || x == e2 {
			n++
		}
	}
	in := func(x int) bool { return (x-a1+b.m)%b.m < (a2-a1+b.m)%b.m } // on the way from a1 clockwise to a2
	return n, n == 0 && in(e1) != in(e2)
}

// TestEightMarksByHand pins the table of m = 8 the example
// hand-checked.yaml relies on: arcs meet when they share an end mark or
// their ends interleave, and of the other pairs only the arcs of reaches
// 1 and 2 at opposite marks meet (twice, at distance √(1 - √2/2) from the
// centre). The others: reaches 1 and 3 at neighbouring marks (the small
// circle lies inside the big one: r3 - r1 = 1.08 > 0.77), reach 1 twice
// three or four marks apart (centres 1.85 or 2 apart, radii 0.77 each),
// reach 3 twice three or four apart and reaches 2 and 3 opposite (they
// cross outside the main circle, at distance √(1 + √2) ≈ 1.55, 1.22 and
// √(1 + √2/2) ≈ 1.31 from the centre).
func TestEightMarksByHand(t *testing.T) {
	b := newBoard(8)
	for c2 := 2; c2 <= 8; c2++ {
		for k1 := 1; k1 <= 3; k1++ {
			for k2 := 1; k2 <= 3; k2++ {
				n, inter := sharedInterleaved(b, 1, k1, c2, k2)
				want := n > 0 || inter || (c2 == 5 && k1+k2 == 3)
				_, met, err := b.meet(1, k1, c2, k2)
				if err != nil || met != want {
					t.Errorf("8 marks, 1±%d and %d±%d: met %v, want %v (%v)", k1, c2, k2, met, want, err)
				}
			}
		}
	}
}

// TestSharedAndInterleavedEndsMeet: arcs sharing an end mark always
// meet, there (on the main circle), and arcs with interleaved ends always
// cross, on every board up to 40 marks.
func TestSharedAndInterleavedEndsMeet(t *testing.T) {
	for m := 3; m <= 40; m++ {
		b := newBoard(m)
		for c2 := 2; c2 <= m; c2++ {
			for k1 := 1; 2*k1 < m; k1++ {
				for k2 := 1; 2*k2 < m; k2++ {
					n, inter := sharedInterleaved(b, 1, k1, c2, k2)
					if n == 0 && !inter {
						continue
					}
					am, met, err := b.meet(c2, k2, 1, k1)
					if err != nil || !met {
						t.Errorf("%d marks, %d±%d and 1±%d: shared %d, interleaved %v, but met %v (%v)", m, c2, k2, k1, n, inter, met, err)
						continue
					}
					if n > 0 && !strings.HasPrefix(am.how[0], "end") {
						t.Errorf("%d marks, %d±%d and 1±%d share an end, reported as %v", m, c2, k2, k1, am.how)
					}
				}
			}
		}
	}
}

// TestNearMiss pins near misses found by searching every board up to
// 1000 marks for pairs of arcs whose circles come closest without
// touching, at a point inside the main circle. The exact answer is that
// they do not meet; a float64 test with a tolerance (1e-9, or 1e-6 for
// the second) says they touch.
func TestNearMiss(t *testing.T) {
	for _, tc := range []struct {
		m, c2, k1, k2 int
		gap, tol      float64
	}{
		{848, 400, 309, 23, 2.19e-10, 1e-9}, // centres 399 marks apart
		{160, 81, 43, 13, 1.92e-7, 1e-6},    // centres opposite
		{28, 10, 6, 2, 1.43e-3, 1e-2},       // the closest on boards up to 30 marks
	} {
		b := newBoard(tc.m)
		_, met, err := b.meet(1, tc.k1, tc.c2, tc.k2)
		if err != nil || met {
			t.Errorf("%d marks, 1±%d and %d±%d: met %v (%v), want a miss", tc.m, tc.k1, tc.c2, tc.k2, met, err)
		}
		// The float64 picture: the circles miss by the gap, at a point inside.
		r := func(k int) float64 { return 2 * math.Sin(math.Pi*float64(k)/float64(tc.m)) }
		gap := r(tc.c2-1) - r(tc.k1) - r(tc.k2)
		if math.Abs(gap-tc.gap) > 0.01*tc.gap {
			t.Errorf("%d marks: gap %g, want %g", tc.m, gap, tc.gap)
		}
		if !(gap > 0 && gap < tc.tol) {
			t.Errorf("%d marks: a tolerance of %g would not call gap %g a meeting; the test shows nothing", tc.m, tc.tol, gap)
		}
	}
}

// TestTangencies: on 12 marks, reach 1 at marks 1 and 4 (centres √2
// apart, radii 2 sin 15° = 0.52 each) are apart, and reach 5 at mark 1
// and reach 1 at mark 7 share both ends, 8 and 6. And every tangency on
// the boards up to 60 marks is one point, and a meeting (the scorer only
// reports tangencies inside or on the main circle).
func TestTangencies(t *testing.T) {
	b := newBoard(12)
	if _, met, _ := b.meet(1, 1, 4, 1); met {
		t.Error("12 marks, 1±1 and 4±1 meet")
	}
	am, met, _ := b.meet(1, 5, 7, 1)
	if !met || strings.Join(am.how, ", ") != "ends 8 and 6" {
		t.Errorf("12 marks, 1±5 and 7±1: %v %v", met, am.how)
	}
	// Every tangency on boards up to 60 marks is reported as such, and is
	// a meeting exactly when its point is inside or on the main circle.
	n := 0
	for m := 3; m <= 60; m++ {
		b := newBoard(m)
		for c2 := 2; c2 <= m; c2++ {
			for k1 := 1; 2*k1 < m; k1++ {
				for k2 := 1; 2*k2 < m; k2++ {
					am, met, err := b.meet(1, k1, c2, k2)
					if err != nil {
						t.Fatal(err)
					}
					for _, h := range am.how {
						if strings.HasPrefix(h, "tangent") {
							n++
							if !met || len(am.points) != 1 {
								t.Errorf("%d marks, 1±%d and %d±%d: %v but met %v with %d points", m, k1, c2, k2, am.how, met, len(am.points))
							}
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Error("no tangency found")
	}
	t.Logf("%d tangent pairs inside the circle on boards of 3 to 60 marks", n)
}

func TestChecks(t *testing.T) {
	two := "Ann, Bob"
	for _, tc := range []struct {
		name, src string
		want      []string // substrings of the error, in order
	}{
		{"wrong first centre", arcsGame(two, 8, "1|2:1 1 1 1 1 1 1 1"), []string{
			"t.yaml:6:11: round 1, move 1 (2:1): the centre of move 1 is mark 1 (first: 1), not 2"}},
		{"wrong centre named", arcsGame(two, 8, "1|1 1 4:1 1 1 1 1 1"), []string{
			"t.yaml:6:15: round 1, move 3 (4:1): the centre of move 3 is mark 3 (the mark after move 2's centre, 2), not 4"}},
		{"unequal ends", arcsGame(two, 8, "1|8-2 1-4 1 1 1 1 1 1"), []string{
			"t.yaml:6:15: round 1, move 2 (1-4): the ends must be equally far from the centre, mark 2 (the mark after move 1's centre, 1): 1 is 1 mark away, so the other end is 3; 4 is 2 marks away, so the other end is 8"}},
		{"end opposite", arcsGame(two, 8, "1|5-2 1 1 1 1 1 1 1"), []string{
			"move 1 (5-2): the ends must be equally far from the centre, mark 1 (first: 1): 5 is opposite the centre"}},
		{"reach half", arcsGame(two, 8, "1|4 1 1 1 1 1 1 1"), []string{
			"t.yaml:6:11: round 1, move 1 (4): reach 4 is half of the 8 marks: both ends would be mark 5, opposite the centre 1; the reach is 1 to 3"}},
		{"reach above half", arcsGame(two, 8, "1|1 6 1 1 1 1 1 1"), []string{
			"move 2 (6): reach 6 from mark 2 names the same arc as reach 2 (ends 8-4): write 2; the reach is 1 to 3"}},
		{"reach zero", arcsGame(two, 8, "1|0 1 1 1 1 1 1 1"), []string{"reach 0: the reach is at least 1"}},
		{"reach too long", arcsGame(two, 8, "1|9 1 1 1 1 1 1 1"), []string{"reach 9 is more than once round the 8 marks"}},
		{"too few", arcsGame(two, 8, "1|1 1 1 1 1 1"), []string{
			"t.yaml:6:11: round 1: 6 arcs, but a round on 8 marks has 8, one centred on each mark: the 2 arcs centred on marks 7 to 8 are missing"}},
		{"one missing", arcsGame(two, 8, "3|1 1 1 1 1 1 1"), []string{"the arc centred on mark 2 is missing"}},
		{"too many", arcsGame(two, 8, "1|1 1 1 1 1 1 1 1 1 2"), []string{
			"t.yaml:6:27: round 1, move 9 (1): a round on 8 marks has 8 arcs, one centred on each mark; this and the 1 after it are too many"}},
		{"off the board", arcsGame(two, 8, "1|0-2 1 1 1 1 1 1 1"), []string{"mark 0 is not on the board; the marks are 1 to 8"}},
		{"same ends", arcsGame(two, 8, "1|3-3 1 1 1 1 1 1 1"), []string{"both ends are mark 3"}},
		{"end at centre", arcsGame(two, 8, "1|1-3 1 1 1 1 1 1 1"), []string{"mark 1 is the centre of move 1"}},
		{"garbage", arcsGame(two, 8, "1|x 1 1 1 1 1 1 1"), []string{"write an arc as its two end marks (e.g. 8-2) or its reach (e.g. 1), optionally after its centre (1:8-2)"}},
		{"bad first", arcsGame(two, 8, "9|1 1 1 1 1 1 1 1"), []string{"t.yaml:5:12: round 1, first: \"9\" is not a mark; the marks are 1 to 8"}},
		{"bad starts", arcsGame(two, 8, "1|1 1 1 1 1 1 1 1|Cy"), []string{`t.yaml:7:13: round 1, starts: "Cy" is not one of the players (Ann, Bob)`}},
		{"bad starts, moves still checked", arcsGame(two, 8, "1|1 6 1 1 1 1 1 1|Cy"), []string{"move 2 (6): reach 6", `round 1, starts: "Cy" is not one of the players`}},
		{"bad starts and bad first", arcsGame(two, 8, "9|1 1 1 1 1 1 1 1|Cy"), []string{`round 1, first: "9" is not a mark`, `round 1, starts: "Cy" is not one of the players`}},
		{"all problems listed", arcsGame(two, 8, "1|1 6 1 2-5 1 1 1 1", "2|1 1 1"), []string{"move 2 (6)", "move 4 (2-5)", "round 2: 3 arcs"}},
		{"missing first", "game: arcs-and-marks\nplayers: [a, b]\nmarks: 8\nrounds:\n  - arcs: 1 1 1 1 1 1 1 1\n", []string{"round 1: missing first"}},
		{"missing arcs", "game: arcs-and-marks\nplayers: [a, b]\nmarks: 8\nrounds:\n  - first: 1\n", []string{"round 1: missing arcs"}},
		{"marks too many", "game: arcs-and-marks\nplayers: [a, b]\nmarks: 1001\nrounds:\n  - first: 1\n", []string{"t.yaml:3:8: marks 1001: papergames scores up to 1000 marks"}},
		{"marks too few", "game: arcs-and-marks\nplayers: [a, b]\nmarks: 2\nrounds:\n  - first: 1\n", []string{"marks 2: the circle needs at least 3 marks"}},
		{"marks not a number", "game: arcs-and-marks\nplayers: [a, b]\nmarks: many\nrounds:\n  - first: 1\n", []string{`marks must be a whole number, not "many"`}},
		{"board mismatch", "game: arcs-and-marks\nplayers: [a, b]\nmarks: 6\nboard: " + games.BoardID("arcs-and-marks marks=8") + "\nrounds:\n  - {first: 1, arcs: 1 1 1 1 1 1}\n", []string{"does not match this transcript's parameters"}},
		{"unknown key", "game: arcs-and-marks\nplayers: [a, b]\nmarks: 6\nrounds:\n  - {first: 1, arc: 1 1 1 1 1 1}\n", []string{`unknown key "arc"`}},
	} {
		_, _, err := scoreArcs(t, tc.src)
		if err == nil {
			t.Errorf("%s: scored", tc.name)
			continue
		}
		msg, at := err.Error(), 0
		for _, w := range tc.want {
			i := strings.Index(msg[at:], w)
			if i < 0 {
				t.Errorf("%s: error\n  %s\nlacks (in order)\n  %s", tc.name, msg, w)
				break
			}
			at += i + len(w)
		}
	}
}

func TestWritingForms(t *testing.T) {
	// The same round written with reaches, ends in either order, centre
	// prefixes, an en dash and a YAML list; without first when the first
	// arc names its centre.
	forms := []string{
		"first: 3\n    arcs: 1 2 1 3 1 2 1 3",
		"first: 3\n    arcs: 2-4 2-6 4-6 3-1 6-8 6-2 8-2 7-5",
		"first: 3\n    arcs: 4-2 6-2 6-4 1-3 8-6 2-6 2-8 5-7",
		"first: 3\n    arcs: 3:1 4:2 5:1 6:3 7:1 8:2 1:1 2:3",
		"arcs: 3:2-4 4:2 5:4-6 6:3 7:1 8:2 1:8–2 2:3",
		"first: 3\n    arcs: [2-4, 2, '5:6-4', 3, 1, 2, 1, 3]",
		"first: 3\n    arcs: [2-4, 2, 5:6-4, 3, 1, 2, 1, 3]",
	}
	var want string
	for i, f := range forms {
		src := "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: 8\nrounds:\n  - " + f + "\n"
		res, _, err := scoreArcs(t, src)
		if err != nil {
			t.Errorf("form %d: %v", i+1, err)
			continue
		}
		got := string(res.JSON())
		if want == "" {
			want = got
		} else if got != want {
			t.Errorf("form %d scores differently:\n%s\nwant\n%s", i+1, got, want)
		}
	}
}

func TestStartsAndWarnings(t *testing.T) {
	// Three players, 8 marks (not a multiple of 3), two rounds: seats 1
	// and 2 start by default, seat 3 never.
	res, _, err := scoreArcs(t, arcsGame("Ann, Bob, Cy", 8, "1|"+reaches(8, 1), "5|"+reaches(8, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if s := res.Rounds[1].Details["starts"]; s != "Bob" {
		t.Errorf("round 2 starts with %v, want Bob", s)
	}
	if p := movesOf(t, res.Rounds[1])[2].Player; p != "Ann" {
		t.Errorf("round 2, move 3 by %s, want Ann (Bob, Cy, Ann)", p)
	}
	w := strings.Join(res.Warnings, "\n")
	for _, want := range []string{"8 marks is not a multiple of 3 players", "first moves are unequal (Ann 1, Bob 1, Cy 0)"} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings %q lack %q", w, want)
		}
	}
	// starts: overrides; two rounds each started by a different player of
	// two: no warning.
	res, _, err = scoreArcs(t, arcsGame("Ann, Bob", 8, "1|"+reaches(8, 1)+"|Bob", "5|"+reaches(8, 2)+"|Ann"))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 0 || movesOf(t, res.Rounds[0])[0].Player != "Bob" {
		t.Errorf("warnings %v, first mover %s", res.Warnings, movesOf(t, res.Rounds[0])[0].Player)
	}
	// Fewest wins.
	if res.Goal != scorer.Fewest {
		t.Error("the goal is not fewest")
	}
}

// TestRender draws a scored round on a Recorder: every arc is drawn
// from end mark to end mark about its centre mark in its player's
// colour, every meeting point gets a dot; a refused round draws its bad
// move in red and nothing after it.
func TestRender(t *testing.T) {
	draw := func(d *scorer.Drawing) []layout.Op {
		rec := &layout.Recorder{}
		d.Cells[0].Figure.Draw(rec, layout.Pt(0, 0), 150, layout.Style{Line: 0.3, Guide: layout.Grey})
		return rec.Pages[0].Ops
	}
	res, d, err := scoreArcs(t, arcsGame("Ann, Bob", 8, "1|8-2 7-5 2-4 2-6 4-6 3-1 6-8 6-2"))
	if err != nil {
		t.Fatal(err)
	}
	board := boards.MarkedCircle{Marks: 8}
	o := layout.Pt(0, 0)
	arcs := 0
	for _, op := range draw(d) {
		if op.Kind != "stroke" || len(op.Path.Comps) != 2 || op.Path.Comps[1].Kind != layout.ArcTo {
			continue
		}
		arcs++
		js := movesOf(t, res.Rounds[0])[arcs-1]
		a := op.Path.Comps[1]
		near := func(p, q layout.Point) bool { return p.Dist(q) < 1e-6 }
		e1, e2 := board.Mark(o, 150, js.Ends[0]), board.Mark(o, 150, js.Ends[1])
		if !near(a.Center, board.Mark(o, 150, js.Centre)) || !((near(op.Path.Comps[0].Pos, e1) && near(a.Pos, e2)) || (near(op.Path.Comps[0].Pos, e2) && near(a.Pos, e1))) {
			t.Errorf("arc %d is not drawn about mark %d from mark %d to %d", arcs, js.Centre, js.Ends[0], js.Ends[1])
		}
		if op.Pen.Color != scorer.Ink((arcs-1)%2) {
			t.Errorf("arc %d in %v", arcs, op.Pen.Color)
		}
	}
	if arcs != 8 {
		t.Errorf("%d arcs drawn, want 8", arcs)
	}
	_, d, err = scoreArcs(t, arcsGame("Ann, Bob", 8, "1|8-2 7-5 2-5 2-6 4-6 3-1 6-8 6-2"))
	if err == nil {
		t.Fatal("the bad round scored")
	}
	var reds, strokes int
	for _, op := range draw(d) {
		if op.Kind == "stroke" && op.Pen.Color == layout.Red {
			reds++
		}
		if op.Kind == "stroke" && len(op.Path.Comps) == 2 && op.Path.Comps[1].Kind == layout.ArcTo && op.Pen.Color != layout.Red {
			strokes++
		}
	}
	if reds == 0 || strokes != 2 {
		t.Errorf("refused round: %d red strokes, %d arcs drawn; want red marks and the 2 arcs before the bad move", reds, strokes)
	}
}

// TestRenderFits: a rendered round fits A4 and A5 paper on every
// board papergames scores (the printed sheet's compass table is left out
// above 48 marks).
func TestRenderFits(t *testing.T) {
	for _, m := range []int{3, 8, 48, 49, 120, 360, 1000} {
		res, d, err := scoreArcs(t, arcsGame("Ann, Bob", m, "1|"+reaches(m, 1)))
		if err != nil {
			t.Fatalf("%d marks: %v", m, err)
		}
		for _, paper := range []layout.Size{{W: 210, H: 297}, {W: 148, H: 210}} {
			if _, err := d.Sheet(res, paper).Layout(); err != nil {
				t.Errorf("%d marks on %vx%v mm: %v", m, paper.W, paper.H, err)
			}
		}
		_, big := d.Cells[0].Figure.(scorer.Overlay).Base.(bigBoard)
		if big != (m > tableMarks) {
			t.Errorf("%d marks: drawn without the compass table: %v", m, big)
		}
	}
}

// BenchmarkArcsRound360 scores a round of 360 arcs with random reaches
// (64,620 pairs of arcs).
func BenchmarkArcsRound360(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	var ws []string
	for range 360 {
		ws = append(ws, fmt.Sprint(1+rng.Intn(179)))
	}
	src := []byte(arcsGame("Ann, Bob", 360, "1|"+strings.Join(ws, " ")))
	for b.Loop() {
		if _, _, err := games.Score(Game{}, "b.yaml", src, games.Values{}); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzScoreArcsAndMarks(f *testing.F) { gamestest.Fuzz(f, Game{}) }

// TestBoardMarks: the board's marks, built from one sine series per
// angle reduced to [0, 45] degrees, are bit for bit hp.Polar's.
func TestBoardMarks(t *testing.T) {
	for _, m := range []int{3, 7, 8, 12, 90, 360, 997} {
		b := newBoard(m)
		for i := range b.marks {
			p := hp.Polar(big.NewRat(1, 1), big.NewRat(int64(360*i), int64(m)))
			if p.X.Big().Cmp(b.marks[i].X.Big()) != 0 || p.Y.Big().Cmp(b.marks[i].Y.Big()) != 0 {
				t.Errorf("%d marks, mark %d: %v, hp.Polar gives %v", m, i+1, b.marks[i], p)
			}
		}
	}
}
