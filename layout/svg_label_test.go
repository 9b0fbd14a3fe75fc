package layout

import (
	"strings"
	"testing"
)

// A label keeps no bidirectional or other control character: U+202E in a
// player's name would turn the label around in a reader or a search.
func TestSVGLabelsDropControls(t *testing.T) {
	d := NewSVG("x")
	d.AddPage(210, 297)
	d.Text(Pt(10, 10), "\u202eboB\u202c and \u2067Ann\u2069\u200f\x1b[31m!", Font{Size: 4}, Left, Black)
	page := string(d.Pages()[0])
	if !strings.Contains(page, `aria-label="boB and Ann[31m!"`) {
		t.Errorf("label not cleaned:\n%s", page)
	}
	for _, bad := range []string{"\u202e", "\u202c", "\u2067", "\u2069", "\u200f", "\x1b", "\ufffd"} {
		if strings.Contains(page, bad) {
			t.Errorf("the SVG holds %q", bad)
		}
	}
}
