package games

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"papergames/layout"
	"papergames/scan"
)

// Reader is a Board whose rounds papergames read can take from a photo or
// a scan of the printed sheet. A game reads the moves its board and its
// engine allow, each tested against the pencil where it would lie (never
// guessed from free strokes where a finite candidate set exists), and
// says how sure it is of each.
type Reader interface {
	Board
	// ReadRound reads the round played on one printed board.
	ReadRound(in ReadIn) (*ReadOut, error)
}

// ReadIn is one printed board, as a reader of the page sees it.
type ReadIn struct {
	Ink    *scan.Ink
	Figure layout.Figure // as printed: plain, beside or widened as the page has it
	O      layout.Point  // the top left of the figure's extent, page mm
	S      float64       // the figure's size
	Values Values
	// Players are the seats as the transcript names them.
	Players []string
	// Round is the round this board was printed for (its copy), from 0.
	Round int
}

// ReadOut is a round read from its board.
type ReadOut struct {
	// Entry is the round's transcript entry, as Engine.Record writes one
	// (a YAML mapping, unindented), with a comment on every move read in
	// doubt.
	Entry string
	// Moves are the moves read, in the entry's order, with their evidence.
	Moves []ReadMove
	// Notes are said of the round as a whole: what the paper cannot show
	// and why no score depends on it.
	Notes []string
	// Doubts are doubts about the round as a whole, such as a move that
	// should be there and is not seen: like a move in doubt, the round is
	// not scored without a person's look.
	Doubts []string
	// Blank is set when nothing was drawn on the board.
	Blank bool
}

// ReadMove is a move read from paper and its evidence.
type ReadMove struct {
	Text string // in the transcript's notation
	// Confidence is how sure the reader is, 0 to 1: the move's evidence
	// against its nearest rival's.
	Confidence float64
	// Doubt says why the move is in doubt; "" when it is not. A move in
	// doubt is never scored without a person's look.
	Doubt string
	// At is where on the page the move lies (mm), for the overlay.
	At layout.Point
}

// DoubtRest puts in doubt, for why, each of moves not already in doubt
// (a doubt of the whole round reaches every move of it).
func DoubtRest(moves []ReadMove, why string) {
	for i := range moves {
		if moves[i].Doubt == "" {
			moves[i].Doubt = why
		}
	}
}

// Doubtful counts the moves read in doubt, and the round's own doubts.
func (r *ReadOut) Doubtful() int {
	n := len(r.Doubts)
	for _, m := range r.Moves {
		if m.Doubt != "" {
			n++
		}
	}
	return n
}

// Paperer is a Reader that can draw a round as players draw it on paper,
// for the reader's tests: what a pencil, a ruler and a compass leave on
// the board printed at o with size s.
type Paperer interface {
	Reader
	Paper(r Round, fig layout.Figure, o layout.Point, s float64) []scan.Stroke
}

// PaperPlayer is a Paperer whose engine allows moves paper cannot show,
// or not apart (a cut at any angle, a segment drawn over a printed
// line): PaperMove returns a random legal move of r as a player makes one
// on the board fig printed at size s (a cut at a whole degree, a segment
// whose pencil shows), for the reader's corpus; false leaves the move to
// the engine's candidates.
type PaperPlayer interface {
	Paperer
	PaperMove(r Round, fig layout.Figure, s float64, rng *rand.Rand) (Move, bool)
}

// ReadList writes a transcript list key: one move a line, each move in
// doubt with its reason in a comment, every other with its confidence.
func ReadList(key string, moves []ReadMove) string {
	var b strings.Builder
	if len(moves) == 0 {
		return key + ": []\n"
	}
	b.WriteString(key + ":\n")
	for _, m := range moves {
		fmt.Fprintf(&b, "  - %s", m.Text)
		switch {
		case m.Doubt != "":
			fmt.Fprintf(&b, "   # DOUBT (%.2f): %s", m.Confidence, m.Doubt)
		default:
			fmt.Fprintf(&b, "   # read %.2f", m.Confidence)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
