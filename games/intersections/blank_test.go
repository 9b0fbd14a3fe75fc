package intersections

import (
	"math/rand/v2"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// TestBlankFromRecordForms: a blank transcript filled in from the record
// forms of played rounds, without edits, scores as the engines did.
func TestBlankFromRecordForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	players := []string{"Ann", "Bob", "Cy"}
	n, m := 5, 9
	var rounds []games.Round
	var values []string
	for r := range players {
		st, err := New(n, m, players, r)
		if err != nil {
			t.Fatal(err)
		}
		played := gamestest.Played(games.Engine[Move](st), rng)
		for k := 0; k < m; k++ {
			v := ""
			if k < len(played) {
				v = played[k].String()
			}
			values = append(values, v)
		}
		rounds = append(rounds, games.Erase(games.Engine[Move](st)))
	}
	gamestest.CheckBlank(t, Game{}, games.Values{"size": n, "segments": m}, players, values, rounds...)
}
