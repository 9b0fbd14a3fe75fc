package rings

import (
	"errors"
	"fmt"
	"math/big"
	"papergames/games"
	"papergames/games/gamestest"
	"reflect"
	"sort"
	"strings"
	"testing"

	"papergames/geom"
	"papergames/layout"
	"papergames/scorer"
)

func FuzzScoreCrossingTheRings(f *testing.F) { gamestest.Fuzz(f, Game{}) }

// testTarget builds a target of n circles from each ring's cuts, written
// "0 90 180" (ring 1 first).
func testTarget(t testing.TB, n int, cuts ...string) *target {
	t.Helper()
	g := &target{n: n}
	for _, cs := range cuts {
		var ds []*dir
		for _, w := range strings.Fields(cs) {
			d, err := geom.ParseNumber(w)
			if err != nil {
				t.Fatal(err)
			}
			ds = append(ds, newDir(d))
		}
		sort.Slice(ds, func(a, b int) bool { return ds[a].deg.Cmp(ds[b].deg) < 0 })
		g.cuts = append(g.cuts, ds)
	}
	if len(g.cuts) != n-1 {
		t.Fatalf("%d rings of cuts for %d circles", len(g.cuts), n)
	}
	return g
}

func testEnd(t testing.TB, label string) end {
	t.Helper()
	var c int
	var a string
	if k, err := fmt.Sscanf(strings.Replace(label, "@", " ", 1), "%d %s", &c, &a); k != 2 || err != nil {
		t.Fatalf("end %q: %v", label, err)
	}
	d, err := geom.ParseNumber(a)
	if err != nil {
		t.Fatal(err)
	}
	return newEnd(c, newDir(d))
}

// meetString writes what a segment meets: sections as ring.section in the
// order met, then the cuts it runs along as ring@angle, and "centre".
func meetString(g *target, m meeting) string {
	var parts []string
	for _, s := range m.secs {
		parts = append(parts, fmt.Sprintf("%d.%d", s.ring, s.sec+1))
	}
	for _, c := range m.along {
		parts = append(parts, fmt.Sprintf("along %d@%s", c.ring, games.Exact(g.cuts[c.ring-1][c.cut].deg)))
	}
	if m.centre {
		parts = append(parts, "centre")
	}
	return strings.Join(parts, " ")
}

// TestRingsMeets pins the edge cases of "a segment fills every section
// whose open interior it meets" (rulings.md, Crossing The Rings).
func TestRingsMeets(t *testing.T) {
	// Ring 3's cuts sit 1e-10 degrees either side of 30 and 150 too, so
	// that the chord 4@30-4@150 can be moved by that much.
	const near = "29.9999999999 30 30.0000000001 149.9999999999 150 150.0000000001 210 330"
	for _, tc := range []struct {
		name string
		n    int
		cuts []string
		a, b string
		want string
	}{
		// The case: with 4 circles the chord of circle 4 from 30 to
		// 150 degrees touches circle 2 at 2@90 and must not enter ring 1.
		// 2@90 is also the inner end of ring 2's cut at 90: touching it
		// fills the sections on both sides, as any other point would.
		{"tangent to circle 2", 4, []string{"0 180", "0 90 180 270", near}, "4@30", "4@150", "3.2 3.3 2.1 2.2 3.4"},
		{"tangent, reversed", 4, []string{"0 180", "0 90 180 270", near}, "4@150", "4@30", "3.4 3.3 2.2 2.1 3.2"},
		// Ends moved 1e-10 degrees apart: the chord dips below circle 2
		// and fills ring 1's section 1 as well.
		{"1e-10 further apart", 4, []string{"0 180", "0 90 180 270", near}, "4@29.9999999999", "4@150.0000000001", "3.1 3.2 3.3 2.1 1.1 2.2 3.4 3.5"},
		// Moved 1e-10 degrees closer: the chord clears circle 2 (it now
		// crosses ring 2's cut at 90 just outside its end): no ring 1.
		{"1e-10 closer", 4, []string{"0 180", "0 90 180 270", near}, "4@30.0000000001", "4@149.9999999999", "3.3 2.1 2.2"},
		// Along a cut: 2@45-3@45 is ring 2's cut itself; it fills neither
		// neighbour. 1@45-4@45 runs along the cuts of rings 1 and 2 and
		// fills only ring 3's section around 45.
		{"along a cut", 4, []string{"45 225", "45 135 270", "0 90 180 270"}, "2@45", "3@45", "along 2@45"},
		{"along two cuts", 4, []string{"45 225", "45 135 270", "0 90 180 270"}, "1@45", "4@45", "3.1 along 1@45 along 2@45"},
		{"along two cuts, inwards", 4, []string{"45 225", "45 135 270", "0 90 180 270"}, "4@45", "1@45", "3.1 along 2@45 along 1@45"},
		{"radial between cuts", 4, []string{"45 225", "45 135 270", "0 90 180 270"}, "1@10", "4@10", "1.2 2.3 3.1"},
		// Through the centre: a diameter fills nothing in the centre disc;
		// its half along 0 runs along ring 2's cut there.
		{"diameter", 3, []string{"90 270", "0 120 240"}, "3@0", "3@180", "1.2 1.1 2.2 along 2@0 centre"},
		// A chord through the centre disc skips ring 1's section 30-60,
		// which only the disc part of it passes.
		{"chord through the disc", 3, []string{"30 60 200", "0 150"}, "2@0", "2@150", "1.3 1.2 centre"},
		// Crossing a cut is ordinary: 4@0-4@90 crosses ring 2's cut at 45
		// (it passes 45 at radius 2.83), filling both sides; in ring 3 it
		// never reaches 45.
		{"crossing a cut", 4, []string{"0 180", "45 200", "0 45 90 180"}, "4@0", "4@90", "3.1 2.2 2.1 3.2"},
		// From a corner: 2@90 is the end of ring 1's and ring 2's cuts at
		// 90. Heading inwards and clockwise, the segment enters ring 1 after
		// the cut (section 1), never the section before it.
		{"from a corner", 4, []string{"90 270", "0 120 240", "0 90 180 270"}, "2@90", "4@180", "1.1 2.2 3.2"},
		// Around 0 degrees, both ways.
		{"across 0 clockwise", 3, []string{"0 180", "0 120 240"}, "3@350", "3@20", "2.3 2.1"},
		{"across 0 anticlockwise", 3, []string{"0 180", "0 120 240"}, "3@20", "3@350", "2.1 2.3"},
		// A ring cut once is one section, met on both sides of its cut.
		{"one section", 3, []string{"0", "0 120 240"}, "2@330", "2@30", "1.1"},
		// Tangent to circle 1 at the cut end 1@0: ring 1 only, never the
		// centre disc.
		{"tangent at a cut end", 3, []string{"0", "0 120 240"}, "2@300", "2@60", "1.1"},
		// A sweep that passes a whole ring's worth of cuts and returns to
		// the section it started in.
		{"round to the same section", 3, []string{"0 1", "0 120 240"}, "2@340", "2@20", "1.2 1.1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := testTarget(t, tc.n, tc.cuts...)
			var m meeting
			g.meets(&m, testEnd(t, tc.a), testEnd(t, tc.b))
			if got := meetString(g, m); got != tc.want {
				t.Errorf("%s-%s meets %q, want %q", tc.a, tc.b, got, tc.want)
			}
		})
	}
}

func TestRingBounds(t *testing.T) {
	for _, tc := range []struct {
		rule string
		want [][2]int
		err  string
	}{
		{"", [][2]int{{1, 2}, {2, 4}, {3, 8}, {4, 16}}, ""},
		{"j..2^j", [][2]int{{1, 2}, {2, 4}, {3, 8}, {4, 16}}, ""},
		{"2..3j", [][2]int{{2, 3}, {2, 6}, {2, 9}, {2, 12}}, ""},
		{"4..8", [][2]int{{4, 8}, {4, 8}, {4, 8}, {4, 8}}, ""},
		{" j .. j + 4 ", [][2]int{{1, 5}, {2, 6}, {3, 7}, {4, 8}}, ""},
		{"(j+1)..2(j+1)", [][2]int{{2, 4}, {3, 6}, {4, 8}, {5, 10}}, ""},
		{"1..2^2^j", [][2]int{{1, 4}, {1, 16}, {1, 256}, {1, 65536}}, ""},
		{"j*j-j+1..j*j", [][2]int{{1, 1}, {3, 4}, {7, 9}, {13, 16}}, ""},
		{"8", nil, `no ".." between MIN and MAX`},
		{"x..3", nil, `MIN has 'x' where a number, j or ( was expected`},
		{"1..", nil, "MAX is empty"},
		{"1..3k", nil, `MAX has 'k' where an operator or the end was expected`},
		{"1..(j", nil, "MAX has a ( without its )"},
		{"3..2", nil, "ring 1 would allow 3 to 2 sections, MAX below MIN"},
		{"j..3", nil, "ring 4 would allow 4 to 3 sections, MAX below MIN"},
		{"j-1..j", nil, "ring 1 would allow 0 sections at least"},
		{"1..2^100", nil, "2^100 is too large"},
		{"1..2^-1", nil, "a negative power"},
		{"1..10^13", nil, "a bound is over"},
		{"1.." + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200), nil, "nested too deeply"},
		{"1..12345678901", nil, "too large"},
	} {
		got, _, err := sectionRule(tc.rule, 5)
		if tc.err != "" {
			var ue *games.UsageError
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &ue) {
				t.Errorf("--sections %q: err %v, want a usage error containing %q", tc.rule, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("--sections %q: %v, %v; want %v", tc.rule, got, err, tc.want)
		}
	}
}

// match is a transcript of 3 players and 4 circles; edit makes the
// variants the tests need.
const match = `game: crossing-the-rings
players: [Ann, Bob, Cy]
circles: 4
rounds:
  - divider: Ann
    cuts:
      1: 0 180
      2: 45 135 270
      3: 0 60 120 200 300
    segments:
      - Bob: 4@60 4@200
      - Cy: 2@45 3@270
      - Ann: 4@0 4@120
`

func scoreText(t *testing.T, text string, o games.Values) (*scorer.Result, error) {
	t.Helper()
	res, d, err := games.Score(Game{}, "t.yaml", []byte(text), o)
	if err == nil && (d == nil || len(d.Cells) == 0) {
		t.Errorf("no render cells")
	}
	return res, err
}

func TestRingsMatchScores(t *testing.T) {
	res, err := scoreText(t, match, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	// Bob as in the blank transcript: 5. Cy's 2@45-3@270 fills ring 1's
	// section 2 and ring 2's section 3 (ring 1's section 1 is Bob's).
	// Ann's chord 4@0-4@120 is at distance 2 from the centre, touching
	// circle 2 at 2@60: ring 3's section 1 only; ring 2's sections 1 and 3
	// and ring 3's section 2 are already filled.
	if got := res.Rounds[0].Scores; !reflect.DeepEqual(got, []int{1, 5, 2}) {
		t.Errorf("scores %v, want [1 5 2]\n%s", got, res.Text("t.yaml"))
	}
	text := res.Text("t.yaml")
	for _, want := range []string{
		"1. Bob 4@60-4@200: fills 5 (ring 1: 1; ring 2: 1, 2; ring 3: 2, 3)",
		"2. Cy 2@45-3@270: fills 2 (ring 1: 2; ring 2: 3); already filled: ring 1: 1 (Bob); crosses the centre disc",
		"3. Ann 4@0-4@120: fills 1 (ring 3: 1); already filled: ring 2: 1 (Bob), 3 (Cy); ring 3: 2 (Bob)",
		"filled 8 of 10 sections, 2 left unfilled",
		"warning: the players were not the divider equally often (Ann 1, Bob 0, Cy 0)",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	js := string(res.JSON())
	for _, want := range []string{`"divider": "Ann"`, `"sections_per_ring": [`, `"already_filled": [`, `"by": "Cy"`, `"through_centre": true`} {
		if !strings.Contains(js, want) {
			t.Errorf("JSON lacks %s", want)
		}
	}
}

// The three ways to write the cuts give the same result.
func TestRingsCutForms(t *testing.T) {
	want, err := scoreText(t, match, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	for _, cuts := range []string{
		"cuts:\n      - 0 180\n      - [45, 135, 270]\n      - 0, 60, 120, 200, 300\n",
		"cuts: \"1:0,180;2:45,135,270;3:0,60,120,200,300\"\n",
		"cuts: 1:0,180;2:45,135,270;3:0,60,120,200,300\n",
		"cuts: {3: 300 200 120 60 0, 1: 180 0, 2: 270 45 135}\n",
		"cuts:\n      1: 0 180\n      2: 45 135 270\n      3: 0 60 120 200 300.0\n",
	} {
		text := strings.Replace(match, "cuts:\n      1: 0 180\n      2: 45 135 270\n      3: 0 60 120 200 300\n", cuts, 1)
		got, err := scoreText(t, text, games.Values{})
		if err != nil {
			t.Errorf("%s: %v", cuts, err)
			continue
		}
		if string(got.JSON()) != string(want.JSON()) {
			t.Errorf("%s: scored differently:\n%s", cuts, got.Text("t.yaml"))
		}
	}
}

func TestRingsAlongCut(t *testing.T) {
	text := strings.Replace(match, "- Ann: 4@0 4@120", "- Ann: 3@45 2@45", 1)
	// By default: along ring 2's cut at 45 it fills neither side.
	res, err := scoreText(t, text, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Text("t.yaml"), "3. Ann 3@45-2@45: fills nothing; runs along the cut of ring 2 at 45 (2@45 to 3@45), filling neither side there") {
		t.Errorf("report:\n%s", res.Text("t.yaml"))
	}
	if !strings.Contains(string(res.JSON()), `"along_cuts": [
              {
                "ring": 2,
                "angle": "45"
              }`) {
		t.Errorf("JSON lacks the cut:\n%s", res.JSON())
	}
	_, err = scoreText(t, text, games.Values{"ban-along-cuts": true})
	want := "t.yaml:13:9: round 1, segment 3 (Ann 3@45-2@45): runs along the cut of ring 2 at 45 (2@45 to 3@45); with --ban-along-cuts a segment may not run along a cut"
	if err == nil || err.Error() != want {
		t.Errorf("--ban-along-cuts: %v\nwant %s", err, want)
	}
}

// Refused transcripts: every message is positioned and names what is
// involved; all problems are listed.
func TestRingsRefused(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new string
		o        games.Values
		want     []string
	}{
		{"wrong order", "- Bob: 4@60 4@200\n      - Cy:", "- Cy: 4@60 4@200\n      - Bob:", games.Values{}, []string{
			"t.yaml:11:9: round 1, segment 1: Cy drew it, but it is Bob's turn: after the divider Ann the order is Bob, Cy, then Ann",
			"t.yaml:12:9: round 1, segment 2: Bob drew it, but it is Cy's turn",
		}},
		{"not a player", "- Cy: 2@45", "- Dee: 2@45", games.Values{}, []string{`t.yaml:12:9: round 1, segment 2: "Dee" is not one of the players (Ann, Bob, Cy)`}},
		{"missing", "      - Ann: 4@0 4@120\n", "", games.Values{}, []string{"t.yaml:11:7: round 1: 2 segment(s); each of the 3 players draws one, so Ann still to draw"}},
		{"extra", "      - Ann: 4@0 4@120\n", "      - Ann: 4@0 4@120\n      - Bob: 4@0 4@60\n", games.Values{}, []string{"t.yaml:14:9: round 1, segment 4 (Bob): every player has drawn their one segment this round"}},
		{"no such end", "- Cy: 2@45 3@270", "- Cy: 2@50 5@270", games.Values{}, []string{
			"t.yaml:12:13: round 1, segment 2 (Cy): end 2@50: no cut ends at circle 2, 50 degrees; the cuts meeting circle 2 are ring 1's at 0, 180 and ring 2's at 45, 135, 270",
			`t.yaml:12:18: round 1, segment 2 (Cy): end 5@270: circle "5": the circles are numbered 1 (innermost) to 4`,
		}},
		{"zero length", "- Cy: 2@45 3@270", "- Cy: 2@45-2@45.0", games.Values{}, []string{"t.yaml:12:18: round 1, segment 2 (Cy): both ends are 2@45; a segment joins two different cut ends"}},
		{"one end", "- Cy: 2@45 3@270", "- Cy: 2@45", games.Values{}, []string{"t.yaml:12:13: round 1, segment 2 (Cy): 1 end(s); a segment has two, e.g. Cy: 2@0 4@90"}},
		{"not an end", "- Cy: 2@45 3@270", "- Cy: 2@45 3:270", games.Values{}, []string{`t.yaml:12:18: round 1, segment 2 (Cy): end "3:270": write an end as circle@angle`}},
		{"too many cuts", "1: 0 180", "1: 0 90 180", games.Values{}, []string{"t.yaml:7:7: round 1, ring 1: 3 cut(s) make 3 section(s); ring 1 is cut into 1 to 2 sections (rule j..2^j)"}},
		{"other bounds", "1: 0 180", "1: 0 180", games.Values{"sections": "3..8"}, []string{
			"t.yaml:7:7: round 1, ring 1: 2 cut(s) make 2 section(s); ring 1 is cut into 3 to 8 sections (rule 3..8)",
		}},
		{"bad angles", "3: 0 60 120 200 300", "3: 0 60 360 200 60.0 -5", games.Values{}, []string{
			`t.yaml:9:15: round 1, ring 3: cut at "360": is not a number of degrees from 0 to under 360: write 0 for the top`,
			"t.yaml:9:23: round 1, ring 3: 60 is cut twice (first at 9:12 as 60)",
			`t.yaml:9:28: round 1, ring 3: cut at "-5": is not a number of degrees from 0 to under 360`,
		}},
		{"missing ring", "      3: 0 60 120 200 300\n", "", games.Values{}, []string{"t.yaml:7:7: round 1, cuts: no cuts for ring(s) 3; the divider cuts every ring 1 to 3"}},
		{"every problem", "- Cy: 2@45 3@270", "- Bob: 2@45 3@271\n      - Cy: 3@45 2@45", games.Values{"ban-along-cuts": true}, []string{
			"t.yaml:12:9: round 1, segment 2: Bob drew it, but it is Cy's turn",
			"t.yaml:12:19: round 1, segment 2 (Bob): end 3@271: no cut ends at circle 3, 271 degrees",
			"t.yaml:13:9: round 1, segment 3: Cy drew it, but it is Ann's turn",
			"t.yaml:13:9: round 1, segment 3 (Cy 3@45-2@45): runs along the cut of ring 2 at 45",
			"t.yaml:14:9: round 1, segment 4 (Ann): every player has drawn their one segment this round",
		}},
		{"unknown ring", "3: 0 60 120 200 300", "4: 0 60 120 200 300", games.Values{}, []string{`t.yaml:9:7: round 1, cuts: ring "4": the rings are numbered 1 to 3`}},
		{"sheet form", "cuts:\n      1: 0 180\n      2: 45 135 270\n      3: 0 60 120 200 300\n", "cuts: \"1:0,180;2:45,135,270;3:0,60,120,200,300,361\"\n", games.Values{}, []string{
			`t.yaml:6:52: round 1, ring 3: cut at "361": is not a number of degrees`,
		}},
		{"divider", "divider: Ann", "divider: Zed", games.Values{}, []string{`t.yaml:5:14: round 1, divider: "Zed" is not one of the players (Ann, Bob, Cy)`}},
		{"board", "circles: 4\n", "circles: 4\nboard: 12345678\n", games.Values{}, []string{"t.yaml:4:8: board 12345678 does not match this transcript: a sheet of 4 circles is board"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(match, tc.old, tc.new, 1)
			if text == match && tc.old != tc.new {
				t.Fatalf("%q is not in the transcript", tc.old)
			}
			res, d, err := games.Score(Game{}, "t.yaml", []byte(text), tc.o)
			if err == nil {
				t.Fatalf("scored:\n%s", res.Text("t.yaml"))
			}
			if d == nil || len(d.Cells) == 0 {
				t.Error("a refused round must still be drawn")
			}
			lines := strings.Split(err.Error(), "\n")
			for _, w := range tc.want {
				found := false
				for _, l := range lines {
					found = found || strings.HasPrefix(l, w)
				}
				if !found {
					t.Errorf("no message %q in:\n%s", w, err)
				}
			}
		})
	}
}

// A section filled earlier in the round stays its first filler's, and a
// later segment over it scores nothing there.
func TestRingsFirstFillerKeeps(t *testing.T) {
	text := strings.Replace(match, "- Ann: 4@0 4@120", "- Ann: 4@60 4@200", 1)
	res, err := scoreText(t, text, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Rounds[0].Scores; !reflect.DeepEqual(got, []int{0, 5, 2}) {
		t.Errorf("scores %v, want [0 5 2]", got)
	}
	if !strings.Contains(res.Text("t.yaml"), "3. Ann 4@60-4@200: fills nothing; already filled: ring 1: 1 (Bob); ring 2: 1 (Bob), 2 (Bob); ring 3: 2 (Bob), 3 (Bob)") {
		t.Errorf("report:\n%s", res.Text("t.yaml"))
	}
}

// The default divider rotates by round; players dividing equally often
// get no warning.
func TestRingsDividerRotates(t *testing.T) {
	round := func(divider, first, second string) string {
		return fmt.Sprintf("  - cuts: {1: 0 180, 2: 45 135 270}\n    segments:\n      - %s: 3@45 3@270\n      - %s: 2@0 3@135\n", first, second)
	}
	text := "game: crossing-the-rings\nplayers: [Ann, Bob]\ncircles: 3\nrounds:\n" + round("Ann", "Bob", "Ann") + round("Bob", "Ann", "Bob")
	res, err := scoreText(t, text, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 0 {
		t.Errorf("warnings %v", res.Warnings)
	}
	if d := res.Rounds[1].Details["divider"]; d != "Bob" {
		t.Errorf("round 2 divider %v, want Bob", d)
	}
	_, err = scoreText(t, "game: crossing-the-rings\nplayers: [Ann, Bob]\ncircles: 3\nrounds:\n"+round("Ann", "Ann", "Bob"), games.Values{})
	if err == nil || !strings.Contains(err.Error(), "Ann drew it, but it is Bob's turn: after the divider Ann the order is Bob, then Ann") {
		t.Errorf("err %v", err)
	}
}

func TestRingsSectionsFlagIsUsageError(t *testing.T) {
	_, _, err := games.Score(Game{}, "t.yaml", []byte(match), games.Values{"sections": "3..2"})
	var ue *games.UsageError
	if !errors.As(err, &ue) {
		t.Errorf("err %v (%T), want a *games.UsageError", err, err)
	}
}

func TestParseDividersExact(t *testing.T) {
	bounds := [][2]int{{1, 2}, {2, 4}}
	cuts, err := ParseDividers("1: 45/2 ;2:0 90,180", 3, bounds)
	if err != nil || !reflect.DeepEqual(cuts, [][]float64{{22.5}, {0, 90, 180}}) {
		t.Errorf("%v %v", cuts, err)
	}
	for s, want := range map[string]string{
		"2:10,10.0":   "ring 2: angle 10.0 is cut twice",
		"1:1e2":       `ring 1: angle "1e2" is not a number`,
		"1:0;1:5":     "ring 1 is given twice",
		"1:0;2:5":     "ring 2 has 1 cuts; it must have 2 to 4",
		"1:0;x":       `"x": write ring:angles`,
		"0:5":         `ring "0": rings are numbered 1 to 2`,
		"1:0x10":      `ring 1: angle "0x10"`,
		"2:0,360,100": "write 0 for the top",
	} {
		if _, err := ParseDividers(s, 3, bounds); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", s, err, want)
		}
	}
}

// BenchmarkScoreRingsRound scores one round on 10 circles with every ring
// cut as often as allowed (2^j: 1022 cuts), 8 players each drawing a long
// chord.
func BenchmarkScoreRingsRound(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("game: crossing-the-rings\nplayers: [P1, P2, P3, P4, P5, P6, P7, P8]\ncircles: 10\nrounds:\n  - divider: P8\n    cuts:\n")
	// Ring j's cuts are at (360i + 120)/2^j: no two rings share an angle.
	at := func(i, k int) string { return games.Exact(big.NewRat(int64(360*(i%k)+120), int64(k))) }
	for j := 1; j < 10; j++ {
		fmt.Fprintf(&sb, "      %d:", j)
		for i := 0; i < 1<<j; i++ {
			fmt.Fprintf(&sb, " %s", at(i, 1<<j))
		}
		sb.WriteString("\n")
	}
	sb.WriteString("    segments:\n")
	for p := 1; p <= 8; p++ { // chords of circle 10, between ring 9's cut ends
		fmt.Fprintf(&sb, "      - P%d: 10@%s 10@%s\n", p, at(37*p, 512), at(37*p+200+p, 512))
	}
	data := []byte(sb.String())
	res, _, err := games.Score(Game{}, "b.yaml", data, games.Values{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Rounds[0].Details["filled"].(int)), "sections-filled")
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := games.Score(Game{}, "b.yaml", data, games.Values{}); err != nil {
			b.Fatal(err)
		}
	}
}

// A chord 1e-45 degrees off tangency is closer to circle 2 than papergames
// decides (hp's undecided band): the segment is refused with a positioned
// message, never guessed.
func TestRingsUndecided(t *testing.T) {
	const tiny = "0.000000000000000000000000000000000000000000001"
	a, b := "29.999999999999999999999999999999999999999999999", "150"+tiny[1:]
	text := "game: crossing-the-rings\nplayers: [Ann, Bob]\ncircles: 4\nrounds:\n  - cuts: {1: 0 180, 2: 0 90 180, 3: " + a + " 150 " + b + "}\n    segments:\n      - Bob: 4@" + a + " 4@" + b + "\n      - Ann: 4@150 4@" + a + "\n"
	_, _, err := games.Score(Game{}, "t.yaml", []byte(text), games.Values{})
	if err == nil || !strings.Contains(err.Error(), "t.yaml:7:9: round 1, segment 1 (Bob 4@"+a+"-4@"+b+"): too close to call exactly") {
		t.Errorf("err %v", err)
	}
}

// The render of a refused round draws the segments before the bad one in
// their players' ink and the bad one in red, and shades nothing it or
// later ones would have filled.
func TestRingsRefusedRender(t *testing.T) {
	text := strings.Replace(match, "- Ann: 4@0 4@120", "- Bob: 4@0 4@120", 1)
	_, d, err := games.Score(Game{}, "t.yaml", []byte(text), games.Values{})
	if err == nil || len(d.Cells) != 1 {
		t.Fatalf("err %v, %d cells", err, len(d.Cells))
	}
	var rec layout.Recorder
	d.Cells[0].Figure.Draw(&rec, layout.Pt(0, 0), 150, layout.DefaultStyle)
	inks := map[layout.Color]int{}
	fills := map[layout.Color]int{}
	for _, op := range rec.Pages[0].Ops {
		switch {
		case op.Kind == "stroke" && op.Pen.Width >= 0.45:
			inks[op.Pen.Color]++
		case op.Kind == "fill" && op.Color != layout.White:
			fills[op.Color]++
		}
	}
	if inks[scorer.Ink(1)] != 1 || inks[scorer.Ink(2)] != 1 || inks[layout.Red] != 1 {
		t.Errorf("segment strokes by colour %v: want one each for Bob, Cy and red", inks)
	}
	if fills[scorer.Fill(1)] != 5 || fills[scorer.Fill(2)] != 2 || fills[scorer.Fill(0)] != 0 {
		t.Errorf("fills by colour %v: want Bob's 5, Cy's 2", fills)
	}
	if !strings.Contains(d.Cells[0].Caption, "refused") {
		t.Errorf("caption %q", d.Cells[0].Caption)
	}
}

// Moving the ends of the tangent chord by 1e-10 degrees decides who owns
// ring 1's section 1: apart, Bob's chord crosses circle 2 and takes it
// before Ann; exactly tangent or moved closer, it does not, and Ann's
// segment 3@90-1@0 takes it.
func TestRingsTangencyDecidesOwner(t *testing.T) {
	const transcript = `game: crossing-the-rings
players: [Ann, Bob]
circles: 4
rounds:
  - divider: Ann
    cuts:
      1: 0 180
      2: 90 270
      3: 29.9999999999 30 30.0000000001 149.9999999999 150 150.0000000001
    segments:
      - Bob: BOB
      - Ann: 3@90 1@0
`
	for _, tc := range []struct {
		bob, ann string
	}{
		{"4@30 4@150", "2. Ann 3@90-1@0: fills 1 (ring 1: 1); already filled: ring 2: 2 (Bob)"},
		{"4@29.9999999999 4@150.0000000001", "2. Ann 3@90-1@0: fills nothing; already filled: ring 1: 1 (Bob); ring 2: 2 (Bob)"},
		{"4@30.0000000001 4@149.9999999999", "2. Ann 3@90-1@0: fills 1 (ring 1: 1); already filled: ring 2: 2 (Bob)"},
	} {
		res, err := scoreText(t, strings.Replace(transcript, "BOB", tc.bob, 1), games.Values{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Text("t.yaml"), tc.ann) {
			t.Errorf("Bob %s: want %q in\n%s", tc.bob, tc.ann, res.Text("t.yaml"))
		}
	}
}

// A divider that cannot be read is reported alone: the order of play
// depends on it, so the segments are not blamed for a guessed divider.
func TestRingsUnreadableDividerAlone(t *testing.T) {
	text := strings.Replace(match, "divider: Ann", "divider: Bobb", 1)
	text = strings.Replace(text, "- Bob: 4@60 4@200\n      - Cy: 2@45 3@270\n      - Ann: 4@0 4@120", "- Cy: 4@60 4@200\n      - Ann: 2@45 3@270\n      - Bob: 4@0 4@120", 1)
	_, d, err := games.Score(Game{}, "t.yaml", []byte(text), games.Values{})
	if err == nil {
		t.Fatal("scored with an unknown divider")
	}
	want := `t.yaml:5:14: round 1, divider: "Bobb" is not one of the players (Ann, Bob, Cy)`
	if err.Error() != want {
		t.Errorf("messages:\n%s\nwant only:\n%s", err, want)
	}
	if d == nil || len(d.Cells) != 1 {
		t.Fatal("the round is not drawn")
	}
	if c := d.Cells[0].Caption; strings.Contains(c, "divider Ann") {
		t.Errorf("caption %q names a divider the transcript does not give", c)
	}
}

// TestMovesWhileCutting: moves on a last round whose divider has cut
// some rings and drawn no segment yet says who is cutting and what is
// left, rather than refusing the round; the scorer still refuses it.
func TestMovesWhileCutting(t *testing.T) {
	src := "game: crossing-the-rings\nplayers: [Ann, Bob]\ncircles: 6\nrounds:\n  - divider: Ann\n    cuts:\n      1: 0 180\n      2: 0 90 180\n"
	tr, err := games.ReadTranscript(Game{}, "t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Game{}.Moves(tr, games.Values{})
	if err != nil || !strings.Contains(out, "Ann, the divider, is still cutting: ring(s) 3, 4, 5 have no cuts yet") || !strings.Contains(out, "Bob draws the first segment") {
		t.Errorf("moves: %v\n%s", err, out)
	}
	if _, _, err := games.Score(Game{}, "t.yaml", []byte(src), games.Values{}); err == nil || !strings.Contains(err.Error(), "no cuts for ring(s) 3, 4, 5") {
		t.Errorf("score: %v", err)
	}
	// With a segment written, the missing rings are an error for moves too.
	out, err = Game{}.Moves(mustRead(t, src+"    segments:\n      - Bob: 1@0 2@90\n"), games.Values{})
	if err == nil || !strings.Contains(err.Error(), "no cuts for ring(s) 3, 4, 5") {
		t.Errorf("moves with a segment: %v\n%s", err, out)
	}
}

func mustRead(t *testing.T, src string) *scorer.Transcript {
	t.Helper()
	tr, err := games.ReadTranscript(Game{}, "t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}
