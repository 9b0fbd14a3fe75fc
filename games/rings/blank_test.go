package rings

import (
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// TestBlankFromRecordForms: a blank transcript filled in from the record
// forms of played rounds (each ring's cut angles on its line, each
// segment's two ends), without edits, scores as the engines did.
func TestBlankFromRecordForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	players := []string{"Ann", "Bob", "Cy"}
	n := 5
	var rounds []games.Round
	var values []string
	for r := range players {
		st, err := New(n, players, r, games.Values{})
		if err != nil {
			t.Fatal(err)
		}
		cuts := make([][]string, n)
		var segs []string
		for _, m := range gamestest.Played(games.Engine[Move](st), rng) {
			switch m.Kind {
			case Cut:
				cuts[m.Ring] = append(cuts[m.Ring], strings.SplitN(m.String(), ":", 2)[1])
			case Done:
			default:
				segs = append(segs, m.A.String()+" "+m.B.String())
			}
		}
		for j := 1; j < n; j++ {
			values = append(values, strings.Join(cuts[j], " "))
		}
		values = append(values, segs...)
		rounds = append(rounds, games.Erase(games.Engine[Move](st)))
	}
	gamestest.CheckBlank(t, Game{}, games.Values{"circles": n}, players, values, rounds...)
}
