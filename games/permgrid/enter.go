package permgrid

import (
	"fmt"

	"papergames/boards"
	"papergames/games"
	"papergames/games/polygons"
	"papergames/geom"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

var _ games.Board = Game{}

// OpenRound implements games.Board: the round's player 1 (player1, or the
// seats taking turns) and its dots as written.
func (g Game) OpenRound(t *scorer.Transcript, i int, _ games.Values) (games.Round, []*input.Node, error) {
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	st, words, _, err := open(t, i, n)
	if err != nil {
		return nil, nil, err
	}
	return games.Erase[Move](st), words, nil
}

// open reads round i of t, on a grid of n lines, and starts it on the
// engine: the scorer, Moves and the scoring board all read a round here.
// It returns the dots as written and the node that holds them (nil when
// the round has no dots key; the scorer says what is missing).
func open(t *scorer.Transcript, i, n int) (*State, []*input.Node, *input.Node, error) {
	where := fmt.Sprintf("round %d", i+1)
	f, err := games.RoundKeys(t, i, "player1", "dots")
	if err != nil {
		return nil, nil, nil, err
	}
	p1, err := games.FirstPlayer(t, f, i)
	if err != nil {
		return nil, nil, nil, err
	}
	dn := f["dots"]
	var words []*input.Node
	if dn != nil {
		if words, err = scorer.Words(dn, where+" dots"); err != nil {
			return nil, nil, nil, err
		}
	}
	st, err := New(n, t.Players, p1)
	if err != nil {
		return nil, nil, nil, err
	}
	return st, words, dn, nil
}

// Targets implements games.Board: every crossing of the grid's lines.
func (Game) Targets(r games.Round, o layout.Point, s float64) []games.Target {
	e, ok := games.EngineOf[Move](r)
	if !ok {
		return nil
	}
	st, _ := e.(*State)
	if st == nil {
		return nil
	}
	b := boards.LineGrid{N: st.n}
	return games.GridTargets(st.n, "dot", func(c, row int) layout.Point { return b.Node(o, s, c, row) })
}

// Pick implements games.Board: a dot is one click.
func (Game) Pick(_ games.Round, picks []games.Pick, _ layout.Point, _ float64) (string, error) {
	if len(picks) == 0 {
		return "", nil
	}
	return picks[len(picks)-1].String(), nil
}

// MoveName implements games.Namer: dot K.
func (Game) MoveName(r games.Round, _ string) string {
	if e, ok := games.EngineOf[Move](r); ok {
		if st, _ := e.(*State); st != nil {
			return fmt.Sprintf("dot %d", len(st.dots)+1)
		}
	}
	return ""
}

// Cells implements games.Board: the dots placed, and once the round is
// over its segments and faces, as the scorer draws them.
func (Game) Cells(r games.Round) []layout.Cell {
	st := games.StateOf[Move, *State](r)
	if st == nil {
		return nil
	}
	var segs []geom.Segment
	var pr *polygons.Round
	if st.Over() {
		segs = geomSegs(st.Drawing())
		var err error
		if pr, err = permutationRule.Faces(segs, st.p1); err != nil {
			return nil // the scorer says why
		}
	}
	return []layout.Cell{drawn(st.n, st.p1, st.Dots(), -1, segs, pr)}
}
