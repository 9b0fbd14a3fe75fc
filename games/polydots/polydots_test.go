package polydots

import (
	"testing"

	"papergames/games/gamestest"
)

func FuzzScorePolygonsAndDots(f *testing.F) { gamestest.Fuzz(f, Game{}) }
