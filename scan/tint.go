package scan

import (
	"math"
	"slices"

	"papergames/layout"
)

// Tint is what a region of the paper was shaded with, from the median of
// its samples (so a line drawn across it, a smudge or a bit of the print
// left uncovered moves it little).
type Tint struct {
	// Seen is the number of samples measured: visible paper in the
	// region.
	Seen int
	// Dark is the median darkness of the pencil, 0 (paper) to 1.
	Dark float64
	// Absorb is the median absorbance of each channel (red, green, blue)
	// of the white-balanced colour, -ln(channel/255): a coloured pencil
	// laid down more or less densely scales it, so its direction is the
	// pencil's colour and its length how densely it was laid. Zero when
	// the Ink has no colour.
	Absorb [3]float64
	// Colour reports whether Absorb was measured.
	Colour bool
}

// Density returns how densely the region is shaded, as absorbance: the
// length of Absorb in colour (over the square root of 3, so that a grey
// of darkness d gives -ln(1-d) either way), else -ln(1 - Dark).
func (t Tint) Density() float64 {
	if t.Colour {
		return math.Sqrt(t.Absorb[0]*t.Absorb[0]+t.Absorb[1]*t.Absorb[1]+t.Absorb[2]*t.Absorb[2]) / math.Sqrt(3)
	}
	return -math.Log(math.Max(1-t.Dark, 1e-3))
}

// Tint measures the samples of box whose centres in reports true (all of
// box for in nil), where the paper is visible.
func (k *Ink) Tint(box layout.Rect, in func(layout.Point) bool) Tint {
	var t Tint
	i0 := max(0, int(math.Floor((box.Min.X-k.Box.Min.X)*k.PerMM)))
	j0 := max(0, int(math.Floor((box.Min.Y-k.Box.Min.Y)*k.PerMM)))
	i1 := min(k.W, int(math.Ceil((box.Max.X-k.Box.Min.X)*k.PerMM)))
	j1 := min(k.H, int(math.Ceil((box.Max.Y-k.Box.Min.Y)*k.PerMM)))
	var dark []float64
	var ch [3][]float64
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			n := j*k.W + i
			p := k.Pos(i, j)
			if k.Print[n] != 0 || p.X < box.Min.X || p.Y < box.Min.Y || p.X > box.Max.X || p.Y > box.Max.Y || (in != nil && !in(p)) {
				continue
			}
			dark = append(dark, float64(k.Pencil[n])/255)
			if k.Colour != nil {
				c := k.Colour[n]
				for x, v := range []uint8{c.R, c.G, c.B} {
					ch[x] = append(ch[x], -math.Log(math.Max(float64(v), 2)/255))
				}
			}
		}
	}
	t.Seen = len(dark)
	if t.Seen == 0 {
		return t
	}
	t.Dark = median(dark)
	if k.Colour != nil {
		t.Colour = true
		for x := range ch {
			t.Absorb[x] = median(ch[x])
		}
	}
	return t
}

// median returns the median of v, reordering it.
func median(v []float64) float64 {
	slices.Sort(v)
	return v[len(v)/2]
}
