package read_test

import (
	"bytes"
	"compress/lzw"
	"compress/zlib"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"

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
	grey16 := make([]byte, 2*w*h)
	rgb16 := make([]byte, 6*w*h)
	for i := range grey {
		grey16[2*i], grey16[2*i+1] = grey[i], 0x5a
		for k := range 3 {
			rgb16[6*i+2*k], rgb16[6*i+2*k+1] = rgb[3*i+k], 0xa5
		}
	}
	// 2 and 4 bits a sample: sample i is i%4 (or i%16), rows from a byte.
	fewer := func(bpc int) []byte {
		row := (w*bpc + 7) / 8
		b := make([]byte, row*h)
		for i := range w * h {
			x, y := i%w, i/w
			v := byte(i % (1 << bpc))
			b[y*row+x*bpc/8] |= v << (8 - bpc - x*bpc%8)
		}
		return b
	}
	bw := func(on bool) color.Color {
		if on {
			return color.Gray{255}
		}
		return color.Gray{0}
	}
	for _, c := range []struct {
		name, cs string
		bpc      int
		filter   string
		decode   string
		data     []byte
		want     func(i int) color.Color
	}{
		{"grey, Flate", "DeviceGray", 8, "FlateDecode", "", deflated(grey), func(i int) color.Color { return color.Gray{grey[i]} }},
		{"grey, none", "DeviceGray", 8, "", "", grey, func(i int) color.Color { return color.Gray{grey[i]} }},
		{"grey, none, inverted", "DeviceGray", 8, "", "[1 0]", grey, func(i int) color.Color { return color.Gray{255 - grey[i]} }},
		{"RGB, Flate", "DeviceRGB", 8, "FlateDecode", "", deflated(rgb), func(i int) color.Color { return color.RGBA{rgb[3*i], rgb[3*i+1], rgb[3*i+2], 255} }},
		{"CMYK, Flate", "DeviceCMYK", 8, "FlateDecode", "", deflated(cmyk), func(i int) color.Color { return color.CMYK{cmyk[4*i], 0, 0, cmyk[4*i+3]} }},
		{"CMYK, Flate, inverted", "DeviceCMYK", 8, "FlateDecode", "[1 0 1 0 1 0 1 0]", deflated(cmyk), func(i int) color.Color { return color.CMYK{255 - cmyk[4*i], 255, 255, 255 - cmyk[4*i+3]} }},
		{"grey, 16 bits", "DeviceGray", 16, "FlateDecode", "", deflated(grey16), func(i int) color.Color { return color.Gray{grey[i]} }},
		{"RGB, 16 bits", "DeviceRGB", 16, "FlateDecode", "", deflated(rgb16), func(i int) color.Color { return color.RGBA{rgb[3*i], rgb[3*i+1], rgb[3*i+2], 255} }},
		{"black and white, Flate", "DeviceGray", 1, "FlateDecode", "", deflated(bits), func(i int) color.Color { return bw(i%3 == 0) }},
		{"black and white, inverted", "DeviceGray", 1, "FlateDecode", "[1 0]", deflated(bits), func(i int) color.Color { return bw(i%3 != 0) }},
		{"grey, 2 bits", "DeviceGray", 2, "FlateDecode", "", deflated(fewer(2)), func(i int) color.Color { return color.Gray{uint8(i % 4 * 85)} }},
		{"grey, 4 bits", "DeviceGray", 4, "", "", fewer(4), func(i int) color.Color { return color.Gray{uint8(i % 16 * 17)} }},
		{"CMYK, RunLength, inverted", "DeviceCMYK", 8, "RunLengthDecode", "[1 0 1 0 1 0 1 0]", runLength(cmyk), func(i int) color.Color { return color.CMYK{255 - cmyk[4*i], 255, 255, 255 - cmyk[4*i+3]} }},
		{"grey, RunLength", "DeviceGray", 8, "RunLengthDecode", "", runLength(grey), func(i int) color.Color { return color.Gray{grey[i]} }},
		{"RGB, LZW", "DeviceRGB", 8, "LZWDecode /DecodeParms << /EarlyChange 0 >>", "", lzwed(rgb), func(i int) color.Color { return color.RGBA{rgb[3*i], rgb[3*i+1], rgb[3*i+2], 255} }},
		{"CMYK, LZW, inverted", "DeviceCMYK", 8, "LZWDecode /DecodeParms << /EarlyChange 0 >>", "[1 0 1 0 1 0 1 0]", lzwed(cmyk), func(i int) color.Color { return color.CMYK{255 - cmyk[4*i], 255, 255, 255 - cmyk[4*i+3]} }},
	} {
		ps, err := read.Pages("scan.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: c.cs, Bpc: c.bpc, Filter: c.filter, Decode: c.decode, Data: c.data}))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		img, err := ps[0].Load()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		// Loaded again (an overlay does), the same: the PDF's own
		// stream is not changed by reading it.
		if again, err := ps[0].Load(); err != nil || at(again, w*h-1) != at(img, w*h-1) || at(again, 7) != at(img, 7) {
			t.Errorf("%s: loaded again, %v", c.name, err)
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
	// A CMYK JPEG (a colour copier may scan to one; testdata/cmyk.jpg is
	// white on its left half, black on its right, as ImageMagick writes
	// it, inverted under Adobe's marker) is read from its stream: pdfcpu's
	// own extraction gave "unknown type id". A PDF viewer shows it
	// through an inverting Decode array as drawn, and without one as its
	// inverted samples, black all over (poppler and Ghostscript do): read
	// sees what they show.
	jpg, err := os.ReadFile("testdata/cmyk.jpg")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		decode    string
		leftWhite bool
	}{{"[1 0 1 0 1 0 1 0]", true}, {"", false}} {
		ps, err := read.Pages("cmyk.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceCMYK", Bpc: 8, Filter: "DCTDecode", Decode: c.decode, Data: jpg}))
		if err != nil {
			t.Fatalf("a CMYK JPEG page, Decode %q: %v", c.decode, err)
		}
		for range 2 { // loaded again (an overlay does), the same
			img, err := ps[0].Load()
			if err != nil {
				t.Fatalf("a CMYK JPEG page, Decode %q: %v", c.decode, err)
			}
			if _, ok := img.(*image.CMYK); !ok {
				t.Errorf("a CMYK JPEG page: decoded as %T", img)
			}
			for _, x := range []int{0, 75, 140, 160, 225, 300} {
				g := color.GrayModel.Convert(img.At(x, 150)).(color.Gray).Y
				if white := x < 150 && c.leftWhite; white && g < 240 || !white && g > 15 {
					t.Errorf("a CMYK JPEG page, Decode %q: grey %d at x = %d, want it %s", c.decode, g, x, map[bool]string{true: "white", false: "black"}[white])
				}
			}
		}
	}
	// Page images read refuses, each with its reason: a CMYK or 16-bit
	// one whose Decode array is no plain mapping, a JBIG2 one.
	for _, c := range []struct {
		im   readtest.PDFImage
		want string
	}{
		{readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceCMYK", Bpc: 8, Filter: "FlateDecode", Decode: "[0 0.5 0 1 0 1 0 1]", Data: deflated(cmyk)}, "CMYK page image with a Decode array"},
		{readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceGray", Bpc: 16, Filter: "FlateDecode", Decode: "[0 0.5]", Data: deflated(grey16)}, "16 bits a channel"},
		{readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceGray", Bpc: 1, Filter: "JBIG2Decode", Data: bits}, "JBIG2"},
		{readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceCMYK", Bpc: 8, Filter: "DCTDecode", Decode: "[0 0.5 0 1 0 1 0 1]", Data: jpg}, "CMYK JPEG page image under another filter or with a Decode array that is no plain mapping"},
	} {
		ps, err := read.Pages("odd.pdf", readtest.ScanPDF(c.im))
		if err == nil {
			_, err = ps[0].Load()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %d bits, Decode %q, %s: %v, want %q", c.im.ColorSpace, c.im.Bpc, c.im.Decode, c.im.Filter, err, c.want)
		}
	}
	// A PDF without .pdf in its name (standard input, a photo sent to
	// the web app) still names its pages; an empty file is said so.
	if ps, err := read.Pages("<stdin>", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceGray", Bpc: 8, Data: grey})); err != nil || ps[0].Name() != "<stdin>, page 1" {
		t.Errorf("a PDF on standard input: %v", err)
	}
	if _, err := read.Pages("empty.pdf", nil); err == nil || err.Error() != "empty.pdf: the file is empty" {
		t.Errorf("an empty file: %v", err)
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
	// inflates past them (a 2 MB PDF took 2.1 GB).
	ps, err = read.Pages("bomb.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: "DeviceGray", Bpc: 8, Filter: "FlateDecode", Data: deflated(make([]byte, 20<<20))}))
	if err == nil {
		_, err = ps[0].Load()
	}
	if err == nil || !strings.Contains(err.Error(), "longer than its size says") {
		t.Errorf("a bomb: %v", err)
	}
	// One pdfcpu decodes (a palette), bounded all the same (a 1 MB PDF
	// took 551 MB).
	ps, err = read.Pages("bomb2.pdf", readtest.ScanPDF(readtest.PDFImage{W: w, H: h, ColorSpace: "[/Indexed /DeviceGray 1 <00ff>]", Bpc: 8, Filter: "FlateDecode", Data: deflated(make([]byte, 20<<20))}))
	if err == nil {
		_, err = ps[0].Load()
	}
	if err == nil || !strings.Contains(err.Error(), "longer than its size says") {
		t.Errorf("a bomb with a palette: %v", err)
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

// runLength encodes b as PDF's RunLengthDecode reads it: runs of a byte
// repeated, the rest as literals.
func runLength(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		n := 1
		for i+n < len(b) && n < 128 && b[i+n] == b[i] {
			n++
		}
		if n > 1 {
			out = append(out, byte(257-n), b[i])
			i += n
			continue
		}
		j := i + 1
		for j < len(b) && j-i < 128 && (j+1 >= len(b) || b[j+1] != b[j]) {
			j++
		}
		out = append(out, byte(j-i-1))
		out = append(out, b[i:j]...)
		i = j
	}
	return append(out, 128)
}

// lzwed compresses b as PDF's LZWDecode reads it with /EarlyChange 0
// (the code width grows one code late, as Go's compress/lzw writes).
func lzwed(b []byte) []byte {
	var buf bytes.Buffer
	w := lzw.NewWriter(&buf, lzw.MSB, 8)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}
