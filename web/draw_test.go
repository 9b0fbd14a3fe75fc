package web

import (
	"os"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/layout"
	"papergames/scorer"
)

// TestDrawnFromEngine: the board, drawn from the engine's state
// (Board.Cells), is the picture the scorer's render gives for that round
// played so far, byte for byte, after every move of every example.
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
					got, gs, err := pictureOf(sc, r, roundCells(sc, tr, r))
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
		if compared == 0 {
			t.Errorf("%s: no picture compared", id)
		}
		t.Logf("%s: %d pictures compared", id, compared)
	}
}

// scoredCells draws round r as the scorer's render does: a transcript of
// the header and that round alone, scored; the sheet's empty board when
// the scorer draws none (nothing played).
func scoredCells(sc games.Scorer, t *scorer.Transcript, r games.Round, v games.Values) []layout.Cell {
	text := games.Header(sc, t) + "rounds:\n" + games.Item(r.Record())
	_, d, _ := catalog.ScoreContext(t.Ctx, "round", []byte(text), v)
	if d != nil && len(d.Cells) > 0 {
		return d.Cells
	}
	return sheetCells(sc, t)
}
