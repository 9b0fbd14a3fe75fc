package curve

import (
	"fmt"
	"strings"

	"papergames/games"
)

// Blank implements games.Scorer. Within The Curve needs no record form:
// the filled grids are the record, copied into the transcript row by row
// (. for an empty square, 7 inside the curve, [7] on it).
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	n, m := v.Int("size"), len(players)
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, boardKey(n, m)))
	b.WriteString("  # One entry per game. curves: each player's loop, its squares in order\n")
	b.WriteString("  # along it (A1 top left). grids: every grid off the sheet, row by row:\n")
	b.WriteString("  # . for an empty square, 7 for a number inside the curve, [7] on it.\n")
	empty := strings.TrimSpace(strings.Repeat(". ", n))
	for r := 0; r < rounds; r++ {
		b.WriteString("  - curves:\n")
		for i := range players {
			fmt.Fprintf(&b, "      %s:        # its squares in order along the loop\n", games.YAMLName(games.SeatName(players, i)))
		}
		b.WriteString("    grids:\n")
		for owner := range players {
			for filler := range players {
				fmt.Fprintf(&b, "      - curve: %s\n        filler: %s\n        rows: |\n", games.YAMLName(games.SeatName(players, owner)), games.YAMLName(games.SeatName(players, filler)))
				for k := 0; k < n; k++ {
					fmt.Fprintf(&b, "          %s\n", empty)
				}
			}
		}
	}
	return b.String()
}
