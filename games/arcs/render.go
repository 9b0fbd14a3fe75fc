package arcs

import (
	"fmt"
	"math"
	"papergames/games"
	"strconv"

	"papergames/boards"
	"papergames/games/polygons"
	"papergames/layout"
	"papergames/scorer"
)

// tableMarks is the most marks a rendered round is drawn with the
// sheet's compass table: on larger boards the table no longer fits the
// page (it has a line per reach), and a finished game does not need it.
const tableMarks = 48

// drawnMarks is the most arcs a rendered round numbers and marks the
// meetings of: beyond it (the largest printed sheet) the numbers and the
// dots (a hundred thousand and more at 1000 arcs) would cover the drawing
// many times over and fill megabytes, so only the arcs are drawn.
const drawnMarks = 360

// drawn is the moves the render draws: up to the first refused one.
func (r *round) drawn() []written {
	if r.bad >= 0 && r.bad < len(r.moves) {
		return r.moves[:r.bad+1]
	}
	return r.moves
}

// cell draws the round: the arcs up to the first refused move (in red),
// their numbers, and, once scored, the points where arcs meet.
func (r *round) cell(caption string) *layout.Cell {
	m := r.st.b.m
	board := boards.MarkedCircle{Marks: m}
	if games.PrintedSize != nil && m <= tableMarks {
		// The table gives the paper board's openings, not this drawing's.
		if d, err := games.PrintedSize(Game{}, games.Values{"marks": m}); err == nil {
			board.Printed = d
		}
	}
	var base layout.Figure = board
	if len(r.drawn()) > drawnMarks {
		caption += fmt.Sprintf(" · arcs only (over %d)", drawnMarks)
	}
	if m > tableMarks {
		base = bigBoard{board}
	}
	return &layout.Cell{Caption: caption, Figure: scorer.Overlay{Base: base, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
		r.draw(c, board, o, s, st)
	}}}
}

// bigBoard is the marked circle of a board too large for its compass
// table, drawn without it: the circle, every mark, and as many mark
// numbers as fit (every mark, or every 2nd, 5th, 10th, ...). Positions are
// the MarkedCircle's.
type bigBoard struct{ b boards.MarkedCircle }

func (f bigBoard) margin(s float64) float64 {
	return f.b.Center(layout.Pt(0, 0), s).X - s/2
}

// Extent implements layout.Figure.
func (f bigBoard) Extent(s float64) layout.Size {
	w := s + 2*f.margin(s)
	return layout.Size{W: w, H: w}
}

// MinSize implements layout.Figure: the marks need not be 4 mm apart on a
// finished game.
func (f bigBoard) MinSize() float64 { return 90 }

// Draw implements layout.Figure.
func (f bigBoard) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	ctr, r, m := f.b.Center(o, s), s/2, f.b.Marks
	c.Stroke((&layout.Path{}).Circle(ctr, r), st.Pen())
	font := layout.Font{Size: math.Min(4.2, math.Max(2.4, s/45))}
	step := 1
	for _, n := range []int{1, 2, 5, 10, 20, 25, 50, 100} {
		step = n
		if math.Pi*s/float64(m)*float64(n) >= 2.6*font.Size {
			break
		}
	}
	tick := layout.Pen{Width: st.Line * 0.6, Color: layout.Black}
	for i := 1; i <= m; i++ {
		a := f.b.MarkAngle(i)
		in := 1.2
		if (i-1)%step == 0 {
			in = 1.8
			at := layout.Compass(ctr, r+3+font.Size*0.9, a)
			c.Text(layout.Pt(at.X, at.Y+font.Size*0.35), strconv.Itoa(i), font, layout.Center, layout.Black)
		}
		c.Stroke(layout.Segment(layout.Compass(ctr, r-in, a), layout.Compass(ctr, r+in, a)), tick)
	}
	c.Fill((&layout.Path{}).Circle(ctr, 0.3), st.Guide)
}

// label is a number placed on the drawing.
type label struct {
	at     layout.Point
	radius float64
}

func (r *round) draw(c layout.Canvas, board boards.MarkedCircle, o layout.Point, s float64, st layout.Style) {
	ctr, big := board.Center(o, s), s/2
	pen := layout.Pen{Width: st.Line * 1.5}
	fs := math.Min(3.2, math.Max(2, s/60))
	font := layout.Font{Size: fs, Bold: true}
	drawn := r.drawn()
	detail := len(drawn) <= drawnMarks
	// arc returns the page geometry of the arc centred at mark cm with
	// reach k: its centre, radius, and the angles it spans (it runs
	// symmetrically about the direction towards the circle's centre).
	arc := func(cm, k int) (p layout.Point, rr, from, sweep float64) {
		p = board.Mark(o, s, cm)
		rr = board.Opening(s, k)
		mid := math.Atan2(ctr.Y-p.Y, ctr.X-p.X)
		half := math.Acos(math.Min(1, rr/(2*big)))
		return p, rr, mid - half, 2 * half
	}
	type pending struct {
		text  string
		col   layout.Color
		at    func(t float64) layout.Point // a point along the move's arc, t in [0, 1]
		fixed bool
	}
	var labels []pending
	for k, mv := range drawn {
		col := scorer.Ink(mv.seat)
		cm, reach := mv.centre, mv.reach
		if k == r.bad {
			col, cm, reach = layout.Red, mv.red.centre, mv.red.reach
			for _, e := range mv.red.marks {
				c.Stroke((&layout.Path{}).Circle(board.Mark(o, s, e), 1.6), layout.Pen{Width: st.Line * 1.5, Color: layout.Red})
			}
		}
		text := strconv.Itoa(k + 1)
		if reach == 0 {
			// Nothing to draw as an arc: number the refused move just inside
			// its centre mark.
			p := board.Mark(o, s, mv.centre)
			d := math.Hypot(ctr.X-p.X, ctr.Y-p.Y)
			at := layout.Pt(p.X+(ctr.X-p.X)*5/d, p.Y+(ctr.Y-p.Y)*5/d)
			labels = append(labels, pending{text, col, func(float64) layout.Point { return at }, true})
			continue
		}
		p, rr, from, sweep := arc(cm, reach)
		pen.Color = col
		c.Stroke((&layout.Path{}).Arc(p, rr, from, sweep), pen)
		labels = append(labels, pending{text, col, func(t float64) layout.Point {
			a := from + t*sweep
			return layout.Pt(p.X+rr*math.Cos(a), p.Y+rr*math.Sin(a))
		}, false})
	}
	if !detail {
		return
	}
	// The meeting points, once each; smaller where there are many. The
	// engine knows which arcs met; where is decided at their places.
	dotR := math.Min(0.6, 0.25+25/float64(r.st.b.m))
	dots := newDotGrid(2)
	seen := map[[2]int64]bool{}
	for i := range r.moves {
		for j := range i {
			if !r.scored || !r.st.met(i, j) {
				continue // a refused round is drawn without its meetings
			}
			a, e := r.moves[i], r.moves[j]
			am, _, _ := r.st.b.meet(a.centre, a.reach, e.centre, e.reach) // decided when scored
			for _, q := range am.points {
				p := layout.Pt(ctr.X+big*q[0], ctr.Y-big*q[1])
				key := [2]int64{int64(math.Round(p.X * 20)), int64(math.Round(p.Y * 20))}
				if !seen[key] {
					seen[key] = true
					dots.add(p)
					polygons.Dot(c, p, dotR, layout.Black)
				}
			}
		}
	}
	// Numbers near the middle of their arcs, slid along the arc where the
	// middle is taken (arcs of reach m/6 all have their middle at the
	// centre), on a white disc so they stay readable over the lines.
	var placed []label
	free := func(p layout.Point, rad float64) float64 {
		gap := math.Inf(1)
		for _, l := range placed {
			gap = math.Min(gap, p.Dist(l.at)-l.radius-rad)
		}
		return math.Min(gap, dots.nearest(p)-rad-0.3)
	}
	tries := []float64{0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82, 0.12, 0.88}
	for _, l := range labels {
		rad := math.Max(fs*0.62, layout.TextWidth(l.text, font)/2+0.35)
		best, bestGap := l.at(0.5), math.Inf(-1)
		for _, t := range tries {
			p := l.at(t)
			if g := free(p, rad); g > bestGap {
				best, bestGap = p, g
			}
			if bestGap >= 0.2 || l.fixed {
				break
			}
		}
		placed = append(placed, label{best, rad})
		c.Fill((&layout.Path{}).Circle(best, rad), layout.White)
		c.Stroke((&layout.Path{}).Circle(best, rad), layout.Pen{Width: 0.15, Color: l.col})
		c.Text(layout.Pt(best.X, best.Y+fs*0.35), l.text, font, layout.Center, l.col)
	}
}

// dotGrid holds the meeting points in square cells, so that a label finds
// the nearest one by looking at the cells around it, ring by ring, rather
// than at every point (a round of 360 arcs has tens of thousands).
type dotGrid struct {
	cell     float64
	at       map[[2]int][]layout.Point
	lo, hi   [2]int // the cells that hold points
	occupied bool
}

func newDotGrid(cell float64) *dotGrid {
	return &dotGrid{cell: cell, at: map[[2]int][]layout.Point{}}
}

func (g *dotGrid) key(p layout.Point) [2]int {
	return [2]int{int(math.Floor(p.X / g.cell)), int(math.Floor(p.Y / g.cell))}
}

func (g *dotGrid) add(p layout.Point) {
	k := g.key(p)
	g.at[k] = append(g.at[k], p)
	if !g.occupied {
		g.lo, g.hi, g.occupied = k, k, true
	}
	for i := range 2 {
		g.lo[i], g.hi[i] = min(g.lo[i], k[i]), max(g.hi[i], k[i])
	}
}

// nearest is the distance from p to the nearest point (+Inf when none):
// the points in cells of ring r around p's cell are at least (r-1) cells
// away, so the search stops once the nearest found is that close.
func (g *dotGrid) nearest(p layout.Point) float64 {
	best := math.Inf(1)
	if !g.occupied {
		return best
	}
	c := g.key(p)
	look := func(x, y int) {
		for _, d := range g.at[[2]int{x, y}] {
			best = math.Min(best, p.Dist(d))
		}
	}
	for r := 0; ; r++ {
		// The ring's cells inside the occupied box: its top and bottom
		// rows, then its sides.
		x0, x1 := max(c[0]-r, g.lo[0]), min(c[0]+r, g.hi[0])
		for _, y := range []int{c[1] - r, c[1] + r} {
			if y >= g.lo[1] && y <= g.hi[1] {
				for x := x0; x <= x1; x++ {
					look(x, y)
				}
			}
			if r == 0 {
				break
			}
		}
		y0, y1 := max(c[1]-r+1, g.lo[1]), min(c[1]+r-1, g.hi[1])
		for _, x := range []int{c[0] - r, c[0] + r} {
			if r > 0 && x >= g.lo[0] && x <= g.hi[0] {
				for y := y0; y <= y1; y++ {
					look(x, y)
				}
			}
		}
		covered := c[0]-r <= g.lo[0] && c[1]-r <= g.lo[1] && c[0]+r >= g.hi[0] && c[1]+r >= g.hi[1]
		if best <= float64(r)*g.cell || covered {
			return best
		}
	}
}
