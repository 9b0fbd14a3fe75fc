package puzzle

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"papergames/layout"
)

var update = flag.Bool("update", false, "rewrite the golden sheets in testdata/")

func options(d Difficulty, count int, seed uint64) Options {
	return Options{Difficulty: d, Count: count, Seed: seed, Paper: layout.Papers["a4"], Margin: 10, Style: layout.DefaultStyle}
}

// render draws s as the format, the key on the pages after the puzzles,
// and returns each page (one for a PDF).
func render(t testing.TB, s *Sheet, f layout.Format) [][]byte {
	t.Helper()
	doc := layout.NewDocument(f, "puzzles "+s.ID)
	if err := s.Draw(doc, nil); err != nil {
		t.Fatal(err)
	}
	switch d := doc.(type) {
	case *layout.SVG:
		return d.Pages()
	case *layout.PDF:
		var b bytes.Buffer
		if _, err := d.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return [][]byte{b.Bytes()}
	}
	t.Fatalf("document %T", doc)
	return nil
}

// Golden sheets at a fixed seed, and the same seed makes the same bytes.
func TestGoldenSheets(t *testing.T) {
	for _, k := range Kinds() {
		s, err := Build(k, options(Easy, 2, 7))
		if err != nil {
			t.Fatal(err)
		}
		pages := render(t, s, layout.FormatSVG)
		for i, p := range pages {
			name := filepath.Join("testdata", fmt.Sprintf("%s-easy-seed7-%d.svg", k.Name, i+1))
			if *update {
				if err := os.WriteFile(name, p, 0o666); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%v (go test ./puzzle -update writes it)", err)
			}
			if !bytes.Equal(p, want) {
				t.Errorf("%s: page %d differs from %s (go test ./puzzle -update after a deliberate change)", k.Name, i+1, name)
			}
		}
		again, err := Build(k, options(Easy, 2, 7))
		if err != nil {
			t.Fatal(err)
		}
		a, b := render(t, s, layout.FormatPDF), render(t, again, layout.FormatPDF)
		if !bytes.Equal(a[0], b[0]) {
			t.Errorf("%s: the same seed made two different PDFs", k.Name)
		}
		other, err := Build(k, options(Easy, 2, 8))
		if err != nil {
			t.Fatal(err)
		}
		if other.Items[0].ID == s.Items[0].ID {
			t.Errorf("%s: seeds 7 and 8 made the same first puzzle %s", k.Name, s.Items[0].ID)
		}
	}
}

// Every paper the board sheets offer, upright and sideways, takes the
// sheets of every level, everything drawn inside the page.
func TestFitsEveryPaper(t *testing.T) {
	for _, k := range Kinds() {
		var items [3]*Sheet
		for d := Easy; d <= Hard; d++ {
			var err error
			if items[d], err = Build(k, options(d, 3, 1)); err != nil {
				t.Fatal(err)
			}
		}
		for _, name := range layout.PaperNames() {
			for _, land := range []bool{false, true} {
				for d := Easy; d <= Hard; d++ {
					o := options(d, 3, 1)
					o.Paper = layout.Papers[name]
					if land {
						o.Paper = o.Paper.Landscape()
					}
					what := fmt.Sprintf("%s %s landscape %v %s", k.Name, name, land, d)
					s, err := lay(k, o, items[d].Items)
					if err != nil {
						t.Errorf("%s: %v", what, err)
						continue
					}
					rec := &layout.Recorder{}
					if err := s.Draw(rec, nil); err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					for i, pg := range rec.Pages {
						for _, op := range pg.Ops {
							if op.Kind != "text" {
								continue
							}
							w := layout.TextWidth(op.Text, op.Font)
							x0 := op.At.X
							switch op.Align {
							case layout.Center:
								x0 -= w / 2
							case layout.Right:
								x0 -= w
							}
							if x0 < o.Margin-0.5 || x0+w > pg.W-o.Margin+0.5 || op.At.Y > pg.H-o.Margin+0.5 || op.At.Y < o.Margin {
								t.Errorf("%s: page %d: %q at %.1f,%.1f runs off the printable area", what, i+1, op.Text, op.At.X, op.At.Y)
							}
						}
					}
				}
			}
		}
	}
}

// The levels differ measurably: the search nodes proving the optimum grow
// from easy to medium to hard, on average over a sheet of 6.
func TestDifficultyMeasurable(t *testing.T) {
	for _, k := range Kinds() {
		prev := -1.0
		for d := Easy; d <= Hard; d++ {
			s, err := Build(k, options(d, 6, 1))
			if err != nil {
				t.Fatal(err)
			}
			sum := 0
			for _, it := range s.Items {
				sum += it.Effort
			}
			mean := float64(sum) / float64(len(s.Items))
			t.Logf("%s %s: mean search nodes %.1f", k.Name, d, mean)
			if mean <= prev {
				t.Errorf("%s %s: mean search nodes %.1f, not above the level below (%.1f)", k.Name, d, mean, prev)
			}
			prev = mean
		}
	}
}

// Every key's transcript checks as optimal, and ids are unique on a sheet.
func TestKeysCheckOptimal(t *testing.T) {
	for _, k := range Kinds() {
		s, err := Build(k, options(Medium, 6, 3))
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]bool{}
		for _, it := range s.Items {
			if ids[it.ID] {
				t.Errorf("%s: id %s twice", k.Name, it.ID)
			}
			ids[it.ID] = true
			report, ok, err := Check("key.yaml", []byte(it.Transcript))
			if err != nil || !ok {
				t.Errorf("%s %s: the key does not check as optimal: %v\n%s", k.Name, it.ID, err, report)
			}
			if !strings.Contains(report, it.ID) {
				t.Errorf("%s: the check names another puzzle than %s:\n%s", k.Name, it.ID, report)
			}
		}
	}
}

// BenchmarkSheet12Medium: a sheet of 12 medium puzzles of each kind,
// generated, solved, verified and written as a PDF with its key (the
// target: under 5 s).
func BenchmarkSheet12Medium(b *testing.B) {
	for _, k := range Kinds() {
		b.Run(k.Name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s, err := Build(k, options(Medium, 12, uint64(i)))
				if err != nil {
					b.Fatal(err)
				}
				render(b, s, layout.FormatPDF)
			}
		})
	}
}
