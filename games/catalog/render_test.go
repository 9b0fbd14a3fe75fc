package catalog

import (
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

func TestRefusedRenderShowsTheBadMove(t *testing.T) {
	for _, tc := range []struct {
		name, src     string
		strokes, dots bool
	}{
		{"collinear dot", "game: polygons-and-dots\nplayers: [A, B]\nrounds:\n  - dots: [[0, 0], [10, 10], [20, 20], [0, 30]]\n    path: 1 2 3 4\n", false, true},
		{"repeated path step", "game: polygons-and-dots\nplayers: [A, B]\nrounds:\n  - dots: [[20, 30], [150, 40], [90, 160], [40, 110]]\n    path: 1 3 2 3\n", true, false},
		{"permutation row taken", "game: permutation-grid\nplayers: [A, B]\nsize: 4\nrounds:\n  - dots: C1 A1 D3 B4\n  - dots: B1 A2 D3 C4\n", false, true},
	} {
		// Three dots in line are refused under --strict (else a warning).
		_, d, err := Score("t.yaml", []byte(tc.src), games.Values{"strict": true})
		if err == nil {
			t.Fatalf("%s: scored", tc.name)
		}
		s, f := gamestest.RedOps(d.Cells)
		if (s > 0) != tc.strokes || (f > 0) != tc.dots {
			t.Errorf("%s: %d red strokes, %d red fills", tc.name, s, f)
		}
	}
}
