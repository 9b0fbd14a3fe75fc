package crossdont

import (
	"fmt"
	"math/big"
	"papergames/games"
	"sort"
	"strings"

	"papergames/hp"
)

// cdcBoard is the drawing of one Cross Don't Cross round: the points the
// offense may use and the segments drawn so far. Points are unique: a new
// crossing that is (exactly, see hp) an existing point is merged into it,
// so every point has one index and index equality is point equality.
// Coordinates are on the unit circle, y up.
type cdcBoard struct {
	pts    []cdcPoint
	segs   []cdcSeg
	chords int            // the first chords segments are the defense's
	endAt  map[string]int // chord end by its angle (exact), to merge shared ends
	pairAt map[[2]int]int // point where segments i < j cross
}

type cdcPoint struct {
	p       hp.Point
	deg     *big.Rat  // angle of a chord end; nil for a crossing
	ends    []string  // chord-end labels of this point, in chord order ("1a", "3b")
	through []int     // segments crossing here (the point strictly inside them), ascending
	on      cdcSegSet // segments through or ending at this point
}

type cdcSeg struct {
	a, b int    // points
	text string // as written: "0-180" for a chord, "1a-2x6" for a move
	move int    // offense move number from 1; 0 for a chord
}

// cdcSegSet is a set of segment indices.
type cdcSegSet []uint64

func (s cdcSegSet) has(i int) bool { return i/64 < len(s) && s[i/64]&(1<<(i%64)) != 0 }

func (s *cdcSegSet) add(i int) {
	for len(*s) <= i/64 {
		*s = append(*s, 0)
	}
	(*s)[i/64] |= 1 << (i % 64)
}

// meets reports whether s and t share a segment.
func (s cdcSegSet) meets(t cdcSegSet) bool {
	for i := range min(len(s), len(t)) {
		if s[i]&t[i] != 0 {
			return true
		}
	}
	return false
}

func newCDCBoard() *cdcBoard {
	return &cdcBoard{endAt: map[string]int{}, pairAt: map[[2]int]int{}}
}

// chordEnd returns the point at deg degrees on the circle, creating it
// if no chord ends there yet. Angles in [0, 360) are equal points exactly
// when they are equal numbers; a different angle whose point cannot be
// told apart from an end's (closer than hp.Zero) is refused: other is that
// end.
func (bd *cdcBoard) chordEnd(deg *big.Rat) (p, other int) {
	key := deg.RatString()
	if i, ok := bd.endAt[key]; ok {
		return i, -1
	}
	pt := hp.Polar(big.NewRat(1, 1), deg)
	for i := range bd.pts {
		if bd.pts[i].deg != nil && hp.Equal(bd.pts[i].p, pt) {
			return -1, i
		}
	}
	bd.pts = append(bd.pts, cdcPoint{p: pt, deg: deg})
	bd.endAt[key] = len(bd.pts) - 1
	return len(bd.pts) - 1, -1
}

// addChord draws chord number len(segs)+1 between the angles a and b
// (different, and no chord joins the same two angles; the caller checks).
func (bd *cdcBoard) addChord(a, b *big.Rat, text string) error {
	var ends [2]int
	for j, d := range []*big.Rat{a, b} {
		p, other := bd.chordEnd(d)
		if other >= 0 {
			o := bd.pts[other]
			name := "its other end"
			if len(o.ends) > 0 {
				name = o.ends[0]
			}
			return fmt.Errorf("its end at %s degrees and %s at %s degrees are closer than %g: papergames cannot tell them apart", games.Exact(d), name, games.Exact(o.deg), hp.Zero)
		}
		ends[j] = p
	}
	pa, pb := ends[0], ends[1]
	k := len(bd.segs) + 1
	bd.pts[pa].ends = append(bd.pts[pa].ends, fmt.Sprintf("%da", k))
	bd.pts[pb].ends = append(bd.pts[pb].ends, fmt.Sprintf("%db", k))
	crossed, _ := bd.classify(pa, pb, nil)
	bd.draw(pa, pb, text, 0, crossed)
	bd.chords++
	return nil
}

// draw adds the segment pq, which crosses the segments crossed (and
// coincides with none), and records its crossings as points.
func (bd *cdcBoard) draw(p, q int, text string, move int, crossed []int) {
	n := len(bd.segs)
	bd.segs = append(bd.segs, cdcSeg{a: p, b: q, text: text, move: move})
	bd.pts[p].on.add(n)
	bd.pts[q].on.add(n)
	P, Q := bd.pts[p].p, bd.pts[q].p
	for _, s := range crossed {
		x := hp.LineIntersection(P, Q, bd.pts[bd.segs[s].a].p, bd.pts[bd.segs[s].b].p)
		at := -1
		for i := range bd.pts {
			if hp.Equal(bd.pts[i].p, x) {
				at = i
				break
			}
		}
		if at < 0 {
			bd.pts = append(bd.pts, cdcPoint{p: x})
			at = len(bd.pts) - 1
		}
		bd.addThrough(at, s)
		bd.addThrough(at, n)
	}
}

// addThrough records that segment s passes strictly through point i.
func (bd *cdcBoard) addThrough(i, s int) {
	pt := &bd.pts[i]
	for _, t := range pt.through {
		if t == s {
			return
		}
	}
	for _, t := range pt.through {
		bd.pairAt[[2]int{min(s, t), max(s, t)}] = i
	}
	pt.through = append(pt.through, s)
	sort.Ints(pt.through)
	pt.on.add(s)
}

// relate tells how the segment between the points p and q (p != q) meets
// the drawn segment s. Cross and Coincide are exact; Touch and Apart are
// not told apart (both are harmless). The incidences kept in on make the
// common degenerate cases (an end of pq on s) free of exact arithmetic:
// every point lying on a segment has it in on, because a point strictly
// inside two segments is their crossing, which draw records.
func (bd *cdcBoard) relate(p, q, s int) hp.Relation {
	sg := bd.segs[s]
	pOn, qOn := bd.pts[p].on.has(s), bd.pts[q].on.has(s)
	A, B := bd.pts[sg.a].p, bd.pts[sg.b].p
	if pOn && qOn {
		return hp.Coincide
	}
	if pOn || qOn {
		if qOn {
			p, q = q, p
		}
		P, Q := bd.pts[p].p, bd.pts[q].p
		if hp.Orient(A, B, Q) != 0 {
			return hp.Touch
		}
		// Q is on s's line beyond s: pq runs along s unless it leaves s at
		// an end, away from it.
		switch p {
		case sg.a:
			if hp.DotSign(P, B, Q) < 0 {
				return hp.Touch
			}
		case sg.b:
			if hp.DotSign(P, A, Q) < 0 {
				return hp.Touch
			}
		}
		return hp.Coincide
	}
	return hp.Classify(bd.pts[p].p, bd.pts[q].p, A, B)
}

// classify returns the drawn segments that pq crosses and those it runs
// along. If stop is not nil, it is asked after each finding and ends the
// scan early when it says so.
func (bd *cdcBoard) classify(p, q int, stop func(crossed, along int) bool) (crossed, along []int) {
	for s := range bd.segs {
		switch bd.relate(p, q, s) {
		case hp.Cross:
			crossed = append(crossed, s)
		case hp.Coincide:
			along = append(along, s)
		default:
			continue
		}
		if stop != nil && stop(len(crossed), len(along)) {
			return
		}
	}
	return
}

// legal reports whether pq is a legal offense move of the given parity
// (even: crosses exactly one drawn segment, returned; odd: crosses none).
func (bd *cdcBoard) legal(p, q int, even bool) (ok bool, cross int) {
	if bd.pts[p].on.meets(bd.pts[q].on) {
		return false, -1 // both ends on one segment: along it
	}
	cross = -1
	for s := range bd.segs {
		switch bd.relate(p, q, s) {
		case hp.Cross:
			if !even || cross >= 0 {
				return false, -1
			}
			cross = s
		case hp.Coincide:
			return false, -1
		}
	}
	return !even || cross >= 0, cross
}

// cdcMove is a legal move found by search: points p < q, and the segment
// it crosses (-1 for none).
type cdcMove struct{ p, q, cross int }

// moves returns the legal offense moves of the given parity, in the order
// of their points (chord ends first, then crossings as they appeared);
// with first set it stops at the first one.
func (bd *cdcBoard) moves(even, first bool) []cdcMove {
	var out []cdcMove
	for p := range bd.pts {
		for q := p + 1; q < len(bd.pts); q++ {
			if ok, c := bd.legal(p, q, even); ok {
				out = append(out, cdcMove{p, q, c})
				if first {
					return out
				}
			}
		}
	}
	return out
}

// name is the label papergames writes for point p: its first chord-end
// label, else the crossing of its two lowest-numbered segments.
func (bd *cdcBoard) name(p int) string {
	pt := bd.pts[p]
	if len(pt.ends) > 0 {
		return pt.ends[0]
	}
	if len(pt.through) < 2 { // only while a refused move is half drawn
		return "?"
	}
	return fmt.Sprintf("%dx%d", pt.through[0]+1, pt.through[1]+1)
}

// names lists every label of point p.
func (bd *cdcBoard) names(p int) []string {
	pt := bd.pts[p]
	out := append([]string(nil), pt.ends...)
	for i, s := range pt.through {
		for _, t := range pt.through[i+1:] {
			out = append(out, fmt.Sprintf("%dx%d", s+1, t+1))
		}
	}
	return out
}

// aka names p with its other labels, e.g. "1x2 (also 1x3, 2x3)".
func (bd *cdcBoard) aka(p int) string {
	n := bd.names(p)
	if len(n) == 1 {
		return n[0]
	}
	return fmt.Sprintf("%s (also %s)", n[0], strings.Join(n[1:], ", "))
}

// seg describes segment s for messages: "chord 2 (60-240)" or
// "segment 7 (move 2, 1a-2x6)".
func (bd *cdcBoard) seg(s int) string {
	sg := bd.segs[s]
	if sg.move == 0 {
		return fmt.Sprintf("chord %d (%s)", s+1, sg.text)
	}
	return fmt.Sprintf("segment %d (move %d, %s)", s+1, sg.move, sg.text)
}

// move writes a found move in labels.
func (bd *cdcBoard) move(mv cdcMove) string { return bd.name(mv.p) + "-" + bd.name(mv.q) }

// crossings counts the points that are not chord ends.
func (bd *cdcBoard) crossings() int {
	n := 0
	for _, pt := range bd.pts {
		if len(pt.ends) == 0 {
			n++
		}
	}
	return n
}
