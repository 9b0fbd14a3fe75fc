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
	line := func(a, b layout.Point, half float64) func(layout.Point) bool {
		return func(p layout.Point) bool {
			l := a.Dist(b)
			u := layout.Point{X: (b.X - a.X) / l, Y: (b.Y - a.Y) / l}
			s := (p.X-a.X)*u.X + (p.Y-a.Y)*u.Y
			return s > 0 && s < l && math.Abs((p.X-a.X)*u.Y-(p.Y-a.Y)*u.X) < half
		}
	}
	fill(k, 150, line(dot, layout.Point{X: 25, Y: 3}, 0.3))
	fill(k, 150, line(dot, layout.Point{X: 2, Y: 25}, 0.3))
	fill(k, 150, line(layout.Point{X: 15, Y: 15}, layout.Point{X: 28, Y: 28}, 0.3)) // an X
	fill(k, 150, line(layout.Point{X: 15, Y: 28}, layout.Point{X: 28, Y: 15}, 0.3))
	bs := k.Blobs(k.Mask(0.3, 0.8), k.Box, 0.55)
	if len(bs) != 1 {
		t.Fatalf("%d blobs, want the dot only: %+v", len(bs), bs)
	}
	b := bs[0]
	if b.At.Dist(dot) > 0.06 || math.Abs(b.Radius-0.9) > 0.1 || b.Seen > 0.85 || b.Dark < 0.85 {
		t.Errorf("the dot at %v of radius 1: %+v", dot, b)
	}
}
