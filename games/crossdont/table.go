package crossdont

import "papergames/hp"

// table keeps, for every pair of points, how the segment between them
// meets the drawn segments: how many it crosses (0, 1, or 2 for two or
// more) and whether it runs along one. A pair that crosses two or runs
// along one is dead: drawing more never revives it, so it is not looked
// at again. The table follows the board lazily (sync, when the legal
// moves are asked for) and goes back with Undo through a log of the
// entries it changed, so a playout costs a few pair updates per move
// instead of every pair against every segment.
type table struct {
	st        []pairState // pair p < q at q(q-1)/2 + p
	sides     [][]int8    // sides[p][s]: side of s's line point p is on (0: on the line)
	segs, pts int         // the part of the board the table covers
	log       []change
	marks     []mark
}

// pairState is a pair's crossings (bits 0-1, 2 meaning two or more), its
// running along a segment (bit 2) and the segment it crosses when it
// crosses one (bits 8 on).
type pairState uint32

const alongBit pairState = 4

func (s pairState) dead() bool     { return s&alongBit != 0 || s&3 >= 2 }
func (s pairState) crossings() int { return int(s & 3) }
func (s pairState) crossed() int   { return int(s >> 8) }

// with adds the relation r of the pair to segment seg.
func (s pairState) with(r hp.Relation, seg int) pairState {
	switch {
	case r == hp.Coincide:
		return s | alongBit
	case r != hp.Cross:
		return s
	case s&3 == 0:
		return s | 1 | pairState(seg)<<8
	}
	return s&^3 | 2
}

type change struct {
	i   int32
	old pairState
}

// mark is where a sync started: Undo goes back to it.
type mark struct{ segs, pts, log int }

func tri(n int) int { return n * (n - 1) / 2 }

// side is the side of segment s's line point p lies on, 0 on the line.
func side(bd *board, p, s int) int8 {
	if bd.pts[p].on.has(s) {
		return 0
	}
	sg := &bd.segs[s]
	return int8(bd.orient(int(sg.a), int(sg.b), p))
}

// rel is bd.relate(p, q, s) from the sides kept (Cross and Coincide
// exact, Touch and Apart not told apart).
func (t *table) rel(bd *board, p, q, s int) hp.Relation {
	sp, sq := t.sides[p][s], t.sides[q][s]
	if sp*sq > 0 {
		return hp.Apart
	}
	if sp == 0 || sq == 0 {
		pOn, qOn := bd.pts[p].on.has(s), bd.pts[q].on.has(s)
		switch {
		case pOn && qOn:
			return hp.Coincide
		case sp == 0 && sq == 0: // one line
			return bd.relate(p, q, s)
		case pOn || qOn:
			return hp.Touch
		}
		return hp.Apart // the point on the line is beyond s
	}
	sg := &bd.segs[s]
	o1, o2 := bd.orient(p, q, int(sg.a)), bd.orient(p, q, int(sg.b))
	switch {
	case o1*o2 < 0:
		return hp.Cross
	case o1*o2 > 0:
		return hp.Apart
	}
	return hp.Touch
}

// sync brings the table up to the board. It panics with *hp.Undecided
// when a relation is too close to call, leaving the table as it was.
func (t *table) sync(bd *board) {
	S, P := len(bd.segs), len(bd.pts)
	if t.segs == S && t.pts == P {
		return
	}
	S0, P0 := t.segs, t.pts
	t.marks = append(t.marks, mark{S0, P0, len(t.log)})
	done := false
	defer func() {
		if !done {
			t.pop()
		}
	}()
	for p := range P0 {
		for s := S0; s < S; s++ {
			t.sides[p] = append(t.sides[p], side(bd, p, s))
		}
	}
	for p := P0; p < P; p++ {
		if p < cap(t.sides) {
			t.sides = t.sides[:p+1]
			t.sides[p] = t.sides[p][:0]
		} else {
			t.sides = append(t.sides, nil)
		}
		for s := range S {
			t.sides[p] = append(t.sides[p], side(bd, p, s))
		}
	}
	if S > S0 {
		for q := 1; q < P0; q++ {
			row := t.st[tri(q) : tri(q)+q]
			for p, ps := range row {
				if ps.dead() {
					continue
				}
				now := ps
				for s := S0; s < S && !now.dead(); s++ {
					now = now.with(t.rel(bd, p, q, s), s)
				}
				if now != ps {
					t.log = append(t.log, change{int32(tri(q) + p), ps})
					row[p] = now
				}
			}
		}
	}
	for q := P0; q < P; q++ {
		for p := range q {
			var ps pairState
			for s := 0; s < S && !ps.dead(); s++ {
				ps = ps.with(t.rel(bd, p, q, s), s)
			}
			t.st = append(t.st, ps)
		}
	}
	t.segs, t.pts = S, P
	done = true
}

// pop goes back to the last mark.
func (t *table) pop() {
	m := t.marks[len(t.marks)-1]
	t.marks = t.marks[:len(t.marks)-1]
	for i := len(t.log) - 1; i >= m.log; i-- {
		t.st[t.log[i].i] = t.log[i].old
	}
	t.log = t.log[:m.log]
	t.st = t.st[:min(len(t.st), tri(m.pts))]
	t.sides = t.sides[:min(len(t.sides), m.pts)]
	for p := range t.sides {
		t.sides[p] = t.sides[p][:min(len(t.sides[p]), m.segs)]
	}
	t.segs, t.pts = m.segs, m.pts
}

// back goes back until the table covers no more than segs segments and
// pts points.
func (t *table) back(segs, pts int) {
	for t.segs > segs || t.pts > pts {
		t.pop()
	}
}

// found is a legal move: points p < q and the segment it crosses (-1).
type found struct{ p, q, cross int }

// legalFor reports whether a pair is a legal move k.
func legalFor(ps pairState, k int) bool {
	if ps&alongBit != 0 {
		return false
	}
	if k%2 == 1 {
		return ps.crossings() == 0
	}
	return ps.crossings() == 1
}

// legal appends the legal offense moves, ordered by their first point then
// their second (chord ends first, then crossings as they appeared); with
// one set it stops at the first.
func (st *State) legal(buf []found, one bool) []found {
	t := &st.tab
	t.sync(st.bd)
	k := st.moves() + 1
	for p := range t.pts {
		for q := p + 1; q < t.pts; q++ {
			if ps := t.st[tri(q)+p]; legalFor(ps, k) {
				c := -1
				if k%2 == 0 {
					c = ps.crossed()
				}
				buf = append(buf, found{p, q, c})
				if one {
					return buf
				}
			}
		}
	}
	return buf
}

// first is the first legal move in legal's order.
func (st *State) first() (found, bool) {
	st.found = st.legal(st.found[:0], true)
	if len(st.found) == 0 {
		return found{}, false
	}
	return st.found[0], true
}

// count is the number of legal offense moves.
func (st *State) count() int {
	t := &st.tab
	t.sync(st.bd)
	k := st.moves() + 1
	n := 0
	for _, ps := range t.st {
		if legalFor(ps, k) {
			n++
		}
	}
	return n
}

// nth returns the points of legal move i in the table's order.
func (st *State) nth(i int) (p, q int) {
	t := &st.tab
	k := st.moves() + 1
	for q := 1; q < t.pts; q++ {
		for p, ps := range t.st[tri(q) : tri(q)+q] {
			if legalFor(ps, k) {
				if i == 0 {
					return p, q
				}
				i--
			}
		}
	}
	panic("crossdont: nth past the legal moves")
}
