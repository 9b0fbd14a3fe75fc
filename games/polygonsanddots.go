package games

import (
	"papergames/boards"
	"papergames/layout"
)

// PolygonsAndDots is Leroy Quet's Polygons-&-Dots (2008).
type PolygonsAndDots struct{}

// Info implements Game.
func (PolygonsAndDots) Info() Info {
	return Info{ID: "polygons-and-dots", Title: "Polygons-&-Dots", Posted: "September 19, 2008",
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "millimetre coordinate sheet"}
}

// Params implements Game.
func (PolygonsAndDots) Params() []Param { return nil }

// Setup implements Game.
func (PolygonsAndDots) Setup(v Values, players []string) (*Setup, error) {
	return &Setup{
		Params:  "2 players · dots written as (x, y) in mm from the bottom left corner · odd-sided polygons score for player 1, even for player 2",
		Key:     "polygons-and-dots",
		Cells:   []layout.Cell{{Figure: boards.MMSheet{}}},
		Rounds:  2,
		PerPage: 1,
	}, nil
}
