package boards

import (
	"fmt"
	"math"

	"papergames/layout"
)

// degreeMargin is the room a degree scale takes outside a circle of size s.
func degreeMargin(s float64) float64 { return 5 + 2.2*labelFont(s).Size }

// drawDegreeScale draws ticks outside the circle (c, r): every 5 degrees,
// longer every 30 with the angle written, and short ones every degree when
// degrees are at least a millimetre apart. Angles run clockwise from 12
// o'clock, as the players write them.
func drawDegreeScale(cv layout.Canvas, c layout.Point, r, s float64, st layout.Style) {
	pen := layout.Pen{Width: 0.15, Color: layout.Black}
	f := labelFont(s)
	fine := math.Pi*r/180 >= 1
	for d := 0; d < 360; d++ {
		l := 0.0
		switch {
		case d%30 == 0:
			l = 3.5
		case d%5 == 0:
			l = 2
		case fine:
			l = 0.9
		}
		if l == 0 {
			continue
		}
		cv.Stroke(layout.Segment(layout.Compass(c, r, float64(d)), layout.Compass(c, r+l, float64(d))), pen)
		if d%30 == 0 {
			at := layout.Compass(c, r+4.5+f.Size*0.8, float64(d))
			cv.Text(layout.Pt(at.X, at.Y+f.Size*0.35), fmt.Sprint(d), f, layout.Center, layout.Black)
		}
	}
}
