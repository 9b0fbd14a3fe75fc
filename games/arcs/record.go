package arcs

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// record is the form round r (0-based) is written on while it is played:
// the first mark, then a row per move in the transcript's order. Every
// mark is alike on an empty circle, so the form starts at mark 1 and
// pre-prints each centre; the player of each move follows the seat order
// from the round's starting seat (seat r, as the transcript's default).
func record(m int, players []string, r int) *layout.Form {
	p := layout.FormPart{Columns: []layout.FormColumn{{Head: "move", Width: 14}, {Head: "player", Width: 40}, {Head: "centre:", Width: 18}, {Head: "reach", Width: 16}, {Head: "arcs met", Width: 20}}}
	for k := 0; k < m; k++ {
		p.Rows = append(p.Rows, []string{strconv.Itoa(k + 1), games.SeatName(players, (r+k)%len(players)), strconv.Itoa(k+1) + ":", "", ""})
	}
	return &layout.Form{
		Title: "Record of round " + strconv.Itoa(r+1),
		Notes: []string{
			"Start at mark 1 (on an empty circle every mark is alike); each arc is centred on the next mark clockwise, so the centres are printed. Write each arc's reach k (its ends are k marks either side of the centre) and the earlier arcs it meets.",
			"The transcript takes first: 1 and the arcs as centre:reach in this order, e.g. arcs: 1:3 2:1 3:5 (papergames transcript arcs-and-marks prints one to fill in).",
		},
		Parts: []layout.FormPart{{Heading: "first: 1 · starts: " + games.SeatName(players, r%len(players))}, p},
	}
}

// CopyCells implements games.Copier: copy i is the board of round i+1,
// its record naming the seat that starts that round.
func (g Game) CopyCells(v games.Values, players []string, i int) ([]layout.Cell, error) {
	m := v.Int("marks")
	return []layout.Cell{{Figure: boards.MarkedCircle{Marks: m}, Record: record(m, players, i)}}, nil
}

// RoundBlank implements games.Scorer: nothing written under arcs.
func (Game) RoundBlank(round *input.Node) bool { return scorer.BlankKeys(round, "arcs") }

// Blank implements games.Scorer: rounds entries as on the record forms,
// the centres and players in the comments.
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	m := v.Int("marks")
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, key(m)))
	b.WriteString("  # One entry per round. arcs: the arcs in the order drawn, each as\n")
	b.WriteString("  # centre:reach copied from the record form (1:3 is centred on mark 1,\n")
	b.WriteString("  # its ends 3 marks either side), or by its two end marks (11-3).\n")
	for r := 0; r < rounds; r++ {
		fmt.Fprintf(&b, "  - first: 1\n    starts: %s\n    arcs:\n", games.YAMLName(games.SeatName(players, r%len(players))))
		for k := 0; k < m; k++ {
			fmt.Fprintf(&b, "      -        # move %d, %s: %d:REACH\n", k+1, games.SeatName(players, (r+k)%len(players)), k+1)
		}
	}
	return b.String()
}
