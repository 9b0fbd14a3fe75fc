package sheets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/layout"
)

// The geometry of every game's sheet, full and compact, agrees with what
// the page's code says and with the layout's own marks and code, its
// features lie on their boards, and the same sheet gives the same bytes.
func TestGeometry(t *testing.T) {
	find := func(code string) games.Game {
		for _, g := range catalog.Games {
			if g.Info().Code == code {
				return g
			}
		}
		return nil
	}
	for _, g := range catalog.Games {
		for _, compact := range []bool{false, true} {
			o := opts("a4")
			o.Compact = compact
			if !compact {
				o.Copies = 2
			}
			res, err := Build(g, defaults(g), o)
			if err != nil {
				t.Fatal(err)
			}
			gm, err := res.Geometry(g)
			if err != nil {
				t.Fatal(err)
			}
			what := g.Info().ID
			if compact {
				what += " --compact"
			}
			js := gm.JSON()
			var back Geometry
			if err := json.Unmarshal(js, &back); err != nil {
				t.Fatalf("%s: the geometry is not JSON: %v", what, err)
			}
			again, _ := res.Geometry(g)
			if !bytes.Equal(js, again.JSON()) {
				t.Errorf("%s: the geometry differs between two runs", what)
			}
			if len(back.Pages) == 0 {
				t.Fatalf("%s: no board page", what)
			}
			for _, pg := range back.Pages {
				want := layout.MarkCentres(res.Sheet.Paper, res.Sheet.Margin)
				for i, m := range pg.Marks {
					if math.Hypot(m[0]-want[i].X, m[1]-want[i].Y) > 0.001 {
						t.Errorf("%s page %d: mark %d at %v, the layout's at %v", what, pg.Page, i, m, want[i])
					}
				}
				code, err := ParseCode(pg.Code.Text, find)
				if err != nil {
					t.Fatalf("%s page %d: %v", what, pg.Page, err)
				}
				bs, err := code.Boards()
				if err != nil {
					t.Fatalf("%s page %d: %v", what, pg.Page, err)
				}
				if len(bs) != len(pg.Boards) || code.Page != pg.Page {
					t.Fatalf("%s page %d: the code places %d boards on page %d, the geometry %d", what, pg.Page, len(bs), code.Page, len(pg.Boards))
				}
				for i, b := range pg.Boards {
					if math.Hypot(bs[i].O.X-b.Origin[0], bs[i].O.Y-b.Origin[1]) > 0.025 || // the code's lattice is to 0.02 mm
						math.Abs(bs[i].S-b.Size) > 0.006 || bs[i].Round+1 != b.Round {
						t.Errorf("%s page %d board %d: the code says %v size %g round %d, the geometry %v size %g round %d", what, pg.Page, i, bs[i].O, bs[i].S, bs[i].Round+1, b.Origin, b.Size, b.Round)
					}
					if len(b.Features) == 0 {
						t.Errorf("%s page %d board %d: no features", what, pg.Page, i)
					}
					for _, f := range b.Features {
						if f.X < b.Origin[0]-0.01 || f.Y < b.Origin[1]-0.01 || f.X > b.Origin[0]+b.Extent[0]+0.01 || f.Y > b.Origin[1]+b.Extent[1]+0.01 {
							t.Errorf("%s page %d board %d: %s %s at (%g, %g) lies off the board", what, pg.Page, i, f.Kind, f.Name, f.X, f.Y)
							break
						}
					}
				}
			}
		}
	}
}

// Nothing a sheet prints touches its registration marks, for every game
// on every paper, with and without its header, table and ruler.
func TestMarksClear(t *testing.T) {
	for _, g := range catalog.Games {
		for _, paper := range []string{"a4", "a5", "letter", "300x200mm"} {
			for _, edit := range []func(*Options){
				func(*Options) {},
				func(o *Options) { o.Landscape = true },
				func(o *Options) { o.NoHeader, o.NoTable = true, true },
				func(o *Options) { o.NoRuler = true },
				func(o *Options) { o.NoTable, o.Landscape = true, true },
				func(o *Options) { o.Compact = true },
			} {
				o := opts("a4")
				p, err := layout.ParsePaper(paper)
				if err != nil {
					t.Fatal(err)
				}
				o.Paper = p
				edit(&o)
				res, err := Build(g, defaults(g), o)
				if err != nil {
					continue // the board does not fit this paper
				}
				rec := &layout.Recorder{}
				if err := res.Sheet.Draw(rec); err != nil {
					t.Fatal(err)
				}
				for i, pg := range rec.Pages {
					checkMarksClear(t, fmt.Sprintf("%s on %s %+v: page %d", g.Info().ID, paper, o, i+1), pg)
				}
			}
		}
	}
}
