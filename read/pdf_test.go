package read_test

import (
	"bytes"
	"compress/zlib"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"

	"papergames/internal/testenv"
	"papergames/read"
	"papergames/read/readtest"
)

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
		ps, err := read.Pages("scan.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: c.cs, Bpc: c.bpc, Filter: c.filter, Data: c.data}))
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
	ps, err := read.Pages("short.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceGray", Bpc: 8, Filter: "FlateDecode", Data: deflated(grey[:20])}))
	if err == nil {
		_, err = ps[0].Load()
	}
	if err == nil || !strings.Contains(err.Error(), "cut short") {
		t.Errorf("samples cut short: %v", err)
	}
	// A bomb: 20 MB of samples for an image of 90,300, refused as it
	// inflates (a 2 MB PDF took 2.1 GB).
	ps, err = read.Pages("bomb.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceGray", Bpc: 8, Filter: "FlateDecode", Data: deflated(make([]byte, 20<<20))}))
	if err == nil {
		_, err = ps[0].Load()
	}
	if err == nil || !strings.Contains(err.Error(), "inflates to more than the image's size") {
		t.Errorf("a bomb: %v", err)
	}
	// One pdfcpu decodes (a palette), bounded all the same.
	if !testenv.Race() {
		ps, err = read.Pages("bomb2.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: "[/Indexed /DeviceGray 1 <00ff>]", Bpc: 8, Filter: "FlateDecode", Data: deflated(make([]byte, 4*read.MaxPixels+1))}))
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
	ps, err = read.Pages("png.pdf", pdf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	img, err := ps[0].Load()
	if g, ok := img.(*image.Gray); err != nil || !ok || !bytes.Equal(g.Pix, grey) {
		t.Errorf("a PNG in a PDF: %T %v", img, err)
	}
}

// FuzzPDFPages: a scan-to-PDF of any bytes gives pages or an error, and
// each page an image or an error: never a panic, nor more than the bound.
func FuzzPDFPages(f *testing.F) {
	grey := make([]byte, 301*300)
	f.Add(readtest.ScanPDF(readtest.PDFImage{W: 301, H: 300, ColorSpace: "DeviceGray", Bpc: 8, Filter: "FlateDecode", Data: deflated(grey)}))
	f.Add(readtest.ScanPDF(readtest.PDFImage{W: 301, H: 300, ColorSpace: "DeviceGray", Bpc: 1, Filter: "FlateDecode", Data: deflated(grey[:38*300])}))
	f.Add(readtest.ScanPDF(readtest.PDFImage{W: 301, H: 300, ColorSpace: "[/Indexed /DeviceGray 1 <00ff>]", Bpc: 8, Filter: "FlateDecode", Data: deflated(grey)}))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := read.Pages("fuzz.pdf", data)
		if err != nil {
			return
		}
		for _, p := range ps {
			if img, err := p.Load(); err == nil && img.Bounds().Dx()*img.Bounds().Dy() > read.MaxPixels {
				t.Fatalf("page %d: %v, past the bound", p.Index, img.Bounds())
			}
		}
	})
}
