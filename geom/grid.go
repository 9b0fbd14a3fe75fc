package geom

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"
)

// The uniform grid only finds candidates: every segment is registered in
// every cell its float approximation comes within gridMargin (in cell units)
// of. Float errors are far below the margin (coordinates are exact in float64
// on the fast path; in big mode they are rounded relative to the drawing's
// extent, which the centering in load keeps at the scale of the coordinates),
// so two segments that share a point share a cell. Exact predicates decide.
const gridMargin = 1e-6

// maxSide is the most cells along a side of the grid.
const maxSide = 1 << 16

type grid struct {
	x0, y0, inv float64
	cols, rows  int
	cellStart   []int32 // cells in row-major order, CSR into cellSegs
	cellSegs    []int32 // ascending segment indices per cell
	segStart    []int32 // CSR into segCells
	segCells    []int32
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// newGrid builds the grid of the segments, or refuses them with a
// *LimitError when its work, the sum over the cells of the square of the
// number of segments through each, would pass maxWork (0: no limit). The
// cells are counted before anything is registered, and counting stops
// soon after the limit, so a refused drawing costs neither the memory nor
// the time.
func newGrid(fl []flseg, maxWork int64) (*grid, error) {
	g := &grid{cols: 1, rows: 1}
	n := len(fl)
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, s := range fl {
		minX = min(minX, s.x0, s.x1)
		maxX = max(maxX, s.x0, s.x1)
		minY = min(minY, s.y0, s.y1)
		maxY = max(maxY, s.y0, s.y1)
	}
	if n == 0 {
		minX, minY, maxX, maxY = 0, 0, 1, 1
	}
	w, h := maxX-minX, maxY-minY
	target := float64(2*n + 16)
	cell := math.Sqrt(w * h / target)
	if c := max(w, h) / target; !(cell >= c) {
		cell = c
	}
	// A side has at most maxSide cells, and the cells are made larger to
	// fit: were the columns cut off instead, the last one would take all
	// the rest (150,000 unit segments in a row put 104,000 in it).
	if c := max(w, h) / (maxSide - 1); !(cell >= c) {
		cell = c
	}
	if !(cell > 0) || math.IsInf(cell, 0) {
		cell = 1
	}
	g.x0, g.y0, g.inv = minX, minY, 1/cell
	g.cols = clampInt(int(w/cell)+1, 1, maxSide)
	g.rows = clampInt(int(h/cell)+1, 1, maxSide)
	counts := make([]int32, g.cols*g.rows+1)
	var work, entries int64
	for _, s := range fl {
		g.cells(s, func(c int) {
			work += 2*int64(counts[c]) + 1 // (k+1)² − k²
			counts[c]++
			entries++
		})
		if maxWork > 0 && work > maxWork {
			return nil, &LimitError{Limit: maxWork}
		}
	}
	// Register segments column by column.
	g.segStart = make([]int32, n+1)
	g.segCells = make([]int32, 0, entries)
	for i, s := range fl {
		g.segStart[i] = int32(len(g.segCells))
		g.cells(s, func(c int) {
			g.segCells = append(g.segCells, int32(c))
		})
	}
	g.segStart[n] = int32(len(g.segCells))
	g.cellStart = make([]int32, len(counts))
	sum := int32(0)
	for c := range counts {
		g.cellStart[c] = sum
		sum += counts[c]
	}
	fill := append([]int32(nil), g.cellStart...)
	g.cellSegs = make([]int32, len(g.segCells))
	for i := 0; i < n; i++ {
		for _, c := range g.segCells[g.segStart[i]:g.segStart[i+1]] {
			g.cellSegs[fill[c]] = int32(i)
			fill[c]++
		}
	}
	return g, nil
}

// cells calls f for every cell within gridMargin of s (grid units).
func (g *grid) cells(s flseg, f func(int)) {
	x0, y0 := (s.x0-g.x0)*g.inv, (s.y0-g.y0)*g.inv
	x1, y1 := (s.x1-g.x0)*g.inv, (s.y1-g.y0)*g.inv
	if x0 > x1 {
		x0, y0, x1, y1 = x1, y1, x0, y0
	}
	const m = gridMargin
	c0 := clampInt(int(math.Floor(x0-m)), 0, g.cols-1)
	c1 := clampInt(int(math.Floor(x1+m)), 0, g.cols-1)
	for c := c0; c <= c1; c++ {
		ya, yb := y0, y1
		if dx := x1 - x0; dx > 0 {
			// y over the column widened by the margin, clipped to the segment
			fa := min(max((float64(c)-m-x0)/dx, 0), 1)
			fb := min(max((float64(c+1)+m-x0)/dx, 0), 1)
			if c == 0 {
				fa = 0
			}
			if c == g.cols-1 {
				fb = 1
			}
			ya, yb = y0+fa*(y1-y0), y0+fb*(y1-y0)
		}
		if ya > yb {
			ya, yb = yb, ya
		}
		r0 := clampInt(int(math.Floor(ya-m)), 0, g.rows-1)
		r1 := clampInt(int(math.Floor(yb+m)), 0, g.rows-1)
		for r := r0; r <= r1; r++ {
			f(r*g.cols + c)
		}
	}
}

// findPairs classifies every pair of segments that share a grid cell, once,
// on all CPUs, in two passes (see sink): it counts, merge reserves room,
// and the second pass writes the events into b.sev. Past maxMeets pairs of
// segments that meet (0: no limit) the counting pass stops, soon, and a
// *LimitError is returned before the events' memory is reserved.
func (b *builder) findPairs(maxMeets int64) error {
	g := b.grid
	n := b.n
	nw := workers()
	if n < 256 {
		nw = 1
	}
	const chunk = 32
	var meets atomic.Int64
	var stop atomic.Bool
	const report = 1 << 12 // a worker adds its count to meets every so many
	sinks := make([]*sink, nw)
	for w := range sinks {
		sinks[w] = newSink(b)
	}
	// Worker w takes chunks w, w + nw, …: the same pairs in both passes.
	pass := func(counting bool) {
		var wg sync.WaitGroup
		for w, k := range sinks {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range k.mark {
					k.mark[i] = -1
				}
				var reported int64
				for lo := w * chunk; lo < n && !stop.Load(); lo += nw * chunk {
					for i := lo; i < min(lo+chunk, n); i++ {
						for _, c := range g.segCells[g.segStart[i]:g.segStart[i+1]] {
							for _, j := range g.cellSegs[g.cellStart[c]:g.cellStart[c+1]] {
								if int(j) > i && k.mark[j] != int32(i) {
									k.mark[j] = int32(i)
									k.classify(int32(i), j)
								}
							}
						}
					}
					if counting && maxMeets > 0 && k.meets-reported >= report {
						if meets.Add(k.meets-reported) > maxMeets {
							stop.Store(true)
						}
						reported = k.meets
					}
				}
			}()
		}
		wg.Wait()
	}
	pass(true)
	var total int64
	for _, k := range sinks {
		total += k.meets
	}
	if maxMeets > 0 && total > maxMeets {
		return &LimitError{Crossings: true, Limit: maxMeets}
	}
	b.merge(sinks)
	pass(false)
	if b.big {
		b.bfr = make([]bigFrac, 0, len(b.sev))
	}
	for w, k := range sinks {
		// Each worker must have written exactly what it counted: up to
		// where the next one starts.
		end := b.segEv[1:]
		if w+1 < len(sinks) {
			end = sinks[w+1].start
		}
		if !slices.Equal(k.counts, end) {
			panic(internalError("internal error: the two passes over the pairs disagree"))
		}
		b.bfr = append(b.bfr, k.bfr...)
	}
	return nil
}
