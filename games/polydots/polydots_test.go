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
