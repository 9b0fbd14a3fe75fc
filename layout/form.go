package layout

import "math"

// Form is a record form: what the players write down while they play, in
// the order and words of the game's transcript, so that copying it into a
// transcript is a matter of copying lines. A form is a title, notes, and
// parts, each with fields to fill in and a table of numbered rows.
type Form struct {
	Title string   // e.g. "Record of a round"
	Notes []string // instructions, printed under the title
	Parts []FormPart
}

// FormPart is one part of a form: a heading, fields (a label followed by a
// line to write on) and a table. Cells of Rows hold pre-printed text ("" is
// left blank to fill in); every row has one cell per column.
type FormPart struct {
	Heading string
	Fields  []string
	Columns []FormColumn
	Rows    [][]string
}

// FormColumn is a column of a form's table: its heading and width in mm.
type FormColumn struct {
	Head  string
	Width float64
}

// Form geometry, in millimetres: rows tall enough to write in by hand.
const (
	formRowH   = 7.0
	formHeadH  = 6.0
	formFieldH = 7.5
	formColGap = 8.0
)

// formBlock is one unbreakable piece of a form in the flow: its height,
// how to draw it at the top left of a column of width w, and the table
// header to repeat above it when it starts a column.
type formBlock struct {
	h      float64
	draw   func(c Canvas, at Point, w float64)
	header *formBlock
	keep   bool // keep with the next block (a heading)
}

// width is the width of the widest table of f, at least 60 mm.
func (f *Form) width() float64 {
	w := 60.0
	for _, p := range f.Parts {
		t := 0.0
		for _, col := range p.Columns {
			t += col.Width
		}
		w = math.Max(w, t)
	}
	return w
}

func (f *Form) blocks(w float64) []formBlock {
	var bs []formBlock
	text := func(s string, ft Font, h float64, keep bool) {
		bs = append(bs, formBlock{h: h, keep: keep, draw: func(c Canvas, at Point, _ float64) {
			c.Text(Point{at.X, at.Y + h - 1.6}, s, ft, Left, Black)
		}})
	}
	if f.Title != "" {
		text(f.Title, boldFont, lineH+1.5, true)
	}
	for _, n := range f.Notes {
		lines := Wrap(n, smallFont, w)
		for i, l := range lines {
			text(l, smallFont, 3.8, i < len(lines)-1)
		}
	}
	pen := Pen{Width: 0.2, Color: Black}
	for _, p := range f.Parts {
		if p.Heading != "" {
			text(p.Heading, boldFont, lineH+2, true)
		}
		for _, fl := range p.Fields {
			bs = append(bs, formBlock{h: formFieldH, draw: func(c Canvas, at Point, w float64) {
				y := at.Y + formFieldH - 1.8
				c.Text(Point{at.X, y}, fl+":", bodyFont, Left, Black)
				x := at.X + TextWidth(fl+":", bodyFont) + 2
				c.Stroke(Segment(Point{x, y + 0.8}, Point{at.X + w, y + 0.8}), pen)
			}})
		}
		if len(p.Columns) == 0 {
			continue
		}
		xs := p.columnXs(w)
		head := &formBlock{h: formHeadH, draw: func(c Canvas, at Point, _ float64) {
			c.Stroke(Segment(at, Point{at.X + xs[len(xs)-1], at.Y}), Pen{Width: 0.3, Color: Black})
			for i, col := range p.Columns {
				c.Text(Point{at.X + (xs[i]+xs[i+1])/2, at.Y + formHeadH - 1.7}, fitText(col.Head, smallFont, xs[i+1]-xs[i]-1), Font{Size: smallFont.Size, Bold: true}, Center, Black)
			}
			c.Stroke(Segment(Point{at.X, at.Y + formHeadH}, Point{at.X + xs[len(xs)-1], at.Y + formHeadH}), Pen{Width: 0.3, Color: Black})
		}}
		for _, row := range p.Rows {
			bs = append(bs, formBlock{h: formRowH, header: head, draw: func(c Canvas, at Point, _ float64) {
				for i, x := range xs {
					c.Stroke(Segment(Point{at.X + x, at.Y}, Point{at.X + x, at.Y + formRowH}), Pen{Width: 0.15, Color: Black})
					if i < len(row) && row[i] != "" {
						c.Text(Point{at.X + (x+xs[i+1])/2, at.Y + formRowH - 2}, fitText(row[i], bodyFont, xs[i+1]-x-1), bodyFont, Center, Black)
					}
				}
				c.Stroke(Segment(Point{at.X, at.Y + formRowH}, Point{at.X + xs[len(xs)-1], at.Y + formRowH}), Pen{Width: 0.15, Color: Black})
			}})
		}
	}
	return bs
}

// columnXs returns the left edge of each column and the right edge of the
// last, from 0, scaled down when the table is wider than w.
func (p FormPart) columnXs(w float64) []float64 {
	total := 0.0
	for _, col := range p.Columns {
		total += col.Width
	}
	k := math.Min(1, w/total)
	xs := []float64{0}
	for _, col := range p.Columns {
		xs = append(xs, xs[len(xs)-1]+col.Width*k)
	}
	return xs
}

// fitText returns s, or s shortened with "…" to fit w.
func fitText(s string, f Font, w float64) string {
	if TextWidth(s, f) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && TextWidth(string(r)+"…", f) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// DrawForms flows forms into area on c, in as many columns as the widest
// form allows: each form follows the one before, a table that continues in
// a new column repeats its header, and a heading stays with what follows.
// When area is full, next is called to start a new page and returns its
// area. A nil c draws nothing: it counts the pages, cheaply. It returns
// the top of the room left on the last page across its width (its bottom
// when the forms went on into a second column).
func DrawForms(c Canvas, forms []*Form, area Rect, next func() Rect) (free float64) {
	w := 60.0
	for _, f := range forms {
		w = math.Max(w, f.width())
	}
	w = math.Min(w, area.W())
	ncol := max(1, int((area.W()+formColGap)/(w+formColGap)))
	col, y := 0, area.Min.Y
	x := func() float64 { return area.Min.X + float64(col)*(w+formColGap) }
	advance := func() {
		col++
		if col == ncol {
			area = next()
			col = 0
		}
		y = area.Min.Y
	}
	for fi, f := range forms {
		bs := f.blocks(w)
		if fi > 0 && y > area.Min.Y {
			y += lineH
		}
		for i, b := range bs {
			need := b.h
			if b.keep && i+1 < len(bs) {
				need += bs[i+1].h
				if bs[i+1].header != nil {
					need += bs[i+1].header.h
				}
			}
			top := y == area.Min.Y
			if b.header != nil && (top || i == 0 || bs[i-1].header != b.header) {
				need += b.header.h
			}
			if y+need > area.Max.Y && !top {
				advance()
			}
			if b.header != nil && (y == area.Min.Y || i == 0 || bs[i-1].header != b.header) {
				if c != nil {
					b.header.draw(c, Point{x(), y}, w)
				}
				y += b.header.h
			}
			if c != nil {
				b.draw(c, Point{x(), y}, w)
			}
			y += b.h
		}
	}
	if col > 0 {
		return area.Max.Y
	}
	return y
}
