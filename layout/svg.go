package layout

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	svg "github.com/ajstarks/svgo"
	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"papergames/internal/safetext"
)

// svgUnit is the number of SVG user units per millimetre. svgo takes
// integer coordinates, so the viewBox counts micrometres: every position
// is rounded by at most 0.0005 mm.
const svgUnit = 1000

// SVG is a Document whose pages are separate SVG files, sized in
// millimetres. Circles and arcs stay native SVG circles and arcs. Text is
// drawn with the outlines of Go's own font (the one the PDF embeds and
// whose metrics the layout uses), each glyph defined once per page, so a
// page looks the same on every viewer with no font installed.
type SVG struct {
	title  string
	pages  []*bytes.Buffer
	cur    *svg.SVG
	glyphs map[glyphKey]bool   // glyphs used on the current page
	paths  map[glyphKey]string // outlines loaded, "" for a glyph with no ink
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
		d.writeGlyphs()
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

// Text implements Canvas: one group per string, labelled with the text
// for screen readers and search, holding a <use> of each glyph's outline.
func (d *SVG) Text(at Point, s string, f Font, a Align, c Color) {
	if s == "" {
		return
	}
	x := at.X
	switch a {
	case Center:
		x -= TextWidth(s, f) / 2
	case Right:
		x -= TextWidth(s, f)
	}
	d.cur.Group(`aria-label="`+escapeAttr(safetext.Drop(s))+`"`, `fill="`+hex(c)+`"`)
	var buf sfnt.Buffer
	for _, r := range s {
		fc, fb := faceFor(f, r)
		upem := float64(fc.UnitsPerEm())
		scale := f.Size * svgUnit / upem
		gi, err := fc.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			continue
		}
		adv, err := fc.GlyphAdvance(&buf, gi, fixed.Int26_6(fc.UnitsPerEm())<<6, font.HintingNone)
		if err != nil {
			continue
		}
		k := glyphKey{f.Bold && !fb, fb, gi}
		if d.glyphPath(k) != "" {
			fmt.Fprintf(d.cur.Writer, "<use href=\"#%s\" transform=\"translate(%d %d) scale(%s)\"/>\n", k.id(), u(x), u(at.Y), strconv.FormatFloat(scale, 'g', 8, 64))
		}
		x += float64(adv) / 64 / upem * f.Size
	}
	d.cur.Gend()
}

// glyphKey names one glyph of one of the faces: regular, bold or the
// fallback.
type glyphKey struct {
	bold, fallback bool
	gi             sfnt.GlyphIndex
}

func (k glyphKey) id() string {
	switch {
	case k.fallback:
		return fmt.Sprintf("gf%d", k.gi)
	case k.bold:
		return fmt.Sprintf("gb%d", k.gi)
	}
	return fmt.Sprintf("gr%d", k.gi)
}

// glyphPath returns the outline of k in font units, y down, and notes
// that the page uses it; "" for a glyph with no ink (a space).
func (d *SVG) glyphPath(k glyphKey) string {
	// Outlines are kept for the document: loading one for every character
	// drawn made SVG sheets ten times slower than PDF.
	path, ok := d.paths[k]
	if !ok {
		path = outline(k)
		if d.paths == nil {
			d.paths = map[glyphKey]string{}
		}
		d.paths[k] = path
	}
	if path == "" {
		return ""
	}
	if d.glyphs == nil {
		d.glyphs = map[glyphKey]bool{}
	}
	d.glyphs[k] = true
	return path
}

// outline returns the outline of k in font units, y down; "" for none.
func outline(k glyphKey) string {
	fc := face(Font{Bold: k.bold})
	if k.fallback {
		fontMu.Lock()
		fc = fallback
		fontMu.Unlock()
	}
	var buf sfnt.Buffer
	segs, err := fc.LoadGlyph(&buf, k.gi, fixed.Int26_6(fc.UnitsPerEm())<<6, nil)
	if err != nil || len(segs) == 0 {
		return ""
	}
	var b strings.Builder
	pt := func(p fixed.Point26_6) string { return fmt.Sprintf("%d %d", p.X.Round(), p.Y.Round()) }
	for _, sg := range segs {
		switch sg.Op {
		case sfnt.SegmentOpMoveTo:
			b.WriteString("M" + pt(sg.Args[0]))
		case sfnt.SegmentOpLineTo:
			b.WriteString("L" + pt(sg.Args[0]))
		case sfnt.SegmentOpQuadTo:
			b.WriteString("Q" + pt(sg.Args[0]) + " " + pt(sg.Args[1]))
		case sfnt.SegmentOpCubeTo:
			b.WriteString("C" + pt(sg.Args[0]) + " " + pt(sg.Args[1]) + " " + pt(sg.Args[2]))
		}
	}
	b.WriteString("Z")
	return b.String()
}

// writeGlyphs defines the page's glyphs, in a fixed order so the same
// page gives the same bytes.
func (d *SVG) writeGlyphs() {
	if len(d.glyphs) == 0 {
		return
	}
	keys := make([]glyphKey, 0, len(d.glyphs))
	for k := range d.glyphs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].fallback != keys[j].fallback {
			return !keys[i].fallback
		}
		if keys[i].bold != keys[j].bold {
			return !keys[i].bold
		}
		return keys[i].gi < keys[j].gi
	})
	d.cur.Def()
	for _, k := range keys {
		d.cur.Path(d.glyphPath(k), `id="`+k.id()+`"`)
	}
	d.cur.DefEnd()
	d.glyphs = nil
}

// escapeAttr escapes s for a double-quoted XML attribute. Text's labels
// pass through safetext.Drop first: a bidirectional control such as
// U+202E would turn around what a reader or a search shows, and the
// glyphs drawn ignore it anyway.
func escapeAttr(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return strings.ReplaceAll(b.String(), `"`, "&#34;")
}
