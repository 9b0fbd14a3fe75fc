// Package readtest makes the pages papergames read is tested on, in the
// manner of net/http/httptest: a sheet printed to an image, rounds played
// on the games' engines and drawn on it as a pencil, a ruler and a
// compass would (wobble, gaps, overshoot, smudges, a stray mark, an
// erased line), then degraded as a copier or a phone camera would
// (resolution, skew, perspective, uneven light, shadow, blur, noise,
// JPEG). The truth of every page is kept, so a test can count what the
// reader got right.
package readtest

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"

	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scan"
	"papergames/scorer"
	"papergames/sheets"
)

// PrintDPM is the resolution pages are printed at before they are
// degraded: 12 pixels a mm (305 dpi), finer than any scan read back.
const PrintDPM = 12.0

// Page is a printed board page with the rounds drawn on it.
type Page struct {
	Img    *layout.Raster
	Board  layout.BoardPage
	Truth  map[int][]string // the moves of each round drawn on the page, as the engine writes them
	Blank  bool             // nothing was drawn
	Sheet  *sheets.Result
	Rounds map[int]games.Round     // the engines of the rounds drawn
	keys   func([]string) []string // the game's Keys, when it is a Keyer
}

// Sheet prints g's sheet with v and o, and returns its board pages as
// images, nothing drawn on them yet (of a class set, every copy's, copy
// after copy).
func Sheet(g games.Game, v games.Values, o sheets.Options) ([]*Page, error) {
	res, err := sheets.Build(g, v, o)
	if err != nil {
		return nil, err
	}
	bps, err := res.Sheet.BoardPages()
	if err != nil {
		return nil, err
	}
	// A class set draws its pages once a copy, copy after copy.
	copies := max(1, o.Class)
	per := res.Pages / copies
	doc := layout.NewRasterDoc(PrintDPM)
	doc.Only = map[int]bool{}
	for k := range copies {
		for _, bp := range bps {
			doc.Only[k*per+bp.Page] = true
		}
	}
	if err := res.Draw(doc); err != nil {
		return nil, err
	}
	var out []*Page
	for k := range copies {
		for _, bp := range bps {
			out = append(out, &Page{Img: doc.Pages[k*per+bp.Page-1], Board: bp, Sheet: res, Truth: map[int][]string{}, Blank: true, Rounds: map[int]games.Round{}})
		}
	}
	return out, nil
}

// Play plays a random round (uniform random legal moves, from the
// engine's candidates where its moves are not finite) on every board of
// the page, as the sheet's blank transcript opens each round, and draws
// it in pencil. fill, from 0 to 1, is the share of each round's moves
// played (1: every round to its end).
func (p *Page) Play(g games.Game, v games.Values, o sheets.Options, pen Pencil, rng *rand.Rand, fill float64) error {
	b, ok := g.(games.Paperer)
	if !ok {
		return fmt.Errorf("%s has no paper drawing", g.Info().ID)
	}
	blank, err := sheets.Blank(g, v, o)
	if err != nil {
		return err
	}
	t, err := games.ReadTranscript(b, "blank", []byte(blank))
	if err != nil {
		return fmt.Errorf("the blank transcript: %v", err)
	}
	per := max(1, len(p.Board.Boards))
	_ = per
	var strokes []scan.Stroke
	for _, pl := range p.Board.Boards {
		round := pl.Index // one board a round for the games read
		for len(t.Rounds) <= round {
			t.Rounds = append(t.Rounds, &input.Node{Kind: input.Map})
		}
		r, words, err := b.OpenRound(t, round, v)
		if err != nil {
			return fmt.Errorf("round %d: %v", round+1, err)
		}
		// What the blank transcript fills in (cuts printed on the board)
		// is played before the round, and is not the players' to draw.
		for _, w := range words {
			m, err := r.Parse(w.Text)
			if err == nil {
				err = r.Play(m)
			}
			if err != nil {
				return fmt.Errorf("round %d: the blank's %q: %v", round+1, w.Text, err)
			}
		}
		var pick func(games.Round) (games.Move, bool)
		if pp, ok := g.(games.PaperPlayer); ok {
			fig, s := pl.Figure, pl.S
			pick = func(r games.Round) (games.Move, bool) { return pp.PaperMove(r, fig, s, rng) }
		}
		var moves []string
		if po, ok := g.(Playouter); ok {
			if moves, err = po.Playout(r, v, pl.Figure, pl.S, rng, fill); err != nil {
				return fmt.Errorf("round %d: %v", round+1, err)
			}
		} else {
			moves = playout(r, rng, fill, pick)
		}
		if pm, ok := g.(PaperMover); ok {
			moves = pm.PaperMoves(r)
		}
		p.Truth[round] = moves
		p.Rounds[round] = r
		if k, ok := g.(Keyer); ok {
			p.keys = k.Keys
		}
		if len(moves) > 0 {
			p.Blank = false
		}
		strokes = append(strokes, b.Paper(r, pl.Figure, pl.O, pl.S)...)
	}
	pen.Draw(p.Img, strokes, rng)
	return nil
}

// PaperMover is a Paperer whose paper cannot tell some rounds apart: in
// Making Intersections, collinear segments that meet end to end draw one
// line, so the drawing shows the lines and not where one segment ends and
// the next begins (no score depends on it). PaperMoves writes the moves
// of r as the game's reader writes what the paper shows of them, and the
// corpus counts the reader against that.
type PaperMover interface {
	PaperMoves(r games.Round) []string
}

// Playouter is a Paperer whose rounds the corpus cannot make by drawing
// from the engine's Moves: in Polygons-&-Dots a dot goes anywhere on the
// sheet as printed (the engine's candidates are a grid of the default
// sheet) and a transcript's round learns its number of dots only when its
// path begins. Playout plays a random round on r, a round of the board
// fig printed at size s, up to fill of its moves as playout does, and
// returns the moves as the game's reader writes them.
type Playouter interface {
	Playout(r games.Round, v games.Values, fig layout.Figure, s float64, rng *rand.Rand, fill float64) ([]string, error)
}

// Keyer is a Paperer whose moves' notation does not say on its own what
// the paper shows: in Polygons-&-Dots a step of the path is a dot's
// number, and every path through n dots steps on the same n numbers.
// Keys returns, for a round's moves in order (the truth's or a reader's),
// a key for each that does say it (a step, the segment it draws between
// two dots); the corpus compares the keys, as sets.
type Keyer interface {
	Keys(moves []string) []string
}

// Compare counts the round read, out, against the page's truth of that
// round: as Compare does, on the game's keys when it is a Keyer.
func (p *Page) Compare(round int, out *games.ReadOut) Count {
	truth := p.Truth[round]
	if p.keys == nil {
		return Compare(truth, out)
	}
	texts := make([]string, len(out.Moves))
	for i, m := range out.Moves {
		texts[i] = m.Text
	}
	keyed := *out
	keyed.Moves = slices.Clone(out.Moves)
	for i, k := range p.keys(texts) {
		keyed.Moves[i].Text = k
	}
	return Compare(p.keys(truth), &keyed)
}

// playout plays random legal moves on r until it is over, or until fill
// of the moves a full playout makes are played, and returns them. pick,
// when set, chooses a move as paper shows it (games.PaperPlayer); the
// engine's candidates choose where it does not.
func playout(r games.Round, rng *rand.Rand, fill float64, pick func(games.Round) (games.Move, bool)) []string {
	next := func() (games.Move, bool) {
		if pick != nil {
			if m, ok := pick(r); ok {
				return m, true
			}
		}
		ms := r.Moves()
		if len(ms) == 0 {
			return nil, false
		}
		return ms[rng.IntN(len(ms))], true
	}
	var out []string
	limit := math.MaxInt
	if fill < 1 {
		// A full playout's length, from a copy of the moves: replay it
		// after, stopping early.
		n := 0
		for !r.Over() {
			m, ok := next()
			if !ok || r.Play(m) != nil {
				break
			}
			n++
		}
		for range n {
			_ = r.Undo()
		}
		limit = int(math.Round(fill * float64(n)))
	}
	for !r.Over() && len(out) < limit {
		m, ok := next()
		if !ok {
			break
		}
		if err := r.Play(m); err != nil {
			break
		}
		if m.String() != "" {
			out = append(out, m.String())
		}
	}
	return out
}

// Sorted returns moves sorted, for games whose paper does not show the
// order of play.
func Sorted(moves []string) []string {
	s := slices.Clone(moves)
	slices.Sort(s)
	return s
}

// Count tallies what a reader made of a page's moves.
type Count struct {
	Pages, Registered      int
	Moves                  int // moves on the pages (the truth)
	Right                  int // read, and not in doubt
	Flagged                int // moves of the truth read in doubt, or missed with the round flagged
	WrongUnflagged         int // moves read wrong, or missed, with no doubt said
	BlankPages, BlankFalse int // blank pages, and those read as holding a move, or in doubt
}

// Add adds c2 to c.
func (c *Count) Add(c2 Count) {
	c.Pages += c2.Pages
	c.Registered += c2.Registered
	c.Moves += c2.Moves
	c.Right += c2.Right
	c.Flagged += c2.Flagged
	c.WrongUnflagged += c2.WrongUnflagged
	c.BlankPages += c2.BlankPages
	c.BlankFalse += c2.BlankFalse
}

// String reports c in one line.
func (c Count) String() string {
	pct := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
	}
	return fmt.Sprintf("pages %d, registered %s; moves %d: right %s, flagged %s, wrong unflagged %s; blank pages %d, read with moves %d",
		c.Pages, pct(c.Registered, c.Pages), c.Moves, pct(c.Right, c.Moves), pct(c.Flagged, c.Moves), pct(c.WrongUnflagged, c.Moves), c.BlankPages, c.BlankFalse)
}

// Compare counts a round read (moves with their doubts) against its truth,
// as sets: the paper holds no order where the game does not show it. A
// move missed counts as flagged when the round says it is in doubt; a
// move read that the truth lacks is wrong unless in doubt, and is then
// no move of the truth (so right and flagged stay within the moves).
func Compare(truth []string, out *games.ReadOut) Count {
	read := out.Moves
	c := Count{Moves: len(truth)}
	want := map[string]int{}
	for _, m := range truth {
		want[m]++
	}
	for _, m := range read {
		switch {
		case want[m.Text] > 0 && m.Doubt == "":
			want[m.Text]--
			c.Right++
		case want[m.Text] > 0:
			want[m.Text]--
			c.Flagged++
		case m.Doubt != "":
		default:
			c.WrongUnflagged++
		}
	}
	for _, n := range want {
		if len(out.Doubts) > 0 {
			c.Flagged += n // missed, and the round says so
		} else {
			c.WrongUnflagged += n // missed, and nothing said
		}
	}
	return c
}

// Transcript parses a transcript and returns its rounds, for tests.
func Transcript(sc games.Scorer, text string) (*scorer.Transcript, error) {
	return games.ReadTranscript(sc, "read", []byte(text))
}

// ImageOf returns the page's picture.
func (p *Page) ImageOf() image.Image { return p.Img.Img }
