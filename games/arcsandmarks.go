package games

import (
	"fmt"

	"papergames/boards"
	"papergames/layout"
)

// ArcsAndMarks is Leroy Quet's Arcs And Marks (2010).
type ArcsAndMarks struct{}

// Info implements Game.
func (ArcsAndMarks) Info() Info {
	return Info{ID: "arcs-and-marks", Title: "Arcs And Marks", Posted: "February 25, 2010",
		MinPlayers: 2, MaxPlayers: 12, BoardKind: "circle with numbered marks"}
}

// Params implements Game.
func (ArcsAndMarks) Params() []Param {
	return []Param{{Name: "marks", Usage: "number of evenly spaced marks on the circle", Kind: Int, Default: 12, Min: 3, Max: 360}}
}

// Setup implements Game.
func (g ArcsAndMarks) Setup(v Values, players []string) (*Setup, error) {
	if err := CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	m := v.Int("marks")
	s := &Setup{
		Params:  fmt.Sprintf("%d marks · %d players · %d moves a round, one arc centred on each mark", m, len(players), m),
		Key:     fmt.Sprintf("arcs-and-marks marks=%d", m),
		Cells:   []layout.Cell{{Figure: boards.MarkedCircle{Marks: m}}},
		Rounds:  len(players),
		PerPage: 1,
	}
	if m%len(players) != 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("--marks %d is not a multiple of %d players: the players will not all draw the same number of arcs", m, len(players)))
	}
	return s, nil
}
