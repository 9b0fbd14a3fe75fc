package polydots

import (
	"math"

	"papergames/layout"
	"papergames/scan"
)

// Where the path's strokes meet. A dot's rim can come out ragged (the
// print crossing it hides a part, a copier's grain eats another), and the
// circle fitted to it may then lie half a millimetre off. The two
// segments of the closed path were ruled to the dot's centre, so where
// the middles of their strokes cross is a second measure of it, taken
// from pencil the rim does not use.
const (
	// meetFrom: a stroke is fitted from this far (mm) past the dot's rim
	// to as far short of the other dot's, over meetMin mm at least: the
	// longer the stroke fitted, the surer its direction.
	meetFrom = 0.5
	meetMin  = 4.0
	// meetHalf: the stroke's middle is looked for this far (mm) either
	// side of the line from the rim's centre to the dot at its other end
	// (that centre may be half a millimetre off).
	meetHalf = 0.8
	// meetRMS: a stroke whose middles lie further (mm, root mean square)
	// from the line fitted to them is not one straight stroke there.
	meetRMS = 0.12
	// meetSin: the strokes must cross at 23.6 degrees or more (the sine
	// of their angle at least 0.4): a twentieth of a millimetre across
	// moves the crossing along them by an eighth at most.
	meetSin = 0.4
	// meetNear: where the strokes meet must lie within this (mm) of the
	// rim's centre, and inside the dot's body: the rim and the strokes
	// then tell of one dot.
	meetNear = 1.0
)

// meet returns where the middles of the strokes drawn from dot i to dots
// a and b cross, false when either stroke is not one clear straight line
// near i, or they cross at too small an angle, too far from i's rim or
// outside its body.
func (bd *board) meet(lm *scan.LineMap, i, a, b int) (layout.Point, bool) {
	c := bd.marks[i].at
	pa, pb := bd.marks[a].at.Sub(c), bd.marks[b].at.Sub(c)
	la, lb := math.Hypot(pa.X, pa.Y), math.Hypot(pb.X, pb.Y)
	if la == 0 || lb == 0 {
		return layout.Point{}, false
	}
	sin := math.Abs(pa.X*pb.Y-pa.Y*pb.X) / (la * lb)
	if sin < meetSin {
		return layout.Point{}, false
	}
	var fit [2]scan.LineFit
	for k, n := range [2]int{a, b} {
		p := bd.marks[n].at
		l := c.Dist(p)
		u := layout.Point{X: (p.X - c.X) / l, Y: (p.Y - c.Y) / l}
		s0 := bd.marks[i].r + meetFrom
		s1 := l - bd.marks[n].r - meetFrom
		if s1-s0 < meetMin {
			return layout.Point{}, false
		}
		f, ok := lm.Fit(layout.Point{X: c.X + u.X*s0, Y: c.Y + u.Y*s0}, layout.Point{X: c.X + u.X*s1, Y: c.Y + u.Y*s1}, meetHalf, 0.25, 0)
		// Most of the places across it must show the stroke's middle,
		// on one straight line.
		if !ok || float64(f.N) < 0.6*(s1-s0)/0.25 || f.RMS > meetRMS {
			return layout.Point{}, false
		}
		fit[k] = f
	}
	// The crossing of the lines A0B0 and A1B1.
	d0, d1 := fit[0].B.Sub(fit[0].A), fit[1].B.Sub(fit[1].A)
	cr := d0.X*d1.Y - d0.Y*d1.X
	if math.Abs(cr) < meetSin*math.Hypot(d0.X, d0.Y)*math.Hypot(d1.X, d1.Y) {
		return layout.Point{}, false
	}
	w := fit[1].A.Sub(fit[0].A)
	t := (w.X*d1.Y - w.Y*d1.X) / cr
	m := layout.Point{X: fit[0].A.X + t*d0.X, Y: fit[0].A.Y + t*d0.Y}
	// The crossing must lie in the dot's body, inside the largest disc
	// its pencil holds: strokes ruled past a small dot cross beside it.
	if m.Dist(c) > meetNear || m.Dist(bd.marks[i].core) > bd.marks[i].inner {
		return layout.Point{}, false
	}
	return m, true
}

// LineMap thresholds for the strokes' middles: pencil from meetShare of
// the board's usual stroke, at least meetFloor.
const (
	meetFloor = 0.06
	meetShare = 0.4
)

// meets returns where the strokes of the closed path meet at each dot
// whose rim is ragged, of a round with a closed path through its n dots
// (order: the path's order), where they meet clearly on one point of
// the sheet's grid: nearer to it than roundMargin, across and along.
func (bd *board) meets(ink *scan.Ink, order []int, n int) map[int]layout.Point {
	if bd.cyc == nil || len(order) != n {
		return nil
	}
	var lm *scan.LineMap
	out := map[int]layout.Point{}
	for k, i := range order {
		// Only a sure dot (a mark the closed path needs may be a blot),
		// whose rim is not one the centre can be taken from.
		if m := bd.marks[i]; !m.sure || m.confidence() >= sureRim && m.round >= raggedRim {
			continue
		}
		if lm == nil {
			lm = ink.LineMap(meetFloor, meetShare, 0)
		}
		p, ok := bd.meet(lm, i, order[(k+n-1)%n], order[(k+1)%n])
		if !ok {
			continue
		}
		// Clearly on one point: within roundMargin of it across and
		// along (measured against the point, which roundGrid keeps on
		// the sheet).
		x, y := bd.sh.sheet(p)
		pt, _ := roundGrid(x, y, bd.sh.xside(), bd.sh.side())
		if gx, gy := pt.Float(); math.Abs(x-gx) < roundMargin && math.Abs(y-gy) < roundMargin {
			out[i] = p
		}
	}
	return out
}
