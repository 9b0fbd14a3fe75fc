package analysis

// GridCounter counts the faces of a Permutation Grid drawing the fast
// way, using what is special about it: the row path is y-monotone and
// the column path x-monotone, every dot is on both, segment R_k of the
// row path (rows k to k+1) and segment C_j of the column path (columns j
// to j+1) can only meet inside the unit cell (j, k), at most once, and
// they coincide exactly when both are the cell's diagonal. So the
// crossings are found cell by cell with integer orientation tests, already
// in order along each segment, every crossing is of exactly two segments,
// and the planar graph is built in arrays without sorting or hashing.
// Faces and their sides are then walked as polygons.Counter walks them
// (the engine's counter, which it is tested against on every permutation
// up to n = 8 and on random ones to n = 16): sides are corners, a stretch
// with the same face on both sides is left out.
//
// A warm GridCounter does not allocate. The zero value is ready to use.
type GridCounter struct {
	col   []int
	segs  []gridSeg
	verts []int32 // vertices along every segment, segment by segment
	nv    int32
	tail  []int32    // half-edge h leaves tail[h]; its twin is h^1
	dir   [][2]int64 // direction of each half-edge
	rot   []int32    // half-edges leaving each vertex, counterclockwise, 4 slots a vertex
	deg   []int8
	pos   []int8 // slot of each half-edge in its tail's rotation
	cycle []int32
	trip  []int32 // crossings as (column, row, vertex)
	done  []bool  // cycles counted
	ring  []int32
}

type gridSeg struct {
	d       [2]int64 // direction, first end to second
	from, n int32    // its vertices: verts[from : from+n]
}

// Count returns the triangles and the faces of 4 or more sides of the
// drawing of perm (perm[row] = column of the row's dot, n <= 64); ok is
// false in the one case it leaves to PermScorer: a face whose boundary,
// without its stubs, is not one ring (which a connected drawing like this
// one never has).
func (g *GridCounter) Count(perm []int) (tri, big int, ok bool) {
	n := len(perm)
	if n < 3 {
		return 0, 0, true
	}
	g.col = resize(g.col, n)
	for r, c := range perm {
		g.col[c] = r
	}
	col := g.col
	// Row segments R_k (k < n-1), then column segments C_j; a column
	// segment that is a row segment's duplicate is left out.
	g.segs = g.segs[:0]
	g.verts = g.verts[:0]
	// Crossings, cell by cell with the rows in order, so that each column
	// segment meets its own in increasing row too.
	g.nv = int32(n) // dots are vertices 0..n-1, by row
	trip := g.trip[:0]
	for k := 0; k+1 < n; k++ {
		a, b := perm[k], perm[k+1]
		d := int64(b - a)
		from := int32(len(g.verts))
		g.verts = append(g.verts, int32(k))
		lo, hi := min(a, b), max(a, b)
		// cells strictly between the first and the last along R_k: the
		// first and last cells hold R_k's ends, which are C_j's ends too,
		// so nothing crosses there
		start := len(trip)
		for j := lo + 1; j < hi-1; j++ {
			c, e := col[j], col[j+1]
			if min(c, e) > k || max(c, e) < k+1 {
				continue
			}
			// R: (a,k)->(b,k+1); C: (j,c)->(j+1,e). Proper crossing.
			o1 := orient(int64(a), int64(k), int64(b), int64(k+1), int64(j), int64(c))
			o2 := orient(int64(a), int64(k), int64(b), int64(k+1), int64(j+1), int64(e))
			if o1*o2 >= 0 {
				continue
			}
			o3 := orient(int64(j), int64(c), int64(j+1), int64(e), int64(a), int64(k))
			o4 := orient(int64(j), int64(c), int64(j+1), int64(e), int64(b), int64(k+1))
			if o3*o4 >= 0 {
				continue
			}
			trip = append(trip, int32(j), int32(k), g.nv)
			g.nv++
		}
		if d > 0 {
			for t := start; t < len(trip); t += 3 {
				g.verts = append(g.verts, trip[t+2])
			}
		} else {
			for t := len(trip) - 3; t >= start; t -= 3 {
				g.verts = append(g.verts, trip[t+2])
			}
		}
		g.verts = append(g.verts, int32(k+1))
		g.segs = append(g.segs, gridSeg{d: [2]int64{d, 1}, from: from, n: int32(len(g.verts)) - from})
	}
	g.trip = trip
	// Column segments: crossings of C_j are the triples with that j, in
	// increasing k as appended.
	for j := 0; j+1 < n; j++ {
		c, e := col[j], col[j+1]
		if e-c == 1 || c-e == 1 {
			continue // the diagonal of cell (j, min(c, e)): R_min(c,e) drew it
		}
		f := int64(e - c)
		from := int32(len(g.verts))
		g.verts = append(g.verts, int32(c))
		if f > 0 {
			for t := 0; t < len(trip); t += 3 {
				if trip[t] == int32(j) {
					g.verts = append(g.verts, trip[t+2])
				}
			}
		} else {
			for t := len(trip) - 3; t >= 0; t -= 3 {
				if trip[t] == int32(j) {
					g.verts = append(g.verts, trip[t+2])
				}
			}
		}
		g.verts = append(g.verts, int32(e))
		g.segs = append(g.segs, gridSeg{d: [2]int64{1, f}, from: from, n: int32(len(g.verts)) - from})
	}
	nv := int(g.nv)
	// Half-edges and rotations.
	g.tail = g.tail[:0]
	g.dir = g.dir[:0]
	g.rot = resize32(g.rot, 4*nv)
	g.deg = resize8(g.deg, nv)
	for _, s := range g.segs {
		vs := g.verts[s.from : s.from+s.n]
		for i := 1; i < len(vs); i++ {
			h := int32(len(g.tail))
			g.tail = append(g.tail, vs[i-1], vs[i])
			g.dir = append(g.dir, s.d, [2]int64{-s.d[0], -s.d[1]})
			g.rot[4*vs[i-1]+int32(g.deg[vs[i-1]])] = h
			g.deg[vs[i-1]]++
			g.rot[4*vs[i]+int32(g.deg[vs[i]])] = h + 1
			g.deg[vs[i]]++
		}
	}
	nh := len(g.tail)
	g.pos = resize8(g.pos, nh)
	for v := range nv {
		r := g.rot[4*v : 4*v+int(g.deg[v])]
		if v >= n { // a crossing: in from R, out along R, in from C, out along C
			dr, dc := g.dir[r[1]], g.dir[r[3]]
			if cross(dr, dc) > 0 {
				r[0], r[1], r[2], r[3] = r[1], r[3], r[0], r[2]
			} else {
				r[0], r[1], r[2] = r[1], r[2], r[0]
			}
			for k, h := range r {
				g.pos[h] = int8(k)
			}
			continue
		}
		for a := 1; a < len(r); a++ {
			for b := a; b > 0 && angleCmp(g.dir[r[b-1]], g.dir[r[b]]) > 0; b-- {
				r[b-1], r[b] = r[b], r[b-1]
			}
		}
		for k, h := range r {
			g.pos[h] = int8(k)
		}
	}
	// Cycles, then the sides of every bounded face.
	cyc := resize32(g.cycle, nh)
	for h := range cyc {
		cyc[h] = -1
	}
	nc := int32(0)
	for h := int32(0); h < int32(nh); h++ {
		if cyc[h] >= 0 {
			continue
		}
		for e := h; cyc[e] < 0; e = g.next(e) {
			cyc[e] = nc
		}
		nc++
	}
	g.cycle = cyc
	// The dot of row 0 (vertex 0) is the lowest vertex: every edge leaves
	// it upwards, and the outside lies beyond the last counterclockwise.
	outer := cyc[g.rot[int32(g.deg[0])-1]]
	if cap(g.done) < int(nc) {
		g.done = make([]bool, nc)
	}
	done := g.done[:nc]
	clear(done)
	done[outer] = true
	for h := int32(0); h < int32(nh); h++ {
		k := cyc[h]
		if done[k] {
			continue
		}
		done[k] = true
		s, fine := g.sides(h)
		if !fine {
			return 0, 0, false
		}
		if s == 3 {
			tri++
		} else {
			big++
		}
	}
	return tri, big, true
}

func (g *GridCounter) next(h int32) int32 {
	t := h ^ 1
	v := g.tail[t]
	k := int32(g.pos[t]) - 1
	if k < 0 {
		k = int32(g.deg[v]) - 1
	}
	return g.rot[4*v+k]
}

// sides counts the corners of the face whose cycle holds h, leaving out
// half-edges with the face on both sides; false when what is left is not
// one ring.
func (g *GridCounter) sides(h int32) (int, bool) {
	k := g.cycle[h]
	r := g.ring[:0]
	defer func() { g.ring = r }()
	e := h
	for {
		if g.cycle[e^1] != k {
			r = append(r, e)
		}
		e = g.next(e)
		if e == h {
			break
		}
	}
	n := 0
	for i, a := range r {
		b := r[(i+1)%len(r)]
		if g.tail[a^1] != g.tail[b] {
			return 0, false
		}
		da, db := g.dir[a], g.dir[b]
		if cross(da, db) != 0 || da[0]*db[0]+da[1]*db[1] < 0 {
			n++
		}
	}
	return n, true
}

func cross(a, b [2]int64) int64 { return a[0]*b[1] - a[1]*b[0] }

// angleCmp orders directions counterclockwise from +x.
func angleCmp(a, b [2]int64) int {
	ha, hb := upper(a), upper(b)
	if ha != hb {
		return hb - ha
	}
	c := cross(a, b)
	switch {
	case c > 0:
		return -1
	case c < 0:
		return 1
	}
	return 0
}

// upper is 1 for a direction in [0, pi), 0 for one in [pi, 2pi).
func upper(d [2]int64) int {
	if d[1] > 0 || d[1] == 0 && d[0] > 0 {
		return 1
	}
	return 0
}

// orient is the sign of the turn (ax,ay) -> (bx,by) -> (cx,cy).
func orient(ax, ay, bx, by, cx, cy int64) int64 {
	v := (bx-ax)*(cy-ay) - (by-ay)*(cx-ax)
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func resize(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func resize32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	s = s[:n]
	clear(s)
	return s
}

func resize8(s []int8, n int) []int8 {
	if cap(s) < n {
		return make([]int8, n)
	}
	s = s[:n]
	clear(s)
	return s
}
