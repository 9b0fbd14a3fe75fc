package read

import (
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"testing"

	"papergames/games"
	"papergames/games/permgrid"
	"papergames/read/readtest"
	"papergames/sheets"
)

func defaults(t testing.TB, g games.Game, flags map[string]string) (games.Values, sheets.Options) {
	t.Helper()
	get := func(n string) (string, bool) { v, ok := flags[n]; return v, ok }
	v, err := games.ParseValues(g.Params(), get)
	if err != nil {
		t.Fatal(err)
	}
	o, err := sheets.ParseOptions(get)
	if err != nil {
		t.Fatal(err)
	}
	return v, o
}

func imagePage(name string, img image.Image) *Page {
	return &Page{File: name, Index: 1, Load: func() (image.Image, error) { return img, nil }}
}

func TestReadCleanPermGrid(t *testing.T) {
	g := permgrid.Game{}
	v, o := defaults(t, g, map[string]string{"copies": "2"})
	pages, err := readtest.Sheet(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i, p := range pages {
		if err := p.Play(g, v, o, readtest.Pencils[0], rng, 1); err != nil {
			t.Fatal(err)
		}
		if os.Getenv("READ_DUMP") != "" {
			f, _ := os.Create("/tmp/read-page.png")
			png.Encode(f, p.Img.Img)
			f.Close()
		}
		if os.Getenv("READ_DUMP") != "" {
			for _, b := range p.Board.Boards {
				t.Logf("board at %v size %v fig %T", b.O, b.S, b.Figure)
			}
		}
		pr := ReadPage(imagePage("clean.png", p.Img.Img), false)
		if pr.Err != nil {
			t.Fatalf("page %d: %v", i+1, pr.Err)
		}
		t.Logf("page %d: residual %.3f mm (worst %.3f), turn %.1f", i+1, pr.Reg.RMS, pr.Reg.Worst, pr.Reg.Turn)
		for _, b := range pr.Boards {
			if b.Err != nil {
				t.Fatalf("board %d: %v", b.Index, b.Err)
			}
			c := readtest.Compare(p.Truth[b.Round], b.Out.Moves)
			t.Logf("round %d: %s\n%s", b.Round+1, c, b.Out.Entry)
			if c.Right != c.Moves || c.WrongUnflagged > 0 {
				t.Errorf("round %d: %s", b.Round+1, c)
			}
		}
	}
}
