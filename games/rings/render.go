package rings

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/layout"
	"papergames/scorer"
)

// under draws the filled sections under the target, so that the board's
// circles, cuts and ring numbers stay on top of the shading.
type under struct {
	board boards.Rings
	rr    *round
}

func (f under) Extent(s float64) layout.Size { return f.board.Extent(s) }
func (f under) MinSize() float64             { return f.board.MinSize() }

// Draw shades the sections ring by ring, section by section: the same
// round draws the same bytes every time.
func (f under) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	ctr := f.board.Center(o, s)
	for j, cs := range f.rr.st.cuts {
		for k := range cs {
			if seat := f.rr.owner(section{j + 1, k}); seat >= 0 {
				c.Fill(f.rr.sectorPath(f.board, ctr, s, section{j + 1, k}), scorer.Fill(seat))
			}
		}
	}
	f.board.Draw(c, o, s, st)
}

// sectionSpan returns where section sec of its ring starts and how far it
// runs clockwise, in degrees.
func (rr *round) sectionSpan(sec section) (from, sweep float64) {
	cs := rr.st.cuts[sec.ring-1]
	a := cs[sec.sec].f
	b := cs[(sec.sec+1)%len(cs)].f
	if sec.sec+1 == len(cs) {
		b += 360
	}
	return a, b - a
}

// sectorPath is the annular sector of a section.
func (rr *round) sectorPath(b boards.Rings, ctr layout.Point, s float64, sec section) *layout.Path {
	from, sweep := rr.sectionSpan(sec)
	start := (from - 90) * math.Pi / 180 // page angle: 0 at 3 o'clock, clockwise
	sw := sweep * math.Pi / 180
	rin, rout := b.Radius(s, sec.ring), b.Radius(s, sec.ring+1)
	return (&layout.Path{}).Arc(ctr, rout, start, sw).Arc(ctr, rin, start+sw, -sw).Close()
}

// cell draws the round: shaded sections, section numbers, the segments in
// their players' ink with their numbers and end labels, a refused segment
// (or a refused ring's cuts) in red.
func (rr *round) cell(t *scorer.Transcript, i int) layout.Cell {
	st := rr.st
	caption := fmt.Sprintf("round %d: divider %s", i+1, t.Players[st.divider])
	if rr.noDiv {
		caption = fmt.Sprintf("round %d: divider unknown", i+1)
	}
	if rr.bad < 0 && len(rr.badRings) == 0 && len(rr.segs) > 0 {
		scores := st.Scores()
		var parts []string
		for k, p := range t.Players {
			parts = append(parts, fmt.Sprintf("%s %d", p, scores[k]))
		}
		caption += " · " + strings.Join(parts, ", ")
	} else if rr.bad >= 0 || len(rr.badRings) > 0 {
		caption += " · refused (see the messages)"
	}
	return layout.Cell{Caption: caption, Figure: rr.figure()}
}

// figure draws the round without its caption.
func (rr *round) figure() layout.Figure {
	st := rr.st
	board := boards.Rings{Circles: st.n, Sections: st.bounds, Cuts: rr.floatCuts()}
	return scorer.Overlay{Base: under{board, rr}, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
		rr.drawMoves(c, board, o, s, st)
	}}
}

func (rr *round) drawMoves(c layout.Canvas, board boards.Rings, o layout.Point, s float64, st layout.Style) {
	ctr := board.Center(o, s)
	ringW := board.Radius(s, 1)
	// Section numbers, where they fit.
	f := layout.Font{Size: math.Min(2.4, ringW*0.32)}
	for j := 1; j < rr.st.n; j++ {
		cs := rr.st.cuts[j-1]
		if len(cs) == 0 || rr.badRings[j] {
			continue
		}
		label := labelSection(rr, j)
		for k := range cs {
			from, sweep := rr.sectionSpan(section{j, k})
			at := from + sweep/2
			if k == label { // the board writes the ring number in the middle here
				at = from + sweep/5
			}
			rm := board.Radius(s, j) + ringW/2
			txt := strconv.Itoa(k + 1)
			room := rm * sweep * math.Pi / 180
			if k == label {
				room = rm * sweep * math.Pi / 180 * 0.4
			}
			if room < layout.TextWidth(txt, f)+0.8 || f.Size < 1.2 {
				continue
			}
			p := layout.Compass(ctr, rm, at)
			c.Text(layout.Pt(p.X, p.Y+f.Size*0.35), txt, f, layout.Center, layout.RGB(110, 110, 110))
		}
	}
	// A refused ring's cuts in red, ring by ring.
	for j := 1; j < rr.st.n; j++ {
		if !rr.badRings[j] {
			continue
		}
		for _, a := range rr.st.cuts[j-1] {
			d := a.f
			c.Stroke(layout.Segment(layout.Compass(ctr, board.Radius(s, j), d), layout.Compass(ctr, board.Radius(s, j+1), d)), layout.Pen{Width: st.Line * 1.6, Color: layout.Red})
		}
	}
	at := func(e end) layout.Point {
		return layout.Compass(ctr, board.Radius(s, e.circle), e.d.f)
	}
	// Segments up to the first refused one, which is red.
	type placed struct {
		e    end
		col  layout.Color
		dirs []layout.Point // unit directions of the segments drawn from it
	}
	var ends []placed
	var nums []func()
	for k, sg := range rr.segs {
		if rr.bad >= 0 && k > rr.bad {
			break
		}
		if !sg.ok {
			continue
		}
		col := layout.Red
		if k != rr.bad && sg.seat >= 0 {
			col = scorer.Ink(sg.seat)
		}
		p, q := at(sg.a), at(sg.b)
		c.Stroke(layout.Segment(p, q), layout.Pen{Width: math.Max(0.45, st.Line*1.6), Color: col})
		for x, e := range []end{sg.a, sg.b} {
			from, to := p, q
			if x == 1 {
				from, to = q, p
			}
			l := from.Dist(to)
			dir := layout.Pt((to.X-from.X)/l, (to.Y-from.Y)/l)
			found := false
			for y := range ends {
				if ends[y].e.circle == e.circle && ends[y].e.d == e.d {
					ends[y].dirs = append(ends[y].dirs, dir)
					found = true
				}
			}
			if !found {
				ends = append(ends, placed{e, col, []layout.Point{dir}})
			}
		}
		// The number goes 0.4 of the way along, on a white disc.
		m := layout.Pt(p.X+(q.X-p.X)*0.4, p.Y+(q.Y-p.Y)*0.4)
		txt := strconv.Itoa(k + 1)
		nums = append(nums, func() {
			nf := layout.Font{Size: 2.4, Bold: true}
			c.Fill((&layout.Path{}).Circle(m, 1.6), layout.White)
			c.Stroke((&layout.Path{}).Circle(m, 1.6), layout.Pen{Width: 0.2, Color: col})
			c.Text(layout.Pt(m.X, m.Y+nf.Size*0.35), txt, nf, layout.Center, col)
		})
	}
	// End labels beside their point, in the quarter around it that keeps
	// clear of the cuts (radial), the circle and the segments drawn from
	// it; never outwards on the outer circle, where the degree scale is.
	ef := layout.Font{Size: 2.2}
	for _, x := range ends {
		p := at(x.e)
		c.Fill((&layout.Path{}).Circle(p, 0.7), x.col)
		d := x.e.d.f
		sin, cos := layout.SinCosDeg(d)
		ur, ut := layout.Pt(sin, -cos), layout.Pt(cos, sin) // outwards, clockwise (page)
		txt := x.e.label()
		w, h := layout.TextWidth(txt, ef)/2, ef.Size/2
		a := 0.6 + w*math.Abs(sin) + h*math.Abs(cos)
		b := 0.6 + w*math.Abs(cos) + h*math.Abs(sin)
		best, bestScore := layout.Point{}, -2.0
		for _, sr := range []float64{1, -1} {
			if sr > 0 && x.e.circle == rr.st.n {
				continue
			}
			for _, st := range []float64{1, -1} {
				v := layout.Pt(sr*a*ur.X+st*b*ut.X, sr*a*ur.Y+st*b*ut.Y)
				l := math.Hypot(v.X, v.Y)
				score := 2.0 // the smallest angle to a segment, as 1 - cos
				for _, dir := range x.dirs {
					score = math.Min(score, 1-(v.X*dir.X+v.Y*dir.Y)/l)
				}
				if score > bestScore+1e-9 {
					best, bestScore = v, score
				}
			}
		}
		l := layout.Pt(p.X+best.X, p.Y+best.Y)
		c.Text(layout.Pt(l.X, l.Y+ef.Size*0.35), txt, ef, layout.Center, x.col)
	}
	for _, f := range nums {
		f()
	}
}

// labelSection returns the section in which the board writes ring j's
// number: the middle of the widest gap between cuts (boards.Rings).
func labelSection(rr *round, j int) int {
	best, at := -1.0, -1
	for k := range rr.st.cuts[j-1] {
		if _, sw := rr.sectionSpan(section{j, k}); sw > best {
			best, at = sw, k
		}
	}
	return at
}
