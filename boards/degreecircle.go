package boards

import (
	"math"

	"papergames/layout"
)

// DegreeCircle is the Cross Don't Cross board: a circle with a degree
// scale outside it, so that chord ends can be written down as angles. Its
// size s is the circle's diameter.
type DegreeCircle struct{}

// Extent implements layout.Figure.
func (DegreeCircle) Extent(s float64) layout.Size {
	w := s + 2*degreeMargin(s)
	return layout.Size{W: w, H: w}
}

// MinSize implements layout.Figure.
func (DegreeCircle) MinSize() float64 { return 50 }

// Center returns the circle's centre for a board drawn at o with size s.
func (DegreeCircle) Center(o layout.Point, s float64) layout.Point {
	m := degreeMargin(s)
	return layout.Pt(o.X+m+s/2, o.Y+m+s/2)
}

// At returns the point of the circle at deg degrees clockwise from 12.
func (b DegreeCircle) At(o layout.Point, s, deg float64) layout.Point {
	return layout.Compass(b.Center(o, s), s/2, deg)
}

// Draw implements layout.Figure.
func (b DegreeCircle) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	ctr := b.Center(o, s)
	c.Stroke((&layout.Path{}).Circle(ctr, s/2), st.Pen())
	drawDegreeScale(c, ctr, s/2, s, st)
	c.Fill((&layout.Path{}).Circle(ctr, math.Max(0.25, st.Line/2)), st.Guide)
}
