package rings

import (
	"fmt"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
)

// The colour key boxes lie inside the figure, outside the circle
// inscribed in the target's square (no shading reaches a ring), apart
// from each other, in the same places whatever the names, on the full and
// the plain target, at every size a sheet prints and for 2 to 8 players;
// their labels stay clear of the circle too.
func TestKeyBoxes(t *testing.T) {
	o := layout.Pt(10, 20)
	for _, n := range []int{2, 6, 12} {
		rb := boards.Rings{Circles: n}
		for j := 1; j < n; j++ {
			rb.Sections = append(rb.Sections, SectionBounds(j))
		}
		for players := 2; players <= 8; players++ {
			for _, plain := range []bool{false, true} {
				for _, s := range []float64{rb.MinSize(), 80, 180} {
					var fig layout.Figure = Target{Rings: rb, Players: make([]string, players)}
					if plain {
						fig = fig.(layout.Plainer).Plain()
					}
					tg := fig.(Target)
					named := Target{Rings: tg.Rings, Players: []string{"Ann", "Christopher Columbus of Genoa", "Dé", "x", "Eve", "Fred", "Gunhild", "Hal"}[:players]}
					what := fmt.Sprintf("%d circles, %d players, plain %v, size %g", n, players, plain, s)
					e := fig.Extent(s)
					ctr, rho := tg.Center(o, s), tg.square(o, s).W()/2
					var boxes []layout.Rect
					rec := &layout.Recorder{}
					rec.AddPage(400, 400)
					fig.Draw(rec, o, s, layout.DefaultStyle)
					texts := map[string]layout.Point{}
					for _, op := range rec.Pages[0].Ops {
						if op.Kind == "text" {
							texts[op.Text] = op.At
						}
					}
					for p := range players {
						b := tg.KeyBox(o, s, p)
						if b != named.KeyBox(o, s, p) {
							t.Errorf("%s: player %d's box moves with the names", what, p+1)
						}
						if b.Min.X < o.X || b.Min.Y < o.Y || b.Max.X > o.X+e.W || b.Max.Y > o.Y+e.H {
							t.Errorf("%s: player %d's box %v outside the figure", what, p+1, b)
						}
						for _, q := range []layout.Point{b.Min, b.Max, {X: b.Min.X, Y: b.Max.Y}, {X: b.Max.X, Y: b.Min.Y}} {
							if q.Dist(ctr) < rho {
								t.Errorf("%s: player %d's box reaches into the target's circle", what, p+1)
							}
						}
						for k, c := range boxes {
							if b.Min.X < c.Max.X && c.Min.X < b.Max.X && b.Min.Y < c.Max.Y && c.Min.Y < b.Max.Y {
								t.Errorf("%s: the boxes of players %d and %d overlap", what, k+1, p+1)
							}
						}
						boxes = append(boxes, b)
						for _, tt := range []Target{tg, named} {
							text, at, f, al := tt.keyLabel(o, s, p)
							w := layout.TextWidth(text, f)
							x0 := at.X
							if al == layout.Right {
								x0 -= w
							}
							for _, q := range []layout.Point{{X: x0, Y: at.Y - 0.75*f.Size}, {X: x0 + w, Y: at.Y - 0.75*f.Size}, {X: x0, Y: at.Y + 0.25*f.Size}, {X: x0 + w, Y: at.Y + 0.25*f.Size}} {
								if q.Dist(ctr) < rho-0.3 {
									t.Errorf("%s: player %d's label %q reaches into the circle", what, p+1, text)
									break
								}
							}
							if f.Size < keyFontMin {
								t.Errorf("%s: label %q at %g mm", what, text, f.Size)
							}
						}
						if text, _, _, _ := tg.keyLabel(o, s, p); texts[text] == (layout.Point{}) {
							t.Errorf("%s: player %d's label %q not drawn", what, p+1, text)
						}
					}
					keys := 0
					for _, f := range tg.Features(o, s) {
						if f.Kind == "key" {
							keys++
						}
					}
					if keys != players {
						t.Errorf("%s: %d key features", what, keys)
					}
				}
			}
		}
	}
}

// With room, a box is labelled with its player's name, or "player N".
func TestKeyLabels(t *testing.T) {
	tg := Target{Rings: boards.Rings{Circles: 6}, Players: []string{"Ann", ""}}
	o := layout.Pt(0, 0)
	for p, want := range []string{"Ann", "player 2"} {
		for _, plain := range []bool{false, true} {
			f := tg
			if plain {
				f = tg.Plain().(Target)
			}
			if text, _, _, _ := f.keyLabel(o, 60, p); text != want {
				t.Errorf("plain %v: player %d's label %q, want %q", plain, p+1, text, want)
			}
		}
	}
}

// An unnamed seat's label is never cut short: "player N", or N alone.
func TestKeyLabelsUnnamed(t *testing.T) {
	for _, players := range []int{2, 8} {
		tg := Target{Rings: boards.Rings{Circles: 6}, Players: make([]string, players)}.Plain().(Target)
		for s := 50.0; s < 120; s += 0.5 {
			for p := range players {
				text, _, _, _ := tg.keyLabel(layout.Pt(0, 0), s, p)
				if text != fmt.Sprintf("player %d", p+1) && text != fmt.Sprint(p+1) {
					t.Fatalf("size %g, %d players: player %d's label %q", s, players, p+1, text)
				}
			}
		}
	}
}

// The sheet's boards carry their key boxes, the form and the blank
// transcript say what to do with them.
func TestKeyOnSheet(t *testing.T) {
	g := Game{}
	v := games.Values{"circles": 6, "seed": 1, "random-dividers": true}
	setup, err := g.Setup(v, []string{"Ann", "Bob", ""})
	if err != nil {
		t.Fatal(err)
	}
	tg, ok := setup.Cells[0].Figure.(Target)
	if !ok || len(tg.Players) != 3 {
		t.Fatalf("the board is %T", setup.Cells[0].Figure)
	}
	cells, err := g.CopyCells(v, []string{"Ann", "Bob", ""}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if tg, ok := cells[0].Figure.(Target); !ok || len(tg.Players) != 3 {
		t.Errorf("copy 4's board is %T", cells[0].Figure)
	}
	if _, ok := tg.Plain().(Target); !ok {
		t.Error("the plain board has no key boxes")
	}
	if _, ok := tg.Beside().(Target); !ok {
		t.Error("the board with its legend beside has no key boxes")
	}
	if notes := strings.Join(setup.Cells[0].Record.Notes, " "); !strings.Contains(notes, "shades their box") {
		t.Errorf("the form says nothing of the key boxes: %s", notes)
	}
	if bl := g.Blank(v, []string{"Ann", "Bob", ""}, 3); !strings.Contains(bl, "shades their box") {
		t.Errorf("the blank transcript says nothing of the key boxes:\n%s", bl)
	}
}
