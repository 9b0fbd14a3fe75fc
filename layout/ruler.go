package layout

import "fmt"

// RulerText is printed above the calibration ruler.
const RulerText = "Print at 100% / actual size: the scales below must measure 100 mm and 4 in."

const (
	rulerW = 110.0
	rulerH = 19.0
)

// RulerSize returns the width and height of the calibration ruler.
func RulerSize() (w, h float64) { return rulerW, rulerH }

// DrawRuler draws the calibration ruler with its top left at o: a 100 mm
// scale with millimetre ticks and a 4 inch scale with eighth-inch ticks, so
// a user can check that the printer did not scale the sheet.
func DrawRuler(c Canvas, o Point) {
	pen := Pen{Width: 0.15, Color: Black}
	label := Font{Size: 2.3}
	c.Text(Point{o.X, o.Y + 2.6}, RulerText, Font{Size: 2.5}, Left, Black)
	// Metric scale, ticks hanging down from the line.
	y := o.Y + 4.5
	c.Stroke(Segment(Point{o.X, y}, Point{o.X + 100, y}), pen)
	for mm := 0; mm <= 100; mm++ {
		l := 1.2
		switch {
		case mm%10 == 0:
			l = 3
		case mm%5 == 0:
			l = 2
		}
		x := o.X + float64(mm)
		c.Stroke(Segment(Point{x, y}, Point{x, y + l}), pen)
		if mm%10 == 0 {
			c.Text(Point{x, y + 5.6}, fmt.Sprint(mm/10), label, Center, Black)
		}
	}
	c.Text(Point{o.X + 102, y + 2.4}, "cm", label, Left, Black)
	// Imperial scale, ticks standing up from the line.
	y = o.Y + 15.5
	c.Stroke(Segment(Point{o.X, y}, Point{o.X + 4*Inch, y}), pen)
	for e := 0; e <= 32; e++ {
		l := 1.2
		switch {
		case e%8 == 0:
			l = 3
		case e%4 == 0:
			l = 2
		}
		x := o.X + float64(e)*Inch/8
		c.Stroke(Segment(Point{x, y}, Point{x, y - l}), pen)
		if e%8 == 0 {
			c.Text(Point{x, y + 3}, fmt.Sprint(e/8), label, Center, Black)
		}
	}
	c.Text(Point{o.X + 4*Inch + 1.5, y - 0.4}, "in", label, Left, Black)
}
