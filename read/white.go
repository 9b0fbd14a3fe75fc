package read

import (
	"math"

	"papergames/layout"
)

// sharpStep is the change of the paper's white between neighbouring
// cells (as a natural log) past which it is an edge of something drawn,
// not of the light: the corpus's phone shadow falls off at about 2% a
// millimetre at most (0.06 across a 3 mm cell, up to 0.1 where the
// page is seen at a slant and a cell spans more of it), while a
// shading's edge takes the white from paper to its own grey within a
// cell or two (a density of 0.3, a step of 0.15 or more each).
const sharpStep = 0.12

// pageInset is how far inside the page's edge a cell's centre lies to
// count as on the page: the paper's border is a few millimetres of
// margin, bare in every game.
const pageInset = 3.0

// carryWhite mends the paper's white over large drawn regions once the
// page is found. background takes the white as the brightest paper
// within about 7 mm, so as to follow shadows; a shading wider than
// that (three rings of Crossing The Rings shaded side by side) shows no
// paper there, and its own grey is taken for white, so it reads bare.
// The light and the drawing differ in their edges (Land's retinex): the
// light changes smoothly, a shading's edge is sharp. Cells joined to the
// page's border by smooth steps (sharpStep) are lit paper, as before;
// the rest lie inside sharp edges. Such a region wholly on the boards
// (boxes, in page mm), where the players draw, is drawn: its white is
// the lit paper round it, weighted by the inverse square distance (so
// a shadow's slope is followed under it). A shadow keeps its own white
// however sharp its edge, when it comes in from the page's edge or
// reaches off the boards.
func (ph *photo) carryWhite(reg *Registration, boxes []layout.Rect) {
	w, h, st := ph.bgW, ph.bgH, ph.bgStep
	inv := reg.H.Inverse()
	paper := reg.Code.Paper
	on := make([]bool, w*h)
	board := make([]bool, w*h)
	for cy := 0; cy < h; cy++ {
		for cx := 0; cx < w; cx++ {
			q := inv.Apply(layout.Point{X: (float64(cx) + 0.5) * st, Y: (float64(cy) + 0.5) * st})
			on[cy*w+cx] = q.X > pageInset && q.Y > pageInset && q.X < paper.W-pageInset && q.Y < paper.H-pageInset
			for _, b := range boxes {
				if q.X >= b.Min.X && q.Y >= b.Min.Y && q.X <= b.Max.X && q.Y <= b.Max.Y {
					board[cy*w+cx] = true
				}
			}
		}
	}
	m := ph.maxed
	lg := make([]float64, len(m))
	for i, v := range m {
		lg[i] = math.Log(math.Max(float64(v), 1))
	}
	// Flood from the page's border over smooth steps.
	lit := make([]bool, w*h)
	var queue []int
	for i := range on {
		if !on[i] {
			continue
		}
		cx, cy := i%w, i/w
		if cx == 0 || cy == 0 || cx == w-1 || cy == h-1 || !on[i-1] || !on[i+1] || !on[i-w] || !on[i+w] {
			lit[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		cx, cy := i%w, i/w
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			nx, ny := cx+d[0], cy+d[1]
			if nx < 0 || ny < 0 || nx >= w || ny >= h {
				continue
			}
			n := ny*w + nx
			if on[n] && !lit[n] && math.Abs(lg[n]-lg[i]) <= sharpStep {
				lit[n] = true
				queue = append(queue, n)
			}
		}
	}
	// Each region inside sharp edges takes the white of the lit cells
	// bordering it.
	seen := make([]bool, w*h)
	out := append([]float32(nil), m...)
	changed := false
	for s := range on {
		if !on[s] || lit[s] || seen[s] {
			continue
		}
		var region, rim []int
		inRim := map[int]bool{}
		drawn := true
		seen[s] = true
		queue = append(queue[:0], s)
		for len(queue) > 0 {
			i := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			region = append(region, i)
			drawn = drawn && board[i]
			cx, cy := i%w, i/w
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := cx+dx, cy+dy
					if nx < 0 || ny < 0 || nx >= w || ny >= h {
						continue
					}
					n := ny*w + nx
					switch {
					case lit[n]:
						if !inRim[n] {
							inRim[n] = true
							rim = append(rim, n)
						}
					case on[n] && !seen[n]:
						seen[n] = true
						queue = append(queue, n)
					}
				}
			}
		}
		if len(rim) == 0 || !drawn {
			continue
		}
		for _, i := range region {
			cx, cy := float64(i%w), float64(i/w)
			var sw, sv float64
			for _, r := range rim {
				dx, dy := float64(r%w)-cx, float64(r/w)-cy
				wt := 1 / (dx*dx + dy*dy)
				sw += wt
				sv += wt * float64(m[r])
			}
			if v := float32(sv / sw); v > out[i] {
				out[i] = v
				changed = true
			}
		}
	}
	if changed {
		ph.bg = boxMean(out, w, h, 1)
	}
}
