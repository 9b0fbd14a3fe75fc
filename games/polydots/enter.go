package polydots

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/games/polygons"
	"papergames/geom"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

var (
	_ games.Board  = Game{}
	_ games.Worder = Game{}
)

// done is the players' word that the dots are placed and the path
// begins: on paper, the number of dots is agreed before play (the record
// form's rows), and a transcript says it by its path key. It is no move
// of the engine, whose round knows its number of dots from the start: the
// scoring board's round plays it by starting the engine again on the dots
// placed.
type done struct{}

func (done) String() string { return "done" }

// entered is a round of the scoring board.
type entered struct {
	games.Round
	st   *State
	open *State // the round before done, while its dots were being placed
}

func (e *entered) Parse(text string) (games.Move, error) {
	if strings.TrimSpace(text) == "done" {
		return done{}, nil
	}
	return e.Round.Parse(text)
}

func (e *entered) Check(m games.Move) error {
	if _, ok := m.(done); ok {
		switch n := len(e.st.dots); {
		case e.open != nil || n == e.st.n:
			return errors.New("the dots are placed already: the path is being drawn")
		case n < 4 || n%2 == 1:
			return fmt.Errorf("%d dots: each player places the same number, so the total is even and at least 4", n)
		}
		return nil
	}
	return e.Round.Check(m)
}

func (e *entered) Play(m games.Move) error {
	if _, ok := m.(done); !ok {
		return e.Round.Play(m)
	}
	if err := e.Check(m); err != nil {
		return err
	}
	st := newState(len(e.st.dots), e.st.seats, e.st.p1, e.st.grid)
	st.lax, st.sheet = e.st.lax, e.st.sheet
	for _, p := range e.st.dots {
		st.play(Move{At: p})
	}
	e.open, e.st, e.Round = e.st, st, games.Erase[Move](st)
	return nil
}

func (e *entered) Undo() error {
	if e.open != nil && len(e.st.path) == 0 {
		e.st, e.open = e.open, nil
		e.Round = games.Erase[Move](e.st)
		return nil
	}
	return e.Round.Undo()
}

// Record writes the engine's record, with an empty path once the dots are
// placed (which says so on paper).
func (e *entered) Record() string {
	rec := e.Round.Record()
	if len(e.st.dots) == e.st.n && len(e.st.path) == 0 {
		rec = strings.Replace(rec, "]\n", "]\npath: []\n", 1)
	}
	return rec
}

// OpenRound implements games.Board: player 1 (player1, or the seats taking
// turns), the dots as written, then, when the round has its path (an
// empty list once the dots are placed; a blank transcript's empty line is
// not one), the word that the dots are placed and the path's steps.
func (g Game) OpenRound(t *scorer.Transcript, i int, v games.Values) (games.Round, []*input.Node, error) {
	o, err := open(t, i)
	if err != nil {
		return nil, nil, err
	}
	p1, where := o.p1, o.where
	var words []*input.Node
	dots := 0
	for k, it := range o.items {
		if it.Kind == input.Null {
			continue // a blank transcript's row to fill in
		}
		x, y, ok := dotItem(it)
		if !ok {
			return nil, nil, it.Errorf("%s, dot %d: %s", where, k+1, dotSyntax(it))
		}
		w := *it
		w.Kind, w.Text = input.Scalar, "["+x+", "+y+"]"
		words = append(words, &w)
		dots++
	}
	if pn := o.path; pn != nil && pn.Kind != input.Null { // a blank path is a line to fill in
		if o.pathErr != nil {
			return nil, nil, o.pathErr
		}
		words = append(words, &input.Node{Kind: input.Scalar, Pos: pn.Pos, Text: "done"})
		words = append(words, closed(o.steps, dots)...)
	}
	w, h, err := readGrid(t)
	if err != nil {
		return nil, nil, err
	}
	st := newState(MaxDots, t.Players, p1, DefaultGrid)
	st.lax, st.sheet = !v.Bool("strict"), [2]int64{int64(w), int64(h)}
	return &entered{Round: games.Erase[Move](st), st: st}, words, nil
}

// opening is round i of a transcript as written, before any move is
// played: the scorer, Moves and the scoring board all read a round's keys
// here.
type opening struct {
	where   string
	p1      int
	dots    *input.Node   // nil when the round has no dots key
	items   []*input.Node // the dots as written (a blank row is null)
	path    *input.Node   // nil when the round has no path key
	steps   []*input.Node // the path's steps as written, one word each
	pathErr error         // the path's words could not be read
}

// open reads round i of t: player 1, the dots (at most MaxDots) and the
// path's steps.
func open(t *scorer.Transcript, i int) (*opening, error) {
	f, err := games.RoundKeys(t, i, "player1", "dots", "path")
	if err != nil {
		return nil, err
	}
	o := &opening{where: fmt.Sprintf("round %d", i+1)}
	if o.p1, err = games.FirstPlayer(t, f, i); err != nil {
		return nil, err
	}
	if o.dots = f["dots"]; o.dots != nil && o.dots.Kind != input.Null {
		if o.items, err = scorer.Rows(o.dots).List(o.where + " dots"); err != nil {
			return nil, err
		}
		if len(o.items) > MaxDots {
			return nil, o.dots.Errorf("%s: %d dots; the limit is %d", o.where, len(o.items), MaxDots)
		}
	}
	if o.path = f["path"]; o.path != nil {
		o.steps, o.pathErr = pathWords(o.path, o.where+" path")
	}
	return o, nil
}

// dotItem returns the two numbers of a dot written [x, y], false when it
// is not written so.
func dotItem(it *input.Node) (x, y string, ok bool) {
	if it.Kind == input.Scalar || len(it.Items) != 2 || it.Items[0].Kind != input.Scalar || it.Items[1].Kind != input.Scalar {
		return "", "", false
	}
	return it.Items[0].Text, it.Items[1].Text, true
}

// sheet is the coordinate sheet the render draws the round's dots on
// (larger when a dot lies beyond it).
func sheet(st *State) boards.MMSheet {
	span := 0.0
	for _, d := range st.dots {
		x, y := d.Float()
		span = max(span, x, y)
	}
	return boards.MMSheet{MinSpan: int(math.Ceil(span/10) * 10)}
}

// Targets implements games.Board: the dots by their numbers, once the
// path is being drawn; while the dots are placed, a click anywhere on the
// sheet places one.
func (Game) Targets(r games.Round, o layout.Point, s float64) []games.Target {
	e, ok := r.(*entered)
	if !ok || len(e.st.dots) < e.st.n {
		return nil
	}
	b := sheet(e.st)
	var out []games.Target
	for k, d := range e.st.dots {
		x, y := d.Float()
		p := b.At(o, s, x, y)
		out = append(out, games.Target{Name: strconv.Itoa(k + 1), X: p.X, Y: p.Y, Kind: "dot"})
	}
	return out
}

// Pick implements games.Board: while the dots are placed, a click is the
// point of the sheet under it, snapped to the sheet's 0.5 mm (an exact
// value is typed); then a step of the path is a click on a dot.
func (Game) Pick(r games.Round, picks []games.Pick, o layout.Point, s float64) (string, error) {
	e, ok := r.(*entered)
	if !ok || len(picks) == 0 {
		return "", nil
	}
	p := picks[len(picks)-1]
	if len(e.st.dots) == e.st.n {
		if p.Point {
			return "", errors.New("click on a dot: the path goes from dot to dot")
		}
		return p.Name, nil
	}
	if !p.Point {
		return "", errors.New("click on the sheet where the dot goes")
	}
	b := sheet(e.st)
	a, c := b.At(o, s, 0, 0), b.At(o, s, 1, 1)
	x := math.Round((p.At.X-a.X)/(c.X-a.X)*2) / 2
	y := math.Round((p.At.Y-a.Y)/(c.Y-a.Y)*2) / 2
	if x < 0 || y < 0 || x > b.XSide(s) || y > b.Side(s) {
		return "", fmt.Errorf("(%g, %g) is off the sheet", x, y)
	}
	return fmt.Sprintf("[%s, %s]", strconv.FormatFloat(x, 'f', -1, 64), strconv.FormatFloat(y, 'f', -1, 64)), nil
}

// MoveName implements games.Namer: dot K, then path step K.
func (Game) MoveName(r games.Round, text string) string {
	e, ok := r.(*entered)
	switch {
	case !ok:
		return ""
	case strings.TrimSpace(text) == "done":
		return "dots"
	case len(e.st.dots) < e.st.n:
		return fmt.Sprintf("dot %d", len(e.st.dots)+1)
	}
	return fmt.Sprintf("path step %d", len(e.st.path)+1)
}

// Words implements games.Worder: done says the dots are placed.
func (Game) Words(r games.Round) []games.Word {
	if e, ok := r.(*entered); ok && e.Phase() == "dots" {
		return []games.Word{{Word: "done", Label: "Dots placed: draw the path (done)", Title: "the players have placed their dots: the path begins"}}
	}
	return nil
}

// Cells implements games.Board: the dots placed, and once the path has
// closed, the path over its faces, as the scorer draws them.
func (Game) Cells(r games.Round) []layout.Cell {
	e, ok := r.(*entered)
	if !ok {
		return nil
	}
	st := e.st
	var segs []geom.Segment
	var pr *polygons.Round
	if e.open != nil && st.Over() {
		segs = st.Segments()
		var err error
		if pr, err = parityRule.Faces(segs, st.p1); err != nil {
			return nil // the scorer says why
		}
	}
	return []layout.Cell{drawn(st.dots, st.p1, nil, [2]int{-1, -1}, segs, pr)}
}
