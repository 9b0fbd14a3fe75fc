package scan

import (
	"math"
	"testing"

	"papergames/layout"
)

// inkWithLine is a 40 x 40 mm board with a pencil line along y = 20 from
// x = 5 to 25 at darkness 0.6, and the print hiding x 14 to 16.
func inkWithLine() *Ink {
	k := New(layout.R(0, 0, 40, 40), 8, false)
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			p := k.Pos(i, j)
			n := j*k.W + i
			if math.Abs(p.Y-20) < 0.25 && p.X > 5 && p.X < 25 {
				k.Pencil[n] = 153
			}
			if p.X > 14 && p.X < 16 {
				k.Print[n], k.Pencil[n] = 255, 0
			}
		}
	}
	return k
}

// A Profile summed as Along sums it gives Along's Trace.
func TestProfileAgreesWithAlong(t *testing.T) {
	k := inkWithLine()
	for _, pl := range [][]layout.Point{
		{{X: 2, Y: 20}, {X: 30, Y: 20}},
		{{X: 2, Y: 20.4}, {X: 30, Y: 20.4}, {X: 30, Y: 35}},
		{{X: 10, Y: 5}, {X: 10, Y: 35}},
	} {
		want := k.Along(pl, 0.3, 0.3)
		var total, seen, cov, dark float64
		for _, s := range k.Profile(pl, 0.3) {
			total += s.Len
			if !s.Seen {
				continue
			}
			seen += s.Len
			dark += s.Dark * s.Len
			if s.Dark >= 0.3 {
				cov += s.Len
			}
		}
		got := Trace{Seen: seen / total, Cover: cov / seen, Dark: dark / seen}
		if math.Abs(got.Seen-want.Seen) > 1e-9 || math.Abs(got.Cover-want.Cover) > 1e-9 || math.Abs(got.Dark-want.Dark) > 1e-9 {
			t.Errorf("%v: profile sums to %+v, Along %+v", pl, got, want)
		}
	}
	// The line is seen where it is and not under the print.
	pr := k.Profile([]layout.Point{{X: 2, Y: 20}, {X: 30, Y: 20}}, 0.3)
	for _, s := range pr {
		in := s.At.X > 5.3 && s.At.X < 24.7
		under := s.At.X > 14 && s.At.X < 16
		switch {
		case under && s.Seen:
			t.Errorf("at %v: seen under the print", s.At)
		case !under && in && s.Dark < 0.59:
			t.Errorf("at %v: darkness %.2f on the line", s.At, s.Dark)
		case !under && !in && (s.At.X < 4.5 || s.At.X > 25.5) && s.Dark != 0:
			t.Errorf("at %v: darkness %.2f off the line", s.At, s.Dark)
		}
	}
}
