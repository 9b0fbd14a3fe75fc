package games

import (
	"fmt"

	"papergames/boards"
	"papergames/layout"
)

// MakingIntersections is Leroy Quet's Making Intersections (2009).
type MakingIntersections struct{}

// Info implements Game.
func (MakingIntersections) Info() Info {
	return Info{ID: "making-intersections", Title: "Making Intersections", Posted: "April 15, 2009",
		MinPlayers: 2, MaxPlayers: 8, BoardKind: "dot array"}
}

// Params implements Game.
func (MakingIntersections) Params() []Param {
	return []Param{{Name: "size", Usage: "dots along each side", Kind: Int, Default: 8, Min: 2, Max: 30}}
}

// Setup implements Game.
func (g MakingIntersections) Setup(v Values, players []string) (*Setup, error) {
	if err := CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("size")
	return &Setup{
		Params:  fmt.Sprintf("%d-by-%d dots · %d players · offense scores each dot met 3 or 4 times (a segment passing through counts 2)", n, n, len(players)),
		Key:     fmt.Sprintf("making-intersections size=%d", n),
		Cells:   []layout.Cell{{Figure: boards.DotArray{N: n}}},
		Rounds:  len(players),
		PerPage: 1,
	}, nil
}
