package crossdont

import (
	"math"
	"sort"

	"papergames/layout"
	"papergames/scan"
)

// segRead is an offense segment read between two points of the sketch,
// with its evidence and its rivals': segments between other points that
// the same stroke would draw.
type segRead struct {
	p, q   int
	cover  float64
	off    float64 // mm its ends lie off the stroke's middle
	rivals []segRival
}

type segRival struct {
	p, q int
	off  float64
}

// pairKey names the segment between two points by their places, the
// same however the sketch was grown.
func pairKey(sk *sketch, p, q int) [4]float64 {
	a, b := sk.pts[p], sk.pts[q]
	if pkey(a, b) > 0 {
		a, b = b, a
	}
	return [4]float64{a.x, a.y, b.x, b.y}
}

// pos returns the page position of point i of sk.
func (rd *reader) pos(sk *sketch, i int) layout.Point {
	return rd.at(sk.pts[i].x, sk.pts[i].y)
}

// grow finds the offense's segments between points of sk that are not
// both on the circle (those are read with the chords): every pair of
// points is tested for pencil along its length, the segments found are
// drawn into sk, their crossings become points, and the new pairs are
// tested in turn until no segment is found. Of candidates whose pencil
// is one stroke (explained by the segments taken), the one whose ends
// lie nearest the stroke's middle is taken and the others kept as its
// rivals. Segments in ban are not taken (their rivals are). It returns
// the segments taken and the orphans: candidates on pencil that the
// lines taken explain, rivals of none of them, on their stroke's core
// (lines that may be missed).
func (rd *reader) grow(sk *sketch, ban map[[4]float64]bool) ([]segRead, [][4]float64) {
	var out []segRead
	var orphans [][4]float64
	tested := map[[2]int]bool{}
	for {
		type cand struct {
			p, q       int
			cover, off float64
		}
		var cands []cand
		n := len(sk.pts)
		for q := range n {
			for p := range q {
				if tested[[2]int{p, q}] {
					continue
				}
				tested[[2]int{p, q}] = true
				if sk.pts[p].deg != nil && sk.pts[q].deg != nil {
					continue
				}
				a, b := rd.pos(sk, p), rd.pos(sk, q)
				r, ok := rd.drawn(a, b)
				if !ok || sk.along(p, q) || sk.throughCrossing(p, q) {
					continue
				}
				off, ok := rd.offStroke(a, b)
				if !ok {
					continue
				}
				cands = append(cands, cand{p, q, r.Cover, off})
			}
		}
		if len(cands) == 0 {
			return out, orphans
		}
		sort.SliceStable(cands, func(i, j int) bool { return cands[i].off < cands[j].off })
		first := len(out)
		var by []pseg
		for _, ln := range sk.lines {
			by = append(by, pseg{rd.pos(sk, ln.a), rd.pos(sk, ln.b)})
		}
		for _, c := range cands {
			a, b := rd.pos(sk, c.p), rd.pos(sk, c.q)
			if ban[pairKey(sk, c.p, c.q)] || rd.explained(a, b, by) >= explainedMax {
				// A rival of the segments taken: kept with those it lies
				// along, for the doubt.
				rival := false
				for i := range out {
					if rd.rivals(sk, c.p, c.q, out[i].p, out[i].q) {
						out[i].rivals = append(out[i].rivals, segRival{c.p, c.q, c.off})
						rival = true
					}
				}
				// An orphan off its stroke's core lies beside the
				// lines drawn, within the widened pencil: not drawn.
				if !rival && !ban[pairKey(sk, c.p, c.q)] && rd.onCore(a, b) {
					orphans = append(orphans, pairKey(sk, c.p, c.q))
				}
				continue
			}
			out = append(out, segRead{p: c.p, q: c.q, cover: c.cover, off: c.off})
			by = append(by, pseg{a, b})
		}
		for _, s := range out[first:] {
			sk.addLine(s.p, s.q)
		}
	}
}

// offStroke measures the stroke along the segment from a to b and
// returns how far, in mm, the segment's ends lie off its middle (false
// when no straight stroke is there).
func (rd *reader) offStroke(a, b layout.Point) (float64, bool) {
	f, ok := rd.lm.Fit(a, b, fitHalf, 0.5, skipEnd)
	if !ok {
		return 0, false
	}
	return math.Max(a.Dist(f.A), b.Dist(f.B)), true
}

// rivalMM is how close, in mm, the ends of one candidate segment must
// lie to another's for their pencil to be one stroke.
const rivalMM = 0.8

// rivals reports whether the segments pq and ab would lie on one stroke:
// each end of one within rivalMM of the other.
func (rd *reader) rivals(sk *sketch, p, q, a, b int) bool {
	return oneStroke(rd.pos(sk, p), rd.pos(sk, q), rd.pos(sk, a), rd.pos(sk, b))
}

// oneStroke reports whether the page segments PQ and AB would lie on one
// stroke: each end of one within rivalMM of the other.
func oneStroke(P, Q, A, B layout.Point) bool {
	near := func(x, s, t layout.Point) bool { return distSeg(x, s, t) <= rivalMM }
	return (near(P, A, B) && near(Q, A, B)) || (near(A, P, Q) && near(B, P, Q))
}

// distSeg is the distance from x to the segment st.
func distSeg(x, s, t layout.Point) float64 {
	dx, dy := t.X-s.X, t.Y-s.Y
	n2 := dx*dx + dy*dy
	u := 0.0
	if n2 > 0 {
		u = math.Max(0, math.Min(1, ((x.X-s.X)*dx+(x.Y-s.Y)*dy)/n2))
	}
	return math.Hypot(x.X-s.X-u*dx, x.Y-s.Y-u*dy)
}

// pseg is a segment on the page.
type pseg struct{ a, b layout.Point }

// explained is the share of the pencil along the segment from a to b
// (its ends left out) that lies within explainMM of the segments by: a
// candidate whose pencil they explain is no line of its own.
func (rd *reader) explained(a, b layout.Point, by []pseg) float64 {
	l := a.Dist(b)
	if l <= 2*skipEnd {
		return 0
	}
	minX, maxX := math.Min(a.X, b.X)-explainMM, math.Max(a.X, b.X)+explainMM
	minY, maxY := math.Min(a.Y, b.Y)-explainMM, math.Max(a.Y, b.Y)+explainMM
	var near []pseg
	for _, s := range by {
		if math.Max(s.a.X, s.b.X) < minX || math.Min(s.a.X, s.b.X) > maxX || math.Max(s.a.Y, s.b.Y) < minY || math.Min(s.a.Y, s.b.Y) > maxY {
			continue
		}
		near = append(near, s)
	}
	if len(near) == 0 {
		return 0
	}
	n := max(1, int(math.Ceil((l-2*skipEnd)/0.5)))
	ds := (l - 2*skipEnd) / float64(n)
	on, ex := 0, 0
	for i := range n {
		f := (skipEnd + (float64(i)+0.5)*ds) / l
		x := layout.Pt(a.X+(b.X-a.X)*f, a.Y+(b.Y-a.Y)*f)
		if rd.lm.MarkAt(x) != scan.MarkPencil {
			continue
		}
		on++
		for _, s := range near {
			if distSeg(x, s.a, s.b) <= explainMM {
				ex++
				break
			}
		}
	}
	if on == 0 {
		return 0
	}
	return float64(ex) / float64(on)
}

// strayMM is the extent, in mm, from which pencil inside the circle that
// no line read explains is a line missed (a digit written beside a
// segment is smaller).
const strayMM = 6.0

// unexplained looks for pencil inside the circle that no line of sk
// explains: the widest patch of it, as a place and its extent in mm
// (0 when there is none).
func (rd *reader) unexplained(sk *sketch) (layout.Point, float64) {
	k := rd.in.Ink
	mark := rd.lm.Mark
	near := make([]bool, len(mark))
	r := explainMM + widen
	for _, ln := range sk.lines {
		a, b := rd.pos(sk, ln.a), rd.pos(sk, ln.b)
		i0 := max(0, int((math.Min(a.X, b.X)-r-k.Box.Min.X)*k.PerMM))
		i1 := min(k.W-1, int((math.Max(a.X, b.X)+r-k.Box.Min.X)*k.PerMM))
		j0 := max(0, int((math.Min(a.Y, b.Y)-r-k.Box.Min.Y)*k.PerMM))
		j1 := min(k.H-1, int((math.Max(a.Y, b.Y)+r-k.Box.Min.Y)*k.PerMM))
		for j := j0; j <= j1; j++ {
			for i := i0; i <= i1; i++ {
				n := j*k.W + i
				if !near[n] && mark[n] == scan.MarkPencil && distSeg(k.Pos(i, j), a, b) <= r {
					near[n] = true
				}
			}
		}
	}
	inside := rd.rad - 1.5
	seen := make([]bool, len(mark))
	var best layout.Point
	bestExt := 0.0
	var stack []int
	for n := range mark {
		if mark[n] != scan.MarkPencil || near[n] || seen[n] {
			continue
		}
		if k.Pos(n%k.W, n/k.W).Dist(rd.ctr) > inside {
			continue
		}
		// The patch of unexplained pencil about n, inside the circle.
		minX, minY, maxX, maxY := k.W, k.H, -1, -1
		stack = append(stack[:0], n)
		seen[n] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			i, j := c%k.W, c/k.W
			minX, maxX, minY, maxY = min(minX, i), max(maxX, i), min(minY, j), max(maxY, j)
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				x, y := i+d[0], j+d[1]
				if x < 0 || y < 0 || x >= k.W || y >= k.H {
					continue
				}
				m := y*k.W + x
				if seen[m] || near[m] || mark[m] != scan.MarkPencil || k.Pos(x, y).Dist(rd.ctr) > inside {
					continue
				}
				seen[m] = true
				stack = append(stack, m)
			}
		}
		ext := math.Hypot(float64(maxX-minX+1), float64(maxY-minY+1)) / k.PerMM
		if ext > bestExt {
			bestExt = ext
			best = k.Pos((minX+maxX)/2, (minY+maxY)/2)
		}
	}
	return best, bestExt
}

// onCore reports whether the pencil's core, not widened, lies under the
// segment from a to b (see coreMin), or too little of it is seen to say
// (less than seenMin mm).
func (rd *reader) onCore(a, b layout.Point) bool {
	c, seen := rd.lm.Core(a, b, skipEnd, coreHalf, coverStep)
	return seen < seenMin || c >= coreMin
}
