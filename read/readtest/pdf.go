package readtest

import (
	"bytes"
	"fmt"
	"strings"
)

// PDFImage is a page image of a hand-made scan-to-PDF: W x H samples in
// colour space ColorSpace (a name such as DeviceGray, or an array written
// out, such as [/Indexed /DeviceGray 1 <00ff>]) at Bpc bits, its stream's
// Data under Filter ("" for none), mapped by a Decode array if given.
type PDFImage struct {
	W, H       int
	ColorSpace string
	Bpc        int
	Filter     string
	Decode     string // the Decode array written out, or ""
	Data       []byte
}

// ScanPDF makes a PDF of one A4 page an image, each image over the whole
// page, as a copier's scan-to-PDF has them: made by hand, so that tests
// choose what no PDF library writes (a colour space, a filter, data cut
// short or a bomb).
func ScanPDF(imgs ...PDFImage) []byte {
	var b bytes.Buffer
	var offs []int
	obj := func(body string) {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offs), body)
	}
	b.WriteString("%PDF-1.4\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	var kids []string
	for i := range imgs {
		kids = append(kids, fmt.Sprintf("%d 0 R", 3+3*i))
	}
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(imgs)))
	for i, im := range imgs {
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>", 4+3*i, 5+3*i))
		cs, f := im.ColorSpace, ""
		if !strings.HasPrefix(cs, "[") {
			cs = "/" + cs
		}
		if im.Filter != "" {
			f = " /Filter /" + im.Filter
		}
		if im.Decode != "" {
			f += " /Decode " + im.Decode
		}
		obj(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent %d%s /Length %d >>\nstream\n%s\nendstream", im.W, im.H, cs, im.Bpc, f, len(im.Data), im.Data))
		content := "q 595 0 0 842 0 0 cm /Im0 Do Q"
		obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content))
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)
	return b.Bytes()
}
