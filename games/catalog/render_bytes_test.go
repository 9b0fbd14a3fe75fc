package catalog

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"papergames/games"
	"papergames/layout"
)

// TestRendersAreByteIdentical: every example of every game, scored or
// refused, renders to the same PDF and SVG bytes every time.
func TestRendersAreByteIdentical(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*/*.yaml")
	if len(files) < 14 {
		t.Fatalf("%d examples found", len(files))
	}
	render := func(data []byte, name string, f layout.Format) [][]byte {
		res, d, _ := Score(name, data, games.Values{})
		if d == nil || len(d.Cells) == 0 {
			return nil
		}
		doc := layout.NewDocument(f, d.Title)
		if err := d.Sheet(res, layout.Size{W: 210, H: 297}).Draw(doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		switch x := doc.(type) {
		case *layout.PDF:
			var b bytes.Buffer
			if _, err := x.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			return [][]byte{b.Bytes()}
		case *layout.SVG:
			return x.Pages()
		}
		return nil
	}
	drawn := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []layout.Format{layout.FormatPDF, layout.FormatSVG} {
			a, b := render(data, name, f), render(data, name, f)
			if len(a) > 0 {
				drawn++
			}
			if len(a) != len(b) {
				t.Errorf("%s %s: %d pages, then %d", name, f, len(a), len(b))
				continue
			}
			for i := range a {
				if !bytes.Equal(a[i], b[i]) {
					t.Errorf("%s %s: page %d differs between two renders", name, f, i+1)
				}
			}
		}
	}
	if drawn < 2*len(files)-4 {
		t.Errorf("only %d renders of %d examples", drawn, len(files))
	}
}
