package read

import (
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"papergames/layout"
)

// blurredCode draws a version 6 code at 12 px a mm (the crop's scale),
// its modules half a mm, then blurs it by a Gaussian of sigma px.
func blurredCode(t *testing.T, text string, sigma float64) *image.Gray {
	t.Helper()
	const perMM, side = 12.0, 20.5 // version 6: 41 modules
	r := layout.NewRaster(side+8, side+8, perMM)
	if err := layout.DrawCode(r, layout.Rect{Min: layout.Point{X: 4, Y: 4}, Max: layout.Point{X: 4 + side, Y: 4 + side}}, text, 6); err != nil {
		t.Fatal(err)
	}
	b := r.Img.Bounds()
	w, h := b.Dx(), b.Dy()
	v := make([]float32, w*h)
	for j := range h {
		for i := range w {
			v[j*w+i] = float32(r.Img.Pix[j*r.Img.Stride+4*i])
		}
	}
	v = gaussian(v, w, h, sigma)
	g := image.NewGray(image.Rect(0, 0, w, h))
	for k := range v {
		g.Pix[k] = uint8(max(0, min(255, v[k])))
	}
	return g
}

// TestSharpenedCode: a code blurred as a phone blurs it (a Gaussian of a
// quarter of a mm) is not read as it is, and is read sharpened, as
// decodeCrop looks again (8 of 8 phone pages the corpus could not
// register were read so).
func TestSharpenedCode(t *testing.T) {
	text := "PAPERGAMES:1 MI V8x8 N2 B1f2e3d4c P1.4 A123 M150 L12 S100 K1.2.3 O10.20 D30.40 W5"
	g := blurredCode(t, text, 3)
	if _, err := decodeQR(g, false); err == nil {
		t.Fatal("the blurred code reads without sharpening: the test shows nothing")
	}
	res, err := decodeQR(sharpen(g, 6), false)
	if err != nil || res.GetText() != text {
		t.Fatalf("sharpened: %v, %q", err, res)
	}
}

// TestNarrowSharpen: a code's corner resampled at 12 px a mm from an 8 MP
// phone photo (corpus, Crossing The Rings, the page a third of the frame,
// modules about 3 pixels in the photo) reads neither as it is nor through
// a mask a module wide, and reads through the narrower mask.
func TestNarrowSharpen(t *testing.T) {
	f, err := os.Open("testdata/phone-code-crop.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := img.(*image.Gray)
	if !ok {
		t.Fatalf("%T, want a grey image", img)
	}
	const perMM = 12
	if _, err := decodeQR(g, false); err == nil {
		t.Fatal("the crop reads as it is: the test shows nothing")
	}
	if _, err := decodeQR(sharpen(g, 0.5*perMM), false); err == nil {
		t.Fatal("the crop reads through the wide mask: the test shows nothing")
	}
	res, err := decodeSharpened(g, perMM)
	if err != nil || !strings.HasPrefix(res.GetText(), "PAPERGAMES:1 CR ") {
		t.Fatalf("%v, %v", err, res)
	}
}
