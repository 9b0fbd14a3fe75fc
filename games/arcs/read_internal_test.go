package arcs

import (
	"strings"
	"testing"

	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

// firstInk is a clean board of m marks at size s with the bubbles named
// shaded (place 0: numbered), as the reader's pencil map has them.
func firstInk(m int, s float64, shaded [][2]int) (Figure, games.ReadIn) {
	f := figure(m)
	o := layout.Pt(10, 10)
	e := f.Extent(s)
	k := scan.New(layout.R(o.X-1, o.Y-1, e.W+2, e.H+2), 8, false)
	for _, b := range f.Bubbles(o, s) {
		for _, sh := range shaded {
			if b.Place != sh[0] || b.Digit != sh[1] {
				continue
			}
			for j := range k.H {
				for i := range k.W {
					if k.Pos(i, j).Dist(b.At) < BubbleR-0.3 {
						k.Pencil[j*k.W+i] = 170
					}
				}
			}
		}
	}
	return f, games.ReadIn{Ink: k, Figure: f, O: o, S: s, Players: []string{"", ""}}
}

// The first centre from the bubbles alone: none, one, two shaded (of
// only three, the board's usual empty bubble is still empty), digits.
func TestReadFirst(t *testing.T) {
	for _, tc := range []struct {
		m      int
		shaded [][2]int
		first  int
		doubt  string
	}{
		{12, nil, 1, ""},
		{12, [][2]int{{0, 7}}, 7, ""},
		{12, [][2]int{{0, 7}, {0, 2}}, 0, "bubble 2 and bubble 7 are both shaded"},
		{3, [][2]int{{0, 1}, {0, 3}}, 0, "bubble 1 and bubble 3 are both shaded"},
		{40, [][2]int{{10, 2}, {1, 7}}, 27, ""},
		{40, [][2]int{{1, 7}}, 7, ""},
		{40, [][2]int{{10, 3}}, 30, "no ones digit is shaded: read as 30"},
		{40, [][2]int{{10, 4}, {1, 5}}, 1, "the digits shaded make 45, not a mark (1 to 40): read as 1"},
		{105, [][2]int{{100, 1}, {10, 0}, {1, 3}}, 103, ""},
	} {
		f, in := firstInk(tc.m, 120, tc.shaded)
		fr := readFirst(f, in.Ink, in, 0.2)
		if tc.first != 0 && fr.first != tc.first {
			t.Errorf("m=%d %v: first %d, want %d", tc.m, tc.shaded, fr.first, tc.first)
		}
		if tc.doubt == "" && fr.doubt != "" || !strings.Contains(fr.doubt, tc.doubt) {
			t.Errorf("m=%d %v: doubt %q, want %q", tc.m, tc.shaded, fr.doubt, tc.doubt)
		}
		if fr.shaded != (len(tc.shaded) > 0) {
			t.Errorf("m=%d %v: shaded %v", tc.m, tc.shaded, fr.shaded)
		}
	}
}
