package readtest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/rings"
	"papergames/layout"
	"papergames/scan"
)

// TestPageCompareKeys: a Keyer's keys, not the moves' text, are compared;
// without one the text is.
func TestPageCompareKeys(t *testing.T) {
	// Keys that tell a move by its text and the one before it, as a path's
	// step is told by the segment it draws.
	keys := func(ms []string) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			prev := ""
			if i > 0 {
				prev = ms[i-1]
			}
			out[i] = prev + "-" + m
		}
		return out
	}
	read := &games.ReadOut{Moves: []games.ReadMove{{Text: "b"}, {Text: "a"}, {Text: "c", Doubt: "faint"}}}
	truth := map[int][]string{0: {"a", "b", "c"}}
	for _, c := range []struct {
		keys func([]string) []string
		want Count
	}{
		{nil, Count{Moves: 3, Right: 2, Flagged: 1}},
		// Keys -b, b-a, a-c against -a, a-b, b-c: none right; two read
		// wrong and three missed unsaid; the doubted one is no move of
		// the truth, and counts as neither.
		{keys, Count{Moves: 3, WrongUnflagged: 5}},
	} {
		p := &Page{Truth: truth, keys: c.keys}
		if got := p.Compare(0, read); got != c.want {
			t.Errorf("keys %v: got %+v, want %+v", c.keys != nil, got, c.want)
		}
	}
	if read.Moves[0].Text != "b" {
		t.Errorf("Compare changed the moves read: %q", read.Moves[0].Text)
	}
}

// darkAt returns the darkness of the page at p (mm), 0 to 1.
func darkAt(r *layout.Raster, p layout.Point) float64 {
	x, y := r.Map(p)
	c := r.Img.RGBAAt(int(x), int(y))
	return 1 - float64(int(c.R)+int(c.G)+int(c.B))/(3*255)
}

// Graphite darkens what lies under it, shading and lines alike: a line
// across a coloured pencil's shading is darker than the shading, and a
// smudge over a line does not rub it out.
func TestPencilLayers(t *testing.T) {
	page := layout.NewRaster(60, 60, PrintDPM)
	pen := Pencil{Dark: 0.5, Width: 0.6, Smudges: 40, Colours: ColouredPencils}
	strokes := []scan.Stroke{
		{Tool: scan.Shade, Seat: 0, Colour: true, Points: []layout.Point{{X: 10, Y: 10}, {X: 50, Y: 10}, {X: 50, Y: 50}, {X: 10, Y: 50}}},
		{Tool: scan.Ruler, Points: []layout.Point{{X: 5, Y: 30}, {X: 55, Y: 30}}},
	}
	pen.Draw(page, strokes, rand.New(rand.NewPCG(1, 2)))
	for x := 12.0; x < 48; x += 2 {
		line, shade := darkAt(page, layout.Pt(x, 30)), darkAt(page, layout.Pt(x, 20))
		if line < shade+0.1 {
			t.Fatalf("at x %g: the line %.2f is not darker than the shading %.2f", x, line, shade)
		}
	}
	if d := darkAt(page, layout.Pt(7, 30)); d < 0.3 {
		t.Errorf("the line on paper, under %d smudges: %.2f", pen.Smudges, d)
	}
}

// A round is played from the sheet's blank transcript: the cuts a sheet
// prints are in the engine before the players' moves, and not among them;
// a game that plays as on paper (games.PaperPlayer) chooses the moves.
func TestPlayFromTheBlank(t *testing.T) {
	g := rings.Game{}
	v, o, err := Options(g, map[string]string{"random-dividers": "true", "copies": "2", "compact": "true"})
	if err != nil {
		t.Fatal(err)
	}
	pages, err := Sheet(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	p := pages[0]
	if err := p.Play(g, v, o, Pencils[0], rand.New(rand.NewPCG(3, 4)), 1); err != nil {
		t.Fatal(err)
	}
	printed := rings.FormatDividers(rings.RandomCopy(6, 1, 0))
	rec := p.Rounds[0].Record()
	for _, ring := range strings.Split(printed, ";") {
		n, as, _ := strings.Cut(ring, ":")
		if !strings.Contains(rec, n+": "+strings.ReplaceAll(as, ",", " ")+"\n") {
			t.Errorf("ring %s's printed cuts %s are not in the round:\n%s", n, as, rec)
		}
	}
	truth := p.Truth[0]
	if len(truth) != 3 || truth[0] != "done" {
		t.Errorf("the players' moves on printed cuts: %v, want done and two segments", truth)
	}
}
