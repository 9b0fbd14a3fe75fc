package read

import (
	"image"
	"math"
)

// photo is a page image made ready to read: its luminance at full
// resolution and the paper's white, estimated everywhere, so that
// darkness can be measured alike under a shadow and in full light.
type photo struct {
	g *image.Gray
	w int // pixels
	h int
	// bg is the paper's white on a coarse grid of bgStep pixels, found
	// as the brightest paper in each neighbourhood: pencil and print are
	// thin, and the paper shows between them. Once the page is found,
	// carryWhite mends it under wide drawn regions (white.go).
	bg     []float32
	maxed  []float32 // the cells' white before smoothing (background)
	bgW    int
	bgH    int
	bgStep float64
	img    image.Image // the original, for colour
	colour bool
}

// bgCells is the coarse grid's cells along the image's long side: about
// 3 mm each on a whole A4 page.
const bgCells = 100

func newPhoto(img image.Image) *photo {
	g := grey(img)
	b := g.Bounds()
	ph := &photo{g: g, w: b.Dx(), h: b.Dy(), img: img, colour: isColour(img)}
	ph.bgStep = math.Max(float64(max(ph.w, ph.h))/bgCells, 2)
	ph.background()
	return ph
}

// background estimates the paper's white: the 90th percentile of each
// coarse cell's pixels, then the largest of each 5 by 5 cells (so a
// filled region or a mark up to a centimetre is bridged), then smoothed.
func (ph *photo) background() {
	st := ph.bgStep
	w, h := int(math.Ceil(float64(ph.w)/st)), int(math.Ceil(float64(ph.h)/st))
	cell := make([]float32, w*h)
	var hist [256]int
	for cy := 0; cy < h; cy++ {
		for cx := 0; cx < w; cx++ {
			hist = [256]int{}
			x0, y0 := int(float64(cx)*st), int(float64(cy)*st)
			x1, y1 := min(ph.w, int(float64(cx+1)*st)), min(ph.h, int(float64(cy+1)*st))
			n := 0
			for y := y0; y < y1; y += 2 {
				row := ph.g.Pix[y*ph.g.Stride:]
				for x := x0; x < x1; x += 2 {
					hist[row[x]]++
					n++
				}
			}
			k, c := 255, 0
			for ; k > 0; k-- {
				c += hist[k]
				if c*10 >= n {
					break
				}
			}
			cell[cy*w+cx] = float32(k)
		}
	}
	ph.maxed = maxFilter(cell, w, h, 2)
	ph.bg = boxMean(ph.maxed, w, h, 1)
	ph.bgW, ph.bgH = w, h
}

// boxMean returns the mean within r cells of each cell.
func boxMean(v []float32, w, h, r int) []float32 {
	out := make([]float32, len(v))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s, n := float32(0), 0
			for j := max(0, y-r); j <= min(h-1, y+r); j++ {
				for k := max(0, x-r); k <= min(w-1, x+r); k++ {
					s += v[j*w+k]
					n++
				}
			}
			out[y*w+x] = s / float32(n)
		}
	}
	return out
}

// white returns the paper's white near pixel (x, y), 0 to 255.
func (ph *photo) white(x, y float64) float64 {
	gx, gy := x/ph.bgStep-0.5, y/ph.bgStep-0.5
	x0, y0 := int(math.Floor(gx)), int(math.Floor(gy))
	fx, fy := gx-float64(x0), gy-float64(y0)
	at := func(i, j int) float64 {
		i, j = min(max(i, 0), ph.bgW-1), min(max(j, 0), ph.bgH-1)
		return float64(ph.bg[j*ph.bgW+i])
	}
	return (at(x0, y0)*(1-fx)+at(x0+1, y0)*fx)*(1-fy) + (at(x0, y0+1)*(1-fx)+at(x0+1, y0+1)*fx)*fy
}

// lum returns the luminance at (x, y), bilinear; -1 outside the image.
func (ph *photo) lum(x, y float64) float64 {
	x, y = x-0.5, y-0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	if x0 < 0 || y0 < 0 || x0+1 >= ph.w || y0+1 >= ph.h {
		return -1
	}
	fx, fy := x-float64(x0), y-float64(y0)
	p := ph.g.Pix[y0*ph.g.Stride+x0:]
	s := ph.g.Stride
	return (float64(p[0])*(1-fx)+float64(p[1])*fx)*(1-fy) + (float64(p[s])*(1-fx)+float64(p[s+1])*fx)*fy
}

// dark returns how dark (x, y) is against the paper, 0 (white) to 1
// (black); -1 outside the image.
func (ph *photo) dark(x, y float64) float64 {
	l := ph.lum(x, y)
	if l < 0 {
		return -1
	}
	wt := math.Max(ph.white(x, y), 24)
	return math.Min(1, math.Max(0, 1-l/wt))
}

// rgb returns the colour at (x, y) white balanced against the paper (the
// paper's own grey level taken as white); nearest pixel.
func (ph *photo) rgb(x, y float64) [3]uint8 {
	ix, iy := int(x), int(y)
	if ix < 0 || iy < 0 || ix >= ph.w || iy >= ph.h {
		return [3]uint8{255, 255, 255}
	}
	b := ph.img.Bounds()
	r, g, bl, _ := ph.img.At(b.Min.X+ix, b.Min.Y+iy).RGBA()
	wt := math.Max(ph.white(x, y), 24) / 255
	c := func(v uint32) uint8 { return uint8(math.Min(255, float64(v>>8)/wt)) }
	return [3]uint8{c(r), c(g), c(bl)}
}
