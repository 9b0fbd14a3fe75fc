package arcs

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"papergames/boards"
	"papergames/layout"
)

// Figure is the Arcs And Marks board as the sheet prints it: the marked
// circle and, where the drawing alone cannot show it, the round's first
// centre as exam bubbles a player shades (papergames read reads them).
// Every arc is centred on the mark after the one before, so the arcs on
// a finished board show everything but where the round began.
//
// Up to numberedMax marks there is one numbered bubble per mark, in
// columns of at most twelve; beyond, a place-value grid as on an exam's
// student number: a column of digits for the tens and the ones (and the
// hundreds from 100 marks), one digit shaded in each. The bubbles go in a
// corner of the circle's square where one is clear of the circle and its
// labels, so a board large enough keeps its size; else (the small plain
// circles of a compact sheet) in a strip beside it.
type Figure struct {
	boards.MarkedCircle
}

var (
	_ layout.Plainer    = Figure{}
	_ layout.Rearranger = Figure{}
)

// figure returns the sheet's board of m marks.
func figure(m int) Figure { return Figure{boards.MarkedCircle{Marks: m}} }

// Plain implements layout.Plainer: the plain circle, with its bubbles.
func (f Figure) Plain() layout.Figure {
	f.Bare = true
	return f
}

// Beside implements layout.Rearranger.
func (f Figure) Beside() layout.Figure {
	f.LegendBeside = true
	return f
}

// The bubbles' geometry, in mm: large enough for a child's pencil, the
// bubbles of a column far enough apart that shading one does not reach
// the next.
const (
	// BubbleR is a bubble's radius.
	BubbleR = 1.9
	pitchX  = 5.0 // between columns
	pitchY  = 4.6 // between rows
	// numberedMax is the most marks given one numbered bubble each.
	numberedMax = 24
	columnMax   = 12 // numbered bubbles in a column
	bubbleGap   = 1.0
)

var (
	titleFont  = layout.Font{Size: 2.6, Bold: true}
	headFont   = layout.Font{Size: 1.9}
	bubbleFont = layout.Font{Size: 2.0}
)

// FirstTitle heads the bubbles.
const FirstTitle = "First centre"

// Bubble is one bubble of a board's first centre.
type Bubble struct {
	At layout.Point // its centre, page mm
	// Place is 0 for a numbered bubble, whose Digit is its mark; else
	// the place (1, 10, 100) of the digit column it belongs to.
	Place, Digit int
}

// Label is what is printed in the bubble.
func (b Bubble) Label() string { return strconv.Itoa(b.Digit) }

// Numbered reports whether the board has a numbered bubble per mark
// (else digit columns).
func (f Figure) Numbered() bool { return f.Marks <= numberedMax }

// Places returns the digit columns' places, highest first (nil for
// numbered bubbles).
func (f Figure) Places() []int {
	if f.Numbered() {
		return nil
	}
	var out []int
	for p := 1; p <= f.Marks; p *= 10 {
		out = append([]int{p}, out...)
	}
	return out
}

// block is one arrangement of the bubbles, with its top left at (0, 0):
// its size, the title's box and the bubbles' box (the Clear checks), the
// bubbles, and the digit rows' or columns' heads.
type block struct {
	w, h        float64
	title, grid layout.Rect
	titleLines  []string
	bubbles     []Bubble
	heads       []head
}

type head struct {
	at    layout.Point
	text  string
	align layout.Align
}

// The title's line height and the heads' room, mm.
const (
	titleLine = 3.6
	headH     = 3.0
)

// shape is an arrangement of the bubbles: cols by rows; across when the
// marks run along the rows (the digit places are rows), else down the
// columns; the title on two lines when the bubbles are narrower than it.
type shape struct {
	cols, rows int
	across     bool
	twoLines   bool
}

// shapes returns the arrangements a board may use, tall ones first: for
// numbered bubbles columns of 12, 6 and 3, then rows of marks; for digits
// a column per place (as on an exam's student number), then a row per
// place.
func (f Figure) shapes() []shape {
	var out []shape
	if !f.Numbered() {
		n := len(f.Places())
		return []shape{{cols: n, rows: 10}, {cols: 10, rows: n, across: true}}
	}
	m := f.Marks
	seen := map[int]bool{}
	for _, per := range []int{columnMax, 6, 3} { // marks down a column
		c := (m + per - 1) / per
		r := (m + c - 1) / c
		if !seen[c] && r >= c {
			seen[c] = true
			out = append(out, shape{cols: c, rows: r})
		}
	}
	for _, rows := range []int{3, 2, 1} { // marks along a row
		c := (m + rows - 1) / rows
		r := (m + c - 1) / c
		if !seen[c] && c > r {
			seen[c] = true
			out = append(out, shape{cols: c, rows: r, across: true})
		}
	}
	return out
}

// block lays out the bubbles in shape sh.
func (f Figure) block(sh shape) block {
	var b block
	b.titleLines = []string{FirstTitle}
	if sh.twoLines {
		b.titleLines = strings.Fields(FirstTitle)
	}
	tw := 0.0
	for _, l := range b.titleLines {
		tw = max(tw, layout.TextWidth(l, titleFont))
	}
	th := float64(len(b.titleLines))*titleLine + 0.6
	places := f.Places()
	headW, headTop := 0.0, 0.0
	if places != nil {
		if sh.across {
			for _, p := range places {
				headW = max(headW, layout.TextWidth(placeHead(p), headFont)+1)
			}
		} else {
			headTop = headH
		}
	}
	gw, gh := headW+float64(sh.cols)*pitchX, headTop+float64(sh.rows)*pitchY
	b.w, b.h = max(tw, gw), th+gh
	x0 := (b.w - gw) / 2
	b.title = layout.R((b.w-tw)/2, 0, tw, th)
	b.grid = layout.R(x0, th, gw, gh)
	cell := func(c, r int) layout.Point {
		return layout.Pt(x0+headW+(float64(c)+0.5)*pitchX, th+headTop+(float64(r)+0.5)*pitchY)
	}
	if places == nil {
		for n := range f.Marks {
			c, r := n/sh.rows, n%sh.rows
			if sh.across {
				c, r = n%sh.cols, n/sh.cols
			}
			b.bubbles = append(b.bubbles, Bubble{At: cell(c, r), Digit: n + 1})
		}
		return b
	}
	for i, p := range places {
		hi := 9
		if 10*p > f.Marks {
			hi = f.Marks / p // the top place: as far as the marks go
		}
		for d := 0; d <= hi; d++ {
			c, r := i, d
			if sh.across {
				c, r = d, i
			}
			b.bubbles = append(b.bubbles, Bubble{At: cell(c, r), Place: p, Digit: d})
		}
		if sh.across {
			at := cell(0, i)
			b.heads = append(b.heads, head{layout.Pt(x0+headW-1, at.Y), placeHead(p), layout.Right})
		} else {
			at := cell(i, 0)
			b.heads = append(b.heads, head{layout.Pt(at.X, th+headTop/2), placeHead(p), layout.Center})
		}
	}
	return b
}

// placeHead names a digit place: 1s, 10s, 100s.
func placeHead(p int) string { return strconv.Itoa(p) + "s" }

// square is the side of the circle's square (the board without its
// compass table) at size s.
func (f Figure) square(s float64) float64 {
	return 2 * (f.Center(layout.Pt(0, 0), s).X)
}

// blockSet is the arrangements of a board's bubbles: each shape with its
// title on one line, and on two.
type blockSet struct {
	shapes   []shape
	one, two []block
}

var blockSets sync.Map // blockKey -> *blockSet

type blockKey struct{ marks int }

// blocks returns the arrangements of f's bubbles, computed once per
// number of marks: the layout asks for the figure's extent at many sizes.
func (f Figure) blocks() *blockSet {
	k := blockKey{f.Marks}
	if v, ok := blockSets.Load(k); ok {
		return v.(*blockSet)
	}
	bs := &blockSet{shapes: f.shapes()}
	for _, sh := range bs.shapes {
		bs.one = append(bs.one, f.block(sh))
		sh.twoLines = true
		bs.two = append(bs.two, f.block(sh))
	}
	blockSets.Store(k, bs)
	return bs
}

// layoutAt chooses the bubbles' arrangement and place at size s, e being
// the board's extent without them: the first arrangement that fits a
// corner of the circle's square, clear of the circle and its labels, or
// (with the compass table beside the circle, which leaves room above or
// below it) a corner of the extent clear of the table too; else, outside
// the board, a strip to its right, or a band under it in the variant with
// the table beside the circle (the layout takes whichever leaves the
// larger board). It returns the block, its top left relative to the
// figure's, and whether the figure's extent holds it without growing.
func (f Figure) layoutAt(s float64, e layout.Size) (block, layout.Point, bool) {
	w := f.square(s)
	z := layout.Pt(0, 0)
	const pad = 0.5
	keep := f.Keepout(z, s)
	clear := func(b block, p layout.Point) bool {
		return p.X >= 0 && p.Y >= 0 && keep(shift(b.title, p), bubbleGap) && keep(shift(b.grid, p), bubbleGap)
	}
	bs := f.blocks()
	for _, b := range bs.one {
		// Nearest the circle's centre, in any corner, the bubbles come
		// this close: too close, and no corner needs trying.
		gx, gy := w/2-pad-(b.w-b.grid.Min.X), w/2-pad-b.h
		if math.Hypot(max(gx, 0), max(gy, 0)) < s/2+bubbleGap {
			continue
		}
		for _, p := range []layout.Point{
			{X: w - pad - b.w, Y: pad},           // top right
			{X: w - pad - b.w, Y: w - pad - b.h}, // bottom right
			{X: pad, Y: pad},                     // top left
			{X: pad, Y: w - pad - b.h},           // bottom left
		} {
			if clear(b, p) {
				return b, p, true
			}
		}
	}
	if f.LegendBeside && !f.Bare {
		table := f.TableBox(z, s)
		for _, b := range bs.one {
			for _, p := range []layout.Point{
				{X: e.W - pad - b.w, Y: pad},             // the extent's top right
				{X: e.W - pad - b.w, Y: e.H - pad - b.h}, // its bottom right
				{X: pad, Y: e.H - pad - b.h},             // its bottom left
			} {
				if p.X+b.w <= e.W && p.Y+b.h <= e.H && clear(b, p) && !overlap(shift(b.title, p), table, bubbleGap) && !overlap(shift(b.grid, p), table, bubbleGap) {
					return b, p, true
				}
			}
		}
	}
	if f.LegendBeside {
		return band(bs.one, w, e)
	}
	return strip(bs, w, e)
}

// strip is the fallback of a board drawn above its table: the
// narrowest arrangement no taller than the circle's square (else the
// shortest), to the right of the board.
func strip(bs *blockSet, w float64, e layout.Size) (block, layout.Point, bool) {
	var best block
	for i, b := range bs.one {
		if b2 := bs.two[i]; b2.w < b.w && b2.h <= w {
			b = b2
		}
		fits, bestFits := b.h <= w, best.h > 0 && best.h <= w
		if best.h == 0 || fits && (!bestFits || b.w < best.w) || !fits && !bestFits && b.h < best.h {
			best = b
		}
	}
	return best, layout.Pt(e.W+2, max(0, (w-best.h)/2)), false
}

// band is the fallback of a board drawn beside its table: the shortest
// arrangement no wider than the board (else the narrowest), in a band
// under it, centred on the circle.
func band(blocks []block, w float64, e layout.Size) (block, layout.Point, bool) {
	var best block
	for _, b := range blocks {
		fits, bestFits := b.w <= e.W, best.w > 0 && best.w <= e.W
		if best.w == 0 || fits && (!bestFits || b.h < best.h) || !fits && !bestFits && b.w < best.w {
			best = b
		}
	}
	return best, layout.Pt(max(0, (w-best.w)/2), e.H+1), false
}

// overlap reports whether a and b come within gap of each other (an
// empty b never does).
func overlap(a, b layout.Rect, gap float64) bool {
	if b.W() <= 0 || b.H() <= 0 {
		return false
	}
	return a.Min.X < b.Max.X+gap && b.Min.X < a.Max.X+gap && a.Min.Y < b.Max.Y+gap && b.Min.Y < a.Max.Y+gap
}

// Extent implements layout.Figure.
func (f Figure) Extent(s float64) layout.Size {
	e := f.MarkedCircle.Extent(s)
	b, p, inside := f.layoutAt(s, e)
	if inside {
		return e
	}
	return layout.Size{W: max(e.W, p.X+b.w), H: max(e.H, p.Y+b.h)}
}

// Bubbles returns the first centre's bubbles of the board drawn at o with
// size s: the numbered bubbles in order of their marks, or the digit
// places' bubbles, the highest place first.
func (f Figure) Bubbles(o layout.Point, s float64) []Bubble {
	b, p, _ := f.layoutAt(s, f.MarkedCircle.Extent(s))
	out := make([]Bubble, len(b.bubbles))
	for i, bb := range b.bubbles {
		bb.At = layout.Pt(o.X+p.X+bb.At.X, o.Y+p.Y+bb.At.Y)
		out[i] = bb
	}
	return out
}

// Draw implements layout.Figure.
func (f Figure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	f.MarkedCircle.Draw(c, o, s, st)
	b, p, _ := f.layoutAt(s, f.MarkedCircle.Extent(s))
	at := o.Add(p)
	for i, l := range b.titleLines {
		c.Text(layout.Pt(at.X+b.w/2, at.Y+float64(i+1)*titleLine-0.6), l, titleFont, layout.Center, layout.Black)
	}
	for _, h := range b.heads {
		c.Text(layout.Pt(at.X+h.at.X, at.Y+h.at.Y+0.35*headFont.Size), h.text, headFont, h.align, layout.Black)
	}
	pen := layout.Pen{Width: 0.2, Color: layout.Black}
	for _, bb := range b.bubbles {
		ctr := at.Add(bb.At)
		c.Stroke((&layout.Path{}).Circle(ctr, BubbleR), pen)
		c.Text(layout.Pt(ctr.X, ctr.Y+0.36*bubbleFont.Size), bb.Label(), bubbleFont, layout.Center, layout.Grey)
	}
}

func shift(r layout.Rect, p layout.Point) layout.Rect {
	return layout.Rect{Min: r.Min.Add(p), Max: r.Max.Add(p)}
}
