package polydots

import (
	"os"
	"strings"
	"testing"

	"papergames/games"

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
