package permgrid

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

// record is the form round r (0-based) is written on: the n dots in the
// order placed, player 1 (seat r%2, as the transcript's default) first.
func record(n int, players []string, r int) *layout.Form {
	p := layout.FormPart{Columns: []layout.FormColumn{{Head: "dot", Width: 14}, {Head: "player", Width: 44}, {Head: "crossing (e.g. C1)", Width: 36}}}
	for k := 0; k < n; k++ {
		p.Rows = append(p.Rows, []string{strconv.Itoa(k + 1), games.SeatName(players, (r+k)%2), ""})
	}
	return &layout.Form{
		Title: "Record of round " + strconv.Itoa(r+1),
		Notes: []string{"Write each dot's crossing, column letter then row number, in the order placed; never a row or column that already has a dot. The transcript takes them in this order on one line: dots: C1 A2 D3 ... (papergames transcript permutation-grid prints one to fill in)."},
		Parts: []layout.FormPart{{Heading: "player1: " + games.SeatName(players, r%2) + " (triangles)"}, p},
	}
}

// CopyCells implements games.Copier: copy i is the board of round i+1.
func (g Game) CopyCells(v games.Values, players []string, i int) ([]layout.Cell, error) {
	n := v.Int("size")
	return []layout.Cell{{Figure: boards.LineGrid{N: n}, Record: record(n, players, i)}}, nil
}

// RoundBlank implements games.Scorer: nothing written under dots.
func (Game) RoundBlank(round *input.Node) bool { return scorer.BlankKeys(round, "dots") }

// Blank implements games.Scorer: rounds entries as on the record forms.
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	n := v.Int("size")
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, key(n)))
	fmt.Fprintf(&b, "  # One entry per round: the %d dots in the order placed, player 1 first,\n", n)
	b.WriteString("  # each by column letter and row number (A1 top left), on one line.\n")
	for r := 0; r < rounds; r++ {
		fmt.Fprintf(&b, "  - player1: %s\n    dots:       # e.g. C1 A2 D3 ...\n", games.YAMLName(games.SeatName(players, r%2)))
	}
	return b.String()
}
