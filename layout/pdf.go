package layout

import (
	"fmt"
	"io"
	"time"

	"github.com/jung-kurt/gofpdf"
)

// pdfEpoch is the creation date written into every PDF, so that the same
// input gives the same bytes.
var pdfEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// PDF is a Document that writes a PDF file through gofpdf. Circles and arcs
// become cubic Bezier pieces (see ArcBeziers): gofpdf's own Circle and Arc
// are off by about 0.15 mm on a 100 mm circle.
type PDF struct {
	f     *gofpdf.Fpdf
	pages int
	font  Font
	fb    bool // the font set is the fallback
	fsSet bool
}

// NewPDF returns an empty PDF document titled title.
func NewPDF(title string) *PDF {
	f := gofpdf.NewCustom(&gofpdf.InitType{UnitStr: "mm", Size: gofpdf.SizeType{Wd: 210, Ht: 297}})
	f.SetCatalogSort(true)
	f.SetCreationDate(pdfEpoch)
	f.SetModificationDate(pdfEpoch)
	f.SetCompression(true)
	f.SetCreator("papergames", true)
	f.SetProducer("papergames (gofpdf)", true)
	f.SetTitle(PDFText(title), true)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.AddUTF8FontFromBytes("go", "", Font{}.TTF())
	f.AddUTF8FontFromBytes("go", "B", Font{Bold: true}.TTF())
	if fb := FallbackTTF(); fb != nil {
		f.AddUTF8FontFromBytes("fallback", "", fb)
	}
	return &PDF{f: f}
}

// checkPDFEmbed loads ttf into a scratch PDF and writes a line with it,
// so that a font gofpdf cannot embed is refused up front rather than
// failing (or panicking) in the middle of a sheet.
func checkPDFEmbed(ttf []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the PDF writer cannot embed this font (%v)", r)
		}
	}()
	f := gofpdf.New("P", "mm", "A4", "")
	f.AddUTF8FontFromBytes("user", "", ttf)
	if f.Err() {
		return fmt.Errorf("the PDF writer cannot embed this font: %v", f.Error())
	}
	f.AddPage()
	f.SetFont("user", "", 12)
	f.Text(10, 10, "Player 1 0123456789")
	if err := f.Output(io.Discard); err != nil {
		return fmt.Errorf("the PDF writer cannot embed this font: %v", err)
	}
	return nil
}

// AddPage implements Document.
func (d *PDF) AddPage(w, h float64) {
	// gofpdf swaps the sides itself for "L": give the real size as "P".
	d.f.AddPageFormat("P", gofpdf.SizeType{Wd: w, Ht: h})
	d.pages++
	d.fsSet = false
}

// Pages returns the number of pages added so far.
func (d *PDF) Pages() int { return d.pages }

func (d *PDF) path(p *Path) {
	for _, c := range p.Comps {
		switch c.Kind {
		case MoveTo:
			d.f.MoveTo(c.Pos.X, c.Pos.Y)
		case LineTo:
			d.f.LineTo(c.Pos.X, c.Pos.Y)
		case ArcTo:
			for _, b := range ArcBeziers(c.Center, c.Radius, c.Start, c.Sweep) {
				d.f.CurveBezierCubicTo(b.P1.X, b.P1.Y, b.P2.X, b.P2.Y, b.P3.X, b.P3.Y)
			}
		case Close:
			d.f.ClosePath()
		}
	}
}

// Stroke implements Canvas.
func (d *PDF) Stroke(p *Path, pen Pen) {
	if len(p.Comps) == 0 || pen.Width <= 0 {
		return
	}
	d.f.SetLineWidth(pen.Width)
	d.f.SetDrawColor(int(pen.Color.R), int(pen.Color.G), int(pen.Color.B))
	d.f.SetDashPattern(pen.Dash, 0)
	d.path(p)
	d.f.DrawPath("D")
}

// Fill implements Canvas.
func (d *PDF) Fill(p *Path, c Color) {
	if len(p.Comps) == 0 {
		return
	}
	d.f.SetFillColor(int(c.R), int(c.G), int(c.B))
	d.path(p)
	d.f.DrawPath("F*")
}

// Text implements Canvas. Characters a PDF cannot hold are replaced (see
// PDFText); the callers warn about them.
func (d *PDF) Text(at Point, s string, f Font, a Align, c Color) {
	if s == "" {
		return
	}
	s = PDFText(s)
	d.f.SetTextColor(int(c.R), int(c.G), int(c.B))
	x := at.X
	switch a {
	case Center:
		x -= TextWidth(s, f) / 2
	case Right:
		x -= TextWidth(s, f)
	}
	parts, fb := runs(s, f)
	for i, part := range parts {
		if !d.fsSet || f != d.font || fb[i] != d.fb {
			switch {
			case fb[i]:
				d.f.SetFont("fallback", "", 0)
			case f.Bold:
				d.f.SetFont("go", "B", 0)
			default:
				d.f.SetFont("go", "", 0)
			}
			d.f.SetFontUnitSize(f.Size)
			d.font, d.fb, d.fsSet = f, fb[i], true
		}
		d.f.Text(x, at.Y, part)
		if i+1 < len(parts) {
			x += TextWidth(part, f)
		}
	}
}

// WriteTo writes the finished PDF to w.
func (d *PDF) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	err := d.f.Output(cw)
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
