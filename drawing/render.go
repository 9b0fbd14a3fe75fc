package drawing

import (
	"fmt"
	"math"
	"sort"

	"papergames/geom"
	"papergames/layout"
)

// Tints for shaded faces: odd and even side counts.
var (
	OddTint  = layout.Color{R: 255, G: 214, B: 160}
	EvenTint = layout.Color{R: 170, G: 205, B: 250}
)

// ParityTint shades a face by whether its side count is odd or even.
func ParityTint(f geom.Face) layout.Color {
	if f.Sides%2 == 1 {
		return OddTint
	}
	return EvenTint
}

// Figure draws segments with their faces shaded and each face's side
// count written inside it. Coordinates are drawn with y up. Its size s is
// the length of the drawing's longer side on paper.
type Figure struct {
	Segs  []geom.Segment
	Faces []geom.Face
	Tint  func(geom.Face) layout.Color

	minX, minY, maxX, maxY float64
}

const pad = 3.0

// NewFigure prepares the figure of segs and faces.
func NewFigure(segs []geom.Segment, faces []geom.Face, tint func(geom.Face) layout.Color) *Figure {
	f := &Figure{Segs: segs, Faces: faces, Tint: tint,
		minX: math.Inf(1), minY: math.Inf(1), maxX: math.Inf(-1), maxY: math.Inf(-1)}
	for _, s := range segs {
		for _, p := range []geom.Point{s.A, s.B} {
			x, y := p.Float()
			f.minX, f.maxX = math.Min(f.minX, x), math.Max(f.maxX, x)
			f.minY, f.maxY = math.Min(f.minY, y), math.Max(f.maxY, y)
		}
	}
	if len(segs) == 0 {
		f.minX, f.minY, f.maxX, f.maxY = 0, 0, 1, 1
	}
	return f
}

func (f *Figure) span() float64 {
	s := math.Max(f.maxX-f.minX, f.maxY-f.minY)
	if s <= 0 {
		return 1
	}
	return s
}

// Extent implements layout.Figure.
func (f *Figure) Extent(s float64) layout.Size {
	k := s / f.span()
	return layout.Size{W: (f.maxX-f.minX)*k + 2*pad, H: (f.maxY-f.minY)*k + 2*pad}
}

// MinSize implements layout.Figure.
func (f *Figure) MinSize() float64 { return 30 }

// Draw implements layout.Figure.
func (f *Figure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	k := s / f.span()
	at := func(x, y float64) layout.Point {
		return layout.Pt(o.X+pad+(x-f.minX)*k, o.Y+pad+(f.maxY-y)*k)
	}
	FillFaces(c, f.Faces, at, func(_ int, fc geom.Face) layout.Color { return f.Tint(fc) })
	for _, sg := range f.Segs {
		ax, ay := sg.A.Float()
		bx, by := sg.B.Float()
		c.Stroke(layout.Segment(at(ax, ay), at(bx, by)), st.Pen())
	}
	LabelFaces(c, f.Faces, at, k)
}

// FillFaces paints face i (holes left out) in tint(i, face), mapping
// drawing coordinates to the page with at.
func FillFaces(c layout.Canvas, faces []geom.Face, at func(x, y float64) layout.Point, tint func(i int, f geom.Face) layout.Color) {
	ring := func(path *layout.Path, pts []geom.Point) {
		for i, p := range pts {
			x, y := p.Float()
			if i == 0 {
				path.Move(at(x, y))
			} else {
				path.Line(at(x, y))
			}
		}
		path.Close()
	}
	for i, fc := range faces {
		path := &layout.Path{}
		ring(path, fc.Outer)
		for _, h := range fc.HoleRings {
			ring(path, h)
		}
		c.Fill(path, tint(i, fc))
	}
}

// LabelFaces writes each face's number of sides at a point well inside
// it; k is millimetres per drawing unit, which bounds the text size.
func LabelFaces(c layout.Canvas, faces []geom.Face, at func(x, y float64) layout.Point, k float64) {
	for _, fc := range faces {
		x, y, w, h := labelSpot(fc)
		size := math.Min(3.5, math.Min(0.45*w*k, 0.7*h*k))
		if size < 0.8 {
			continue // too small to write in; the tint still shows it
		}
		p := at(x, y)
		c.Text(layout.Pt(p.X, p.Y+size*0.35), fmt.Sprint(fc.Sides), layout.Font{Size: size, Bold: true}, layout.Center, layout.Black)
	}
}

// rings returns a face's outer ring and hole rings as float polygons.
func rings(fc geom.Face) [][][2]float64 {
	conv := func(pts []geom.Point) [][2]float64 {
		out := make([][2]float64, len(pts))
		for i, p := range pts {
			out[i][0], out[i][1] = p.Float()
		}
		return out
	}
	rs := [][][2]float64{conv(fc.Outer)}
	for _, h := range fc.HoleRings {
		rs = append(rs, conv(h))
	}
	return rs
}

// crossings returns, sorted, where the line {axis = v} crosses the rings
// (axis 1: horizontal line y = v, returning x values; axis 0: vertical).
func crossings(rs [][][2]float64, axis int, v float64) []float64 {
	var xs []float64
	o := 1 - axis
	for _, r := range rs {
		for i := range r {
			a, b := r[i], r[(i+1)%len(r)]
			if (a[axis] <= v) != (b[axis] <= v) {
				t := (v - a[axis]) / (b[axis] - a[axis])
				xs = append(xs, a[o]+t*(b[o]-a[o]))
			}
		}
	}
	sort.Float64s(xs)
	return xs
}

// labelSpot finds a point well inside the face (even-odd inside its rings)
// and the width and height of room around it, in drawing units: the middle
// of the widest horizontal run over a few scanlines, centred vertically.
func labelSpot(fc geom.Face) (x, y, w, h float64) {
	rs := rings(fc)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range rs[0] {
		lo, hi = math.Min(lo, p[1]), math.Max(hi, p[1])
	}
	best := -1.0
	for i := 1; i <= 9; i++ {
		yy := lo + (hi-lo)*(float64(i)-0.5+0.01*float64(i%3))/9.03
		xs := crossings(rs, 1, yy)
		for j := 0; j+1 < len(xs); j += 2 {
			if d := xs[j+1] - xs[j]; d > best {
				best, x, y = d, (xs[j]+xs[j+1])/2, yy
			}
		}
	}
	if best < 0 {
		p := rs[0][0]
		return p[0], p[1], 0, 0
	}
	ys := crossings(rs, 0, x)
	for j := 0; j+1 < len(ys); j += 2 {
		if ys[j] <= y && y <= ys[j+1] {
			y, h = (ys[j]+ys[j+1])/2, ys[j+1]-ys[j]
		}
	}
	xs := crossings(rs, 1, y)
	for j := 0; j+1 < len(xs); j += 2 {
		if xs[j] <= x && x <= xs[j+1] {
			w = math.Min(x-xs[j], xs[j+1]-x) * 2
		}
	}
	return x, y, w, h
}

// Sheet returns a one-page sheet showing the drawing's faces.
func Sheet(name string, paper layout.Size, segs []geom.Segment, a *geom.Arrangement, r Report) *layout.Sheet {
	sum := fmt.Sprintf("%d faces · %d with holes · %d vertices · %d edges · %d components · orange: odd number of sides, blue: even",
		r.Faces, r.Holes, r.Vertices, r.Edges, r.Components)
	return &layout.Sheet{
		Paper:  paper,
		Margin: layout.DefaultMargin,
		Title:  "Faces of " + name,
		Credit: "Counted exactly by papergames faces; each face shows its number of sides.",
		Params: sum,
		Cells:  []layout.Cell{{Figure: NewFigure(segs, a.Faces(), ParityTint)}},
		Style:  layout.Style{Line: 0.3, Guide: layout.Grey},
	}
}
