package read

import (
	"math"
	"sort"

	"papergames/layout"
)

// The registration marks are black discs with a white hole in the middle
// (layout.DrawMark). They are found on a copy of the image reduced to
// about markWork pixels along its long side, binarised against the
// paper's white: a dark component with exactly one hole, the hole centred
// in it, both round (elliptical under perspective), is a mark.

const markWork = 1400

// blob is a connected component, with its moments.
type blob struct {
	n             int
	sx, sy        float64
	sxx, syy, sxy float64
	minX, minY    int
	maxX, maxY    int
	border        bool
	holes         int
	holeN         int
	hsx, hsy      float64
	other         bool // a light component next to more than one dark one
	enclosing     int  // for a light component: its dark neighbour (+1), 0 for none yet
}

func (b *blob) add(x, y int) {
	fx, fy := float64(x), float64(y)
	if b.n == 0 {
		b.minX, b.minY, b.maxX, b.maxY = x, y, x, y
	}
	b.n++
	b.sx += fx
	b.sy += fy
	b.sxx += fx * fx
	b.syy += fy * fy
	b.sxy += fx * fy
	b.minX, b.minY = min(b.minX, x), min(b.minY, y)
	b.maxX, b.maxY = max(b.maxX, x), max(b.maxY, y)
}

// markCand is a mark found, in full-resolution pixels.
type markCand struct {
	c layout.Point
	r float64 // outer radius, the mean of the ellipse's axes
}

// findMarks returns the mark candidates of the image, largest first.
func (ph *photo) findMarks() []markCand {
	f := math.Max(1, float64(max(ph.w, ph.h))/markWork)
	w, h := int(float64(ph.w)/f), int(float64(ph.h)/f)
	dark := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			cx, cy := (float64(x)+0.5)*f, (float64(y)+0.5)*f
			// The mean over the reduced pixel's area.
			s, n := 0.0, 0
			for j := int(cy - f/2); j < int(cy+f/2+0.5) && j < ph.h; j++ {
				for i := int(cx - f/2); i < int(cx+f/2+0.5) && i < ph.w; i++ {
					if i >= 0 && j >= 0 {
						s += float64(ph.g.Pix[j*ph.g.Stride+i])
						n++
					}
				}
			}
			if n > 0 {
				dark[y*w+x] = s/float64(n) < 0.55*ph.white(cx, cy)
			}
		}
	}
	dl, dn := label(dark, w, h, true, true)
	ll, ln := label(dark, w, h, false, false)
	db := make([]blob, dn)
	lb := make([]blob, ln)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			edge := x == 0 || y == 0 || x == w-1 || y == h-1
			if dark[i] {
				b := &db[dl[i]]
				b.add(x, y)
				b.border = b.border || edge
				continue
			}
			b := &lb[ll[i]]
			b.add(x, y)
			b.border = b.border || edge
			// Which dark components this light one touches.
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= w || ny >= h || !dark[ny*w+nx] {
					continue
				}
				k := dl[ny*w+nx] + 1
				switch {
				case b.enclosing == 0:
					b.enclosing = k
				case b.enclosing != k:
					b.other = true
				}
			}
		}
	}
	for i := range lb {
		b := &lb[i]
		if b.border || b.other || b.enclosing == 0 {
			continue
		}
		d := &db[b.enclosing-1]
		d.holes++
		d.holeN += b.n
		d.hsx += b.sx
		d.hsy += b.sy
	}
	var out []markCand
	for i := range db {
		b := &db[i]
		if b.holes != 1 || b.border || b.n < 12 {
			continue
		}
		total := float64(b.n + b.holeN)
		holeShare := float64(b.holeN) / total
		if holeShare < 0.05 || holeShare > 0.2 { // the mark's is (1/3)^2; a bold o's 0.3
			continue
		}
		// Moments of the filled disc (ring and hole together).
		sx, sy := b.sx+b.hsx, b.sy+b.hsy
		cx, cy := sx/total, sy/total
		hx, hy := b.hsx/float64(b.holeN), b.hsy/float64(b.holeN)
		// The hole's moments are not kept: use the ring's, corrected by a
		// disc of the hole's area at the hole's centre, which is what a
		// centred hole is.
		rn := float64(b.n)
		vxx := b.sxx/rn - (b.sx/rn)*(b.sx/rn)
		vyy := b.syy/rn - (b.sy/rn)*(b.sy/rn)
		vxy := b.sxy/rn - (b.sx/rn)*(b.sy/rn)
		tr, det := vxx+vyy, vxx*vyy-vxy*vxy
		l1 := tr/2 + math.Sqrt(math.Max(0, tr*tr/4-det))
		l2 := tr/2 - math.Sqrt(math.Max(0, tr*tr/4-det))
		if l2 <= 0 {
			continue
		}
		r := math.Sqrt(total / math.Pi)
		if math.Hypot(hx-cx, hy-cy) > 0.25*r || math.Sqrt(l1/l2) > 3 {
			continue
		}
		// A ring of radii a and r has second moment (r^2 + a^2)/4 along
		// each axis; an ellipse's area is 4 pi sqrt(l1 l2) times that ratio.
		a2 := float64(b.holeN) / math.Pi
		want := (r*r + a2) / 4
		if ratio := math.Sqrt(l1*l2) / want; ratio < 0.6 || ratio > 1.6 {
			continue
		}
		if crowded(dark, w, h, cx, cy, r) {
			continue
		}
		out = append(out, markCand{c: layout.Point{X: (cx + 0.5) * f, Y: (cy + 0.5) * f}, r: r * f})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].r > out[j].r })
	return out
}

// crowded reports whether the ring from 1.4 to 1.7 radii round a
// candidate at (cx, cy) of radius r holds print: a mark stands alone (the
// nearest print is 5 mm from its centre, 1.67 radii), a round letter has
// its neighbours in the word beside it.
func crowded(dark []bool, w, h int, cx, cy, r float64) bool {
	n, d := 0, 0
	for _, k := range []float64{1.4, 1.55, 1.7} {
		for a := range 48 {
			t := 2 * math.Pi * float64(a) / 48
			x, y := int(cx+k*r*math.Cos(t)+0.5), int(cy+k*r*math.Sin(t)+0.5)
			if x < 0 || y < 0 || x >= w || y >= h {
				continue
			}
			n++
			if dark[y*w+x] {
				d++
			}
		}
	}
	return n == 0 || float64(d) > 0.12*float64(n)
}

// label numbers the connected components of the pixels where v == want:
// 8-connected when eight, else 4-connected. It returns each pixel's
// component (undefined elsewhere) and the count.
func label(v []bool, w, h int, want, eight bool) ([]int, int) {
	parent := make([]int32, 0, 1024)
	find := func(a int32) int32 {
		for parent[a] != a {
			parent[a] = parent[parent[a]]
			a = parent[a]
		}
		return a
	}
	union := func(a, b int32) {
		a, b = find(a), find(b)
		if a != b {
			if a < b {
				parent[b] = a
			} else {
				parent[a] = b
			}
		}
	}
	lab := make([]int32, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			if v[i] != want {
				continue
			}
			l := int32(-1)
			try := func(nx, ny int) {
				if nx < 0 || ny < 0 || nx >= w || v[ny*w+nx] != want {
					return
				}
				k := lab[ny*w+nx]
				if l < 0 {
					l = k
				} else {
					union(l, k)
				}
			}
			try(x-1, y)
			if y > 0 {
				try(x, y-1)
				if eight {
					try(x-1, y-1)
					try(x+1, y-1)
				}
			}
			if l < 0 {
				l = int32(len(parent))
				parent = append(parent, l)
			}
			lab[i] = l
		}
	}
	ids := make([]int, len(parent))
	n := 0
	for i := range parent {
		if find(int32(i)) == int32(i) {
			ids[i] = n
			n++
		}
	}
	out := make([]int, w*h)
	for i := range lab {
		if v[i] == want {
			out[i] = ids[find(lab[i])]
		}
	}
	return out, n
}

// pickQuad chooses, among the candidates, the four registration marks of
// one page: the four of like size that span the largest convex
// quadrilateral. It returns them in clockwise order on the image (y
// down), starting from any; false when there are not four.
func pickQuad(cs []markCand) ([4]markCand, bool) {
	var best [4]markCand
	bestA := 0.0
	n := min(len(cs), 24)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					q := [4]markCand{cs[a], cs[b], cs[c], cs[d]}
					rmin, rmax := q[0].r, q[0].r
					for _, m := range q {
						rmin, rmax = math.Min(rmin, m.r), math.Max(rmax, m.r)
					}
					// Perspective makes the near marks larger, not by half.
					if rmax > 1.6*rmin {
						continue
					}
					q, ok := convexOrder(q)
					if !ok {
						continue
					}
					if ar := quadArea(q); ar > bestA {
						best, bestA = q, ar
					}
				}
			}
		}
	}
	return best, bestA > 0
}

// convexOrder orders four points clockwise round their centre (y down) and
// reports whether they make a convex quadrilateral.
func convexOrder(q [4]markCand) ([4]markCand, bool) {
	cx, cy := 0.0, 0.0
	for _, m := range q {
		cx += m.c.X / 4
		cy += m.c.Y / 4
	}
	sort.Slice(q[:], func(i, j int) bool {
		return math.Atan2(q[i].c.Y-cy, q[i].c.X-cx) < math.Atan2(q[j].c.Y-cy, q[j].c.X-cx)
	})
	for i := range 4 {
		a, b, c := q[i].c, q[(i+1)%4].c, q[(i+2)%4].c
		if (b.X-a.X)*(c.Y-b.Y)-(b.Y-a.Y)*(c.X-b.X) <= 0 {
			return q, false
		}
	}
	return q, true
}

func quadArea(q [4]markCand) float64 {
	a := 0.0
	for i := range 4 {
		p, r := q[i].c, q[(i+1)%4].c
		a += p.X*r.Y - r.X*p.Y
	}
	return math.Abs(a) / 2
}

// refineMark finds a mark's centre at full resolution near c: the
// centroid of its darkness within 1.3 radii (the nearest print, the
// title or the code, is 5 mm from a mark's centre), which a disc with a
// centred hole puts at its centre. Twice, to recentre the window.
func (ph *photo) refineMark(c layout.Point, r float64) layout.Point {
	for range 2 {
		R := 1.3 * r
		sx, sy, sw := 0.0, 0.0, 0.0
		for y := int(c.Y - R); y <= int(c.Y+R); y++ {
			for x := int(c.X - R); x <= int(c.X+R); x++ {
				dx, dy := float64(x)+0.5-c.X, float64(y)+0.5-c.Y
				if dx*dx+dy*dy > R*R {
					continue
				}
				d := ph.dark(float64(x)+0.5, float64(y)+0.5)
				if d < 0.3 {
					continue
				}
				sx += d * (float64(x) + 0.5)
				sy += d * (float64(y) + 0.5)
				sw += d
			}
		}
		if sw == 0 {
			return c
		}
		c = layout.Point{X: sx / sw, Y: sy / sw}
	}
	return c
}
