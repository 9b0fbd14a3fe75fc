package games

import (
	"fmt"

	"papergames/boards"
	"papergames/layout"
)

// CrossDontCross is Leroy Quet's Cross, Don't Cross Circle Game (2008).
type CrossDontCross struct{}

// Info implements Game.
func (CrossDontCross) Info() Info {
	return Info{ID: "cross-dont-cross", Title: "Cross, Don't Cross Circle Game", Posted: "October 8, 2008",
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "circle with degree scale"}
}

// Params implements Game.
func (CrossDontCross) Params() []Param {
	return []Param{{Name: "chords", Usage: "chords the defense draws each round", Kind: Int, Default: 5, Min: 1, Max: 30}}
}

// Setup implements Game.
func (g CrossDontCross) Setup(v Values, players []string) (*Setup, error) {
	if err := CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	m := v.Int("chords")
	return &Setup{
		Params:  fmt.Sprintf("defense draws %d chords · offense: odd moves cross nothing, even moves cross exactly one · fewest offense segments wins", m),
		Key:     fmt.Sprintf("cross-dont-cross chords=%d", m),
		Cells:   []layout.Cell{{Figure: boards.DegreeCircle{}}},
		Rounds:  2,
		PerPage: 1,
	}, nil
}
