package sheets

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/games"
	"papergames/games/arcs"
	"papergames/games/catalog"
	"papergames/games/crossdont"
	"papergames/games/curve"
	"papergames/games/intersections"
	"papergames/games/polydots"
	"papergames/games/rings"
	"papergames/layout"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func defaults(g games.Game) games.Values {
	v := games.Values{}
	for _, p := range g.Params() {
		switch p.Kind {
		case games.Int:
			v[p.Name] = p.Default
		case games.String:
			v[p.Name] = ""
		case games.Bool:
			v[p.Name] = false
		}
	}
	return v
}

func opts(paper string) Options {
	p, err := layout.ParsePaper(paper)
	if err != nil {
		panic(err)
	}
	return Options{Paper: p, Margin: 10, Copies: 1, LineWidth: 0.35}
}

// render builds g's sheet and writes it in format f.
func render(t testing.TB, g games.Game, v games.Values, o Options, f layout.Format) [][]byte {
	t.Helper()
	res, err := Build(g, v, o)
	if err != nil {
		t.Fatalf("%s: %v", g.Info().ID, err)
	}
	doc := layout.NewDocument(f, g.Info().Title)
	if err := res.Draw(doc); err != nil {
		t.Fatal(err)
	}
	switch d := doc.(type) {
	case *layout.PDF:
		var b bytes.Buffer
		if _, err := d.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return [][]byte{b.Bytes()}
	case *layout.SVG:
		return d.Pages()
	}
	return nil
}

// tool returns the path of an external checker; CI must have it.
func tool(t *testing.T, name string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed; .ci/run must install it", name)
		}
		t.Skipf("%s not installed", name)
	}
	return p
}

func runTool(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(tool(t, name), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

func TestEverySheetIsByteIdenticalFromRunToRun(t *testing.T) {
	for _, g := range catalog.Games {
		for _, f := range []layout.Format{layout.FormatPDF, layout.FormatSVG} {
			o := opts("a4")
			o.Names = []string{"Zoë", "Łukasz"}
			o.Rules = true
			a := render(t, g, defaults(g), o, f)
			b := render(t, g, defaults(g), o, f)
			if len(a) != len(b) {
				t.Fatalf("%s %s: page counts differ", g.Info().ID, f)
			}
			for i := range a {
				if !bytes.Equal(a[i], b[i]) {
					t.Errorf("%s %s: page %d differs between two runs", g.Info().ID, f, i+1)
				}
			}
		}
	}
}

func TestPDFsPassQpdfHaveEmbeddedFontsAndRender(t *testing.T) {
	dir := t.TempDir()
	for _, g := range catalog.Games {
		for _, paper := range []string{"a4", "letter", "a4-landscape"} {
			o := opts(strings.TrimSuffix(paper, "-landscape"))
			o.Landscape = strings.HasSuffix(paper, "-landscape")
			o.Names = []string{"Zoë", "Łukasz"}
			o.Rules = true
			pdf := render(t, g, defaults(g), o, layout.FormatPDF)[0]
			name := filepath.Join(dir, g.Info().ID+"-"+paper+".pdf")
			if err := os.WriteFile(name, pdf, 0o644); err != nil {
				t.Fatal(err)
			}
			runTool(t, dir, "qpdf", "--check", name)
			fonts := runTool(t, dir, "pdffonts", name)
			lines := strings.Split(strings.TrimSpace(fonts), "\n")
			if len(lines) < 3 {
				t.Errorf("%s: no fonts listed:\n%s", name, fonts)
			}
			for _, l := range lines[2:] {
				if f := strings.Fields(l); len(f) < 5 || f[len(f)-5] != "yes" {
					t.Errorf("%s: font not embedded: %s", name, l)
				}
			}
			info := runTool(t, dir, "pdfinfo", name)
			wantSize := map[string]string{"a4": "595.28 x 841.89 pts", "letter": "612 x 792 pts", "a4-landscape": "841.89 x 595.28 pts"}[paper]
			if !strings.Contains(info, wantSize) {
				t.Errorf("%s: page size is not %s:\n%s", name, wantSize, info)
			}
			runTool(t, dir, "pdftoppm", "-r", "20", "-png", "-f", "1", "-l", "1", name, filepath.Join(dir, "page"))
		}
	}
}

func TestSVGsAreWellFormedAndRender(t *testing.T) {
	dir := t.TempDir()
	for _, g := range catalog.Games {
		o := opts("letter")
		o.Names = []string{`<b>&"Ann"`, "Zoë"}
		for i, page := range render(t, g, defaults(g), o, layout.FormatSVG) {
			dec := xml.NewDecoder(bytes.NewReader(page))
			for {
				_, err := dec.Token()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatalf("%s page %d: not well-formed XML: %v", g.Info().ID, i+1, err)
				}
			}
			name := filepath.Join(dir, fmt.Sprintf("%s-%d.svg", g.Info().ID, i+1))
			if err := os.WriteFile(name, page, 0o644); err != nil {
				t.Fatal(err)
			}
			runTool(t, dir, "rsvg-convert", "-o", name+".png", name)
		}
	}
}

// TestNothingLeavesThePrintableArea draws every sheet on a Recorder and
// checks every point and text anchor against the margins.
func TestNothingLeavesThePrintableArea(t *testing.T) {
	for _, g := range catalog.Games {
		for _, paper := range []string{"a4", "letter", "a5", "a3"} {
			for _, land := range []bool{false, true} {
				o := opts(paper)
				o.Landscape = land
				o.Copies = 3
				o.PerPage = 2
				if paper == "a5" {
					o.PerPage = 1 // two boards on A5 are below readable size, as TestBadOptions pins
				}
				res, err := Build(g, defaults(g), o)
				if err != nil {
					t.Errorf("%s on %s landscape=%v: %v", g.Info().ID, paper, land, err)
					continue
				}
				rec := &layout.Recorder{}
				if err := res.Sheet.Draw(rec); err != nil {
					t.Fatal(err)
				}
				for pi, p := range rec.Pages {
					in := func(q layout.Point) bool {
						return q.X >= o.Margin-0.01 && q.Y >= o.Margin-0.01 && q.X <= p.W-o.Margin+0.01 && q.Y <= p.H-o.Margin+0.01
					}
					for _, op := range p.Ops {
						if op.Kind == "text" {
							if !in(op.At) {
								t.Errorf("%s %s: page %d: text %q at %v outside the margins", g.Info().ID, paper, pi+1, op.Text, op.At)
							}
							continue
						}
						for _, c := range op.Path.Comps {
							if c.Kind != layout.Close && !in(c.Pos) {
								t.Errorf("%s %s land=%v: page %d: path point %v outside the margins", g.Info().ID, paper, land, pi+1, c.Pos)
								break
							}
						}
					}
				}
			}
		}
	}
}

func TestGoldenSVG(t *testing.T) {
	for _, g := range catalog.Games {
		o := opts("a4")
		o.Names = []string{"Ann", "Bob"}
		page := render(t, g, defaults(g), o, layout.FormatSVG)[0]
		name := filepath.Join("testdata", g.Info().ID+".svg")
		if *update {
			if err := os.WriteFile(name, page, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v (run go test ./sheets -update to create it)", err)
		}
		if !bytes.Equal(page, want) {
			t.Errorf("%s differs from %s (look at both, then go test ./sheets -update if the change is meant)", g.Info().ID, name)
		}
	}
}

func TestBadOptions(t *testing.T) {
	arcs := arcs.Game{}
	wtc := curve.Game{}
	for _, tc := range []struct {
		name string
		g    games.Game
		edit func(*Options, games.Values)
		want string
	}{
		{"board too big", arcs, func(o *Options, v games.Values) { o.BoardSize = 400 }, "largest that fits this page is"},
		{"board too small", arcs, func(o *Options, v games.Values) { o.BoardSize = 20 }, "too small to read"},
		{"marks", arcs, func(o *Options, v games.Values) { v["marks"] = 2 }, "--marks 2: must be from 3 to 360"},
		{"marks huge", arcs, func(o *Options, v games.Values) { v["marks"] = 100000 }, "--marks 100000"},
		{"copies", arcs, func(o *Options, v games.Values) { o.Copies = -1 }, "--copies -1"},
		{"copies huge", arcs, func(o *Options, v games.Values) { o.Copies = 100000 }, "--copies 100000"},
		{"line", arcs, func(o *Options, v games.Values) { o.LineWidth = 5 }, "--line-width 5mm"},
		{"players", arcs, func(o *Options, v games.Values) { o.Players = 1 }, "for 2-12 players, not 1"},
		{"names vs players", arcs, func(o *Options, v games.Values) { o.Players = 3; o.Names = []string{"a", "b"} }, "--players 3 but --names gives 2"},
		{"duplicate name", arcs, func(o *Options, v games.Values) { o.Names = []string{"Ann", "Ann"} }, `"Ann" is given twice`},
		{"empty name", arcs, func(o *Options, v games.Values) { o.Names = []string{"Ann", " "} }, "name 2 is empty"},
		{"grid size", wtc, func(o *Options, v games.Values) { v["size"] = 1 }, "--size 1: must be from 4 to 40"},
		{"too many per page", wtc, func(o *Options, v games.Values) { o.PerPage = 30; v["size"] = 40 }, "below the readable"},
		{"margin", arcs, func(o *Options, v games.Values) { o.Margin = 90 }, "--margin 90mm"},
		{"margin on small paper", arcs, func(o *Options, v games.Values) { o.Paper = layout.Papers["a5"]; o.Margin = 50 }, "--margin 50mm leaves less than 60 mm"},
		{"dividers", rings.Game{}, func(o *Options, v games.Values) { v["dividers"] = "1:0,180,90" }, "ring 1 has 3 cuts; it must have 1 to 2"},
		{"dividers ring", rings.Game{}, func(o *Options, v games.Values) { v["dividers"] = "9:0" }, "rings are numbered 1 to 5"},
		{"dividers angle", rings.Game{}, func(o *Options, v games.Values) { v["dividers"] = "2:0,360" }, `angle "360"`},
		{"dividers twice", rings.Game{}, func(o *Options, v games.Values) { v["dividers"] = "2:10,10" }, "cut twice"},
		{"both dividers", rings.Game{}, func(o *Options, v games.Values) { v["dividers"] = "1:0"; v["random-dividers"] = true }, "one or the other"},
	} {
		o := opts("a4")
		v := defaults(tc.g)
		tc.edit(&o, v)
		_, err := Build(tc.g, v, o)
		var ue *games.UsageError
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &ue) {
			t.Errorf("%s: err = %v, want a usage error containing %q", tc.name, err, tc.want)
		}
	}
}

func TestWithinTheCurveHasAGridPerOwnerAndFiller(t *testing.T) {
	o := opts("a4")
	o.Names = []string{"Ann", "Bob", "Cy"}
	res, err := Build(curve.Game{}, games.Values{"size": 12}, o)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(res.Sheet.Cells); n != 9 {
		t.Fatalf("%d grids for 3 players, want 9", n)
	}
	seen := map[string]bool{}
	for _, c := range res.Sheet.Cells {
		seen[c.Caption] = true
	}
	for _, owner := range o.Names {
		for _, filler := range o.Names {
			if cap := "curve of " + owner + " · filled by " + filler; !seen[cap] {
				t.Errorf("no grid captioned %q", cap)
			}
		}
	}
	p, _ := res.Sheet.Layout()
	if p.Pages != 3 {
		t.Errorf("%d pages for 9 grids at 4 a page, want 3", p.Pages)
	}
}

func TestRandomDividersAreReproducibleAndLegal(t *testing.T) {
	a := rings.RandomDividers(8, 42)
	b := rings.RandomDividers(8, 42)
	if rings.FormatDividers(a) != rings.FormatDividers(b) {
		t.Fatal("same seed, different cuts")
	}
	if rings.FormatDividers(a) == rings.FormatDividers(rings.RandomDividers(8, 43)) {
		t.Error("different seeds, same cuts")
	}
	var bounds [][2]int
	for j := 1; j < 8; j++ {
		bounds = append(bounds, rings.SectionBounds(j))
	}
	back, err := rings.ParseDividers(rings.FormatDividers(a), 8, bounds)
	if err != nil {
		t.Fatalf("random cuts do not parse back: %v", err)
	}
	if rings.FormatDividers(back) != rings.FormatDividers(a) {
		t.Error("cuts changed in a round trip")
	}
}

// Every parameter at its largest prints on some paper up to A0, and the
// defaults on A4 portrait: the flags' ranges are ones a sheet can hold.
func TestLargestBoardsPrint(t *testing.T) {
	for _, g := range catalog.Games {
		if _, err := Build(g, defaults(g), opts("a4")); err != nil {
			t.Errorf("%s defaults on A4: %v", g.Info().ID, err)
		}
		v := defaults(g)
		for _, p := range g.Params() {
			if p.Kind == games.Int && p.Name != "seed" {
				v[p.Name] = p.Max
			}
		}
		var err error
		for _, paper := range []string{"a4", "a3", "594x841mm", "841x1189mm"} {
			o := opts(paper)
			o.PerPage = 1
			if _, err = Build(g, v, o); err == nil {
				break
			}
		}
		if err != nil {
			t.Errorf("%s with %v does not print even on A0: %v", g.Info().ID, v, err)
		}
	}
}

// frame returns the widest stroked rectangle drawn with the game pen on
// the first page: the Polygons-&-Dots area.
func frame(rec *layout.Recorder, width float64) (w, h float64) {
	for _, op := range rec.Pages[0].Ops {
		if op.Kind != "stroke" || op.Pen.Width != width || len(op.Path.Comps) < 4 {
			continue
		}
		minX, minY, maxX, maxY := 1e9, 1e9, -1e9, -1e9
		for _, c := range op.Path.Comps {
			if c.Kind == layout.Close {
				continue
			}
			minX, minY = min(minX, c.Pos.X), min(minY, c.Pos.Y)
			maxX, maxY = max(maxX, c.Pos.X), max(maxY, c.Pos.Y)
		}
		if maxX-minX > w {
			w, h = maxX-minX, maxY-minY
		}
	}
	return w, h
}

// On a landscape page the Polygons-&-Dots area grows sideways into the
// room beside the score table and ruler instead of leaving it blank.
func TestPolygonsAndDotsUsesALandscapePage(t *testing.T) {
	g := polydots.Game{}
	for _, noRuler := range []bool{false, true} {
		for _, paper := range []string{"a4", "letter", "a3"} {
			o := opts(paper)
			o.Landscape, o.NoRuler = true, noRuler
			res, err := Build(g, defaults(g), o)
			if err != nil {
				t.Fatal(err)
			}
			rec := &layout.Recorder{}
			if err := res.Sheet.Draw(rec); err != nil {
				t.Fatal(err)
			}
			checkInside(t, fmt.Sprintf("%s landscape no-ruler=%v", paper, noRuler), rec, o.Margin)
			w, h := frame(rec, o.LineWidth)
			p, _ := res.Sheet.Layout()
			if w < p.Body.W()-40 {
				t.Errorf("%s no-ruler=%v: the area is %.1f x %.1f mm in a body %.1f mm wide", paper, noRuler, w, h, p.Body.W())
			}
		}
	}
}

// textBox is the box a recorded text covers: its advance width, and from
// its cap height above the baseline to its descenders below.
func textBox(op layout.Op) (x0, y0, x1, y1 float64) {
	w := layout.TextWidth(op.Text, op.Font)
	x0 = op.At.X
	switch op.Align {
	case layout.Center:
		x0 -= w / 2
	case layout.Right:
		x0 -= w
	}
	return x0, op.At.Y - 0.72*op.Font.Size, x0 + w, op.At.Y + 0.2*op.Font.Size
}

// checkInside checks that every path point and every whole text of rec
// lies within the margins, that no two texts overlap, and that nothing
// comes within a millimetre of a registration mark.
func checkInside(t *testing.T, what string, rec *layout.Recorder, margin float64) {
	t.Helper()
	for pi, p := range rec.Pages {
		checkMarksClear(t, fmt.Sprintf("%s: page %d", what, pi+1), p)
		in := func(x, y float64) bool {
			return x >= margin-0.01 && y >= margin-0.01 && x <= p.W-margin+0.01 && y <= p.H-margin+0.01
		}
		var boxes [][4]float64
		var texts []string
		for _, op := range p.Ops {
			if op.Kind == "text" {
				x0, y0, x1, y1 := textBox(op)
				if !in(x0, y0) || !in(x1, y1) {
					t.Errorf("%s: page %d: text %q (%.1f..%.1f, %.1f..%.1f) leaves the printable area", what, pi+1, op.Text, x0, x1, y0, y1)
				}
				for i, b := range boxes {
					if x0 < b[2]-0.05 && b[0] < x1-0.05 && y0 < b[3]-0.05 && b[1] < y1-0.05 {
						t.Errorf("%s: page %d: texts %q and %q overlap", what, pi+1, texts[i], op.Text)
					}
				}
				boxes = append(boxes, [4]float64{x0, y0, x1, y1})
				texts = append(texts, op.Text)
				continue
			}
			for _, c := range op.Path.Comps {
				if c.Kind != layout.Close && !in(c.Pos.X, c.Pos.Y) {
					t.Errorf("%s: page %d: path point %v leaves the printable area", what, pi+1, c.Pos)
					break
				}
			}
		}
	}
}

// markOp reports whether op is a registration mark, and its centre.
func markOp(op layout.Op) (layout.Point, bool) {
	if op.Kind != "fill" || len(op.Path.Comps) < 2 {
		return layout.Point{}, false
	}
	var radii []float64
	var c layout.Point
	for _, pc := range op.Path.Comps {
		if pc.Kind == layout.ArcTo {
			radii = append(radii, pc.Radius)
			c = pc.Center
		}
	}
	if len(radii) == 0 || radii[0] != layout.MarkR || radii[len(radii)-1] != layout.MarkHole {
		return layout.Point{}, false
	}
	return c, true
}

// pathNear reports whether p passes within r of c (its pieces sampled
// every 0.2 mm).
func pathNear(p *layout.Path, c layout.Point, r float64) bool {
	var cur layout.Point
	for _, pc := range p.Comps {
		switch pc.Kind {
		case layout.MoveTo:
			cur = pc.Pos
		case layout.LineTo:
			n := int(cur.Dist(pc.Pos)/0.2) + 1
			for i := 0; i <= n; i++ {
				q := layout.Point{X: cur.X + (pc.Pos.X-cur.X)*float64(i)/float64(n), Y: cur.Y + (pc.Pos.Y-cur.Y)*float64(i)/float64(n)}
				if q.Dist(c) < r {
					return true
				}
			}
			cur = pc.Pos
		case layout.ArcTo:
			n := int(math.Abs(pc.Sweep)*pc.Radius/0.2) + 1
			for i := 0; i <= n; i++ {
				a := pc.Start + pc.Sweep*float64(i)/float64(n)
				q := layout.Point{X: pc.Center.X + pc.Radius*math.Cos(a), Y: pc.Center.Y + pc.Radius*math.Sin(a)}
				if q.Dist(c) < r {
					return true
				}
			}
			cur = pc.Pos
		}
	}
	return false
}

// checkMarksClear checks that nothing on a page comes within a
// millimetre of its registration marks: a mark touched by print is not
// found by the reader.
func checkMarksClear(t *testing.T, what string, p layout.RecPage) {
	t.Helper()
	var marks []layout.Point
	for _, op := range p.Ops {
		if c, ok := markOp(op); ok {
			marks = append(marks, c)
		}
	}
	clear := layout.MarkR + 1
	for _, op := range p.Ops {
		if _, ok := markOp(op); ok {
			continue
		}
		for _, m := range marks {
			switch op.Kind {
			case "text":
				x0, y0, x1, y1 := textBox(op)
				if m.X > x0-clear && m.X < x1+clear && m.Y > y0-clear && m.Y < y1+clear {
					t.Errorf("%s: text %q touches the registration mark at %v", what, op.Text, m)
				}
			default:
				if pathNear(op.Path, m, clear+op.Pen.Width/2) {
					t.Errorf("%s: a %s comes within a millimetre of the registration mark at %v", what, op.Kind, m)
					return
				}
			}
		}
	}
}

// The score table fits the page at every allowed player count, on every
// paper, with every name whole or visibly cut ("…"), and 5 to 7 players
// keep it under the board instead of on a page of its own.
func TestScoreTableFitsEveryPlayerCount(t *testing.T) {
	long := []string{"Maximilian-Alexander von Hohenzollern", "Bob", "Charlotte-Élisabeth Dubois", "Δημήτριος Παπαδόπουλος"}
	// Twelve names alike but for their ends, at the longest allowed.
	var alike []string
	for i := 1; i <= 12; i++ {
		alike = append(alike, fmt.Sprintf("Maximilian-Alexander von Hohenzoll %02d", i))
	}
	for _, g := range []games.Game{arcs.Game{}, rings.Game{}, intersections.Game{}} {
		info := g.Info()
		for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
			for _, paper := range []string{"a4", "letter", "a5", "a4-landscape"} {
				for _, names := range [][]string{nil, long, alike} {
					o := opts(strings.TrimSuffix(paper, "-landscape"))
					o.Landscape = strings.HasSuffix(paper, "-landscape")
					o.Players = n
					o.NoRecord = true // the score table is on trial, not the record pages
					if names != nil {
						if n != len(names) {
							continue
						}
						o.Names = names
					}
					what := fmt.Sprintf("%s, %d players, %s, names %v", info.ID, n, paper, names != nil)
					res, err := Build(g, defaults(g), o)
					if err != nil {
						t.Errorf("%s: %v", what, err)
						continue
					}
					rec := &layout.Recorder{}
					if err := res.Sheet.Draw(rec); err != nil {
						t.Fatal(err)
					}
					checkInside(t, what, rec, o.Margin)
					// Every player's heading, its lines joined, is the name
					// or a visible cut of it.
					heads := map[string]bool{}
					for _, pg := range rec.Pages {
						for _, op := range pg.Ops {
							if op.Kind == "text" && op.Font.Bold && op.Align == layout.Center {
								heads[op.Text] = true
							}
						}
					}
					for i := 0; i < n; i++ {
						label := fmt.Sprintf("Player %d", i+1)
						if names != nil {
							label = names[i]
						}
						if !headingShown(label, heads) {
							t.Errorf("%s: the table heading of %q is neither whole nor cut with …", what, label)
						}
					}
					if paper == "a4" && n >= 5 && n <= 7 && len(rec.Pages) > 1 {
						t.Errorf("%s: %d pages: the table should stay under the board", what, len(rec.Pages))
					}
				}
			}
		}
	}
}

// headingShown reports whether label appears among the texts heads, whole
// or cut with an ellipsis, on one line or on two.
func headingShown(label string, heads map[string]bool) bool {
	if heads[label] {
		return true
	}
	for h := range heads {
		if p, ok := strings.CutSuffix(h, "…"); ok && p != "" && strings.HasPrefix(label, p) {
			return true
		}
		// Cut in the middle: the start on one line, "…" and the end on
		// the next.
		if tail, ok := strings.CutPrefix(h, "…"); ok && tail != "" && strings.HasSuffix(label, tail) {
			for h1 := range heads {
				if h1 != "" && h1 != label && strings.HasPrefix(label, h1) {
					return true
				}
			}
		}
	}
	for h := range heads {
		if !strings.HasPrefix(label, h) || h == label {
			continue
		}
		rest := strings.TrimLeft(label[len(h):], " ")
		for h2 := range heads {
			if h2 == rest {
				return true
			}
			if p, ok := strings.CutSuffix(h2, "…"); ok && strings.HasPrefix(rest, p) {
				return true
			}
		}
	}
	return false
}

// An emoji in a name (beyond U+FFFF) crashed gofpdf; it now prints as
// U+FFFD with a warning. A CJK name, which the embedded font cannot show,
// is refused with the way to show it: --font.
func TestNamesBeyondTheFont(t *testing.T) {
	g := arcs.Game{}
	o := opts("a4")
	o.Names = []string{"Ann", "B😀", "李小龍"}
	if _, err := Build(g, defaults(g), o); err == nil || !strings.Contains(err.Error(), "--font FILE.ttf") || !strings.Contains(err.Error(), "李小龍") {
		t.Errorf("a CJK name: %v", err)
	}
	o.Names = []string{"Ann", "B😀"}
	res, err := Build(g, defaults(g), o)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(res.Warnings, "\n")
	if !strings.Contains(all, "beyond U+FFFF (😀)") {
		t.Errorf("warnings:\n%s", all)
	}
	if strings.Contains(all, "(😀); they will print as boxes") {
		t.Errorf("the emoji is reported twice:\n%s", all)
	}
	for _, f := range []layout.Format{layout.FormatPDF, layout.FormatSVG} {
		if pages := render(t, g, defaults(g), o, f); len(pages) == 0 || len(pages[0]) == 0 {
			t.Errorf("%s: nothing written", f)
		}
	}
}

// A board that does not fit says the largest setting that does on the
// chosen paper, and what fits the one asked for.
func TestTooLargeSaysWhatFits(t *testing.T) {
	arcs := arcs.Game{}
	for _, tc := range []struct {
		marks int
		edit  func(*Options)
		want  []string
	}{
		// The first centre's bubbles find no free corner past 106 marks:
		// --no-ruler no longer makes room for 112.
		{112, func(*Options) {}, []string{"below the readable 162 mm", "the largest --marks that fits A4 portrait is 105", "to print --marks 112, use --paper a3"}},
		// The compass table fits at no size: the room is measured anyway.
		{360, func(*Options) {}, []string{"the page leaves the board 174.6 mm, below the readable 549 mm", "is 105", "--paper 594x841mm (A1)"}},
		// Without a footer the bottom registration marks keep a band.
		{360, func(o *Options) { o.NoRuler = true }, []string{"the page leaves the board 174.6 mm, below the readable 549 mm", "is 106"}},
		// On A5 the code's column makes the header's lines wrap; the plain
		// board's first-centre bubbles take a strip beside it.
		{200, func(o *Options) { o.Paper = layout.Papers["a5"] }, []string{"the page leaves the board 100.9 mm, below the readable 298 mm", "A5 portrait is 50"}},
		// Beside the table and ruler the boards keep clear of the bottom left mark.
		{120, func(o *Options) { o.Landscape = true }, []string{"A4 landscape is 64", "--paper 420x594mm (A2)"}},
	} {
		o := opts("a4")
		tc.edit(&o)
		v := defaults(arcs)
		v["marks"] = tc.marks
		_, err := Build(arcs, v, o)
		var ue *games.UsageError
		if !errors.As(err, &ue) {
			t.Fatalf("--marks %d: %v, want a usage error", tc.marks, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("--marks %d: %q lacks %q", tc.marks, err, w)
			}
		}
		if strings.Contains(err.Error(), "no room") {
			t.Errorf("--marks %d: %q says no room where there is some", tc.marks, err)
		}
		// The largest that fits does fit.
		v["marks"] = 105
		if tc.marks == 112 && !o.Landscape {
			if _, err := Build(arcs, v, o); err != nil {
				t.Errorf("--marks 105: %v", err)
			}
		}
	}
	o := opts("a4")
	v := defaults(curve.Game{})
	v["size"] = 40
	o.PerPage = 4
	if _, err := Build(curve.Game{}, v, o); err == nil || !strings.Contains(err.Error(), "use --per-page 1") {
		t.Errorf("within-the-curve --size 40 --per-page 4: %v", err)
	}
	// Without --per-page, the game's four grids a page become fewer.
	o.PerPage = 0
	res, err := Build(curve.Game{}, v, o)
	if err != nil {
		t.Fatalf("within-the-curve --size 40: %v", err)
	}
	if p, _ := res.Sheet.Layout(); p.Cols*p.Rows != 1 || !strings.Contains(strings.Join(res.Warnings, "\n"), "printing 1 a page") {
		t.Errorf("within-the-curve --size 40: %d a page, warnings %q", p.Cols*p.Rows, res.Warnings)
	}
}

// --compact: plain boards, as many as fit A4 (6 to 12 for the targets,
// circles and dot arrays), with the key and the score table once per page
// (or not at all with --no-table, --no-header).
func TestCompactSheets(t *testing.T) {
	for _, tc := range []struct {
		g       games.Game
		bare    bool // --no-table --no-header
		copies  int
		min     int    // boards per page at least
		key     string // the key's heading, once per page
		noCells string // a text the plain boards leave out
	}{
		// Without a header the page's code takes a band at the top.
		{rings.Game{}, true, 1, 9, "Sections allowed per ring", "330"},
		{rings.Game{}, false, 1, 9, "Sections allowed per ring", "330"},
		{arcs.Game{}, true, 1, 6, "Compass opening for reach k", ""},
		{arcs.Game{}, false, 14, 6, "Compass opening for reach k", ""},
		{intersections.Game{}, true, 1, 12, "", ""},
		{crossdont.Game{}, true, 1, 6, "", ""},
	} {
		o := opts("a4")
		o.Compact, o.Copies = true, tc.copies
		o.NoTable, o.NoHeader = tc.bare, tc.bare
		what := fmt.Sprintf("%s compact bare=%v copies=%d", tc.g.Info().ID, tc.bare, tc.copies)
		v := defaults(tc.g)
		if tc.g.Info().ID == "crossing-the-rings" && !tc.bare {
			// The most circles, cut at random: the key's long cut lines
			// wrap within the page.
			v["circles"], v["random-dividers"] = 12, true
			tc.min = 1
		}
		res, err := Build(tc.g, v, o)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		p, _ := res.Sheet.Layout()
		if per := p.Cols * p.Rows; per < tc.min || per > MaxCompact || p.TableApart {
			t.Errorf("%s: %d boards a page (%dx%d), table apart %v; want %d to %d with the table", what, per, p.Cols, p.Rows, p.TableApart, tc.min, MaxCompact)
		}
		if tc.copies == 1 && len(res.Sheet.Cells) != p.Cols*p.Rows {
			t.Errorf("%s: %d boards, want one page of %d", what, len(res.Sheet.Cells), p.Cols*p.Rows)
		}
		rec := &layout.Recorder{}
		if err := res.Sheet.Draw(rec); err != nil {
			t.Fatal(err)
		}
		checkInside(t, what, rec, o.Margin)
		for i, pg := range rec.Pages {
			count := map[string]int{}
			for _, op := range pg.Ops {
				if op.Kind == "text" {
					count[op.Text]++
				}
			}
			if tc.key != "" && count[tc.key] != 1 {
				t.Errorf("%s: page %d has the key %d times", what, i+1, count[tc.key])
			}
			if tc.noCells != "" && count[tc.noCells] > 0 {
				t.Errorf("%s: page %d: the plain boards still print %q", what, i+1, tc.noCells)
			}
			wantTable, wantHeader := 1, 1
			if tc.bare {
				wantTable, wantHeader = 0, 0
			}
			if count["Round"] != wantTable || count[tc.g.Info().Title] != wantHeader {
				t.Errorf("%s: page %d: %d score tables and %d headers, want %d and %d", what, i+1, count["Round"], count[tc.g.Info().Title], wantTable, wantHeader)
			}
		}
	}
}

// Every game prints --compact (with and without its table and header) on
// every paper without leaving the printable area.
func TestCompactEveryGame(t *testing.T) {
	for _, g := range catalog.Games {
		for _, paper := range []string{"a4", "letter", "a5", "a4-landscape"} {
			for _, bare := range []bool{false, true} {
				o := opts(strings.TrimSuffix(paper, "-landscape"))
				o.Landscape = strings.HasSuffix(paper, "-landscape")
				o.Compact, o.NoTable, o.NoHeader = true, bare, bare
				o.Rules = true // rule pages too: their title shrinks on A5
				what := fmt.Sprintf("%s compact %s bare=%v", g.Info().ID, paper, bare)
				res, err := Build(g, defaults(g), o)
				if err != nil {
					t.Errorf("%s: %v", what, err)
					continue
				}
				rec := &layout.Recorder{}
				if err := res.Sheet.Draw(rec); err != nil {
					t.Fatal(err)
				}
				checkInside(t, what, rec, o.Margin)
			}
		}
	}
}

// TestWithinTheCurvePagePerCurve: with three or four players each curve's
// grids (one per filler) share a page of their own, not 4+4+1.
func TestWithinTheCurvePagePerCurve(t *testing.T) {
	for _, players := range []int{3, 4} {
		res, err := Build(curve.Game{}, games.Values{"size": 12}, Options{Paper: layout.Papers["a4"], Copies: 1, Players: players, Margin: 10, LineWidth: 0.35})
		if err != nil {
			t.Fatal(err)
		}
		p, err := res.Sheet.Layout()
		if err != nil {
			t.Fatal(err)
		}
		if p.Pages != players || p.Per != players {
			t.Errorf("%d players: %d pages of %d boards, want %d of %d", players, p.Pages, p.Per, players, players)
		}
	}
}

// TestRandomDividersPerCopy: --random-dividers gives every copy its own
// cuts, the same for the same seed.
func TestRandomDividersPerCopy(t *testing.T) {
	build := func(seed int) []layout.Cell {
		res, err := Build(rings.Game{}, games.Values{"circles": 6, "random-dividers": true, "seed": seed}, Options{Paper: layout.Papers["a4"], Copies: 3, Margin: 10, LineWidth: 0.35})
		if err != nil {
			t.Fatal(err)
		}
		return res.Sheet.Cells
	}
	a, b := build(7), build(7)
	if len(a) != 3 {
		t.Fatalf("%d cells", len(a))
	}
	for i := range a {
		if !reflect.DeepEqual(a[i].Figure, b[i].Figure) {
			t.Errorf("copy %d differs between two runs with one seed", i+1)
		}
		for j := 0; j < i; j++ {
			if reflect.DeepEqual(a[i].Figure, a[j].Figure) {
				t.Errorf("copies %d and %d have the same cuts", j+1, i+1)
			}
		}
	}
}

// TestCompactKeyOnlySharedEntries: copies cut at random each show their
// own cuts; the key printed once for all does not list the first copy's.
func TestCompactKeyOnlySharedEntries(t *testing.T) {
	res, err := Build(rings.Game{}, games.Values{"circles": 6, "random-dividers": true, "seed": 3}, Options{Paper: layout.Papers["a4"], Copies: 1, Compact: true, Margin: 10, LineWidth: 0.35})
	if err != nil {
		t.Fatal(err)
	}
	var r layout.Recorder
	if err := res.Sheet.Draw(&r); err != nil {
		t.Fatal(err)
	}
	sections := false
	for _, op := range r.Pages[0].Ops {
		if strings.Contains(op.Text, "cut at") {
			t.Errorf("the shared key lists %q", op.Text)
		}
		sections = sections || strings.Contains(op.Text, "ring 5: 5 to 32")
	}
	if !sections {
		t.Error("the key lost the sections allowed per ring")
	}
}

// TestPageLimit: a sheet past MaxPages is refused before drawing, naming
// the limit and the most --copies that fit; Pages counts what Draw adds.
func TestPageLimit(t *testing.T) {
	wtc := curve.Game{}
	for _, tc := range []struct {
		name   string
		g      games.Game
		set    map[string]any
		o      func(*Options)
		refuse string // "" when the sheet is accepted
	}{
		{"wtc 72012 pages", wtc, map[string]any{"size": 40}, func(o *Options) { o.Copies, o.Players = 500, 12 }, "72012 pages, more than the limit of 500 (sheets.MaxPages): lower it with --copies 3 or fewer"},
		{"wtc at the limit", wtc, map[string]any{"size": 40}, func(o *Options) { o.Copies, o.Players = 3, 12 }, ""},
		{"cdc copies", crossdont.Game{}, nil, func(o *Options) { o.Copies = 500 }, "--copies 247 or fewer"},
		{"arcs forms", arcs.Game{}, map[string]any{"marks": 60}, func(o *Options) { o.Copies, o.Rules = 300, true }, "or no --rules"},
		{"rings compact", rings.Game{}, nil, func(o *Options) { o.Copies, o.Compact = 40, true }, ""},
		{"arcs rules", arcs.Game{}, nil, func(o *Options) { o.Copies, o.Rules = 7, true }, ""},
	} {
		v := defaults(tc.g)
		for k, x := range tc.set {
			v[k] = x
		}
		o := opts("a4")
		tc.o(&o)
		n, err := Pages(tc.g, v, o)
		if tc.refuse != "" {
			var ue *games.UsageError
			if !errors.As(err, &ue) || !errors.Is(err, ErrTooManyPages) || !strings.Contains(err.Error(), tc.refuse) {
				t.Errorf("%s: got %v, want a usage error with %q", tc.name, err, tc.refuse)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		res, _ := Build(tc.g, v, o)
		var rec layout.Recorder
		if err := res.Sheet.Draw(&rec); err != nil {
			t.Fatal(err)
		}
		if n != len(rec.Pages) || n > MaxPages {
			t.Errorf("%s: Pages says %d, Draw added %d (limit %d)", tc.name, n, len(rec.Pages), MaxPages)
		}
	}
}

// TestArcsLabelsNeverTouch: at the largest --marks each paper accepts,
// with and without the ruler, no two mark labels' boxes overlap on the
// board as drawn (three-digit labels ran together at 12 o'clock).
func TestArcsLabelsNeverTouch(t *testing.T) {
	g := arcs.Game{}
	for _, paper := range []string{"a5", "a4", "a3", "letter", "legal", "tabloid"} {
		for _, noRuler := range []bool{false, true} {
			o := opts(paper)
			o.NoRuler = noRuler
			v := defaults(g)
			ok := func(m int) bool { v["marks"] = m; _, err := build(g, v, o); return err == nil }
			lo, hi := 3, 361 // lo fits, hi does not
			if ok(360) {
				lo = 360
			}
			for hi-lo > 1 {
				if mid := (lo + hi) / 2; ok(mid) {
					lo = mid
				} else {
					hi = mid
				}
			}
			v["marks"] = lo
			res, err := Build(g, v, o)
			if err != nil {
				t.Fatal(err)
			}
			p, _ := res.Sheet.Layout()
			var rec layout.Recorder
			boards.MarkedCircle{Marks: lo, Bare: true}.Draw(&rec, layout.Pt(0, 0), p.Size, layout.DefaultStyle)
			type box struct {
				label          string
				x0, y0, x1, y1 float64
			}
			var bs []box
			for _, op := range rec.Pages[0].Ops {
				if op.Kind == "text" {
					w := layout.TextWidth(op.Text, op.Font)
					bs = append(bs, box{op.Text, op.At.X - w/2, op.At.Y - 0.72*op.Font.Size, op.At.X + w/2, op.At.Y})
				}
			}
			if len(bs) != lo {
				t.Fatalf("%s: %d labels for %d marks", paper, len(bs), lo)
			}
			for i, a := range bs {
				for _, b := range bs[i+1:] {
					if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 {
						t.Errorf("%s, no ruler %v, --marks %d at %.1f mm: labels %s and %s overlap", paper, noRuler, lo, p.Size, a.label, b.label)
					}
				}
			}
		}
	}
}

// TestNamesRefuseControlCharacters: an escape sequence, a tab or a
// newline in a name would print as a box; it is refused by name.
func TestNamesRefuseControlCharacters(t *testing.T) {
	g := arcs.Game{}
	for _, tc := range []struct {
		name, want string
	}{
		{"A\x1b[31m", `"A\x1b[31m" has a control character (U+001B)`},
		{"Ann\tB", `(U+0009)`},
		{"Bo\u0085b", `(U+0085)`},
		{"Ann", ""},
	} {
		o := opts("a4")
		o.Names = []string{tc.name, "B"}
		_, err := Build(g, defaults(g), o)
		var ue *games.UsageError
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.name, err)
		case tc.want != "" && (!errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: got %v, want a usage error with %s", tc.name, err, tc.want)
		}
	}
}

// TestCompactSixOnA4: --compact puts at least six plain boards of each
// circular game on an A4 page, and its score tables have a row per copy
// (--rounds: "the game's usual match, or --copies").
func TestCompactSixOnA4(t *testing.T) {
	for _, g := range []games.Game{arcs.Game{}, rings.Game{}} {
		o := opts("a4")
		o.Compact, o.Copies = true, 12
		res, err := Build(g, defaults(g), o)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := res.Sheet.Layout()
		if p.Per < MinCompact || res.Sheet.Rounds != 12 {
			t.Errorf("%s --compact --copies 12: %d a page, %d rounds; want at least %d and 12", g.Info().ID, p.Per, res.Sheet.Rounds, MinCompact)
		}
		// Every round's row is printed once, on some page's table.
		var rec layout.Recorder
		if err := res.Sheet.Draw(&rec); err != nil {
			t.Fatal(err)
		}
		rows := map[string]int{}
		for _, pg := range rec.Pages {
			for _, op := range pg.Ops {
				if op.Kind == "text" && op.Font == (layout.Font{Size: 3.4}) {
					rows[op.Text]++
				}
			}
		}
		for r := 1; r <= 12; r++ {
			if rows[fmt.Sprint(r)] != 1 {
				t.Errorf("%s: round %d's row printed %d times", g.Info().ID, r, rows[fmt.Sprint(r)])
			}
		}
	}
}

// TestCurveSetsOwnTheirPages: a Within The Curve sheet gives each
// player's curve set pages of its own (not "4+4+1"), one page up to six
// players on A4.
func TestCurveSetsOwnTheirPages(t *testing.T) {
	g := curve.Game{}
	for _, tc := range []struct{ players, size, maxPages int }{
		{3, 12, 1}, {5, 12, 1}, {6, 12, 1}, {7, 12, 2}, {9, 12, 3}, {10, 12, 2}, {12, 12, 3}, {5, 20, 3}, {7, 30, 7},
	} {
		o := opts("a4")
		o.Players = tc.players
		v := defaults(g)
		v["size"] = tc.size
		res, err := Build(g, v, o)
		if err != nil {
			t.Fatal(err)
		}
		var rec layout.Recorder
		if err := res.Sheet.Draw(&rec); err != nil {
			t.Fatal(err)
		}
		pagesOf := map[string]int{}
		grids := 0
		for i, pg := range rec.Pages {
			owners := map[string]bool{}
			for _, op := range pg.Ops {
				if op.Kind == "text" && strings.HasPrefix(op.Text, "curve of ") {
					owners[strings.SplitN(op.Text, " · ", 2)[0]] = true
					grids++
				}
			}
			if len(owners) > 1 {
				t.Errorf("%d players, size %d: page %d holds the grids of %d curves", tc.players, tc.size, i+1, len(owners))
			}
			for o := range owners {
				pagesOf[o]++
			}
		}
		if grids != tc.players*tc.players || len(pagesOf) != tc.players {
			t.Errorf("%d players: %d grids of %d curves", tc.players, grids, len(pagesOf))
		}
		for o, n := range pagesOf {
			if n > tc.maxPages {
				t.Errorf("%d players, size %d: %s takes %d pages, want at most %d", tc.players, tc.size, o, n, tc.maxPages)
			}
		}
	}
}

// TestTableTakesEmptyRoom: a score table that would have a page of its
// own goes where there is room (the empty slots of the last board page),
// instead of onto a nearly blank page; the cut lines leave it alone.
func TestTableTakesEmptyRoom(t *testing.T) {
	g := curve.Game{}
	o := opts("a4")
	o.Players = 5
	res, err := Build(g, defaults(g), o)
	if err != nil {
		t.Fatal(err)
	}
	var rec layout.Recorder
	if err := res.Sheet.Draw(&rec); err != nil {
		t.Fatal(err)
	}
	if len(rec.Pages) != 5 || res.Pages != 5 {
		t.Fatalf("5 players: %d pages (Pages says %d), want 5: a curve set a page, the table in the room left", len(rec.Pages), res.Pages)
	}
	last := rec.Pages[4]
	var table *layout.Op
	grids := 0
	for i, op := range last.Ops {
		switch {
		case op.Kind == "text" && op.Text == "Round":
			table = &last.Ops[i]
		case op.Kind == "text" && strings.HasPrefix(op.Text, "curve of"):
			grids++
		}
	}
	if table == nil || grids != 5 {
		t.Fatalf("last page: table %v, %d grids", table != nil, grids)
	}
	// No dashed cut line crosses the table's corner region.
	for _, op := range last.Ops {
		if op.Kind != "stroke" || len(op.Pen.Dash) == 0 {
			continue
		}
		a, b := op.Path.Comps[0].Pos, op.Path.Comps[len(op.Path.Comps)-1].Pos
		x0, x1, y0, y1 := math.Min(a.X, b.X), math.Max(a.X, b.X), math.Min(a.Y, b.Y), math.Max(a.Y, b.Y)
		if x0 <= table.At.X+20 && x1 >= table.At.X && y0 <= table.At.Y+5 && y1 >= table.At.Y-5 {
			t.Errorf("a cut line from %v to %v crosses the score table at %v", a, b, table.At)
		}
	}
}

// TestCrossDontCrossFormFitsAPage: the record form of a round, with a row
// for each of the (m+6)(m-1) moves a round can last, fits on the page after
// the board up to the 6 chords the rules suggest on A4 (5 on Letter).
func TestCrossDontCrossFormFitsAPage(t *testing.T) {
	for _, paper := range []string{"a4", "letter"} {
		for _, m := range []int{4, 5, 6} {
			if paper == "letter" && m == 6 {
				continue // 60 rows: 3 rows spill onto a page of their own
			}
			v := defaults(crossdont.Game{})
			v["chords"] = m
			o := opts(paper)
			n, err := Pages(crossdont.Game{}, v, o)
			if err != nil {
				t.Fatal(err)
			}
			if n != 2 {
				t.Errorf("%s, %d chords: %d pages for a board and its %d-row form, want 2", paper, m, n, crossdont.MaxRoundMoves(m))
			}
		}
	}
}

// TestDefaultSheetHoldsAMatch: without --copies a sheet prints a board for
// each round of the game's usual match (each round is played on a fresh
// board), as many as its score table and blank transcript have rounds,
// and its header says so; --rounds N prints N, --copies wins over both.
func TestDefaultSheetHoldsAMatch(t *testing.T) {
	none := func(string) (string, bool) { return "", false }
	for _, g := range catalog.Games {
		v := defaults(g)
		o, err := ParseOptions(none)
		if err != nil {
			t.Fatal(err)
		}
		setup, err := g.Setup(v, make([]string, 2))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Build(g, v, o)
		if err != nil {
			t.Fatal(err)
		}
		id := g.Info().ID
		if got, want := len(res.Sheet.Cells), setup.Rounds*len(setup.Cells); got != want {
			t.Errorf("%s: %d boards by default, want %d (%d rounds)", id, got, want, setup.Rounds)
		}
		if res.Sheet.Rounds != setup.Rounds {
			t.Errorf("%s: score table of %d rounds, want %d", id, res.Sheet.Rounds, setup.Rounds)
		}
		says := strings.Contains(res.Sheet.Params, fmt.Sprintf("%d boards, a fresh one for each round", setup.Rounds))
		if says != (setup.Rounds > 1) {
			t.Errorf("%s: header %q: says the boards: %v, want %v", id, res.Sheet.Params, says, setup.Rounds > 1)
		}
		blank, err := Blank(g, v, o)
		if err != nil {
			t.Fatal(err)
		}
		if setup.Rounds > 1 && !strings.Contains(blank, fmt.Sprintf("rounds: %d", setup.Rounds)) && strings.Count(blank, "\n  - ") < setup.Rounds {
			t.Errorf("%s: the blank transcript has fewer than %d rounds:\n%s", id, setup.Rounds, blank)
		}
		for _, tc := range []struct {
			set  map[string]string
			want int
		}{{map[string]string{"rounds": "3"}, 3}, {map[string]string{"rounds": "3", "copies": "1"}, 1}, {map[string]string{"copies": "2"}, 2}} {
			o, err := ParseOptions(func(n string) (string, bool) { s, ok := tc.set[n]; return s, ok })
			if err != nil {
				t.Fatal(err)
			}
			res, err := Build(g, v, o)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(res.Sheet.Cells) / len(setup.Cells); got != tc.want {
				t.Errorf("%s %v: %d boards, want %d", id, tc.set, got, tc.want)
			}
		}
	}
	if _, err := ParseOptions(func(n string) (string, bool) { return "0", n == "copies" }); err == nil {
		t.Error("--copies 0 accepted")
	}
}

// TestPolygonsAndDotsPrintsItsGrid: the coordinate sheet prints its grid
// in the transcript's words, which the scorer checks every dot against.
func TestPolygonsAndDotsPrintsItsGrid(t *testing.T) {
	for _, tc := range []struct{ paper, want string }{{"a4", "grid: 164x164"}, {"a3", "grid: "}} {
		o := opts(tc.paper)
		pages := render(t, polydots.Game{}, defaults(polydots.Game{}), o, layout.FormatSVG)
		if !strings.Contains(string(pages[0]), `aria-label="`+tc.want) {
			t.Errorf("%s: the board does not print %q", tc.paper, tc.want)
		}
	}
}

// TestPrintOptionsTable: ParseOptions reads every option of the table by
// its name, the defaults are the table's, and each option's value lands
// in its own field.
func TestPrintOptionsTable(t *testing.T) {
	var asked []string
	o, err := ParseOptions(func(n string) (string, bool) { asked = append(asked, n); return "", false })
	if err != nil {
		t.Fatal(err)
	}
	want := Options{Paper: layout.Papers["a4"], Margin: 10, LineWidth: layout.DefaultStyle.Line}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("defaults: %+v, want %+v", o, want)
	}
	var names []string
	for _, p := range PrintOptions {
		names = append(names, p.Name)
		if p.Label == "" || p.Usage == "" || p.set == nil {
			t.Errorf("--%s: no label, usage or reader", p.Name)
		}
	}
	if !reflect.DeepEqual(asked, names) {
		t.Errorf("ParseOptions asked for %v, want the table's %v", asked, names)
	}
	given := map[string]string{"paper": "a3", "landscape": "1", "margin": "5mm", "board-size": "100mm", "copies": "2", "per-page": "3",
		"rounds": "4", "players": "3", "names": "Ann,Bob,Cy", "rules": "1", "no-ruler": "1", "line-width": "0.5mm", "grey": "on",
		"compact": "yes", "no-table": "true", "no-header": "1", "no-record": "1", "class": "30"}
	if len(given) != len(PrintOptions) {
		t.Fatalf("the test gives %d options, the table has %d", len(given), len(PrintOptions))
	}
	o, err = ParseOptions(func(n string) (string, bool) { s, ok := given[n]; return s, ok })
	if err != nil {
		t.Fatal(err)
	}
	want = Options{Paper: layout.Papers["a3"], Landscape: true, Margin: 5, BoardSize: 100, Copies: 2, PerPage: 3, Rounds: 4, Players: 3,
		Names: []string{"Ann", "Bob", "Cy"}, Rules: true, NoRuler: true, LineWidth: 0.5, Grey: true, Compact: true, NoTable: true, NoHeader: true, NoRecord: true, Class: 30}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("given all: %+v, want %+v", o, want)
	}
	for _, tc := range []struct{ name, value, msg string }{
		{"paper", "b7", "--paper: unknown paper"},
		{"margin", "x", "--margin: "},
		{"board-size", "-3mm", "--board-size -3mm: must be positive"},
		{"copies", "0", "--copies 0: must be from 1 to 500"},
		{"class", "0", "--class 0: must be from 1 to 200"},
		{"class", "201", "--class 201: must be from 1 to 200"},
		{"class", "-2", "--class -2: must be from 1 to 200"},
		{"rounds", "two", `--rounds "two": not a whole number`},
		{"line-width", "3pt", ""},
	} {
		_, err := ParseOptions(func(n string) (string, bool) {
			if n != tc.name {
				return "", false
			}
			return tc.value, true
		})
		if tc.msg == "" {
			if err != nil {
				t.Errorf("--%s %s: %v", tc.name, tc.value, err)
			}
			continue
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.msg) {
			t.Errorf("--%s %s: %v, want %q", tc.name, tc.value, err, tc.msg)
		}
	}
}

// TestClassSet: --class N prints the sheet N times, each copy numbered in
// every page's header and in its board pages' codes, the layout the same
// for every copy, the same bytes every time; the pages count every copy
// against MaxPages.
func TestClassSet(t *testing.T) {
	g := arcs.Game{}
	v := defaults(g)
	one, err := Build(g, v, opts("a4"))
	if err != nil {
		t.Fatal(err)
	}
	o := opts("a4")
	o.Class = 3
	res, err := Build(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Pages != 3*one.Pages {
		t.Fatalf("a class set of 3: %d pages, want 3 x %d", res.Pages, one.Pages)
	}
	svg := render(t, g, v, o, layout.FormatSVG)
	if len(svg) != res.Pages {
		t.Fatalf("%d SVG pages drawn, want %d", len(svg), res.Pages)
	}
	bps, err := res.Sheet.BoardPages()
	if err != nil {
		t.Fatal(err)
	}
	for i, page := range svg {
		k, p := i/one.Pages+1, i%one.Pages+1
		if label := fmt.Sprintf("copy %d of 3 · page %d of %d", k, p, one.Pages); !strings.Contains(string(page), label) {
			t.Errorf("page %d does not say %q", i+1, label)
		}
	}
	for _, bp := range bps {
		for k := 1; k <= 3; k++ {
			c, err := ParseCode(res.codeFor(k)(bp), findGame)
			if err != nil || c.Copy != k || c.Class != 3 || c.Page != bp.Page {
				t.Errorf("copy %d, page %d: %+v, %v", k, bp.Page, c, err)
			}
		}
	}
	gm, err := res.Geometry(g)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := ParseCode(gm.Pages[0].Code.Text, findGame); err != nil || gm.Class != 3 || c.Copy != 1 || !strings.Contains(string(gm.JSON()), `"class": 3`) {
		t.Errorf("a class set's geometry: class %d, code %q (%v)", gm.Class, gm.Pages[0].Code.Text, err)
	}
	a, b := render(t, g, v, o, layout.FormatPDF), render(t, g, v, o, layout.FormatPDF)
	if !bytes.Equal(a[0], b[0]) {
		t.Error("a class set's PDF differs between two runs")
	}
	// Printed alone, the sheet says nothing of copies.
	if alone := render(t, g, v, opts("a4"), layout.FormatSVG); strings.Contains(string(alone[0]), "copy ") {
		t.Error("a sheet printed alone names a copy")
	}
	// A page too narrow for the copy's number beside the title is
	// refused, not printed with the title over a mark.
	narrow := opts("a4")
	narrow.Paper, narrow.Margin, narrow.Class = layout.Size{W: 110, H: 200}, 5, 100
	if _, err := Build(g, v, narrow); err == nil || !strings.Contains(err.Error(), "leaves the title too little room") {
		t.Errorf("a class set on 110 mm wide paper: %v", err)
	}
	// One copy asked for is numbered too.
	narrow = opts("a4")
	narrow.Class = 1
	if one := render(t, g, v, narrow, layout.FormatSVG); !strings.Contains(string(one[0]), "copy 1 of 1") {
		t.Error("--class 1 prints no copy number")
	}
	o.Class, o.Copies = 0, 20
	per, err := Build(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	o.Class = 200
	if _, err := Build(g, v, o); !errors.Is(err, ErrTooManyPages) || !strings.Contains(err.Error(), fmt.Sprintf("--class %d or fewer", MaxPages/per.Pages)) {
		t.Errorf("200 copies of a 20-round sheet: %v, want more than MaxPages, and the copies that fit", err)
	}
}
