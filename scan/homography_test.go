package scan

import (
	"math"
	"math/rand/v2"
	"testing"

	"papergames/layout"
)

func TestFitHomography(t *testing.T) {
	// A page seen at a slant: the map through four corners is exact, its
	// inverse undoes it, and more points with noise are averaged.
	truth := Homography{3.1, 0.4, 120, -0.3, 2.9, 80, 0.0004, -0.0002, 1}
	src := []layout.Point{{X: 0, Y: 0}, {X: 210, Y: 0}, {X: 210, Y: 297}, {X: 0, Y: 297}}
	var dst []layout.Point
	for _, p := range src {
		dst = append(dst, truth.Apply(p))
	}
	h, err := FitHomography(src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	inv := h.Inverse()
	for _, p := range []layout.Point{{X: 10, Y: 10}, {X: 105, Y: 150}, {X: 200, Y: 290}} {
		if d := h.Apply(p).Dist(truth.Apply(p)); d > 1e-6 {
			t.Errorf("at %v: %v, want %v", p, h.Apply(p), truth.Apply(p))
		}
		if d := inv.Apply(h.Apply(p)).Dist(p); d > 1e-6 {
			t.Errorf("the inverse misses %v by %g", p, d)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	src, dst = nil, nil
	for range 40 {
		p := layout.Point{X: 210 * rng.Float64(), Y: 297 * rng.Float64()}
		q := truth.Apply(p)
		src = append(src, p)
		dst = append(dst, layout.Point{X: q.X + rng.NormFloat64()*0.5, Y: q.Y + rng.NormFloat64()*0.5})
	}
	h, err = FitHomography(src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := h.Apply(layout.Point{X: 105, Y: 150}).Dist(truth.Apply(layout.Point{X: 105, Y: 150})); d > 0.5 {
		t.Errorf("40 noisy points: %g pixels off at the centre", d)
	}
	if s := h.Scale(layout.Point{X: 105, Y: 150}); math.Abs(s-3) > 0.5 {
		t.Errorf("scale %g, want about 3", s)
	}
	if _, err := FitHomography(src[:3], dst[:3], nil); err == nil {
		t.Error("three points fit")
	}
	line := []layout.Point{{X: 0, Y: 0}, {X: 1, Y: 1}, {X: 2, Y: 2}, {X: 3, Y: 3}}
	if _, err := FitHomography(line, line, nil); err == nil {
		t.Error("four points in line fit")
	}
}

func TestAlongAndBlob(t *testing.T) {
	k := New(layout.R(0, 0, 20, 20), 8, false)
	// A pencil line from (2, 10) to (18, 10), 0.5 mm wide, and a dot at (10, 4).
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			p := k.Pos(i, j)
			if math.Abs(p.Y-10) < 0.25 && p.X > 2 && p.X < 18 {
				k.Pencil[j*k.W+i] = 140
			}
			if p.Dist(layout.Point{X: 10, Y: 4}) < 0.9 {
				k.Pencil[j*k.W+i] = 200
			}
		}
	}
	on := k.Along([]layout.Point{{X: 3, Y: 10.1}, {X: 17, Y: 10.1}}, 0.3, 0.3)
	off := k.Along([]layout.Point{{X: 3, Y: 12}, {X: 17, Y: 12}}, 0.3, 0.3)
	if on.Cover < 0.95 || off.Cover > 0 || on.Seen != 1 || on.Gap > Step {
		t.Errorf("along the line %+v, beside it %+v", on, off)
	}
	if b, l := k.Blob(layout.Point{X: 10, Y: 4}, 1.2, 8, 6), k.Blob(layout.Point{X: 10, Y: 10}, 1.2, 8, 6); b < 0.5 || l > 0.05 {
		t.Errorf("a dot's evidence %g, a line's through the same disc %g", b, l)
	}
}
