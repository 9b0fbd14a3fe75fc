package layout

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

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
	title   string
	pages   []*bytes.Buffer
	cur     *svg.SVG
	glyphs  map[glyphKey]bool   // glyphs used on the current page
	paths   map[glyphKey]string // outlines loaded, "" for a glyph with no ink
	scratch []byte              // the element being written
	buf     sfnt.Buffer         // for reading glyphs
}

// NewSVG returns an empty SVG document titled title.
func NewSVG(title string) *SVG { return &SVG{title: title} }

// u converts millimetres to integer user units.
func u(mm float64) int { return int(math.Round(mm * svgUnit)) }

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

// singleCircle reports whether p is one whole circle.
func singleCircle(p *Path) (PathComp, bool) {
	if len(p.Comps) == 3 && p.Comps[0].Kind == MoveTo && p.Comps[1].Kind == ArcTo &&
		p.Comps[2].Kind == Close && math.Abs(p.Comps[1].Sweep) >= 2*math.Pi {
		return p.Comps[1], true
	}
	return PathComp{}, false
}

// appendPathData appends p as SVG path data, in integer user units.
func appendPathData(b []byte, p *Path) []byte {
	pt := func(b []byte, x, y float64) []byte {
		b = strconv.AppendInt(b, int64(u(x)), 10)
		b = append(b, ' ')
		return strconv.AppendInt(b, int64(u(y)), 10)
	}
	for _, c := range p.Comps {
		switch c.Kind {
		case MoveTo:
			b = pt(append(b, 'M'), c.Pos.X, c.Pos.Y)
		case LineTo:
			b = pt(append(b, 'L'), c.Pos.X, c.Pos.Y)
		case ArcTo:
			// A single SVG arc cannot close a circle: split into pieces under 180 degrees.
			n := int(math.Ceil(math.Abs(c.Sweep) / (math.Pi * 0.999)))
			if n < 1 {
				n = 1
			}
			sweepFlag := byte('1')
			if c.Sweep < 0 {
				sweepFlag = '0'
			}
			r := int64(u(c.Radius))
			for i := 1; i <= n; i++ {
				a := c.Start + c.Sweep*float64(i)/float64(n)
				x, y := c.Center.X+c.Radius*math.Cos(a), c.Center.Y+c.Radius*math.Sin(a)
				b = strconv.AppendInt(append(b, 'A'), r, 10)
				b = strconv.AppendInt(append(b, ' '), r, 10)
				b = append(b, " 0 0 "...)
				b = pt(append(b, sweepFlag, ' '), x, y)
			}
		case Close:
			b = append(b, 'Z')
		}
	}
	return b
}

// appendHex appends c as #rrggbb.
func appendHex(b []byte, c Color) []byte {
	const digits = "0123456789abcdef"
	return append(b, '#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15])
}

// shape writes p as a circle or a path element, its attributes appended
// by attrs, into the page: written here rather than through svgo, byte for
// byte as svgo writes it, since the scoring board draws a page a click and
// formatting each path was a fifth of its allocations.
func (d *SVG) shape(p *Path, evenodd bool, attrs func([]byte) []byte) {
	b := d.scratch[:0]
	if c, ok := singleCircle(p); ok {
		b = strconv.AppendInt(append(b, `<circle cx="`...), int64(u(c.Center.X)), 10)
		b = strconv.AppendInt(append(b, `" cy="`...), int64(u(c.Center.Y)), 10)
		b = strconv.AppendInt(append(b, `" r="`...), int64(u(c.Radius)), 10)
		b = attrs(append(b, `" `...))
	} else {
		b = appendPathData(append(b, `<path d="`...), p)
		b = attrs(append(b, `" `...))
		if evenodd {
			b = append(b, `fill-rule="evenodd" `...)
		}
	}
	b = append(b, "/>\n"...)
	d.cur.Writer.Write(b)
	d.scratch = b
}

// Stroke implements Canvas.
func (d *SVG) Stroke(p *Path, pen Pen) {
	if len(p.Comps) == 0 || pen.Width <= 0 {
		return
	}
	d.shape(p, false, func(b []byte) []byte {
		b = appendHex(append(b, `fill="none" stroke="`...), pen.Color)
		b = strconv.AppendInt(append(b, `" stroke-width="`...), int64(u(pen.Width)), 10)
		b = append(b, `" `...)
		if len(pen.Dash) > 0 {
			b = append(b, `stroke-dasharray="`...)
			for i, v := range pen.Dash {
				if i > 0 {
					b = append(b, ' ')
				}
				b = strconv.AppendInt(b, int64(u(v)), 10)
			}
			b = append(b, `" `...)
		}
		return b
	})
}

// Fill implements Canvas.
func (d *SVG) Fill(p *Path, c Color) {
	if len(p.Comps) == 0 {
		return
	}
	d.shape(p, true, func(b []byte) []byte {
		return append(appendHex(append(b, `fill="`...), c), `" stroke="none" `...)
	})
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
	// Written as svgo's Group and Gend write them, into one buffer: the
	// labels and glyph numbers were a tenth of a board click's
	// allocations.
	b := append(d.scratch[:0], `<g aria-label="`...)
	b = appendAttr(b, safetext.Drop(s))
	b = append(appendHex(append(b, `" fill="`...), c), "\" >\n"...)
	for _, r := range s {
		fc, fb := faceFor(f, r)
		upem := float64(fc.UnitsPerEm())
		scale := f.Size * svgUnit / upem
		gi, err := fc.GlyphIndex(&d.buf, r)
		if err != nil || gi == 0 {
			continue
		}
		adv, err := fc.GlyphAdvance(&d.buf, gi, fixed.Int26_6(fc.UnitsPerEm())<<6, font.HintingNone)
		if err != nil {
			continue
		}
		k := glyphKey{f.Bold && !fb, fb, gi}
		if d.glyphPath(k) != "" {
			b = k.appendID(append(b, `<use href="#`...))
			b = strconv.AppendInt(append(b, `" transform="translate(`...), int64(u(x)), 10)
			b = strconv.AppendInt(append(b, ' '), int64(u(at.Y)), 10)
			b = strconv.AppendFloat(append(b, `) scale(`...), scale, 'g', 8, 64)
			b = append(b, ")\"/>\n"...)
		}
		x += float64(adv) / 64 / upem * f.Size
	}
	b = append(b, "</g>\n"...)
	d.cur.Writer.Write(b)
	d.scratch = b
}

// glyphKey names one glyph of one of the faces: regular, bold or the
// fallback.
type glyphKey struct {
	bold, fallback bool
	gi             sfnt.GlyphIndex
}

// appendID appends the glyph's id on the page: gf, gb or gr and its
// number.
func (k glyphKey) appendID(b []byte) []byte {
	switch {
	case k.fallback:
		b = append(b, "gf"...)
	case k.bold:
		b = append(b, "gb"...)
	default:
		b = append(b, "gr"...)
	}
	return strconv.AppendUint(b, uint64(k.gi), 10)
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

// outlines keeps each glyph's outline for the process, by face and glyph:
// the scoring board draws a new document on every click, and loading the
// same few dozen digits again was a third of its allocations. A face holds
// a bounded number of glyphs, and a face set anew (SetFont) is a new key.
var outlines sync.Map // outlineKey -> string

type outlineKey struct {
	fc *sfnt.Font
	gi sfnt.GlyphIndex
}

// outline returns the outline of k in font units, y down; "" for none.
func outline(k glyphKey) string {
	fc := face(Font{Bold: k.bold})
	if k.fallback {
		fontMu.Lock()
		fc = fallback
		fontMu.Unlock()
	}
	ok := outlineKey{fc, k.gi}
	if p, found := outlines.Load(ok); found {
		return p.(string)
	}
	p := loadOutline(fc, k.gi)
	outlines.Store(ok, p)
	return p
}

// loadOutline reads glyph gi of fc as SVG path data.
func loadOutline(fc *sfnt.Font, gi sfnt.GlyphIndex) string {
	var buf sfnt.Buffer
	segs, err := fc.LoadGlyph(&buf, gi, fixed.Int26_6(fc.UnitsPerEm())<<6, nil)
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
	// As svgo's Def, Path and DefEnd write them.
	b := append(d.scratch[:0], "<defs>\n"...)
	for _, k := range keys {
		b = append(append(b, `<path d="`...), d.glyphPath(k)...)
		b = append(k.appendID(append(b, `" id="`...)), "\" />\n"...)
	}
	b = append(b, "</defs>\n"...)
	d.cur.Writer.Write(b)
	d.scratch = b
	d.glyphs = nil
}

// appendAttr appends s escaped for a double-quoted XML attribute, as
// escapeAttr escapes it.
func appendAttr(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c >= utf8.RuneSelf || c == '"' || c == '\'' || c == '&' || c == '<' || c == '>' {
			return append(b, escapeAttr(s)...)
		}
	}
	return append(b, s...)
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
