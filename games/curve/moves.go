package curve

import (
	"fmt"
	"strings"

	"papergames/games"
	"papergames/scorer"
)

var _ games.Mover = Game{}

// Moves implements games.Mover: it checks the transcript like Score, and
// for every grid of its last round says what may be written next: the
// loop's numbering in a grid not yet filled, or every square where K+1
// fits (none in a finished grid).
func (g Game) Moves(t *scorer.Transcript, _ games.Values) (string, error) {
	_, _, grids, loops, err := g.play(t)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: round %d: %d grids, each player filling each curve.\n", t.File, len(t.Rounds), len(grids))
	for i, gr := range grids {
		lp := loops[gr.owner]
		if i%len(loops) == 0 {
			fmt.Fprintf(&b, "%s's curve (a loop of %d squares, %d inside):\n", t.Players[gr.owner], len(lp.cells), len(lp.inside))
		}
		head := fmt.Sprintf("  filled by %s: ", t.Players[gr.filler])
		switch gr.status {
		case "missing", "blank":
			L := len(lp.cells)
			fmt.Fprintf(&b, "%snot begun: number the loop, [1] on any of its %d squares and [2] next to it either way (%d ways).\n", head, L, 2*L)
		case "invalid":
			fmt.Fprintf(&b, "%sinvalid (papergames score lists its problems): no legal move.\n", head)
		default:
			if len(gr.unfinished) == 0 {
				fmt.Fprintf(&b, "%sfinished at K = %d: %d fits nowhere, no legal move.\n", head, gr.k, gr.k+1)
				continue
			}
			names := make([]string, len(gr.unfinished))
			for k, p := range gr.unfinished {
				names[k] = p.String()
			}
			fmt.Fprintf(&b, "%sK = %d; %d fits at %d square(s):\n", head, gr.k, gr.k+1, len(names))
			b.WriteString(games.WrapWords("    ", names, "    ", 76))
		}
	}
	return b.String(), nil
}
