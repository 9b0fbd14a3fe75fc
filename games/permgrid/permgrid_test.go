package permgrid

import (
	"testing"

	"papergames/games/gamestest"
)

func FuzzScorePermutationGrid(f *testing.F) { gamestest.Fuzz(f, Game{}) }
