package polydots

import (
	"os"
	"strings"
	"testing"

	"papergames/games"
	"papergames/scorer"

	"papergames/games/gamestest"
)

func FuzzScorePolygonsAndDots(f *testing.F) { gamestest.Fuzz(f, Game{}) }

// TestReportCorners: the report gives corners to 0.1 mm, as the sheet
// reads; the JSON details keep them exact.
func TestReportCorners(t *testing.T) {
	src, err := os.ReadFile("../../examples/polygons-and-dots/convex-hexagon.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := games.Score(Game{}, "hexagon.yaml", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	txt := res.Text("hexagon.yaml")
	if want := "face 3: 4 sides (even), corners (90, 70) (120, 70) (120, 86.7) (105, 95): a point for Ann"; !strings.Contains(txt, want) {
		t.Errorf("the report lacks %q:\n%s", want, txt)
	}
	if js := string(res.JSON()); !strings.Contains(js, `"260/3"`) || strings.Contains(js, "86.7") {
		t.Errorf("the JSON details do not keep the corners exact:\n%s", js)
	}
}

// TestPathClosingDot: a path written as the report prints it, with the
// first dot again at the end, scores as the path without it; a dot
// repeated anywhere else is still refused.
func TestPathClosingDot(t *testing.T) {
	const dots = "[[60, 20], [120, 20], [150, 70], [120, 120], [60, 120], [30, 70]]"
	score := func(path string) (string, error) {
		src := "game: polygons-and-dots\nplayers: [Ann, Bob]\nrounds:\n  - dots: " + dots + "\n    path: " + path + "\n"
		res, _, err := games.Score(Game{}, "t.yaml", []byte(src), nil)
		if err != nil {
			return "", err
		}
		return string(res.JSON()), nil
	}
	open, err := score("1 4 2 5 3 6")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, err string }{
		{"1 4 2 5 3 6 1", ""},
		{" 1 4 2 5 3 6 1 ", ""},
		{"1 4 2 5 3 6 4", "dot 4 was already reached at step 2"},
		{"1 4 2 5 3 1", "dot 1 was already reached at step 1"},
		{"1 4 2 5 3 6 1 1", "dot 1 was already reached at step 1"},
		{"1-4-2-5-3-6", ""},
		{"1-4-2-5-3-6-1", ""},
		{"1-4-2 5-3-6", ""},
		{"[1, 4, 2, 5, 3, 6]", ""},
		{"1-4-2-5-3-1", "dot 1 was already reached at step 1"},
	} {
		got, err := score(tc.path)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("path %q: %v", tc.path, err)
		case tc.err == "" && got != open:
			t.Errorf("path %q scores differently from the path without its closing dot", tc.path)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("path %q: %v, want %q", tc.path, err, tc.err)
		}
	}
}

// score scores a transcript of one round, with the rule variants in v.
func scoreText(t *testing.T, src string, v games.Values) (*scorer.Result, error) {
	t.Helper()
	res, _, err := games.Score(Game{}, "t.yaml", []byte(src), v)
	return res, err
}

// TestUnnoticedLine: three dots in line, which nobody noticed, are "no big
// deal" (the post): the round is scored as drawn with a warning naming the
// three dots; --strict refuses it, naming them.
func TestUnnoticedLine(t *testing.T) {
	src := "game: polygons-and-dots\nplayers: [Ann, Bob]\nrounds:\n  - dots: [[20, 20], [120, 20], [70, 20], [70, 90], [30, 60], [110, 60]]\n    path: 1 2 4 3 5 6\n"
	const line = "dots 1 (20, 20), 2 (120, 20) and 3 (70, 20) are on one straight line"
	res, err := scoreText(t, src, nil)
	if err != nil {
		t.Fatalf("refused without --strict: %v", err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], line) || !strings.Contains(res.Warnings[0], "t.yaml:4:") {
		t.Errorf("warnings %q, want one naming %q at its line", res.Warnings, line)
	}
	if _, err := scoreText(t, src, games.Values{"strict": true}); err == nil || !strings.Contains(err.Error(), line) {
		t.Errorf("--strict: %v, want the error %q", err, line)
	}
	// The engine: lax Check takes the dot, strict Check and Moves do not.
	st := newState(6, []string{"Ann", "Bob"}, 0, DefaultGrid)
	st.SetLax(true)
	for _, p := range [][2]int64{{20, 20}, {120, 20}} {
		st.play(Move{At: GridPoint(p[0], p[1], 1)})
	}
	if err := st.Check(Move{At: GridPoint(70, 20, 1)}); err != nil {
		t.Errorf("lax: %v", err)
	}
	st.SetLax(false)
	if err := st.Check(Move{At: GridPoint(70, 20, 1)}); err == nil {
		t.Error("strict: a dot in line accepted")
	}
	for _, m := range st.Moves(nil) {
		if m.At.Equal(GridPoint(70, 20, 1)) {
			t.Fatal("Moves offers a dot in line")
		}
	}
}

// TestDotOffTheGrid: with the sheet's grid in the header, a dot off it (a
// slip of 244 for 144) is refused, naming the dot and the grid; a dot on
// its edge is on it.
func TestDotOffTheGrid(t *testing.T) {
	const head = "game: polygons-and-dots\nplayers: [Ann, Bob]\n"
	const round = "rounds:\n  - dots: [[20, 30], [164, 40], [90, 244], [40, 110]]\n    path: 1 3 2 4\n"
	if _, err := scoreText(t, head+"grid: 164x164\n"+round, nil); err == nil || !strings.Contains(err.Error(), "t.yaml:5:") || !strings.Contains(err.Error(), "dot 3 (90, 244): off the sheet's grid, which runs from 0 to 164 mm across (x) and 0 to 164 mm up (y)") {
		t.Errorf("got %v, want dot 3 refused as off the grid", err)
	}
	if _, err := scoreText(t, head+"grid: 164x250\n"+round, nil); err != nil {
		t.Errorf("on a grid 250 mm tall: %v", err)
	}
	for _, bad := range []string{"164", "0x10", "ax4", "20000x10"} {
		if _, err := scoreText(t, head+"grid: "+bad+"\n"+round, nil); err == nil || !strings.Contains(err.Error(), "write the grid printed above the board") {
			t.Errorf("grid: %s: %v", bad, err)
		}
	}
}

// TestDecimalComma: [144.5, 102,5] reads as three numbers: the message
// says to write decimals with a point, in a transcript and typed.
func TestDecimalComma(t *testing.T) {
	src := "game: polygons-and-dots\nplayers: [Ann, Bob]\nrounds:\n  - dots: [[20, 30], [144.5, 102,5], [90, 44], [40, 110]]\n    path: 1 3 2 4\n"
	const hint = "write decimals with a point, not a comma (102.5, not 102,5)"
	if _, err := scoreText(t, src, nil); err == nil || !strings.Contains(err.Error(), hint) {
		t.Errorf("got %v, want the hint %q", err, hint)
	}
	st := newState(4, []string{"Ann", "Bob"}, 0, DefaultGrid)
	if _, err := st.Parse("144,5 102,5"); err == nil || !strings.Contains(err.Error(), hint) {
		t.Errorf("typed: %v, want the hint", err)
	}
}

// TestFormSaysTheGrid: the record form and the sheet's header measure
// from the grid's 0, not the sheet's corner (issue 22).
func TestFormSaysTheGrid(t *testing.T) {
	f := record(10, []string{"Ann", "Bob"}, 0)
	if !strings.Contains(f.Notes[0], "from the grid's 0, its bottom left corner") || strings.Contains(strings.Join(f.Notes, " "), "sheet's bottom left") {
		t.Errorf("form notes %q", f.Notes)
	}
	setup, err := Game{}.Setup(games.Values{"dots": 10}, []string{"", ""})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(setup.Params, "from the grid's 0") {
		t.Errorf("header %q", setup.Params)
	}
}
