package rings

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/boards"
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

// TestBlankPrintedCuts: a blank transcript for a sheet with random cuts
// has each round's cuts filled in from its copy, and the sheet's board
// id; filled in with the segments alone, it scores as the engines did.
func TestBlankPrintedCuts(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	players := []string{"Ann", "Bob"}
	const n, seed = 5, 11
	v := games.Values{"circles": n, "random-dividers": true, "seed": seed}
	var rounds []games.Round
	var values []string
	for r := range 3 {
		st, err := New(n, players, r%2, games.Values{})
		if err != nil {
			t.Fatal(err)
		}
		for j, cs := range RandomCopy(n, seed, r) {
			for _, a := range cs {
				m, err := st.Parse(fmt.Sprintf("%d:%s", j+1, boards.FormatAngle(a)))
				if err == nil {
					err = st.Play(m)
				}
				if err != nil {
					t.Fatalf("round %d, cut %d:%v: %v", r+1, j+1, a, err)
				}
			}
		}
		for _, m := range gamestest.Played(games.Engine[Move](st), rng) {
			if m.Kind != Cut && m.Kind != Done {
				values = append(values, m.A.String()+" "+m.B.String())
			}
		}
		rounds = append(rounds, games.Erase(games.Engine[Move](st)))
	}
	blank := Game{}.Blank(v, players, 3)
	for r := range 3 {
		_, key, err := Game{}.board(v, r)
		if err != nil {
			t.Fatal(err)
		}
		if r > 0 && !strings.Contains(blank, "board "+games.BoardID(key)) {
			t.Errorf("the blank does not name round %d's board %s:\n%s", r+1, games.BoardID(key), blank)
		}
	}
	gamestest.CheckBlank(t, Game{}, v, players, values, rounds...)
}
