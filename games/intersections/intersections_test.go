package intersections

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"papergames/games"
	"papergames/games/gamestest"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/layout"
	"papergames/scorer"
)

func FuzzScoreMakingIntersections(f *testing.F) { gamestest.Fuzz(f, Game{}) }

// transcript writes a transcript on an n-by-n board for players, with
// one round per line of segments.
func transcript(n, m int, players string, rounds ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game: making-intersections\nplayers: [%s]\nsize: %d\nsegments: %d\nrounds:\n", players, n, m)
	for _, r := range rounds {
		fmt.Fprintf(&b, "  - segments: %s\n", r)
	}
	return b.String()
}

func score(t *testing.T, src string) (*scorer.Result, *scorer.Drawing, error) {
	t.Helper()
	res, d, err := games.Score(Game{}, "t.yaml", []byte(src), games.Values{})
	if err == nil && res == nil {
		t.Fatal("no result and no error")
	}
	return res, d, err
}

// roundDetails returns round k's JSON details as generic JSON.
func roundDetails(t *testing.T, res *scorer.Result, k int) map[string]any {
	t.Helper()
	var j struct {
		Rounds []struct {
			Details map[string]any `json:"details"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(res.JSON(), &j); err != nil {
		t.Fatal(err)
	}
	return j.Rounds[k].Details
}

// TestMakingIntersectionsRulings pins every ruling on how segments may
// meet, and the weights they give, one round each on a 6-by-6 board
// between two players. want is the scoring dots, or the refusal message
// (after "t.yaml:6:COL: round 1, ").
func TestMakingIntersectionsRulings(t *testing.T) {
	for _, tc := range []struct {
		name, segs, want string
	}{
		// Crossing: a dot strictly inside both.
		{"crossing", "B1-B5 A3-D3", "segment 2 (A3-D3) crosses segment 1 (B1-B5) at B3: lines may meet only at a dot where one of them ends"},
		{"crossing, later drawn vertical", "A3-D3 B1-B5", "segment 2 (B1-B5) crosses segment 1 (A3-D3) at B3: lines may meet only at a dot where one of them ends"},
		{"crossing two at once", "A2-F2 A4-F4 C1-C6", "segment 3 (C1-C6) crosses segment 1 (A2-F2) at C2: lines may meet only at a dot where one of them ends\n" +
			"t.yaml:6:27: round 1, segment 3 (C1-C6) crosses segment 2 (A4-F4) at C4: lines may meet only at a dot where one of them ends"},
		// Touching where at least one of them ends is allowed.
		{"T: the new one ends on the middle of the old", "A3-D3 B3-B5", "B3:3"},
		{"T: the new one passes through the old one's end", "B3-B5 A3-D3", "B3:3"},
		{"T from above and below: weight 4", "A3-D3 B1-B3 B3-B5", "B3:4"},
		{"L: two ends at a corner", "A1-A3 A3-C3", ""},
		{"end to end in one column", "C1-C3 C3-C6", ""},
		{"end to end in one row, and a T", "A2-C2 C2-E2 C2-C5", "C2:3"},
		{"plus made of four ends: weight 4", "C1-C3 C3-C5 A3-C3 C3-E3", "C3:4"},
		{"three ends: weight 3", "C1-C3 C3-C5 A3-C3", "C3:3"},
		{"pass through, an end beside it: weight 3", "A3-F3 D1-D3", "D3:3"},
		{"two passes through the same dot would cross", "A3-F3 D1-D6", "segment 2 (D1-D6) crosses segment 1 (A3-F3) at D3: lines may meet only at a dot where one of them ends"},
		{"a square with a long side and a tail: two corners of 2, two T's of 3", "A1-A4 A1-D1 D1-D4 A4-F4 B4-B6", "B4:3 D4:3"},
		{"board edge and corner", "A1-F1 A1-A6 F1-F6 A6-F6 C1-C6", "C1:3 C6:3"},
		// Coinciding: more than one shared point.
		{"overlap in a row", "A2-D2 C2-F2", "segment 2 (C2-F2) coincides with segment 1 (A2-D2) from C2 to D2: two lines may share a dot but not a stretch of line"},
		{"inside another", "A2-F2 B2-C2", "segment 2 (B2-C2) coincides with segment 1 (A2-F2) from B2 to C2: two lines may share a dot but not a stretch of line"},
		{"around another", "B5-C5 A5-F5", "segment 2 (A5-F5) coincides with segment 1 (B5-C5) from B5 to C5: two lines may share a dot but not a stretch of line"},
		{"overlap in a column, two at once", "B1-B2 B4-B5 B1-B6", "segment 3 (B1-B6) coincides with segment 1 (B1-B2) from B1 to B2: two lines may share a dot but not a stretch of line\n" +
			"t.yaml:6:27: round 1, segment 3 (B1-B6) coincides with segment 2 (B4-B5) from B4 to B5: two lines may share a dot but not a stretch of line"},
		{"the same segment twice", "B2-B6 B2-B6", "segment 2 (B2-B6) is segment 1 (B2-B6) drawn again: the same line may not be drawn twice"},
		{"the same segment, ends swapped", "B2-B6 b6-b2", "segment 2 (B6-B2) is segment 1 (B2-B6) drawn again: the same line may not be drawn twice"},
		// Bad segments.
		{"diagonal", "B2-D4 A1-A2", `segment 1 (B2-D4): not along one row or column (B2 is in column B, row 2; D4 in column D, row 4); segments run straight across or straight down`},
		{"zero length", "C3-C3 A1-A2", "segment 1 (C3-C3): both ends are C3; a segment joins two different dots"},
		{"off the board", "A1-A7 A1-B1", `segment 1 (A1-A7): "A7" is off the 6-by-6 board (columns A-F, rows 1-6)`},
		{"not a dot", "A1-?? A1-B1", `segment 1 (A1-??): "??" is not a cell name (write a column letter and a row number, e.g. B3)`},
		{"missing dash", "B2 B6 A1-B1", "segment 1 (B2 B6): join the two end dots with a dash: B2-B6"},
		{"lone dot", "B2 A1-B1", `segment 1 (B2): "B2" is a single dot; write a segment as its two end dots joined by a dash, e.g. B2-C2`},
		{"three dots", "B2-B4-B6 A1-B1", "segment 1 (B2-B4-B6): a segment has two ends, not three; for one line through B4 write B2-B6, for two lines B2-B4 B4-B6"},
		{"one end missing", "B2- A1-B1", "segment 1 (B2-A1-B1): a segment is two dots joined by one dash, e.g. B2-B6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			segs := strings.Fields(tc.segs)
			m := len(segs)
			if tc.name == "missing dash" || tc.name == "one end missing" {
				m-- // two words are one (bad) segment
			}
			res, _, err := score(t, transcript(6, m, "Ann, Bob", tc.segs))
			if strings.HasPrefix(tc.want, "segment ") {
				if err == nil {
					t.Fatalf("scored; want %q", tc.want)
				}
				got := err.Error()
				if i := strings.Index(got, "round 1, "); i >= 0 {
					got = got[i+len("round 1, "):]
				}
				if got != tc.want {
					t.Errorf("got  %s\nwant %s", got, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			d := roundDetails(t, res, 0)
			w := weightsOf(t, 6, segs)
			for _, s := range d["scoring_dots"].([]any) {
				c, r, _ := boards.ParseCell(s.(string), 6)
				got = append(got, fmt.Sprintf("%s:%d", s, w[r][c]))
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("scoring dots %q, want %q", strings.Join(got, " "), tc.want)
			}
			if res.Rounds[0].Scores[0] != len(got) || res.Rounds[0].Scores[1] != 0 {
				t.Errorf("scores %v: Ann is the offense and has %d scoring dots", res.Rounds[0].Scores, len(got))
			}
		})
	}
}

// weightsOf is the brute-force weight of every dot: for each segment,
// each dot on it adds 1 if it is an end, 2 if not.
func weightsOf(t *testing.T, n int, segs []string) [][]int {
	w := make([][]int, n)
	for r := range w {
		w[r] = make([]int, n)
	}
	for _, s := range segs {
		a, b, _ := strings.Cut(s, "-")
		ac, ar, err1 := boards.ParseCell(a, n)
		bc, br, err2 := boards.ParseCell(b, n)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad test segment %s", s)
		}
		for _, d := range dotsOn(ac, ar, bc, br) {
			if (d[0] == ac && d[1] == ar) || (d[0] == bc && d[1] == br) {
				w[d[1]][d[0]]++
			} else {
				w[d[1]][d[0]] += 2
			}
		}
	}
	return w
}

// dotsOn lists the dots on the row or column segment (ac, ar)-(bc, br).
func dotsOn(ac, ar, bc, br int) [][2]int {
	var out [][2]int
	dc, dr := sign(bc-ac), sign(br-ar)
	for c, r := ac, ar; ; c, r = c+dc, r+dr {
		out = append(out, [2]int{c, r})
		if c == bc && r == br {
			return out
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// TestMakingIntersectionsReport checks the text report and the JSON
// details of a hand-scored round.
func TestMakingIntersectionsReport(t *testing.T) {
	res, _, err := score(t, transcript(5, 4, "Ann, Bob", "A3-E3 C1-C3 C3-C5 A1-A3"))
	if err != nil {
		t.Fatal(err)
	}
	text := res.Text("t.yaml")
	for _, want := range []string{
		"Ann is the offense; drawing order Ann, Bob\n",
		"Ann drew #1 A3-E3, #3 C3-C5\n",
		"Bob drew #2 C1-C3, #4 A1-A3\n",
		"C3: weight 4 = 2 + 1 + 1 (#1 A3-E3 passes through, #2 C1-C3 ends, #3 C3-C5 ends): a point for Ann\n",
		"1 dot of weight 3 or 4: 1 point for Ann\n",
		"dots: 14 of weight 0, 4 of weight 1, 6 of weight 2, 1 of weight 4\n",
		"score: Ann 1, Bob 0\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	d, _ := json.Marshal(roundDetails(t, res, 0))
	want := `{"offense":"Ann","scoring_dots":["C3"],"segments":[{"player":"Ann","segment":"A3-E3"},{"player":"Bob","segment":"C1-C3"},{"player":"Ann","segment":"C3-C5"},{"player":"Bob","segment":"A1-A3"}],"weights":{"0":14,"1":4,"2":6,"4":1}}`
	if string(d) != want {
		t.Errorf("details\n got %s\nwant %s", d, want)
	}
}

// TestMakingIntersectionsOffense pins the offense rotation, the drawing
// order and the warnings about who was offense how often.
func TestMakingIntersectionsOffense(t *testing.T) {
	three := "A1-A2 B1-B2 C1-C2 A1-B1 B1-C1 A2-B2"
	for _, tc := range []struct {
		name    string
		src     string
		offense []string
		drawers string // round 1's drawers in order
		warning string // "" for none
	}{
		{"rotates through the seats", transcript(3, 6, "Ann, Bob, Cy", three, three, three),
			[]string{"Ann", "Bob", "Cy"}, "Ann Bob Cy Ann Bob Cy", ""},
		{"too few rounds", transcript(3, 6, "Ann, Bob, Cy", three, three),
			[]string{"Ann", "Bob"}, "Ann Bob Cy Ann Bob Cy",
			"the players were not the offense equally often (rounds as offense: Ann 1, Bob 1, Cy 0); 2 rounds cannot be shared equally among 3 players"},
		{"named offense", "game: making-intersections\nplayers: [Ann, Bob, Cy]\nsize: 3\nsegments: 6\nrounds:\n" +
			"  - {offense: Cy, segments: " + three + "}\n  - {offense: Ann, segments: " + three + "}\n  - {offense: Bob, segments: " + three + "}\n",
			[]string{"Cy", "Ann", "Bob"}, "Cy Ann Bob Cy Ann Bob", ""},
		{"named twice", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: 6\nrounds:\n" +
			"  - {offense: Bob, segments: " + three + "}\n  - {segments: " + three + "}\n",
			[]string{"Bob", "Bob"}, "Bob Ann Bob Ann Bob Ann", "the players were not the offense equally often (rounds as offense: Ann 0, Bob 2)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, _, err := score(t, tc.src)
			if err != nil {
				t.Fatal(err)
			}
			var w string
			if len(res.Warnings) > 0 {
				w = res.Warnings[len(res.Warnings)-1]
			}
			if w != tc.warning {
				t.Errorf("warning %q, want %q", w, tc.warning)
			}
			for k, want := range tc.offense {
				d := roundDetails(t, res, k)
				if d["offense"] != want {
					t.Errorf("round %d: offense %v, want %s", k+1, d["offense"], want)
				}
				seat := -1
				for i, p := range res.Players {
					if p == want {
						seat = i
					}
				}
				for i, s := range res.Rounds[k].Scores {
					if (i == seat) != (s > 0) {
						t.Errorf("round %d: scores %v; only the offense %s scores", k+1, res.Rounds[k].Scores, want)
					}
				}
			}
			var drawers []string
			for _, s := range roundDetails(t, res, 0)["segments"].([]any) {
				drawers = append(drawers, s.(map[string]any)["player"].(string))
			}
			if strings.Join(drawers, " ") != tc.drawers {
				t.Errorf("drawers %q, want %q", strings.Join(drawers, " "), tc.drawers)
			}
		})
	}
}

// TestMakingIntersectionsHeader pins the checks of the segments count and
// its warnings.
func TestMakingIntersectionsHeader(t *testing.T) {
	eight := "A1-B1 B1-C1 A1-A2 A2-A3 C1-C2 C2-C3 A3-B3 B3-C3"
	for _, tc := range []struct {
		name, src string
		err       string // "" when it scores
		warnings  []string
	}{
		{"many segments warned", transcript(3, 8, "Ann, Bob", eight, eight), "",
			[]string{"segments: 8 on a 3-by-3 board: the rules ask for fewer than 7, (n-1)^2 + 3, the fewest segments that join every two neighbouring dots"}},
		{"one fewer is fine", transcript(3, 6, "Ann, Bob", "A1-B1 B1-C1 A1-A2 A2-A3 C1-C2 C2-C3", "A1-B1 B1-C1 A1-A2 A2-A3 C1-C2 C2-C3"), "", nil},
		{"exactly the limit is warned", transcript(3, 7, "Ann, Bob", "A1-B1 B1-C1 A1-A2 A2-A3 C1-C2 C2-C3 A3-B3", "A1-B1 B1-C1 A1-A2 A2-A3 C1-C2 C2-C3 A3-B3"), "",
			[]string{"segments: 7 is not a multiple of the 2 players, so the players did not all draw the same number of segments in a round",
				"segments: 7 on a 3-by-3 board: the rules ask for fewer than 7, (n-1)^2 + 3, the fewest segments that join every two neighbouring dots"}},
		{"too few in a round", transcript(4, 4, "Ann, Bob", "A1-A2 B1-B2 C1-C2 D1-D2", "A1-A2 B1-B2 C1-C2"),
			"t.yaml:7:15: round 2 has 3 segments; every round has 4 (segments: 4 in the header)", nil},
		{"too many in a round", transcript(4, 2, "Ann, Bob", "A1-A2 B1-B2", "A1-A2 B1-B2 C1-C2"),
			"t.yaml:7:27: round 2 has 3 segments; every round has 2 (segments: 2 in the header); segment 3 (C1-C2) is one too many", nil},
		{"an empty round", transcript(4, 2, "Ann, Bob", "A1-A2 B1-B2", "", "A1-A2 B1-B2"),
			"t.yaml:7:14: round 2 has 0 segments; every round has 2 (segments: 2 in the header)", nil},
		{"more than fit", transcript(3, 13, "Ann, Bob", "A1-A2"),
			"t.yaml:4:11: segments 13: must be from 1 to 12; a 3-by-3 board has 12 gaps between neighbouring dots and each segment covers at least one", nil},
		{"not a number", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: twelve\nrounds:\n  - segments: A1-A2\n",
			`t.yaml:4:11: segments must be a whole number (the segments drawn in every round), not "twelve"`, nil},
		{"missing", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nrounds:\n  - segments: A1-A2 B1-B2\n",
			`t.yaml:1:5: missing "segments": the number of segments drawn in every round, as agreed before play (round 1 lists 2), e.g. segments: 12`, nil},
		{"a list in the header", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: [A1-A2]\nrounds:\n  - segments: A1-A2\n",
			"t.yaml:4:11: segments in the header is the number of segments drawn in every round, not a list; each round lists its own segments", nil},
		{"wrong board id", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: 2\nboard: 12345678\nrounds:\n  - segments: A1-A2 B1-B2\n",
			"t.yaml:5:8: board 12345678 does not match this transcript's parameters, whose sheet is board " + games.BoardID("making-intersections size=3") + ": check the parameters against the sheet", nil},
		{"a stranger as offense", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: 2\nrounds:\n  - offense: Cy\n    segments: A1-A2 B1-B2\n",
			`t.yaml:6:14: round 1, offense: "Cy" is not one of the players (Ann, Bob)`, nil},
		{"a segment as a pair", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: 2\nrounds:\n  - segments: [[A1, A2], B1-B2]\n",
			"t.yaml:6:16: round 1: write each segment as its two end dots joined by a dash, e.g. B2-B6", nil},
		{"a list longer than any board holds", transcript(2, 4, "Ann, Bob", strings.TrimSpace(strings.Repeat("A1-A2 ", 100))),
			"t.yaml:6:15: round 1: far too many segments for a 2-by-2 board, which has room for at most 4", nil},
		{"no segments key", "game: making-intersections\nplayers: [Ann, Bob]\nsize: 3\nsegments: 2\nrounds:\n  - offense: Ann\n",
			"t.yaml:6:5: round 1: missing segments, the segments in the order drawn, e.g. segments: B2-B6 A4-B4", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, _, err := score(t, tc.src)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error\n got %v\nwant %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(res.Warnings, "\n") != strings.Join(tc.warnings, "\n") {
				t.Errorf("warnings\n got %q\nwant %q", res.Warnings, tc.warnings)
			}
		})
	}
}

// TestMakingIntersectionsWritings: the ways a teacher may type a list of
// segments all read the same.
func TestMakingIntersectionsWritings(t *testing.T) {
	want := `[{"player":"Ann","segment":"B2-B6"},{"player":"Bob","segment":"A4-B4"}]`
	for _, segs := range []string{
		"B2-B6 A4-B4", "b2-b6, a4-b4", "[B2-B6, A4-B4]", "\"B2 - B6  A4 -B4\"", "B2–B6 A4—B4",
		"\n      - B2-B6\n      - A4-B4",
		// Spaces around the dash inside one list item, as well.
		"\n      - B2 - B6\n      - \"A4 -B4\"", "[B2 - B6, A4–\tB4]",
	} {
		res, _, err := score(t, transcript(6, 2, "Ann, Bob", segs))
		if err != nil {
			t.Errorf("%q: %v", segs, err)
			continue
		}
		got, _ := json.Marshal(roundDetails(t, res, 0)["segments"])
		if string(got) != want {
			t.Errorf("%q read as %s", segs, got)
		}
	}
}

// TestMakingIntersectionsAllProblems: every bad segment of every round is
// reported, and a refused segment does not count as drawn for the checks
// after it (so one typo gives one message).
func TestMakingIntersectionsAllProblems(t *testing.T) {
	src := transcript(5, 3, "Ann, Bob", "A1-E1 C1-C3 B2-D2", "B1-B5 A3-D3 A3-D4")
	_, d, err := score(t, src)
	want := "t.yaml:6:27: round 1, segment 3 (B2-D2) crosses segment 2 (C1-C3) at C2: lines may meet only at a dot where one of them ends\n" +
		"t.yaml:7:21: round 2, segment 2 (A3-D3) crosses segment 1 (B1-B5) at B3: lines may meet only at a dot where one of them ends\n" +
		"t.yaml:7:27: round 2, segment 3 (A3-D4): not along one row or column (A3 is in column A, row 3; D4 in column D, row 4); segments run straight across or straight down"
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
	if d == nil || len(d.Cells) != 2 {
		t.Fatalf("a refused transcript is still drawn, one board per round")
	}
	// Round 2: segment 1 in Bob's ink, segments 2 and 3 in red; no rings.
	rec := &layout.Recorder{}
	rec.AddPage(300, 300)
	d.Cells[1].Figure.Draw(rec, layout.Pt(0, 0), 150, layout.DefaultStyle)
	count := map[layout.Color]int{}
	for _, op := range rec.Pages[0].Ops {
		if op.Kind == "stroke" && op.Pen.Width > 0.4 {
			count[op.Pen.Color]++
		}
	}
	// Bob is round 2's offense and draws segment 1; the key adds one
	// stroke of each colour.
	if count[layout.Red] != 3 || count[scorer.Ink(1)] != 2 || count[scorer.Ink(0)] != 1 {
		t.Errorf("strokes by colour %v: want 2 red segments (+1 in the key), 1 of Bob's (+1), Ann's only in the key", count)
	}
}

// TestMakingIntersectionsRender: a scored round rings exactly its scoring
// dots in the offense's colour.
func TestMakingIntersectionsRender(t *testing.T) {
	_, d, err := score(t, transcript(5, 4, "Ann, Bob", "A3-E3 C1-C3 C3-C5 A1-A3", "A3-E3 C1-C3 C3-C5 A1-A3"))
	if err != nil {
		t.Fatal(err)
	}
	for k, c := range d.Cells {
		rec := &layout.Recorder{}
		rec.AddPage(300, 300)
		c.Figure.Draw(rec, layout.Pt(0, 0), 150, layout.DefaultStyle)
		rings := 0
		for _, op := range rec.Pages[0].Ops {
			if op.Kind == "stroke" && op.Pen.Color == scorer.Ink(k) && len(op.Path.Comps) > 0 && op.Path.Comps[len(op.Path.Comps)-1].Kind != layout.LineTo {
				rings++
			}
		}
		// C3 and the key's sample ring.
		if rings != 2 {
			t.Errorf("round %d: %d rings in the offense's colour, want 2 (C3 and the key)", k+1, rings)
		}
		if want := fmt.Sprintf("round %d: %s is the offense and scores 1", k+1, []string{"Ann", "Bob"}[k]); c.Caption != want {
			t.Errorf("caption %q, want %q", c.Caption, want)
		}
	}
}

// randomGame draws up to tries random row or column segments on an
// n-by-n board, keeping those the brute-force rules allow.
func randomGame(rng *rand.Rand, n, tries int) []string {
	type seg struct{ dots [][2]int }
	var kept []seg
	var out []string
	for range tries {
		ac, ar := rng.Intn(n), rng.Intn(n)
		bc, br := ac, ar
		if rng.Intn(2) == 0 {
			bc = rng.Intn(n)
		} else {
			br = rng.Intn(n)
		}
		if bc == ac && br == ar {
			continue
		}
		s := seg{dotsOn(ac, ar, bc, br)}
		if !legalBrute(s.dots, func(yield func([][2]int) bool) {
			for _, k := range kept {
				if !yield(k.dots) {
					return
				}
			}
		}) {
			continue
		}
		kept = append(kept, s)
		out = append(out, boards.CellName(ac, ar)+"-"+boards.CellName(bc, br))
	}
	return out
}

// legalBrute decides by the definitions whether a segment (its dots, in
// order) may join the earlier ones: it shares at most one point with each,
// and never one inside both. Segments on rows and columns share only whole
// dots, and overlapping ones share at least two.
func legalBrute(dots [][2]int, earlier func(func([][2]int) bool)) bool {
	legal := true
	earlier(func(e [][2]int) bool {
		var shared [][2]int
		for _, d := range dots {
			for _, f := range e {
				if d == f {
					shared = append(shared, d)
				}
			}
		}
		inside := func(s [][2]int, d [2]int) bool { return d != s[0] && d != s[len(s)-1] }
		if len(shared) > 1 || (len(shared) == 1 && inside(dots, shared[0]) && inside(e, shared[0])) {
			legal = false
		}
		return legal
	})
	return legal
}

// TestMakingIntersectionsRandomGames scores random legal games and
// compares with brute force: the points are the dots whose weight, counted
// segment by segment, is 3 or 4; no weight ever exceeds 4, and each
// weight is the number of the dot's (up to four) gaps to its neighbours
// that a segment covers. That is why 4 is the most: a segment ending at a
// dot covers one of those gaps, one passing through covers two, and two
// segments covering the same gap would coincide.
func TestMakingIntersectionsRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	seen := map[int]int{}
	for game := range 400 {
		n := 2 + rng.Intn(7)
		segs := randomGame(rng, n, 1+rng.Intn(4*n*n))
		if len(segs) == 0 {
			continue
		}
		res, _, err := score(t, transcript(n, len(segs), "Ann, Bob, Cy", strings.Join(segs, " ")))
		if err != nil {
			t.Fatalf("game %d (%d-by-%d, %s): a legal game refused: %v", game, n, n, segs, err)
		}
		w := weightsOf(t, n, segs)
		covered := make(map[[4]int]bool) // gap (c, r)-(c2, r2)
		for _, s := range segs {
			a, b, _ := strings.Cut(s, "-")
			ac, ar, _ := boards.ParseCell(a, n)
			bc, br, _ := boards.ParseCell(b, n)
			ds := dotsOn(ac, ar, bc, br)
			for k := 0; k+1 < len(ds); k++ {
				p, q := ds[k], ds[k+1]
				if q[0] < p[0] || q[1] < p[1] {
					p, q = q, p
				}
				covered[[4]int{p[0], p[1], q[0], q[1]}] = true
			}
		}
		points := 0
		for r := range n {
			for c := range n {
				gaps := 0
				for _, g := range [][4]int{{c - 1, r, c, r}, {c, r, c + 1, r}, {c, r - 1, c, r}, {c, r, c, r + 1}} {
					if covered[g] {
						gaps++
					}
				}
				if w[r][c] > 4 || w[r][c] != gaps {
					t.Fatalf("game %d (%s): %s has weight %d and %d covered gaps", game, segs, boards.CellName(c, r), w[r][c], gaps)
				}
				seen[w[r][c]]++
				if w[r][c] == 3 || w[r][c] == 4 {
					points++
				}
			}
		}
		if tot := res.Totals(); tot[0] != points || tot[1] != 0 || tot[2] != 0 {
			t.Fatalf("game %d (%d-by-%d, %s): totals %v, brute force %d for Ann", game, n, n, segs, tot, points)
		}
	}
	if seen[3] == 0 || seen[4] == 0 {
		t.Errorf("the random games never made weight 3 or 4: %v", seen)
	}
}

// TestMakingIntersectionsChecksAgreeWithBruteForce draws random segments,
// legal or not, and checks that the scorer refuses exactly those the
// definitions refuse, naming the earlier segments the brute force finds.
func TestMakingIntersectionsChecksAgreeWithBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for range 300 {
		n := 2 + rng.Intn(6)
		st, _ := New(n, 3*n, []string{"Ann", "Bob"}, 0)
		var drawn [][][2]int
		var names []string
		for range 3 * n {
			mv := Move{A: Dot{int8(rng.Intn(n)), int8(rng.Intn(n))}}
			mv.B = mv.A
			for mv.B == mv.A {
				if rng.Intn(2) == 0 {
					mv.B.C = int8(rng.Intn(n))
				} else {
					mv.B.R = int8(rng.Intn(n))
				}
			}
			dots := dotsOn(int(mv.A.C), int(mv.A.R), int(mv.B.C), int(mv.B.R))
			var want []string
			for j, e := range drawn {
				if !legalBrute(dots, func(yield func([][2]int) bool) { yield(e) }) {
					want = append(want, names[j])
				}
			}
			var got games.Refusal
			if err := st.Check(mv); err != nil {
				got = err.(games.Refusal)
			}
			if len(got) != len(want) {
				t.Fatalf("%d-by-%d, %s after %v: conflicts %q, brute force %q", n, n, mv, names, got, want)
			}
			for i := range got {
				if !strings.Contains(got[i], want[i]+" ") && !strings.Contains(got[i], want[i]+":") {
					t.Fatalf("%s: conflict %q should name %s", mv, got[i], want[i])
				}
			}
			if len(got) == 0 {
				names = append(names, fmt.Sprintf("segment %d (%s)", len(drawn)+1, mv))
				if err := st.Play(mv); err != nil {
					t.Fatal(err)
				}
				drawn = append(drawn, dots)
			}
		}
	}
}

// TestMakingIntersectionsFull: all gaps drawn as single steps is legal and
// makes every inner dot weight 4, the most there is.
func TestMakingIntersectionsFull(t *testing.T) {
	n := 5
	var segs []string
	for r := range n {
		for c := range n {
			if c+1 < n {
				segs = append(segs, boards.CellName(c, r)+"-"+boards.CellName(c+1, r))
			}
			if r+1 < n {
				segs = append(segs, boards.CellName(c, r)+"-"+boards.CellName(c, r+1))
			}
		}
	}
	res, _, err := score(t, transcript(n, len(segs), "Ann, Bob", strings.Join(segs, " ")))
	if err != nil {
		t.Fatal(err)
	}
	// 9 inner dots of weight 4, 12 edge dots of weight 3, 4 corners of 2.
	d := roundDetails(t, res, 0)
	if got, _ := json.Marshal(d["weights"]); string(got) != `{"2":4,"3":12,"4":9}` || res.Totals()[0] != 21 {
		t.Errorf("weights %s, points %d; want 4 corners of 2, 12 of 3, 9 of 4: 21 points", got, res.Totals()[0])
	}
}

// TestMakingIntersectionsListItem: a list item holding two segments is
// told to split them, not to join them with a dash.
func TestMakingIntersectionsListItem(t *testing.T) {
	src := transcript(4, 2, "Ann, Bob", "\n      - A1-A2 B1-B2\n      - A3 B3")
	_, _, err := score(t, src)
	want := "t.yaml:7:9: round 1, segment 1 (A1-A2 B1-B2): one segment per list item, two dots joined by a dash, e.g. B2-B6; put each further segment on a line of its own\n" +
		"t.yaml:8:9: round 1, segment 2 (A3 B3): join the two end dots with a dash: A3-B3"
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
}

// TestMakingIntersectionsRefusedLabels: a refused segment drawn over the
// one it coincides with keeps both numbers readable: no two segment
// numbers are printed at the same place.
func TestMakingIntersectionsRefusedLabels(t *testing.T) {
	for _, segs := range []string{"B1-B5 B2-B4", "A2-E2 B2-D2"} {
		_, d, err := score(t, transcript(5, 2, "Ann, Bob", segs))
		if err == nil || d == nil || len(d.Cells) != 1 {
			t.Fatalf("%s: want a refused round drawn, got %v", segs, err)
		}
		rec := &layout.Recorder{}
		rec.AddPage(300, 300)
		d.Cells[0].Figure.Draw(rec, layout.Pt(0, 0), 150, layout.DefaultStyle)
		at := map[layout.Point]string{}
		for _, op := range rec.Pages[0].Ops {
			if op.Kind != "text" || (op.Color != layout.Red && op.Color != scorer.Ink(0)) {
				continue
			}
			if prev, ok := at[op.At]; ok {
				t.Errorf("%s: segment numbers %s and %s printed at the same place", segs, prev, op.Text)
			}
			at[op.At] = op.Text
		}
		if len(at) != 2 {
			t.Errorf("%s: %d segment numbers printed, want 2", segs, len(at))
		}
	}
}

// TestSetupRefusesImpossibleSegments: a sheet asking for more segments
// than the array has gaps is refused, as the scorer refuses the round.
func TestSetupRefusesImpossibleSegments(t *testing.T) {
	for _, tc := range []struct {
		size, segs int
		ok         bool
	}{{30, 1740, true}, {29, 1625, false}, {3, 12, true}, {3, 13, false}} {
		_, err := Game{}.Setup(games.Values{"size": tc.size, "segments": tc.segs}, []string{"Ann", "Bob"})
		if (err == nil) != tc.ok || err != nil && !strings.Contains(err.Error(), "gaps between neighbouring dots") {
			t.Errorf("size %d, segments %d: %v", tc.size, tc.segs, err)
		}
	}
}

// TestRecordFormNamesThePlayers: the order of play is fixed, so each
// round's form pre-prints the offense and every segment's player, as the
// blank transcript does (issue 22).
func TestRecordFormNamesThePlayers(t *testing.T) {
	players := []string{"Ann", "Bob", "Cy"}
	for r := 0; r < 3; r++ {
		cells, err := Game{}.CopyCells(games.Values{"size": 8, "segments": 6}, players, r)
		if err != nil {
			t.Fatal(err)
		}
		f := cells[0].Record
		if want := "offense: " + players[r]; f.Parts[0].Heading != want {
			t.Errorf("round %d: %q, want %q", r+1, f.Parts[0].Heading, want)
		}
		blank := Game{}.Blank(games.Values{"size": 8, "segments": 6}, players, 3)
		for k, row := range f.Parts[1].Rows {
			if want := players[(r+k)%3]; row[1] != want {
				t.Errorf("round %d, segment %d: player %q, want %q", r+1, k+1, row[1], want)
			}
			if line := fmt.Sprintf("# segment %d, %s\n", k+1, row[1]); !strings.Contains(blank, line) {
				t.Errorf("the blank transcript lacks %q", line)
			}
		}
	}
}
