package curve

import (
	"fmt"

	"papergames/games"
	"papergames/input"
	"papergames/scorer"
)

// opening is round i of a transcript as written, before any move is
// played: the scorer and the scoring board read a round's keys here, in
// the same words.
type opening struct {
	where  string
	curves *input.Node // nil when the round has no curves key
	// given are the curves written under curves, in the order written
	// (two names of one player, such as Ann and ann, are two entries);
	// has says which seats have one.
	given []givenCurve
	has   []bool
	grids []*typed // in sheet order (by curve owner, then filler); nil where none is typed
	// errs is everything that cannot be read, for the scorer; stop is the
	// first of them that leaves the scoring board no round to open (a
	// grid's typing slips are its moves, refused when played).
	errs input.Errors
	stop error
}

// givenCurve is a curve written under curves: whose, and the loop.
type givenCurve struct {
	seat int
	loop *input.Node
}

// open reads round i of t on an n-by-n board: who drew which curve, and
// each grid typed.
func open(t *scorer.Transcript, i, n int) (*opening, error) {
	f, err := games.RoundKeys(t, i, "curves", "grids")
	if err != nil {
		return nil, err
	}
	m := len(t.Players)
	o := &opening{where: fmt.Sprintf("round %d", i+1), has: make([]bool, m), grids: make([]*typed, m*m)}
	fail := func(err error, stops bool) {
		if err == nil {
			return
		}
		o.errs.Add(err, t.File)
		if stops && o.stop == nil {
			o.stop = err
		}
	}
	cn := f["curves"]
	switch {
	case cn == nil || cn.Kind == input.Null:
		// The loops are read from the grids' bracketed squares.
	case cn.Kind != input.Map:
		fail(cn.Errorf("%s: curves must map each player to their loop, e.g. %s: B2 C2 C3 B3; not %s", o.where, t.Players[0], cn.Kind), true)
	default:
		o.curves = cn
		for j, k := range cn.Keys {
			seat, err := t.Seat(k)
			if err != nil {
				fail(k.Errorf("%s, curves: %v", o.where, err.(*input.Error).Msg), true)
				continue
			}
			o.given = append(o.given, givenCurve{seat, cn.Values[j]})
			o.has[seat] = true
		}
	}
	if gn := f["grids"]; gn != nil && gn.Kind != input.Null {
		items, err := gn.List(o.where + " grids")
		fail(err, true)
		for _, it := range items {
			gr, err := readGrid(t, o.where, it, n)
			fail(err, gr == nil)
			if gr == nil {
				continue
			}
			at := gr.owner*m + gr.filler
			if prev := o.grids[at]; prev != nil {
				fail(firstKey(it).Errorf("%s: %s fills %s's curve twice (first at line %d); each player fills each curve once",
					o.where, t.Players[gr.filler], t.Players[gr.owner], prev.node.Pos.Line), false)
				continue
			}
			o.grids[at] = gr
		}
	}
	return o, nil
}
