package read

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"papergames/internal/testenv"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// pngHeader16 is the start of a PNG of w x h pixels at 16 bits a
// channel, RGBA: enough for its size to be read.
func pngHeader16(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 17)
	copy(ihdr, "IHDR")
	binary.BigEndian.PutUint32(ihdr[4:], w)
	binary.BigEndian.PutUint32(ihdr[8:], h)
	ihdr[12], ihdr[13] = 16, 6 // bit depth, colour type RGBA
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(ihdr)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(ihdr))
	return b.Bytes()
}

// TestDecodeBounds: a 16-bit image is bounded by the bytes its decoding
// holds, not its pixels alone (a 7000 x 7000 16-bit PNG of 393 KB took
// 802 MB); the paper of a PNG with transparency is white; a damaged PDF
// is said so without the PDF library's inner layers.
func TestDecodeBounds(t *testing.T) {
	_, err := decode(pngHeader16(7000, 7000))
	if err == nil || !strings.Contains(err.Error(), "16 bits a channel") {
		t.Errorf("a 16-bit 49 MP PNG: %v", err)
	}
	if _, err := decode(pngHeader16(4000, 4000)); err == nil || strings.Contains(err.Error(), "16 bits") {
		t.Errorf("a 16-bit 16 MP PNG is refused for its size: %v", err) // it fails later: no pixel data
	}

	img := image.NewNRGBA(image.Rect(0, 0, 3, 1))
	img.Set(1, 0, color.NRGBA{0, 0, 0, 255})
	img.Set(2, 0, color.NRGBA{0, 0, 0, 128})
	if g := grey(img); g.Pix[0] != 255 || g.Pix[1] != 0 || g.Pix[2] < 120 || g.Pix[2] > 135 {
		t.Errorf("transparent, black, half black over white: %v", g.Pix)
	}

	doc := gofpdf.New("P", "mm", "A4", "")
	doc.AddPage()
	var b bytes.Buffer
	if err := doc.Output(&b); err != nil {
		t.Fatal(err)
	}
	_, err = Pages("scan.pdf", b.Bytes()[:b.Len()/2])
	if err == nil || !strings.Contains(err.Error(), "scan.pdf: not a readable PDF: it is damaged or cut off") || strings.Contains(err.Error(), "context") {
		t.Errorf("a PDF cut in half: %v", err)
	}
}

// onePagePDF is a PDF of one page holding one image of w x h samples in
// colour space cs at bpc bits, its stream data under filter ("" for
// none).
func onePagePDF(w, h int, cs string, bpc int, filter string, data []byte) []byte {
	var b bytes.Buffer
	var offs []int
	obj := func(body string) {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offs), body)
	}
	b.WriteString("%PDF-1.4\n")
	obj("<< /Type /Catalog /Pages 2 0 R >>")
	obj("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>")
	f := ""
	if filter != "" {
		f = " /Filter /" + filter
	}
	if !strings.HasPrefix(cs, "[") {
		cs = "/" + cs
	}
	obj(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent %d%s /Length %d >>\nstream\n%s\nendstream", w, h, cs, bpc, f, len(data), data))
	content := "q 595 0 0 842 0 0 cm /Im1 Do Q"
	obj(fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content))
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)
	return b.Bytes()
}

func deflated(b []byte) []byte {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(b)
	zw.Close()
	return z.Bytes()
}

// TestPDFSamples: a lossless scan's page image is read from its samples,
// not through a PNG pdfcpu would encode (a 600 dpi page took 10 s to
// load, now 0.4 s): grey, RGB, CMYK and black and white, compressed or
// not, as a PNG's predictors leave them; each sample where it was.
func TestPDFSamples(t *testing.T) {
	const w, h = 301, 300 // rows of 1-bit samples end inside a byte
	grey := make([]byte, w*h)
	rgb := make([]byte, 3*w*h)
	cmyk := make([]byte, 4*w*h)
	bits := make([]byte, (w+7)/8*h)
	for i := range grey {
		grey[i] = byte(i * 7)
		rgb[3*i], rgb[3*i+1], rgb[3*i+2] = byte(i), byte(2*i), byte(255-i)
		cmyk[4*i], cmyk[4*i+3] = byte(i), byte(3*i)
		if i%3 == 0 {
			x, y := i%w, i/w
			bits[y*((w+7)/8)+x/8] |= 0x80 >> (x % 8)
		}
	}
	at := func(img image.Image, i int) color.Color { return img.At(i%w, i/w) }
	for _, c := range []struct {
		name, cs string
		bpc      int
		filter   string
		data     []byte
		want     func(i int) color.Color
	}{
		{"grey, Flate", "DeviceGray", 8, "FlateDecode", deflated(grey), func(i int) color.Color { return color.Gray{grey[i]} }},
		{"grey, none", "DeviceGray", 8, "", grey, func(i int) color.Color { return color.Gray{grey[i]} }},
		{"RGB, Flate", "DeviceRGB", 8, "FlateDecode", deflated(rgb), func(i int) color.Color { return color.RGBA{rgb[3*i], rgb[3*i+1], rgb[3*i+2], 255} }},
		{"CMYK, Flate", "DeviceCMYK", 8, "FlateDecode", deflated(cmyk), func(i int) color.Color { return color.CMYK{cmyk[4*i], 0, 0, cmyk[4*i+3]} }},
		{"black and white, Flate", "DeviceGray", 1, "FlateDecode", deflated(bits), func(i int) color.Color {
			if i%3 == 0 {
				return color.Gray{255}
			}
			return color.Gray{0}
		}},
	} {
		ps, err := Pages("scan.pdf", onePagePDF(w, h, c.cs, c.bpc, c.filter, c.data))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		img, err := ps[0].Load()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for i := range w * h {
			r1, g1, b1, _ := at(img, i).RGBA()
			r2, g2, b2, _ := c.want(i).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 {
				t.Errorf("%s: sample %d is %v, want %v", c.name, i, at(img, i), c.want(i))
				break
			}
		}
	}
	// Cut short: said, not read past.
	ps, err := Pages("short.pdf", onePagePDF(w, h, "DeviceGray", 8, "FlateDecode", deflated(grey[:20])))
	if err == nil {
		_, err = ps[0].Load()
	}
	if err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("samples cut short: %v", err)
	}
	// A bomb: 20 MB of samples for an image of 90,300, refused as it
	// inflates (a 2 MB PDF took 2.1 GB).
	ps, err = Pages("bomb.pdf", onePagePDF(w, h, "DeviceGray", 8, "FlateDecode", deflated(make([]byte, 20<<20))))
	if err == nil {
		_, err = ps[0].Load()
	}
	if err == nil || !strings.Contains(err.Error(), "inflates to more than the image's size") {
		t.Errorf("a bomb: %v", err)
	}
	// One pdfcpu decodes (a palette), bounded all the same.
	if !testenv.Race() {
		ps, err = Pages("bomb2.pdf", onePagePDF(w, h, "[/Indexed /DeviceGray 1 <00ff>]", 8, "FlateDecode", deflated(make([]byte, 4*MaxPixels+1))))
		if err == nil {
			_, err = ps[0].Load()
		}
		if err == nil || !strings.Contains(err.Error(), "inflates to more than an image read takes") {
			t.Errorf("a bomb with a palette: %v", err)
		}
	}
	// A PNG's predictors, as gofpdf embeds a PNG.
	src := image.NewGray(image.Rect(0, 0, w, h))
	copy(src.Pix, grey)
	var pngb bytes.Buffer
	png.Encode(&pngb, src)
	doc := gofpdf.New("P", "mm", "A4", "")
	doc.AddPage()
	doc.RegisterImageOptionsReader("p", gofpdf.ImageOptions{ImageType: "PNG"}, &pngb)
	doc.ImageOptions("p", 0, 0, 210, 297, false, gofpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	var pdf bytes.Buffer
	doc.Output(&pdf)
	ps, err = Pages("png.pdf", pdf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	img, err := ps[0].Load()
	if g, ok := img.(*image.Gray); err != nil || !ok || !bytes.Equal(g.Pix, grey) {
		t.Errorf("a PNG in a PDF: %T %v", img, err)
	}
}
