package polydots

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
	rng := rand.New(rand.NewPCG(11, 12))
	players := []string{"Ann", "Bob"}
	n := 8
	var rounds []games.Round
	values := []string{"180x180"} // grid:, as printed above the board
	for r := 0; r < 2; r++ {
		st, err := New(n, players, r, DefaultGrid)
		if err != nil {
			t.Fatal(err)
		}
		var path []string
		for _, m := range gamestest.Played(games.Engine[Move](st), rng) {
			if m.To != 0 {
				path = append(path, m.String())
			} else {
				values = append(values, m.String())
			}
		}
		values = append(values, strings.Join(path, " "))
		rounds = append(rounds, games.Erase(games.Engine[Move](st)))
	}
	gamestest.CheckBlank(t, Game{}, games.Values{"dots": n}, players, values, rounds...)
}
