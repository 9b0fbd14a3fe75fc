package crossdont

import (
	"math/big"
	"slices"

	"papergames/hp"
)

// sketch is a round's drawing as geometry alone, with no order: its points
// (chord ends on the unit circle, crossings of its lines) and its lines
// between them, each with the lines it crosses. The reader grows one from
// the pencil; a round played on the engine gives one too (sketchOf), so
// that both are written alike (see write).
type sketch struct {
	pts   []spt
	lines []sline
}

// spt is a point of a sketch.
type spt struct {
	p    hp.Point
	x, y float64  // p rounded, y up
	deg  *big.Rat // the angle of a chord end; nil for a crossing
	thru []int    // lines passing strictly through the point
	ends []int    // lines ending at the point
}

// sline is a line of a sketch between two of its points.
type sline struct {
	a, b  int
	cross []int // the lines it crosses, strictly inside both
}

// end returns the point of the circle at deg degrees, added if new.
func (sk *sketch) end(deg *big.Rat) int {
	for i := range sk.pts {
		if d := sk.pts[i].deg; d != nil && d.Cmp(deg) == 0 {
			return i
		}
	}
	return sk.add(hp.Polar(big.NewRat(1, 1), deg), deg)
}

// clone returns a copy of sk that grows apart from it.
func (sk *sketch) clone() *sketch {
	c := &sketch{pts: slices.Clone(sk.pts), lines: slices.Clone(sk.lines)}
	for i := range c.pts {
		c.pts[i].thru = slices.Clone(c.pts[i].thru)
		c.pts[i].ends = slices.Clone(c.pts[i].ends)
	}
	for i := range c.lines {
		c.lines[i].cross = slices.Clone(c.lines[i].cross)
	}
	return c
}

// add appends a point.
func (sk *sketch) add(p hp.Point, deg *big.Rat) int {
	x, y := p.Float64()
	sk.pts = append(sk.pts, spt{p: p, x: x, y: y, deg: deg})
	return len(sk.pts) - 1
}

// find returns the point equal to p, or -1.
func (sk *sketch) find(p hp.Point) int {
	for i := range sk.pts {
		if hp.Equal(sk.pts[i].p, p) {
			return i
		}
	}
	return -1
}

// relation is how the segment between the points p and q meets line l.
func (sk *sketch) relation(p, q, l int) hp.Relation {
	ln := &sk.lines[l]
	return hp.Classify(sk.pts[p].p, sk.pts[q].p, sk.pts[ln.a].p, sk.pts[ln.b].p)
}

// along reports whether the segment between p and q runs along a line of
// the sketch (a part of it, or it a part of the segment).
func (sk *sketch) along(p, q int) bool {
	for l := range sk.lines {
		if sk.relation(p, q, l) == hp.Coincide {
			return true
		}
	}
	return false
}

// addLine draws the line between the points a and b, which runs along no
// line of the sketch, and adds the points where it crosses the others.
// It panics with *hp.Undecided when a crossing is too close to call.
func (sk *sketch) addLine(a, b int) int {
	n := len(sk.lines)
	sk.lines = append(sk.lines, sline{a: a, b: b})
	sk.pts[a].ends = append(sk.pts[a].ends, n)
	sk.pts[b].ends = append(sk.pts[b].ends, n)
	for l := range n {
		if sk.relation(a, b, l) != hp.Cross {
			continue
		}
		o := &sk.lines[l]
		x := hp.LineIntersection(sk.pts[a].p, sk.pts[b].p, sk.pts[o.a].p, sk.pts[o.b].p)
		i := sk.find(x)
		if i < 0 {
			i = sk.add(x, nil)
		}
		for _, t := range []int{l, n} {
			if !contains(sk.pts[i].thru, t) {
				sk.pts[i].thru = append(sk.pts[i].thru, t)
			}
		}
		sk.lines[l].cross = append(sk.lines[l].cross, n)
		sk.lines[n].cross = append(sk.lines[n].cross, l)
	}
	return n
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// circleLine reports whether line l joins two points of the circle.
func (sk *sketch) circleLine(l int) bool {
	return sk.pts[sk.lines[l].a].deg != nil && sk.pts[sk.lines[l].b].deg != nil
}

// throughCrossing reports whether the segment between p and q passes
// strictly through a point where two lines of the sketch cross: it would
// cross both there, which no offense move may.
func (sk *sketch) throughCrossing(p, q int) bool {
	P, Q := sk.pts[p].p, sk.pts[q].p
	for i := range sk.pts {
		pt := &sk.pts[i]
		if len(pt.thru) < 2 || i == p || i == q {
			continue
		}
		if hp.Orient(P, Q, pt.p) == 0 && hp.Inside(pt.p, P, Q) {
			return true
		}
	}
	return false
}
