package read_test

import (
	"math/rand/v2"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/internal/testenv"
	"papergames/read/readtest"
)

// corpus lists the games read, each with the flags of its sheets.
var corpus = []struct {
	id    string
	flags map[string]string
}{
	{"permutation-grid", map[string]string{"copies": "2"}},
	{"arcs-and-marks", map[string]string{"copies": "2"}},
}

// TestReadClean reads a pencilled sheet of every game read, straight from
// its print: every move right, none in doubt.
func TestReadClean(t *testing.T) {
	for _, cg := range corpus {
		g, err := catalog.Lookup(cg.id)
		if err != nil {
			t.Fatal(err)
		}
		d := readtest.Degradations()[0]
		c := readtest.Run(t, g, cg.flags, d, 1, 1)
		if c.Registered != c.Pages || c.Right != c.Moves || c.WrongUnflagged > 0 {
			t.Errorf("%s, clean: %s", cg.id, c)
		}
	}
}

// Figures the corpus must reach (issue 20), by kind of degradation.
var want = map[string]struct{ registered, right, wrongUnflagged float64 }{
	"clean":  {1, 0.995, 0},
	"copier": {1, 0.995, 0},
	"phone":  {0.98, 0.97, 0.005},
}

// TestCorpus prints sheets, plays rounds on them in pencil, degrades them
// as copiers and phones do, reads them back and counts, per game and per
// degradation: pages registered, moves right, moves flagged, moves wrong
// and unflagged, blank pages read as blank. READ_CORPUS=20 gives README's
// figures; the default reads one sheet each.
func TestCorpus(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("the corpus takes a while")
	}
	n := readtest.Sheets(1)
	byKind := map[string]*readtest.Count{}
	for _, cg := range corpus {
		g, err := catalog.Lookup(cg.id)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range readtest.Degradations() {
			c := readtest.Run(t, g, cg.flags, d, n, uint64(7*i+len(cg.id)))
			t.Logf("%-22s %-26s %s", cg.id, d.Name, c)
			if byKind[d.Kind] == nil {
				byKind[d.Kind] = &readtest.Count{}
			}
			byKind[d.Kind].Add(c)
		}
	}
	for kind, c := range byKind {
		t.Logf("all games, %s: %s", kind, c)
		w := want[kind]
		frac := func(a int) float64 { return float64(a) / float64(max(1, c.Moves)) }
		if float64(c.Registered) < w.registered*float64(c.Pages) || frac(c.Right) < w.right || frac(c.WrongUnflagged) > w.wrongUnflagged || c.BlankFalse > 0 {
			t.Errorf("%s pages fall short of the figures (registered %.0f%%, right %.1f%%, wrong unflagged %.1f%%): %s", kind, 100*w.registered, 100*w.right, 100*w.wrongUnflagged, c)
		}
	}
}

var _ = rand.Int
var _ games.Game
