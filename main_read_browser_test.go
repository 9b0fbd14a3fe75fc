package main

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"papergames/internal/browsertest"
	"papergames/internal/testenv"
	"papergames/web"
)

// The Read a photo page in Chromium: a photographed sheet with a move in
// doubt is read, its overlay and doubt shown, and it opens on the scoring
// board with the doubtful move marked.
func TestBrowserReadPhoto(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, pencils and scans a sheet, and drives Chromium")
	}
	files, imgs := pencilled(t)
	extra := image.NewRGBA(imgs[0].Bounds())
	draw.Draw(extra, extra.Bounds(), imgs[0], image.Point{}, draw.Src)
	dir := t.TempDir()
	photo := filepath.Join(dir, "sheet.png")
	markNear(t, extra, photo)

	ctx, url := browsertest.Start(t, web.Handler(), 1200, 1000)
	screenshot := func(name string) {
		if d := os.Getenv("PAPERGAMES_SHOTS"); d != "" {
			if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(80)); err == nil {
				os.WriteFile(filepath.Join(d, name+".png"), buf, 0o644)
			}
		}
	}
	text := func(sel string) string {
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return s
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/#/read"),
		chromedp.WaitVisible(chromedp.CSS(`#read-file`)),
		chromedp.SetUploadFiles(chromedp.CSS(`#read-file`), []string{photo}),
		chromedp.WaitVisible(chromedp.CSS(`#read-match-0`)),
	); err != nil {
		t.Fatal(err)
	}
	status, doubts, caption := text(`#read-status`), text(`#read-match-0 .doubts`), text(`figure.overlay figcaption`)
	if !strings.Contains(status, "1 page(s) read") || !strings.Contains(doubts, "doubt(s): check them") || !strings.Contains(caption, " in doubt") {
		t.Errorf("the page says %q, %q, %q", status, doubts, caption)
	}
	if !strings.Contains(doubts, "not among the pages read") {
		t.Errorf("one page of two read, the doubts say %q", doubts)
	}
	screenshot("read-photo")
	// The sheet's other page, chosen next: read with the first, as one
	// match of both rounds.
	second := filepath.Join(dir, "page2.jpg")
	if err := os.WriteFile(second, files[1], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.SetUploadFiles(chromedp.CSS(`#read-file`), []string{second}),
		chromedp.WaitVisible(chromedp.CSS(`#read-result .pages figure:nth-child(2)`)),
	); err != nil {
		t.Fatal(err)
	}
	status, doubts = text(`#read-status`), text(`#read-match-0 .doubts`)
	if !strings.Contains(status, "2 page(s) read") || strings.Contains(doubts, "not among the pages read") || !strings.Contains(doubts, "doubt(s): check them") {
		t.Errorf("both pages read: the page says %q, %q", status, doubts)
	}
	// Start again with the sheet's two clean pages chosen together: one
	// match read without doubt (its doubts an empty list, never null).
	first := filepath.Join(dir, "page1.jpg")
	if err := os.WriteFile(first, files[0], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#read-again`)),
		chromedp.SetUploadFiles(chromedp.CSS(`#read-file`), []string{first, second}),
		chromedp.WaitVisible(chromedp.CSS(`#read-match-0 .okay`)),
	); err != nil {
		t.Fatalf("a clean sheet: %v (status %q)", err, text(`#read-status`))
	}
	// Back to the page with a doubt, to open it on the board.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#read-again`)),
		chromedp.SetUploadFiles(chromedp.CSS(`#read-file`), []string{photo}),
		chromedp.WaitVisible(chromedp.CSS(`#read-match-0 .doubts`)),
	); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#read-open-0`)),
		chromedp.WaitVisible(chromedp.CSS(`#moves li.doubt`)),
	); err != nil {
		t.Fatal(err)
	}
	marked, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`#moves li.doubt`), "title"))
	if err != nil || !strings.Contains(marked.Value, "read in doubt") {
		t.Errorf("the doubtful move is marked %q (%v)", marked.Value, err)
	}
	screenshot("read-board")
	// A file that is no sheet is refused with a message.
	bad := filepath.Join(dir, "tiny.png")
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 20, 20)))
	if err := os.WriteFile(bad, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/#/read"),
		chromedp.WaitVisible(chromedp.CSS(`#read-file`)),
		chromedp.SetUploadFiles(chromedp.CSS(`#read-file`), []string{bad}),
		chromedp.WaitVisible(chromedp.CSS(`#read-error`)),
	); err != nil {
		t.Fatal(err)
	}
	if msg := text(`#read-error`); !strings.Contains(msg, "too small") {
		t.Errorf("a 20-pixel image: %q", msg)
	}
}
