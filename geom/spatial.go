package geom

import "math/big"

// hilbertOrder is the order of the Hilbert curve spatialOrder numbers
// vertices along: 2^hilbertOrder cells on a side.
const hilbertOrder = 8

// spatialMin is the number of vertices from which spatialOrder renumbers
// (a variable for the tests).
var spatialMin = 1 << 15

// spatialOrder renumbers the vertices along a Hilbert curve through the
// drawing's bounding box (cells of 1/256 of it, counting sort, vertices of
// one cell in their old order), so that the half-edges of a face, numbered
// by vertex, lie close in memory. Only float approximations of the vertices
// take part: any numbering is correct, this one is just faster to walk.
func (b *builder) spatialOrder() {
	nv := b.nv
	if b.big || nv < spatialMin {
		return
	}
	minX, minY, maxX, maxY := b.fl[0].x0, b.fl[0].y0, b.fl[0].x0, b.fl[0].y0
	for _, s := range b.fl {
		minX, maxX = min(minX, s.x0, s.x1), max(maxX, s.x0, s.x1)
		minY, maxY = min(minY, s.y0, s.y1), max(maxY, s.y0, s.y1)
	}
	const side = 1 << hilbertOrder
	sx, sy := side/max(maxX-minX, 1), side/max(maxY-minY, 1)
	// The curve's index of every cell, once: cheaper than per vertex.
	curve := make([]int32, side*side)
	eachChunk(side, 16, func(lo, hi int, _ *[2]big.Int) {
		for cx := lo; cx < hi; cx++ {
			for cy := 0; cy < side; cy++ {
				curve[cx*side+cy] = int32(hilbert(cx, cy))
			}
		}
	})
	cell := make([]int32, nv)
	eachChunk(nv, 1<<14, func(lo, hi int, _ *[2]big.Int) {
		for v := lo; v < hi; v++ {
			f := &b.fs[b.vdSeg[v]]
			var x, y float64
			switch ev := b.vdEv[v]; ev {
			case -1:
				x, y = float64(f.px), float64(f.py)
			case -2:
				x, y = float64(f.qx), float64(f.qy)
			default:
				p := &b.vpos[ev]
				t := float64(p.num) / float64(p.den)
				x, y = float64(f.px)+t*float64(f.dx), float64(f.py)+t*float64(f.dy)
			}
			cx := clampInt(int((x-minX)*sx), 0, side-1)
			cy := clampInt(int((y-minY)*sy), 0, side-1)
			cell[v] = curve[cx*side+cy]
		}
	})
	start := make([]int32, side*side+1)
	for _, c := range cell {
		start[c+1]++
	}
	for c := 0; c < side*side; c++ {
		start[c+1] += start[c]
	}
	newV := cell // in place: cell[v] becomes v's new number
	for v, c := range cell {
		newV[v] = start[c]
		start[c]++
	}
	start = nil
	seg := make([]int32, nv)
	ev := make([]int32, nv)
	for v := range newV {
		seg[newV[v]], ev[newV[v]] = b.vdSeg[v], b.vdEv[v]
	}
	b.vdSeg, b.vdEv = seg, ev
	remap := func(a []int32) {
		eachChunk(len(a), 1<<14, func(lo, hi int, _ *[2]big.Int) {
			for i := lo; i < hi; i++ {
				a[i] = newV[a[i]]
			}
		})
	}
	remap(b.eA)
	remap(b.eB)
	remap(b.segV)
}

// hilbert is the index of cell (x, y) along the Hilbert curve through the
// 2^hilbertOrder × 2^hilbertOrder cells.
func hilbert(x, y int) int {
	const n = 1 << hilbertOrder
	ux, uy, d := uint(x), uint(y), uint(0)
	for k := hilbertOrder - 1; k >= 0; k-- {
		rx, ry := ux>>k&1, uy>>k&1
		d |= (3*rx ^ ry) << (2 * k)
		// In the lower quadrants (ry = 0) the curve turns: reflect when
		// rx = 1 (n−1−x = x ^ (n−1) on [0, n)), then swap x and y.
		// Without branches, which the quadrants would mispredict.
		turn := -(ry ^ 1)
		flip := -rx & turn & (n - 1)
		ux, uy = ux^flip, uy^flip
		t := (ux ^ uy) & turn
		ux, uy = ux^t, uy^t
	}
	return int(d)
}
