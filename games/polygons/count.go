package polygons

import (
	"slices"

	"papergames/geom"
)

// Seg is a segment between two points with integer coordinates, the input
// of Counter.
type Seg struct{ AX, AY, BX, BY int64 }

// MaxCoord bounds the coordinates Counter takes (|c| <= MaxCoord).
//
// With |c| <= M = 2^14 every quantity fits int64: direction components are
// at most 2M, cross products of two directions at most 8M^2 = 2^31; a
// crossing is at t = tn/td along a segment with |tn|, |td| <= 8M^2, and
// comparing two such fractions multiplies two of them, at most 64M^4 =
// 2^62. A crossing point is kept as (X/W, Y/W) with X = ax*td + tn*dx, so
// |X| <= M*8M^2 + 8M^2*2M = 24M^3 < 2^47 and 0 < W <= 8M^2, reduced by
// their gcd so that equal points have equal triples.
const MaxCoord = 1 << 14

// Counter counts the faces of a small drawing with integer coordinates
// exactly, and much faster than geom.Arrange, which it agrees with (the
// tests compare them on many random drawings). It handles crossings, points
// where many segments meet, T-junctions, shared ends, duplicate segments,
// stubs and pinched faces; it declines (ok false) drawings beyond that:
// coordinates beyond MaxCoord, a zero-length segment, collinear segments
// overlapping other than as duplicates, a drawing in more than one piece,
// or a face with an island inside. Its buffers are reused, so a warm
// Counter does not allocate. The zero value is ready to use.
type Counter struct {
	segs  []Seg
	dir   [][2]int64 // direction of each segment, A to B
	ev    []event
	verts map[[3]int64]int32
	vlow  [2]int64 // lowest, then leftmost, end
	v0    int32
	nv    int32
	ends  []int32 // vertex of each half-edge's origin
	hdir  [][2]int64
	start []int32 // rotation of vertex v: rot[start[v]:start[v+1]]
	rot   []int32
	pos   []int32 // index of each half-edge in rot
	cycle []int32
	fill  []int32 // cycles done
	ring  []int32
}

type event struct {
	seg    int32
	tn, td int64 // position tn/td along the segment, td > 0
	v      int32
}

// Sides appends the number of sides of every bounded face of the drawing
// of segs to buf, in no particular order; ok is false when the drawing is
// beyond the fast path (see Counter), and the caller must use
// geom.Arrange.
func (c *Counter) Sides(segs []Seg, buf []int) (_ []int, ok bool) {
	if c.verts == nil {
		c.verts = make(map[[3]int64]int32)
	}
	clear(c.verts)
	c.segs = c.segs[:0]
	for _, s := range segs {
		if !inRange(s.AX) || !inRange(s.AY) || !inRange(s.BX) || !inRange(s.BY) {
			return buf, false
		}
		if s.AX > s.BX || s.AX == s.BX && s.AY > s.BY {
			s = Seg{s.BX, s.BY, s.AX, s.AY}
		}
		if s.AX == s.BX && s.AY == s.BY {
			return buf, false
		}
		if !slices.Contains(c.segs, s) {
			c.segs = append(c.segs, s)
		}
	}
	if len(c.segs) == 0 {
		return buf, true
	}
	c.dir = c.dir[:0]
	c.ev = c.ev[:0]
	c.nv = 0
	first := true
	for i, s := range c.segs {
		c.dir = append(c.dir, [2]int64{s.BX - s.AX, s.BY - s.AY})
		a := c.vertex(s.AX, s.AY, 1)
		b := c.vertex(s.BX, s.BY, 1)
		c.ev = append(c.ev, event{int32(i), 0, 1, a}, event{int32(i), 1, 1, b})
		for _, p := range [2][2]int64{{s.AX, s.AY}, {s.BX, s.BY}} {
			if first || p[1] < c.vlow[1] || p[1] == c.vlow[1] && p[0] < c.vlow[0] {
				c.vlow, first = p, false
			}
		}
	}
	c.v0 = c.verts[[3]int64{c.vlow[0], c.vlow[1], 1}]
	for i := range c.segs {
		for j := i + 1; j < len(c.segs); j++ {
			if !c.meet(int32(i), int32(j)) {
				return buf, false
			}
		}
	}
	// Split each segment at its events, in order along it.
	slices.SortFunc(c.ev, func(x, y event) int {
		if x.seg != y.seg {
			return int(x.seg - y.seg)
		}
		return cmp64(x.tn*y.td, y.tn*x.td)
	})
	c.ends = c.ends[:0]
	c.hdir = c.hdir[:0]
	for k := 1; k < len(c.ev); k++ {
		x, y := c.ev[k-1], c.ev[k]
		if x.seg != y.seg || x.v == y.v {
			continue
		}
		d := c.dir[x.seg]
		c.ends = append(c.ends, x.v, y.v)
		c.hdir = append(c.hdir, d, [2]int64{-d[0], -d[1]})
	}
	nh := int32(len(c.ends))
	// Rotations: the half-edges leaving each vertex, counterclockwise from
	// the +x direction.
	c.start = grow(c.start, int(c.nv)+2)
	for _, v := range c.ends {
		c.start[v+2]++
	}
	for v := int32(2); v < c.nv+2; v++ {
		c.start[v] += c.start[v-1]
	}
	c.rot = grow(c.rot, int(nh))
	for h, v := range c.ends {
		c.rot[c.start[v+1]] = int32(h)
		c.start[v+1]++
	}
	c.start = c.start[:c.nv+1]
	c.pos = grow(c.pos, int(nh))
	for v := int32(0); v < c.nv; v++ {
		r := c.rot[c.start[v]:c.start[v+1]]
		for a := 1; a < len(r); a++ { // insertion sort: degrees are small
			for b := a; b > 0 && angleCmp(c.hdir[r[b-1]], c.hdir[r[b]]) > 0; b-- {
				r[b-1], r[b] = r[b], r[b-1]
			}
		}
		for k, h := range r {
			c.pos[h] = int32(k)
		}
	}
	// Cycles: next(h) leaves h's head clockwise after h's twin, so the
	// face of each cycle is on its left.
	c.cycle = grow(c.cycle, int(nh))
	for h := range c.cycle {
		c.cycle[h] = -1
	}
	nc := int32(0)
	for h := int32(0); h < nh; h++ {
		if c.cycle[h] >= 0 {
			continue
		}
		for g := h; c.cycle[g] < 0; g = c.next(g) {
			c.cycle[g] = nc
		}
		nc++
	}
	if c.nv-nh/2+nc != 2 { // Euler: V - E + cycles = 2 per piece
		return buf, false
	}
	// The lowest, then leftmost, vertex has every edge at an angle in
	// [0, pi); the outside lies beyond the last one counterclockwise.
	outer := c.cycle[c.rot[c.start[c.v0+1]-1]]
	c.fill = grow(c.fill, int(nc))
	c.fill[outer] = 1
	for h := int32(0); h < nh; h++ {
		k := c.cycle[h]
		if c.fill[k] != 0 {
			continue
		}
		c.fill[k] = 1
		sides, ok := c.sides(h)
		if !ok {
			return buf, false
		}
		buf = append(buf, sides)
	}
	return buf, true
}

func inRange(v int64) bool { return v >= -MaxCoord && v <= MaxCoord }

func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	s = s[:n]
	clear(s)
	return s
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cross(a, b [2]int64) int64 { return a[0]*b[1] - a[1]*b[0] }

// angleCmp orders directions counterclockwise from +x.
func angleCmp(a, b [2]int64) int {
	ha, hb := half(a), half(b)
	if ha != hb {
		return ha - hb
	}
	return -sign(cross(a, b))
}

func half(d [2]int64) int {
	if d[1] > 0 || d[1] == 0 && d[0] > 0 {
		return 0
	}
	return 1
}

func sign(v int64) int { return cmp64(v, 0) }

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// vertex returns the id of the point (x/w, y/w), w > 0.
func (c *Counter) vertex(x, y, w int64) int32 {
	if w != 1 {
		if g := gcd(gcd(x, y), w); g > 1 {
			x, y, w = x/g, y/g, w/g
		}
	}
	k := [3]int64{x, y, w}
	if v, ok := c.verts[k]; ok {
		return v
	}
	c.verts[k] = c.nv
	c.nv++
	return c.nv - 1
}

// meet adds the events where segments i and j meet; false for a
// collinear overlap.
func (c *Counter) meet(i, j int32) bool {
	s, t := c.segs[i], c.segs[j]
	// Ends are ordered by x, so the x ranges are [AX, BX].
	if s.BX < t.AX || t.BX < s.AX || max(s.AY, s.BY) < min(t.AY, t.BY) || max(t.AY, t.BY) < min(s.AY, s.BY) {
		return true
	}
	d, e := c.dir[i], c.dir[j]
	w := [2]int64{t.AX - s.AX, t.AY - s.AY}
	den := cross(d, e)
	if den == 0 {
		if cross(w, d) != 0 {
			return true // parallel
		}
		// Collinear: ends are ordered (x, then y), so they overlap when
		// each starts before the other ends.
		before := func(ax, ay, bx, by int64) bool { return ax < bx || ax == bx && ay < by }
		return !(before(s.AX, s.AY, t.BX, t.BY) && before(t.AX, t.AY, s.BX, s.BY))
	}
	o1 := sign(cross(d, w))
	o2 := sign(cross(d, [2]int64{t.BX - s.AX, t.BY - s.AY}))
	if o1*o2 > 0 {
		return true
	}
	o3 := sign(cross(e, [2]int64{-w[0], -w[1]}))
	o4 := sign(cross(e, [2]int64{s.BX - t.AX, s.BY - t.AY}))
	if o3*o4 > 0 {
		return true
	}
	// They meet at s.A + tn/den*d = t.A + un/den*e.
	tn, un := cross(w, e), cross(w, d)
	if den < 0 {
		den, tn, un = -den, -tn, -un
	}
	tIn, uIn := tn > 0 && tn < den, un > 0 && un < den
	if !tIn && !uIn {
		return true // a shared end
	}
	v := c.vertex(s.AX*den+tn*d[0], s.AY*den+tn*d[1], den)
	if tIn {
		c.ev = append(c.ev, event{i, tn, den, v})
	}
	if uIn {
		c.ev = append(c.ev, event{j, un, den, v})
	}
	return true
}

func (c *Counter) next(h int32) int32 {
	t := h ^ 1
	v := c.ends[t]
	k := c.pos[t] - 1
	if k < 0 {
		k = c.start[v+1] - c.start[v] - 1
	}
	return c.rot[c.start[v]+k]
}

// sides counts the corners of the face whose boundary cycle holds h,
// without the edges that have the face on both sides; false when what is
// left is not one ring (an island inside the face).
func (c *Counter) sides(h int32) (int, bool) {
	k := c.cycle[h]
	r := c.ring[:0]
	g := h
	for {
		if c.cycle[g^1] != k {
			r = append(r, g)
		}
		g = c.next(g)
		if g == h {
			break
		}
	}
	c.ring = r
	n := 0
	for i, a := range r {
		b := r[(i+1)%len(r)]
		if c.ends[a^1] != c.ends[b] {
			return 0, false
		}
		da, db := c.hdir[a], c.hdir[b]
		if cross(da, db) != 0 || da[0]*db[0]+da[1]*db[1] < 0 {
			n++
		}
	}
	return n, true
}

// ArrangeSides returns the number of sides of every bounded face of segs,
// from geom.Arrange: the general path behind Counter.
func ArrangeSides(segs []geom.Segment, buf []int) ([]int, error) {
	arr, err := geom.Arrange(segs)
	if err != nil {
		return buf, err
	}
	for _, f := range arr.Faces() {
		buf = append(buf, f.Sides)
	}
	return buf, nil
}
