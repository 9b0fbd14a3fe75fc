package scan

import (
	"math"
	"math/rand/v2"
	"testing"

	"papergames/layout"
)

// TestInsideBrute holds the distance transform to the nearest outside
// sample found by trying every one (the border outside too).
func TestInsideBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		w, h := 1+rng.IntN(14), 1+rng.IntN(14)
		mask := make([]bool, w*h)
		fill := rng.Float64()
		for n := range mask {
			mask[n] = rng.Float64() < fill
		}
		got := Inside(mask, w, h)
		for j := range h {
			for i := range w {
				want := int32(math.MaxInt32)
				if !mask[j*w+i] {
					want = 0
				}
				for jj := -1; jj <= h; jj++ {
					for ii := -1; ii <= w; ii++ {
						out := ii < 0 || jj < 0 || ii >= w || jj >= h || !mask[jj*w+ii]
						if out {
							want = min(want, int32((ii-i)*(ii-i)+(jj-j)*(jj-j)))
						}
					}
				}
				if got[j*w+i] != want {
					t.Fatalf("trial %d, %dx%d, (%d, %d): %d, want %d", trial, w, h, i, j, got[j*w+i], want)
				}
			}
		}
	}
}

// paint darkens the samples of k for which in is true.
func fill(k *Ink, v uint8, in func(p layout.Point) bool) {
	for j := range k.H {
		for i := range k.W {
			if in(k.Pos(i, j)) {
				k.Pencil[j*k.W+i] = max(k.Pencil[j*k.W+i], v)
			}
		}
	}
}

// TestMaskUnderPrint: pencil across a printed line goes on under it; pencil
// beside it does not spread over it.
func TestMaskUnderPrint(t *testing.T) {
	k := New(layout.R(0, 0, 20, 20), 8, false)
	for j := range k.H {
		for i := range k.W {
			if p := k.Pos(i, j); math.Abs(p.X-10) < 0.3 {
				k.Print[j*k.W+i] = 255
			}
		}
	}
	fill(k, 200, func(p layout.Point) bool { return math.Abs(p.Y-5) < 0.25 })                 // across the print
	fill(k, 200, func(p layout.Point) bool { return math.Abs(p.X-10.55) < 0.25 && p.Y > 12 }) // beside it
	m := k.Mask(0.3, 0.8)
	at := func(x, y float64) bool { n, _ := k.index(layout.Point{X: x, Y: y}); return m[n] }
	if !at(10, 5) || !at(9.8, 5.1) {
		t.Error("the line across the print is cut under it")
	}
	if at(10, 15) || at(10.2, 15) {
		t.Error("the line beside the print spreads over it")
	}
	if !at(10.6, 15) || at(10, 2) {
		t.Error("the pencil outside the print is not as drawn")
	}
}

// TestBlobs: a dot is found at its centre with its size, even with a
// printed line through it and pencil lines drawn to it; two lines crossing
// and a line alone hold no blob.
func TestBlobs(t *testing.T) {
	k := New(layout.R(0, 0, 30, 30), 8, false)
	for j := range k.H {
		for i := range k.W {
			if p := k.Pos(i, j); math.Abs(p.X-10.5) < 0.3 {
				k.Print[j*k.W+i] = 255
			}
		}
	}
	dot := layout.Point{X: 10.2, Y: 8.1}
	fill(k, 230, func(p layout.Point) bool { return p.Dist(dot) < 1.0 })
	fill(k, 150, segment(dot, layout.Point{X: 25, Y: 3}, 0.3))
	fill(k, 150, segment(dot, layout.Point{X: 2, Y: 25}, 0.3))
	fill(k, 150, segment(layout.Point{X: 15, Y: 15}, layout.Point{X: 28, Y: 28}, 0.3)) // an X
	fill(k, 150, segment(layout.Point{X: 15, Y: 28}, layout.Point{X: 28, Y: 15}, 0.3))
	bs := k.Blobs(k.Mask(0.3, 0.8), k.Box, 0.55)
	if len(bs) != 1 {
		t.Fatalf("%d blobs, want the dot only: %+v", len(bs), bs)
	}
	b := bs[0]
	if b.At.Dist(dot) > 0.06 || math.Abs(b.Radius-0.9) > 0.1 || b.Seen > 0.85 || b.Dark < 0.85 {
		t.Errorf("the dot at %v of radius 1: %+v", dot, b)
	}
}

// segment returns whether p is within half of the segment ab.
func segment(a, b layout.Point, half float64) func(layout.Point) bool {
	return func(p layout.Point) bool {
		l := a.Dist(b)
		u := layout.Point{X: (b.X - a.X) / l, Y: (b.Y - a.Y) / l}
		s := (p.X-a.X)*u.X + (p.Y-a.Y)*u.Y
		return s > 0 && s < l && math.Abs((p.X-a.X)*u.Y-(p.Y-a.Y)*u.X) < half
	}
}

// TestFitRim: the rim of a dot with two lines drawn from it, half of it
// under a printed line: the lines are left out of the circle, the print's
// side is not fitted.
func TestFitRim(t *testing.T) {
	k := New(layout.R(0, 0, 20, 20), 8, false)
	c := layout.Point{X: 9.93, Y: 10.06}
	fill(k, 220, func(p layout.Point) bool { return p.Dist(c) < 1.1 })
	fill(k, 150, segment(c, layout.Point{X: 19, Y: 12}, 0.25))
	fill(k, 150, segment(c, layout.Point{X: 3, Y: 18}, 0.25))
	mask := k.Mask(0.3, 0.8)
	f, ok := k.FitRim(mask, layout.Point{X: 10.3, Y: 9.8}, 0.3)
	if !ok || f.C.Dist(c) > 0.08 || math.Abs(f.R-1.1) > 0.12 || f.Round < 0.6 || f.Lines != 2 {
		t.Errorf("dot at %v, radius 1.1: %+v ok %v", c, f, ok)
	}
	// Two lines crossing: no round rim.
	k = New(layout.R(0, 0, 20, 20), 8, false)
	fill(k, 150, segment(layout.Point{X: 2, Y: 2}, layout.Point{X: 18, Y: 18}, 0.3))
	fill(k, 150, segment(layout.Point{X: 2, Y: 18}, layout.Point{X: 18, Y: 2}, 0.3))
	if f, ok := k.FitRim(k.Mask(0.3, 0.8), layout.Point{X: 10, Y: 10}, 0.3); ok && f.Round > 0.5 && f.R > 0.6 {
		t.Errorf("a crossing fitted as a dot: %+v", f)
	}
}

// TestFlat: the paper's grey ramp (a shadow) is taken out, the pencil on
// it kept.
func TestFlat(t *testing.T) {
	k := New(layout.R(0, 0, 40, 20), 8, false)
	dot := layout.Point{X: 30, Y: 10}
	for j := range k.H {
		for i := range k.W {
			p := k.Pos(i, j)
			v := 0.3 * p.X / 40 // the shadow
			if p.Dist(dot) < 1 {
				v = 0.3 + 0.7*0.6 // pencil of 0.6 on paper of 0.3
			}
			k.Pencil[j*k.W+i] = uint8(math.Round(255 * v))
		}
	}
	f := k.Flat(2)
	if v, _ := f.At(layout.Point{X: 35, Y: 4}); v > 0.03 {
		t.Errorf("the shadowed paper reads %.2f after Flat, want about 0", v)
	}
	if v, _ := f.At(dot); math.Abs(v-0.6) > 0.05 {
		t.Errorf("the dot reads %.2f after Flat, want 0.6", v)
	}
	if v, _ := k.At(layout.Point{X: 35, Y: 4}); v < 0.2 {
		t.Errorf("Flat changed its ink: %.2f", v)
	}
}

// TestCovered: a line measured along itself, beside itself, and across a
// gap in it and under a printed line.
func TestCovered(t *testing.T) {
	k := New(layout.R(0, 0, 40, 20), 8, false)
	a, b := layout.Point{X: 2, Y: 10}, layout.Point{X: 38, Y: 10.5}
	line := segment(a, b, 0.25)
	fill(k, 160, func(p layout.Point) bool { return line(p) && (p.X < 15 || p.X > 19) }) // a 4 mm gap
	for j := range k.H {
		for i := range k.W {
			if p := k.Pos(i, j); math.Abs(p.X-30) < 0.2 {
				k.Print[j*k.W+i] = 255
			}
		}
	}
	mask := k.Mask(0.3, 0.8)
	on := k.Covered(mask, []layout.Point{a, b}, 0.35)
	if on.Seen < 0.95 || math.Abs(on.Cover-32.0/36) > 0.03 || math.Abs(on.Gap-4) > 0.3 {
		t.Errorf("along the line: %+v; want cover %.2f, a gap of 4 mm", on, 32.0/36)
	}
	off := k.Covered(mask, []layout.Point{{X: 2, Y: 12}, {X: 38, Y: 12.5}}, 0.35)
	if off.Cover > 0.02 || off.Gap < 30 {
		t.Errorf("beside the line: %+v", off)
	}
}
