package polydots

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

var _ games.Paperer = Game{}

// stateOf returns the engine state behind a round of the scoring board
// (OpenRound's) or an erased State, nil for anything else.
func stateOf(r games.Round) *State {
	if e, ok := r.(*entered); ok {
		return e.st
	}
	return games.StateOf[Move, *State](r)
}

// sheetOf returns the coordinate sheet a figure draws, as printed
// (widened or not).
func sheetOf(fig layout.Figure) (boards.MMSheet, bool) {
	b, ok := fig.(boards.MMSheet)
	return b, ok
}

// Paper implements games.Paperer: a dot for each dot placed, then the path
// ruled from dot to dot, closed once the round is over.
func (Game) Paper(r games.Round, fig layout.Figure, o layout.Point, s float64) []scan.Stroke {
	st := stateOf(r)
	b, ok := sheetOf(fig)
	if st == nil || !ok {
		return nil
	}
	at := func(k int32) layout.Point { x, y := st.dots[k].Float(); return b.At(o, s, x, y) }
	var out []scan.Stroke
	for k := range st.dots {
		out = append(out, scan.Stroke{Tool: scan.Dot, Points: []layout.Point{at(int32(k))}, Seat: (st.p1 + k) % 2})
	}
	steps := len(st.path)
	if st.Over() {
		steps++ // the closing segment
	}
	for m := 1; m < steps; m++ {
		a, z := st.path[m-1], st.path[m%len(st.path)]
		out = append(out, scan.Stroke{Tool: scan.Ruler, Points: []layout.Point{at(a), at(z)}})
	}
	return out
}

// minApart is how close, in sheet mm, the corpus's players put two dots:
// dots that touch on paper are one blob, which no player would draw.
const minApart = 4

// minOffLine is how far, in sheet mm, the corpus's players keep a dot
// from the segment between two others: nearer, the dot sits on the line
// on paper, which the rules forbid (no three dots in line), and the
// reader rightly doubts which of them the line is drawn to.
const minOffLine = 2

// lined reports whether one of three points is within minOffLine of the
// segment between the other two.
func lined(ax, ay, bx, by, cx, cy float64) bool {
	d := func(px, py, ux, uy, vx, vy float64) float64 {
		dx, dy := vx-ux, vy-uy
		t := math.Max(0, math.Min(1, ((px-ux)*dx+(py-uy)*dy)/(dx*dx+dy*dy)))
		return math.Hypot(px-ux-t*dx, py-uy-t*dy)
	}
	return d(ax, ay, bx, by, cx, cy) < minOffLine || d(bx, by, ax, ay, cx, cy) < minOffLine || d(cx, cy, ax, ay, bx, by) < minOffLine
}

// Playout implements readtest.Playouter, for the reader's corpus: on the
// round r of the scoring board (OpenRound's), the dots the sheet's form
// asks for (v's dots) at random points of the sheet's millimetre grid as printed
// (the reader's grid), none within minOffLine of the segment between two
// others
// (fig at size s), no two closer than minApart, then a random path; up to
// fill of the round's moves. It returns the moves played as the engine
// writes them (the dots, then the path's steps).
func (Game) Playout(r games.Round, v games.Values, fig layout.Figure, s float64, rng *rand.Rand, fill float64) ([]string, error) {
	e, ok := r.(*entered)
	b, fok := sheetOf(fig)
	if !ok || !fok {
		return nil, fmt.Errorf("not a round of Polygons-&-Dots on its sheet")
	}
	n := v.Int("dots")
	limit := int(math.Round(fill * float64(2*n)))
	var out []string
	w, h := int64(readPerMM*b.XSide(s)), int64(readPerMM*b.Side(s))
	for len(out) < min(n, limit) {
		placed := false
		for range 10000 {
			p := GridPoint(rng.Int64N(w+1), rng.Int64N(h+1), readPerMM)
			x, y := p.Float()
			near := false
			for i, q := range e.st.dots {
				qx, qy := q.Float()
				near = near || math.Hypot(x-qx, y-qy) < minApart
				for _, r := range e.st.dots[:i] {
					rx, ry := r.Float()
					near = near || lined(x, y, qx, qy, rx, ry)
				}
			}
			m := Move{At: p}
			if near || e.Check(m) != nil {
				continue
			}
			if err := e.Play(m); err != nil {
				return nil, err
			}
			out = append(out, m.String())
			placed = true
			break
		}
		if !placed {
			return nil, fmt.Errorf("no room for dot %d", len(out)+1)
		}
	}
	if limit <= n {
		return out, nil
	}
	if err := e.Play(done{}); err != nil {
		return nil, err
	}
	for _, k := range rng.Perm(n)[:limit-n] {
		m := Move{To: k + 1}
		if err := e.Play(m); err != nil {
			return nil, err
		}
		out = append(out, m.String())
	}
	return out, nil
}

// Keys implements readtest.Keyer: a dot is its point, a step of the path
// the segment it draws (the first step, once the path is closed, the
// closing segment), named by its two ends' points. A path's steps are dot
// numbers, the same set for every path; its segments are what the paper
// shows.
func (Game) Keys(moves []string) []string {
	var dots []string
	var path []int
	for _, m := range moves {
		if strings.HasPrefix(m, "[") {
			dots = append(dots, m)
		} else if k, err := strconv.Atoi(m); err == nil && k >= 1 && k <= len(dots) {
			path = append(path, k-1)
		} else {
			path = append(path, -1)
		}
	}
	seg := func(a, b int) string {
		if a < 0 || b < 0 {
			return "a step to no dot"
		}
		return "segment " + min(dots[a], dots[b]) + " " + max(dots[a], dots[b])
	}
	out := slices.Clone(dots)
	for i, k := range path {
		switch {
		case i > 0:
			out = append(out, seg(path[i-1], k))
		case len(path) == len(dots):
			out = append(out, seg(path[len(path)-1], k))
		case k >= 0:
			out = append(out, "first step "+dots[k])
		default:
			out = append(out, "a step to no dot")
		}
	}
	return out
}
