package scan

import (
	"math"
	"slices"

	"papergames/layout"
)

// Mask marks the samples whose pencil is at least thresh (0 to 1). A
// sample the print hides is marked when the pencil shows on both sides of
// the print, along a row, a column or a diagonal, within reach mm: a dot
// or a line drawn across a printed line goes on under it, while a line
// drawn beside a printed line does not spread over it.
func (k *Ink) Mask(thresh, reach float64) []bool {
	t := uint8(math.Min(255, math.Ceil(thresh*255)))
	mask := make([]bool, len(k.Pencil))
	for n, v := range k.Pencil {
		mask[n] = k.Print[n] == 0 && v >= t
	}
	out := make([]bool, len(mask))
	copy(out, mask)
	// Each direction's lines, from the samples they start at.
	walk := func(i, j, di, dj int) {
		step := math.Hypot(float64(di), float64(dj)) / k.PerMM
		prev, run := -1, 0 // the last visible sample's index, the print run since
		for ; i >= 0 && j >= 0 && i < k.W && j < k.H; i, j = i+di, j+dj {
			n := j*k.W + i
			if k.Print[n] != 0 {
				run++
				continue
			}
			if run > 0 && prev >= 0 && mask[prev] && mask[n] && float64(run)*step <= reach {
				for m := 1; m <= run; m++ {
					out[n-m*(dj*k.W+di)] = true
				}
			}
			prev, run = n, 0
		}
	}
	for j := range k.H {
		walk(0, j, 1, 0)
		walk(0, j, 1, 1)
		walk(0, j, 1, -1)
	}
	for i := range k.W {
		walk(i, 0, 0, 1)
		if i > 0 {
			walk(i, 0, 1, 1)
			walk(i, k.H-1, 1, -1)
		}
	}
	return out
}

// Inside returns, for each sample of a w x h mask, the squared distance
// (in samples squared) from it to the nearest sample outside the mask (0
// outside): the exact Euclidean distance transform of Felzenszwalb and
// Huttenlocher, a lower envelope of parabolas per column, then per row.
// The grid's border counts as outside.
func Inside(mask []bool, w, h int) []int32 {
	const inf = math.MaxInt32 / 4
	d := make([]int32, w*h)
	// Columns: the distance to the nearest outside sample above or below.
	for i := range w {
		last := -1
		for j := range h {
			n := j*w + i
			if !mask[n] {
				last = j
				d[n] = 0
				continue
			}
			if last < 0 {
				d[n] = int32(j + 1) // the border above
			} else {
				d[n] = int32(j - last)
			}
		}
		last = h
		for j := h - 1; j >= 0; j-- {
			n := j*w + i
			if !mask[n] {
				last = j
				continue
			}
			d[n] = min(d[n], int32(last-j))
		}
		for j := range h {
			n := j*w + i
			d[n] = min(d[n]*d[n], inf)
		}
	}
	// Rows: the lower envelope of the parabolas (x - q)^2 + f(q).
	f := make([]int64, w+2)
	v := make([]int, w+2)
	z := make([]float64, w+3)
	for j := range h {
		row := d[j*w : (j+1)*w]
		// The border on either side is an outside sample at -1 and w.
		f[0] = 0
		for i := range w {
			f[i+1] = int64(row[i])
		}
		f[w+1] = 0
		// Each run of inside samples, between two outside ones: no
		// parabola beyond an outside sample comes nearer than its own.
		for lo := 0; lo <= w; lo++ {
			if f[lo+1] == 0 {
				continue
			}
			hi := lo + 1
			for f[hi] != 0 {
				hi++
			}
			k := 0
			v[0] = lo
			z[0], z[1] = math.Inf(-1), math.Inf(1)
			for q := lo + 1; q <= hi; q++ {
				s := parabolas(f, v[k], q)
				for s <= z[k] {
					k--
					s = parabolas(f, v[k], q)
				}
				k++
				v[k] = q
				z[k], z[k+1] = s, math.Inf(1)
			}
			k = 0
			for q := lo + 1; q < hi; q++ {
				for z[k+1] < float64(q) {
					k++
				}
				p := v[k]
				dd := int64(q-p)*int64(q-p) + f[p]
				row[q-1] = int32(min(dd, inf))
			}
			lo = hi - 1
		}
	}
	return d
}

// parabolas is where the parabolas of p and q (p < q) meet.
func parabolas(f []int64, p, q int) float64 {
	return float64((f[q]+int64(q*q))-(f[p]+int64(p*p))) / float64(2*(q-p))
}

// Blob is a filled patch of pencil, such as a dot, found by Blobs.
type Blob struct {
	// At is the centroid of the blob's body, in page mm: the union of the
	// discs of Blobs' radius inside the mask round its core. Lines drawn
	// to the blob or through it are thinner than those discs and are left
	// out of the body, so they do not pull its centre.
	At layout.Point
	// Inner is the centre of the largest disc inside the mask, Radius its
	// radius, in mm.
	Inner  layout.Point
	Radius float64
	// Area is the body's area, in mm².
	Area float64
	// Dark is the mean pencil over the body's seen samples, Seen the
	// share of the body the print leaves visible.
	Dark, Seen float64
}

// Blobs finds the blobs of the mask (as Mask makes it) whose core lies
// in box: the places where a disc of radius r (mm) fits inside the mask,
// each connected set of such centres one blob. A line of pencil thinner
// than 2r has none; two lines crossing have one only where their union
// holds a disc of radius r, which at most sqrt(2) times their half width
// does.
func (k *Ink) Blobs(mask []bool, box layout.Rect, r float64) []Blob {
	d := Inside(mask, k.W, k.H)
	rs := r * k.PerMM // in samples
	r2 := int32(math.Ceil(rs * rs))
	i0, j0 := max(0, int((box.Min.X-k.Box.Min.X)*k.PerMM)), max(0, int((box.Min.Y-k.Box.Min.Y)*k.PerMM))
	i1, j1 := min(k.W, int(math.Ceil((box.Max.X-k.Box.Min.X)*k.PerMM))), min(k.H, int(math.Ceil((box.Max.Y-k.Box.Min.Y)*k.PerMM)))
	seen := make(map[int]bool)
	var out []Blob
	var stack, core []int
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			n := j*k.W + i
			if d[n] < r2 || seen[n] {
				continue
			}
			// The core: the connected centres of discs that fit.
			core = core[:0]
			stack = append(stack[:0], n)
			seen[n] = true
			best, bestAt := int32(0), n
			for len(stack) > 0 {
				m := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				core = append(core, m)
				if d[m] > best {
					best, bestAt = d[m], m
				}
				mi, mj := m%k.W, m/k.W
				for dj := -1; dj <= 1; dj++ {
					for di := -1; di <= 1; di++ {
						ni, nj := mi+di, mj+dj
						if ni < 0 || nj < 0 || ni >= k.W || nj >= k.H {
							continue
						}
						nn := nj*k.W + ni
						if d[nn] >= r2 && !seen[nn] {
							seen[nn] = true
							stack = append(stack, nn)
						}
					}
				}
			}
			b := k.body(mask, core, rs, best)
			b.Inner = k.Pos(bestAt%k.W, bestAt/k.W)
			out = append(out, b)
		}
	}
	return out
}

// body measures the blob whose core (sample indexes) holds the centres of
// discs of radius rs samples inside mask; best is its largest squared
// distance to the outside.
func (k *Ink) body(mask []bool, core []int, rs float64, best int32) Blob {
	ci0, cj0, ci1, cj1 := k.W, k.H, 0, 0
	for _, m := range core {
		ci0, ci1 = min(ci0, m%k.W), max(ci1, m%k.W)
		cj0, cj1 = min(cj0, m/k.W), max(cj1, m/k.W)
	}
	pad := int(math.Ceil(rs))
	bi0, bj0 := max(0, ci0-pad), max(0, cj0-pad)
	bi1, bj1 := min(k.W-1, ci1+pad), min(k.H-1, cj1+pad)
	bw := bi1 - bi0 + 1
	in := make([]bool, bw*(bj1-bj0+1))
	r2 := rs * rs
	for _, m := range core {
		mi, mj := m%k.W, m/k.W
		for j := max(bj0, mj-pad); j <= min(bj1, mj+pad); j++ {
			for i := max(bi0, mi-pad); i <= min(bi1, mi+pad); i++ {
				di, dj := float64(i-mi), float64(j-mj)
				if di*di+dj*dj <= r2 && mask[j*k.W+i] {
					in[(j-bj0)*bw+i-bi0] = true
				}
			}
		}
	}
	var b Blob
	var sx, sy, cnt, vis, dark float64
	for j := bj0; j <= bj1; j++ {
		for i := bi0; i <= bi1; i++ {
			if !in[(j-bj0)*bw+i-bi0] {
				continue
			}
			sx += float64(i)
			sy += float64(j)
			cnt++
			if n := j*k.W + i; k.Print[n] == 0 {
				vis++
				dark += float64(k.Pencil[n]) / 255
			}
		}
	}
	b.At = layout.Point{X: k.Box.Min.X + (sx/cnt+0.5)/k.PerMM, Y: k.Box.Min.Y + (sy/cnt+0.5)/k.PerMM}
	b.Radius = math.Sqrt(float64(best)) / k.PerMM
	b.Area = cnt / (k.PerMM * k.PerMM)
	b.Seen = vis / cnt
	if vis > 0 {
		b.Dark = dark / vis
	}
	return b
}

// Flat returns a copy of k with the paper's own level taken out of the
// pencil: in tiles of about tile mm, the median of the seen samples (the
// paper where most of a tile is paper), the least of each tile and its
// eight neighbours (a dot or a crossing may fill a tile), interpolated
// between the tiles' centres and taken off as the print is, (v - b) / (1
// - b). A phone's shadow edge or uneven light leaves a grey ramp the
// registration's white does not follow; a copy's toner haze a grey floor.
func (k *Ink) Flat(tile float64) *Ink {
	ts := max(4, int(math.Round(tile*k.PerMM)))
	tw, th := (k.W+ts-1)/ts, (k.H+ts-1)/ts
	med := make([]float64, tw*th)
	k.cellHists(ts, func(cell int, hist *[256]int, cnt int) {
		med[cell] = -1 // no paper seen
		for v, c := 0, 0; v < 256 && cnt > 0; v++ {
			if c += hist[v]; 2*c >= cnt {
				med[cell] = float64(v) / 255
				return
			}
		}
	})
	low := make([]float64, len(med))
	for tj := range th {
		for ti := range tw {
			m := math.Inf(1)
			for dj := -1; dj <= 1; dj++ {
				for di := -1; di <= 1; di++ {
					i, j := ti+di, tj+dj
					if i >= 0 && j >= 0 && i < tw && j < th && med[j*tw+i] >= 0 {
						m = math.Min(m, med[j*tw+i])
					}
				}
			}
			if math.IsInf(m, 1) {
				m = 0
			}
			low[tj*tw+ti] = m
		}
	}
	out := *k
	out.Pencil = make([]uint8, len(k.Pencil))
	// The tiles either side of each column and row, and the weights.
	clamp := func(a, hi int) int { return min(max(a, 0), hi-1) }
	xa, xb, wxs := make([]int, k.W), make([]int, k.W), make([]float64, k.W)
	for i := range k.W {
		fx := math.Max(0, math.Min(float64(tw-1), (float64(i)+0.5)/float64(ts)-0.5))
		x0 := min(int(fx), tw-2)
		xa[i], xb[i], wxs[i] = clamp(x0, tw), clamp(x0+1, tw), fx-float64(max(x0, 0))
	}
	for j := range k.H {
		fy := math.Max(0, math.Min(float64(th-1), (float64(j)+0.5)/float64(ts)-0.5))
		y0 := min(int(fy), th-2)
		wy := fy - float64(max(y0, 0))
		ra, rb := low[clamp(y0, th)*tw:], low[clamp(y0+1, th)*tw:]
		for i := range k.W {
			n := j*k.W + i
			if k.Print[n] != 0 || k.Pencil[n] == 0 {
				continue // no pencil: none after the paper's level is taken off
			}
			wx := wxs[i]
			bg := (ra[xa[i]]*(1-wx)+ra[xb[i]]*wx)*(1-wy) + (rb[xa[i]]*(1-wx)+rb[xb[i]]*wx)*wy
			v := (float64(k.Pencil[n])/255 - bg) / (1 - bg)
			out.Pencil[n] = uint8(math.Round(255 * math.Max(0, math.Min(1, v))))
		}
	}
	return &out
}

// Rim finds the edge of a round blob about c: rays in n directions from
// c, each to where the pencil falls below thresh (to a fraction of a
// sample). A ray goes on under a printed line (up to a millimetre of it),
// whether the mask fills it or not: where the blob comes out the other
// side it goes on, where paper does the edge was under the print and is
// not known (NaN). A ray that runs past maxR (mm) runs along a line drawn
// from the blob: its distance is +Inf.
func (k *Ink) Rim(mask []bool, c layout.Point, n int, thresh, maxR float64) []float64 {
	const step = 1.0 / 16
	out := make([]float64, n)
	for r := range n {
		a := 2 * math.Pi * float64(r) / float64(n)
		ux, uy := math.Cos(a), math.Sin(a)
		out[r] = math.Inf(1)
		prev, hidden := math.Inf(1), 0.0
		for t := 0.0; t <= maxR; t += step {
			p := layout.Point{X: c.X + ux*t, Y: c.Y + uy*t}
			m, ok := k.index(p)
			if !ok {
				out[r] = math.NaN()
				break
			}
			if k.Print[m] != 0 {
				if !mask[m] {
					hidden += step
				}
				if hidden > 1 {
					out[r] = math.NaN()
					break
				}
				prev = math.Inf(1)
				continue
			}
			v, seen := k.bilinear(p)
			if !seen {
				v = float64(k.Pencil[m]) / 255
			}
			if v >= thresh {
				prev, hidden = v, 0
				continue
			}
			if hidden > 0 {
				out[r] = math.NaN() // the edge was under the print
				break
			}
			f := 0.5 // between the last point in and this one
			if !math.IsInf(prev, 1) && prev > v {
				f = (prev - thresh) / (prev - v)
			}
			out[r] = math.Max(0, t-step+f*step)
			break
		}
	}
	return out
}

// bilinear is the pencil at p between the four samples round it, when
// the print hides none of them.
func (k *Ink) bilinear(p layout.Point) (float64, bool) {
	x := (p.X-k.Box.Min.X)*k.PerMM - 0.5
	y := (p.Y-k.Box.Min.Y)*k.PerMM - 0.5
	i, j := int(math.Floor(x)), int(math.Floor(y))
	if i < 0 || j < 0 || i+1 >= k.W || j+1 >= k.H {
		return 0, false
	}
	fx, fy := x-float64(i), y-float64(j)
	n := j*k.W + i
	if k.Print[n]|k.Print[n+1]|k.Print[n+k.W]|k.Print[n+k.W+1] != 0 {
		return 0, false
	}
	v := (float64(k.Pencil[n])*(1-fx)+float64(k.Pencil[n+1])*fx)*(1-fy) + (float64(k.Pencil[n+k.W])*(1-fx)+float64(k.Pencil[n+k.W+1])*fx)*fy
	return v / 255, true
}

// Circle is a circle fitted to points, with how well it fits.
type Circle struct {
	C layout.Point
	R float64
	// RMS is the points' root mean square distance from the circle;
	// SX and SY are the standard errors of the centre's coordinates,
	// large where the points cover a short arc.
	RMS, SX, SY float64
}

// FitCircle returns the circle nearest the points in the least squares
// sense of Kåsa (the algebraic fit, exact for points on a circle), false
// for fewer than four points or points in line.
func FitCircle(pts []layout.Point) (Circle, bool) {
	if len(pts) < 4 {
		return Circle{}, false
	}
	// Centred on the points' mean, for conditioning.
	var mx, my float64
	for _, p := range pts {
		mx += p.X
		my += p.Y
	}
	mx /= float64(len(pts))
	my /= float64(len(pts))
	// The normal equations of x^2 + y^2 + D x + E y + F = 0, their right
	// side in column 3 and the identity beside, for the inverse.
	var a [3][7]float64
	for _, p := range pts {
		x, y := p.X-mx, p.Y-my
		row := [4]float64{x, y, 1, -(x*x + y*y)}
		for r := range 3 {
			for c := range 4 {
				a[r][c] += row[r] * row[c]
			}
		}
	}
	for r := range 3 {
		a[r][4+r] = 1
	}
	for c := range 3 { // Gauss-Jordan with partial pivoting
		piv := c
		for r := c + 1; r < 3; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[piv][c]) {
				piv = r
			}
		}
		if math.Abs(a[piv][c]) < 1e-12 {
			return Circle{}, false
		}
		a[c], a[piv] = a[piv], a[c]
		f := a[c][c]
		for cc := range 7 {
			a[c][cc] /= f
		}
		for r := range 3 {
			if r != c {
				f := a[r][c]
				for cc := range 7 {
					a[r][cc] -= f * a[c][cc]
				}
			}
		}
	}
	// Column 3 holds the solution, columns 4 to 6 the inverse.
	d, e, f := a[0][3], a[1][3], a[2][3]
	cx, cy := -d/2, -e/2
	r2 := cx*cx + cy*cy - f
	if r2 <= 0 {
		return Circle{}, false
	}
	c := Circle{C: layout.Point{X: cx + mx, Y: cy + my}, R: math.Sqrt(r2)}
	ss, alg := 0.0, 0.0
	for _, p := range pts {
		x, y := p.X-mx, p.Y-my
		g := math.Hypot(x-cx, y-cy) - c.R
		ss += g * g
		v := x*x + y*y + d*x + e*y + f
		alg += v * v
	}
	c.RMS = math.Sqrt(ss / float64(len(pts)))
	s2 := alg / float64(len(pts)-3)
	c.SX = math.Sqrt(math.Max(0, s2*a[0][4])) / 2
	c.SY = math.Sqrt(math.Max(0, s2*a[1][5])) / 2
	return c, true
}

// Rim is the fit of a blob's rim (FitRim).
type RimFit struct {
	Circle
	// Round is the share of the rim points seen that lie on the circle,
	// within 0.2 mm: near 1 for a dot, low for lines crossing.
	Round float64
	// Gap is the widest angle (radians) about the centre with no rim
	// point fitted: the print or the lines hide the rim there, and a
	// gap past a half turn leaves the centre unsure.
	Gap float64
	// Lines counts the directions in which pencil runs on from the blob.
	Lines int
	// Thresh is the darkness the rim was taken at.
	Thresh float64
	// Chords is the centre the chords through the blob give (the median
	// of their midpoints' offsets), where the fit starts.
	Chords layout.Point
}

// chords moves c to the middle of the blob: three times over, by the
// median, over the directions whose rays both ways meet the rim, of the
// offset of the chord's midpoint along it.
func (k *Ink) chords(mask []bool, c layout.Point, thresh float64) layout.Point {
	const n = 64
	for range 3 {
		ds := k.Rim(mask, c, n, thresh, 2.0)
		var ox, oy []float64
		for r := range n / 2 {
			d1, d2 := ds[r], ds[r+n/2]
			if math.IsNaN(d1) || math.IsNaN(d2) || math.IsInf(d1, 0) || math.IsInf(d2, 0) {
				continue
			}
			a := 2 * math.Pi * float64(r) / n
			off := (d1 - d2) / 2
			ox = append(ox, off*math.Cos(a))
			oy = append(oy, off*math.Sin(a))
		}
		if len(ox) < 6 {
			break
		}
		// Each chord moves the centre along itself only: the offsets'
		// medians, doubled, undo the projection's halving on average.
		mx := slices.Sorted(slices.Values(ox))[len(ox)/2]
		my := slices.Sorted(slices.Values(oy))[len(oy)/2]
		c = layout.Point{X: c.X + 2*mx, Y: c.Y + 2*my}
	}
	return c
}

// FitRim fits a circle to the rim of the round blob of the mask about c
// (a Blob's Inner). The rim is taken at half the blob's own darkness, or
// thresh if more, so a lighter line drawn to a dot stops at its rim. The
// rays of Rim in 64 directions that run on along a line are left out with
// their neighbours (the fillet where the line meets the rim) and all
// those between two lines at less than 45 degrees (the wedge they make);
// of the rest, those within a quarter millimetre of their median
// distance (the rim) are fitted, three times over from the centre found.
func (k *Ink) FitRim(mask []bool, c layout.Point, thresh float64) (RimFit, bool) {
	const n = 64
	var fit RimFit
	fit.Thresh = math.Max(thresh, 0.5*k.core(c, 0.4))
	ok := false
	at := k.chords(mask, c, fit.Thresh)
	fit.Chords = at
	for range 3 {
		ds := k.Rim(mask, at, n, fit.Thresh, 2.0)
		drop := make([]bool, n)
		var runs []int
		for r, d := range ds {
			if math.IsInf(d, 1) {
				runs = append(runs, r)
				for o := -3; o <= 3; o++ {
					drop[(r+o+n)%n] = true
				}
			}
		}
		for i, a := range runs {
			b := runs[(i+1)%len(runs)]
			if w := (b - a + n) % n; w > 0 && w <= n/8 {
				for o := a; o != b; o = (o + 1) % n {
					drop[o] = true
				}
			}
		}
		var seen []float64
		for r, d := range ds {
			if !drop[r] && !math.IsNaN(d) {
				seen = append(seen, d)
			}
		}
		if len(seen) < 8 {
			break
		}
		med := slices.Sorted(slices.Values(seen))[len(seen)/2]
		var keep []layout.Point
		var angles []int
		for r, d := range ds {
			if !drop[r] && !math.IsNaN(d) && math.Abs(d-med) <= 0.25 {
				a := 2 * math.Pi * float64(r) / n
				keep = append(keep, layout.Point{X: at.X + d*math.Cos(a), Y: at.Y + d*math.Sin(a)})
				angles = append(angles, r)
			}
		}
		f, good := FitCircle(keep)
		for range 2 { // leave out the points off the circle: a line beside the blob
			if !good {
				break
			}
			var in []layout.Point
			var ia []int
			for i, p := range keep {
				if math.Abs(p.Dist(f.C)-f.R) <= math.Max(0.12, 2.5*f.RMS) {
					in = append(in, p)
					ia = append(ia, angles[i])
				}
			}
			if len(in) == len(keep) || len(in) < 8 {
				break
			}
			keep, angles = in, ia
			f, good = FitCircle(keep)
		}
		if !good || f.C.Dist(c) > 1.5 {
			break
		}
		on := 0
		for _, p := range keep {
			if math.Abs(p.Dist(f.C)-f.R) <= 0.2 {
				on++
			}
		}
		gap := 0
		for i, a := range angles {
			gap = max(gap, (angles[(i+1)%len(angles)]-a+n-1)%n+1)
		}
		fit.Circle, fit.Round, fit.Gap, fit.Lines = f, float64(on)/float64(len(seen)), 2*math.Pi*float64(gap)/n, lines(runs, n)
		ok, at = true, f.C
	}
	return fit, ok
}

// lines counts the runs of neighbouring directions in rs (sorted, of n
// round a circle).
func lines(rs []int, n int) int {
	c := 0
	for i, r := range rs {
		if p := rs[(i+len(rs)-1)%len(rs)]; len(rs) == 1 || (r-p+n)%n != 1 {
			c++
		}
	}
	if c == 0 && len(rs) > 0 {
		c = 1 // every direction
	}
	return c
}

// core is the median pencil seen within r mm of c.
func (k *Ink) core(c layout.Point, r float64) float64 {
	var v []float64
	for y := -r; y <= r; y += 1 / k.PerMM {
		for x := -r; x <= r; x += 1 / k.PerMM {
			if x*x+y*y <= r*r {
				if d, ok := k.At(layout.Point{X: c.X + x, Y: c.Y + y}); ok {
					v = append(v, d)
				}
			}
		}
	}
	if len(v) == 0 {
		return 0
	}
	return slices.Sorted(slices.Values(v))[len(v)/2]
}

// Covered measures the mask along a polyline, as Along measures the
// pencil: at every Step, the length is covered when a sample of the mask
// lies within half (mm) across it, unseen when the print hides the
// paper at the path itself (and the mask does not go on under it), and
// otherwise a gap. Dark is left 0.
func (k *Ink) Covered(mask []bool, pl []layout.Point, half float64) Trace {
	var t tally
	steps(pl, func(c layout.Point, ux, uy, ds float64) {
		on := false
		for o := -half; o <= half+1e-9 && !on; o += 1 / k.PerMM {
			if m, ok := k.index(layout.Point{X: c.X - uy*o, Y: c.Y + ux*o}); ok && mask[m] {
				on = true
			}
		}
		if !on {
			if m, ok := k.index(c); !ok || k.Print[m] != 0 {
				t.hidden(ds, false)
				return
			}
		}
		t.step(ds, 0, on)
	})
	return t.trace()
}
