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
	board := boards.DegreeCircle{}
	return layout.Cell{Caption: caption, Figure: scorer.Overlay{Base: board, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
		r.paint(c, board.Center(o, s), s/2, st)
	}}}
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
		textBeside(c, q, gap(dirs), text, f, col)
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
		best, bestScore := layout.Point{}, -1.0
		for _, tt := range []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8} {
			for _, side := range []float64{1, -1} {
				off := 0.5 + w/2*math.Abs(nx) + h/2*math.Abs(ny)
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
				if score > bestScore+0.3 {
					best, bestScore = ctr, score
				}
			}
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

// textBeside writes text next to q in the direction dir, its box clear of q.
func textBeside(c layout.Canvas, q layout.Point, dir float64, text string, f layout.Font, col layout.Color) {
	w, h := layout.TextWidth(text, f), f.Size*0.7
	ux, uy := math.Cos(dir), math.Sin(dir)
	d := 0.8 + w/2*math.Abs(ux) + h/2*math.Abs(uy)
	c.Text(layout.Pt(q.X+ux*d, q.Y+uy*d+h/2), text, f, layout.Center, col)
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
