package curve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"papergames/games"
	"papergames/games/gamestest"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// typedGrid is one grid of a test transcript.
type typedGrid struct {
	curve, filler string
	rows          []string
}

// The test curves on a 5-by-5 grid. Ann's is a ring of 8 around C3; Bob's
// runs round the edge of the board, 16 squares around B2-D4.
const (
	annCurve = "B2 C2 D2 D3 D4 C4 B4 B3"
	bobCurve = "A1 B1 C1 D1 E1 E2 E3 E4 E5 D5 C5 B5 A5 A4 A3 A2"
)

// source writes a one-round transcript for Ann and Bob. The first grid's
// row r (from 1) is on line 11+r, its text from column 11.
func source(n int, ann, bob string, grids ...typedGrid) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game: within-the-curve\nplayers: [Ann, Bob]\nsize: %d\nrounds:\n  - curves:\n      Ann: %s\n      Bob: %s\n    grids:\n", n, ann, bob)
	for _, g := range grids {
		fmt.Fprintf(&b, "      - curve: %s\n        filler: %s\n        rows: |\n", g.curve, g.filler)
		for _, r := range g.rows {
			fmt.Fprintf(&b, "          %s\n", r)
		}
	}
	return b.String()
}

func score(t *testing.T, src string) (*scorer.Result, error) {
	t.Helper()
	res, _, err := games.Score(Game{}, "t.yaml", []byte(src), games.Values{})
	if err == nil && res == nil {
		t.Fatal("no result and no error")
	}
	return res, err
}

// gridDetails returns the round's grid details as JSON sees them.
func gridDetails(t *testing.T, res *scorer.Result, round int) []map[string]any {
	t.Helper()
	var j struct {
		Rounds []struct {
			Details struct {
				Grids []map[string]any `json:"grids"`
			} `json:"details"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(res.JSON(), &j); err != nil {
		t.Fatal(err)
	}
	return j.Rounds[round].Details.Grids
}

// find returns the details of the grid of owner's curve filled by filler.
func find(t *testing.T, res *scorer.Result, round int, owner, filler string) map[string]any {
	t.Helper()
	for _, g := range gridDetails(t, res, round) {
		if g["curve"] == owner && g["filler"] == filler {
			return g
		}
	}
	t.Fatalf("no grid of %s's curve filled by %s", owner, filler)
	return nil
}

// bobFull is Bob's curve numbered from A1 clockwise with 1 to 8 inside:
// valid and finished (9 would meet [12] at B5, [14] at A4 or 4, 8).
var bobFull = []string{
	"[1]  [2]  [3]  [4]  [5]",
	"[16] 3    2    1    [6]",
	"[15] 4    5    6    [7]",
	"[14] .    8    7    [8]",
	"[13] [12] [11] [10] [9]",
}

// ring is Ann's curve numbered from B2 clockwise, 1 inside.
var ring = []string{". . . . .", ". [1] [2] [3] .", ". [8] 1 [4] .", ". [7] [6] [5] .", ". . . . ."}

// bobSix stops at 6 with 7 still fitting at C4 and D4.
var bobSix = edit(edit(bobFull, 3, 2, "."), 3, 3, ".")

// edit returns rows with the square in row r, column c (from 0)
// replaced by s, keeping every other square's column.
func edit(rows []string, r, c int, s string) []string {
	out := append([]string(nil), rows...)
	f := strings.Fields(out[r])
	f[c] = s
	out[r] = strings.Join(f, " ")
	return out
}

// TestWithinTheCurveGridRules pins every rule of a filled grid: each case
// is Bob's curve filled by Ann.
func TestWithinTheCurveGridRules(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rows   []string
		status string
		k      int
		want   []string // problems (or, for a valid grid, the unfinished squares)
	}{
		{"finished", bobFull, "valid", 8, nil},
		{"unfinished: 8 fits at C4 only", edit(bobFull, 3, 2, "."), "valid", 7, []string{"C4"}},
		{"nothing inside yet: 1 fits everywhere", []string{"[1] [2] [3] [4] [5]", "[16] . . . [6]", "[15] . . . [7]", "[14] . . . [8]", "[13] [12] [11] [10] [9]"},
			"valid", 0, []string{"B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4"}},
		{"duplicate inside number", edit(bobFull, 3, 1, "1"), "invalid", 8, []string{"B4 1 repeats 1 at D2"}},
		{"gap in 1..K", edit(bobFull, 3, 2, "9"), "invalid", 9, []string{"the inside numbers go up to 9 (at C4) but lack 8"}},
		// 999983 is prime: only the gap is wrong, and it is named as a range,
		// not as a million numbers.
		{"typo far above K", edit(bobFull, 3, 2, "999983"), "invalid", 999983, []string{"the inside numbers go up to 999983 (at C4) but lack 8 to 999982; they run"}},
		{"gaps of one, two and more", edit(edit(edit(bobFull, 1, 1, "."), 2, 1, "."), 3, 2, "13"), "invalid", 13,
			[]string{"the inside numbers go up to 13 (at C4) but lack 3, 4, 8 to 12; they run"}},
		{"inside 0", edit(bobFull, 3, 1, "0"), "invalid", 8, []string{"B4 holds 0; inside numbers start at 1"}},
		{"inside-inside pair not coprime", edit(edit(bobFull, 2, 2, "6"), 2, 3, "5"), "invalid", 8,
			[]string{"C2 2 and C3 6 have the common factor 2", "B3 4 and C3 6 have the common factor 2", "C3 6 and C4 8 have the common factor 2"}},
		{"inside-curve pair not coprime", edit(edit(bobFull, 2, 3, "7"), 3, 3, "6"), "invalid", 8,
			[]string{"D3 7 and E3 [7] have the common factor 7", "C4 8 and D4 6 have the common factor 2", "D4 6 and E4 [8] have the common factor 2", "D4 6 and D5 [10] have the common factor 2"}},
		{"curve numbers skip", edit(bobFull, 2, 4, "[17]"), "invalid", 8,
			[]string{"the loop's numbers lack 7: its 16 squares hold 1 to 16, each once", "E3 [17]: the loop has 16 squares, so its numbers run from 1 to 16"}},
		{"curve numbers out of order", edit(edit(bobFull, 0, 2, "[4]"), 0, 3, "[3]"), "invalid", 8,
			[]string{"C1 [4] and C2 2 have the common factor 2", "D1 [3] does not follow B1 [2] along the loop", "E1 [5] does not follow C1 [4] along the loop"}},
		{"curve number twice", edit(bobFull, 0, 4, "[4]"), "invalid", 8, []string{"the loop's numbers lack 5", "E1 [4] repeats [4] at D1"}},
		{"loop square left empty", edit(bobFull, 4, 0, "."), "invalid", 8, []string{"the loop's numbers lack 13", "A5 is on the loop but empty"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := score(t, source(5, annCurve, bobCurve, typedGrid{"Bob", "Ann", tc.rows}))
			if err != nil {
				t.Fatal(err)
			}
			g := find(t, res, 0, "Bob", "Ann")
			if g["status"] != tc.status || int(g["k"].(float64)) != tc.k {
				t.Fatalf("status %v, k %v; want %s, %d (problems %v)", g["status"], g["k"], tc.status, tc.k, g["problems"])
			}
			var got []string
			key := "problems"
			if tc.status == "valid" {
				key = "unfinished"
			}
			for _, p := range g[key].([]any) {
				got = append(got, p.(string))
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%s %q, want %d like %q", key, got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("%s %d: %q lacks %q", key, i+1, got[i], w)
				}
			}
			score := map[string]int{"valid": tc.k}[tc.status]
			if res.Totals()[0] != score {
				t.Errorf("Ann scores %d, want %d", res.Totals()[0], score)
			}
			if dq := len(res.Disqualified) > 0; dq != (tc.status == "invalid") {
				t.Errorf("disqualified %v for a grid that is %s", res.Disqualified, tc.status)
			}
			if tc.status == "valid" && (len(tc.want) > 0) != strings.Contains(strings.Join(res.Warnings, "\n"), "unfinished") {
				t.Errorf("warnings %q", res.Warnings)
			}
		})
	}
}

// The loop's numbers may start on any square and run either way.
func TestWithinTheCurveAnyStartEitherWay(t *testing.T) {
	loop := strings.Fields(bobCurve)
	for start := range loop {
		for _, dir := range []int{1, -1} {
			val := map[string]int{}
			for i := range loop {
				val[loop[((start+dir*i)%16+16)%16]] = i + 1
			}
			var rows []string
			for r := 1; r <= 5; r++ {
				var row []string
				for c := 'A'; c <= 'E'; c++ {
					name := fmt.Sprintf("%c%d", c, r)
					switch {
					case val[name] > 0:
						row = append(row, fmt.Sprintf("[%d]", val[name]))
					case name == "C3":
						row = append(row, "1")
					default:
						row = append(row, ".")
					}
				}
				rows = append(rows, strings.Join(row, " "))
			}
			res, err := score(t, source(5, annCurve, bobCurve, typedGrid{"Bob", "Bob", rows}))
			if err != nil {
				t.Fatal(err)
			}
			if g := find(t, res, 0, "Bob", "Bob"); g["status"] != "valid" || res.Totals()[1] != 1 {
				t.Errorf("from %s, direction %d: %v %v", loop[start], dir, g["status"], g["problems"])
			}
			clock := map[int]string{1: " clockwise", -1: " anticlockwise"}[dir]
			if line := res.Rounds[0].Lines[len(res.Rounds[0].Lines)-1]; !strings.Contains(line, "[1] at "+loop[start]+clock) {
				t.Errorf("report %q", line)
			}
		}
	}
}

// Two loop squares side by side are never checked against each other: on
// a 2-by-3 loop B2 and A2 hold [3] and [6].
func TestWithinTheCurveCurvePairsUnchecked(t *testing.T) {
	res, err := score(t, source(4, "A1 B1 B2 B3 A3 A2", "A1 B1 C1 D1 D2 D3 D4 C4 B4 A4 A3 A2",
		typedGrid{"Ann", "Ann", []string{"[1] [2] . .", "[6] [3] . .", "[5] [4] . .", ". . . ."}}))
	if err != nil {
		t.Fatal(err)
	}
	if g := find(t, res, 0, "Ann", "Ann"); g["status"] != "valid" || g["k"].(float64) != 0 || len(g["unfinished"].([]any)) != 0 {
		t.Errorf("a loop with nothing inside: %v", g)
	}
}

// Squares outside the curve stay empty; on Ann's ring, A1 is outside.
func TestWithinTheCurveOutside(t *testing.T) {
	res, err := score(t, source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", []string{"3 . . . .", ". [1] [2] [3] .", ". [8] 1 [4] .", ". [7] [6] [5] .", ". . . . ."}}))
	if err != nil {
		t.Fatal(err)
	}
	g := find(t, res, 0, "Ann", "Bob")
	if g["status"] != "invalid" || !strings.Contains(fmt.Sprint(g["problems"]), "A1 holds 3 but is outside the curve") {
		t.Errorf("%v", g)
	}
	if w := res.Winners(); len(w) != 1 || w[0] != 0 {
		t.Errorf("Bob made a mistake, so Ann wins; winners %v", w)
	}
}

// The inside of a U-shaped loop: its arms enclose the squares between
// them, not the notch cut into it from the top (E2-E5, reached from E1).
func TestWithinTheCurveInsideOfU(t *testing.T) {
	loop := "B2 B3 B4 B5 B6 B7 B8 C8 D8 E8 F8 G8 H8 H7 H6 H5 H4 H3 H2 G2 F2 F3 F4 F5 F6 E6 D6 D5 D4 D3 D2 C2"
	root, err := input.Parse("u.yaml", []byte("u: "+loop))
	if err != nil {
		t.Fatal(err)
	}
	lp, err := readLoop("u", root.Values[0], 9)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range lp.inside {
		got = append(got, p.String())
	}
	sort.Strings(got)
	want := []string{"C3", "C4", "C5", "C6", "C7", "D7", "E7", "F7", "G3", "G4", "G5", "G6", "G7"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("inside %v, want %v", got, want)
	}
	if lp.clock {
		t.Error("the U is listed down its left side first, anticlockwise on the sheet")
	}
	// The same through a transcript: a number in the notch is outside.
	res, err := score(t, source(9, loop, "A1 B1 B2 A2")+
		"      - curve: Ann\n        filler: Bob\n        rows: |\n"+uGrid(loop, map[string]string{"C3": "1", "E3": "2"}))
	if err != nil {
		t.Fatal(err)
	}
	g := find(t, res, 0, "Ann", "Bob")
	if p := fmt.Sprint(g["problems"]); g["status"] != "invalid" || !strings.Contains(p, "E3 holds 2 but is outside the curve") || strings.Contains(p, "C3") {
		t.Errorf("%v %v", g["status"], p)
	}
}

// uGrid numbers loop (clockwise from its first square) on a 9-by-9
// grid, with the given other squares.
func uGrid(loop string, other map[string]string) string {
	val := map[string]string{}
	for i, w := range strings.Fields(loop) {
		val[w] = fmt.Sprintf("[%d]", i+1)
	}
	var b strings.Builder
	for r := 1; r <= 9; r++ {
		b.WriteString("         ")
		for c := 'A'; c <= 'I'; c++ {
			name := fmt.Sprintf("%c%d", c, r)
			s := "."
			if v, ok := val[name]; ok {
				s = v
			} else if v, ok := other[name]; ok {
				s = v
			}
			fmt.Fprintf(&b, " %s", s)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestWithinTheCurveLoops pins the curve checks, each with its place.
func TestWithinTheCurveLoops(t *testing.T) {
	for _, tc := range []struct {
		name, ann string
		want      []string
	}{
		{"not closed", "B2 C2 D2 D3 D4 C4 B4", []string{"t.yaml:6:30: round 1, Ann's curve: the loop does not close: its last square, B4, does not touch its first, B2"}},
		{"closing step diagonal", "B2 C2 D2 D3 D4 C4 B4 A3", []string{
			"t.yaml:6:33: round 1, Ann's curve, square 8 (A3): a diagonal step from square 7 (B4)",
			"t.yaml:6:33: round 1, Ann's curve: the loop does not close: its last square, A3, is diagonal to its first, B2"}},
		{"diagonal step", "B2 C2 D2 D3 C4 B4 B3", []string{"t.yaml:6:24: round 1, Ann's curve, square 5 (C4): a diagonal step from square 4 (D3)"}},
		{"jump", "B2 C2 D2 D4 C4 B4 B3", []string{"t.yaml:6:21: round 1, Ann's curve, square 4 (D4): a jump from square 3 (D2)"}},
		{"repeated square", "B2 C2 D2 D3 D4 C4 B4 B3 B2", []string{"t.yaml:6:36: round 1, Ann's curve, square 9 (B2) is square 1 again; the loop closes by itself, from its last square back to its first, so leave out the second B2"}},
		{"repeated square inside", "B2 C2 D2 D3 C3 C2 B3", []string{"square 6 (C2) is square 2 again", "square 7 (B3): a diagonal step from square 6 (C2)"}},
		{"three squares", "B2 C2 C3", []string{"t.yaml:6:12: round 1, Ann's curve has 3 squares; a curve is a loop of at least 4"}},
		{"off the board", "B2 C2 F2 B3", []string{`t.yaml:6:18: round 1, Ann's curve, square 3: "F2" is off the 5-by-5 board`}},
		{"not a square", "B2 C2 2C D2", []string{`t.yaml:6:18: round 1, Ann's curve, square 3: "2C" is not a cell name`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := score(t, source(5, tc.ann, bobCurve))
			if err == nil {
				t.Fatal("accepted")
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != len(tc.want) {
				t.Fatalf("%d messages, want %d:\n%v", len(lines), len(tc.want), err)
			}
			for i, w := range tc.want {
				if !strings.Contains(lines[i], w) {
					t.Errorf("message %q lacks %q", lines[i], w)
				}
			}
		})
	}
}

// TestWithinTheCurveRefused pins the transcript errors around grids, with
// their places inside the typed rows.
func TestWithinTheCurveRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want []string
	}{
		{"bracket off the loop", source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", edit(ring, 0, 0, "[9]")}),
			[]string{"t.yaml:12:11: round 1, Ann's curve filled by Bob, A1: [9] is bracketed as a curve number, but A1 is not on Ann's loop"}},
		{"plain number on the loop", source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", []string{". . . . .", ". [1] 2 [3] .", ". [8] 1 [4] .", ". [7] [6] [5] .", ". . . . ."}}),
			[]string{"t.yaml:13:17: round 1, Ann's curve filled by Bob, C2: C2 is on Ann's loop (square 2), so its number is a curve number: write [2]"}},
		{"not a square", source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", edit(ring, 2, 2, "x1")}),
			[]string{`t.yaml:14:17: round 1, Ann's curve filled by Bob, C3: "x1" is not a square`}},
		{"too few rows", source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", ring[:4]}),
			[]string{"t.yaml:11:15: round 1, Ann's curve filled by Bob: 4 rows; a 5-by-5 grid has 5"}},
		{"too many rows", source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", append(append([]string(nil), ring...), ". . . . .")}),
			[]string{"t.yaml:17:11: round 1, Ann's curve filled by Bob: 6 rows; a 5-by-5 grid has 5"}},
		{"row too wide", source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", edit(ring, 1, 4, ". .")}),
			[]string{"t.yaml:13:27: round 1, Ann's curve filled by Bob, row 2: 6 squares; the grid is 5 wide"}},
		{"filled twice", source(5, annCurve, bobCurve, typedGrid{"Ann", "Bob", ring}, typedGrid{"Ann", "Bob", ring}),
			[]string{"t.yaml:17:9: round 1: Bob fills Ann's curve twice (first at line 9)"}},
		{"unknown filler", source(5, annCurve, bobCurve, typedGrid{"Ann", "Cy", ring}),
			[]string{`t.yaml:10:17: round 1, grid filler: "Cy" is not one of the players (Ann, Bob)`}},
		{"curve missing", strings.Replace(source(5, annCurve, bobCurve), "      Bob: "+bobCurve+"\n", "", 1),
			[]string{"t.yaml:6:7: round 1: Bob's curve is missing: every player draws one"}},
		{"curve of a stranger", strings.Replace(source(5, annCurve, bobCurve), "Bob: A1", "Bobby: A1", 1),
			[]string{"t.yaml:6:7: round 1: Bob's curve is missing", `t.yaml:7:7: round 1, curves: "Bobby" is not one of the players`}},
		{"a curve under two names of one player, the first bad", strings.Replace(source(5, annCurve, bobCurve), "      Ann: "+annCurve+"\n", "      Ann: B2 Q9\n      ann: "+annCurve+"\n", 1),
			[]string{`t.yaml:6:15: round 1, Ann's curve, square 2: "Q9" is off the 5-by-5 board`}},
		{"board id", strings.Replace(source(5, annCurve, bobCurve), "size: 5\n", "size: 5\nboard: 12345678\n", 1),
			[]string{"board 12345678 does not match this transcript's parameters, whose sheet is board " + games.BoardID(boardKey(5, 2))}},
		{"rows not text", source(5, annCurve, bobCurve) + "      - curve: Ann\n        filler: Bob\n        rows: {a: 1}\n",
			[]string{"t.yaml:11:15: round 1, Ann's curve filled by Bob: rows must be the grid as on the sheet, typed as a block (rows: |) with one line per row, not a mapping"}},
		{"a row read as a list", source(5, annCurve, bobCurve) + "      - curve: Ann\n        filler: Bob\n        rows:\n          - . . . . .\n          - [1]\n",
			[]string{"t.yaml:13:13: round 1, Ann's curve filled by Bob, row 2: a row is one line of text; quote it"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := score(t, tc.src)
			if err == nil {
				t.Fatal("accepted")
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != len(tc.want) {
				t.Fatalf("%d messages, want %d:\n%v", len(lines), len(tc.want), err)
			}
			for i, w := range tc.want {
				if !strings.Contains(lines[i], w) {
					t.Errorf("message %q lacks %q", lines[i], w)
				}
			}
		})
	}
}

// A problem inside a typed grid points at its square: line and column,
// also with extra indentation, alignment spaces and a blank line.
func TestWithinTheCurvePlaces(t *testing.T) {
	src := source(5, annCurve, bobCurve) + "      - curve: Ann\n        filler: Bob\n        rows: |   # Bob's copy\n\n" +
		"              .   .    .    .   .\n" +
		"              .  [1]  [2]  [3]  .\n" +
		"              .  [8]   6   [4]  .\n" +
		"              .  [7]  [6]  [5]  .\n" +
		"              .   .    .    .   .   # done\n"
	res, err := score(t, src)
	if err != nil {
		t.Fatal(err)
	}
	// C3 (6) is on line 15, column 24; it breaks two rules there.
	g := find(t, res, 0, "Ann", "Bob")
	text := res.Text("t.yaml")
	for _, want := range []string{"t.yaml:15:24: C3 6 and D3 [4] have the common factor 2", "t.yaml:15:24: the inside numbers go up to 6 (at C3) but lack 1 to 5;"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	if g["status"] != "invalid" {
		t.Errorf("%v", g)
	}
	// A grid typed as a list of strings (the JSON way) is placed too.
	js := `{"game": "within-the-curve", "players": ["Ann", "Bob"], "size": 5, "rounds": [{"curves": {"Ann": "` + annCurve + `", "Bob": "` + bobCurve + `"},
 "grids": [{"curve": "Ann", "filler": "Bob", "rows": [". . . . .", ". [1] [2] [3] .", ". [8] 2 [4] .", ". [7] [6] [5] .", ". . . . ."]}]}]}`
	res, _, err = games.Score(Game{}, "t.json", []byte(js), games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if text := res.Text("t.json"); !strings.Contains(text, "t.json:2:94: C3 2 and D3 [4] have the common factor 2") {
		t.Errorf("JSON rows misplaced:\n%s", text)
	}
}

// TestWithinTheCurveMatch pins the scoring of a match: sums of K, missing
// and blank grids warned about, invalid grids losing whatever the sums.
func TestWithinTheCurveMatch(t *testing.T) {
	badRing := edit(ring, 2, 2, "3") // 3 is not 1: the inside must start at 1
	blank := []string{". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."}
	for _, tc := range []struct {
		name     string
		grids    []typedGrid
		totals   []int
		winners  []int
		dq       []int
		warnings []string
	}{
		{"sums of K", []typedGrid{{"Ann", "Ann", ring}, {"Ann", "Bob", ring}, {"Bob", "Ann", bobFull}, {"Bob", "Bob", edit(bobFull, 3, 2, ".")}},
			[]int{9, 8}, []int{0}, nil, []string{"t.yaml:39:18: round 1: Bob's curve filled by Bob is unfinished: 8 still fits at C4; it scores its top number, 7"}},
		{"missing grids warned", []typedGrid{{"Bob", "Ann", bobFull}},
			[]int{8, 0}, []int{0}, nil, []string{"round 1: Ann did not fill Ann's curve (no grid in the transcript)", "round 1: Bob did not fill Ann's curve (no grid", "round 1: Bob did not fill Bob's curve (no grid"}},
		{"blank grid counts as not filled", []typedGrid{{"Ann", "Ann", ring}, {"Ann", "Bob", blank}, {"Bob", "Ann", bobFull}, {"Bob", "Bob", bobFull}},
			[]int{9, 8}, []int{0}, nil, []string{"t.yaml:19:15: round 1: Bob did not fill Ann's curve (its grid is blank)"}},
		{"invalid grid loses", []typedGrid{{"Ann", "Ann", ring}, {"Ann", "Bob", badRing}, {"Bob", "Ann", bobFull}, {"Bob", "Bob", bobFull}},
			[]int{9, 8}, []int{0}, []int{1}, nil},
		{"invalid grid loses despite the higher sum", []typedGrid{{"Ann", "Ann", badRing}, {"Ann", "Bob", ring}, {"Bob", "Ann", bobFull}, {"Bob", "Bob", bobSix}},
			[]int{8, 7}, []int{1}, []int{0}, []string{"7 still fits at C4, D4"}},
		{"everyone invalid: no winner", []typedGrid{{"Ann", "Ann", badRing}, {"Ann", "Bob", badRing}, {"Bob", "Ann", bobFull}, {"Bob", "Bob", bobFull}},
			[]int{8, 8}, nil, []int{0, 1}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := score(t, source(5, annCurve, bobCurve, tc.grids...))
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Totals(); !reflect.DeepEqual(got, tc.totals) {
				t.Errorf("totals %v, want %v", got, tc.totals)
			}
			if got := res.Winners(); !reflect.DeepEqual(got, tc.winners) {
				t.Errorf("winners %v, want %v", got, tc.winners)
			}
			if !reflect.DeepEqual(res.Disqualified, tc.dq) {
				t.Errorf("disqualified %v, want %v", res.Disqualified, tc.dq)
			}
			if len(res.Warnings) != len(tc.warnings) {
				t.Fatalf("warnings %q, want %q", res.Warnings, tc.warnings)
			}
			for i, w := range tc.warnings {
				if !strings.Contains(res.Warnings[i], w) {
					t.Errorf("warning %q lacks %q", res.Warnings[i], w)
				}
			}
		})
	}
}

// The invalid grid's scores: the "invalid ... loses" case above, as the
// report says it.
func TestWithinTheCurveReport(t *testing.T) {
	res, err := score(t, source(5, annCurve, bobCurve, typedGrid{"Ann", "Ann", ring}, typedGrid{"Ann", "Bob", edit(ring, 2, 2, "3")},
		typedGrid{"Bob", "Ann", bobFull}, typedGrid{"Bob", "Bob", bobFull}))
	if err != nil {
		t.Fatal(err)
	}
	text := res.Text("t.yaml")
	for _, want := range []string{
		"Ann's curve: a loop of 8 squares, 1 inside",
		"Bob's curve: a loop of 16 squares, 9 inside",
		"Ann's curve, filled by Ann: scores 1 (loop numbered from [1] at B2 clockwise; inside 1)",
		"Ann's curve, filled by Bob: INVALID, scores 0 and Bob loses:\n    t.yaml:22:17: the inside numbers go up to 3 (at C3) but lack 1, 2",
		"Bob's curve, filled by Bob: scores 8",
		"score: Ann 9, Bob 8",
		"disqualified, losing whatever their total: Bob\nwinner: Ann",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
}

// Several games in one match: totals add up, and a mistake in any game
// loses the match.
func TestWithinTheCurveRounds(t *testing.T) {
	one := source(5, annCurve, bobCurve, typedGrid{"Ann", "Ann", ring}, typedGrid{"Ann", "Bob", ring}, typedGrid{"Bob", "Ann", bobFull}, typedGrid{"Bob", "Bob", bobSix})
	two := source(5, annCurve, bobCurve, typedGrid{"Ann", "Ann", edit(ring, 2, 2, "2")}, typedGrid{"Ann", "Bob", ring}, typedGrid{"Bob", "Ann", bobFull}, typedGrid{"Bob", "Bob", bobFull})
	res, err := score(t, one+two[strings.Index(two, "  - curves:"):])
	if err != nil {
		t.Fatal(err)
	}
	// Ann 1+8, then 0+8; Bob 1+6, then 1+8.
	if got := res.Totals(); !reflect.DeepEqual(got, []int{17, 16}) || len(res.Rounds) != 2 {
		t.Errorf("totals %v over %d rounds", got, len(res.Rounds))
	}
	if w := res.Winners(); !reflect.DeepEqual(w, []int{1}) || !reflect.DeepEqual(res.Disqualified, []int{0}) {
		t.Errorf("Ann's round 2 grid is invalid (2 beside [2]): winners %v, disqualified %v", w, res.Disqualified)
	}
}

// A refused transcript is still drawn, its bad squares and steps in red.
func TestWithinTheCurveRender(t *testing.T) {
	_, d, err := games.Score(Game{}, "t.yaml", []byte(source(5, "B2 C2 D2 D3 C4 B4 B3", bobCurve, typedGrid{"Bob", "Ann", edit(bobFull, 2, 2, "x")})), games.Values{})
	if err == nil || d == nil || len(d.Cells) != 4 {
		t.Fatalf("err %v, drawing %v", err, d)
	}
	reds := func(c layout.Cell) (strokes, texts int) {
		var rec layout.Recorder
		rec.AddPage(300, 300)
		c.Figure.Draw(&rec, layout.Pt(0, 0), 100, layout.DefaultStyle)
		for _, op := range rec.Pages[0].Ops {
			if op.Kind == "stroke" && op.Pen.Color == layout.Red {
				strokes++
			}
			if op.Kind == "text" && op.Color == layout.Red {
				texts++
			}
		}
		return
	}
	if s, _ := reds(d.Cells[0]); s != 1 {
		t.Errorf("Ann's curve: %d red strokes, want the diagonal step", s)
	}
	if s, x := reds(d.Cells[2]); s != 1 || x != 1 {
		t.Errorf("Bob's curve filled by Ann: %d red strokes and %d red texts, want the unreadable square boxed and written", s, x)
	}
	// A scored grid: the pair that is not coprime is marked, its numbers red.
	res, d, err := games.Score(Game{}, "t.yaml", []byte(source(5, annCurve, bobCurve, typedGrid{"Bob", "Ann", edit(edit(bobFull, 2, 3, "7"), 3, 3, "6")})), games.Values{})
	if err != nil || res == nil {
		t.Fatal(err)
	}
	// D3 7 | E3 [7], C4 8 | D4 6, D4 6 | E4 [8], D4 6 / D5 [10]: four
	// edges and three rings in red, and six numbers.
	if s, x := reds(d.Cells[2]); s != 7 || x != 6 {
		t.Errorf("red strokes %d, red texts %d; want 7 and 6", s, x)
	}
	if !strings.Contains(d.Cells[2].Caption, "invalid: 0, Ann loses") || !strings.Contains(d.Cells[3].Caption, "not filled") {
		t.Errorf("captions %q, %q", d.Cells[2].Caption, d.Cells[3].Caption)
	}
}

func FuzzScoreWithinTheCurve(f *testing.F) { gamestest.Fuzz(f, Game{}) }

// TestWithinTheCurveLacking pins how the missing numbers are named.
func TestWithinTheCurveLacking(t *testing.T) {
	set := func(vs ...int) map[int]bool {
		m := map[int]bool{}
		for _, v := range vs {
			m[v] = true
		}
		return m
	}
	for _, tc := range []struct {
		have map[int]bool
		top  int
		want string
	}{
		{set(1, 2, 3), 3, ""},
		{set(), 0, ""},
		{set(), 2, "1, 2"},
		{set(0, 2, 9), 3, "1, 3"},
		{set(5), 9, "1 to 4, 6 to 9"},
		{set(2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22), 23, "1, 3, 5, 7, 9, 11, 13, 15, 17, 19, and more"},
	} {
		if got := lacking(tc.have, tc.top); got != tc.want {
			t.Errorf("lacking(%v, %d) = %q, want %q", tc.have, tc.top, got, tc.want)
		}
	}
}

// TestWithinTheCurveRowsInOneString: rows typed as one string over several
// lines (JSON "\n", a folded block) have no exact place for a square, so
// every message points at the string itself, never at a made-up column;
// and one row is "1 row".
func TestWithinTheCurveRowsInOneString(t *testing.T) {
	js := `{"game": "within-the-curve", "players": ["Ann", "Bob"], "size": 5, "rounds": [{"curves": {"Ann": "` + annCurve + `", "Bob": "` + bobCurve + `"},
 "grids": [{"curve": "Ann", "filler": "Bob", "rows": ". . . . .\n. [1] [2] [3] .\n. [8] x [4] .\n. [7] [6] [5] .\n. . . . ."}]}]}`
	_, _, err := games.Score(Game{}, "t.json", []byte(js), games.Values{})
	want := `t.json:2:54: round 1, Ann's curve filled by Bob, C3: "x" is not a square`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v\nwant %s...", err, want)
	}
	src := source(5, annCurve, bobCurve) + "      - curve: Ann\n        filler: Bob\n        rows: >\n          . . . . .\n          . [1] [2] [3] .\n"
	_, err = score(t, src)
	want = "t.yaml:11:15: round 1, Ann's curve filled by Bob: 1 row; a 5-by-5 grid has 5 (type the grid as a block, rows: |, one line per row)\n" +
		"t.yaml:11:15: round 1, Ann's curve filled by Bob, row 1: 10 squares; the grid is 5 wide (. for an empty square)"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// TestWithinTheCurveInsideRandomLoops checks the inside of random loops
// (spirals, loops along the border and alongside themselves among them)
// against a flood fill: the path through the squares' centres is drawn on
// a lattice twice as fine, and a square off the loop is inside when the
// fill from the border does not reach its centre.
func TestWithinTheCurveInsideRandomLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2009))
	const n = 7
	steps := []Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	found, withInside := 0, 0
	for try := 0; try < 20000 && found < 400; try++ {
		start := Cell{rng.IntN(n), rng.IntN(n)}
		loop := []Cell{start}
		on := map[Cell]bool{start: true}
		for len(loop) < n*n {
			last := loop[len(loop)-1]
			if len(loop) >= 4 && side(last, start) && rng.IntN(6) == 0 {
				break
			}
			var next []Cell
			for _, d := range steps {
				q := Cell{last.C + d.C, last.R + d.R}
				if q.C >= 0 && q.R >= 0 && q.C < n && q.R < n && !on[q] {
					next = append(next, q)
				}
			}
			if len(next) == 0 {
				break
			}
			q := next[rng.IntN(len(next))]
			loop = append(loop, q)
			on[q] = true
		}
		if len(loop) < 4 || !side(loop[len(loop)-1], start) {
			continue
		}
		found++
		const m = 2*n + 1
		var wall, seen [m][m]bool
		for k, a := range loop {
			b := loop[(k+1)%len(loop)]
			wall[2*a.R+1][2*a.C+1] = true
			wall[a.R+b.R+1][a.C+b.C+1] = true
		}
		var fill func(x, y int)
		fill = func(x, y int) {
			if x < 0 || y < 0 || x >= m || y >= m || wall[y][x] || seen[y][x] {
				return
			}
			seen[y][x] = true
			fill(x+1, y)
			fill(x-1, y)
			fill(x, y+1)
			fill(x, y-1)
		}
		fill(0, 0)
		in := insideOf(loop, n)
		if slices.Contains(in, true) {
			withInside++
		}
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				p := Cell{c, r}
				want := !on[p] && !seen[2*r+1][2*c+1]
				if in[r*n+c] != want {
					t.Fatalf("loop %v: %v inside %v, flood fill says %v", loop, p, in[r*n+c], want)
				}
			}
		}
	}
	if found < 100 || withInside < 50 {
		t.Fatalf("only %d random loops, %d with an inside", found, withInside)
	}
}

// TestWithinTheCurveRenderBytes: rendering the same transcript twice, to
// PDF and to SVG through layout, gives the same bytes (the inside used to
// be tinted in map order).
func TestWithinTheCurveRenderBytes(t *testing.T) {
	data, err := os.ReadFile("../../examples/within-the-curve/three-players.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []layout.Format{layout.FormatPDF, layout.FormatSVG} {
		var prev [][]byte
		for range 3 {
			res, d, err := games.Score(Game{}, "t.yaml", data, games.Values{})
			if err != nil {
				t.Fatal(err)
			}
			doc := layout.NewDocument(f, d.Title)
			if err := d.Sheet(res, layout.Size{W: 210, H: 297}).Draw(doc); err != nil {
				t.Fatal(err)
			}
			var got [][]byte
			switch doc := doc.(type) {
			case *layout.PDF:
				var b bytes.Buffer
				if _, err := doc.WriteTo(&b); err != nil {
					t.Fatal(err)
				}
				got = [][]byte{b.Bytes()}
			case *layout.SVG:
				got = doc.Pages()
			}
			if prev != nil && !reflect.DeepEqual(got, prev) {
				t.Fatalf("%s: two renders of the same transcript differ", f)
			}
			prev = got
		}
	}
}

// TestWithinTheCurveSheetPages: the default boards per page put a curve
// set on one page up to six players, and from three players the sets are
// groups that never share a page (sheets' tests check the pages drawn).
func TestWithinTheCurveSheetPages(t *testing.T) {
	for m, want := range map[int][2]int{2: {4, 0}, 3: {3, 3}, 4: {4, 4}, 5: {5, 5}, 6: {6, 6}, 7: {4, 7}, 8: {4, 8}, 9: {3, 9}, 10: {5, 10}, 11: {6, 11}} {
		s, err := Game{}.Setup(games.Values{"size": 12}, make([]string, m))
		if err != nil {
			t.Fatal(err)
		}
		if s.PerPage != want[0] || s.Group != want[1] {
			t.Errorf("%d players: %d grids a page in sets of %d, want %d in sets of %d", m, s.PerPage, s.Group, want[0], want[1])
		}
	}
}

// Any number of players from 1 to MaxPlayers: one player's grid is a
// solitaire (the puzzle sheets), and the sheet prints every count, each
// curve's copies on pages of their own where the count divides.
func TestWithinTheCurvePlayerCounts(t *testing.T) {
	info := Game{}.Info()
	if info.MinPlayers != 1 || info.MaxPlayers != MaxPlayers || MaxPlayers < 12 {
		t.Fatalf("players %d to %d, want 1 to %d (at least 12)", info.MinPlayers, info.MaxPlayers, MaxPlayers)
	}
	for m := 1; m <= MaxPlayers; m++ {
		s, err := Game{}.Setup(games.Values{"size": 12}, make([]string, m))
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Cells) != m*m {
			t.Errorf("%d players: %d grids, want %d", m, len(s.Cells), m*m)
		}
	}
	// One player: the solitaire transcript scores.
	src := "game: within-the-curve\\nplayers: [Ann]\\nsize: 5\\nrounds:\\n  - curves:\\n      Ann: " + bobCurve + "\\n    grids:\\n      - curve: Ann\\n        filler: Ann\\n        rows: |\\n"
	src = strings.ReplaceAll(src, "\\n", "\n")
	for _, r := range bobFull {
		src += "          " + r + "\n"
	}
	res, err := score(t, src)
	if err != nil {
		t.Fatal(err)
	}
	if got := find(t, res, 0, "Ann", "Ann")["k"]; fmt.Sprint(got) != "8" {
		t.Errorf("one player: K = %v, want 8", got)
	}
	// Thirteen players are refused.
	names := make([]string, MaxPlayers+1)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	src13 := "game: within-the-curve\nplayers: [" + strings.Join(names, ", ") + "]\nsize: 5\nrounds: []\n"
	if _, err := score(t, src13); err == nil {
		t.Errorf("%d players accepted", MaxPlayers+1)
	}
}

// TestCurvesFromGrids: a transcript may leave out curves: each loop is
// read from the squares its grids bracket, scoring as with curves: given;
// given, they must agree with the grids; a loop whose squares touch off
// the loop is ordered by a grid's numbers, or refused with what to write.
func TestCurvesFromGrids(t *testing.T) {
	for _, name := range []string{"two-players", "three-players"} {
		src, err := os.ReadFile("../../examples/within-the-curve/" + name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		with, _, err := games.Score(Game{}, "t.yaml", src, nil)
		if err != nil {
			t.Fatal(err)
		}
		cut := regexp.MustCompile(`(?m)^  - curves:\n(      .*\n)+    grids:`).ReplaceAllString(string(src), "  - grids:")
		if cut == string(src) {
			t.Fatalf("%s: no curves: to leave out", name)
		}
		without, _, err := games.Score(Game{}, "t.yaml", []byte(cut), nil)
		if err != nil {
			t.Fatalf("%s without curves: %v", name, err)
		}
		// The same but for the lines of the messages (the curves are gone).
		at := regexp.MustCompile(`t\.yaml:\d+:\d+`)
		if a, b := at.ReplaceAllString(string(with.JSON()), "t.yaml"), at.ReplaceAllString(string(without.JSON()), "t.yaml"); a != b {
			t.Errorf("%s: with curves:\n%s\nwithout:\n%s", name, a, b)
		}
	}
	const head = "game: within-the-curve\nplayers: [Ann]\nsize: 4\nrounds:\n  - "
	grid := func(rows string) string {
		return "grids:\n      - curve: Ann\n        filler: Ann\n        rows: |\n" + rows
	}
	// A 2-by-3 block of loop squares: each has two or three neighbours.
	block := "          [1] [2] [3] .\n          [6] [5] [4] .\n          . . . .\n          . . . .\n"
	if _, _, err := games.Score(Game{}, "t.yaml", []byte(head+grid(block)), nil); err != nil {
		t.Errorf("a block numbered along its loop: %v", err)
	}
	muddled := "          [1] [2] [3] .\n          [4] [5] [6] .\n          . . . .\n          . . . .\n"
	if _, _, err := games.Score(Game{}, "t.yaml", []byte(head+grid(muddled)), nil); err == nil || !strings.Contains(err.Error(), "write the loop under curves: Ann: B2 C2") {
		t.Errorf("a block numbered off its loop: %v", err)
	}
	ring := "          [1] [2] [3] .\n          [8] . [4] .\n          [7] [6] [5] .\n          . . . .\n"
	disagree := "curves:\n      Ann: A1 B1 C1 D1 D2 D3 C3 B3 A3 A2\n    " + grid(ring)
	if _, _, err := games.Score(Game{}, "t.yaml", []byte(head+disagree), nil); err == nil || !strings.Contains(err.Error(), "is not on Ann's loop") {
		t.Errorf("curves: disagreeing with the grid: %v", err)
	}
	if _, _, err := games.Score(Game{}, "t.yaml", []byte(head+grid("          . . . .\n          . . . .\n          . . . .\n          . . . .\n")+"      - curve: Ann\n        filler: Ann\n"), nil); err == nil || !strings.Contains(err.Error(), "curve is missing") {
		t.Errorf("no curve anywhere: %v", err)
	}
}
