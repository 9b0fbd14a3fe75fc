package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"

	"papergames/games/catalog"
	"papergames/internal/testenv"
	"papergames/layout"
	"papergames/read"
	"papergames/read/readtest"
)

// pencilled returns the board pages of a Permutation Grid sheet of two
// copies, a round played on each in pencil, scanned by a 300 dpi copier,
// as JPEG files; and the images themselves.
func pencilled(t *testing.T) ([][]byte, []image.Image) {
	t.Helper()
	g, err := catalog.Lookup("permutation-grid")
	if err != nil {
		t.Fatal(err)
	}
	v, o, err := readtest.Options(g, map[string]string{"copies": "2"})
	if err != nil {
		t.Fatal(err)
	}
	pages, err := readtest.Sheet(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var files [][]byte
	var imgs []image.Image
	for _, p := range pages {
		if err := p.Play(g, v, o, readtest.Pencils[1], rng, 1); err != nil {
			t.Fatal(err)
		}
		img := readtest.Copiers[1].Apply(p.Img, rng)
		files = append(files, readtest.JPEGBytes(img, 90))
		imgs = append(imgs, img)
	}
	return files, imgs
}

// scanPDF makes a copier's scan-to-PDF: one JPEG image a page.
func scanPDF(t *testing.T, jpegs [][]byte) []byte {
	t.Helper()
	doc := gofpdf.New("P", "mm", "A4", "")
	for i, j := range jpegs {
		doc.AddPage()
		name := "scan" + string(rune('a'+i))
		doc.RegisterImageOptionsReader(name, gofpdf.ImageOptions{ImageType: "JPG"}, bytes.NewReader(j))
		doc.ImageOptions(name, 0, 0, 210, 297, false, gofpdf.ImageOptions{ImageType: "JPG"}, 0, "")
	}
	var b bytes.Buffer
	if err := doc.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestReadCommand(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, pencils and scans sheets")
	}
	dir := t.TempDir()
	files, imgs := pencilled(t)
	var names []string
	for i, f := range files {
		n := filepath.Join(dir, "scan-"+string(rune('1'+i))+".jpg")
		if err := os.WriteFile(n, f, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	// The pages in any order: one match, its rounds in copy order.
	out := filepath.Join(dir, "match.yaml")
	status, stdout, stderr := runCLI(t, append([]string{"read", "-o", out, "--overlay", filepath.Join(dir, "seen.png")}, names[1], names[0])...)
	if status != 0 {
		t.Fatalf("read: status %d\n%s%s", status, stdout, stderr)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(text), "# DOUBT (") || strings.Count(string(text), "  - player1:") != 2 {
		t.Errorf("the transcript read:\n%s", text)
	}
	for _, k := range []string{"1", "2"} {
		if b, err := os.ReadFile(filepath.Join(dir, "seen-"+k+".png")); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Errorf("overlay page %s: %v", k, err)
		}
	}
	// The transcript scores, and read --score says what score says.
	status, scored, stderr := runCLI(t, "score", out)
	if status != 0 {
		t.Fatalf("score of the transcript read: %d\n%s", status, stderr)
	}
	status, readScored, stderr := runCLI(t, "read", "--score", names[0], names[1])
	if status != 0 {
		t.Fatalf("read --score: %d\n%s", status, stderr)
	}
	cut := func(s string) string { return s[strings.Index(s, "\n"):] } // the first line names the file
	if cut(readScored) != cut(scored) {
		t.Errorf("read --score:\n%s\nscore:\n%s", readScored, scored)
	}
	// A copier's scan-to-PDF of the same pages, backwards: the same match.
	pdf := filepath.Join(dir, "scans.pdf")
	if err := os.WriteFile(pdf, scanPDF(t, [][]byte{files[1], files[0]}), 0o644); err != nil {
		t.Fatal(err)
	}
	status, fromPDF, stderr := runCLI(t, "read", pdf, "--overlay", filepath.Join(dir, "seen.pdf"))
	if status != 0 {
		t.Fatalf("read of a PDF: %d\n%s", status, stderr)
	}
	body := func(s string) string { // comments name the files
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.HasPrefix(strings.TrimSpace(l), "#") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if body(fromPDF) != body(string(text)) {
		t.Errorf("from the PDF:\n%s\nfrom the images:\n%s", fromPDF, text)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "seen.pdf")); err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("overlay PDF: %v", err)
	}

	// A dot added in a row that has one: read, in doubt, exit 3, and
	// not scored.
	extra := image.NewRGBA(imgs[0].Bounds())
	draw.Draw(extra, extra.Bounds(), imgs[0], image.Point{}, draw.Src)
	doubtful := filepath.Join(dir, "doubt.png")
	markNear(t, extra, doubtful)
	status, _, stderr = runCLI(t, "read", "--score", doubtful)
	if status != exitDoubt || !strings.Contains(stderr, "DOUBT") || !strings.Contains(stderr, "not scored") {
		t.Errorf("a page with two dots in a row: status %d, stderr:\n%s", status, stderr)
	}
}

// markNear pencils a second dot in the first row of the grid read from
// img and saves it as a PNG.
func markNear(t *testing.T, img *image.RGBA, name string) {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	pr := readOne(t, b.Bytes())
	dot := pr.Boards[0].Out.Moves[0].At // the first dot read, row 1
	// Two columns along (a grid step on this sheet is 18.3 mm), within
	// the grid.
	target := layoutPoint(dot.X+2*18.31, dot.Y)
	if strings.ContainsAny(pr.Boards[0].Out.Moves[0].Text[:1], "IJ") {
		target.X = dot.X - 2*18.31
	}
	at := pr.Reg.H.Apply(target)
	r := int(0.9 * pr.Reg.H.Scale(dot))
	for y := -r; y <= r; y++ {
		for x := -r; x <= r; x++ {
			if x*x+y*y <= r*r {
				img.Set(int(at.X)+x, int(at.Y)+y, image.Black)
			}
		}
	}
	b.Reset()
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A file that cannot be read is named with what is wrong; nothing is
// written; the status is 1.
func TestReadBadInput(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, pencils and scans sheets")
	}
	dir := t.TempDir()
	put := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	files, imgs := pencilled(t)
	white := image.NewGray(image.Rect(0, 0, 2480, 3508))
	for i := range white.Pix {
		white.Pix[i] = 245
	}
	var whitePNG bytes.Buffer
	png.Encode(&whitePNG, white)
	// The code smudged over: a grey box where it is.
	smudged := image.NewRGBA(imgs[0].Bounds())
	draw.Draw(smudged, smudged.Bounds(), imgs[0], image.Point{}, draw.Src)
	pr := readOne(t, files[0])
	code := pr.Reg.H.Apply(layoutPoint(pr.Reg.Code.Paper.W-pr.Reg.Code.Margin-25, pr.Reg.Code.Margin+12))
	k := pr.Reg.H.Scale(code)
	draw.Draw(smudged, image.Rect(int(code.X-14*k), int(code.Y-12*k), int(code.X+14*k), int(code.Y+12*k)), image.NewUniform(image.Black), image.Point{}, draw.Over)
	var smudgedPNG bytes.Buffer
	png.Encode(&smudgedPNG, smudged)
	// Two sheets side by side in one photo.
	b := imgs[0].Bounds()
	two := image.NewRGBA(image.Rect(0, 0, 2*b.Dx()+100, b.Dy()))
	draw.Draw(two, b, imgs[0], image.Point{}, draw.Src)
	draw.Draw(two, b.Add(image.Point{b.Dx() + 100, 0}), imgs[1], image.Point{}, draw.Src)
	var twoPNG bytes.Buffer
	png.Encode(&twoPNG, two)
	// A printed sheet, not a scan.
	_, _, _ = runCLI(t, "board", "permutation-grid", "-o", filepath.Join(dir, "printed.pdf"))

	for _, tc := range []struct {
		name, file, want string
	}{
		{"text", put("notes.txt", []byte("these are my notes\n")), "not a PNG or JPEG image nor a PDF"},
		{"truncated JPEG", put("cut.jpg", files[0][:len(files[0])/3]), "cut off"},
		{"bomb", put("bomb.png", pngHeader(60000, 60000)), "more than the 50 million read takes"},
		{"tiny", put("tiny.png", pngOf(image.NewGray(image.Rect(0, 0, 120, 90)))), "too small"},
		{"blank paper", put("white.png", whitePNG.Bytes()), "no papergames sheet found"},
		{"smudged code", put("smudged.png", smudgedPNG.Bytes()), "code (the square pattern at the top right) cannot be decoded"},
		{"two sheets", put("two.png", twoPNG.Bytes()), "more than one sheet in the image"},
		{"printed PDF", filepath.Join(dir, "printed.pdf"), "no image on the page"},
		{"missing", filepath.Join(dir, "nope.jpg"), "no such file"},
	} {
		outDir := filepath.Join(dir, "out-"+strings.ReplaceAll(tc.name, " ", "-"))
		status, stdout, stderr := runCLI(t, "read", "-o", outDir+"/", tc.file)
		if status != 1 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, filepath.Base(tc.file)) || stdout != "" {
			t.Errorf("%s: status %d, stdout %q, stderr:\n%s\nwant status 1 and %q", tc.name, status, stdout, stderr, tc.want)
		}
		if strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
			t.Errorf("%s: a crash:\n%s", tc.name, stderr)
		}
		if entries, _ := os.ReadDir(outDir); len(entries) > 0 {
			t.Errorf("%s: wrote %d files", tc.name, len(entries))
		}
	}
}

// pngHeader is the start of a PNG that says it is w x h pixels: enough
// for its size to be read, far too little to decode.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 0 // 8-bit grey
	chunk := append([]byte("IHDR"), ihdr...)
	binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

func pngOf(img image.Image) []byte {
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

// readOne reads an image file's one page.
func readOne(t *testing.T, data []byte) *read.PageResult {
	t.Helper()
	ps, err := read.Pages("page", data)
	if err != nil {
		t.Fatal(err)
	}
	pr := read.ReadPage(ps[0], false)
	if pr.Err != nil {
		t.Fatal(pr.Err)
	}
	return pr
}

func layoutPoint(x, y float64) layout.Point { return layout.Point{X: x, Y: y} }
