// Package puzzle makes solitaire puzzles out of the games, in the manner
// of Simon Tatham's collection: each generated from a seed at a difficulty,
// with a unique id, printed several to a page on a sheet that follows the
// board sheets' print rules (real millimetres, calibration ruler, fonts
// embedded), and an answer key whose optimum an exact search proved and the
// game's own scorer accepted. papergames puzzle prints them; Check scores a
// solved puzzle written as a transcript against its optimum.
package puzzle

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"papergames/games"
	"papergames/layout"
	"papergames/sheets"
)

// Item is one generated puzzle with its proven answer.
type Item struct {
	ID      string
	Puzzle  layout.Figure // as printed, to solve
	Key     layout.Figure // one optimal solution drawn
	Optimum int           // the proven best value
	// KeyCaption heads the key: the optimum and how it was proved;
	// KeyShort is the optimum alone, for a cell too narrow for the rest.
	KeyCaption, KeyShort string
	// Effort is the search nodes spent proving the optimum, the figure the
	// difficulty levels are measured by.
	Effort int
	// Caption follows the id on the sheet: the puzzle's own task, when
	// the kind's puzzles differ in it ("" for none).
	Caption string
	// Blank is the puzzle as a transcript to fill in and check.
	Blank string
	// Transcript is the key's solution as the game's transcript; the
	// game's scorer gives it the optimum.
	Transcript string
}

// Kind is one kind of puzzle.
type Kind struct {
	Name         string // as the command line takes it
	Title        string
	Credit       string
	Instructions string // a sentence or two, printed on the sheet
	Value        string // what the key's number is, e.g. "maximum K"
	// PerPage is the puzzles a page at each difficulty.
	PerPage [3]int
	// Make generates and solves puzzle i of a sheet: rng is the puzzle's
	// own stream, sheet one shared by the sheet's puzzles (the same for
	// every i), for kinds that deal out a fixed set of puzzles.
	Make func(rng, sheet *rand.Rand, d Difficulty, i int) (*Item, error)
}

// Kinds lists the kinds, in the order the command lists them.
func Kinds() []Kind {
	return []Kind{fillKind, minimumKind, mostKind, reachesKind, shortestKind}
}

// Find returns the kind named name.
func Find(name string) (Kind, bool) {
	for _, k := range Kinds() {
		if strings.EqualFold(k.Name, name) {
			return k, true
		}
	}
	return Kind{}, false
}

// ParseDifficulty reads easy, medium or hard.
func ParseDifficulty(s string) (Difficulty, error) {
	for i, d := range Difficulties {
		if strings.EqualFold(s, d) {
			return Difficulty(i), nil
		}
	}
	return 0, fmt.Errorf("difficulty %q: one of %s", s, strings.Join(Difficulties, ", "))
}

// Options are a puzzle sheet's settings.
type Options struct {
	Difficulty Difficulty
	Count      int
	Seed       uint64
	Paper      layout.Size // already turned for landscape
	Margin     float64
	PerPage    int // 0 for the kind's own
	NoRuler    bool
	Style      layout.Style
}

func puzzleCaption(i int, it *Item) string {
	if it.Caption != "" {
		return fmt.Sprintf("%d. puzzle %s: %s", i+1, it.ID, it.Caption)
	}
	return fmt.Sprintf("%d. puzzle %s", i+1, it.ID)
}

// captionFont is the font of a cell's caption on a sheet.
var captionFont = layout.Font{Size: 3.4, Bold: true}

// MaxCount is the most puzzles a sheet takes.
const MaxCount = 100

// Sheet is a puzzle sheet ready to draw: the puzzles' pages and the answer
// key's pages.
type Sheet struct {
	ID       string // the sheet's id: kind, difficulty, count and seed
	Items    []*Item
	Puzzles  *layout.Sheet
	Key      *layout.Sheet
	Warnings []string
}

// rngFor is puzzle i's generator: one stream per puzzle, so that a sheet
// of N puzzles begins with the N-1 of a shorter one.
func rngFor(seed uint64, kind string, d Difficulty, i int) *rand.Rand {
	h := uint64(14695981039346656037)
	for _, b := range []byte(kind) {
		h = (h ^ uint64(b)) * 1099511628211
	}
	return rand.New(rand.NewPCG(seed, h^uint64(d)<<56^uint64(i)))
}

// Build generates o.Count puzzles of kind k and lays out their sheet and
// key. Every key is verified twice before it is printed: by the search
// that made it and by the game's scorer on its transcript (Make does
// both).
func Build(k Kind, o Options) (*Sheet, error) {
	if o.Count < 1 || o.Count > MaxCount {
		return nil, &games.UsageError{Msg: fmt.Sprintf("--count %d: must be from 1 to %d", o.Count, MaxCount)}
	}
	if o.Style.Line < sheets.MinLine || o.Style.Line > sheets.MaxLine {
		return nil, &games.UsageError{Msg: fmt.Sprintf("--line-width %g mm: must be from %g to %g mm", o.Style.Line, sheets.MinLine, sheets.MaxLine)}
	}
	if o.PerPage < 0 || o.PerPage > sheets.MaxPerPage {
		return nil, &games.UsageError{Msg: fmt.Sprintf("--per-page %d: must be from 1 to %d", o.PerPage, sheets.MaxPerPage)}
	}
	var items []*Item
	for i := range o.Count {
		it, err := k.Make(rngFor(o.Seed, k.Name, o.Difficulty, i), rngFor(o.Seed, k.Name, o.Difficulty, -1), o.Difficulty, i)
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %w", i+1, err)
		}
		items = append(items, it)
	}
	return lay(k, o, items)
}

// lay lays out the sheet and key of items.
func lay(k Kind, o Options, items []*Item) (*Sheet, error) {
	s := &Sheet{ID: games.BoardID(fmt.Sprintf("puzzle %s %s count=%d seed=%d", k.Name, o.Difficulty, o.Count, o.Seed)), Items: items}
	per := o.PerPage
	if per == 0 {
		per = k.PerPage[o.Difficulty]
	}
	per = min(per, o.Count)
	how := fmt.Sprintf("Made by papergames puzzle %s: %s, %d puzzles, seed %d", k.Name, o.Difficulty, o.Count, o.Seed)
	base := layout.Sheet{Paper: o.Paper, Margin: o.Margin, BoardID: s.ID, Ruler: !o.NoRuler, NoTable: true, Style: o.Style}
	s.Puzzles, s.Key = new(layout.Sheet), new(layout.Sheet)
	*s.Puzzles, *s.Key = base, base
	s.Puzzles.Title = fmt.Sprintf("%s · %s", k.Title, o.Difficulty)
	s.Puzzles.Credit = k.Credit
	s.Puzzles.Params = k.Instructions + " " + how + "."
	s.Key.Title = fmt.Sprintf("%s · %s · answer key", k.Title, o.Difficulty)
	s.Key.Credit = k.Credit
	s.Key.Params = "Each key gives " + k.Value + ", proved by exhaustive search and checked by the game's scorer, and one solution that reaches it; other solutions may reach it too. " + how + "."
	for i, it := range s.Items {
		s.Puzzles.Cells = append(s.Puzzles.Cells, layout.Cell{Figure: it.Puzzle, Caption: puzzleCaption(i, it)})
		s.Key.Cells = append(s.Key.Cells, layout.Cell{Figure: it.Key, Caption: fmt.Sprintf("%d. %s: %s", i+1, it.ID, it.KeyCaption)})
	}
	for _, sh := range []*layout.Sheet{s.Puzzles, s.Key} {
		p := per
		for ; p > 1; p-- {
			sh.PerPage = p
			if _, err := sh.Layout(); err == nil {
				break
			}
		}
		sh.PerPage = p
		if _, err := sh.Layout(); err != nil {
			return nil, err
		}
		if p < per && sh == s.Puzzles && o.PerPage > 0 {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%d puzzles a page would be below readable size here: printing %d a page", per, p))
		}
	}
	// Captions too wide for their cell shorten: the key's to the optimum
	// alone, the puzzle's without the word "puzzle".
	room := func(sh *layout.Sheet) float64 {
		plan, _ := sh.Layout()
		return (plan.Body.W()-float64(plan.Cols-1)*8)/float64(plan.Cols) - 2
	}
	keyRoom, puzzleRoom := room(s.Key), room(s.Puzzles)
	for i, it := range s.Items {
		if layout.TextWidth(s.Key.Cells[i].Caption, captionFont) > keyRoom {
			s.Key.Cells[i].Caption = fmt.Sprintf("%d. %s: %s", i+1, it.ID, it.KeyShort)
		}
		if c := &s.Puzzles.Cells[i].Caption; layout.TextWidth(*c, captionFont) > puzzleRoom {
			*c = strings.Replace(*c, " puzzle ", " ", 1)
		}
	}
	return s, nil
}

// Draw draws the puzzles and then, when key is nil, the answer key on the
// pages after them; otherwise the key goes to key.
func (s *Sheet) Draw(doc, key layout.Document) error {
	if err := s.Puzzles.Draw(doc); err != nil {
		return err
	}
	if key == nil {
		key = doc
	}
	return s.Key.Draw(key)
}

// errNotPuzzle is Check's answer to a transcript of no puzzle kind.
var errNotPuzzle = errors.New("not a puzzle transcript")
