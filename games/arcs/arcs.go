// Package arcs is Leroy Quet's Arcs And Marks (2010): players take turns
// drawing compass arcs centred on the marks of a circle, each centre the
// mark clockwise of the last, and an arc scores one for every earlier arc
// it meets; fewest wins. The package holds the game's sheet, its rules
// engine (State, Move), the transcript scorer that replays it, the
// listing of legal moves and the render of a scored round.
package arcs

import (
	"fmt"
	"strings"

	"papergames/games"
	"papergames/layout"
)

// Game is Leroy Quet's Arcs And Marks (2010).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "arcs-and-marks", Title: "Arcs And Marks", Posted: "February 25, 2010",
		MinPlayers: 2, MaxPlayers: 12, BoardKind: "circle with numbered marks", Code: "AM"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "marks", Usage: "number of evenly spaced marks on the circle", Print: "on A4 up to 104; more need larger paper or --no-ruler, and a refused sheet says which fits", Kind: games.Int, Default: 12, Min: 3, Max: 360}}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	m := v.Int("marks")
	s := &games.Setup{
		Params:  fmt.Sprintf("%d marks · %d players · %d moves a round, one arc centred on each mark", m, len(players), m),
		Key:     key(m),
		Cells:   []layout.Cell{{Figure: figure(m), Record: record(m, players, 0)}},
		Rounds:  len(players),
		Match:   "each player moves first once",
		PerPage: 1,
	}
	if m%len(players) != 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("--marks %d is not a multiple of %d players: the players will not all draw the same number of arcs", m, len(players)))
	}
	return s, nil
}

// MaxArcMarks is the most marks a scored Arcs And Marks round may have.
// Meetings of arcs are decided with package hp, whose one assumption (no
// quantity it decides is non-zero yet below 1e-40) is checked for every
// arc pair up to 60 marks and on samples up to 1000 marks
// (hp.TestGapArcs, hp.TestGapArcsLarge): the smallest non-zero value met
// is above 1e-13, every value below hp.ErrorBound = 1e-90 is exactly zero.
// Beyond 1000 marks nobody has looked, so papergames refuses to score.
const MaxArcMarks = 1000

// MaxPairs bounds the arc pairs one transcript asks to decide (rounds
// times m(m-1)/2): each pair is decided exactly, about a microsecond, and
// the report lists them, so past this a transcript of a few hundred
// kilobytes would take minutes and gigabytes. Ten rounds of 1,000 marks
// (4,995,000 pairs) score in about 4 s; 77 rounds of the largest sheet
// (360 marks) fit.
const MaxPairs = 5_000_000

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return nil
}

// HeaderKeys implements Scorer.
func (Game) HeaderKeys() []string { return []string{"marks"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: each arc in its player's colour, numbered in drawing order; black dots mark the points where arcs meet."
}

// Example implements Scorer.
func (Game) Example() string {
	return strings.Replace(blank, "BOARD", games.BoardID(key(12)), 1)
}

const blank = `# Arcs And Marks transcript: one match, checked and scored by
#   papergames score THIS-FILE
game: arcs-and-marks
players: [Player 1, Player 2]   # names in seat order
marks: 12                       # marks on the circle, as printed on the sheet
board: BOARD                  # the board id printed on the sheet (optional)
rounds:
  # One entry per round, each on a fresh sheet.
  # first: the mark the first arc is centred on (marks are numbered 1..m
  #   clockwise from the top). Every later arc is centred on the next mark
  #   clockwise, so the round has exactly m arcs.
  # starts: who draws the first arc (optional). By default seat 1 starts
  #   round 1, seat 2 round 2, and so on; players then take turns in seat
  #   order.
  # arcs: the m arcs in the order drawn, each by its two end marks (3-9, in
  #   either order) or by its reach alone (3: the ends are 3 marks either
  #   side of the centre). A centre may be written in front as a check:
  #   6:3-9 or 6:3.
  - first: 1
    arcs: 11-3 2 1-5 3 4-6 1 5-9 4 8-10 2 10-12 5
  - first: 7
    starts: Player 2
    arcs: 6-8 5 3 1 9-1 2 10-4 3 2-4 1 3-7 5
`

// key is the key the board id hashes: the sheet's and the transcript's
// check must agree.
func key(m int) string { return fmt.Sprintf("arcs-and-marks marks=%d", m) }
