package arcs

import (
	"math/rand/v2"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// TestBlankFromRecordForms: a blank transcript filled in from the record
// forms of played rounds, without edits, scores as the engines did.
func TestBlankFromRecordForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, players := range [][]string{{"Ann", "Bob"}, {"", "", ""}} {
		var rounds []games.Round
		var values []string
		for r := range players {
			st, err := New(12, players, r%len(players), 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range gamestest.Played(games.Engine[Move](st), rng) {
				values = append(values, m.String())
			}
			rounds = append(rounds, games.Erase(games.Engine[Move](st)))
		}
		gamestest.CheckBlank(t, Game{}, games.Values{"marks": 12}, players, values, rounds...)
	}
}
