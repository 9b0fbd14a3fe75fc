package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"papergames/games"
	"papergames/layout"
	"papergames/scorer"
	"papergames/sheets"
)

// The web app's own bounds on a sheet, tighter than the board command's:
// a request must be answered in a few seconds and a few hundred MB. Past
// them the sheet is refused before it is drawn, naming the bound.
const (
	// MaxSheetBoards is the most boards (copies x the boards of a round)
	// a sheet request draws; checked before the sheet is laid out.
	MaxSheetBoards = 200
	// MaxSheetOps is the most drawing operations (strokes, fills, texts)
	// a sheet request draws, estimated from one and two pages of it: about
	// 2.5 s and 25 MB of PDF on this project's machine.
	MaxSheetOps = 250_000
)

// tooBig is the status of a request refused for the work or the answer
// it would take.
const tooBig = 413

// sheetBoards is the number of boards, and of copies, the sheet of g with
// v and o has, computed from one round's setup (not the copies' own
// boards); ok is false when sheets.Build will refuse the options.
func sheetBoards(g games.Game, v games.Values, o sheets.Options) (boards, copies int, ok bool) {
	info := g.Info()
	n := o.Players
	if len(o.Names) > 0 {
		n = len(o.Names)
	}
	if n == 0 {
		n = max(info.MinPlayers, 2)
		if info.MaxPlayers > 0 {
			n = min(n, info.MaxPlayers)
		}
	}
	if n < max(info.MinPlayers, 1) || (info.MaxPlayers > 0 && n > info.MaxPlayers) || o.Copies < 0 || o.Copies > sheets.MaxCopies {
		return 0, 0, false
	}
	setup, err := g.Setup(v, make([]string, n))
	if err != nil || len(setup.Cells) == 0 {
		return 0, 0, false
	}
	copies = sheets.Copies(setup, o)
	if o.Compact && o.Copies <= 1 {
		// A page of boards: --per-page, else at most MaxCompact.
		per := sheets.MaxCompact
		if o.PerPage > 0 {
			per = o.PerPage
		}
		copies = (per + len(setup.Cells) - 1) / len(setup.Cells)
	}
	return copies * len(setup.Cells) * max(1, o.Class), copies * max(1, o.Class), true
}

// counter is a Document that only counts what is drawn; with a ctx, it
// stops the drawing at its deadline as stopDoc does.
type counter struct {
	pages, ops int
	ctx        context.Context
}

func (c *counter) AddPage(w, h float64)                                               { c.pages++; c.op() }
func (c *counter) Stroke(*layout.Path, layout.Pen)                                    { c.op() }
func (c *counter) Fill(*layout.Path, layout.Color)                                    { c.op() }
func (c *counter) Text(layout.Point, string, layout.Font, layout.Align, layout.Color) { c.op() }

func (c *counter) op() {
	if c.ops++; c.ops&255 == 0 && c.ctx != nil && c.ctx.Err() != nil {
		panic(errDeadline)
	}
}

// sheetWork estimates the drawing operations and pages of s without
// drawing it: two pages of boards and three are drawn on a counter, and
// every further page of boards costs what the third did (the score
// table, rules and header pages are in both and cancel out).
func sheetWork(ctx context.Context, s *layout.Sheet) (ops, pages int, err error) {
	p, err := s.Layout()
	if err != nil {
		return 0, 0, err
	}
	count := func(n int) (counter, error) {
		t := *s
		t.Cells = s.Cells[:n]
		if s.Compact && s.Rounds > 0 {
			// A compact page's table has its own boards' rounds: keep
			// their share, or one page would carry every round's row.
			t.Rounds = max(1, (s.Rounds*n+len(s.Cells)-1)/len(s.Cells))
		}
		c := counter{ctx: ctx}
		err := t.Draw(&c)
		return c, err
	}
	// Two pages and three, not one and two: a compact sheet's key keeps
	// what all its boards share, and one board of random cuts shares all
	// its cuts with itself (a key too long for the page).
	if p.Pages <= 3 {
		c, err := count(len(s.Cells))
		return c.ops, c.pages, err
	}
	two, err := count(2 * p.Per)
	if err != nil {
		return 0, 0, err
	}
	three, err := count(3 * p.Per)
	if err != nil {
		return 0, 0, err
	}
	more := p.Pages - 2
	return two.ops + (three.ops-two.ops)*more, two.pages + (three.pages-two.pages)*more, nil
}

// checkBoards refuses, before the sheet is built, one with more boards
// than the web draws.
func checkBoards(g games.Game, v games.Values, o sheets.Options) error {
	if n, copies, ok := sheetBoards(g, v, o); ok && n > MaxSheetBoards {
		return &badRequest{tooBig, fmt.Sprintf("this sheet has %d boards (%d a copy): the web app draws at most %d boards a request; ask for fewer copies, or print it with papergames board", n, n/copies, MaxSheetBoards)}
	}
	return nil
}

// checkSheet refuses a built sheet whose drawing would pass the web's
// bound, with a message that names it.
func checkSheet(ctx context.Context, s *layout.Sheet, class int) error {
	ops, pages, err := sheetWork(ctx, s)
	if err != nil {
		return err
	}
	// Every copy of a class set draws the same.
	ops, pages = ops*max(1, class), pages*max(1, class)
	if ops > MaxSheetOps {
		fit := max(1, int(int64(pages)*MaxSheetOps/int64(ops)))
		return &badRequest{tooBig, fmt.Sprintf("this sheet would be about %d pages (%d boards, %d drawing operations): the web app draws at most %d operations a request, about %d pages of these boards; ask for fewer copies, or print it with papergames board", pages, len(s.Cells)*max(1, class), ops, MaxSheetOps, fit)}
	}
	return nil
}

// MaxMovePairs bounds the work of scoring a transcript on the web: the
// pairs of moves within a round, summed over the rounds (each move of the
// geometry games is checked against the earlier ones of its round; a
// round's report lists what each move meets). 200,000 is three rounds of
// 360 arcs (Arcs And Marks' largest sheet), or thirty of 112 (A4's): about
// a second and 11 MB of answer. Checked before the transcript is scored.
const MaxMovePairs = 200_000

// MaxAnswer bounds an answer's size (a report with its drawings, the
// board's state, a sheet); past it the request is refused, not streamed.
const MaxAnswer = 16 << 20

// checkWork refuses a transcript whose rounds have more pairs of moves
// than MaxMovePairs, counted from the moves as written (no move is
// played). A transcript it cannot read is left to the scorer to report.
func checkWork(data []byte) error {
	rd := readWork(data)
	if rd == nil {
		return nil
	}
	return rd.check()
}

// work is a transcript of a game the board can enter, read and its moves
// counted: the gate reads the transcript of a request so (class), and the
// board's handler takes it from the request's context (boardWork) rather
// than read the same text a second time.
type work struct {
	text                   string
	sc                     games.Board
	t                      *scorer.Transcript
	pairs, moves, most, at int
}

// workKey is the context key of a request's work.
type workKey struct{}

// readWork reads and counts a transcript as checkWork does; nil when it
// cannot be read.
func readWork(data []byte) *work {
	w, err := newWork(string(data))
	if err != nil {
		return nil
	}
	return w
}

// newWork reads a transcript of a game the board can enter and counts
// its moves.
func newWork(text string) (*work, error) {
	sc, t, err := readBoard(text)
	if err != nil {
		return nil, err
	}
	w := &work{text: text, sc: sc.(games.Board), t: t}
	w.count()
	return w, nil
}

// count counts the moves of w's rounds: pairs within rounds, moves, the
// most in one round and which round.
func (w *work) count() {
	for i := range w.t.Rounds {
		_, words, err := w.sc.OpenRound(w.t, i, nil)
		if err != nil {
			w.pairs, w.moves, w.most, w.at = 0, 0, 0, 0
			return
		}
		n := len(words)
		w.moves += n
		w.pairs += n * (n - 1) / 2
		if n > w.most {
			w.most, w.at = n, i
		}
	}
}

// check refuses the work when it has more pairs than MaxMovePairs.
func (w *work) check() error {
	if w.pairs > MaxMovePairs {
		return &badRequest{tooBig, fmt.Sprintf("the transcript is too big to score on the web: %d moves in %d rounds (%d in round %d), %d pairs of moves within a round; the web app scores at most %d pairs (about three rounds of 360 arcs): score it with papergames score", w.moves, len(w.t.Rounds), w.most, w.at+1, w.pairs, MaxMovePairs)}
	}
	return nil
}

// replyCapped answers v as JSON with status code, or 413 when that is
// larger than MaxAnswer.
func replyCapped(w http.ResponseWriter, code int, v any) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		fail(w, http.StatusInternalServerError, "writing the answer: "+err.Error())
		return
	}
	if buf.Len() > MaxAnswer {
		fail(w, tooBig, fmt.Sprintf("the answer would be %.1f MB, more than the web app's %d MB: score the transcript with papergames score", float64(buf.Len())/(1<<20), MaxAnswer>>20))
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	w.Write(buf.Bytes())
}
