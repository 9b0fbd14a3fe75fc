package layout

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	svg "github.com/ajstarks/svgo"
)

// svgUnit is the number of SVG user units per millimetre. svgo takes
// integer coordinates, so the viewBox counts micrometres: every position
// is rounded by at most 0.0005 mm.
const svgUnit = 1000

// SVGFontFamily is the font list the SVG text asks for: Go's own font
// first (the one the PDF embeds and whose metrics the layout uses).
const SVGFontFamily = "Go, 'Go Regular', 'DejaVu Sans', Arial, sans-serif"

// SVG is a Document whose pages are separate SVG files, sized in
// millimetres. Circles and arcs stay native SVG circles and arcs.
type SVG struct {
	title string
	pages []*bytes.Buffer
	cur   *svg.SVG
}

// NewSVG returns an empty SVG document titled title.
func NewSVG(title string) *SVG { return &SVG{title: title} }

// u converts millimetres to integer user units.
func u(mm float64) int { return int(math.Round(mm * svgUnit)) }

func num(mm float64) string { return strconv.Itoa(u(mm)) }

// AddPage implements Document.
func (d *SVG) AddPage(w, h float64) {
	d.finish()
	b := &bytes.Buffer{}
	d.pages = append(d.pages, b)
	d.cur = svg.New(b)
	d.cur.Startraw(
		fmt.Sprintf(`width="%smm" height="%smm"`, mmString(w), mmString(h)),
		fmt.Sprintf(`viewBox="0 0 %d %d"`, u(w), u(h)),
	)
	d.cur.Title(d.title)
	d.cur.Rect(0, 0, u(w), u(h), `fill="#ffffff"`)
}

// mmString formats a length in millimetres without trailing zeros.
func mmString(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }

func (d *SVG) finish() {
	if d.cur != nil {
		d.cur.End()
		d.cur = nil
	}
}

// Pages returns the finished pages, one SVG file each.
func (d *SVG) Pages() [][]byte {
	d.finish()
	out := make([][]byte, len(d.pages))
	for i, b := range d.pages {
		out[i] = b.Bytes()
	}
	return out
}

func hex(c Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// singleCircle reports whether p is one whole circle.
func singleCircle(p *Path) (PathComp, bool) {
	if len(p.Comps) == 3 && p.Comps[0].Kind == MoveTo && p.Comps[1].Kind == ArcTo &&
		p.Comps[2].Kind == Close && math.Abs(p.Comps[1].Sweep) >= 2*math.Pi {
		return p.Comps[1], true
	}
	return PathComp{}, false
}

func pathData(p *Path) string {
	var b strings.Builder
	for _, c := range p.Comps {
		switch c.Kind {
		case MoveTo:
			fmt.Fprintf(&b, "M%d %d", u(c.Pos.X), u(c.Pos.Y))
		case LineTo:
			fmt.Fprintf(&b, "L%d %d", u(c.Pos.X), u(c.Pos.Y))
		case ArcTo:
			// A single SVG arc cannot close a circle: split into pieces under 180 degrees.
			n := int(math.Ceil(math.Abs(c.Sweep) / (math.Pi * 0.999)))
			if n < 1 {
				n = 1
			}
			sweepFlag := 1
			if c.Sweep < 0 {
				sweepFlag = 0
			}
			r := u(c.Radius)
			for i := 1; i <= n; i++ {
				a := c.Start + c.Sweep*float64(i)/float64(n)
				x, y := c.Center.X+c.Radius*math.Cos(a), c.Center.Y+c.Radius*math.Sin(a)
				fmt.Fprintf(&b, "A%d %d 0 0 %d %d %d", r, r, sweepFlag, u(x), u(y))
			}
		case Close:
			b.WriteString("Z")
		}
	}
	return b.String()
}

// Stroke implements Canvas.
func (d *SVG) Stroke(p *Path, pen Pen) {
	if len(p.Comps) == 0 || pen.Width <= 0 {
		return
	}
	attrs := []string{`fill="none"`, `stroke="` + hex(pen.Color) + `"`, `stroke-width="` + num(pen.Width) + `"`}
	if len(pen.Dash) > 0 {
		ds := make([]string, len(pen.Dash))
		for i, v := range pen.Dash {
			ds[i] = num(v)
		}
		attrs = append(attrs, `stroke-dasharray="`+strings.Join(ds, " ")+`"`)
	}
	if c, ok := singleCircle(p); ok {
		d.cur.Circle(u(c.Center.X), u(c.Center.Y), u(c.Radius), attrs...)
		return
	}
	d.cur.Path(pathData(p), attrs...)
}

// Fill implements Canvas.
func (d *SVG) Fill(p *Path, c Color) {
	if len(p.Comps) == 0 {
		return
	}
	attrs := []string{`fill="` + hex(c) + `"`, `stroke="none"`}
	if cc, ok := singleCircle(p); ok {
		d.cur.Circle(u(cc.Center.X), u(cc.Center.Y), u(cc.Radius), attrs...)
		return
	}
	d.cur.Path(pathData(p), append(attrs, `fill-rule="evenodd"`)...)
}

// Text implements Canvas. svgo escapes the text itself; every attribute
// here is built from numbers and constants, never from user input.
func (d *SVG) Text(at Point, s string, f Font, a Align, c Color) {
	if s == "" {
		return
	}
	attrs := []string{`font-family="` + SVGFontFamily + `"`, `font-size="` + num(f.Size) + `"`, `fill="` + hex(c) + `"`}
	if f.Bold {
		attrs = append(attrs, `font-weight="bold"`)
	}
	switch a {
	case Center:
		attrs = append(attrs, `text-anchor="middle"`)
	case Right:
		attrs = append(attrs, `text-anchor="end"`)
	}
	d.cur.Text(u(at.X), u(at.Y), s, attrs...)
}
