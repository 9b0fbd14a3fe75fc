package web

import (
	"os"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
)

// TestDrawnFromEngine: a game that draws a round from its engine's state
// (games.Drawer) draws the picture the scorer's render gives for that
// round, byte for byte, after every move of every example.
func TestDrawnFromEngine(t *testing.T) {
	for id, files := range boardExamples(t) {
		compared := 0
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			sc, tr, err := readBoard(string(data))
			if err != nil {
				t.Fatal(err)
			}
			d, ok := sc.(games.Drawer)
			if !ok {
				continue
			}
			b := sc.(games.Board)
			all, err := games.Replay(b, tr, nil, -1)
			if err != nil {
				t.Fatal(err)
			}
			for k := 0; k <= all.Played(); k++ {
				rp, err := games.Replay(b, tr, nil, k)
				if err != nil {
					t.Fatal(err)
				}
				for i, r := range rp.Rounds {
					cells := d.Cells(r)
					if len(cells) == 0 {
						continue // drawn as the scorer draws it
					}
					got, gs, err := pictureOf(sc, r, cells)
					if err != nil {
						t.Fatal(err)
					}
					want, ws, err := pictureOf(sc, r, scoredCells(sc, tr, r, nil))
					if err != nil {
						t.Fatal(err)
					}
					compared++
					if got != want || gs != ws {
						at := 0
						for at < min(len(got), len(want)) && got[at] == want[at] {
							at++
						}
						t.Fatalf("%s, %s: after %d moves, round %d: the engine's drawing differs from the scorer's (size %g, %g) at byte %d:\n got %.200s\nwant %.200s", id, f, k, i+1, gs, ws, at, got[max(at-60, 0):], want[max(at-60, 0):])
					}
				}
			}
		}
		if _, ok := catalog.Lookup(id); ok == nil {
			t.Logf("%s: %d pictures compared", id, compared)
		}
	}
}
