package games

import (
	"fmt"

	"papergames/boards"
	"papergames/layout"
)

// WithinTheCurve is Leroy Quet's Within The Curve (2008).
type WithinTheCurve struct{}

// Info implements Game.
func (WithinTheCurve) Info() Info {
	return Info{ID: "within-the-curve", Title: "Within The Curve", Posted: "October 28, 2008",
		MinPlayers: 2, MaxPlayers: 6, BoardKind: "cell grids, players squared"}
}

// Params implements Game.
func (WithinTheCurve) Params() []Param {
	return []Param{{Name: "size", Usage: "cells along each side of a grid", Kind: Int, Default: 12, Min: 4, Max: 40}}
}

// Setup implements Game: m players need m*m grids, one for each pair of
// curve owner and filler.
func (g WithinTheCurve) Setup(v Values, players []string) (*Setup, error) {
	if err := CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("size")
	m := len(players)
	s := &Setup{
		Params:  fmt.Sprintf("%d-by-%d grids · %d players, %d grids · score: the sum of your top inside numbers", n, n, m, m*m),
		Key:     fmt.Sprintf("within-the-curve size=%d players=%d", n, m),
		Rounds:  1,
		PerPage: 4,
	}
	for owner := 0; owner < m; owner++ {
		for filler := 0; filler < m; filler++ {
			s.Cells = append(s.Cells, layout.Cell{
				Figure:  boards.CellGrid{N: n},
				Caption: fmt.Sprintf("curve of %s · filled by %s", seatName(players, owner), seatName(players, filler)),
			})
		}
	}
	return s, nil
}
