package layout

import (
	"fmt"
	"math"
	"strings"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"github.com/makiuchi-d/gozxing/qrcode/encoder"
)

// A sheet with a Code func is made to be read back from a scan or a photo,
// in the manner of Auto Multiple Choice: every board page carries four
// registration marks in the corners of its margin box and a QR code that
// tells a reader how to rebuild the page (see sheets.Code). The reader
// finds the marks, fits the page-to-image transform, decodes the code and
// knows where every printed point of every board lies.

// Registration mark and code sizes, in millimetres.
const (
	// MarkR is a registration mark's outer radius: a black disc with a
	// white hole of radius MarkHole, centred MarkR inside each corner of
	// the margin box. A disc with a centred hole is easy to tell from
	// anything a player draws or a sheet prints, at any rotation.
	MarkR    = 3.0
	MarkHole = 1.0
	// markBand is the room a mark takes from the top and bottom of the
	// content, its gap included.
	markBand = 2*MarkR + 2
	// CodeModule is the side of one QR module: 0.5 mm survives a
	// photocopy and a phone photo of a whole A4 page (about 5 pixels).
	CodeModule = 0.5
	// CodeQuiet is the white border a QR code needs, in modules.
	CodeQuiet = 4
	// CodeECL is the code's error correction: M restores 15% of it.
	CodeECL = "M"
)

// BoardPage is a board page as printed: where its marks, its code and its
// boards lie, in millimetres from the page's top left corner.
type BoardPage struct {
	Page, Pages int // this page among all the sheet's pages, from 1
	// Total is the number of boards on the whole sheet, so that a reader
	// knows when a board page is missing.
	Total  int
	Paper  Size
	Margin float64
	// Marks are the registration marks' centres: top left, top right,
	// bottom right, bottom left.
	Marks [4]Point
	// Code is the QR code's square, modules only (its quiet zone is
	// CodeQuiet modules round it); Version its QR version.
	Code    Rect
	Version int
	Boards  []Placed
	// Compact and Beside say which variant of the figures is drawn.
	Compact, Beside bool
	Style           Style
}

// Placed is one board as drawn on its page.
type Placed struct {
	Index  int     // the cell's index in Sheet.Cells
	Figure Figure  // the figure drawn: plain, beside or widened as the page has it
	O      Point   // the top left of the figure's extent
	S      float64 // the figure's size
	Cell   Rect    // the tile the figure is centred in
	Width  float64 // the width a Widener was widened to; 0 when not
}

// markCentres returns the centres of the marks of a page of s.
func (s *Sheet) markCentres() [4]Point { return MarkCentres(s.Paper, s.Margin) }

// MarkCentres returns the centres of a board page's registration marks,
// for paper of that size and margin: top left, top right, bottom right,
// bottom left.
func MarkCentres(paper Size, margin float64) [4]Point {
	u := R(margin, margin, paper.W-2*margin, paper.H-2*margin)
	return [4]Point{
		{u.Min.X + MarkR, u.Min.Y + MarkR},
		{u.Max.X - MarkR, u.Min.Y + MarkR},
		{u.Max.X - MarkR, u.Max.Y - MarkR},
		{u.Min.X + MarkR, u.Max.Y - MarkR},
	}
}

// DrawMark draws a registration mark centred at c.
func DrawMark(d Canvas, c Point) {
	d.Fill((&Path{}).Circle(c, MarkR).Circle(c, MarkHole), Black)
}

// codeSide is the side of the code's square (modules only) for a version.
func codeSide(version int) float64 { return float64(17+4*version) * CodeModule }

// codeVersion is the QR version the sheet reserves room for: the smallest
// that holds the longest text Code can give for a page of this sheet (the
// most boards a page, every number at its widest), so that the page's
// layout is known before its text is.
func (s *Sheet) codeVersion() int {
	if s.Code == nil || len(s.Cells) == 0 {
		return 0
	}
	per := min(max(s.PerPage, 1), len(s.Cells))
	big := 10 * math.Max(s.Paper.W, s.Paper.H)
	// Figures of one extent are centred alike in their tiles, so a page's
	// boards lie on a lattice, which the code writes in a few fields;
	// figures of several extents need a field each.
	alike := true
	e0 := s.figure(0).Extent(100)
	for i := range s.Cells {
		alike = alike && s.figure(i).Extent(100) == e0
	}
	worst := BoardPage{Page: 500, Pages: 500, Total: len(s.Cells) + per, Paper: s.Paper, Margin: s.Margin, Compact: s.Compact, Beside: true, Style: s.Style}
	for i := 0; i < per; i++ {
		o := Point{big * float64(1+i%2), big * float64(1+i/2)}
		if !alike {
			o.X += float64(i) * 0.37
		}
		w := 0.0
		if _, ok := s.figure(0).(Widener); ok {
			w = big
		}
		worst.Boards = append(worst.Boards, Placed{Index: len(s.Cells) - 1 + i, O: o, S: big, Width: w})
	}
	return VersionFor(s.Code(worst))
}

// codeRect is the code's square on a board page.
func (s *Sheet) codeRect() Rect { return CodeRect(s.Paper, s.Margin, s.codeVersion()) }

// CodeRect is the square of a board page's QR code of that version
// (modules only): left of the top right mark, its quiet zone reaching the
// mark and the top of the margin box.
func CodeRect(paper Size, margin float64, version int) Rect {
	side := codeSide(version)
	q := CodeQuiet * CodeModule
	return R(paper.W-margin-2*MarkR-q-side, margin+q, side, side)
}

// CodeVersion returns the QR version at error correction CodeECL whose
// data codewords number n (what a decoder returns as the raw bytes), or
// 0 when none has so many.
func CodeVersion(n int) int {
	ecl, _ := decoder.ErrorCorrectionLevel_ValueOf(CodeECL)
	for v := 1; v <= 40; v++ {
		ver, _ := decoder.Version_GetVersionForNumber(v)
		if ver.GetTotalCodewords()-ver.GetECBlocksForLevel(ecl).GetTotalECCodewords() == n {
			return v
		}
	}
	return 0
}

// codeColumn is the width the code and the top right mark take from the
// header's right side.
func (s *Sheet) codeColumn() float64 {
	if s.Code == nil {
		return 0
	}
	return codeSide(s.codeVersion()) + 2*CodeQuiet*CodeModule + 2*MarkR + 1
}

// codeBottom is the lowest point the code's quiet zone reaches.
func (s *Sheet) codeBottom() float64 {
	if s.Code == nil {
		return 0
	}
	return s.codeRect().Max.Y + CodeQuiet*CodeModule - s.usable().Min.Y
}

// alnum is the QR code's alphanumeric character set.
const alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

// VersionFor returns the smallest QR version that holds text at error
// correction CodeECL, in one segment of the mode the encoder picks
// (alphanumeric when every character allows it, else bytes), or 0 when
// none does. It counts bits as the QR standard does, without encoding.
func VersionFor(text string) int {
	ecl, _ := decoder.ErrorCorrectionLevel_ValueOf(CodeECL)
	isAlnum := true
	for _, r := range text {
		isAlnum = isAlnum && strings.ContainsRune(alnum, r)
	}
	n := len(text)
	for v := 1; v <= 40; v++ {
		ver, err := decoder.Version_GetVersionForNumber(v)
		if err != nil {
			return 0
		}
		var count, data int // bits of the length field and of the data
		switch {
		case isAlnum:
			count = []int{9, 11, 13}[sizeClass(v)]
			data = 11*(n/2) + 6*(n%2)
		default:
			count = []int{8, 16, 16}[sizeClass(v)]
			data = 8 * n
		}
		capacity := 8 * (ver.GetTotalCodewords() - ver.GetECBlocksForLevel(ecl).GetTotalECCodewords())
		if 4+count+data <= capacity {
			return v
		}
	}
	return 0
}

// sizeClass is the class of a QR version for the length field's width:
// 1 to 9, 10 to 26, 27 to 40.
func sizeClass(v int) int {
	switch {
	case v <= 9:
		return 0
	case v <= 26:
		return 1
	}
	return 2
}

func encodeCode(text string, ecl decoder.ErrorCorrectionLevel, version int) (*encoder.QRCode, error) {
	hints := map[gozxing.EncodeHintType]any{gozxing.EncodeHintType_QR_VERSION: version}
	return encoder.Encoder_encode(text, ecl, hints)
}

// DrawCode draws text as a QR code of the given version filling the
// square r (modules only; the quiet zone round it must be left white).
func DrawCode(d Canvas, r Rect, text string, version int) error {
	ecl, _ := decoder.ErrorCorrectionLevel_ValueOf(CodeECL)
	qr, err := encodeCode(text, ecl, version)
	if err != nil {
		return fmt.Errorf("layout: the page's code does not fit QR version %d: %v", version, err)
	}
	m := qr.GetMatrix()
	n := m.GetWidth()
	mod := r.W() / float64(n)
	p := &Path{}
	// One rectangle a run of dark modules in a row: the PDF stays small
	// and the even-odd rule never meets overlapping pieces.
	for y := 0; y < n; y++ {
		for x := 0; x < n; {
			if m.Get(x, y) != 1 {
				x++
				continue
			}
			x0 := x
			for x < n && m.Get(x, y) == 1 {
				x++
			}
			p.Comps = append(p.Comps, RectPath(R(r.Min.X+float64(x0)*mod, r.Min.Y+float64(y)*mod, float64(x-x0)*mod, mod)).Comps...)
		}
	}
	d.Fill(p, Black)
	return nil
}

// BoardPages returns the sheet's board pages as Draw prints them, without
// drawing them.
func (s *Sheet) BoardPages() ([]BoardPage, error) {
	ps, err := s.pageSet()
	if err != nil {
		return nil, err
	}
	out := make([]BoardPage, len(ps.plan.pages))
	for bp := range ps.plan.pages {
		out[bp] = s.boardPage(ps, bp)
	}
	return out, nil
}

// boardPage describes board page bp of the page set ps.
func (s *Sheet) boardPage(ps *pageSet, bp int) BoardPage {
	p := ps.plan
	r := p.pages[bp]
	out := BoardPage{Page: ps.boardPageNo[bp], Pages: ps.total, Total: len(s.Cells), Paper: s.Paper, Margin: s.Margin, Compact: s.Compact, Beside: p.Beside, Style: s.Style}
	if s.Code != nil {
		out.Marks = s.markCentres()
		out.Code = s.codeRect()
		out.Version = s.codeVersion()
	}
	for i := r[0]; i < r[1]; i++ {
		cell := cellRect(p.Body, p.Cols, p.Rows, i-r[0])
		f, o, w := s.place(p, cell, s.Cells[i])
		out.Boards = append(out.Boards, Placed{Index: i, Figure: f, O: o, S: p.Size, Cell: cell, Width: w})
	}
	return out
}
