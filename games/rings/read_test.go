package rings_test

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/games"
	"papergames/games/rings"
	"papergames/internal/testenv"
	"papergames/layout"
	"papergames/read"
	"papergames/read/readtest"
)

// readBoard prints a sheet of flags, draws on its first board the round
// the moves make (the cuts by hand, "done", the segments in turn), with
// pen, passes the page through d, and reads the board back.
func readBoard(t *testing.T, flags map[string]string, moves []string, pen readtest.Pencil, d readtest.Degradation) *games.ReadOut {
	t.Helper()
	g := rings.Game{}
	v, o, err := readtest.Options(g, flags)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := readtest.Sheet(g, v, o)
	if err != nil {
		t.Fatal(err)
	}
	p := pages[0]
	pl := p.Board.Boards[0]
	tg := pl.Figure.(rings.Target)
	st, err := rings.New(v.Int("circles"), make([]string, len(tg.Players)), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for j, cs := range tg.Cuts {
		for _, a := range cs {
			moves = append([]string{fmt.Sprintf("%d:%s", j+1, boards.FormatAngle(a))}, moves...)
		}
	}
	for _, text := range moves {
		m, err := st.Parse(text)
		if err == nil {
			err = st.Play(m)
		}
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	pen.Draw(p.Img, g.Paper(games.Erase[rings.Move](st), pl.Figure, pl.O, pl.S), rng)
	img := d.Apply(p.Img, rng)
	pr := read.ReadPage(&read.Page{File: "test.png", Index: 1, Load: func() (image.Image, error) { return img, nil }})
	if pr.Err != nil {
		t.Fatal(pr.Err)
	}
	for _, b := range pr.Boards {
		if b.Index == 0 {
			if b.Err != nil {
				t.Fatal(b.Err)
			}
			return b.Out
		}
	}
	t.Fatal("board 1 not read")
	return nil
}

// moves returns the texts of the moves read, and those in doubt.
func moves(out *games.ReadOut) (all, doubted []string) {
	for _, m := range out.Moves {
		all = append(all, m.Text)
		if m.Doubt != "" {
			doubted = append(doubted, m.Text)
		}
	}
	return all, doubted
}

var (
	clean  = readtest.Degradations()[0]
	grey   = readtest.Degradations()[2] // a 300 dpi copier in grey
	colour = readtest.Degradations()[3] // a 300 dpi copier in colour
	phone  = readtest.Degradations()[len(readtest.Degradations())-1]
)

// A sheet's printed cuts (--dividers) and two segments: read with their
// players, on paper, a copy and a phone photo; the entry is the round's
// record as the engine writes it.
func TestReadPrinted(t *testing.T) {
	if testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	flags := map[string]string{"circles": "5", "dividers": "1:0,180;2:45,135,225,315;3:20,100,200,280;4:10,70,130,190,250,310"}
	play := []string{"done", "5@70 3@200", "4@130 2@45"}
	for _, d := range []readtest.Degradation{clean, grey, phone} {
		out := readBoard(t, flags, play, readtest.Pencils[1], d)
		all, doubted := moves(out)
		if !slices.Equal(all, []string{"done", "3@200-5@70", "2@45-4@130"}) || len(doubted) > 0 || len(out.Doubts) > 0 {
			t.Errorf("%s: read %v, in doubt %v %v\n%s", d.Name, all, doubted, out.Doubts, out.Entry)
		}
		if !strings.Contains(out.Entry, "- player 2: 3@200 5@70") || !strings.Contains(out.Entry, "- player 1: 2@45 4@130") || !strings.Contains(out.Entry, "3: 20 100 200 280   # as printed") {
			t.Errorf("%s: the entry\n%s", d.Name, out.Entry)
		}
	}
}

// Nothing drawn on a board of printed cuts reads blank.
func TestReadBlankBoard(t *testing.T) {
	if testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	flags := map[string]string{"compact": "true", "random-dividers": "true", "copies": "7"}
	for _, d := range []readtest.Degradation{clean, phone} {
		c := readtest.RunBlank(t, rings.Game{}, flags, d, 1, 3)
		if c.BlankPages != c.Pages || c.BlankFalse > 0 || c.Registered != c.Pages {
			t.Errorf("%s: %s", d.Name, c)
		}
	}
}

// Cuts by hand are read to the whole degree, each ring's, and the
// segments between their ends.
func TestReadHandCuts(t *testing.T) {
	if testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	cuts := []string{"1:30", "1:200", "2:100", "2:250", "3:5", "3:77", "3:160", "3:300", "4:40", "4:121", "4:190", "4:222", "4:333"}
	play := append(slices.Clone(cuts), "done", "5@333 3@160", "2@100 4@190")
	for _, d := range []readtest.Degradation{clean, colour, phone} {
		out := readBoard(t, map[string]string{"circles": "5"}, play, readtest.Pencils[0], d)
		all, doubted := moves(out)
		want := append(slices.Clone(cuts), "done", "3@160-5@333", "2@100-4@190")
		if !sameSet(all, want) || len(doubted) > 0 || len(out.Doubts) > 0 {
			t.Errorf("%s: read %v, in doubt %v %v, want %v\n%s", d.Name, all, doubted, out.Doubts, want, out.Entry)
		}
	}
}

// A cut by hand through a ring's printed number (at 0 degrees on every
// ring the sheet leaves blank) is read, though the number hides nearly
// half of its length. (On a grey copy these two pencils' colours are
// alike: the segments' owners are doubted, never the cuts.)
func TestReadCutUnderNumber(t *testing.T) {
	if testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	cuts := []string{"1:0", "1:200", "2:0", "2:100", "2:250", "3:0", "3:77", "3:160", "3:300", "4:0", "4:40", "4:190", "4:222", "4:333", "5:0", "5:60", "5:130", "5:250", "5:300"}
	play := append(slices.Clone(cuts), "done", "5@333 3@160", "2@100 4@190")
	want := append(slices.Clone(cuts), "done", "3@160-5@333", "2@100-4@190")
	for _, d := range []readtest.Degradation{clean, grey, colour, phone} {
		out := readBoard(t, map[string]string{"circles": "6"}, play, readtest.Pencils[0], d)
		all, doubted := moves(out)
		w := want
		if d.Name == grey.Name {
			seg := func(m string) bool { return strings.Contains(m, "@") || m == "done" }
			all, w = slices.DeleteFunc(all, seg), cuts
			doubted = slices.DeleteFunc(doubted, seg)
			out.Doubts = nil
		}
		if !sameSet(all, w) || len(doubted) > 0 || len(out.Doubts) > 0 {
			t.Errorf("%s: read %v, in doubt %v %v, want %v\n%s", d.Name, all, doubted, out.Doubts, w, out.Entry)
		}
	}
}

func sameSet(a, b []string) bool {
	return slices.Equal(readtest.Sorted(a), readtest.Sorted(b))
}

// A segment drawn wholly along a printed cut fills nothing and cannot be
// seen: the round says a segment is missing, never scores it silently.
func TestReadSegmentAlongACut(t *testing.T) {
	if testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	flags := map[string]string{"circles": "5", "dividers": "1:0,180;2:45,135,225,315;3:20,100,200,280;4:10,70,130,190,250,310"}
	out := readBoard(t, flags, []string{"done", "5@70 3@200", "3@100 4@100"}, readtest.Pencils[1], clean)
	all, _ := moves(out)
	if !slices.Contains(all, "3@200-5@70") || len(out.Doubts) == 0 || slices.Contains(all, "3@100-4@100") {
		t.Errorf("read %v, doubts %v\n%s", all, out.Doubts, out.Entry)
	}
}

// An unfinished round (the divider has not drawn yet) is read as far as
// it goes, and says the segment not seen.
func TestReadUnfinished(t *testing.T) {
	if testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	flags := map[string]string{"circles": "5", "dividers": "1:0,180;2:45,135,225,315;3:20,100,200,280;4:10,70,130,190,250,310"}
	out := readBoard(t, flags, []string{"done", "5@70 3@200"}, readtest.Pencils[0], clean)
	all, doubted := moves(out)
	if !slices.Equal(all, []string{"done", "3@200-5@70"}) || len(doubted) > 0 || len(out.Doubts) != 1 || !strings.Contains(out.Doubts[0], "player 1's segment is not seen") {
		t.Errorf("read %v, in doubt %v, round doubts %v\n%s", all, doubted, out.Doubts, out.Entry)
	}
}

// Whose segment is whose is read from the colours: when a grey copy
// makes two pencils one grey, an order of play that scores otherwise
// fits as well, and the segments are in doubt; in colour they are not.
func TestReadColoursAlike(t *testing.T) {
	if testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	flags := map[string]string{"circles": "5", "dividers": "1:0,180;2:45,135,225,315;3:20,100,200,280;4:10,70,130,190,250,310"}
	pen := readtest.Pencils[1]
	// Red and blue: apart in colour, the same grey (luminance 103 and 109).
	pen.Colours = []layout.Color{{R: 70, G: 110, B: 210}, {R: 215, G: 55, B: 60}}
	// Player 2 fills three sections, player 1 one more.
	play := []string{"done", "5@70 3@200", "4@250 4@310"}
	out := readBoard(t, flags, play, pen, colour)
	if _, doubted := moves(out); len(doubted) > 0 || len(out.Doubts) > 0 {
		t.Errorf("in colour: in doubt %v %v\n%s", doubted, out.Doubts, out.Entry)
	}
	out = readBoard(t, flags, play, pen, grey)
	if _, doubted := moves(out); len(doubted) == 0 || len(out.Doubts) == 0 {
		t.Errorf("in grey, red and blue: nothing in doubt (round: %v)\n%s", out.Doubts, out.Entry)
	}
}

// The corpus, briefly: a sheet of random cuts and one of cuts by hand,
// on paper, a copier and a phone: every page registered, nothing wrong
// and unflagged beyond issue 20's figures, blank boards blank. Moves
// right: at least minRight (issue 20 asks 99.5% on copiers and 97% on
// phones; on a grey copy the colours leave some segments in doubt, see
// docs/read.md).
func TestReadCorpusBrief(t *testing.T) {
	const minRight = 0.9
	if testing.Short() || testenv.Race() {
		t.Skip("the corpus takes a while")
	}
	ds := readtest.Degradations()
	for _, flags := range []map[string]string{
		{"compact": "true", "random-dividers": "true", "copies": "7"},
		{"copies": "2"},
	} {
		for i, d := range []readtest.Degradation{ds[0], ds[1], ds[len(ds)-1]} {
			c := readtest.Run(t, rings.Game{}, flags, d, 1, uint64(40+i))
			right := float64(c.Right) / float64(max(1, c.Moves))
			wrong := float64(c.WrongUnflagged) / float64(max(1, c.Moves))
			limit := 0.005
			if d.Kind != "phone" {
				limit = 0
			}
			if c.Registered != c.Pages || right < minRight || wrong > limit || c.BlankFalse > 0 {
				t.Errorf("%v, %s: %s", flags, d.Name, c)
			}
		}
	}
}

// Cuts by hand on every ring of a six-circle target are read to their
// whole degree, none in doubt: a degree is a fifth of a mm on the inner
// ring, and the line's middle is read from its pencil's profile.
func TestReadCutAngles(t *testing.T) {
	if testing.Short() || testenv.Race() {
		t.Skip("prints and scans sheets")
	}
	for seed := range 3 {
		rng := rand.New(rand.NewPCG(uint64(seed), 9))
		var moves []string
		truth := map[string]bool{}
		for j, k := range []int{2, 4, 6, 8, 8} {
			used := []int{}
			for len(used) < k {
				a := rng.IntN(360)
				ok := true
				for _, u := range used {
					if math.Abs(math.Mod(float64(a-u)+540, 360)-180) < 12 {
						ok = false
					}
				}
				if ok {
					used = append(used, a)
					m := fmt.Sprintf("%d:%d", j+1, a)
					moves = append(moves, m)
					truth[m] = true
				}
			}
		}
		out := readBoard(t, map[string]string{"circles": "6"}, moves, readtest.Pencils[seed%3], clean)
		var got []string
		for _, m := range out.Moves {
			got = append(got, m.Text)
			if m.Doubt != "" || !truth[m.Text] {
				t.Errorf("seed %d: %s read (doubt %q)", seed, m.Text, m.Doubt)
			}
		}
		if len(got) != len(moves) {
			t.Errorf("seed %d: read %v, want %v", seed, got, moves)
		}
	}
}
