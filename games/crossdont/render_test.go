package crossdont

import (
	"math/rand/v2"
	"os"
	"testing"

	"papergames/boards"
	"papergames/games"
	"papergames/games/gamestest"
	"papergames/layout"
	"papergames/scorer"
)

// labelOverlaps draws the round's render cells at size s and counts the
// pairs of the moves' labels (points, segment numbers) whose boxes
// overlap; the board's own degree scale is left out.
func labelOverlaps(t *testing.T, cells []layout.Cell, s float64) (pairs, labels int) {
	t.Helper()
	for _, c := range cells {
		base := &layout.Recorder{}
		boards.DegreeCircle{}.Draw(base, layout.Pt(0, 0), s, layout.Style{Line: 0.3, Guide: layout.Grey})
		scale := map[string]int{}
		for _, op := range base.Pages[0].Ops {
			if op.Kind == "text" {
				scale[op.Text]++
			}
		}
		rec := &layout.Recorder{}
		c.Figure.Draw(rec, layout.Pt(0, 0), s, layout.Style{Line: 0.3, Guide: layout.Grey})
		type box struct {
			x0, y0, x1, y1 float64
			text           string
		}
		var bs []box
		for _, op := range rec.Pages[0].Ops {
			if op.Kind != "text" {
				continue
			}
			if scale[op.Text] > 0 {
				scale[op.Text]--
				continue
			}
			w := layout.TextWidth(op.Text, op.Font)
			x0 := op.At.X
			if op.Align == layout.Center {
				x0 -= w / 2
			}
			bs = append(bs, box{x0, op.At.Y - 0.72*op.Font.Size, x0 + w, op.At.Y + 0.2*op.Font.Size, op.Text})
		}
		labels += len(bs)
		for i := range bs {
			for j := range i {
				a, b := bs[i], bs[j]
				if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 {
					pairs++
					if testing.Verbose() {
						t.Logf("%q and %q overlap", a.text, b.text)
					}
				}
			}
		}
	}
	return pairs, labels
}

// TestDenseLabelsDoNotOverlap: in dense renders (the web board draws at
// about 170 mm, --render on A4) no two labels of points or segment numbers
// overlap (issue 22).
func TestDenseLabelsDoNotOverlap(t *testing.T) {
	src, err := os.ReadFile("../../examples/cross-dont-cross/concurrent-chords.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, d, err := games.Score(Game{}, "c.yaml", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	cells := d.Cells
	// And whole random rounds of five and six chords (ends at multiples
	// of 15 degrees, as the engine draws them).
	rng := rand.New(rand.NewPCG(7, 8))
	for _, m := range []int{5, 5, 6, 6} {
		st := New(m, 1, "Ann", "Bob")
		gamestest.Played(games.Engine[Move](st), rng)
		r := &round{st: st, defense: 1, offense: 0, bad: [2]int{-1, -1}}
		cells = append(cells, r.cell(&scorer.Transcript{Players: []string{"Ann", "Bob"}}))
	}
	for _, s := range []float64{120, 170} {
		if pairs, labels := labelOverlaps(t, cells, s); pairs > 0 {
			t.Errorf("at %g mm: %d pairs of %d labels overlap", s, pairs, labels)
		}
	}
}
