package boards

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"papergames/layout"
)

// Rings is the Crossing The Rings board: Circles equally spaced concentric
// circles (radii R/n, 2R/n, ..., R), ring j lying between circle j and
// circle j+1, a degree scale on the outer circle and, optionally, the
// divider's cuts. Its size s is the outer circle's diameter.
type Rings struct {
	Circles int
	// Sections[j-1] is the allowed number of sections of ring j.
	Sections [][2]int
	// Cuts[j-1] are the angles of ring j's radial cuts, in degrees
	// clockwise from 12 o'clock. Empty for a blank target.
	Cuts [][]float64
	// LegendBeside sets the table of allowed sections right of the target.
	LegendBeside bool
	// Bare leaves out the degree scale, the table of allowed sections and
	// the cut angles: the plain target of a compact sheet (see Plain).
	Bare bool

	key *ringsKey // Key's answer, made once by Keyed
}

// ringsKey is what Key returns.
type ringsKey struct {
	heading string
	entries []string
}

// Keyed returns b with its key made once: a compact sheet asks every copy
// for its key on every page (500 copies of random cuts: 84 pages times 500
// keys), so a sheet of many copies makes each copy's key in advance. b's
// sections and cuts must not change afterwards.
func (b Rings) Keyed() Rings {
	h, es := b.Key(0)
	b.key = &ringsKey{h, es}
	return b
}

// Plain implements layout.Plainer: the target alone.
func (b Rings) Plain() layout.Figure { b.Bare = true; return b }

// Key implements layout.Plainer: the sections allowed per ring, and the
// cuts written out, once per page.
func (b Rings) Key(s float64) (string, []string) {
	if b.key != nil {
		return b.key.heading, slices.Clone(b.key.entries)
	}
	l := b.legend()
	// Unwrapped: a compact sheet asks every copy for its key on every
	// page, and measuring the text to wrap it cost 165 s for 500 copies.
	l.entries = append(l.entries, b.cutTexts()...)
	return l.heading, l.entries
}

// margin is the room around the outer circle: the degree scale's.
func (b Rings) margin(s float64) float64 {
	if b.Bare {
		return 1
	}
	return degreeMargin(s)
}

// Beside implements layout.Rearranger.
func (b Rings) Beside() layout.Figure { b.LegendBeside = true; return b }

func (b Rings) legend() legend {
	l := legend{heading: "Sections allowed per ring"}
	for j, r := range b.Sections {
		l.entries = append(l.entries, fmt.Sprintf("ring %d: %d to %d", j+1, r[0], r[1]))
	}
	return l.sized()
}

// cutLines returns the cut angles written out, a ring's wrapped to w.
func (b Rings) cutLines(w float64) []string {
	var out []string
	for _, t := range b.cutTexts() {
		out = append(out, layout.Wrap(t, legendFont, w)...)
	}
	return out
}

// cutTexts returns the cut angles written out, one text per ring.
func (b Rings) cutTexts() []string {
	var out []string
	for j, cs := range b.Cuts {
		if len(cs) == 0 {
			continue
		}
		parts := make([]string, len(cs))
		for i, a := range cs {
			parts[i] = FormatAngle(a)
		}
		out = append(out, fmt.Sprintf("ring %d cut at %s", j+1, strings.Join(parts, ", ")))
	}
	return out
}

// FormatAngle writes an angle in degrees without trailing zeros.
func FormatAngle(a float64) string { return strconv.FormatFloat(a, 'f', -1, 64) }

// Extent implements layout.Figure.
func (b Rings) Extent(s float64) layout.Size {
	if b.Bare {
		return layout.Size{W: s + 2*b.margin(s), H: s + 2*b.margin(s)}
	}
	e := legendExtent(s+2*degreeMargin(s), b.legend(), b.LegendBeside)
	if n := len(b.cutLines(e.W - 8)); n > 0 {
		e.H += 2 + legendRow*float64(n)
	}
	return e
}

// MinSize implements layout.Figure: rings at least 4 mm wide.
func (b Rings) MinSize() float64 { return math.Max(50, 8*float64(b.Circles)) }

// Center returns the centre for a board drawn at o with size s.
func (b Rings) Center(o layout.Point, s float64) layout.Point {
	m := b.margin(s)
	return layout.Pt(o.X+m+s/2, o.Y+m+s/2)
}

// Radius returns the radius of circle i (1-based) at size s.
func (b Rings) Radius(s float64, i int) float64 { return s / 2 * float64(i) / float64(b.Circles) }

// Draw implements layout.Figure.
func (b Rings) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	ctr := b.Center(o, s)
	c.Fill((&layout.Path{}).Circle(ctr, b.Radius(s, 1)), layout.Color{R: 235, G: 235, B: 235})
	for i := 1; i <= b.Circles; i++ {
		c.Stroke((&layout.Path{}).Circle(ctr, b.Radius(s, i)), st.Pen())
	}
	if !b.Bare {
		drawDegreeScale(c, ctr, s/2, s, st)
	}
	// A small cross marks the centre, so the divider can rule radial cuts
	// from it (the other circular boards have a centre dot).
	arm := math.Min(1.5, b.Radius(s, 1)/3)
	cross := layout.Pen{Width: math.Max(0.15, st.Line*0.5), Color: layout.Black}
	c.Stroke(layout.Segment(layout.Pt(ctr.X-arm, ctr.Y), layout.Pt(ctr.X+arm, ctr.Y)), cross)
	c.Stroke(layout.Segment(layout.Pt(ctr.X, ctr.Y-arm), layout.Pt(ctr.X, ctr.Y+arm)), cross)
	cut := layout.Pen{Width: st.Line * 1.3, Color: layout.Black}
	for j, cs := range b.Cuts {
		for _, a := range cs {
			c.Stroke(layout.Segment(layout.Compass(ctr, b.Radius(s, j+1), a), layout.Compass(ctr, b.Radius(s, j+2), a)), cut)
		}
	}
	for j := 1; j < b.Circles; j++ {
		a, text, f := b.Label(s, j)
		at := layout.Compass(ctr, (float64(j)+0.5)*b.Radius(s, 1), a)
		c.Text(layout.Pt(at.X, at.Y+f.Size*0.35), text, f, layout.Center, st.Guide)
	}
	if b.Bare {
		return
	}
	w := s + 2*degreeMargin(s)
	lg := b.legend()
	lg.drawBy(c, o, w, b.LegendBeside)
	e := legendExtent(w, lg, b.LegendBeside)
	y := o.Y + e.H + 2
	for _, line := range b.cutLines(e.W - 8) {
		y += legendRow
		c.Text(layout.Pt(o.X+4, y), line, legendFont, layout.Left, layout.Black)
	}
}

// Label returns where ring j's number is written, upright, in the middle
// of the ring (an angle in degrees), the number and its font: the reader
// knows what the number hides.
func (b Rings) Label(s float64, j int) (float64, string, layout.Font) {
	f := labelFont(s)
	f.Size = math.Min(f.Size, b.Radius(s, 1)*0.55)
	var cs []float64
	if j-1 < len(b.Cuts) {
		cs = b.Cuts[j-1]
	}
	return labelAngle(cs), strconv.Itoa(j), f
}

// labelAngle picks where to write a ring's number: the middle of the
// widest gap between its cuts, so the number never sits on a cut.
func labelAngle(cuts []float64) float64 {
	if len(cuts) == 0 {
		return 0
	}
	cs := append([]float64(nil), cuts...)
	sort.Float64s(cs)
	best, at := -1.0, 0.0
	for i, a := range cs {
		next := cs[(i+1)%len(cs)]
		if i == len(cs)-1 {
			next += 360
		}
		if g := next - a; g > best {
			best, at = g, a+g/2
		}
	}
	return math.Mod(at, 360)
}
