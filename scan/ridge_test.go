package scan

import (
	"image/color"
	"math"
	"testing"

	"papergames/layout"
)

// paintOn sets the pencil of every sample of k where in holds, multiplied
// into what is there (graphite over shading darkens it further).
func paintOn(k *Ink, dark float64, in func(p layout.Point) bool) {
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			if n := j*k.W + i; in(k.Pos(i, j)) {
				v := float64(k.Pencil[n]) / 255
				k.Pencil[n] = uint8(math.Round(255 * (1 - (1-v)*(1-dark))))
			}
		}
	}
}

func TestRidges(t *testing.T) {
	k := New(layout.R(0, 0, 30, 20), 8, false)
	// A shaded band (x 10 to 20), a pencil line along y = 5 across it
	// all, and a printed line along y = 15.
	paintOn(k, 0.6, func(p layout.Point) bool { return p.X >= 10 && p.X < 20 })
	paintOn(k, 0.4, func(p layout.Point) bool { return math.Abs(p.Y-5) < 0.25 && p.X > 2 && p.X < 28 })
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			if math.Abs(k.Pos(i, j).Y-15) < 0.3 {
				k.Print[j*k.W+i] = 255
			}
		}
	}
	r := k.Ridges(layout.Rect{}, 0.8)
	for _, tc := range []struct {
		p      layout.Point
		lo, hi float64
		known  bool
		what   string
	}{
		{layout.Pt(5, 5), 0.35, 0.45, true, "the line on paper"},
		{layout.Pt(15, 5), 0.35, 0.45, true, "the line over the shading: its own darkness"},
		{layout.Pt(15, 9), 0, 0.02, true, "the shading"},
		{layout.Pt(10.05, 9), 0, 0.02, true, "the shading's edge"},
		{layout.Pt(5, 9), 0, 0.02, true, "the paper"},
		{layout.Pt(5, 15), 0, 0, false, "the print"},
	} {
		v, ok := r.At(tc.p)
		if ok != tc.known || v < tc.lo || v > tc.hi {
			t.Errorf("%s at %v: %.3f %v, want %.2f to %.2f %v", tc.what, tc.p, v, ok, tc.lo, tc.hi, tc.known)
		}
	}
	on := r.Centred([]layout.Point{{X: 3, Y: 5.1}, {X: 27, Y: 5.1}}, 0.8, 0.3, 0.1)
	beside := r.Centred([]layout.Point{{X: 3, Y: 5.45}, {X: 27, Y: 5.45}}, 0.8, 0.3, 0.1)
	flank := r.Along([]layout.Point{{X: 3, Y: 5.45}, {X: 27, Y: 5.45}}, 0.3, 0.1)
	if on.Cover < 0.98 || on.Gap > Step || beside.Cover > 0.02 || flank.Cover < 0.98 {
		t.Errorf("Centred on the line %+v, half a mm beside it %+v (Along there %+v)", on, beside, flank)
	}
	// A line crossing near the path does not hide the path's own.
	paintOn(k, 0.7, func(p layout.Point) bool { return math.Abs(p.X-p.Y-1) < 0.3 })
	r = k.Ridges(layout.Rect{}, 0.8)
	if tr := r.Centred([]layout.Point{{X: 3, Y: 5.1}, {X: 27, Y: 5.1}}, 0.8, 0.3, 0.1); tr.Cover < 0.98 {
		t.Errorf("a line crossed: %+v", tr)
	}
	// Only inside the box asked for.
	part := k.Ridges(layout.R(0, 0, 10, 20), 0.8)
	if _, ok := part.At(layout.Pt(15, 5)); ok {
		t.Error("a ridge outside the box is known")
	}
}

// A pencil line through a printed digit: where the print hides the
// path, the line's peak may be under it, and no gap is counted there,
// though a sliver beside the path still shows paper.
func TestCentredThroughPrint(t *testing.T) {
	k := New(layout.R(0, 0, 30, 10), 8, false)
	paintOn(k, 0.4, func(p layout.Point) bool { return math.Abs(p.Y-5) < 0.25 && p.X > 2 && p.X < 28 })
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			if p := k.Pos(i, j); p.X > 12 && p.X < 16 && p.Y > 4.75 && p.Y < 6 {
				k.Print[j*k.W+i] = 255
			}
		}
	}
	r := k.Ridges(layout.Rect{}, 0.8)
	tr := r.Centred([]layout.Point{{X: 3, Y: 5}, {X: 27, Y: 5}}, 0.8, 0.3, 0.1)
	if tr.Cover < 0.98 || tr.Gap > Step || tr.Seen > 0.9 {
		t.Errorf("through the print: %+v", tr)
	}
}

func TestTint(t *testing.T) {
	k := New(layout.R(0, 0, 20, 20), 8, true)
	blue := color.RGBA{70, 110, 210, 255}
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			n := j*k.W + i
			k.Colour[n] = color.RGBA{255, 255, 255, 255}
			if p := k.Pos(i, j); p.X < 10 {
				k.Colour[n] = blue
				k.Pencil[n] = 150
				if math.Abs(p.Y-5) < 0.3 { // a line across: left out by the median
					k.Colour[n] = color.RGBA{20, 20, 20, 255}
					k.Pencil[n] = 240
				}
			}
		}
	}
	a := k.Tint(layout.R(0, 0, 10, 20), nil)
	want := [3]float64{-math.Log(70.0 / 255), -math.Log(110.0 / 255), -math.Log(210.0 / 255)}
	for x := range want {
		if math.Abs(a.Absorb[x]-want[x]) > 1e-9 {
			t.Errorf("absorbance %v, want %v", a.Absorb, want)
		}
	}
	if !a.Colour || a.Dark != 150.0/255 || math.Abs(a.Density()-math.Sqrt(want[0]*want[0]+want[1]*want[1]+want[2]*want[2])/math.Sqrt(3)) > 1e-9 {
		t.Errorf("tint %+v, density %g", a, a.Density())
	}
	bare := k.Tint(layout.R(10, 0, 10, 20), nil)
	if bare.Density() != 0 || bare.Seen == 0 {
		t.Errorf("bare paper: %+v", bare)
	}
	half := k.Tint(layout.R(0, 0, 20, 20), func(p layout.Point) bool { return p.X > 15 })
	if half.Seen != 5*8*20*8 || half.Density() != 0 {
		t.Errorf("the region's samples only: %+v", half)
	}
	grey := New(layout.R(0, 0, 5, 5), 8, false)
	for n := range grey.Pencil {
		grey.Pencil[n] = 128
	}
	if g := grey.Tint(layout.R(0, 0, 5, 5), nil); g.Colour || math.Abs(g.Density()+math.Log(1-128.0/255)) > 1e-9 {
		t.Errorf("a grey scan: %+v, density %g", g, g.Density())
	}
}
