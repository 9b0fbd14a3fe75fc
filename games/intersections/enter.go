package intersections

import (
	"fmt"

	"papergames/boards"
	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

var _ games.Board = Game{}

// OpenRound implements games.Board: the round's offense (offense, or seat
// i) and its segments as written.
func (g Game) OpenRound(t *scorer.Transcript, i int, _ games.Values) (games.Round, []*input.Node, error) {
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	m, err := g.perRound(t, n)
	if err != nil {
		return nil, nil, err
	}
	off, words, _, err := open(t, i, n)
	if err != nil {
		return nil, nil, err
	}
	st, err := New(n, m, t.Players, off)
	if err != nil {
		return nil, nil, err
	}
	return games.Erase[Move](st), words, nil
}

// Targets implements games.Board: every dot, named as in the transcript.
func (Game) Targets(r games.Round, o layout.Point, s float64) []games.Target {
	st := state(r)
	if st == nil {
		return nil
	}
	b := boards.DotArray{N: st.n}
	return games.GridTargets(st.n, "dot", func(c, row int) layout.Point { return b.Dot(o, s, c, row) })
}

// Pick implements games.Board: a segment is its two end dots.
func (Game) Pick(r games.Round, picks []games.Pick, _ layout.Point, _ float64) (string, error) {
	if len(picks) < 2 {
		return "", nil
	}
	return picks[len(picks)-2].String() + "-" + picks[len(picks)-1].String(), nil
}

// open reads round i of t on an n-by-n board: the scorer, Moves and the
// scoring board all read a round here. It returns the offense (-1 when
// offense names no player), the segments as written, one word each, and
// the list's node (nil when the round has no segments key).
func open(t *scorer.Transcript, i, n int) (off int, words []*input.Node, sn *input.Node, err error) {
	where := fmt.Sprintf("round %d", i+1)
	f, err := games.RoundKeys(t, i, "offense", "segments")
	if err != nil {
		return -1, nil, nil, err
	}
	if off, err = games.RoleSeat(t, f, i, "offense", i%len(t.Players)); err != nil {
		return -1, nil, nil, err
	}
	sn, ok := f["segments"]
	if !ok {
		return off, nil, nil, nil
	}
	sn = scorer.Rows(sn)
	if sn.Kind == input.Seq {
		for _, it := range sn.Items {
			if it.Kind != input.Scalar {
				return off, nil, sn, it.Errorf("%s: write each segment as its two end dots joined by a dash, e.g. B2-B6", where)
			}
		}
	}
	// Refuse a list far longer than any board holds before splitting it.
	most := 2 * n * (n - 1)
	if len(sn.Text) > 32*most || len(sn.Items) > 3*most {
		return off, nil, sn, sn.Errorf("%s: far too many segments for a %d-by-%d board, which has room for at most %d", where, n, n, most)
	}
	raw, err := scorer.Words(sn, where+" segments")
	if err != nil {
		return off, nil, sn, err
	}
	return off, pair(join(raw), n), sn, nil
}

func state(r games.Round) *State {
	return games.StateOf[Move, *State](r)
}

// MoveName implements games.Namer: segment K.
func (Game) MoveName(r games.Round, _ string) string {
	if st := state(r); st != nil {
		return fmt.Sprintf("segment %d", len(st.segs)+1)
	}
	return ""
}

// Cells implements games.Board: the segments drawn, and once the round's
// segments are all in, its scoring dots, as the scorer draws them.
func (Game) Cells(r games.Round) []layout.Cell {
	st := state(r)
	if st == nil {
		return nil
	}
	segs := make([]*segment, len(st.segs))
	for k, e := range st.segs {
		if e.skipped {
			return nil
		}
		segs[k] = &segment{k: k, seat: (st.offense + k) % len(st.players), Move: e.Move, ends: true, ok: true}
	}
	var w [][]meeting
	if len(segs) == st.m {
		w = meetings(st.n, segs)
	}
	return []layout.Cell{{Figure: drawing(st.players, st.n, st.offense, segs, w, false)}}
}
