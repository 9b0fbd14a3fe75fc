package read

import (
	"image/color"
	"math"
	"sort"

	"papergames/layout"
	"papergames/scan"
)

// InkPerMM is the resolution of a board's pencil map: 0.125 mm, about a
// third of a pencil line's width.
const InkPerMM = 8.0

// printSeen is the print's expected darkness from which a sample is
// taken as under the print: its blurred edge is where a misregistration
// of a tenth of a millimetre makes pencil of nothing.
const printSeen = 0.2

// inkFor returns the pencil on a printed board. The board is drawn again,
// exactly as printed, blurred as the image blurs it, widened by the
// registration's error and scaled to the print's darkness in the image:
// that is the darkness the print alone would give each sample. A sample's
// pencil is the darkening beyond it, (seen - print) / (1 - print), so the
// grey halo a blurred scan puts round every printed line is not taken for
// pencil, while pencil drawn up to a line still counts. Where the print
// shows (printSeen) the pencil is not measured: those samples are Print.
func (ph *photo) inkFor(reg *Registration, fig layout.Figure, o layout.Point, s float64, st layout.Style) *scan.Ink {
	e := fig.Extent(s)
	box := layout.Rect{Min: layout.Point{X: o.X - 1, Y: o.Y - 1}, Max: layout.Point{X: o.X + e.W + 1, Y: o.Y + e.H + 1}}
	k := scan.New(box, InkPerMM, ph.colour)
	centre := layout.Point{X: (box.Min.X + box.Max.X) / 2, Y: (box.Min.Y + box.Max.Y) / 2}
	perMM := reg.H.Scale(centre) // image pixels a mm
	blurMM := math.Hypot(0.8/perMM, 0.5/InkPerMM)
	cover, expect := printModel(fig, o, s, st, box, k.W, k.H, blurMM*InkPerMM, (0.04+2*reg.RMS)*InkPerMM)
	seen := make([]float32, k.W*k.H)
	h := reg.H
	for j := 0; j < k.H; j++ {
		for i := 0; i < k.W; i++ {
			n := j*k.W + i
			q := h.Apply(k.Pos(i, j))
			d := ph.dark(q.X, q.Y)
			seen[n] = float32(d)
			if d >= 0 && k.Colour != nil {
				c := ph.rgb(q.X, q.Y)
				k.Colour[n] = color.RGBA{c[0], c[1], c[2], 255}
			}
		}
	}
	level := printLevel(seen, cover)
	for n := range seen {
		ex := float64(expect[n])
		if seen[n] < 0 || ex >= printSeen {
			k.Print[n] = 255 // off the image, or under the print
			continue
		}
		ex *= level
		p := (float64(seen[n]) - ex) / (1 - ex)
		k.Pencil[n] = uint8(math.Round(255 * math.Min(1, math.Max(0, p))))
	}
	return k
}

// printLevel is how dark the print shows in the image: the median
// darkness where the print covers a sample entirely (1 when it covers
// none).
func printLevel(seen, cover []float32) float64 {
	var v []float64
	for n, c := range cover {
		if c > 0.95 && seen[n] >= 0 {
			v = append(v, float64(seen[n]))
		}
	}
	if len(v) < 20 {
		return 1
	}
	sort.Float64s(v)
	return math.Max(0.3, v[len(v)/2])
}

// printModel draws the board as printed into a w x h grid over box and
// returns each sample's cover by the print (0 to 1) and the darkness the
// print alone gives it once blurred by blur and widened by widen (both in
// samples).
func printModel(fig layout.Figure, o layout.Point, s float64, st layout.Style, box layout.Rect, w, h int, blur, widen float64) (cover, expect []float32) {
	r := layout.NewRaster(box.W(), box.H(), InkPerMM)
	r.Map = func(p layout.Point) (float64, float64) {
		return (p.X - box.Min.X) * InkPerMM, (p.Y - box.Min.Y) * InkPerMM
	}
	fig.Draw(r, o, s, st)
	cover = make([]float32, w*h)
	b := r.Img.Bounds()
	for j := 0; j < min(h, b.Dy()); j++ {
		for i := 0; i < min(w, b.Dx()); i++ {
			p := r.Img.Pix[j*r.Img.Stride+4*i:]
			cover[j*w+i] = 1 - float32(int(p[0])+int(p[1])+int(p[2]))/(3*255)
		}
	}
	expect = gaussian(cover, w, h, blur)
	expect = maxFilter(expect, w, h, int(math.Round(widen)))
	return cover, expect
}

// gaussian blurs v (w x h) with a Gaussian of sigma samples.
func gaussian(v []float32, w, h int, sigma float64) []float32 {
	out := make([]float32, len(v))
	copy(out, v)
	if sigma < 0.3 {
		return out
	}
	r := int(math.Ceil(2.5 * sigma))
	kern := make([]float32, 2*r+1)
	sum := float32(0)
	for i := range kern {
		d := float64(i - r)
		kern[i] = float32(math.Exp(-d * d / (2 * sigma * sigma)))
		sum += kern[i]
	}
	for i := range kern {
		kern[i] /= sum
	}
	tmp := make([]float32, len(v))
	for j := 0; j < h; j++ {
		row := v[j*w : (j+1)*w]
		for i := 0; i < w; i++ {
			s := float32(0)
			for t, c := range kern {
				s += c * row[min(max(i+t-r, 0), w-1)]
			}
			tmp[j*w+i] = s
		}
	}
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			s := float32(0)
			for t, c := range kern {
				s += c * tmp[min(max(j+t-r, 0), h-1)*w+i]
			}
			out[j*w+i] = s
		}
	}
	return out
}

// maxFilter returns the largest value within r samples each way.
func maxFilter(v []float32, w, h, r int) []float32 {
	if r <= 0 {
		return v
	}
	tmp := make([]float32, len(v))
	out := make([]float32, len(v))
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			m := float32(0)
			for t := max(0, i-r); t <= min(w-1, i+r); t++ {
				m = max(m, v[j*w+t])
			}
			tmp[j*w+i] = m
		}
	}
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			m := float32(0)
			for t := max(0, j-r); t <= min(h-1, j+r); t++ {
				m = max(m, tmp[t*w+i])
			}
			out[j*w+i] = m
		}
	}
	return out
}
