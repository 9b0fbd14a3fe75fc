package boards

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"papergames/layout"
)

// MarkedCircle is the Arcs And Marks board: a circle with Marks evenly
// spaced marks numbered 1..Marks clockwise from 12 o'clock, and a table of
// compass openings. Its size s is the circle's diameter.
type MarkedCircle struct {
	Marks        int
	LegendBeside bool // the compass table to the right of the circle
	// Bare leaves out the table of compass openings: the plain circle of
	// a compact sheet (see Plain).
	Bare bool
	// Printed, when not 0, is the diameter in mm of the printed sheet's
	// circle: the table gives its openings, whatever size this circle is
	// drawn at (the scoring board, a render), since a player sets the
	// compass from the table to draw on the paper.
	Printed float64
}

// Plain implements layout.Plainer: the circle and its numbered marks.
func (b MarkedCircle) Plain() layout.Figure { b.Bare = true; return b }

// Key implements layout.Plainer: the compass openings at size s, once
// per page.
func (b MarkedCircle) Key(s float64) (string, []string) {
	l := b.legend(s)
	return l.heading, l.entries
}

// WithPrinted implements games.PrintScaled: the table gives the openings
// of the printed circle of diameter d.
func (b MarkedCircle) WithPrinted(d float64) layout.Figure { b.Printed = d; return b }

// Beside implements layout.Rearranger.
func (b MarkedCircle) Beside() layout.Figure { b.LegendBeside = true; return b }

func (b MarkedCircle) margin(s float64) float64 {
	f := b.font(s).Size
	if b.Bare {
		// The plain circle of a compact sheet keeps only the room its
		// labels take (centred at r+3+0.9f), so that six fit A4.
		return 3 + 0.9*f + math.Max(b.geom().maxW*f/2, 0.36*f) + 0.5
	}
	return 4 + 2.4*f
}

// Labels of neighbouring marks keep this gap, in mm, between their boxes.
const markLabelGap = 0.4

// minLabel is the smallest label font, in mm, a board is readable with.
const minLabel = 2.4

// font returns the font of the mark labels on a board of size s: the
// usual label font, made smaller where the labels of neighbouring marks
// would touch (three-digit numbers at 12 o'clock), but not below minLabel.
func (b MarkedCircle) font(s float64) layout.Font {
	g := b.geom()
	if last := g.font.Load(); last != nil && last.s == s {
		return layout.Font{Size: last.size}
	}
	f := labelFont(s)
	if !b.labelsClear(s, f.Size) {
		lo, hi := minLabel, f.Size // shrink within 0.01 mm, not below minLabel
		for hi-lo > 0.005 {
			if mid := (lo + hi) / 2; b.labelsClear(s, mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		f = layout.Font{Size: math.Floor(lo*100) / 100}
	}
	g.font.Store(&fontAt{s, f.Size})
	return f
}

// fontAt is a board's label font size at one size: the layout asks for
// the board's extent, its centre and its margin at the same size in turn,
// each needing the font.
type fontAt struct{ s, size float64 }

// labelGeom is what the label boxes of a board of m marks need, kept per
// m: the layout asks for them many times.
type labelGeom struct {
	w        []float64 // w[i-1]: mark i's label width at font size 1 mm
	maxW     float64   // the widest
	sin, cos []float64 // of mark i's angle
	minSize  float64
	font     atomic.Pointer[fontAt] // the font last worked out
}

var labelGeoms sync.Map // int -> *labelGeom

func (b MarkedCircle) geom() *labelGeom {
	if g, ok := labelGeoms.Load(b.Marks); ok {
		return g.(*labelGeom)
	}
	g := &labelGeom{w: make([]float64, b.Marks), sin: make([]float64, b.Marks), cos: make([]float64, b.Marks)}
	for i := range g.w {
		g.w[i] = layout.TextWidth(fmt.Sprint(i+1), layout.Font{Size: 1})
		g.sin[i], g.cos[i] = layout.SinCosDeg(b.MarkAngle(i + 1))
	}
	g.maxW = slices.Max(g.w)
	g.minSize = b.minSize(g)
	labelGeoms.Store(b.Marks, g)
	return g
}

// labelRadius is the radius, from the circle's centre, at which the mark
// labels of a board of size s in font size fs are centred.
func labelRadius(s, fs float64) float64 { return s/2 + 3 + 0.9*fs }

// labelsClear reports whether every label keeps markLabelGap from the
// labels of the two marks after it, at font size fs. A label is centred
// at labelRadius, 0.72fs high.
func (b MarkedCircle) labelsClear(s, fs float64) bool {
	g := b.geom()
	return clearAt(g, s, fs)
}

func clearAt(g *labelGeom, s, fs float64) bool {
	r, m, hh := labelRadius(s, fs), len(g.w), 0.36*fs
	for i := 0; i < m; i++ {
		for d := 1; d <= 2 && d < m; d++ {
			j := (i + d) % m
			dx, dy := r*(g.sin[i]-g.sin[j]), r*(g.cos[i]-g.cos[j])
			if math.Abs(dx) < (g.w[i]+g.w[j])*fs/2+markLabelGap && math.Abs(dy) < 2*hh+markLabelGap {
				return false
			}
		}
	}
	return true
}

// MinSize implements layout.Figure: marks at least 4 mm apart, 45 mm, and
// room for every label at minLabel without touching its neighbours.
func (b MarkedCircle) MinSize() float64 { return b.geom().minSize }

func (b MarkedCircle) minSize(g *labelGeom) float64 {
	lo := math.Max(45, 4*float64(b.Marks)/math.Pi)
	clear := func(s float64) bool { return clearAt(g, s, minLabel) }
	if clear(lo) {
		return lo
	}
	hi := 2 * lo
	for !clear(hi) {
		hi *= 2
	}
	for hi-lo > 0.01 {
		if mid := (lo + hi) / 2; clear(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return math.Ceil(hi*10) / 10
}

func (b MarkedCircle) legend(s float64) legend {
	l := legend{heading: "Compass opening for reach k"}
	if b.Printed > 0 {
		s = b.Printed
		l.heading = fmt.Sprintf("Compass opening for reach k (the printed A4 sheet, circle %.1f mm)", s)
	}
	for k := 1; 2*k < b.Marks; k++ {
		l.entries = append(l.entries, fmt.Sprintf("k = %d: %.1f mm", k, b.Opening(s, k)))
	}
	return l.sized()
}

// Extent implements layout.Figure.
func (b MarkedCircle) Extent(s float64) layout.Size {
	w := s + 2*b.margin(s)
	if b.Bare {
		return layout.Size{W: w, H: w}
	}
	return legendExtent(w, b.legend(s), b.LegendBeside)
}

// Center returns the circle's centre for a board drawn at o with size s.
func (b MarkedCircle) Center(o layout.Point, s float64) layout.Point {
	m := b.margin(s)
	return layout.Pt(o.X+m+s/2, o.Y+m+s/2)
}

// MarkAngle returns the angle of mark i (1-based), in degrees clockwise
// from 12 o'clock.
func (b MarkedCircle) MarkAngle(i int) float64 { return float64(i-1) * 360 / float64(b.Marks) }

// Mark returns the position of mark i (1-based).
func (b MarkedCircle) Mark(o layout.Point, s float64, i int) layout.Point {
	return layout.Compass(b.Center(o, s), s/2, b.MarkAngle(i))
}

// Opening returns the compass opening for reach k: the chord from a mark
// to the mark k further on, s*sin(pi*k/m).
func (b MarkedCircle) Opening(s float64, k int) float64 {
	return s * math.Sin(math.Pi*float64(k)/float64(b.Marks))
}

// tickOut is how far, in mm, the tick of a mark reaches beyond the
// circle (and within it).
const tickOut = 1.8

// Clear reports whether the rectangle box keeps gap mm clear of what the
// board drawn at o with size s draws round its circle: the circle, its
// ticks and the mark labels (not the compass table). A figure built on the
// board puts its own marks where this holds, in the corners the circle
// leaves free.
func (b MarkedCircle) Clear(o layout.Point, s float64, box layout.Rect, gap float64) bool {
	return b.Keepout(o, s)(box, gap)
}

// Keepout returns Clear for the board drawn at o with size s, its label
// boxes worked out once, for a figure that tries many boxes.
func (b MarkedCircle) Keepout(o layout.Point, s float64) func(box layout.Rect, gap float64) bool {
	ctr := b.Center(o, s)
	g, fs := b.geom(), b.font(s).Size
	lr, hh := labelRadius(s, fs), 0.36*fs
	type label struct{ x, y, hw float64 }
	labels := make([]label, len(g.w))
	for i, w := range g.w {
		labels[i] = label{ctr.X + lr*g.sin[i], ctr.Y - lr*g.cos[i], w * fs / 2}
	}
	return func(box layout.Rect, gap float64) bool {
		near := layout.Pt(math.Max(box.Min.X, math.Min(ctr.X, box.Max.X)), math.Max(box.Min.Y, math.Min(ctr.Y, box.Max.Y)))
		if near.Dist(ctr) < s/2+tickOut+gap {
			return false
		}
		cx, cy := (box.Min.X+box.Max.X)/2, (box.Min.Y+box.Max.Y)/2
		for _, l := range labels {
			if math.Abs(l.x-cx) < l.hw+box.W()/2+gap && math.Abs(l.y-cy) < hh+box.H()/2+gap {
				return false
			}
		}
		return true
	}
}

// TableBox returns the box the table of compass openings takes on the
// board drawn at o with size s (empty for a plain board).
func (b MarkedCircle) TableBox(o layout.Point, s float64) layout.Rect {
	if b.Bare {
		return layout.Rect{}
	}
	return b.legend(s).boxBy(o, s+2*b.margin(s), b.LegendBeside)
}

// Draw implements layout.Figure.
func (b MarkedCircle) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	ctr, r := b.Center(o, s), s/2
	c.Stroke((&layout.Path{}).Circle(ctr, r), st.Pen())
	f := b.font(s)
	tick := layout.Pen{Width: st.Line, Color: layout.Black}
	for i := 1; i <= b.Marks; i++ {
		a := b.MarkAngle(i)
		c.Stroke(layout.Segment(layout.Compass(ctr, r-tickOut, a), layout.Compass(ctr, r+tickOut, a)), tick)
		c.Fill((&layout.Path{}).Circle(b.Mark(o, s, i), 0.55), layout.Black)
		at := layout.Compass(ctr, labelRadius(s, f.Size), a)
		c.Text(layout.Pt(at.X, at.Y+f.Size*0.35), fmt.Sprint(i), f, layout.Center, layout.Black)
	}
	c.Fill((&layout.Path{}).Circle(ctr, 0.3), st.Guide)
	if !b.Bare {
		b.legend(s).drawBy(c, o, s+2*b.margin(s), b.LegendBeside)
	}
}
