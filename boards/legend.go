package boards

import (
	"math"

	"papergames/layout"
)

// labelFont returns the font for labels on a board of size s: readable on
// small boards, not shouting on large ones.
func labelFont(s float64) layout.Font {
	return layout.Font{Size: math.Min(4.2, math.Max(2.4, s/45))}
}

// legend is a small table of text entries that flows into as many columns
// as fit a given width, under a bold heading.
type legend struct {
	heading string
	entries []string
	cw      float64 // the column width, once measured (sized)
}

// sized returns l with its column width measured: a legend's height,
// width and place all ask for it, and measuring every entry's text each
// time made a large board's layout slow.
func (l legend) sized() legend {
	l.cw = l.measure()
	return l
}

const legendRow = 4.6

var (
	legendFont = layout.Font{Size: 3.2}
	legendHead = layout.Font{Size: 3.4, Bold: true}
)

func (l legend) colWidth() float64 {
	if l.cw > 0 {
		return l.cw
	}
	return l.measure()
}

func (l legend) measure() float64 {
	w := 0.0
	for _, e := range l.entries {
		w = math.Max(w, layout.TextWidth(e, legendFont))
	}
	return w + 6
}

func (l legend) layout(width float64) (cols, rows int) {
	if len(l.entries) == 0 {
		return 0, 0
	}
	cols = max(1, int(width/l.colWidth()))
	cols = min(cols, len(l.entries))
	rows = (len(l.entries) + cols - 1) / cols
	return cols, rows
}

// height returns the height of the legend set in a box width mm wide.
func (l legend) height(width float64) float64 {
	if len(l.entries) == 0 {
		return 0
	}
	_, rows := l.layout(width)
	return 4 + legendRow*float64(rows+1)
}

// draw sets the legend with its top left at o, centred in width.
func (l legend) draw(c layout.Canvas, o layout.Point, width float64) {
	if len(l.entries) == 0 {
		return
	}
	cols, rows := l.layout(width)
	cw := l.colWidth()
	// Centre the wider of the entries and the heading, so that neither
	// leaves the box (a heading wider than one column, beside a figure).
	x0 := o.X + (width-math.Max(float64(cols)*cw, layout.TextWidth(l.heading, legendHead)))/2
	c.Text(layout.Pt(x0, o.Y+4+legendRow*0.7), l.heading, legendHead, layout.Left, layout.Black)
	for i, e := range l.entries {
		col, row := i/rows, i%rows
		c.Text(layout.Pt(x0+float64(col)*cw, o.Y+4+legendRow*(float64(row+1)+0.7)), e, legendFont, layout.Left, layout.Black)
	}
}

// besideWidth is the width of a legend set in one column beside a figure.
func (l legend) besideWidth() float64 {
	if len(l.entries) == 0 {
		return 0
	}
	return 4 + max(l.colWidth(), layout.TextWidth(l.heading, legendHead)+2)
}

// legendExtent is the box of a w-by-w figure with legend l below or beside.
func legendExtent(w float64, l legend, beside bool) layout.Size {
	if beside {
		lw := l.besideWidth()
		return layout.Size{W: w + lw, H: max(w, l.height(lw))}
	}
	return layout.Size{W: w, H: w + l.height(w)}
}

// placeBy returns the top left and width of the box l is set in below
// or beside a w-by-w figure whose top left is o. A legend beside it is
// centred on the figure, or starts at the top of the extent when it is
// the taller (it ran above the extent, into the page's header).
func (l legend) placeBy(o layout.Point, w float64, beside bool) (layout.Point, float64) {
	if beside {
		lw := l.besideWidth()
		return layout.Pt(o.X+w, o.Y+max(0, (w-l.height(lw))/2)), lw
	}
	return layout.Pt(o.X, o.Y+w), w
}

// drawBy draws l below or beside a w-by-w figure whose top left is o.
func (l legend) drawBy(c layout.Canvas, o layout.Point, w float64, beside bool) {
	at, width := l.placeBy(o, w, beside)
	l.draw(c, at, width)
}

// boxBy returns the box l's text takes when drawBy sets it (empty for an
// empty legend).
func (l legend) boxBy(o layout.Point, w float64, beside bool) layout.Rect {
	if len(l.entries) == 0 {
		return layout.Rect{}
	}
	at, width := l.placeBy(o, w, beside)
	cols, _ := l.layout(width)
	tw := math.Max(float64(cols)*l.colWidth(), layout.TextWidth(l.heading, legendHead))
	return layout.R(at.X+(width-tw)/2, at.Y, tw, l.height(width))
}
