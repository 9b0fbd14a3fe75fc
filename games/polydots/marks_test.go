package polydots

import (
	"math"
	"testing"

	"papergames/layout"
	"papergames/scan"
)

// A small pencil dot whose rim is round is a sure dot, even where the
// path goes on through it nearly straight (a line seems to run through
// it); a round blob as small on a crossing of two lines is not.
func TestSmallRoundDot(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []float64 // directions of the lines through the dot, degrees
		sure  bool
	}{
		{"the path straight on through it", []float64{0}, true},
		{"the path turning at it", []float64{0, 50}, true},
		{"two lines crossing", []float64{0, 90, 180, 270}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := layout.Pt(20, 20)
			k := scan.New(layout.R(0, 0, 40, 40), 12, false)
			for j := 0; j < k.H; j++ {
				for i := 0; i < k.W; i++ {
					p := k.Pos(i, j)
					on := p.Dist(c) <= 0.78
					for _, d := range tc.lines {
						a := d * math.Pi / 180
						// A ruled line from the dot outwards, 0.5 mm wide,
						// and back the other way when only one is given.
						for _, s := range []float64{1, -1} {
							if s < 0 && len(tc.lines) > 1 {
								continue
							}
							u := layout.Pt(c.X+s*15*math.Cos(a), c.Y+s*15*math.Sin(a))
							on = on || distSeg(p, c, u) <= 0.25
						}
					}
					if on {
						k.Pencil[j*k.W+i] = 150
					}
				}
			}
			ink, level, thr, mask := prepare(k)
			var got *mark
			for _, m := range findMarks(ink, mask, thr, level, layout.R(1, 1, 39, 39)) {
				if m.at.Dist(c) < 0.5 {
					got = &m
				}
			}
			if got == nil {
				t.Fatal("the dot is not found")
			}
			if got.sure != tc.sure {
				t.Errorf("sure %v (radius %.2f, %.0f%% round, lines through %d), want %v", got.sure, got.r, 100*got.round, got.through, tc.sure)
			}
		})
	}
}
