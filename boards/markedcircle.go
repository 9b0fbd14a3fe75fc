package boards

import (
	"fmt"
	"math"

	"papergames/layout"
)

// MarkedCircle is the Arcs And Marks board: a circle with Marks evenly
// spaced marks numbered 1..Marks clockwise from 12 o'clock, and a table of
// compass openings. Its size s is the circle's diameter.
type MarkedCircle struct {
	Marks        int
	LegendBeside bool // the compass table to the right of the circle
	// Bare leaves out the table of compass openings: the plain circle of
	// a compact sheet (see Plain).
	Bare bool
}

// Plain implements layout.Plainer: the circle and its numbered marks.
func (b MarkedCircle) Plain() layout.Figure { b.Bare = true; return b }

// Key implements layout.Plainer: the compass openings at size s, once
// per page.
func (b MarkedCircle) Key(s float64) (string, []string) {
	l := b.legend(s)
	return l.heading, l.entries
}

// Beside implements layout.Rearranger.
func (b MarkedCircle) Beside() layout.Figure { b.LegendBeside = true; return b }

func (b MarkedCircle) margin(s float64) float64 { return 4 + 2.4*labelFont(s).Size }

func (b MarkedCircle) legend(s float64) legend {
	l := legend{heading: "Compass opening for reach k"}
	for k := 1; 2*k < b.Marks; k++ {
		l.entries = append(l.entries, fmt.Sprintf("k = %d: %.1f mm", k, b.Opening(s, k)))
	}
	return l
}

// Extent implements layout.Figure.
func (b MarkedCircle) Extent(s float64) layout.Size {
	w := s + 2*b.margin(s)
	if b.Bare {
		return layout.Size{W: w, H: w}
	}
	return legendExtent(w, b.legend(s), b.LegendBeside)
}

// MinSize implements layout.Figure: marks at least 4 mm apart, and 45 mm.
func (b MarkedCircle) MinSize() float64 { return math.Max(45, 4*float64(b.Marks)/math.Pi) }

// Center returns the circle's centre for a board drawn at o with size s.
func (b MarkedCircle) Center(o layout.Point, s float64) layout.Point {
	m := b.margin(s)
	return layout.Pt(o.X+m+s/2, o.Y+m+s/2)
}

// MarkAngle returns the angle of mark i (1-based), in degrees clockwise
// from 12 o'clock.
func (b MarkedCircle) MarkAngle(i int) float64 { return float64(i-1) * 360 / float64(b.Marks) }

// Mark returns the position of mark i (1-based).
func (b MarkedCircle) Mark(o layout.Point, s float64, i int) layout.Point {
	return layout.Compass(b.Center(o, s), s/2, b.MarkAngle(i))
}

// Opening returns the compass opening for reach k: the chord from a mark
// to the mark k further on, s*sin(pi*k/m).
func (b MarkedCircle) Opening(s float64, k int) float64 {
	return s * math.Sin(math.Pi*float64(k)/float64(b.Marks))
}

// Draw implements layout.Figure.
func (b MarkedCircle) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	ctr, r := b.Center(o, s), s/2
	c.Stroke((&layout.Path{}).Circle(ctr, r), st.Pen())
	f := labelFont(s)
	tick := layout.Pen{Width: st.Line, Color: layout.Black}
	for i := 1; i <= b.Marks; i++ {
		a := b.MarkAngle(i)
		c.Stroke(layout.Segment(layout.Compass(ctr, r-1.8, a), layout.Compass(ctr, r+1.8, a)), tick)
		c.Fill((&layout.Path{}).Circle(b.Mark(o, s, i), 0.55), layout.Black)
		at := layout.Compass(ctr, r+3+f.Size*0.9, a)
		c.Text(layout.Pt(at.X, at.Y+f.Size*0.35), fmt.Sprint(i), f, layout.Center, layout.Black)
	}
	c.Fill((&layout.Path{}).Circle(ctr, 0.3), st.Guide)
	if !b.Bare {
		b.legend(s).drawBy(c, o, s+2*b.margin(s), b.LegendBeside)
	}
}
