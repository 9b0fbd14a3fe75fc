package intersections_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/games"
	"papergames/games/intersections"
	"papergames/internal/testenv"
	"papergames/layout"
	"papergames/read"
	"papergames/read/readtest"
	"papergames/scan"
)

// A steady hand: no skips, no accidents, so that each case is what it
// says.
var steady = readtest.Pencil{Dark: 0.5, Width: 0.5, Wobble: 0.1, Overshoot: 0.8}

// sheet prints a one-board sheet of Making Intersections with flags.
func sheet(t *testing.T, flags map[string]string) (*readtest.Page, games.Values) {
	t.Helper()
	v, o, err := readtest.Options(intersections.Game{}, flags)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := readtest.Sheet(intersections.Game{}, v, o)
	if err != nil {
		t.Fatal(err)
	}
	return pages[0], v
}

// rule returns the strokes of segments written "B2-B6", ruled dot to dot.
func rule(t *testing.T, p *readtest.Page, n int, segs ...string) []scan.Stroke {
	t.Helper()
	pl := p.Board.Boards[0]
	b := boards.DotArray{N: n}
	var out []scan.Stroke
	for _, s := range segs {
		ends := strings.Split(s, "-")
		var pts []layout.Point
		for _, e := range ends {
			c, r, err := boards.ParseCell(e, n)
			if err != nil {
				t.Fatal(err)
			}
			pts = append(pts, b.Dot(pl.O, pl.S, c, r))
		}
		out = append(out, scan.Stroke{Tool: scan.Ruler, Points: pts})
	}
	return out
}

func TestReadCases(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints and reads sheets")
	}
	for _, tc := range []struct {
		name     string
		segments string
		drawn    []string
		// hole paints the paper white over a disc of 3.5 mm radius at
		// the middle of the gap from this dot to its right (a smudge
		// rubbing out a line).
		hole   string
		want   []string
		doubts []string // substrings, one a doubt, in order
		blank  bool
	}{
		{name: "blank", segments: "2", blank: true},
		{name: "collinear segments read as one line, split at its middle", segments: "2",
			drawn: []string{"B2-B3", "B3-B6"}, want: []string{"B2-B4", "B4-B6"}},
		{name: "a crossing is split", segments: "3",
			drawn: []string{"A3-E3", "C1-C5"}, want: []string{"A3-C3", "C3-E3", "C1-C5"}},
		{name: "a crossing that the count cannot split", segments: "2",
			drawn: []string{"A3-E3", "C1-C5"}, want: []string{"A3-C3", "C3-E3", "C1-C5"},
			doubts: []string{"at least 3 segments (2 straight lines, and 1 pair crossed at C3, where one of the two must end); the round has 2"}},
		{name: "too few lines: an unfinished round", segments: "4",
			drawn: []string{"A1-B1", "D4-D5"}, want: []string{"A1-B1", "D4-D5"},
			doubts: []string{"cover 2 gaps, which make at most 2 segments; the round has 4"}},
		{name: "too many lines", segments: "2",
			drawn: []string{"A1-B1", "D4-D5", "F6-F8"}, want: []string{"A1-B1", "D4-D5", "F6-F8"},
			doubts: []string{"at least 3 segments; the round has 2"}},
		{name: "a line with a rubbed-out hole", segments: "1",
			drawn: []string{"B2-F2"}, hole: "C2", want: []string{"B2-F2"}},
		// A line into a gap from one end: a line with a rubbed-out end
		// when it goes on past the gap's blank end, else in doubt.
		{name: "a line stopping half way across a gap", segments: "1",
			drawn: []string{"B2-D2", "D2-D2.5"}, want: []string{"B2-E2"},
			doubts: []string{"B2-E2: the gap D2-E2 is inked from D2 only"}},
		{name: "half a gap inked alone", segments: "2",
			drawn: []string{"B2-D2", "F6-F6.5"}, want: []string{"B2-D2", "F6-G6"},
			doubts: []string{"F6-G6: the gap F6-G6 is inked from F6 only"}},
		{name: "a line with a rubbed-out end", segments: "1",
			drawn: []string{"B2-F2"}, hole: "C2+", want: []string{"B2-F2"}},
		{name: "a stroke beside a line's end", segments: "1",
			drawn: []string{"B2-D2", "E2-E2.3"}, want: []string{"B2-D2"},
			doubts: []string{"B2-D2: it may go on to E2: the gap D2-E2 has a stroke along it"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, v := sheet(t, map[string]string{"segments": tc.segments})
			n := v.Int("size")
			var strokes []scan.Stroke
			for _, d := range tc.drawn {
				if i := strings.Index(d, "."); i >= 0 {
					// "D2-D2.5": a stroke from D2 half a gap to its
					// right; "E2-E2.3": a third of a gap to its left.
					frac := 0.5
					if d[i:] == ".3" {
						frac = -0.3
					}
					dot := strings.Split(d, "-")[0]
					s := rule(t, p, n, dot+"-"+dot)[0]
					a := s.Points[0]
					step := p.Board.Boards[0].S / float64(n-1)
					s.Points = []layout.Point{a, {X: a.X + step*frac, Y: a.Y}}
					strokes = append(strokes, s)
					continue
				}
				strokes = append(strokes, rule(t, p, n, d)...)
			}
			steady.Draw(p.Img, strokes, rand.New(rand.NewPCG(1, 1)))
			if tc.hole != "" {
				// At the gap's middle, or ("+") near its far end.
				at := 0.5
				if strings.HasSuffix(tc.hole, "+") {
					at = 0.8
				}
				a := rule(t, p, n, strings.TrimSuffix(tc.hole, "+")+"-"+strings.TrimSuffix(tc.hole, "+"))[0].Points[0]
				step := p.Board.Boards[0].S / float64(n-1)
				p.Img.Fill((&layout.Path{}).Circle(layout.Point{X: a.X + step*at, Y: a.Y}, 3.5), layout.White)
			}
			out := readtest.ReadImage(t, p.Img.Img).Boards[0].Out
			if got := readtest.Texts(out); !slices.Equal(got, tc.want) {
				t.Errorf("read %v, want %v", got, tc.want)
			}
			if out.Blank != tc.blank {
				t.Errorf("blank %v, want %v", out.Blank, tc.blank)
			}
			got := readtest.Doubts(out)
			if len(got) != len(tc.doubts) {
				t.Fatalf("doubts %q, want %q", got, tc.doubts)
			}
			for i, d := range tc.doubts {
				if !strings.Contains(got[i], d) {
					t.Errorf("doubt %q, want it to say %q", got[i], d)
				}
			}
			if !tc.blank && !strings.Contains(strings.Join(out.Notes, "\n"), "no score depends on it") {
				t.Errorf("notes %q", out.Notes)
			}
		})
	}
}

// Rounds played on the engine and ruled on paper read back as the lines
// they draw, and the transcript read scores as the engine scored them.
func TestReadScores(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints and reads sheets")
	}
	g := intersections.Game{}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, flags := range []map[string]string{
		{"copies": "2"},
		{"copies": "3", "players": "3", "size": "6", "segments": "9"},
		{"size": "12", "segments": "40"},
		{"compact": "1", "size": "6", "segments": "8", "paper": "letter"},
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
				out := b.Out
				if want := p.Truth[b.Round]; !slices.Equal(readtest.Texts(out), want) || len(readtest.Doubts(out)) > 0 {
					t.Errorf("%v round %d: read %v, want %v; doubts %q", flags, b.Round+1, readtest.Texts(out), want, readtest.Doubts(out))
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
		c := readtest.Run(t, intersections.Game{}, map[string]string{"copies": "2"}, d, 1, uint64(31+i))
		t.Logf("%s: %s", d.Name, c)
		right, wrong := 0.995, 0.0
		if d.Kind == "phone" {
			right, wrong = 0.97, 0.005
		}
		if c.Registered != c.Pages || float64(c.Right) < right*float64(c.Moves) || float64(c.WrongUnflagged) > wrong*float64(c.Moves) || c.BlankFalse > 0 {
			t.Errorf("%s: %s", d.Name, c)
		}
	}
}

// BenchmarkReadRound reads a board of the default sheet (8 by 8 dots,
// 12 segments) from its pencil map: the gaps measured, the lines split,
// the segments replayed. The page's registration and pencil map are
// read's (BenchmarkReadPage300dpi).
func BenchmarkReadRound(b *testing.B) {
	g := intersections.Game{}
	v := games.Values{"size": 8, "segments": 12}
	o, s := layout.Point{X: 15, Y: 40}, 175.0
	st, err := intersections.New(8, 12, []string{"A", "B"}, 0)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for !st.Over() {
		m, _ := st.RandomMove(rng)
		if err := st.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	fig := boards.DotArray{N: 8}
	e := fig.Extent(s)
	ink := scan.New(layout.R(o.X-1, o.Y-1, o.X+e.W+1, o.Y+e.H+1), 8, false)
	strokes := g.Paper(games.Erase[intersections.Move](st), fig, o, s)
	for j := 0; j < ink.H; j++ {
		for i := 0; i < ink.W; i++ {
			p := ink.Pos(i, j)
			for _, sk := range strokes {
				a, z := sk.Points[0], sk.Points[1]
				if min(a.X, z.X)-0.25 <= p.X && p.X <= max(a.X, z.X)+0.25 && min(a.Y, z.Y)-0.25 <= p.Y && p.Y <= max(a.Y, z.Y)+0.25 {
					ink.Pencil[j*ink.W+i] = 130
				}
			}
			for c := range 8 {
				for r := range 8 {
					if p.Dist(fig.Dot(o, s, c, r)) < 1.1 {
						ink.Print[j*ink.W+i] = 255
					}
				}
			}
		}
	}
	in := games.ReadIn{Ink: ink, Figure: fig, O: o, S: s, Values: v, Players: []string{"A", "B"}}
	b.ReportAllocs()
	for b.Loop() {
		out, err := g.ReadRound(in)
		if err != nil || len(out.Moves) != 12 || out.Doubtful() > 0 {
			b.Fatalf("%v: %+v", err, out)
		}
	}
}
