package crossdont

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/input"
	"papergames/scorer"

	"papergames/layout"
)

// record is the form a round is written on while it is played, in the
// transcript's words and order: the defense, its chords, then the
// offense's moves, each row saying which rule it plays under. The labels
// of crossing points depend on every segment's number, so the form asks
// for the numbers to be written on the board as the segments are drawn.
func record(chords int) *layout.Form {
	cp := layout.FormPart{Heading: "chords:", Columns: []layout.FormColumn{{Head: "chord (segment)", Width: 32}, {Head: "ends: angle-angle", Width: 50}}}
	for i := 1; i <= chords; i++ {
		cp.Rows = append(cp.Rows, []string{strconv.Itoa(i), ""})
	}
	// 91 mm in all: two columns of rows fit across A4 or Letter, so the
	// rows of a default game (44) fit on the page after the board.
	mp := layout.FormPart{Heading: "moves:", Columns: []layout.FormColumn{{Head: "move", Width: 11}, {Head: "segment", Width: 15}, {Head: "rule", Width: 32}, {Head: "ends: point-point", Width: 33}}}
	for k := 1; k <= MaxRoundMoves(chords); k++ {
		rule := "crosses nothing"
		if k%2 == 0 {
			rule = "crosses exactly one"
		}
		mp.Rows = append(mp.Rows, []string{strconv.Itoa(k), strconv.Itoa(chords + k), rule, ""})
	}
	return &layout.Form{
		Title: "Record of round ___",
		Notes: []string{
			fmt.Sprintf("Number each segment on the board as you draw it: the chords are 1 to %d, move k draws segment %d+k.", chords, chords),
			"Points: 2a, 2b are chord 2's ends (as written); 1x5 is where segments 1 and 5 cross. A move is point-point, e.g. 1a-2x5.",
			"The round ends when the offense has no legal move. Copy the lines into the transcript (papergames transcript cross-dont-cross).",
		},
		Parts: []layout.FormPart{{Fields: []string{"defense"}}, cp, mp},
	}
}

// MaxRoundMoves is the most offense moves a round on m chords can have,
// (m+6)(m-1): the rows of its record form and blank transcript. The
// deficit D = 3n-3-h-e of the drawing (docs/puzzles.md) is 3m-3+c for m
// chords with c crossings, c is at most m(m-1)/2, and a round has at most
// 2D moves.
func MaxRoundMoves(m int) int { return (m + 6) * (m - 1) }

// RoundBlank implements games.Scorer: nothing written under chords and moves.
func (Game) RoundBlank(round *input.Node) bool { return scorer.BlankKeys(round, "chords", "moves") }

// Blank implements games.Scorer: rounds entries as on the record forms.
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	m := v.Int("chords")
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, key(m)))
	b.WriteString("  # One entry per round. chords: the defense's chords, each as its two end\n")
	b.WriteString("  # angles joined by a dash (0-180); moves: the offense's moves in order,\n")
	b.WriteString("  # each as its two points joined by a dash (1a-2x5). Leave out the rows\n")
	b.WriteString("  # not played: the round ends when the offense has no legal move.\n")
	for r := 0; r < rounds; r++ {
		fmt.Fprintf(&b, "  - defense: %s\n    chords:\n", games.YAMLName(games.SeatName(players, (r+1)%2)))
		for i := 1; i <= m; i++ {
			fmt.Fprintf(&b, "      -        # chord %d\n", i)
		}
		b.WriteString("    moves:\n")
		for k := 1; k <= MaxRoundMoves(m); k++ {
			rule := "crosses nothing"
			if k%2 == 0 {
				rule = "crosses exactly one"
			}
			fmt.Fprintf(&b, "      -        # move %d, segment %d: %s\n", k, m+k, rule)
		}
	}
	return b.String()
}
