package polydots

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

// record is the form round r (0-based) is written on: the dots in the
// order placed (x and y in mm read off the sheet), then the path, player 1
// (seat r%2, as the transcript's default) first.
func record(dots int, players []string, r int) *layout.Form {
	dp := layout.FormPart{Heading: "dots:", Columns: []layout.FormColumn{{Head: "dot", Width: 12}, {Head: "player", Width: 40}, {Head: "x mm", Width: 22}, {Head: "y mm", Width: 22}}}
	pp := layout.FormPart{Heading: "path:", Columns: []layout.FormColumn{{Head: "step", Width: 12}, {Head: "player", Width: 40}, {Head: "to dot", Width: 22}}}
	for k := 0; k < dots; k++ {
		dp.Rows = append(dp.Rows, []string{strconv.Itoa(k + 1), games.SeatName(players, (r+k)%2), "", ""})
		// Player 1 draws the first segment (its two ends), then turns alternate.
		seat := r % 2
		if k >= 2 {
			seat = (r + k - 1) % 2
		}
		pp.Rows = append(pp.Rows, []string{strconv.Itoa(k + 1), games.SeatName(players, seat), ""})
	}
	return &layout.Form{
		Title: "Record of round " + strconv.Itoa(r+1),
		Notes: []string{
			"Dots: x and y in millimetres from the grid's 0, its bottom left corner, as read off its scales (80.5 or 161/2 are exact); no three dots on one line.",
			"Path: the dot numbers in the order the path visits them; player 1 joins the first two, then the players take turns; the path closes by itself.",
			"The transcript takes grid: as printed above the board, dots: as [x, y] lines in this order and path: 1 3 2 4 ... (papergames transcript polygons-and-dots prints one to fill in).",
		},
		Parts: []layout.FormPart{{Heading: "player1: " + games.SeatName(players, r%2) + " (odd-sided polygons)"}, dp, pp},
	}
}

// CopyCells implements games.Copier: copy i is the board of round i+1.
func (g Game) CopyCells(v games.Values, players []string, i int) ([]layout.Cell, error) {
	return []layout.Cell{{Figure: boards.MMSheet{Label: true}, Record: record(v.Int("dots"), players, i)}}, nil
}

// RoundBlank implements games.Scorer: nothing written under dots and path.
func (Game) RoundBlank(round *input.Node) bool { return scorer.BlankKeys(round, "dots", "path") }

// Blank implements games.Scorer: rounds entries as on the record forms.
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	n := v.Int("dots")
	var b strings.Builder
	head := games.BlankHeader(g, v, players, "polygons-and-dots")
	b.WriteString(strings.TrimSuffix(head, "rounds:\n"))
	b.WriteString("grid:          # as printed above the board, e.g. 164x164: a dot off it is refused\nrounds:\n")
	b.WriteString("  # One entry per round. dots: in the order placed, player 1 first, each\n")
	b.WriteString("  # [x, y] in mm from the grid's 0, its bottom left corner; path: the dot\n")
	b.WriteString("  # numbers in the order the path visits them (it closes by itself).\n")
	for r := 0; r < rounds; r++ {
		fmt.Fprintf(&b, "  - player1: %s\n    dots:\n", games.YAMLName(games.SeatName(players, r%2)))
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "      -        # dot %d, %s: [x, y]\n", k+1, games.SeatName(players, (r+k)%2))
		}
		b.WriteString("    path:        # e.g. 1 3 2 4 ...\n")
	}
	return b.String()
}
