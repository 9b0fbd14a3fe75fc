package rings

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

var (
	_ games.Board  = Game{}
	_ games.Worder = Game{}
)

// entered is a round on the scoring board: its Record leaves out the
// segments while the divider is still cutting, so that a transcript
// written mid-cuts reads back in the cuts phase ("done" is the segments
// key being there).
type entered struct {
	games.Round
	st *State
}

func (e entered) Record() string {
	rec := e.Round.Record()
	if !e.st.done {
		rec = strings.TrimSuffix(rec, "segments: []\n")
	}
	return rec
}

// OpenRound implements games.Board: the round's divider (divider, or seat
// i), its cuts one by one (ring:angle, each ring's in the order written),
// "done" when the round has its segments key, and the segments.
func (g Game) OpenRound(t *scorer.Transcript, i int, v games.Values) (games.Round, []*input.Node, error) {
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	o, err := open(t, i, n)
	if err != nil {
		return nil, nil, err
	}
	if o.badDivider != nil {
		return nil, nil, o.badDivider
	}
	st, err := New(n, t.Players, o.divider, v)
	if err != nil {
		return nil, nil, err
	}
	// A blank cuts key is a ring still to cut, not a form to refuse.
	if o.cuts != nil && o.cuts.Kind != input.Null {
		if err := o.cutErrs.Err(); err != nil {
			return nil, nil, err
		}
	}
	var words []*input.Node
	for _, r := range o.rings {
		for _, w := range r.words {
			c := *w
			c.Text = strconv.Itoa(r.ring) + ":" + strings.TrimSpace(w.Text)
			words = append(words, &c)
		}
	}
	// The segments key says the cuts are done, unless it is a blank
	// transcript's lines to fill in (a player with no segment).
	if sn := o.segments; sn != nil {
		var segs []*input.Node
		blank := false
		switch sn.Kind {
		case input.Seq:
			for k, it := range sn.Items {
				if it.Kind == input.Map && len(it.Keys) == 1 && it.Values[0].Kind == input.Null {
					blank = true
					continue
				}
				_, _, _, _, words, err := o.segmentItem(t, st, it, k)
				if err != nil {
					return nil, nil, err
				}
				var texts []string
				for _, w := range words {
					texts = append(texts, w.Text)
				}
				c := *it.Values[0]
				c.Text = strings.Join(texts, " ")
				segs = append(segs, &c)
			}
		case input.Null:
		default:
			return nil, nil, sn.Errorf("%s, segments: write a list, one segment per line in play order, e.g. - %s: 2@0 4@90", o.where, t.Players[st.order[0]])
		}
		if !blank || len(segs) > 0 {
			words = append(words, &input.Node{Kind: input.Scalar, Pos: sn.Pos, Text: "done"})
			words = append(words, segs...)
		}
	}
	return entered{games.Erase[Move](st), st}, words, nil
}

func boardOf(st *State) boards.Rings { return boards.Rings{Circles: st.n, Sections: st.bounds} }

// Targets implements games.Board: once the cuts are done, every cut end
// (circle@angle); while cutting, none (a click on a ring cuts it).
func (Game) Targets(r games.Round, o layout.Point, s float64) []games.Target {
	st := state(r)
	if st == nil || !st.done {
		return nil
	}
	b := boardOf(st)
	ctr := b.Center(o, s)
	var out []games.Target
	for _, e := range st.ends {
		p := layout.Compass(ctr, b.Radius(s, e.circle), e.d.f)
		out = append(out, games.Target{Name: endLabel(e.circle, e.d.deg), X: p.X, Y: p.Y, Kind: "end"})
	}
	return out
}

// Pick implements games.Board: while cutting, a click on a ring cuts it
// there, at the nearest whole degree; then a segment is two cut ends.
func (Game) Pick(r games.Round, picks []games.Pick, o layout.Point, s float64) (string, error) {
	st := state(r)
	if st == nil || len(picks) == 0 {
		return "", nil
	}
	if st.done {
		if len(picks) < 2 {
			return "", nil
		}
		a, b := picks[len(picks)-2], picks[len(picks)-1]
		if a.Point || b.Point {
			return "", fmt.Errorf("click on a cut end (circle@angle)")
		}
		return a.Name + " " + b.Name, nil
	}
	p := picks[len(picks)-1]
	if !p.Point {
		return "", fmt.Errorf("click on a ring to cut it there")
	}
	x, y := p.At.X, p.At.Y
	b := boardOf(st)
	ctr := b.Center(o, s)
	d := math.Hypot(x-ctr.X, y-ctr.Y)
	ring := int(math.Floor(d / b.Radius(s, 1)))
	if ring < 1 || ring > st.n-1 {
		return "", fmt.Errorf("click inside a ring, between two circles: the rings are 1 (around the centre disc) to %d", st.n-1)
	}
	deg := math.Round(math.Atan2(x-ctr.X, ctr.Y-y) * 180 / math.Pi)
	if deg < 0 {
		deg += 360
	}
	if deg >= 360 {
		deg -= 360
	}
	return fmt.Sprintf("%d:%d", ring, int(deg)), nil
}

func state(r games.Round) *State {
	if e, ok := r.(entered); ok {
		return e.st
	}
	return games.StateOf[Move, *State](r)
}

// MoveName implements games.Namer: a cut by its ring, the cuts as a
// whole, a segment by its number.
func (Game) MoveName(r games.Round, text string) string {
	st := state(r)
	switch {
	case st == nil:
		return ""
	case st.done:
		return fmt.Sprintf("segment %d", len(st.segs)+1)
	case strings.TrimSpace(text) == "done":
		return "cuts"
	}
	ring, _, _ := strings.Cut(text, ":")
	return "ring " + strings.TrimSpace(ring)
}

// Words implements games.Worder: done ends the cuts.
func (Game) Words(r games.Round) []games.Word {
	if st := state(r); st != nil && !st.done {
		return []games.Word{{Word: "done", Label: "Cuts finished (done)", Title: "the divider has finished cutting"}}
	}
	return nil
}

// Cells implements games.Board: the round as the scorer draws it from the
// engine's cuts and segments: while cutting, a ring whose cuts are still
// too few in red, as the scorer refuses them.
func (Game) Cells(r games.Round) []layout.Cell {
	st := state(r)
	if st == nil {
		return nil
	}
	rr := &round{st: st, bad: -1, badRings: map[int]bool{}}
	for j := 1; j < st.n; j++ {
		if st.countErr(j, len(st.cuts[j-1]), false) != nil {
			rr.badRings[j] = true
		}
	}
	for k, p := range st.segs {
		rr.segs = append(rr.segs, &segment{seat: st.order[k%len(st.order)], a: p.a, b: p.b, ok: true})
	}
	return []layout.Cell{{Figure: rr.figure()}}
}
