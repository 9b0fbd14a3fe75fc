package curve

import (
	"fmt"
	"strings"

	"papergames/games"
	"papergames/input"
	"papergames/scorer"
)

// RoundBlank implements games.Scorer: no curve written, and every grid's
// rows only empty squares (.), as Blank lays them out.
func (Game) RoundBlank(round *input.Node) bool {
	if !scorer.BlankKeys(round, "curves") {
		return false
	}
	for i, k := range round.Keys {
		if k.Text != "grids" || round.Values[i].Kind != input.Seq {
			if k.Text == "grids" && !scorer.Blank(round.Values[i]) {
				return false
			}
			continue
		}
		for _, g := range round.Values[i].Items {
			if g.Kind != input.Map {
				if !scorer.Blank(g) {
					return false
				}
				continue
			}
			for j, gk := range g.Keys {
				if gk.Text == "rows" && strings.Trim(g.Values[j].Text, ". \t\r\n") != "" || gk.Text == "rows" && g.Values[j].Kind != input.Scalar && !scorer.Blank(g.Values[j]) {
					return false
				}
			}
		}
	}
	return true
}

// Blank implements games.Scorer. Within The Curve needs no record form:
// the filled grids are the record, copied into the transcript row by row
// (. for an empty square, 7 inside the curve, [7] on it).
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	n, m := v.Int("size"), len(players)
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, boardKey(n, m)))
	b.WriteString("  # One entry per game. grids: every grid off the sheet, row by row:\n")
	b.WriteString("  # . for an empty square, 7 for a number inside the curve, [7] on it.\n")
	b.WriteString("  # Each curve is read from the squares its grids bracket. Only a loop\n")
	b.WriteString("  # whose squares touch side by side off the loop, and whose grids do\n")
	b.WriteString("  # not number it [1] to [L], needs curves: (NAME: B2 C2 C3 B3 ...).\n")
	empty := strings.TrimSpace(strings.Repeat(". ", n))
	for r := 0; r < rounds; r++ {
		b.WriteString("  - grids:\n")
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
