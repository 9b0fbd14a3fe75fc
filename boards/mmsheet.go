package boards

import (
	"fmt"
	"math"

	"papergames/layout"
)

// MMSheet is the Polygons-&-Dots board: a square drawing area with a light
// millimetre grid and axes labelled every 10 mm, so each dot can be written
// down as coordinates. The origin is the bottom left corner, x runs right
// and y runs up, as on school graph paper. Its size s is the side of the
// area; only whole millimetres are used.
//
// A rendered game may hold dots beyond what fits at full scale: MinSpan
// then makes the area show at least that many millimetres of the sheet,
// scaled down, with the labels still in sheet millimetres.
//
// Wide, when above 1, makes the area that many times wider than tall, so
// that a landscape page is used to its sides (see Widen); 0 is square.
//
// Label prints the grid's extent above its top right corner in the
// transcript's words (grid: 267x160), so that a transcript can say which
// grid its dots are on.
type MMSheet struct {
	MinSpan int
	Wide    float64
	Label   bool
}

func mmLabels(s float64) float64 { return 3 + 2.6*labelFont(s).Size }

// Side returns the side, in whole sheet millimetres, of the area at size s.
func (b MMSheet) Side(s float64) float64 { return math.Max(math.Floor(s), float64(b.MinSpan)) }

// XSide returns the width of the area in whole sheet millimetres: Side,
// or more when the sheet is Wide.
func (b MMSheet) XSide(s float64) float64 {
	if b.Wide <= 1 {
		return b.Side(s)
	}
	return math.Max(b.Side(s), math.Floor(b.Side(s)*b.Wide))
}

// Widen implements layout.Widener: the area grows sideways to make the
// figure w mm wide at size s, in whole millimetres.
func (b MMSheet) Widen(s, w float64) layout.Figure {
	if wide := (w - 2*mmLabels(s)) / s; wide > 1 {
		b.Wide = wide
	}
	return b
}

// scale is page millimetres per sheet millimetre: 1 unless MinSpan
// shrinks the drawing.
func (b MMSheet) scale(s float64) float64 { return math.Floor(s) / b.Side(s) }

// Extent implements layout.Figure.
func (b MMSheet) Extent(s float64) layout.Size {
	g := mmLabels(s)
	return layout.Size{W: s*math.Max(1, b.Wide) + 2*g, H: s + g + 3}
}

// MinSize implements layout.Figure.
func (MMSheet) MinSize() float64 { return 50 }

// At returns the page position of the point (x, y) in sheet millimetres.
func (b MMSheet) At(o layout.Point, s, x, y float64) layout.Point {
	g := mmLabels(s)
	k := b.scale(s)
	return layout.Pt(o.X+g+k*x, o.Y+3+k*(b.Side(s)-y))
}

// Draw implements layout.Figure.
func (b MMSheet) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	side, xside := int(b.Side(s)), int(b.XSide(s))
	tints := []layout.Pen{
		{Width: 0.05, Color: layout.Color{R: 215, G: 215, B: 215}},
		{Width: 0.1, Color: layout.Color{R: 180, G: 180, B: 180}},
		{Width: 0.18, Color: layout.Color{R: 130, G: 130, B: 130}},
	}
	k := b.scale(s)
	for pass := 0; pass < 3; pass++ {
		for i := 0; i <= max(side, xside); i++ {
			level := 0
			if i%10 == 0 {
				level = 2
			} else if i%5 == 0 {
				level = 1
			}
			if level != pass || (level == 0 && k < 0.7) || (level == 1 && k < 0.3) {
				continue // too dense to see when scaled down
			}
			v := float64(i)
			if i <= xside {
				c.Stroke(layout.Segment(b.At(o, s, v, 0), b.At(o, s, v, float64(side))), tints[level])
			}
			if i <= side {
				c.Stroke(layout.Segment(b.At(o, s, 0, v), b.At(o, s, float64(xside), v)), tints[level])
			}
		}
	}
	c.Stroke(layout.RectPath(layout.Rect{Min: b.At(o, s, 0, float64(side)), Max: b.At(o, s, float64(xside), 0)}), st.Pen())
	f := labelFont(s)
	f.Size = math.Min(f.Size, 3)
	step := 10
	for _, st := range []int{20, 50, 100, 200, 500, 1000} {
		if float64(step)*k >= 7 {
			break
		}
		step = st
	}
	for i := 0; i <= max(side, xside); i += step {
		v := float64(i)
		if i <= xside {
			p := b.At(o, s, v, 0)
			c.Text(layout.Pt(p.X, p.Y+f.Size+1.2), fmt.Sprint(i), f, layout.Center, layout.Black)
		}
		if i <= side {
			p := b.At(o, s, 0, v)
			c.Text(layout.Pt(p.X-1.5, p.Y+f.Size*0.35), fmt.Sprint(i), f, layout.Right, layout.Black)
		}
	}
	corner := b.At(o, s, float64(xside), 0)
	c.Text(layout.Pt(corner.X+1.5, corner.Y+f.Size*0.35), "x mm", f, layout.Left, layout.Black)
	top := b.At(o, s, 0, float64(side))
	// Right of the corner, clear of the number left of it.
	c.Text(layout.Pt(top.X+1, top.Y-1.2), "y mm", f, layout.Left, layout.Black)
	if b.Label {
		right := b.At(o, s, float64(xside), float64(side))
		c.Text(layout.Pt(right.X, right.Y-1.2), fmt.Sprintf("grid: %dx%d", xside, side), f, layout.Right, layout.Black)
	}
}
