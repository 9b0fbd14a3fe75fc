package games

import (
	"fmt"

	"papergames/boards"
	"papergames/layout"
)

// PermutationGrid is Leroy Quet's Polygons In Permutation Grid (2008).
type PermutationGrid struct{}

// Info implements Game.
func (PermutationGrid) Info() Info {
	return Info{ID: "permutation-grid", Title: "Polygons In Permutation Grid", Posted: "October 14, 2008",
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "line grid"}
}

// Params implements Game.
func (PermutationGrid) Params() []Param {
	return []Param{{Name: "size", Usage: "lines each way (dots placed: the same number)", Kind: Int, Default: 10, Min: 3, Max: 40}}
}

// Setup implements Game.
func (g PermutationGrid) Setup(v Values, players []string) (*Setup, error) {
	if err := CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("size")
	return &Setup{
		Params:  fmt.Sprintf("%d lines each way, %d dots · triangles score for player 1, polygons of 4 or more sides for player 2", n, n),
		Key:     fmt.Sprintf("permutation-grid size=%d", n),
		Cells:   []layout.Cell{{Figure: boards.LineGrid{N: n}}},
		Rounds:  2,
		PerPage: 1,
	}, nil
}
