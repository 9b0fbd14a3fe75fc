package scan

import (
	"math"
	"slices"
)

// Flatten returns a copy of k whose pencil is measured from the paper's
// own level about each sample instead of from the page's white: under a
// shadow, or where a phone's light falls off, the paper itself reads as
// faint pencil over whole regions, and a reader's threshold would take it
// for strokes. The level is the lower quartile over squares of cell mm,
// then the median of those over the (2r+1)² squares about each: strokes,
// even where they crowd (three quarters of a square may be pencil), a
// dot or a shaded bubble fill too little of that window to move it. The
// pencil left is rescaled to the paper's level ((v-bg)/(1-bg)).
func (k *Ink) Flatten(cell float64, r int) *Ink {
	out := *k
	out.Pencil = make([]uint8, len(k.Pencil))
	cs := max(1, int(math.Round(cell*k.PerMM))) // samples a cell side
	// Each cell's lower quartile, a quarter of it seen at least; NaN
	// when unseen.
	level, known, cw, ch := k.cellQuartiles(cs, 4)
	for n := range level {
		if known[n] {
			level[n] /= 255
		} else {
			level[n] = math.NaN()
		}
	}
	bg := make([]float64, cw*ch)
	var win []float64
	for cy := range ch {
		for cx := range cw {
			win = win[:0]
			for y := max(0, cy-r); y <= min(ch-1, cy+r); y++ {
				for x := max(0, cx-r); x <= min(cw-1, cx+r); x++ {
					if v := level[y*cw+x]; !math.IsNaN(v) {
						win = append(win, v)
					}
				}
			}
			if len(win) > 0 {
				slices.Sort(win)
				bg[cy*cw+cx] = win[len(win)/2]
			}
		}
	}
	// Each sample's level, bilinear between the cells' centres.
	at := func(x, y int) float64 { return bg[min(max(y, 0), ch-1)*cw+min(max(x, 0), cw-1)] }
	x0s, txs := make([]int, k.W), make([]float64, k.W)
	for i := range k.W {
		fx := (float64(i)+0.5)/float64(cs) - 0.5
		x0s[i] = int(math.Floor(fx))
		txs[i] = fx - float64(x0s[i])
	}
	for j := range k.H {
		fy := (float64(j)+0.5)/float64(cs) - 0.5
		y0 := int(math.Floor(fy))
		ty := fy - float64(y0)
		row := j * k.W
		for i := range k.W {
			n := row + i
			if k.Print[n] != 0 || k.Pencil[n] == 0 {
				continue
			}
			x0, tx := x0s[i], txs[i]
			b := (at(x0, y0)*(1-tx)+at(x0+1, y0)*tx)*(1-ty) + (at(x0, y0+1)*(1-tx)+at(x0+1, y0+1)*tx)*ty
			if b >= 0.99 {
				continue
			}
			if v := (float64(k.Pencil[n]) - 255*b) / (1 - b); v > 0 {
				out.Pencil[n] = uint8(min(255, v+0.5))
			}
		}
	}
	return &out
}

// cellQuartiles returns the lower quartile (0 to 255) of the pencil the
// print leaves seen in each square of cs samples a side, in rows of cw
// squares, ch rows; a square is known when at least 1/share of it is
// seen.
func (k *Ink) cellQuartiles(cs, share int) (lv []float64, known []bool, cw, ch int) {
	cw, ch = (k.W+cs-1)/cs, (k.H+cs-1)/cs
	lv = make([]float64, cw*ch)
	known = make([]bool, cw*ch)
	k.cellHists(cs, func(cell int, hist *[256]int, seen int) {
		if share*seen < cs*cs {
			return
		}
		c := 0
		for v := range 256 {
			if c += hist[v]; 4*c > seen {
				lv[cell], known[cell] = float64(v), true
				return
			}
		}
	})
	return lv, known, cw, ch
}

// cellHists hands f, for each square of cs samples a side (numbered row
// by row, (W+cs-1)/cs a row), the histogram of the pencil the print
// leaves seen in it and how many samples that is.
func (k *Ink) cellHists(cs int, f func(cell int, hist *[256]int, seen int)) {
	cw, ch := (k.W+cs-1)/cs, (k.H+cs-1)/cs
	var hist [256]int
	for cy := range ch {
		for cx := range cw {
			hist = [256]int{}
			seen := 0
			for j := cy * cs; j < min(k.H, (cy+1)*cs); j++ {
				row := j * k.W
				for i := cx * cs; i < min(k.W, (cx+1)*cs); i++ {
					if k.Print[row+i] == 0 {
						hist[k.Pencil[row+i]]++
						seen++
					}
				}
			}
			f(cy*cw+cx, &hist, seen)
		}
	}
}
