package intersections

import (
	"fmt"
	"papergames/boards"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/input"
	"papergames/scorer"

	"papergames/layout"
)

// record is the form a round is written on while it is played, in the
// transcript's words and order: the offense, then the segments.
func record(segments int, players []string, r int) *layout.Form {
	p := layout.FormPart{Heading: "segments:", Columns: []layout.FormColumn{{Head: "segment", Width: 18}, {Head: "player", Width: 50}, {Head: "dots: from-to", Width: 40}}}
	// The order is fixed: the offense (seat r, the transcript's default)
	// first, then the others in seat order, as the blank transcript says.
	for k := 1; k <= segments; k++ {
		p.Rows = append(p.Rows, []string{strconv.Itoa(k), games.SeatName(players, (r+k-1)%len(players)), ""})
	}
	return &layout.Form{
		Title: "Record of round " + strconv.Itoa(r+1),
		Notes: []string{
			"Copy these lines into the transcript (papergames transcript making-intersections prints one to fill in): each segment as its two end dots joined by a dash, e.g. B2-B6, in the order drawn; the offense draws first, then the others in seat order.",
		},
		Parts: []layout.FormPart{{Heading: "offense: " + games.SeatName(players, r%len(players))}, p},
	}
}

// CopyCells implements games.Copier: copy i is the board of round i+1,
// its form naming that round's offense and each segment's player.
func (g Game) CopyCells(v games.Values, players []string, i int) ([]layout.Cell, error) {
	return []layout.Cell{{Figure: boards.DotArray{N: v.Int("size")}, Record: record(v.Int("segments"), players, i)}}, nil
}

// RoundBlank implements games.Scorer: nothing written under segments.
func (Game) RoundBlank(round *input.Node) bool { return scorer.BlankKeys(round, "segments") }

// Blank implements games.Scorer: rounds entries as on the record forms.
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	n, m := v.Int("size"), v.Int("segments")
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, boardKey(n)))
	b.WriteString("  # One entry per round: the segments in the order drawn, each as its two\n")
	b.WriteString("  # end dots joined by a dash (B2-B6); the offense first, then the others\n")
	b.WriteString("  # in seat order.\n")
	for r := 0; r < rounds; r++ {
		fmt.Fprintf(&b, "  - offense: %s\n    segments:\n", games.YAMLName(games.SeatName(players, r%len(players))))
		for k := 0; k < m; k++ {
			fmt.Fprintf(&b, "      -        # segment %d, %s\n", k+1, games.SeatName(players, (r+k)%len(players)))
		}
	}
	return b.String()
}
