package scan

import (
	"math"
	"math/rand/v2"
	"testing"

	"papergames/layout"
)

// paint fills an ink by f(p) in 0..1, with noise of the given spread.
func paint(box layout.Rect, noise float64, f func(p layout.Point) float64) *Ink {
	k := New(box, 8, false)
	rng := rand.New(rand.NewPCG(3, 4))
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			v := f(k.Pos(i, j)) + noise*rng.NormFloat64()
			k.Pencil[j*k.W+i] = uint8(math.Round(255 * math.Min(1, math.Max(0, v))))
		}
	}
	return k
}

func TestStripe(t *testing.T) {
	box := layout.R(0, 0, 30, 20)
	// A shadow darkening the paper from 0 at x=0 to 0.3 at x=30, and the
	// grain of a phone's photo.
	shadow := func(p layout.Point) float64 { return 0.3 * p.X / 30 }
	line := func(y0, x0, x1 float64) func(p layout.Point) float64 {
		return func(p layout.Point) float64 {
			v := shadow(p)
			if math.Abs(p.Y-y0) < 0.25 && p.X >= x0 && p.X <= x1 {
				v += 0.35
			}
			return v
		}
	}
	a, b := layout.Point{X: 3, Y: 10}, layout.Point{X: 27, Y: 10}
	for _, tc := range []struct {
		name             string
		f                func(p layout.Point) float64
		cover, contrast  [2]float64 // bounds
		offset           float64
		thresh           float64
		cut              bool // a band of print across the path
		seenAtMost       float64
		wantOffsetWithin float64
	}{
		{"blank paper under a shadow", shadow, [2]float64{0, 0.02}, [2]float64{-0.03, 0.03}, 0, 0.12, false, 1, 1},
		{"a line the whole way", line(10, 0, 30), [2]float64{0.97, 1}, [2]float64{0.25, 0.4}, 0, 0.12, false, 1, 0.2},
		{"a line 0.5 mm off the path", line(10.5, 0, 30), [2]float64{0.97, 1}, [2]float64{0.25, 0.4}, 0.5, 0.12, false, 1, 0.2},
		{"a line a third of the way", line(10, 0, 11), [2]float64{0.3, 0.37}, [2]float64{0.08, 0.16}, 0, 0.12, false, 1, 0.2},
		{"a line 2 mm beside the path", line(12, 0, 30), [2]float64{0, 0.02}, [2]float64{-0.03, 0.05}, 0, 0.12, false, 1, 1},
		{"a line crossing the path", func(p layout.Point) float64 {
			v := shadow(p)
			if math.Abs(p.X-15) < 0.25 {
				v += 0.35
			}
			return v
		}, [2]float64{0, 0.05}, [2]float64{-0.03, 0.03}, 0, 0.12, false, 1, 1},
		{"a line with print across it", line(10, 0, 30), [2]float64{0.97, 1}, [2]float64{0.25, 0.4}, 0, 0.12, true, 0.85, 0.2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := paint(box, 0.03, tc.f)
			if tc.cut {
				for j := 0; j < k.H; j++ {
					for i := 0; i < k.W; i++ {
						if p := k.Pos(i, j); p.X > 14 && p.X < 18 {
							k.Print[j*k.W+i] = 255
						}
					}
				}
			}
			s := k.Stripe(a, b, 2)
			c := s.Cover(tc.thresh)
			if c < tc.cover[0] || c > tc.cover[1] || s.Contrast < tc.contrast[0] || s.Contrast > tc.contrast[1] || s.Seen > tc.seenAtMost {
				t.Errorf("cover %.3f, contrast %.3f, seen %.2f; want cover in %v, contrast in %v, seen at most %g", c, s.Contrast, s.Seen, tc.cover, tc.contrast, tc.seenAtMost)
			}
			if math.Abs(s.Offset-tc.offset) > tc.wantOffsetWithin {
				t.Errorf("offset %.3f, want %.2f", s.Offset, tc.offset)
			}
		})
	}
	// The path's direction only flips the offset's sign.
	k := paint(box, 0.03, line(10.5, 0, 30))
	if s := k.Stripe(b, a, 2); math.Abs(s.Offset+0.5) > 0.2 {
		t.Errorf("reversed: offset %.3f, want -0.5", s.Offset)
	}
	if s := k.Stripe(a, a, 2); s.Seen != 0 || len(s.Line) != 0 || s.Cover(0.1) != 0 {
		t.Errorf("an empty path: %+v", s)
	}
}

func TestStripeRuns(t *testing.T) {
	nan := math.NaN()
	s := Stripe{PerMM: 2, Line: []float64{0.3, 0.3, 0, 0.3, nan, nan, 0.3, 0, 0, 0, 0, 0.3, 0.01}}
	got := s.Runs(0.1, 1)
	want := []Run{{0, 3.5}, {5.5, 6}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("runs %v, want %v", got, want)
	}
	if r := s.Runs(0.5, 1); len(r) != 0 {
		t.Errorf("no step reaches 0.5: %v", r)
	}
}
