package read

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
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
