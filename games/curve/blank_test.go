package curve

import (
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// gridRows returns, in order, the rows of every grid of a transcript or
// record (the lines after each "rows: |"), and the curve/filler lines.
func gridRows(src string, n int) (rows []string, who []string) {
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		switch {
		case strings.HasPrefix(t, "- curve:"), strings.HasPrefix(t, "filler:"):
			who = append(who, strings.TrimPrefix(t, "- "))
		case t == "rows: |":
			rows = append(rows, lines[i+1:i+1+n]...)
			i += n
		}
	}
	return rows, who
}

// TestBlankFromGrids: Within The Curve's grids are its record. A blank
// transcript with each grid copied off the sheet row by row, without other
// edits (the curves are read from the grids' brackets), scores as the
// engine did, over rounds whose loops touch themselves and do not.
func TestBlankFromGrids(t *testing.T) {
	players := []string{"Ann", "Bob", "Cy"}
	n := 8
	touching := 0
	for seed := uint64(13); seed < 33; seed++ {
		rng := rand.New(rand.NewPCG(seed, 14))
		st, err := New(n, players)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range gamestest.Played(games.Engine[Move](st), rng) {
			if m.Kind == Curve {
				set := map[Cell]bool{}
				for _, c := range m.Loop {
					set[c] = true
				}
				if walk(set) == nil {
					touching++
				}
			}
		}
		blank := Game{}.Blank(games.Values{"size": n}, players, 1)
		if strings.Contains(blank, "curves:\n") {
			t.Fatalf("the blank transcript asks for the curves, which the grids give:\n%s", blank)
		}
		want, whoW := gridRows(st.Record(), n)
		have, whoH := gridRows(blank, n)
		if len(want) != len(have) || strings.Join(whoW, ",") != strings.Join(whoH, ",") {
			t.Fatalf("the blank lays out grids %v, the round has %v", whoH, whoW)
		}
		lines := strings.Split(blank, "\n")
		k := 0
		for i, l := range lines {
			if k < len(have) && l == have[k] && strings.Trim(l, ". ") == "" {
				indent := l[:len(l)-len(strings.TrimLeft(l, " "))]
				lines[i] = indent + strings.TrimSpace(want[k])
				k++
			}
		}
		src := strings.Join(lines, "\n")
		res, _, err := games.Score(Game{}, "filled.yaml", []byte(src), games.Values{})
		if err != nil {
			t.Fatalf("seed %d: refused: %v\n%s", seed, err, src)
		}
		if got := res.Rounds[0].Scores; len(got) != 3 || got[0] != st.Scores()[0] || got[1] != st.Scores()[1] || got[2] != st.Scores()[2] {
			t.Errorf("seed %d: scored %v, the engine %v", seed, got, st.Scores())
		}
	}
	if touching == 0 {
		t.Error("no loop touched itself: the order from the grids' numbers went untested")
	}
}
