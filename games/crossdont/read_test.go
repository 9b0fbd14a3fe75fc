package crossdont_test

import (
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/games"
	"papergames/games/crossdont"
	"papergames/internal/testenv"
	"papergames/layout"
	"papergames/read/readtest"
	"papergames/scan"
)

// The board as the default sheet places it.
var (
	boardO = layout.Point{X: 20, Y: 45}
	boardS = 170.0
)

// played plays a round of m chords on the engine from seed, stopping
// after moves offense moves (all of them when moves < 0).
func played(t testing.TB, m int, seed uint64, moves int) games.Round {
	t.Helper()
	st := crossdont.New(m, 1, "A", "B")
	rng := rand.New(rand.NewPCG(seed, 7))
	for k := 0; !st.Over(); k++ {
		if k >= m+moves && moves >= 0 {
			break
		}
		mv, ok := st.RandomMove(rng)
		if !ok {
			break
		}
		if err := st.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	return games.Erase[crossdont.Move](st)
}

// inkOf rules the strokes on a board's pencil map in a steady grey,
// 0.5 mm wide, with the printed circle hiding the pencil within 1 mm of
// it.
func inkOf(strokes []scan.Stroke) *scan.Ink {
	ctr := boards.DegreeCircle{}.Center(boardO, boardS)
	ink := scan.New(layout.R(boardO.X-1, boardO.Y-1, boardO.X+boardS+1, boardO.Y+boardS+1), 8, false)
	for j := 0; j < ink.H; j++ {
		for i := 0; i < ink.W; i++ {
			p := ink.Pos(i, j)
			n := j*ink.W + i
			if math.Abs(p.Dist(ctr)-boardS/2) < 1 {
				ink.Print[n] = 255
				continue
			}
			for _, sk := range strokes {
				if distSeg(p, sk.Points[0], sk.Points[1]) <= 0.25 {
					ink.Pencil[n] = 130
					break
				}
			}
		}
	}
	return ink
}

func distSeg(x, s, t layout.Point) float64 {
	dx, dy := t.X-s.X, t.Y-s.Y
	u := math.Max(0, math.Min(1, ((x.X-s.X)*dx+(x.Y-s.Y)*dy)/(dx*dx+dy*dy)))
	return math.Hypot(x.X-s.X-u*dx, x.Y-s.Y-u*dy)
}

func readInk(t *testing.T, m int, ink *scan.Ink) *games.ReadOut {
	t.Helper()
	in := games.ReadIn{Ink: ink, Figure: boards.DegreeCircle{}, O: boardO, S: boardS,
		Values: games.Values{"chords": m}, Players: []string{"A", "B"}}
	out, err := crossdont.Game{}.ReadRound(in)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestReadCases(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("reads whole boards: seconds")
	}
	g := crossdont.Game{}
	full := played(t, 3, 1, -1)
	strokes := g.Paper(full, boards.DegreeCircle{}, boardO, boardS)
	want := g.PaperMoves(full)

	t.Run("blank", func(t *testing.T) {
		out := readInk(t, 3, inkOf(nil))
		if !out.Blank || len(out.Moves) > 0 || len(out.Doubts) > 0 {
			t.Errorf("a blank board reads %v, blank %v, doubts %v", readtest.Texts(out), out.Blank, out.Doubts)
		}
		if !strings.Contains(out.Entry, "chords: []") {
			t.Errorf("entry %q", out.Entry)
		}
	})
	t.Run("finished round", func(t *testing.T) {
		out := readInk(t, 3, inkOf(strokes))
		if got := readtest.Texts(out); !slices.Equal(readtest.Sorted(got), readtest.Sorted(want)) {
			t.Errorf("read %v, want %v", got, want)
		}
		// The short lines between neighbouring chord ends lie under the
		// printed circle: taken as they finish the round, and doubted.
		hidden := 0
		for _, mv := range out.Moves {
			switch {
			case strings.Contains(mv.Doubt, "under the printed circle"):
				hidden++
			case mv.Doubt != "":
				t.Errorf("%s: doubted: %s", mv.Text, mv.Doubt)
			}
		}
		if hidden != 2 {
			t.Errorf("%d lines taken from under the circle, want 2 (60-75 and 195-210 degrees)", hidden)
		}
		if len(out.Doubts) > 0 || len(out.Notes) == 0 {
			t.Errorf("doubts %v, notes %v", out.Doubts, out.Notes)
		}
	})
	// Four lines between neighbouring chord ends, all under the printed
	// circle: only with all four is the round finished, and so they are
	// taken, each doubted.
	t.Run("four lines under the circle", func(t *testing.T) {
		r := played(t, 5, 107, -1)
		want := g.PaperMoves(r)
		out := readInk(t, 5, inkOf(g.Paper(r, boards.DegreeCircle{}, boardO, boardS)))
		if got := readtest.Texts(out); !slices.Equal(readtest.Sorted(got), readtest.Sorted(want)) {
			t.Errorf("read %v, want %v", got, want)
		}
		hidden := 0
		for _, mv := range out.Moves {
			if strings.Contains(mv.Doubt, "under the printed circle") {
				hidden++
			}
		}
		if hidden != 4 || len(out.Doubts) > 0 {
			t.Errorf("%d lines taken from under the circle, want 4; doubts %v", hidden, out.Doubts)
		}
	})
	// A segment ruled to a crossing 2.7 mm inside the circle and run on
	// to the print reads as a line to a degree no chord ends at: read
	// again without that end, the segment ends at the crossing.
	t.Run("a segment run on to the circle", func(t *testing.T) {
		r := played(t, 5, 373, -1)
		want := g.PaperMoves(r)
		strokes := slices.Clone(g.Paper(r, boards.DegreeCircle{}, boardO, boardS))
		ctr := boards.DegreeCircle{}.Center(boardO, boardS)
		sk := strokes[8]
		p, q := sk.Points[1], sk.Points[0]
		if d := boardS/2 - p.Dist(ctr); d < 2.5 || d > 3 {
			t.Fatalf("the segment ends %.2f mm inside the circle, want a crossing 2.5 to 3 mm inside", d)
		}
		u := layout.Pt((p.X-q.X)/p.Dist(q), (p.Y-q.Y)/p.Dist(q))
		ext := 0.0
		for layout.Pt(p.X+u.X*ext, p.Y+u.Y*ext).Dist(ctr) < boardS/2+0.3 {
			ext += 0.05
		}
		strokes[8].Points = []layout.Point{q, {X: p.X + u.X*ext, Y: p.Y + u.Y*ext}}
		out := readInk(t, 5, inkOf(strokes))
		if got := readtest.Texts(out); !slices.Equal(readtest.Sorted(got), readtest.Sorted(want)) || len(out.Doubts) > 0 {
			t.Errorf("read %v, doubts %v; want %v", got, out.Doubts, want)
		}
		if !slices.ContainsFunc(out.Notes, func(n string) bool { return strings.Contains(n, "where no other line does") }) {
			t.Errorf("notes %v", out.Notes)
		}
	})
	// A segment the pencil does not show: the round has a legal move
	// left or no legal order, and every move is doubted, chords too
	// (which lines are the chords follows from the order found).
	t.Run("a segment missed", func(t *testing.T) {
		out := readInk(t, 3, inkOf(slices.Delete(slices.Clone(strokes), 5, 6)))
		if len(out.Doubts) == 0 {
			t.Fatalf("no round doubt; read %v", readtest.Texts(out))
		}
		for _, mv := range out.Moves {
			if mv.Doubt == "" {
				t.Errorf("%s: not doubted, the round in doubt (%v)", mv.Text, out.Doubts)
			}
		}
	})
	// A round stopped early: the round is in doubt, every move with it.
	t.Run("unfinished", func(t *testing.T) {
		r := played(t, 3, 1, 4)
		out := readInk(t, 3, inkOf(g.Paper(r, boards.DegreeCircle{}, boardO, boardS)))
		if len(out.Doubts) == 0 {
			t.Fatalf("no round doubt; read %v", readtest.Texts(out))
		}
		for _, mv := range out.Moves {
			if mv.Doubt == "" {
				t.Errorf("%s: not doubted, the round in doubt (%v)", mv.Text, out.Doubts)
			}
		}
	})
	// A stroke across the board that no line between its points
	// explains (a line from a point the reader does not know): the round
	// says so.
	t.Run("a stray line", func(t *testing.T) {
		ctr := boards.DegreeCircle{}.Center(boardO, boardS)
		stray := scan.Stroke{Tool: scan.Ruler, Points: []layout.Point{{X: ctr.X - 30, Y: ctr.Y + 20}, {X: ctr.X - 10, Y: ctr.Y + 31}}}
		out := readInk(t, 3, inkOf(append(slices.Clone(strokes), stray)))
		if !slices.ContainsFunc(out.Doubts, func(d string) bool { return strings.Contains(d, "lies on no line read") }) {
			t.Errorf("doubts %v", out.Doubts)
		}
		for _, mv := range out.Moves {
			if mv.Doubt == "" {
				t.Errorf("%s: not doubted, the round in doubt (%v)", mv.Text, out.Doubts)
			}
		}
	})
}

// The corpus in brief: a sheet through the print, a copier and a phone.
// The reader does not yet read every round (lines crowding where
// crossings cluster are missed): it is held to nothing wrong and
// unflagged, and blank boards read blank. The full corpus is read's
// TestCorpus.
func TestReadCorpusQuick(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, degrades and reads sheets")
	}
	ds := readtest.Degradations()
	for i, d := range []readtest.Degradation{ds[0], ds[2], ds[len(ds)-1]} {
		c := readtest.Run(t, crossdont.Game{}, map[string]string{"copies": "2"}, d, 1, uint64(31+i))
		t.Logf("%s: %s", d.Name, c)
		if c.Registered != c.Pages || c.WrongUnflagged > 0 || c.BlankFalse > 0 {
			t.Errorf("%s: %s", d.Name, c)
		}
	}
}

// BenchmarkReadRound reads a finished round of 5 chords from its
// pencil map.
func BenchmarkReadRound(b *testing.B) {
	r := played(b, 5, 2, -1)
	ink := inkOf(crossdont.Game{}.Paper(r, boards.DegreeCircle{}, boardO, boardS))
	in := games.ReadIn{Ink: ink, Figure: boards.DegreeCircle{}, O: boardO, S: boardS,
		Values: games.Values{"chords": 5}, Players: []string{"A", "B"}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (crossdont.Game{}).ReadRound(in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReadPlayedRounds reads finished rounds of 5 chords played at
// random on the engine, ruled in perfect pencil: none may be read wrong
// without a doubt. CROSSDONT_ROUNDS=100 gives docs/read.md's figure
// (the rounds read whole, the rest doubted).
func TestReadPlayedRounds(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("reads whole boards: seconds each")
	}
	n := 4
	if s := os.Getenv("CROSSDONT_ROUNDS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("CROSSDONT_ROUNDS=%q: %v", s, err)
		}
	}
	g := crossdont.Game{}
	whole, doubted := 0, 0
	for seed := range uint64(n) {
		r := played(t, 5, 100+seed, -1)
		want := g.PaperMoves(r)
		out := readInk(t, 5, inkOf(g.Paper(r, boards.DegreeCircle{}, boardO, boardS)))
		got := readtest.Texts(out)
		switch {
		case len(out.Doubts) > 0:
			doubted++
		case slices.Equal(readtest.Sorted(got), readtest.Sorted(want)):
			whole++
		default:
			t.Errorf("seed %d: read %v without a doubt, want %v", 100+seed, got, want)
		}
	}
	t.Logf("%d rounds: %d read whole, %d doubted", n, whole, doubted)
}

// TestReadOrphanPassed reads finished rounds in which pencil runs all
// along a segment that no line read is, explained by the lines beside
// it. On its stroke's core (seeds 104, 119), it is weighed: drawn, it
// would leave no finished round in a legal order, so it is passed over,
// with a note. Off the core, within the widened pencil (seeds 100, 101),
// it is not weighed at all, and no note passes it over. Either way the
// round is read whole.
func TestReadOrphanPassed(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("reads whole boards: seconds each")
	}
	g := crossdont.Game{}
	for _, tc := range []struct {
		seed   uint64
		passed bool
	}{{104, true}, {119, true}, {100, false}, {101, false}} {
		r := played(t, 5, tc.seed, -1)
		want := g.PaperMoves(r)
		out := readInk(t, 5, inkOf(g.Paper(r, boards.DegreeCircle{}, boardO, boardS)))
		if len(out.Doubts) > 0 {
			t.Errorf("seed %d: doubted: %v", tc.seed, out.Doubts)
			continue
		}
		if got := readtest.Texts(out); !slices.Equal(readtest.Sorted(got), readtest.Sorted(want)) {
			t.Errorf("seed %d: read %v, want %v", tc.seed, got, want)
		}
		if passed := slices.ContainsFunc(out.Notes, func(n string) bool { return strings.Contains(n, "read as not drawn") }); passed != tc.passed {
			t.Errorf("seed %d: a note of a segment passed over %v, want %v: %q", tc.seed, passed, tc.passed, out.Notes)
		}
	}
}

// TestReadReplay reads finished rounds that the segments grown on the
// pencil leave in doubt (a segment along others missed), which the
// round played again on the engine reads: seed 102 whole; seeds 116 and
// 133 first to a round other than the one drawn, which must then not be
// taken (other finished rounds are found too, and segments that a
// rival fits nearly as well): the round stays in doubt.
func TestReadReplay(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("reads whole boards: seconds each")
	}
	g := crossdont.Game{}
	for _, tc := range []struct {
		seed  uint64
		whole bool
	}{{102, true}, {116, false}, {133, false}} {
		r := played(t, 5, tc.seed, -1)
		want := g.PaperMoves(r)
		out := readInk(t, 5, inkOf(g.Paper(r, boards.DegreeCircle{}, boardO, boardS)))
		replayed := slices.ContainsFunc(out.Notes, func(n string) bool { return strings.HasPrefix(n, "read by playing the round again") })
		if replayed != tc.whole {
			t.Errorf("seed %d: read by replay %v, want %v: doubts %v", tc.seed, replayed, tc.whole, out.Doubts)
		}
		right := slices.Equal(readtest.Sorted(readtest.Texts(out)), readtest.Sorted(want))
		switch {
		case tc.whole && (len(out.Doubts) > 0 || !right):
			t.Errorf("seed %d: doubts %v, read right %v", tc.seed, readtest.Doubts(out), right)
		case !tc.whole && (right || len(out.Doubts) == 0):
			t.Errorf("seed %d: read right %v, doubts %v: want a wrong round, in doubt", tc.seed, right, out.Doubts)
		}
	}
}

// TestReadCorpusPages reads corpus pages of a 200 dpi copier, each with
// one round that reads whole only with one part of the reader:
//   - replay plays segments on their stroke's core (the fifth sheet's
//     first page): on the widened pencil, the segments beside the
//     strokes open rounds that were not drawn, and the search ran out
//     before the one drawn;
//   - a line between chord ends reaches the circle along the line tried
//     when the stroke's fit misses the end (the third sheet's second
//     page): where lines crowd at an end, their pencil pulls the fit
//     most of a millimetre off it, and the line was not read.
func TestReadCorpusPages(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints, degrades and reads corpus pages")
	}
	d := readtest.Degradations()[1]
	if d.Name != "copier 200 dpi" {
		t.Fatalf("the corpus's second degradation is %q", d.Name)
	}
	seed := readtest.CorpusSeed(crossdont.Game{}.Info().ID, 1)
	for _, tc := range []struct {
		what        string
		sheet, page int
	}{
		{"segments on their core", 4, 0},
		{"a crowded end", 2, 1},
	} {
		p, img := readtest.CorpusPage(t, crossdont.Game{}, map[string]string{"copies": "2"}, d, seed, tc.sheet, tc.page)
		c := readtest.ReadCount(t, p, img)
		if c.Moves == 0 || c.Right != c.Moves || c.WrongUnflagged > 0 {
			t.Errorf("%s (sheet %d, page %d): %s", tc.what, tc.sheet+1, tc.page+1, c)
		}
	}
}
