package sheets

import (
	"testing"
	"time"

	"papergames/games"
	"papergames/games/rings"
	"papergames/internal/testenv"
	"papergames/layout"
)

func ringsSheet(t testing.TB, circles, copies string) *Result {
	t.Helper()
	g := rings.Game{}
	v, err := games.ParseValues(g.Params(), func(n string) (string, bool) {
		switch n {
		case "circles":
			return circles, true
		case "random-dividers":
			return "true", true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	o, err := ParseOptions(func(n string) (string, bool) {
		switch n {
		case "compact":
			return "true", true
		case "copies":
			return copies, true
		}
		return "", false
	})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Build(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCompactRandomCopiesShareAPage: copies of random cuts on a compact
// sheet fit as many a page as the board's size allows: the per-page trial
// uses distinct copies, whose cut lines drop out of the page's key (one
// copy repeated kept them, and ten-circle targets went two a page).
func TestCompactRandomCopiesShareAPage(t *testing.T) {
	if res := ringsSheet(t, "10", "24"); res.Sheet.PerPage != 4 || res.Pages != 6 {
		t.Errorf("10 circles, 24 copies: %d a page, %d pages; want 4 and 6", res.Sheet.PerPage, res.Pages)
	}
}

// TestCompactRandomCopiesAreCheap: 500 compact copies of twelve-circle
// random targets (500 pages) are laid out and drawn in a few seconds
// (issue 23: 165 s, each page's key asking every copy for its key and
// measuring its text).
func TestCompactRandomCopiesAreCheap(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 500 pages")
	}
	start := time.Now()
	res := ringsSheet(t, "12", "500")
	var c counter
	if err := res.Sheet.Draw(&c); err != nil {
		t.Fatal(err)
	}
	if c.pages != 500 {
		t.Errorf("%d pages", c.pages)
	}
	if el := time.Since(start); el > testenv.Bound(20*time.Second) {
		t.Errorf("took %v", el)
	}
}

// counter is a Document that only counts pages.
type counter struct{ pages int }

func (c *counter) AddPage(w, h float64)                                               { c.pages++ }
func (c *counter) Stroke(*layout.Path, layout.Pen)                                    {}
func (c *counter) Fill(*layout.Path, layout.Color)                                    {}
func (c *counter) Text(layout.Point, string, layout.Font, layout.Align, layout.Color) {}
