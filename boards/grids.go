package boards

import (
	"fmt"
	"math"

	"papergames/layout"
)

// gridLabels is the room, left and above, for column letters and row
// numbers on a grid of size s.
func gridLabels(s float64) float64 { return 2 + 2.2*labelFont(s).Size }

// labelGap is the clear space left between neighbouring column labels.
const labelGap = 0.8

// drawGridLabels writes column letters above and row numbers left of n
// positions spaced step apart, starting at first (the first column's x and
// the first row's y).
func drawGridLabels(c layout.Canvas, first layout.Point, step float64, n int, s float64, top, left float64) {
	f := labelFont(s)
	if step < f.Size*1.6 {
		f.Size = step / 1.6
	}
	// Column labels of two letters (AA, AB, ...) must not run together:
	// shrink them until the widest leaves a clear gap to its neighbours.
	widest := 0.0
	for i := 0; i < n; i++ {
		widest = math.Max(widest, layout.TextWidth(Column(i), layout.Font{Size: 1}))
	}
	if room := step - labelGap; widest*f.Size > room {
		f.Size = room / widest
	}
	for i := 0; i < n; i++ {
		x := first.X + float64(i)*step
		c.Text(layout.Pt(x, top-1.2), Column(i), f, layout.Center, layout.Black)
		y := first.Y + float64(i)*step
		c.Text(layout.Pt(left-1.2, y+f.Size*0.35), fmt.Sprint(i+1), f, layout.Right, layout.Black)
	}
}

// CellGrid is the Within The Curve board: N by N cells with column letters
// above and row numbers to the left. Its size s is the grid's side.
type CellGrid struct{ N int }

// Extent implements layout.Figure.
func (b CellGrid) Extent(s float64) layout.Size {
	return layout.Size{W: s + 2*gridLabels(s), H: s + gridLabels(s) + 1}
}

// MinSize implements layout.Figure: cells at least 4 mm across.
func (b CellGrid) MinSize() float64 { return 4 * float64(b.N) }

// Origin returns the grid's top left corner.
func (b CellGrid) Origin(o layout.Point, s float64) layout.Point {
	g := gridLabels(s)
	return layout.Pt(o.X+g, o.Y+g)
}

// Cell returns the square of cell (c, r), 0-based from the top left.
func (b CellGrid) Cell(o layout.Point, s float64, c, r int) layout.Rect {
	g := b.Origin(o, s)
	step := s / float64(b.N)
	return layout.R(g.X+float64(c)*step, g.Y+float64(r)*step, step, step)
}

// Draw implements layout.Figure.
func (b CellGrid) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	g := b.Origin(o, s)
	step := s / float64(b.N)
	for i := 1; i < b.N; i++ {
		x, y := g.X+float64(i)*step, g.Y+float64(i)*step
		c.Stroke(layout.Segment(layout.Pt(x, g.Y), layout.Pt(x, g.Y+s)), st.GuidePen())
		c.Stroke(layout.Segment(layout.Pt(g.X, y), layout.Pt(g.X+s, y)), st.GuidePen())
	}
	c.Stroke(layout.RectPath(layout.R(g.X, g.Y, s, s)), st.Pen())
	drawGridLabels(c, layout.Pt(g.X+step/2, g.Y+step/2), step, b.N, s, g.Y, g.X)
}

// LineGrid is the Polygons In Permutation Grid board: N lines each way,
// columns lettered and rows numbered. Its size s is the distance from the
// first line to the last.
type LineGrid struct{ N int }

const lineOverhang = 2.5

// Extent implements layout.Figure.
func (b LineGrid) Extent(s float64) layout.Size {
	g := gridLabels(s) + lineOverhang
	return layout.Size{W: s + 2*g, H: s + g + lineOverhang}
}

// MinSize implements layout.Figure: lines at least 5 mm apart.
func (b LineGrid) MinSize() float64 { return 5 * float64(b.N-1) }

// Node returns the crossing of column line c and row line r (0-based).
func (b LineGrid) Node(o layout.Point, s float64, c, r int) layout.Point {
	g := gridLabels(s) + lineOverhang
	step := s / float64(b.N-1)
	return layout.Pt(o.X+g+float64(c)*step, o.Y+g+float64(r)*step)
}

// Draw implements layout.Figure.
func (b LineGrid) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	a := b.Node(o, s, 0, 0)
	for i := 0; i < b.N; i++ {
		p := b.Node(o, s, i, i)
		c.Stroke(layout.Segment(layout.Pt(p.X, a.Y-lineOverhang), layout.Pt(p.X, a.Y+s+lineOverhang)), st.GuidePen())
		c.Stroke(layout.Segment(layout.Pt(a.X-lineOverhang, p.Y), layout.Pt(a.X+s+lineOverhang, p.Y)), st.GuidePen())
	}
	drawGridLabels(c, a, s/float64(b.N-1), b.N, s, a.Y-lineOverhang, a.X-lineOverhang)
}

// DotArray is the Making Intersections board: N by N dots named like
// cells. Its size s is the distance from the first dot to the last.
type DotArray struct{ N int }

// Extent implements layout.Figure.
func (b DotArray) Extent(s float64) layout.Size {
	g := gridLabels(s) + lineOverhang
	return layout.Size{W: s + 2*g, H: s + g + lineOverhang}
}

// MinSize implements layout.Figure: dots at least 5 mm apart, as the
// line grid: room for a pencil line between neighbours.
func (b DotArray) MinSize() float64 { return 5 * float64(b.N-1) }

// Dot returns the position of dot (c, r), 0-based from the top left.
func (b DotArray) Dot(o layout.Point, s float64, c, r int) layout.Point {
	return LineGrid(b).Node(o, s, c, r)
}

// Draw implements layout.Figure.
func (b DotArray) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	step := s / float64(b.N-1)
	rad := min(0.9, max(0.5, step/14))
	for i := 0; i < b.N; i++ {
		for j := 0; j < b.N; j++ {
			c.Fill((&layout.Path{}).Circle(b.Dot(o, s, i, j), rad), layout.Black)
		}
	}
	a := b.Dot(o, s, 0, 0)
	drawGridLabels(c, a, step, b.N, s, a.Y-lineOverhang, a.X-lineOverhang)
}
