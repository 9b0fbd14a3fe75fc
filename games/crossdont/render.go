package crossdont

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"papergames/boards"
	"papergames/layout"
	"papergames/scorer"
)

// cell draws the round on the degree circle: the chords in the defense's
// colour, the offense's segments numbered in its colour, every point with
// a label the transcript can use, a refused move in red and a legal move
// left dashed.
func (r *round) cell(t *scorer.Transcript) layout.Cell {
	board := boards.DegreeCircle{}
	fig := scorer.Overlay{Base: board, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
		r.paint(c, board.Center(o, s), s/2, st)
	}}
	if t == nil {
		return layout.Cell{Figure: fig} // the scoring board's, captioned there
	}
	caption := fmt.Sprintf("round %d: %s defends, %s is offense", r.i+1, t.Players[r.defense], t.Players[r.offense])
	if r.noDefense {
		caption = fmt.Sprintf("round %d: defense unknown", r.i+1)
	}
	switch {
	case r.chordErr:
		caption += " (chords refused)"
	case r.badSet:
		caption += fmt.Sprintf(": move %d refused (red)", r.st.moves()+1)
	case r.left != nil:
		caption += fmt.Sprintf(": %d segments, unfinished (dashed: a legal move left)", r.st.moves())
	default:
		caption += fmt.Sprintf(": %d segments", r.st.moves())
	}
	return layout.Cell{Caption: caption, Figure: fig}
}

// pageSeg is a drawn segment in millimetres on the page.
type pageSeg struct{ a, b layout.Point }

func (r *round) paint(c layout.Canvas, ctr layout.Point, rad float64, st layout.Style) {
	bd := r.bd()
	at := func(p int) layout.Point {
		x, y := bd.pts[p].p.Float64()
		return layout.Pt(ctr.X+x*rad, ctr.Y-y*rad)
	}
	fs := math.Max(1.6, math.Min(2.4, rad/40))
	def, off := scorer.Ink(r.defense), scorer.Ink(r.offense)
	var lines []pageSeg
	for _, sg := range bd.segs {
		col, w := def, st.Line*1.6
		if sg.k > 0 {
			col, w = off, st.Line*1.3
		}
		c.Stroke(layout.Segment(at(int(sg.a)), at(int(sg.b))), layout.Pen{Width: w, Color: col})
		lines = append(lines, pageSeg{at(int(sg.a)), at(int(sg.b))})
	}
	if r.left != nil {
		c.Stroke(layout.Segment(at(r.left.p), at(r.left.q)), layout.Pen{Width: st.Line, Color: off, Dash: []float64{1.2, 1}})
	}
	bad := r.badSet && r.bad[0] >= 0 && r.bad[1] >= 0 && r.bad[0] != r.bad[1]
	if bad {
		c.Stroke(layout.Segment(at(r.bad[0]), at(r.bad[1])), layout.Pen{Width: st.Line * 1.6, Color: layout.Red})
		lines = append(lines, pageSeg{at(r.bad[0]), at(r.bad[1])})
	}
	var dots []layout.Point
	for p := range bd.pts {
		dots = append(dots, at(p))
	}
	// Labels are placed one by one, each where it overlaps no label placed
	// before it (dense rounds crowd points together).
	var placed labelBoxes
	// Points: each label goes into the widest angle left free by the
	// segments at the point (chord ends: on the inside of the circle).
	for p, pt := range bd.pts {
		q := at(p)
		var dirs []float64
		for s, sg := range bd.segs {
			switch {
			case int(sg.a) == p:
				dirs = append(dirs, angle(q, at(int(sg.b))))
			case int(sg.b) == p:
				dirs = append(dirs, angle(q, at(int(sg.a))))
			case pt.on.has(s):
				dirs = append(dirs, angle(q, at(int(sg.a))), angle(q, at(int(sg.b))))
			}
		}
		text, f, col := bd.name(p), layout.Font{Size: fs * 0.85}, layout.RGB(60, 60, 60)
		if pt.deg != nil {
			out := angle(ctr, q)
			for k := -3; k <= 3; k++ {
				dirs = append(dirs, out+float64(k)*math.Pi/6) // keep off the scale outside
			}
			var ends []string
			for _, l := range pt.ends {
				ends = append(ends, l.String())
			}
			text, f, col = strings.Join(ends, "="), layout.Font{Size: fs}, def
		}
		c.Fill((&layout.Path{}).Circle(q, 0.5), layout.Black)
		placed.beside(c, q, gap(dirs), text, f, col, dots)
	}
	// Segment numbers beside the segments, where they stand clearest of
	// the points and the other segments.
	number := func(k int, ln pageSeg, col layout.Color) {
		f := layout.Font{Size: fs * 1.1, Bold: true}
		text := fmt.Sprint(k + 1)
		w, h := layout.TextWidth(text, f), f.Size*0.7
		dx, dy := ln.b.X-ln.a.X, ln.b.Y-ln.a.Y
		n := math.Hypot(dx, dy)
		if n == 0 {
			return
		}
		nx, ny := -dy/n, dx/n
		best, bestScore := layout.Point{}, math.Inf(-1)
		var foot layout.Point // where a number set off from its segment points to
		far := false
		for _, tt := range []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.45, 0.55, 0.35, 0.65, 0.25, 0.75, 0.15, 0.85, 0.1, 0.9} {
			for _, more := range []float64{0, 1, 2, 3.5, 5, 7} {
				for _, side := range []float64{1, -1} {
					off := 0.5 + more + w/2*math.Abs(nx) + h/2*math.Abs(ny)
					ctr := layout.Pt(ln.a.X+dx*tt+side*nx*off, ln.a.Y+dy*tt+side*ny*off)
					score := math.Inf(1)
					for _, d := range dots {
						score = math.Min(score, d.Dist(ctr))
					}
					for j, o := range lines {
						if j != k {
							score = math.Min(score, dist(ctr, o)+0.5)
						}
					}
					if placed.hits(box(ctr, w, f.Size)) {
						score -= 100 // on a label: only if there is no other place
					}
					score -= more // nearer its segment, all else alike
					if score > bestScore+0.3 {
						best, bestScore = ctr, score
						foot, far = layout.Pt(ln.a.X+dx*tt, ln.a.Y+dy*tt), more > 1
					}
				}
			}
		}
		if bestScore < -50 {
			// Crowded all along: the nearest free place around the middle of
			// the segment, with a hairline to it.
			mid := layout.Pt(ln.a.X+dx/2, ln.a.Y+dy/2)
		search:
			for r := 2.0; r <= 16; r += 1.5 {
				for a := 0; a < 24; a++ {
					p := layout.Pt(mid.X+r*math.Cos(float64(a)*math.Pi/12), mid.Y+r*math.Sin(float64(a)*math.Pi/12))
					if !placed.hits(box(p, w, f.Size)) && !covers(box(p, w, f.Size), dots) {
						best, foot, far = p, mid, true
						break search
					}
				}
			}
		}
		placed = append(placed, box(best, w, f.Size))
		if far {
			ux, uy := foot.X-best.X, foot.Y-best.Y
			n := math.Hypot(ux, uy)
			edge := w/2*math.Abs(ux/n) + h/2*math.Abs(uy/n) + 0.3
			c.Stroke(layout.Segment(layout.Pt(best.X+ux/n*edge, best.Y+uy/n*edge), foot), layout.Pen{Width: 0.1, Color: col})
		}
		c.Text(layout.Pt(best.X, best.Y+h/2), text, f, layout.Center, col)
	}
	for k, sg := range bd.segs {
		if sg.k > 0 {
			number(k, lines[k], off)
		}
	}
	if bad {
		number(len(bd.segs), lines[len(lines)-1], layout.Red)
	}
}

// angle is the direction from a to b on the page, in radians.
func angle(a, b layout.Point) float64 { return math.Atan2(b.Y-a.Y, b.X-a.X) }

// gap returns the middle direction of the widest angle between the
// directions dirs (straight up when there are none).
func gap(dirs []float64) float64 {
	if len(dirs) == 0 {
		return -math.Pi / 4
	}
	a := make([]float64, len(dirs))
	for i, d := range dirs {
		a[i] = math.Mod(d+4*math.Pi, 2*math.Pi)
	}
	sort.Float64s(a)
	best, mid := -1.0, 0.0
	for i := range a {
		next := a[(i+1)%len(a)]
		if i == len(a)-1 {
			next += 2 * math.Pi
		}
		if g := next - a[i]; g > best+1e-9 {
			best, mid = g, a[i]+g/2
		}
	}
	return mid
}

// labelBoxes are the boxes of the labels placed so far.
type labelBoxes []layout.Rect

// box is the box, with a margin of 0.15 mm, of a label of width w in a
// font of size fs written with its middle at c (its baseline at
// c.Y+0.35fs): from its ascenders to its descenders.
func box(c layout.Point, w, fs float64) layout.Rect {
	base := c.Y + 0.35*fs
	return layout.Rect{Min: layout.Pt(c.X-w/2-0.15, base-0.72*fs-0.15), Max: layout.Pt(c.X+w/2+0.15, base+0.2*fs+0.15)}
}

// covers reports whether r covers one of the points.
func covers(r layout.Rect, dots []layout.Point) bool {
	for _, d := range dots {
		if d.X > r.Min.X && d.X < r.Max.X && d.Y > r.Min.Y && d.Y < r.Max.Y {
			return true
		}
	}
	return false
}

// hits reports whether r overlaps a placed box.
func (ls labelBoxes) hits(r layout.Rect) bool {
	for _, o := range ls {
		if r.Min.X < o.Max.X && o.Min.X < r.Max.X && r.Min.Y < o.Max.Y && o.Min.Y < r.Max.Y {
			return true
		}
	}
	return false
}

// beside writes text next to q, its box clear of q: in the direction dir
// when that box overlaps no placed label and covers no other point, else
// in the nearest direction, then at the nearest distance, that does; a
// label set off further than beside its point gets a hairline to it.
func (ls *labelBoxes) beside(c layout.Canvas, q layout.Point, dir float64, text string, f layout.Font, col layout.Color, dots []layout.Point) {
	w, h := layout.TextWidth(text, f), f.Size*0.7
	at := func(dir, extra float64) layout.Point {
		ux, uy := math.Cos(dir), math.Sin(dir)
		d := 0.8 + extra + w/2*math.Abs(ux) + h/2*math.Abs(uy)
		return layout.Pt(q.X+ux*d, q.Y+uy*d)
	}
	free := func(p layout.Point) bool {
		b := box(p, w, f.Size)
		if ls.hits(b) {
			return false
		}
		for _, d := range dots {
			if d != q && d.X > b.Min.X-0.3 && d.X < b.Max.X+0.3 && d.Y > b.Min.Y-0.3 && d.Y < b.Max.Y+0.3 {
				return false
			}
		}
		return true
	}
	best, far := at(dir, 0), false
	found := false
	for _, extra := range []float64{0, 1, 2.5, 4.5} {
		for k := 0; k <= 12 && !found; k++ {
			for _, sign := range []float64{1, -1} {
				if p := at(dir+sign*float64(k)*math.Pi/12, extra); free(p) {
					best, far, found = p, extra > 0, true
					break
				}
				if k == 0 || k == 12 {
					break
				}
			}
		}
		if found {
			break
		}
	}
	if far {
		ux, uy := best.X-q.X, best.Y-q.Y
		n := math.Hypot(ux, uy)
		c.Stroke(layout.Segment(q, layout.Pt(best.X-ux/n*(w/2*math.Abs(ux/n)+h/2*math.Abs(uy/n)), best.Y-uy/n*(w/2*math.Abs(ux/n)+h/2*math.Abs(uy/n)))), layout.Pen{Width: 0.1, Color: col})
	}
	*ls = append(*ls, box(best, w, f.Size))
	c.Text(layout.Pt(best.X, best.Y+h/2), text, f, layout.Center, col)
}

// dist is the distance from p to the segment l.
func dist(p layout.Point, l pageSeg) float64 {
	dx, dy := l.b.X-l.a.X, l.b.Y-l.a.Y
	n2 := dx*dx + dy*dy
	t := 0.0
	if n2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-l.a.X)*dx+(p.Y-l.a.Y)*dy)/n2))
	}
	return math.Hypot(p.X-l.a.X-t*dx, p.Y-l.a.Y-t*dy)
}
