package layout

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pages returns an SVG document of n pages.
func pages(n int) *SVG {
	s := NewSVG("x")
	for i := 0; i < n; i++ {
		s.AddPage(210, 297)
	}
	return s
}

func onePDF() *PDF {
	d := NewPDF("x")
	d.AddPage(210, 297)
	return d
}

func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func readString(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A sheet of several SVG pages is written as a set: when one page cannot
// be written, no page is replaced.
func TestSaveSVGPagesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "sheet.svg")
	p := func(n string) string { return filepath.Join(dir, "sheet-"+n+".svg") }
	os.WriteFile(p("1"), []byte("old 1"), 0o644)
	os.Mkdir(p("2"), 0o755)
	os.WriteFile(p("3"), []byte("old 3"), 0o644)
	_, err := Save(pages(3), name, io.Discard)
	if err == nil {
		t.Fatal("saving over a folder succeeded")
	}
	if !strings.Contains(err.Error(), p("2")) || !strings.Contains(err.Error(), "folder") || strings.Contains(err.Error(), "file exists") {
		t.Errorf("error %q should say %s is a folder", err, p("2"))
	}
	if readString(t, p("1")) != "old 1" || readString(t, p("3")) != "old 3" {
		t.Error("a failed set replaced some of its pages")
	}
	noTemps(t, dir)
}

// Writing fewer pages than last time removes the old sheet's later pages,
// and only those papergames wrote, consecutive from the new last page.
func TestSaveRemovesStalePages(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "sheet.svg")
	p := func(n string) string { return filepath.Join(dir, "sheet-"+n+".svg") }
	if _, err := Save(pages(4), name, io.Discard); err != nil {
		t.Fatal(err)
	}
	old := readString(t, p("4"))
	os.WriteFile(p("6"), []byte(old), 0o644) // not consecutive: kept
	names, err := Save(pages(2), name, io.Discard)
	if err != nil || len(names) != 2 {
		t.Fatal(names, err)
	}
	for n, want := range map[string]bool{"1": true, "2": true, "3": false, "4": false, "6": true} {
		if _, err := os.Stat(p(n)); (err == nil) != want {
			t.Errorf("sheet-%s.svg exists: %v, want %v", n, err == nil, want)
		}
	}
	// A file of the pattern that papergames did not write stays, and so
	// does everything after it.
	Save(pages(4), name, io.Discard)
	os.WriteFile(p("3"), []byte("my own notes"), 0o644)
	if _, err := Save(pages(1+1), name, io.Discard); err != nil {
		t.Fatal(err)
	}
	if readString(t, p("3")) != "my own notes" {
		t.Error("a file papergames did not write was removed")
	}
	if _, err := os.Stat(p("4")); err != nil {
		t.Error("a page after a kept file was removed")
	}
	// A single-page sheet is name.svg itself and leaves name-N.svg alone.
	if _, err := Save(pages(1), name, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p("1")); err != nil {
		t.Error("a one-page sheet removed sheet-1.svg")
	}
	noTemps(t, dir)
}

// Writing onto a folder says so, naming the path given.
func TestSaveOntoFolder(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.pdf")
	os.Mkdir(name, 0o755)
	_, err := Save(onePDF(), name, io.Discard)
	if err == nil || !strings.Contains(err.Error(), name+": it is a folder") || strings.Contains(err.Error(), "rename") {
		t.Errorf("err = %v", err)
	}
	noTemps(t, dir)
}

// Every message names the file as given, never the temporary file.
func TestSaveMessagesNameThePath(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "missing", "out.pdf")
	_, err := Save(onePDF(), name, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "writing "+name+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("err = %v", err)
	}
}

// A symbolic link is written through: the link stays, its target gets the
// new contents, even through a chain of links and a link to no file yet.
func TestSaveFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "target.pdf")
	os.Mkdir(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("old"), 0o644)
	link1 := filepath.Join(dir, "link1.pdf")
	link2 := filepath.Join(dir, "link2.pdf")
	if err := os.Symlink(filepath.Join("real", "target.pdf"), link1); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink("link1.pdf", link2)
	if _, err := Save(onePDF(), link2, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link1, link2} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", l)
		}
	}
	if !strings.HasPrefix(readString(t, target), "%PDF") {
		t.Error("the link's target was not written")
	}
	noTemps(t, dir)
	noTemps(t, filepath.Dir(target))

	dangling := filepath.Join(dir, "dangling.pdf")
	os.Symlink(filepath.Join("real", "new.pdf"), dangling)
	if _, err := Save(onePDF(), dangling, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(readString(t, filepath.Join(dir, "real", "new.pdf")), "%PDF") {
		t.Error("a link to no file did not create its target")
	}

	loop := filepath.Join(dir, "loop.pdf")
	os.Symlink("loop.pdf", loop)
	if _, err := Save(onePDF(), loop, io.Discard); err == nil || !strings.Contains(err.Error(), loop) {
		t.Errorf("a link to itself: err = %v", err)
	}
}

// The standard output gets the document as it is.
func TestSaveToStandardOutput(t *testing.T) {
	var b bytes.Buffer
	if names, err := Save(onePDF(), "-", &b); err != nil || len(names) != 1 || !bytes.HasPrefix(b.Bytes(), []byte("%PDF")) {
		t.Errorf("names %v, err %v, %d bytes", names, err, b.Len())
	}
}
