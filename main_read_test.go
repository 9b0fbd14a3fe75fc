package main

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/internal/testenv"
	"papergames/layout"
	"papergames/read"
	"papergames/read/readtest"
	"papergames/sheets"
	"papergames/web"
)

// pencilled returns the board pages of a Permutation Grid sheet of two
// copies, a round played on each in pencil, scanned by a 300 dpi copier,
// as JPEG files; and the images themselves.
func pencilled(t *testing.T) ([][]byte, []image.Image) {
	return pencilledWith(t, 5)
}

// gridSheet prints the Permutation Grid sheet of two copies the read
// tests use: its game, values, options and board pages, blank.
func gridSheet(t *testing.T) (games.Game, games.Values, sheets.Options, []*readtest.Page) {
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
	return g, v, o, pages
}

// pencilledWith is pencilled with its own playouts: another student's
// copy of the same printout.
func pencilledWith(t *testing.T, seed uint64) ([][]byte, []image.Image) {
	t.Helper()
	g, v, o, pages := gridSheet(t)
	rng := rand.New(rand.NewPCG(seed, 6))
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

// saveFile writes b to dir/name and returns its path.
func saveFile(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// transcriptBody is a transcript without its comments, which name the
// files read and the confidences: what it says of the games.
func transcriptBody(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(strings.SplitN(l, "#", 2)[0]); l != "" {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
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
	if transcriptBody(fromPDF) != transcriptBody(string(text)) {
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

// A class's copies of one printout carry one code: each copy's pages
// are taken in the order given (each copy's pages together, or every
// copy's first page and then every copy's second, in one order), and
// read says so; a transcript in the folder is never written over; the
// same file given twice is read once; outputs are checked before any
// page is read; a blank sheet is not scored, and the status says so;
// the overlay draws the pages decoded when one is not.
func TestReadCommandClass(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, pencils and scans sheets")
	}
	dir := t.TempDir()
	save := func(name string, b []byte) string { return saveFile(t, dir, name, b) }
	a, imgsA := pencilledWith(t, 5)
	b, _ := pencilledWith(t, 9)
	a1, a2, b1, b2 := save("a1.jpg", a[0]), save("a2.jpg", a[1]), save("b1.jpg", b[0]), save("b2.jpg", b[1])
	alone := func(p1, p2 string) string {
		status, out, stderr := runCLI(t, "read", p1, p2)
		if status != 0 {
			t.Fatalf("read %s %s: %d\n%s", p1, p2, status, stderr)
		}
		return out
	}
	wantA, wantB := transcriptBody(alone(a1, a2)), transcriptBody(alone(b1, b2))
	if wantA == wantB {
		t.Fatal("the two copies read alike")
	}
	class := filepath.Join(dir, "class")
	for _, order := range [][]string{{a1, a2, b1, b2}, {a1, b1, a2, b2}} {
		os.RemoveAll(class)
		status, _, stderr := runCLI(t, append([]string{"read", "-o", class + "/"}, order...)...)
		if status != 0 || !strings.Contains(stderr, "2 copies of this sheet were read") {
			t.Fatalf("read %v: %d\n%s", order, status, stderr)
		}
		ents, _ := os.ReadDir(class)
		if len(ents) != 2 {
			t.Fatalf("%d transcripts, want 2", len(ents))
		}
		x, _ := os.ReadFile(filepath.Join(class, ents[0].Name()))
		y, _ := os.ReadFile(filepath.Join(class, ents[1].Name()))
		if got := []string{transcriptBody(string(x)), transcriptBody(string(y))}; !(got[0] == wantA && got[1] == wantB || got[0] == wantB && got[1] == wantA) {
			t.Errorf("read %v: the copies are mixed:\n%s\n%s", order, x, y)
		}
	}
	// Read again into the same folder: new names, the old ones kept.
	first, _ := os.ReadDir(class)
	kept := map[string][]byte{}
	for _, e := range first {
		kept[e.Name()], _ = os.ReadFile(filepath.Join(class, e.Name()))
		os.WriteFile(filepath.Join(class, e.Name()), append(kept[e.Name()], "# corrected by hand\n"...), 0o644)
	}
	if status, _, stderr := runCLI(t, "read", "-o", class, a1, a2, b1, b2); status != 0 {
		t.Fatalf("read again: %d\n%s", status, stderr)
	}
	again, _ := os.ReadDir(class)
	if len(again) != 4 {
		t.Errorf("%d files after reading again, want 4", len(again))
	}
	for name := range kept {
		if b, _ := os.ReadFile(filepath.Join(class, name)); !strings.HasSuffix(string(b), "# corrected by hand\n") {
			t.Errorf("%s was written over", name)
		}
	}
	// A copy short of a page: which pages go together is not sure.
	if status, _, stderr := runCLI(t, "read", a1, a2, b1); status != exitDoubt || strings.Count(stderr, "one lacks a page") != 2 {
		t.Errorf("a copy short of a page: %d\n%s", status, stderr)
	}
	// An output that is an input is refused; -o without .yaml is a folder.
	scanPNG := saveFile(t, dir, "scan-1.png", pngOf(imgsA[0]))
	if status, _, stderr := runCLI(t, "read", scanPNG, "--overlay", scanPNG); status != 2 || !strings.Contains(stderr, "written over") {
		t.Errorf("--overlay onto an input: %d\n%s", status, stderr)
	}
	if status, _, stderr := runCLI(t, "read", "-o", filepath.Join(dir, "two"), a1, a2, b1, b2); status != 0 {
		t.Errorf("-o a new folder without a slash: %d\n%s", status, stderr)
	} else if ents, _ := os.ReadDir(filepath.Join(dir, "two")); len(ents) != 2 {
		t.Errorf("-o a new folder without a slash: %d files", len(ents))
	}
	// The same file twice: read once.
	status, out, stderr := runCLI(t, "read", a1, a1, a2)
	if status != 0 || !strings.Contains(stderr, "given twice, read once") || transcriptBody(out) != wantA {
		t.Errorf("the same file twice: %d\n%s", status, stderr)
	}
	// --score tells the copies apart.
	status, out, stderr = runCLI(t, "read", "--score", a1, b1, a2, b2)
	if status != 0 || !strings.Contains(out, "(read, copy 1 of 2)") || !strings.Contains(out, "(read, copy 2 of 2)") {
		t.Errorf("--score of two copies: %d\n%s\n%s", status, out, stderr)
	}
	// Outputs checked first; a file there that is no transcript is not
	// written over (a campaign's -o victim.png was).
	victim := save("victim.png", []byte("a photo"))
	for _, args := range [][]string{
		{"read", "-o", filepath.Join(dir, "nope", "m.yaml"), a1},
		{"read", "-o", victim, a1},
		{"read", "--overlay", filepath.Join(dir, "nope", "seen.png"), a1},
		{"read", "--workers", "-3", a1},
		{"read", "--sections", "j..", a1}, // its form, before the rings' sheet is read
	} {
		if status, _, stderr := runCLI(t, args...); status != 2 || strings.Contains(stderr, "read Polygons") {
			t.Errorf("%v: status %d\n%s", args, status, stderr)
		}
	}
	if b, err := os.ReadFile(victim); err != nil || string(b) != "a photo" {
		t.Errorf("-o %s was written over: %q %v", victim, b, err)
	}
	// A folder that cannot be written, said before reading. The tests
	// may run as root, whom no mode stops: /sys refuses new files to all.
	if st, err := os.Stat("/sys"); err == nil && st.IsDir() && os.WriteFile("/sys/papergames-probe", nil, 0o644) != nil {
		status, _, stderr := runCLI(t, "read", "--overlay", "/sys/seen.png", a1)
		if status != 1 || !strings.Contains(stderr, "cannot be written") || strings.Contains(stderr, "read Polygons") {
			t.Errorf("an overlay folder that cannot be written: %d\n%s", status, stderr)
		}
	}
	// A blank sheet: read, not scored, status 1.
	_, _, _, pages := gridSheet(t)
	blank1 := save("blank1.png", pngOf(pages[0].Img.Img))
	blank2 := save("blank2.png", pngOf(pages[1].Img.Img))
	status, out, stderr = runCLI(t, "read", "--score", blank1, blank2)
	if status != 1 || !strings.Contains(stderr, "its boards are blank") || out != "" {
		t.Errorf("a blank sheet scored: %d, stdout %q\n%s", status, out, stderr)
	}
	// A page cut off among good ones: the overlay of the good ones.
	cut := save("cut.jpg", a[1][:len(a[1])/3])
	ov := filepath.Join(dir, "ov.png")
	status, _, stderr = runCLI(t, "read", "--overlay", ov, a1, cut)
	if status != 1 || !strings.Contains(stderr, "cut off") {
		t.Errorf("a page cut off: %d\n%s", status, stderr)
	}
	if b, err := os.ReadFile(ov); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("the overlay of the page decoded: %v\n%s", err, stderr)
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
	put := func(name string, b []byte) string { return saveFile(t, dir, name, b) }
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
	// The page mirrored, as a scan through the paper gives it.
	mb := imgs[0].Bounds()
	mirrored := image.NewRGBA(mb)
	for y := mb.Min.Y; y < mb.Max.Y; y++ {
		for x := mb.Min.X; x < mb.Max.X; x++ {
			mirrored.Set(mb.Max.X-1-(x-mb.Min.X), y, imgs[0].At(x, y))
		}
	}
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
		{"bare PNG signature", put("sig.png", []byte("\x89PNG\r\n\x1a\n")), "cut off: the file ends after 8 bytes, inside its header"},
		{"arithmetic-coded JPEG", put("arith.jpg", []byte{0xff, 0xd8, 0xff, 0xc9, 0x00, 0x11, 8, 0x03, 0xe8, 0x03, 0xe8, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1}), "uses a feature read does not take"},
		{"PNG header's checksum wrong", put("crc.png", badCRC(pngHeader(1000, 1000))), "the PNG image is damaged"},
		{"bomb", put("bomb.png", pngHeader(60000, 60000)), "more than the 50 million read takes"},
		{"tiny", put("tiny.png", pngOf(image.NewGray(image.Rect(0, 0, 120, 90)))), "too small"},
		{"blank paper", put("white.png", whitePNG.Bytes()), "no papergames sheet found"},
		{"smudged code", put("smudged.png", smudgedPNG.Bytes()), "code (the square pattern at the top right) cannot be decoded"},
		{"two sheets", put("two.png", twoPNG.Bytes()), "more than one sheet in the image"},
		{"mirrored", put("mirrored.png", pngOf(mirrored)), "the page is mirrored"},
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

// badCRC spoils the checksum of a PNG's first chunk (its header).
func badCRC(b []byte) []byte {
	b = bytes.Clone(b)
	b[32] ^= 0xff
	return b
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
	pr := read.ReadPage(ps[0])
	if pr.Err != nil {
		t.Fatal(pr.Err)
	}
	return pr
}

func layoutPoint(x, y float64) layout.Point { return layout.Point{X: x, Y: y} }

// cmykPDF makes a scan-to-PDF whose pages are 8-bit DeviceCMYK images,
// as some copiers write.
func cmykPDF(t *testing.T, imgs []image.Image) []byte {
	t.Helper()
	var pages []readtest.PDFImage
	for _, img := range imgs {
		b := img.Bounds()
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		row := make([]byte, 4*b.Dx())
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := color.CMYKModel.Convert(img.At(x, y)).(color.CMYK)
				copy(row[4*(x-b.Min.X):], []byte{c.C, c.M, c.Y, c.K})
			}
			zw.Write(row)
		}
		zw.Close()
		pages = append(pages, readtest.PDFImage{W: b.Dx(), H: b.Dy(), ColorSpace: "DeviceCMYK", Bpc: 8, Filter: "FlateDecode", Data: z.Bytes()})
	}
	return readtest.ScanPDF(pages...)
}

// A copier's scan-to-PDF of CMYK page images reads as its RGB scan does
// (pdfcpu hands such an image over as a TIFF Go's tiff does not take).
func TestReadCMYKScan(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, pencils and scans sheets")
	}
	files, imgs := pencilled(t)
	dir := t.TempDir()
	pdf := filepath.Join(dir, "cmyk.pdf")
	if err := os.WriteFile(pdf, cmykPDF(t, imgs), 0o644); err != nil {
		t.Fatal(err)
	}
	status, got, stderr := runCLI(t, "read", pdf)
	if status != 0 {
		t.Fatalf("read of a CMYK scan: %d\n%s", status, stderr)
	}
	names := []string{filepath.Join(dir, "1.jpg"), filepath.Join(dir, "2.jpg")}
	for i, n := range names {
		os.WriteFile(n, files[i], 0o644)
	}
	_, want, _ := runCLI(t, "read", names[0], names[1])
	if transcriptBody(got) != transcriptBody(want) {
		t.Errorf("from the CMYK scan:\n%s\nfrom the images:\n%s", got, want)
	}
}

// formJPEGs returns the pages without a board of gridSheet's sheet (its
// record forms), as JPEG files.
func formJPEGs(t *testing.T) [][]byte {
	t.Helper()
	g, v, o, _ := gridSheet(t)
	res, err := sheets.Build(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	bps, err := res.Sheet.BoardPages()
	if err != nil {
		t.Fatal(err)
	}
	doc := layout.NewRasterDoc(150 / 25.4)
	if err := res.Sheet.Draw(doc); err != nil {
		t.Fatal(err)
	}
	board := map[int]bool{}
	for _, bp := range bps {
		board[bp.Page] = true
	}
	var forms [][]byte
	for i, pg := range doc.Pages {
		if !board[i+1] {
			forms = append(forms, readtest.JPEGBytes(pg.Img, 90))
		}
	}
	if len(forms) != 2 {
		t.Fatalf("%d form pages, want 2", len(forms))
	}
	return forms
}

// A duplex scan of a whole printout gives read its record forms too:
// pages without marks, as many as the sheets read have pages without a
// board, are skipped and said; one more, or a match short of a board,
// and they are errors again.
func TestReadDuplexScan(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, pencils and scans sheets")
	}
	files, _ := pencilled(t)
	forms := formJPEGs(t)
	dir := t.TempDir()
	scan := func(name string, pages ...[]byte) string { return saveFile(t, dir, name, scanPDF(t, pages)) }
	status, _, stderr := runCLI(t, "read", scan("duplex.pdf", files[0], forms[0], files[1], forms[1]))
	if status != 0 || !strings.Contains(stderr, "skipped 2 page(s) without registration marks") {
		t.Errorf("a duplex scan: %d\n%s", status, stderr)
	}
	// A board page lost among the forms: its match is short of a board.
	status, _, stderr = runCLI(t, "read", scan("short.pdf", files[0], forms[0], forms[1], forms[1]))
	if status == 0 || strings.Contains(stderr, "skipped") || !strings.Contains(stderr, "no papergames sheet found") {
		t.Errorf("a board page missing: %d\n%s", status, stderr)
	}
	// More pages without marks than the sheet has without a board.
	white := image.NewGray(image.Rect(0, 0, 1240, 1754))
	draw.Draw(white, white.Rect, image.White, image.Point{}, draw.Src)
	status, _, stderr = runCLI(t, "read", scan("more.pdf", files[0], forms[0], files[1], forms[1], readtest.JPEGBytes(white, 90)))
	if status == 0 || strings.Contains(stderr, "skipped") {
		t.Errorf("three form pages for a sheet of two: %d\n%s", status, stderr)
	}
	// A page scanned twice into one PDF is the same image: read once, not
	// as a second copy of the sheet.
	status, out, stderr := runCLI(t, "read", scan("repeat.pdf", files[0], files[1], files[0]))
	_, alone, _ := runCLI(t, "read", scan("once.pdf", files[0], files[1]))
	if status != 0 || !strings.Contains(stderr, "repeat.pdf, page 3: the same image as page 1, read once") || transcriptBody(out) != transcriptBody(alone) {
		t.Errorf("a page repeated in a PDF: %d\n%s\n%s", status, stderr, out)
	}
}

// The web app reads through read as the command does: the same photo
// chosen twice is read once, and a record form among the photos is
// skipped with a word, not an error.
func TestWebRead(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, pencils and scans sheets")
	}
	files, _ := pencilled(t)
	forms := formJPEGs(t)
	ans, err := webRead(context.Background(), []web.ReadFile{{Name: "a.jpg", Data: files[0]}, {Name: "again.jpg", Data: files[0]}, {Name: "form.jpg", Data: forms[0]}, {Name: "b.jpg", Data: files[1]}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Notes) != 1 || ans.Notes[0] != "again.jpg: the same file as a.jpg, read once" {
		t.Errorf("notes %q", ans.Notes)
	}
	if len(ans.Pages) != 3 || ans.Pages[1].Name != "form.jpg" || ans.Pages[1].Error != "" || !strings.Contains(ans.Pages[1].Note, "record form") {
		t.Errorf("pages %+v", ans.Pages)
	}
	if len(ans.Matches) != 1 || len(ans.Matches[0].Doubts) != 0 {
		t.Errorf("matches %+v", ans.Matches)
	}
	// Five pages: refused, once said (the message said the web app reads
	// 4 at once twice over).
	var imgs []readtest.PDFImage
	for i := range 5 {
		data := bytes.Repeat([]byte{0xff}, 207*2339) // A4 at 200 dpi, a bit a sample
		data[0] = byte(i)
		imgs = append(imgs, readtest.PDFImage{W: 1654, H: 2339, ColorSpace: "DeviceGray", Bpc: 1, Data: data})
	}
	_, err = webRead(context.Background(), []web.ReadFile{{Name: "five.pdf", Data: readtest.ScanPDF(imgs...)}})
	if !errors.Is(err, web.ErrTooManyPages) || err.Error() != "the photos sent have more than 4 pages, and the web app reads 4 at once (a sheet's pages): use papergames read for more" {
		t.Errorf("five pages: %v", err)
	}
}

// TestReadClassSetFiles: the copies of a class set, their pages given
// crossed, are read into one transcript each, named by copy, with no
// note of copies paired by order.
func TestReadClassSetFiles(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("reads whole pages")
	}
	g, err := catalog.Lookup("permutation-grid")
	if err != nil {
		t.Fatal(err)
	}
	v, o, err := readtest.Options(g, map[string]string{"copies": "2", "per-page": "1", "class": "2"})
	if err != nil {
		t.Fatal(err)
	}
	pages, err := readtest.Sheet(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	var names []string
	for i, k := range []int{2, 1, 3, 0} {
		if err := pages[k].Play(g, v, o, readtest.Pencils[0], rng, 1); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("scan%d.jpg", i+1))
		if err := os.WriteFile(name, readtest.JPEGBytes(pages[k].ImageOf(), 92), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	out := filepath.Join(dir, "read")
	status, _, stderr := runCLI(t, append([]string{"read", "-o", out}, names...)...)
	if status != 0 || strings.Contains(stderr, "NOTE") {
		t.Fatalf("status %d:\n%s", status, stderr)
	}
	for k := 1; k <= 2; k++ {
		name := filepath.Join(out, fmt.Sprintf("permutation-grid-%s-copy%d.yaml", pages[0].Sheet.BoardID, k))
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("copy %d: %v\n%s", k, err, stderr)
		}
		if !strings.Contains(string(data), fmt.Sprintf(", copy %d of 2:", k)) {
			t.Errorf("copy %d: the transcript does not name it:\n%s", k, data)
		}
	}
	// Copy 1's pages (scan4, scan2) scanned twice (other bytes, so not
	// read once as the same file): said so, with the pages taken in the
	// order given; with a page of the second scan missing, which pages
	// go together is in doubt.
	var again []string
	for _, k := range []int{0, 1} {
		name := filepath.Join(dir, fmt.Sprintf("again%d.jpg", k))
		if err := os.WriteFile(name, readtest.JPEGBytes(pages[k].ImageOf(), 85), 0o644); err != nil {
			t.Fatal(err)
		}
		again = append(again, name)
	}
	twice := "copy 1 of 2 of this class set was given 2 times over"
	if status, _, stderr := runCLI(t, "read", names[3], names[1], again[0], again[1]); status != 0 || !strings.Contains(stderr, twice+": its pages are taken in the order given") {
		t.Errorf("copy 1 given twice: status %d:\n%s", status, stderr)
	}
	if status, _, stderr := runCLI(t, "read", names[3], names[1], again[0]); status == 0 || !strings.Contains(stderr, twice+", and one lacks a page") {
		t.Errorf("copy 1 given twice, a page short: status %d:\n%s", status, stderr)
	}
}
