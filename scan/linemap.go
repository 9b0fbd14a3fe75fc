package scan

import (
	"math"

	"papergames/layout"
)

// LineMap is a board's pencil prepared for testing straight segments
// between known points, as a reader of ruled lines does thousands of
// times a board: the pencil measured above the paper's own level about
// each sample (a shadow or a phone's falling light is not pencil), and a
// mark per sample: paper, pencil (within the widening of a sample darker
// than the threshold), or hidden by the print.
type LineMap struct {
	k *Ink
	// Fine is the pencil above the paper's level, 0 to 255.
	Fine []uint8
	// Mark is MarkPaper, MarkPencil or MarkHidden for each sample.
	Mark []uint8
	// Level is the usual darkness of the board's strokes above the
	// paper, and Thresh the darkness from which a sample is pencil.
	Level, Thresh float64
}

// Marks of a LineMap's samples.
const (
	MarkPaper  = 0
	MarkPencil = 1
	MarkHidden = 2
)

// lineCell is the side of the squares, in mm, whose lower quartile is the
// paper's level: large against a line's width (a stroke fills a small
// share of it), small against a shadow's edge.
const lineCell = 3.0

// LineMap measures k's pencil above the paper's local level, sets the
// threshold from the strokes' usual darkness (share of it, at least
// floor) and widens the pencil by widen mm, so that a segment between two
// points a little off the drawn line (the registration's error, a
// player's hand) still runs on pencil.
func (k *Ink) LineMap(floor, share, widen float64) *LineMap {
	m := &LineMap{k: k, Fine: make([]uint8, len(k.Pencil)), Mark: make([]uint8, len(k.Pencil))}
	bg := k.paperLevel(lineCell)
	var hist [256]int
	for n, v := range k.Pencil {
		if k.Print[n] != 0 {
			continue
		}
		f := max(0, float64(v)-bg[n])
		m.Fine[n] = uint8(math.Round(f))
		hist[m.Fine[n]]++
	}
	// The strokes' level: the median of the samples clearly darker than
	// the paper (a tenth of black), or floor when there are none.
	lo := int(math.Ceil(0.1 * 255))
	total := 0
	for v := lo; v < 256; v++ {
		total += hist[v]
	}
	m.Level = floor / share
	if total > 0 {
		c := 0
		for v := lo; v < 256; v++ {
			if c += hist[v]; 2*c >= total {
				m.Level = float64(v) / 255
				break
			}
		}
	}
	m.Thresh = max(floor, share*m.Level)
	t := uint8(math.Min(255, math.Ceil(m.Thresh*255)))
	r := int(math.Round(widen * k.PerMM))
	// Pencil rows, widened along x then along y (a square of side 2r+1).
	tmp := make([]uint8, len(k.Pencil))
	for j := range k.H {
		row := j * k.W
		last := -1 << 30 // the last pencil sample seen on the row
		for i := 0; i < k.W+r; i++ {
			if i < k.W && m.Fine[row+i] >= t && k.Print[row+i] == 0 {
				last = i
			}
			if c := i - r; c >= 0 && c < k.W && i-last <= 2*r {
				tmp[row+c] = 1
			}
		}
	}
	for i := range k.W {
		last := -1 << 30
		for j := 0; j < k.H+r; j++ {
			if j < k.H && tmp[j*k.W+i] == 1 {
				last = j
			}
			if c := j - r; c >= 0 && c < k.H {
				n := c*k.W + i
				switch {
				case j-last <= 2*r:
					m.Mark[n] = MarkPencil
				case k.Print[n] != 0:
					m.Mark[n] = MarkHidden
				}
			}
		}
	}
	return m
}

// paperLevel returns the paper's own darkness about each sample (0 to
// 255): the lower quartile of the seen samples of each cell mm square,
// interpolated between the squares' centres.
func (k *Ink) paperLevel(cell float64) []float64 {
	cs := max(1, int(math.Round(cell*k.PerMM)))
	lv, known, cw, ch := k.cellQuartiles(cs, 8)
	// A square seen too little takes its neighbours' level.
	for range 4 {
		for n := range lv {
			if known[n] {
				continue
			}
			sum, c := 0.0, 0
			cx, cy := n%cw, n/cw
			for y := max(0, cy-1); y <= min(ch-1, cy+1); y++ {
				for x := max(0, cx-1); x <= min(cw-1, cx+1); x++ {
					if known[y*cw+x] {
						sum += lv[y*cw+x]
						c++
					}
				}
			}
			if c > 0 {
				lv[n], known[n] = sum/float64(c), true
			}
		}
	}
	out := make([]float64, k.W*k.H)
	for j := range k.H {
		fy := (float64(j)+0.5)/float64(cs) - 0.5
		y0 := min(max(int(math.Floor(fy)), 0), ch-1)
		y1 := min(y0+1, ch-1)
		ty := min(max(fy-float64(y0), 0), 1)
		for i := range k.W {
			fx := (float64(i)+0.5)/float64(cs) - 0.5
			x0 := min(max(int(math.Floor(fx)), 0), cw-1)
			x1 := min(x0+1, cw-1)
			tx := min(max(fx-float64(x0), 0), 1)
			a := lv[y0*cw+x0]*(1-tx) + lv[y0*cw+x1]*tx
			b := lv[y1*cw+x0]*(1-tx) + lv[y1*cw+x1]*tx
			out[j*k.W+i] = a*(1-ty) + b*ty
		}
	}
	return out
}

// MarkAt returns the mark of the sample nearest p (hidden off the grid).
func (m *LineMap) MarkAt(p layout.Point) uint8 {
	n, ok := m.k.index(p)
	if !ok {
		return MarkHidden
	}
	return m.Mark[n]
}

// FineAt returns the pencil above the paper at p, 0 to 1, bilinear
// between samples, and whether the paper is seen there.
func (m *LineMap) FineAt(p layout.Point) (float64, bool) {
	k := m.k
	fx := (p.X-k.Box.Min.X)*k.PerMM - 0.5
	fy := (p.Y-k.Box.Min.Y)*k.PerMM - 0.5
	i, j := int(math.Floor(fx)), int(math.Floor(fy))
	if i < 0 || j < 0 || i+1 >= k.W || j+1 >= k.H {
		return 0, false
	}
	n := j*k.W + i
	if k.Print[n] != 0 || k.Print[n+1] != 0 || k.Print[n+k.W] != 0 || k.Print[n+k.W+1] != 0 {
		return 0, false
	}
	tx, ty := fx-float64(i), fy-float64(j)
	a := float64(m.Fine[n])*(1-tx) + float64(m.Fine[n+1])*tx
	b := float64(m.Fine[n+k.W])*(1-tx) + float64(m.Fine[n+k.W+1])*tx
	return (a*(1-ty) + b*ty) / 255, true
}

// LineRun is the evidence of pencil along a straight segment.
type LineRun struct {
	Seen  float64 // mm of the segment where the paper is seen
	Cover float64 // share of the seen length on pencil
	Gap   float64 // the longest run of seen length off pencil, mm
	// Head and Tail are the seen lengths off pencil before the first
	// pencil and after the last: a line that stops short of an end
	// leaves a long one there.
	Head, Tail float64
}

// Run measures the marks along the segment from a to b, leaving out
// skip mm at each end (where other lines meet), every step mm.
func (m *LineMap) Run(a, b layout.Point, skip, step float64) LineRun {
	var r LineRun
	l := a.Dist(b)
	if l <= 2*skip {
		return r
	}
	n := max(1, int(math.Ceil((l-2*skip)/step)))
	ds := (l - 2*skip) / float64(n)
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	covered, run := 0.0, 0.0
	first := true
	for s := range n {
		f := skip + (float64(s)+0.5)*ds
		switch m.MarkAt(layout.Point{X: a.X + ux*f, Y: a.Y + uy*f}) {
		case MarkHidden:
			continue
		case MarkPencil:
			covered += ds
			run = 0
			first = false
		default:
			run += ds
			r.Gap = math.Max(r.Gap, run)
			if first {
				r.Head += ds
			}
		}
		r.Seen += ds
	}
	r.Tail = run
	if r.Seen > 0 {
		r.Cover = covered / r.Seen
	}
	return r
}

// Probe looks at the marks of the segment from a to b at the fractions
// ts of its length (in that order) and gives up as soon as misses
// samples off pencil are seen: the cheap first test of a candidate, most
// of which lie on paper. It returns the samples seen on pencil and off.
func (m *LineMap) Probe(a, b layout.Point, ts []float64, misses int) (on, off int) {
	for _, t := range ts {
		switch m.MarkAt(layout.Point{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}) {
		case MarkPencil:
			on++
		case MarkPaper:
			if off++; off >= misses {
				return on, off
			}
		}
	}
	return on, off
}

// Centre is how well a segment from a to b lies on its pencil's middle:
// the mean, over its seen length less skip mm at each end, of the pencil
// within half mm across it (the darkest), every step mm. Of two segments
// on one stroke, the one the stroke was drawn along scores higher.
func (m *LineMap) Centre(a, b layout.Point, skip, half, step float64) float64 {
	sum, seen := 0.0, 0
	m.darkest(a, b, skip, half, step, 2, func(v float64, _ bool) {
		sum += v
		seen++
	})
	if seen == 0 {
		return 0
	}
	return sum / float64(seen)
}

// Core measures how much of the segment from a to b (less skip mm at
// each end, every step mm) has its pencil's core under it: the share of
// the samples whose middle is seen where the pencil, not widened, reaches
// within half mm across it, and the length seen, in mm. A segment drawn
// has its stroke's core under it all along, where one beside the stroke,
// inside the widening, does not: with half 0.1 mm, a segment 0.3 mm off
// a thin stroke's middle has it all along, one 0.4 mm off hardly at all.
func (m *LineMap) Core(a, b layout.Point, skip, half, step float64) (share, seen float64) {
	on, n := 0, 0
	m.darkest(a, b, skip, half, step, 1, func(v float64, mid bool) {
		if !mid {
			return
		}
		n++
		if v >= m.Thresh {
			on++
		}
	})
	if n == 0 {
		return 0, 0
	}
	l := a.Dist(b) - 2*skip
	return float64(on) / float64(n), l * float64(n) / float64(max(1, int(math.Ceil(l/step))))
}

// darkest walks the segment from a to b, leaving out skip mm at each
// end, every step mm, and gives f the darkest pencil above the paper
// (FineAt) of the places across it at half*i/k mm, i from -k to k, where
// any of them is seen, and whether the middle one is.
func (m *LineMap) darkest(a, b layout.Point, skip, half, step float64, k int, f func(v float64, mid bool)) {
	l := a.Dist(b)
	if l <= 2*skip {
		return
	}
	if half == 0 {
		k = 0
	}
	n := max(1, int(math.Ceil((l-2*skip)/step)))
	ds := (l - 2*skip) / float64(n)
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	for s := range n {
		t := skip + (float64(s)+0.5)*ds
		c := layout.Point{X: a.X + ux*t, Y: a.Y + uy*t}
		best, vis, mid := 0.0, false, false
		for i := -k; i <= k; i++ {
			o := 0.0
			if k > 0 {
				o = half * float64(i) / float64(k)
			}
			if v, ok := m.FineAt(layout.Point{X: c.X - uy*o, Y: c.Y + ux*o}); ok {
				vis = true
				mid = mid || i == 0
				best = math.Max(best, v)
			}
		}
		if vis {
			f(best, mid)
		}
	}
}

// LineFit is where a straight stroke's middle lies, measured across a
// segment drawn near it.
type LineFit struct {
	// A and B are the segment's ends moved across it onto the stroke's
	// middle.
	A, B layout.Point
	N    int     // the places across the segment the fit used
	RMS  float64 // their distance from the line fitted, mm
}

// Fit measures the stroke along the segment from a to b (its ends left
// out by skip mm): every step mm, the middle of the pencil within half mm
// across it (the weighted middle of its darkest part), and fits a line
// to those middles, leaving out places that lie off it (where another
// stroke crosses). It fails where fewer than four places show pencil.
func (m *LineMap) Fit(a, b layout.Point, half, step, skip float64) (LineFit, bool) {
	l := a.Dist(b)
	if l <= 2*skip {
		return LineFit{}, false
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	nx, ny := -uy, ux
	const across = 0.1
	k := int(math.Round(half / across))
	prof := make([]float64, 2*k+1)
	var ts, offs []float64
	for t := skip; t <= l-skip+1e-9; t += step {
		c := layout.Point{X: a.X + ux*t, Y: a.Y + uy*t}
		peak, seen := -1, 0
		for i := range prof {
			o := float64(i-k) * across
			v, ok := m.FineAt(layout.Point{X: c.X + nx*o, Y: c.Y + ny*o})
			if !ok {
				v = -1 // under the print
			} else {
				seen++
			}
			prof[i] = v
			if v >= 0 && (peak < 0 || v > prof[peak]) {
				peak = i
			}
		}
		// The peak must stand clear: seen on both sides, inside the window.
		if seen < k || peak <= 0 || peak >= 2*k || prof[peak] < m.Thresh || prof[peak-1] < 0 || prof[peak+1] < 0 {
			continue
		}
		sw, so := 0.0, 0.0
		for i := max(0, peak-3); i <= min(2*k, peak+3); i++ {
			if w := prof[i] - prof[peak]/2; w > 0 {
				sw += w
				so += w * float64(i-k) * across
			}
		}
		ts = append(ts, t)
		offs = append(offs, so/sw)
	}
	use := make([]bool, len(ts))
	for i := range use {
		use[i] = true
	}
	var alpha, beta float64
	var f LineFit
	for pass := range 3 {
		var n, st, so, stt, sto float64
		for i, t := range ts {
			if use[i] {
				n++
				st += t
				so += offs[i]
				stt += t * t
				sto += t * offs[i]
			}
		}
		if n < 4 {
			return LineFit{}, false
		}
		det := n*stt - st*st
		if det <= 0 {
			return LineFit{}, false
		}
		beta = (n*sto - st*so) / det
		alpha = (so - beta*st) / n
		lim := []float64{0.5, 0.25, 0.25}[pass]
		f.N, f.RMS = 0, 0
		for i, t := range ts {
			r := math.Abs(offs[i] - alpha - beta*t)
			use[i] = r <= lim
			if use[i] {
				f.N++
				f.RMS += r * r
			}
		}
	}
	if f.N < 4 {
		return LineFit{}, false
	}
	f.RMS = math.Sqrt(f.RMS / float64(f.N))
	f.A = layout.Point{X: a.X + nx*alpha, Y: a.Y + ny*alpha}
	ob := alpha + beta*l
	f.B = layout.Point{X: b.X + nx*ob, Y: b.Y + ny*ob}
	return f, true
}
