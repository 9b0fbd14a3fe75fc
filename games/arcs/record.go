package arcs

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// record is the form round r (0-based) is written on while it is played:
// the first mark, then a row per move in the transcript's order. Every
// mark is alike on an empty circle, so the form suggests mark 1 and
// pre-prints each centre from it; a round that starts elsewhere shades
// its first centre in the bubbles beside the circle (the drawing alone
// does not show where a round began). The player of each move follows
// the seat order from the round's starting seat (seat r, as the
// transcript's default).
func record(m int, players []string, r int) *layout.Form {
	p := layout.FormPart{Columns: []layout.FormColumn{{Head: "move", Width: 14}, {Head: "player", Width: 40}, {Head: "centre:", Width: 18}, {Head: "reach", Width: 16}, {Head: "arcs met", Width: 20}}}
	for k := 0; k < m; k++ {
		p.Rows = append(p.Rows, []string{strconv.Itoa(k + 1), games.SeatName(players, (r+k)%len(players)), strconv.Itoa(k+1) + ":", "", ""})
	}
	shade := "shade its bubble"
	if !figure(m).Numbered() {
		shade = "shade its number in the bubbles, one digit in each column (mark 7: 0 in the tens, 7 in the ones)"
	}
	return &layout.Form{
		Title: "Record of round " + strconv.Itoa(r+1),
		Notes: []string{
			"Start at mark 1 (on an empty circle every mark is alike) and leave the First centre bubbles by the circle empty: the centres are printed. To start at another mark, " + shade + "; the centres then run on clockwise from it: write them in place of the printed ones. Each arc is centred on the next mark clockwise. Write each arc's reach k (its ends are k marks either side of the centre) and the earlier arcs it meets.",
			"The transcript takes first: 1 (or the mark shaded) and the arcs as centre:reach in this order, e.g. arcs: 1:3 2:1 3:5, or as reaches alone, e.g. first: 7 and arcs: 3 1 5 (papergames transcript arcs-and-marks prints one to fill in).",
		},
		Parts: []layout.FormPart{{Heading: "first: 1, or the mark shaded · starts: " + games.SeatName(players, r%len(players))}, p},
	}
}

// CopyCells implements games.Copier: copy i is the board of round i+1,
// its record naming the seat that starts that round.
func (g Game) CopyCells(v games.Values, players []string, i int) ([]layout.Cell, error) {
	m := v.Int("marks")
	return []layout.Cell{{Figure: figure(m), Record: record(m, players, i)}}, nil
}

// RoundBlank implements games.Scorer: nothing written under arcs.
func (Game) RoundBlank(round *input.Node) bool { return scorer.BlankKeys(round, "arcs") }

// Blank implements games.Scorer: rounds entries as on the record forms,
// the centres and players in the comments.
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	m := v.Int("marks")
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, key(m)))
	b.WriteString("  # One entry per round. first: the mark shaded in the First centre\n")
	b.WriteString("  # bubbles by the circle, 1 when none is. arcs: the arcs in the order\n")
	b.WriteString("  # drawn, each as centre:reach copied from the record form (1:3 is\n")
	b.WriteString("  # centred on mark 1, its ends 3 marks either side), by its reach alone\n")
	b.WriteString("  # (3), or by its two end marks (11-3). The centres below are for\n")
	b.WriteString("  # first: 1; after another first, write the reaches alone.\n")
	for r := 0; r < rounds; r++ {
		fmt.Fprintf(&b, "  - first: 1\n    starts: %s\n    arcs:\n", games.YAMLName(games.SeatName(players, r%len(players))))
		for k := 0; k < m; k++ {
			fmt.Fprintf(&b, "      -        # move %d, %s: %d:REACH\n", k+1, games.SeatName(players, (r+k)%len(players)), k+1)
		}
	}
	return b.String()
}
