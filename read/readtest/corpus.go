package readtest

import (
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"papergames/games"
	"papergames/layout"
	"papergames/read"
	"papergames/sheets"
)

// Degradation is one way a page reaches the reader.
type Degradation struct {
	Name  string
	Kind  string // "clean", "copier" or "phone": the figures' groups
	Apply func(*layout.Raster, *rand.Rand) image.Image
}

// Degradations are the corpus's: the page as printed, the copiers and the
// phones.
func Degradations() []Degradation {
	out := []Degradation{{"clean", "clean", func(r *layout.Raster, _ *rand.Rand) image.Image { return r.Img }}}
	for _, c := range Copiers {
		colour := ""
		if c.Colour {
			colour = " colour"
		}
		if c.JPEG == 0 {
			colour += " lossless"
		}
		out = append(out, Degradation{fmt.Sprintf("copier %g dpi%s", c.DPI, colour), "copier", c.Apply})
	}
	for _, p := range Phones {
		out = append(out, Degradation{fmt.Sprintf("phone %g MP", p.MP), "phone", p.Apply})
	}
	return out
}

// Sheets is how many sheets of each game a corpus run reads for each
// degradation: READ_CORPUS sets it, else def.
func Sheets(def int) int {
	if n, err := strconv.Atoi(os.Getenv("READ_CORPUS")); err == nil && n > 0 {
		return n
	}
	return def
}

// Only reports whether a corpus run reads game id: READ_GAMES, a list of
// game ids separated by commas, keeps to those; empty keeps every game.
func Only(id string) bool {
	list := os.Getenv("READ_GAMES")
	if list == "" {
		return true
	}
	for _, g := range strings.Split(list, ",") {
		if strings.TrimSpace(g) == id {
			return true
		}
	}
	return false
}

// Options returns a game's parameters and print options from flags, as
// the board command reads them.
func Options(g games.Game, flags map[string]string) (games.Values, sheets.Options, error) {
	get := func(n string) (string, bool) { v, ok := flags[n]; return v, ok }
	v, err := games.ParseValues(g.Params(), get)
	if err != nil {
		return nil, sheets.Options{}, err
	}
	o, err := sheets.ParseOptions(get)
	return v, o, err
}

// Run prints n sheets of g with flags, plays random rounds on every
// board in pencil (every fourth sheet leaves its first page blank, and
// the pens take turns), degrades each page with d, reads it back and
// counts. A page the reader refuses counts as not registered, its moves
// flagged (a refusal is said, never silent).
func Run(t testing.TB, g games.Game, flags map[string]string, d Degradation, n int, seed uint64) Count {
	t.Helper()
	return run(t, g, flags, d, n, seed, false)
}

// RunBlank is Run with nothing drawn on any sheet but the pencil's
// accidents (smudges, a stray line): every page must read blank.
func RunBlank(t testing.TB, g games.Game, flags map[string]string, d Degradation, n int, seed uint64) Count {
	t.Helper()
	return run(t, g, flags, d, n, seed, true)
}

func run(t testing.TB, g games.Game, flags map[string]string, d Degradation, n int, seed uint64, blank bool) Count {
	t.Helper()
	var total Count
	eachPage(t, g, flags, d, n, seed, blank, func(_, _ int, p *Page, img image.Image) bool {
		total.Add(ReadCount(t, p, img))
		return true
	})
	return total
}

// eachPage makes the corpus's pages of n sheets from seed, each played and
// degraded, and gives them to f (sheet k, page pi) until it returns
// false.
func eachPage(t testing.TB, g games.Game, flags map[string]string, d Degradation, n int, seed uint64, blank bool, f func(k, pi int, p *Page, img image.Image) bool) {
	t.Helper()
	v, o, err := Options(g, flags)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(len(d.Name))))
	for k := 0; k < n; k++ {
		pages, err := Sheet(g, v, o)
		if err != nil {
			t.Fatal(err)
		}
		for pi, p := range pages {
			fill := 1.0
			if blank || k%4 == 3 && pi == 0 {
				fill = 0
			}
			pen := Pencils[(k+pi)%len(Pencils)]
			if err := p.Play(g, v, o, pen, rng, fill); err != nil {
				t.Fatal(err)
			}
			if !f(k, pi, p, d.Apply(p.Img, rng)) {
				return
			}
		}
	}
}

// CorpusSeed is the seed of the corpus's sheets of game id under its
// i-th degradation (of Degradations).
func CorpusSeed(id string, i int) uint64 { return uint64(7*i + len(id)) }

// CorpusPage returns page pi of sheet k of the pages Run(t, g, flags, d,
// n, seed) reads (n > k), with its degraded image: one page of the
// corpus to read again in a test.
func CorpusPage(t testing.TB, g games.Game, flags map[string]string, d Degradation, seed uint64, k, pi int) (*Page, image.Image) {
	t.Helper()
	var page *Page
	var im image.Image
	eachPage(t, g, flags, d, k+1, seed, false, func(kk, pp int, p *Page, img image.Image) bool {
		if kk == k && pp == pi {
			page, im = p, img
			return false
		}
		return true
	})
	if page == nil {
		t.Fatalf("the corpus has no page %d of sheet %d", pi+1, k+1)
	}
	return page, im
}

// ReadCount reads one page's image and counts it against its truth.
func ReadCount(t testing.TB, p *Page, img image.Image) Count {
	t.Helper()
	c := Count{Pages: 1}
	if p.Blank {
		c.BlankPages = 1
	}
	pr := read.ReadPage(&read.Page{File: "corpus.jpg", Index: 1, Load: func() (image.Image, error) { return img, nil }})
	if pr.Err != nil {
		for _, moves := range p.Truth {
			c.Moves += len(moves)
		}
		c.Flagged = c.Moves
		t.Logf("not registered: %v", pr.Err)
		if dir := os.Getenv("READ_SAVE"); dir != "" {
			name := fmt.Sprintf("%s/unregistered-%d.jpg", dir, rand.Int())
			if err := os.WriteFile(name, JPEGBytes(img, 92), 0o644); err == nil {
				t.Logf("saved %s", name)
			}
		}
		return c
	}
	c.Registered = 1
	for _, b := range pr.Boards {
		if b.Err != nil {
			t.Errorf("board %d: %v", b.Index+1, b.Err)
			continue
		}
		rc := p.Compare(b.Round, b.Out)
		if (rc.WrongUnflagged > 0 || rc.Flagged > 0) && os.Getenv("READ_SAVE") != "" {
			t.Logf("round %d: %s\ntruth %v\nread:\n%s%v", b.Round+1, rc, p.Truth[b.Round], b.Out.Entry, b.Out.Doubts)
			name := fmt.Sprintf("%s/wrong-%d.jpg", os.Getenv("READ_SAVE"), rand.Int())
			if err := os.WriteFile(name, JPEGBytes(img, 92), 0o644); err == nil {
				t.Logf("saved %s", name)
			}
		}
		c.Moves += rc.Moves
		c.Right += rc.Right
		c.Flagged += rc.Flagged
		c.WrongUnflagged += rc.WrongUnflagged
		if p.Blank && (len(b.Out.Moves) > 0 || !b.Out.Blank || len(b.Out.Doubts) > 0) {
			c.BlankFalse = 1 // a blank board reads blank, without a doubt
		}
	}
	return c
}

// ScoresAgree groups the pages read into one match, scores the transcript
// read as papergames score would, and checks that every round scores as
// the engine scored the round played on paper (what labels the messages).
func ScoresAgree(t testing.TB, g games.Scorer, v games.Values, what any, pages []*Page, prs []*read.PageResult) {
	t.Helper()
	ms := read.Group(prs)
	if len(ms) != 1 {
		t.Fatalf("%v: %d matches", what, len(ms))
	}
	tr, err := games.ReadTranscript(g, "read.yaml", []byte(ms[0].Transcript()))
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := g.Score(tr, v)
	if err != nil {
		t.Fatalf("%v: %v\n%s", what, err, ms[0].Transcript())
	}
	rounds := 0
	for _, p := range pages {
		rounds += len(p.Rounds)
	}
	if len(res.Rounds) != rounds || rounds == 0 {
		t.Fatalf("%v: %d rounds scored, %d played", what, len(res.Rounds), rounds)
	}
	for i, rd := range res.Rounds {
		var want []int
		for _, p := range pages {
			if r, ok := p.Rounds[i]; ok {
				want = r.Scores()
			}
		}
		if !slices.Equal(rd.Scores, want) {
			t.Errorf("%v round %d: the transcript read scores %v, the engine %v", what, i+1, rd.Scores, want)
		}
	}
}

// ReadImage reads a page image, failing t unless it registers and every
// board on it is read.
func ReadImage(t testing.TB, img image.Image) *read.PageResult {
	t.Helper()
	pr := read.ReadPage(&read.Page{File: "test.png", Index: 1, Load: func() (image.Image, error) { return img, nil }})
	if pr.Err != nil {
		t.Fatal(pr.Err)
	}
	if len(pr.Boards) == 0 {
		t.Fatal("no boards")
	}
	for _, b := range pr.Boards {
		if b.Err != nil {
			t.Fatalf("board %d: %v", b.Index+1, b.Err)
		}
	}
	return pr
}

// Texts are the moves read, as written.
func Texts(out *games.ReadOut) []string {
	var s []string
	for _, m := range out.Moves {
		s = append(s, m.Text)
	}
	return s
}

// Doubts are a round's doubts and its moves' ("move: why").
func Doubts(out *games.ReadOut) []string {
	s := slices.Clone(out.Doubts)
	for _, m := range out.Moves {
		if m.Doubt != "" {
			s = append(s, m.Text+": "+m.Doubt)
		}
	}
	return s
}
