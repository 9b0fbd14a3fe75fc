package boards

import (
	"fmt"
	"strconv"

	"papergames/layout"
)

// The boards' printed features, for papergames board --geometry and the
// reader of scans. Coordinates are page millimetres for a board drawn at
// o with size s.

func circle(kind, name string, c layout.Point, r float64) layout.Feature {
	return layout.Feature{Kind: kind, Name: name, X: c.X, Y: c.Y, R: r}
}

func point(kind, name string, p layout.Point) layout.Feature {
	return layout.Feature{Kind: kind, Name: name, X: p.X, Y: p.Y}
}

func line(kind, name string, a, b layout.Point) layout.Feature {
	return layout.Feature{Kind: kind, Name: name, X: a.X, Y: a.Y, X2: b.X, Y2: b.Y}
}

// Features implements layout.Geometer: the circle and its numbered marks.
func (b MarkedCircle) Features(o layout.Point, s float64) []layout.Feature {
	out := []layout.Feature{circle("circle", "", b.Center(o, s), s/2), point("centre", "", b.Center(o, s))}
	for i := 1; i <= b.Marks; i++ {
		out = append(out, point("mark", strconv.Itoa(i), b.Mark(o, s, i)))
	}
	return out
}

// Features implements layout.Geometer: the circle, its centre and the
// whole degrees of its scale, named by the angle clockwise from the top.
func (b DegreeCircle) Features(o layout.Point, s float64) []layout.Feature {
	out := []layout.Feature{circle("circle", "", b.Center(o, s), s/2), point("centre", "", b.Center(o, s))}
	for d := 0; d < 360; d++ {
		out = append(out, point("degree", strconv.Itoa(d), b.At(o, s, float64(d))))
	}
	return out
}

// Features implements layout.Geometer: the circles (named 1 from the
// centre out), the centre, and the printed cuts (named ring@angle).
func (b Rings) Features(o layout.Point, s float64) []layout.Feature {
	ctr := b.Center(o, s)
	out := []layout.Feature{point("centre", "", ctr)}
	for i := 1; i <= b.Circles; i++ {
		out = append(out, circle("circle", strconv.Itoa(i), ctr, b.Radius(s, i)))
	}
	for j, cs := range b.Cuts {
		for _, a := range cs {
			out = append(out, line("cut", fmt.Sprintf("%d@%s", j+1, FormatAngle(a)), layout.Compass(ctr, b.Radius(s, j+1), a), layout.Compass(ctr, b.Radius(s, j+2), a)))
		}
	}
	return out
}

// Features implements layout.Geometer: the grid's lines (columns by
// letter, rows by number) and their crossings (A1 at the top left).
func (b LineGrid) Features(o layout.Point, s float64) []layout.Feature {
	var out []layout.Feature
	for i := 0; i < b.N; i++ {
		out = append(out, line("line", Column(i), b.Node(o, s, i, 0), b.Node(o, s, i, b.N-1)))
		out = append(out, line("line", strconv.Itoa(i+1), b.Node(o, s, 0, i), b.Node(o, s, b.N-1, i)))
	}
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			out = append(out, point("node", CellName(c, r), b.Node(o, s, c, r)))
		}
	}
	return out
}

// Features implements layout.Geometer: the dots, named like cells.
func (b DotArray) Features(o layout.Point, s float64) []layout.Feature {
	var out []layout.Feature
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			out = append(out, point("dot", CellName(c, r), b.Dot(o, s, c, r)))
		}
	}
	return out
}

// Features implements layout.Geometer: the cells (top left and bottom
// right corners), named A1 at the top left.
func (b CellGrid) Features(o layout.Point, s float64) []layout.Feature {
	var out []layout.Feature
	for r := 0; r < b.N; r++ {
		for c := 0; c < b.N; c++ {
			cell := b.Cell(o, s, c, r)
			out = append(out, line("cell", CellName(c, r), cell.Min, cell.Max))
		}
	}
	return out
}

// Features implements layout.Geometer: the origin of the sheet's
// coordinates (x right, y up, in the sheet's millimetres) and the points
// (10, 0) and (0, 10), which give its axes and scale, and the grid's
// corners.
func (b MMSheet) Features(o layout.Point, s float64) []layout.Feature {
	w, h := b.XSide(s), b.Side(s)
	return []layout.Feature{
		point("origin", "0,0", b.At(o, s, 0, 0)),
		point("axis", "10,0", b.At(o, s, 10, 0)),
		point("axis", "0,10", b.At(o, s, 0, 10)),
		line("grid", "", b.At(o, s, 0, h), b.At(o, s, w, 0)),
	}
}
