package layout

import "math"

// Point is a position on the page in millimetres.
type Point struct{ X, Y float64 }

// Pt is shorthand for Point{x, y}.
func Pt(x, y float64) Point { return Point{x, y} }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Dist returns the distance between p and q.
func (p Point) Dist(q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// Compass returns the point at distance r from c in the direction deg
// degrees clockwise from 12 o'clock, the way a protractor is read on paper.
func Compass(c Point, r, deg float64) Point {
	s, co := SinCosDeg(deg)
	return Point{c.X + r*s, c.Y - r*co}
}

// SinCosDeg returns sin and cos of deg degrees, exact at multiples of 90 so
// that marks at 3, 6, 9 and 12 o'clock land exactly on the axes.
func SinCosDeg(deg float64) (sin, cos float64) {
	d := math.Mod(deg, 360)
	if d < 0 {
		d += 360
	}
	switch d {
	case 0:
		return 0, 1
	case 90:
		return 1, 0
	case 180:
		return 0, -1
	case 270:
		return -1, 0
	}
	return math.Sincos(d * math.Pi / 180)
}

// Rect is an axis-aligned rectangle: Min is its top left corner.
type Rect struct{ Min, Max Point }

// R returns the rectangle with top left (x, y), width w and height h.
func R(x, y, w, h float64) Rect { return Rect{Point{x, y}, Point{x + w, y + h}} }

// W returns the width of r.
func (r Rect) W() float64 { return r.Max.X - r.Min.X }

// H returns the height of r.
func (r Rect) H() float64 { return r.Max.Y - r.Min.Y }

// Center returns the middle of r.
func (r Rect) Center() Point { return Point{(r.Min.X + r.Max.X) / 2, (r.Min.Y + r.Max.Y) / 2} }

// Color is an opaque RGB colour.
type Color struct{ R, G, B uint8 }

// RGB returns the colour (r, g, b).
func RGB(r, g, b uint8) Color { return Color{r, g, b} }

// Colours used across the sheets.
var (
	Black     = Color{0, 0, 0}
	White     = Color{255, 255, 255}
	Grey      = Color{150, 150, 150}
	LightGrey = Color{205, 205, 205}
	Red       = Color{200, 20, 20}
)

// Pen describes how a path is stroked. Width is in millimetres; Dash, if
// not empty, alternates dash and gap lengths in millimetres.
type Pen struct {
	Width float64
	Color Color
	Dash  []float64
}

// Align places text horizontally relative to its anchor point.
type Align int

// Horizontal text alignments.
const (
	Left Align = iota
	Center
	Right
)

// Font selects the embedded face and its size. Size is the em size in
// millimetres (1 pt = 25.4/72 mm).
type Font struct {
	Size float64
	Bold bool
}

// PtToMM is the length of one typographic point in millimetres.
const PtToMM = 25.4 / 72

// Canvas is the drawing surface every board and sheet part draws on. The
// PDF and SVG writers implement it, and so does Recorder, which tests read.
type Canvas interface {
	// Stroke draws the outline of p.
	Stroke(p *Path, pen Pen)
	// Fill paints the inside of p (even-odd rule, so inner rings are holes).
	Fill(p *Path, c Color)
	// Text writes s with its baseline at y and its anchor at x.
	Text(at Point, s string, f Font, a Align, c Color)
}

// Document is a Canvas of several pages, written as one file (PDF) or one
// file per page (SVG).
type Document interface {
	Canvas
	// AddPage starts a new page w by h millimetres; drawing goes to it.
	AddPage(w, h float64)
}
