package crossdont

import (
	"math/rand/v2"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// TestBlankFromRecordForms: a blank transcript filled in from the record
// forms of played rounds, without edits (rows not played left blank),
// scores as the engines did.
func TestBlankFromRecordForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	players := []string{"Ann", "Bob"}
	for _, m := range []int{2, 3, 5} {
		var rounds []games.Round
		var values []string
		for r := 0; r < 2; r++ {
			st := New(m, (r+1)%2, players...)
			played := gamestest.Played(games.Engine[Move](st), rng)
			slots := m + max(20, 8*m)
			if len(played) > slots {
				t.Skipf("%d moves: more than the form's %d rows", len(played), slots)
			}
			for _, mv := range played {
				values = append(values, mv.String())
			}
			for k := len(played); k < slots; k++ {
				values = append(values, "")
			}
			rounds = append(rounds, games.Erase(games.Engine[Move](st)))
		}
		gamestest.CheckBlank(t, Game{}, games.Values{"chords": m}, players, values, rounds...)
	}
}
