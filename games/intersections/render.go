package intersections

import (
	"fmt"
	"strconv"

	"papergames/boards"
	"papergames/layout"
	"papergames/scorer"
)

// cell draws round i on the dot array: every segment read in the colour
// of its player (a refused one in red) with its number beside it, and,
// when w is given (the round is legal), each scoring dot ringed with its
// weight.
func cell(t *scorer.Transcript, i, n, off int, segs []*segment, w [][]meeting) *layout.Cell {
	refused := false
	for _, s := range segs {
		refused = refused || !s.ok
	}
	caption := fmt.Sprintf("round %d: %s is the offense", i+1, t.Players[off])
	if w != nil {
		pts := 0
		for r := range w {
			for c := range w[r] {
				if scoring(w[r][c].weight()) {
					pts++
				}
			}
		}
		caption += fmt.Sprintf(" and scores %d", pts)
	} else if refused {
		caption += " · refused segments in red"
	}
	return &layout.Cell{Caption: caption, Figure: drawing(t.Players, n, off, segs, w, refused)}
}

// drawing is a round's figure: the segments in their players' inks (a
// refused one in red), their numbers, and once scored (w) a ring round
// each scoring dot.
func drawing(players []string, n, off int, segs []*segment, w [][]meeting, refused bool) layout.Figure {
	fig := figure{board: boards.DotArray{N: n}, players: players, offense: off, refused: refused}
	return scorer.Overlay{Base: fig, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
		board := fig.board
		step := s / float64(max(1, n-1))
		at := func(d Dot) layout.Point { return board.Dot(o, s, int(d.C), int(d.R)) }
		gap := dotRadius(step) + min(1.4, step/9)
		width := lineWidth(step)
		font := layout.Font{Size: min(2.8, max(1.6, step*0.3))}
		for _, sg := range segs {
			if !sg.ends {
				continue
			}
			col := scorer.Ink(sg.seat)
			if !sg.ok {
				col = layout.Red
			}
			a, b := at(sg.A), at(sg.B)
			if sg.A == sg.B {
				c.Stroke((&layout.Path{}).Circle(a, gap+0.4), layout.Pen{Width: width, Color: col})
				continue
			}
			// Stop short of the end dots, so a reader sees which dots a
			// segment ends at and which it passes through.
			l := a.Dist(b)
			u := layout.Pt((b.X-a.X)/l, (b.Y-a.Y)/l)
			c.Stroke(layout.Segment(layout.Pt(a.X+u.X*gap, a.Y+u.Y*gap), layout.Pt(b.X-u.X*gap, b.Y-u.Y*gap)), layout.Pen{Width: width, Color: col})
			c.Text(labelAt(sg, at, step, font), strconv.Itoa(sg.k+1), font, layout.Center, col)
		}
		if w == nil {
			return
		}
		// The weight needs no label: it is the number of lines leaving
		// the ring.
		ring := min(3, step*0.32)
		for r := range w {
			for cc := range w[r] {
				if scoring(w[r][cc].weight()) {
					c.Stroke((&layout.Path{}).Circle(at(Dot{int8(cc), int8(r)}), ring), layout.Pen{Width: max(0.35, width*0.7), Color: scorer.Ink(off)})
				}
			}
		}
	}}
}

// labelAt places a segment's number beside the middle of one of its
// gaps (never at a dot, where other lines meet): above a row segment,
// right of a column segment; a refused segment's on the other side, as it
// may lie over the segment it coincides with.
func labelAt(s *segment, at func(Dot) layout.Point, step float64, f layout.Font) layout.Point {
	if s.A.C != s.B.C && s.A.R != s.B.R {
		a, b := at(s.A), at(s.B)
		return layout.Pt((a.X+b.X)/2+f.Size*0.6, (a.Y+b.Y)/2)
	}
	_, lo, hi := s.span()
	x := lo + (hi-lo-1)/2
	p, q := at(s.at(x)), at(s.at(x+1))
	mid := layout.Pt((p.X+q.X)/2, (p.Y+q.Y)/2)
	off := 0.6 + lineWidth(step)/2 + f.Size*0.3
	if s.horizontal() {
		if !s.ok {
			return layout.Pt(mid.X, mid.Y+0.7+lineWidth(step)/2+f.Size*0.7)
		}
		return layout.Pt(mid.X, mid.Y-0.7-lineWidth(step)/2)
	}
	if !s.ok {
		off = -off
	}
	return layout.Pt(mid.X+off, mid.Y+f.Size*0.35)
}

func dotRadius(step float64) float64 { return min(0.9, max(0.5, step/14)) }

func lineWidth(step float64) float64 { return min(0.8, max(0.35, step/22)) }

// figure is the dot array with a key below it: each player's colour,
// the offense, the scoring ring and, for a refused round, red.
type figure struct {
	board   boards.DotArray
	players []string
	offense int
	refused bool
}

const keyH = 8

var keyFont = layout.Font{Size: 3}

// Extent implements layout.Figure.
func (f figure) Extent(s float64) layout.Size {
	e := f.board.Extent(s)
	e.H += keyH * float64(len(f.rows(e.W)))
	return e
}

// MinSize implements layout.Figure.
func (f figure) MinSize() float64 { return f.board.MinSize() }

type key struct {
	text string
	col  layout.Color
	ring bool
}

func (f figure) keys() []key {
	var ks []key
	for k := range f.players {
		seat := (f.offense + k) % len(f.players)
		name := f.players[seat]
		if k == 0 {
			name += " (offense)"
		}
		ks = append(ks, key{text: name, col: scorer.Ink(seat)})
	}
	if f.refused {
		ks = append(ks, key{text: "refused", col: layout.Red})
	} else {
		ks = append(ks, key{text: "scores: weight 3 or 4", col: scorer.Ink(f.offense), ring: true})
	}
	return ks
}

const sample = 8 // mm of line before each key's text

func (k key) width() float64 { return sample + 2 + layout.TextWidth(k.text, keyFont) + 6 }

// rows flows the keys into lines of at most width mm.
func (f figure) rows(width float64) [][]key {
	var rows [][]key
	x := width
	for _, k := range f.keys() {
		if x+k.width() > width && x > 0 {
			rows = append(rows, nil)
			x = 0
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], k)
		x += k.width()
	}
	return rows
}

// Draw implements layout.Figure.
func (f figure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	f.board.Draw(c, o, s, st)
	e := f.board.Extent(s)
	for i, row := range f.rows(e.W) {
		w := 0.0
		for _, k := range row {
			w += k.width()
		}
		x := o.X + (e.W-w)/2
		y := o.Y + e.H + keyH*float64(i) + keyH/2 + 1
		for _, k := range row {
			if k.ring {
				p := layout.Pt(x+sample/2, y)
				c.Stroke((&layout.Path{}).Circle(p, 1.6), layout.Pen{Width: 0.45, Color: k.col})
				c.Fill((&layout.Path{}).Circle(p, 0.6), layout.Black)
			} else {
				c.Stroke(layout.Segment(layout.Pt(x, y), layout.Pt(x+sample, y)), layout.Pen{Width: 0.8, Color: k.col})
			}
			c.Text(layout.Pt(x+sample+2, y+keyFont.Size*0.35), k.text, keyFont, layout.Left, layout.Black)
			x += k.width()
		}
	}
}
