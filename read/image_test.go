package read

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
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
	// Locked with a password: said so, not called damaged (a campaign's
	// was).
	var locked bytes.Buffer
	if err := api.Encrypt(bytes.NewReader(b.Bytes()), &locked, model.NewAESConfiguration("secret", "owner", 256)); err != nil {
		t.Fatal(err)
	}
	if _, err = Pages("scan.pdf", locked.Bytes()); err == nil || !strings.Contains(err.Error(), "scan.pdf: a PDF locked with a password") {
		t.Errorf("a PDF locked with a password: %v", err)
	}
}

// TestAddFileReadsAgain: an image file's page keeps no bytes of it, but
// reads the file again when decoded (memory is the pages being read,
// not every file given); a file changed or gone by then is said so,
// never read as another sheet. The same bytes under a second name add
// no page.
func TestAddFileReadsAgain(t *testing.T) {
	dir := t.TempDir()
	img := image.NewGray(image.Rect(0, 0, 400, 300))
	for i := range img.Pix {
		img.Pix[i] = uint8(i)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	a, twin := filepath.Join(dir, "a.png"), filepath.Join(dir, "twin.png")
	for _, f := range []string{a, twin} {
		if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var in Inputs
	for _, f := range []string{a, twin} {
		if err := in.AddFile(f, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(in.Pages) != 1 || len(in.Notes) != 1 {
		t.Fatalf("one image given twice: %d pages, notes %q", len(in.Pages), in.Notes)
	}
	p := in.Pages[0]
	got, err := p.Load()
	if err != nil || got.At(7, 1) != img.At(7, 1) {
		t.Fatalf("loaded: %v", err)
	}
	other := bytes.Clone(b.Bytes())
	other = append(other, 0) // after the image's end: it still decodes
	if err := os.WriteFile(a, other, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Load(); err == nil || err.Error() != "the file changed while it was being read: read it again" {
		t.Errorf("changed after it was given: %v", err)
	}
	if err := os.Remove(a); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Load(); err == nil || !strings.HasPrefix(err.Error(), "the file cannot be read again to decode it: ") || strings.Contains(err.Error(), dir) {
		t.Errorf("removed after it was given: %v", err)
	}
}
