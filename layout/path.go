package layout

import "math"

// Path is a sequence of subpaths made of straight pieces and circular arcs.
// The zero Path is empty and ready to use.
type Path struct {
	Comps []PathComp
	cur   Point
}

// PathKind is the type of a path component.
type PathKind int

// Path component kinds.
const (
	MoveTo PathKind = iota
	LineTo
	ArcTo // circular arc; starts at the current point
	Close
)

// PathComp is one component of a Path. For ArcTo, Center and Radius give
// the circle, Start the angle of the current point and Sweep the signed
// angle swept (positive is clockwise on the page); Pos is the arc's end.
type PathComp struct {
	Kind         PathKind
	Pos          Point
	Center       Point
	Radius       float64
	Start, Sweep float64
}

// Move starts a new subpath at p.
func (p *Path) Move(q Point) *Path {
	p.Comps = append(p.Comps, PathComp{Kind: MoveTo, Pos: q})
	p.cur = q
	return p
}

// Line adds a straight piece from the current point to q.
func (p *Path) Line(q Point) *Path {
	p.Comps = append(p.Comps, PathComp{Kind: LineTo, Pos: q})
	p.cur = q
	return p
}

// Arc adds the arc of the circle (c, r) from angle start sweeping sweep
// radians (clockwise on the page when positive). If the current point is not
// the arc's start, a straight piece joins them (a new subpath if the path is
// empty).
func (p *Path) Arc(c Point, r, start, sweep float64) *Path {
	s := Point{c.X + r*math.Cos(start), c.Y + r*math.Sin(start)}
	if len(p.Comps) == 0 {
		p.Move(s)
	} else if p.cur != s {
		p.Line(s)
	}
	end := Point{c.X + r*math.Cos(start+sweep), c.Y + r*math.Sin(start+sweep)}
	p.Comps = append(p.Comps, PathComp{Kind: ArcTo, Pos: end, Center: c, Radius: r, Start: start, Sweep: sweep})
	p.cur = end
	return p
}

// Circle adds a whole circle as a closed subpath starting at 3 o'clock.
func (p *Path) Circle(c Point, r float64) *Path {
	p.Move(Point{c.X + r, c.Y})
	p.Comps = append(p.Comps, PathComp{Kind: ArcTo, Pos: Point{c.X + r, c.Y}, Center: c, Radius: r, Start: 0, Sweep: 2 * math.Pi})
	p.Comps = append(p.Comps, PathComp{Kind: Close})
	return p
}

// Close closes the current subpath.
func (p *Path) Close() *Path {
	p.Comps = append(p.Comps, PathComp{Kind: Close})
	return p
}

// Polygon returns a closed path through pts.
func Polygon(pts ...Point) *Path {
	p := &Path{}
	for i, q := range pts {
		if i == 0 {
			p.Move(q)
		} else {
			p.Line(q)
		}
	}
	return p.Close()
}

// Segment returns the path of the straight line from a to b.
func Segment(a, b Point) *Path { return (&Path{}).Move(a).Line(b) }

// RectPath returns the closed outline of r.
func RectPath(r Rect) *Path {
	return Polygon(r.Min, Point{r.Max.X, r.Min.Y}, r.Max, Point{r.Min.X, r.Max.Y})
}

// MaxBezierError is the largest distance, in millimetres, between a
// circular arc and the cubic Bezier curves that stand for it in the PDF.
const MaxBezierError = 0.001

// Bezier is one cubic Bezier piece: from P0 with handles P1, P2 to P3.
type Bezier struct{ P0, P1, P2, P3 Point }

// ArcBeziers approximates the arc (c, r, start, sweep) by cubic Bezier
// pieces of equal angle, at most 90 degrees each, with handle length
// 4/3*tan(theta/4)*r. Goldapp's bound on the radial error of such a piece,
// r*(4/27)*sin^6(theta/4)/cos^2(theta/4), picks the number of pieces so that
// the drawn curve stays within MaxBezierError of the true circle.
func ArcBeziers(c Point, r, start, sweep float64) []Bezier {
	n := int(math.Ceil(math.Abs(sweep) / (math.Pi / 2)))
	if n < 1 {
		n = 1
	}
	for ; n < 1<<12; n++ {
		th := math.Abs(sweep) / float64(n)
		sn, cs := math.Sincos(th / 4)
		if r*4/27*math.Pow(sn, 6)/(cs*cs) <= MaxBezierError {
			break
		}
	}
	th := sweep / float64(n)
	k := 4.0 / 3.0 * math.Tan(th/4) * r
	out := make([]Bezier, n)
	for i := 0; i < n; i++ {
		a0 := start + float64(i)*th
		a1 := a0 + th
		s0, c0 := math.Sincos(a0)
		s1, c1 := math.Sincos(a1)
		p0 := Point{c.X + r*c0, c.Y + r*s0}
		p3 := Point{c.X + r*c1, c.Y + r*s1}
		out[i] = Bezier{
			P0: p0,
			P1: Point{p0.X - k*s0, p0.Y + k*c0},
			P2: Point{p3.X + k*s1, p3.Y - k*c1},
			P3: p3,
		}
	}
	return out
}

// At returns the point of b at parameter t in [0, 1].
func (b Bezier) At(t float64) Point {
	u := 1 - t
	a, bb, cc, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return Point{
		a*b.P0.X + bb*b.P1.X + cc*b.P2.X + d*b.P3.X,
		a*b.P0.Y + bb*b.P1.Y + cc*b.P2.Y + d*b.P3.Y,
	}
}
