package scan

import (
	"math"
	"testing"

	"papergames/layout"
)

// Under a shadow's edge, the paper reads as pencil of 0.3 on one side:
// flattened, the paper reads blank on both sides, while a line drawn
// across the edge and a shaded disc keep their darkness.
func TestFlatten(t *testing.T) {
	k := New(layout.R(0, 0, 60, 40), 8, false)
	line := func(p layout.Point) bool { return math.Abs(p.Y-20) < 0.3 && p.X > 5 && p.X < 55 }
	disc := func(p layout.Point) bool { return p.Dist(layout.Pt(15, 30)) < 1.6 }
	for j := range k.H {
		for i := range k.W {
			p := k.Pos(i, j)
			n := j*k.W + i
			v := 0.0
			if p.X < 30 {
				v = 0.3 // the shadow
			}
			if line(p) || disc(p) {
				v = v + (1-v)*0.6
			}
			k.Pencil[n] = uint8(math.Round(255 * v))
			if math.Abs(p.X-45) < 0.2 { // a printed line
				k.Print[n], k.Pencil[n] = 255, 0
			}
		}
	}
	f := k.Flatten(2, 2)
	for j := range k.H {
		for i := range k.W {
			p := k.Pos(i, j)
			v, ok := f.At(p)
			switch {
			case !ok:
				if math.Abs(p.X-45) >= 0.2 {
					t.Fatalf("at %v: not seen", p)
				}
			case (line(p) || disc(p)) && math.Abs(p.X-30) > 4:
				if math.Abs(v-0.6) > 0.03 {
					t.Fatalf("at %v: stroke darkness %.3f, want 0.6", p, v)
				}
			case !line(p) && !disc(p) && math.Abs(p.X-30) > 4 && v > 0.02:
				t.Fatalf("at %v: paper darkness %.3f", p, v)
			}
		}
	}
}

// BenchmarkFlatten flattens the pencil of an A4 board (190 x 230 mm).
func BenchmarkFlatten(b *testing.B) {
	k := New(layout.R(0, 0, 190, 230), 8, false)
	for n := range k.Pencil {
		k.Pencil[n] = uint8(n * 7 % 61)
	}
	b.ResetTimer()
	for range b.N {
		k.Flatten(2, 2)
	}
}
