package rings

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

// record is the form a round is written on while it is played, in the
// transcript's words and order: divider, the cuts of each ring, then the
// segments, so that each line is copied into the transcript as it stands.
// The cuts printed on the board (b.Cuts) are printed on the form too.
func record(b boards.Rings, players int) *layout.Form {
	cuts := layout.FormPart{Heading: "cuts:", Columns: []layout.FormColumn{{Head: "ring", Width: 14}, {Head: "cut angles, degrees clockwise from the top", Width: 150}}}
	for j := 1; j < b.Circles; j++ {
		var printed []string
		if j-1 < len(b.Cuts) {
			for _, a := range b.Cuts[j-1] {
				printed = append(printed, boards.FormatAngle(a))
			}
		}
		// Room for 2^j angles, about eight to a line.
		for k := 0; k < max(1, (1<<j+7)/8); k++ {
			ring, text := "", ""
			if k == 0 {
				ring = strconv.Itoa(j) + ":"
			}
			if len(printed) > 0 {
				if k*8 >= len(printed) {
					break
				}
				text = strings.Join(printed[k*8:min(len(printed), k*8+8)], " ")
			}
			cuts.Rows = append(cuts.Rows, []string{ring, text})
		}
	}
	segs := layout.FormPart{Heading: "segments:", Columns: []layout.FormColumn{{Head: "", Width: 8}, {Head: "player", Width: 50}, {Head: "end", Width: 28}, {Head: "end", Width: 28}}}
	for k := 1; k <= players; k++ {
		segs.Rows = append(segs.Rows, []string{"-", "", "", ""})
	}
	return &layout.Form{
		Title: "Record of round ___",
		Notes: []string{
			"Copy these lines into the transcript (papergames transcript crossing-the-rings prints one to fill in).",
			fmt.Sprintf("Cuts: each ring's angles after its number, e.g. 2: 45 135 270; ring j takes j up to %s cuts.", PowerWords),
			"Segments: in play order, the players after the divider in seat order, the divider last; each line reads - NAME: END END, an end written circle@angle, e.g. 2@90.",
			"Colours: before the round, each player shades their box at a corner of the target with the pencil they fill sections with, so that papergames read can tell whose each section is. Pick colours that differ in darkness too (a dark blue and a yellow): on a grey copy, two colours of one darkness look alike.",
		},
		Parts: []layout.FormPart{{Fields: []string{"divider"}}, cuts, segs},
	}
}

// RoundBlank implements games.Scorer: nothing written under segments.
func (Game) RoundBlank(round *input.Node) bool { return scorer.BlankKeys(round, "segments") }

// Blank implements games.Scorer: rounds entries as on the record forms.
func (g Game) Blank(v games.Values, players []string, rounds int) string {
	b0, k, err := g.board(v, 0)
	if err != nil {
		k = boardKey(v.Int("circles"))
	}
	n := b0.Circles
	var b strings.Builder
	b.WriteString(games.BlankHeader(g, v, players, k))
	fmt.Fprintf(&b, "  # One entry per round. cuts: each ring's cut angles after its number,\n")
	fmt.Fprintf(&b, "  # degrees clockwise from the top (ring j takes j up to 2^j cuts);\n")
	fmt.Fprintf(&b, "  # segments: in play order, each - NAME: END END, an end circle@angle.\n")
	b.WriteString("  # Each player shades their box at a corner of the target with the\n")
	b.WriteString("  # pencil they fill sections with (papergames read learns the colours).\n")
	if b0.Cuts != nil {
		if v.Bool("random-dividers") {
			b.WriteString("  # The cuts printed on the sheet are filled in: round K is played on\n")
			b.WriteString("  # copy K, whose cuts are its own (the board id under it).\n")
		} else {
			b.WriteString("  # The cuts printed on the sheet (--dividers) are filled in.\n")
		}
	}
	for r := 0; r < rounds; r++ {
		div := r % len(players)
		br := b0
		if r > 0 && v.Bool("random-dividers") {
			if c, kr, err := g.board(v, r); err == nil {
				br = c
				fmt.Fprintf(&b, "  # round %d: copy %d, board %s\n", r+1, r+1, games.BoardID(kr))
			}
		}
		fmt.Fprintf(&b, "  - divider: %s\n    cuts:\n", games.YAMLName(games.SeatName(players, div)))
		for j := 1; j < n; j++ {
			if j-1 < len(br.Cuts) && len(br.Cuts[j-1]) > 0 {
				as := make([]string, len(br.Cuts[j-1]))
				for i, a := range br.Cuts[j-1] {
					as[i] = boards.FormatAngle(a)
				}
				fmt.Fprintf(&b, "      %d: %s   # as printed\n", j, strings.Join(as, " "))
				continue
			}
			fmt.Fprintf(&b, "      %d:        # %d to %d angles\n", j, j, 1<<j)
		}
		b.WriteString("    segments:\n")
		for i := 1; i <= len(players); i++ {
			fmt.Fprintf(&b, "      - %s:        # END END\n", games.YAMLName(games.SeatName(players, (div+i)%len(players))))
		}
	}
	return b.String()
}
