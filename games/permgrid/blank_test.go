package permgrid

import (
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// TestBlankFromRecordForms: a blank transcript filled in from the record
// forms of played rounds, without edits, scores as the engines did.
func TestBlankFromRecordForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	players := []string{"Ann", "Bob"}
	var rounds []games.Round
	var values []string
	for r := 0; r < 2; r++ {
		st, err := New(10, players, r)
		if err != nil {
			t.Fatal(err)
		}
		var dots []string
		for _, m := range gamestest.Played(games.Engine[Move](st), rng) {
			dots = append(dots, m.String())
		}
		values = append(values, strings.Join(dots, " "))
		rounds = append(rounds, games.Erase(games.Engine[Move](st)))
	}
	gamestest.CheckBlank(t, Game{}, games.Values{"size": 10}, players, values, rounds...)
}
