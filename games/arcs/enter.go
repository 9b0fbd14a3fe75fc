package arcs

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

var _ games.Board = Game{}

// OpenRound implements games.Board: the round's starting seat (starts, or
// seat i), its first centre (first; free when not given) and its arcs as
// written.
func (g Game) OpenRound(t *scorer.Transcript, i int, _ games.Values) (games.Round, []*input.Node, error) {
	m, err := marksOf(t)
	if err != nil {
		return nil, nil, err
	}
	o, err := open(t, i, m)
	if o != nil && o.badStart != nil {
		err = o.badStart
	}
	if err != nil {
		return nil, nil, err
	}
	st, err := New(m, t.Players, o.start, o.first)
	if err != nil {
		return nil, nil, err
	}
	return games.Erase[Move](st), o.words, nil
}

// opening is round i of a transcript as written, before any arc is
// played: the scorer, Moves and the scoring board all read a round here.
type opening struct {
	where    string
	start    int   // the seat that starts
	badStart error // starts names no player (start is then seat i)
	first    int   // the first centre given, 0 when not
	written  int   // the first arc's written centre (3 in 3:1-5), 0 when none
	arcs     *input.Node
	words    []*input.Node
}

// open reads round i of t on m marks. A starts key that names no player
// is not a failure here: the scorer still checks the arcs, since who drew
// them does not change whether they are arcs of the round.
func open(t *scorer.Transcript, i, m int) (*opening, error) {
	o := &opening{where: fmt.Sprintf("round %d", i+1), start: i % len(t.Players)}
	f, err := games.RoundKeys(t, i, "first", "starts", "arcs")
	if err != nil {
		return nil, err
	}
	if _, ok := f["starts"]; ok {
		if o.start, err = games.RoleSeat(t, f, i, "starts", o.start); err != nil {
			o.start, o.badStart = i%len(t.Players), err
		}
	}
	if o.arcs = f["arcs"]; o.arcs != nil {
		if o.words, err = scorer.Words(o.arcs, o.where+" arcs"); err != nil {
			return o, err
		}
	}
	if fn, ok := f["first"]; ok {
		v, err := fn.Value(o.where + " first")
		if err != nil {
			return o, err
		}
		k, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || k < 1 || k > m {
			return o, fn.Errorf("%s, first: %q is not a mark; the marks are 1 to %d", o.where, v, m)
		}
		o.first = k
	}
	if len(o.words) > 0 {
		if c, _, ok := strings.Cut(o.words[0].Text, ":"); ok {
			if k, err := strconv.Atoi(strings.TrimSpace(c)); err == nil && k >= 1 && k <= m {
				o.written = k
			}
		}
	}
	return o, nil
}

// figure is the board the render draws a round on (the marks are at the
// same places on bigBoard).
func figureOf(m int) boards.MarkedCircle { return boards.MarkedCircle{Marks: m} }

// Targets implements games.Board: every mark, named by its number.
func (Game) Targets(r games.Round, o layout.Point, s float64) []games.Target {
	st := state(r)
	if st == nil {
		return nil
	}
	b := figureOf(st.b.m)
	out := make([]games.Target, 0, st.b.m)
	for i := 1; i <= st.b.m; i++ {
		p := b.Mark(o, s, i)
		out = append(out, games.Target{Name: strconv.Itoa(i), X: p.X, Y: p.Y, Kind: "mark"})
	}
	return out
}

// Pick implements games.Board: once the centre is forced, one click on an
// end mark names the arc (its other end is as far the other way); for a
// free first arc, the centre and then an end.
func (Game) Pick(r games.Round, picks []games.Pick, _ layout.Point, _ float64) (string, error) {
	st := state(r)
	if st == nil || len(picks) == 0 {
		return "", nil
	}
	marks := make([]int, len(picks))
	for i, p := range picks {
		k, err := strconv.Atoi(strings.TrimSpace(p.Name))
		if p.Point || err != nil || k < 1 || k > st.b.m {
			return "", fmt.Errorf("%q is not a mark; the marks are 1 to %d", p, st.b.m)
		}
		marks[i] = k
	}
	c := st.centre()
	if c == 0 {
		if len(marks) < 2 {
			return "", nil
		}
		c, marks = marks[0], marks[1:]
		e := marks[0]
		return fmt.Sprintf("%d:%d-%d", c, e, st.b.wrap(2*c-e)), nil
	}
	e := marks[len(marks)-1]
	return fmt.Sprintf("%d-%d", e, st.b.wrap(2*c-e)), nil
}

func state(r games.Round) *State {
	return games.StateOf[Move, *State](r)
}

// Cells implements games.Board: the round as the scorer draws it, from
// the engine's arcs; a round played to its end shows where arcs meet.
// Before the first arc the board is the sheet's.
func (Game) Cells(r games.Round) []layout.Cell {
	st := state(r)
	if st == nil || len(st.moves) == 0 {
		return nil
	}
	rd := &round{st: st, bad: -1, first: st.moves[0].Centre, start: st.start, scored: st.Over()}
	for k, mv := range st.moves {
		rd.moves = append(rd.moves, written{seat: st.seat(k), centre: mv.Centre, reach: mv.Reach})
	}
	return []layout.Cell{*rd.cell("")}
}
