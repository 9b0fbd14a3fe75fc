package read

import (
	"image/color"
	"math"

	"papergames/layout"
	"papergames/scan"
)

// InkPerMM is the resolution of a board's pencil map: 0.125 mm, about a
// third of a pencil line's width.
const InkPerMM = 8.0

// inkFor returns the pencil on a printed board: each sample's darkness
// against the paper's white, with the sheet's own print (the board drawn
// again, exactly as printed, and widened by the registration's error)
// masked out.
func (ph *photo) inkFor(reg *Registration, fig layout.Figure, o layout.Point, s float64, st layout.Style) *scan.Ink {
	e := fig.Extent(s)
	box := layout.Rect{Min: layout.Point{X: o.X - 1, Y: o.Y - 1}, Max: layout.Point{X: o.X + e.W + 1, Y: o.Y + e.H + 1}}
	k := scan.New(box, InkPerMM, ph.colour)
	k.Print = printMask(fig, o, s, st, box, k.W, k.H, maskWiden(reg))
	h := reg.H
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			n := j*k.W + i
			q := h.Apply(k.Pos(i, j))
			d := ph.dark(q.X, q.Y)
			if d < 0 {
				k.Print[n] = 255 // off the image: nothing seen
				continue
			}
			if k.Colour != nil {
				c := ph.rgb(q.X, q.Y)
				k.Colour[n] = color.RGBA{c[0], c[1], c[2], 255}
			}
			if k.Print[n] == 0 {
				k.Pencil[n] = uint8(math.Round(255 * d))
			}
		}
	}
	return k
}

// maskWiden is how far, in mm, the print's mask reaches past the print:
// the registration's error and a scanner's blur.
func maskWiden(reg *Registration) float64 {
	return math.Max(0.12, 0.06+2*reg.RMS)
}

// printMask draws the board as printed into a w x h grid over box and
// returns where it has ink, widened by widen mm.
func printMask(fig layout.Figure, o layout.Point, s float64, st layout.Style, box layout.Rect, w, h int, widen float64) []uint8 {
	r := layout.NewRaster(box.W(), box.H(), InkPerMM)
	r.Map = func(p layout.Point) (float64, float64) {
		return (p.X - box.Min.X) * InkPerMM, (p.Y - box.Min.Y) * InkPerMM
	}
	fig.Draw(r, o, s, st)
	ink := make([]bool, w*h)
	b := r.Img.Bounds()
	for j := 0; j < min(h, b.Dy()); j++ {
		for i := 0; i < min(w, b.Dx()); i++ {
			p := r.Img.Pix[j*r.Img.Stride+4*i:]
			ink[j*w+i] = int(p[0])+int(p[1])+int(p[2]) < 3*165 // a third covered
		}
	}
	rad := int(math.Round(widen * InkPerMM))
	out := make([]uint8, w*h)
	// Widen by a square of side 2 rad + 1: rows, then columns.
	tmp := make([]bool, w*h)
	for j := 0; j < h; j++ {
		last := -1 << 30
		for i := 0; i < w; i++ {
			if ink[j*w+i] {
				last = i
			}
			tmp[j*w+i] = i-last <= rad
		}
		last = 1 << 30
		for i := w - 1; i >= 0; i-- {
			if ink[j*w+i] {
				last = i
			}
			tmp[j*w+i] = tmp[j*w+i] || last-i <= rad
		}
	}
	for i := 0; i < w; i++ {
		last := -1 << 30
		for j := 0; j < h; j++ {
			if tmp[j*w+i] {
				last = j
			}
			if j-last <= rad {
				out[j*w+i] = 255
			}
		}
		last = 1 << 30
		for j := h - 1; j >= 0; j-- {
			if tmp[j*w+i] {
				last = j
			}
			if last-j <= rad {
				out[j*w+i] = 255
			}
		}
	}
	return out
}
