package crossdont

import (
	"cmp"
	"fmt"
	"math/big"
	"slices"

	"papergames/hp"
)

// The paper shows a round's lines but not their order, nor which of the
// lines between two chord ends are the defense's chords and which the
// offense's: write finds, from the lines alone, chords and an order of
// the offense's segments the engine accepts. No score depends on the
// choice: the offense's count is the lines less the chords, and the
// drawing the order ends with, where the rules' last check (no legal
// move left) is made, is the same. The choice depends on the lines
// alone (never on how they were found), so a round played on the engine
// and the same round read from paper are written alike.

// searchBudget bounds the nodes of the search for an order, over all the
// choices of chords tried: a round of the paper's size (40 segments)
// takes a few hundred.
const searchBudget = 200000

// written is a round as write writes it.
type written struct {
	chords []int // the sketch's lines that are chords, in the order written
	moves  []int // the offense's lines, in the order played; a placed prefix when not ok
	ok     bool  // every line placed in an order the engine accepts
	cut    bool  // the search ran out of nodes, or the engine refused its order: not ok says nothing
	st     *State
	texts  map[int]string // each line's move as written
}

// pkey orders points by their place (float64 rounding of the exact
// point, the same however the point was constructed).
func pkey(a, b spt) int {
	return cmp.Or(cmp.Compare(a.x, b.x), cmp.Compare(a.y, b.y))
}

// lineOrder returns the lines of sk ordered by their ends' places.
func lineOrder(sk *sketch, lines []int) []int {
	ends := func(l int) (spt, spt) {
		a, b := sk.pts[sk.lines[l].a], sk.pts[sk.lines[l].b]
		if pkey(a, b) > 0 {
			a, b = b, a
		}
		return a, b
	}
	out := slices.Clone(lines)
	slices.SortFunc(out, func(l, m int) int {
		a1, b1 := ends(l)
		a2, b2 := ends(m)
		return cmp.Or(pkey(a1, a2), pkey(b1, b2))
	})
	return out
}

// chordKey is a circle line's two angles, smaller first.
func chordKey(sk *sketch, l int) (*big.Rat, *big.Rat) {
	a, b := sk.pts[sk.lines[l].a].deg, sk.pts[sk.lines[l].b].deg
	if a.Cmp(b) > 0 {
		a, b = b, a
	}
	return a, b
}

// search looks for an order of the offense's lines, the chords drawn.
type search struct {
	sk     *sketch
	off    []int  // the offense's lines, in the order tried
	isOff  []bool // by line
	drawn  []bool
	cross  []int   // drawn lines crossing each line
	thru   []int   // drawn lines strictly through each point
	inside [][]int // the points strictly inside each line
	order  []int
	nodes  int
	budget int
	best   []int // the longest order found
}

func (s *search) exists(p int) bool {
	return s.sk.pts[p].deg != nil || s.thru[p] >= 2
}

func (s *search) draw(l int, d int) {
	s.drawn[l] = d > 0
	for _, c := range s.sk.lines[l].cross {
		s.cross[c] += d
	}
	// The points strictly inside l: those it passes through.
	for _, p := range s.inside[l] {
		s.thru[p] += d
	}
}

// dfs places move k onwards; it reports whether every line is placed.
func (s *search) dfs(k int) bool {
	if len(s.order) == len(s.off) {
		return true
	}
	if s.nodes++; s.nodes > s.budget {
		return false
	}
	need := 1 - k%2 // odd moves cross nothing, even ones exactly one
	for _, l := range s.off {
		ln := &s.sk.lines[l]
		if s.drawn[l] || s.cross[l] != need || !s.exists(ln.a) || !s.exists(ln.b) {
			continue
		}
		s.draw(l, 1)
		s.order = append(s.order, l)
		if len(s.order) > len(s.best) {
			s.best = slices.Clone(s.order)
		}
		dead := false
		for _, c := range ln.cross {
			if s.isOff[c] && !s.drawn[c] && s.cross[c] >= 2 {
				dead = true // c can never be drawn now
				break
			}
		}
		if !dead && s.dfs(k+1) {
			return true
		}
		s.order = s.order[:len(s.order)-1]
		s.draw(l, -1)
		if s.nodes > s.budget {
			return false
		}
	}
	return false
}

// write writes the round of sk, whose defense draws m chords: the chords
// and an order of the offense's lines the engine accepts, found by a
// bounded search over the choices of chords (every chord end an end of a
// chord, the right number of crossings) and the orders (odd moves cross
// nothing, even ones exactly one, every end drawn before the move). When
// none is found, the longest order found is written, then the lines left.
// It panics with *hp.Undecided when the engine does.
func write(sk *sketch, m, defense int, players []string) *written {
	budget := searchBudget
	return writeWithin(sk, m, defense, players, &budget)
}

// writeWithin is write within *budget nodes of search, which it lowers
// by the nodes it takes.
func writeWithin(sk *sketch, m, defense int, players []string, budget *int) *written {
	var circ, inner []int
	for l := range sk.lines {
		if sk.circleLine(l) {
			circ = append(circ, l)
		} else {
			inner = append(inner, l)
		}
	}
	slices.SortFunc(circ, func(l, k int) int {
		a1, b1 := chordKey(sk, l)
		a2, b2 := chordKey(sk, k)
		return cmp.Or(a1.Cmp(a2), b1.Cmp(b2))
	})
	inside := make([][]int, len(sk.lines))
	for p := range sk.pts {
		for _, l := range sk.pts[p].thru {
			inside[l] = append(inside[l], p)
		}
	}
	crosses := func(l, k int) bool { return slices.Contains(sk.lines[l].cross, k) }
	pairs := 0
	for l := range sk.lines {
		pairs += len(sk.lines[l].cross)
	}
	pairs /= 2
	nc := min(m, len(circ))
	n := len(sk.lines) - nc
	var best struct {
		chords, order []int
	}
	pick := make([]int, nc) // indices into circ, increasing
	for i := range pick {
		pick[i] = i
	}
	for {
		chords := make([]int, nc)
		isChord := make([]bool, len(sk.lines))
		for i, j := range pick {
			chords[i] = circ[j]
			isChord[circ[j]] = true
		}
		if w := tryChords(sk, chords, isChord, inner, circ, inside, crosses, pairs, n, budget, &best); w != nil {
			out := replay(sk, m, defense, players, w.chords, w.order, true)
			// The engine refused an order the search found (a crossing
			// too close to call): not ok says nothing then either.
			out.cut = !out.ok
			return out
		}
		if *budget <= 0 {
			break
		}
		if !nextPick(pick, len(circ)) {
			break
		}
	}
	if best.chords == nil {
		best.chords = make([]int, nc)
		for i := range best.chords {
			best.chords[i] = circ[i]
		}
	}
	w := replay(sk, m, defense, players, best.chords, best.order, false)
	w.cut = *budget <= 0
	return w
}

// nextPick steps pick to the next choice of len(pick) of n, in
// lexicographic order; false after the last.
func nextPick(pick []int, n int) bool {
	k := len(pick)
	for i := k - 1; i >= 0; i-- {
		if pick[i] < n-k+i {
			pick[i]++
			for j := i + 1; j < k; j++ {
				pick[j] = pick[j-1] + 1
			}
			return true
		}
	}
	return false
}

type choice struct{ chords, order []int }

// tryChords searches for an order of the offense's lines with chords as
// the defense's.
func tryChords(sk *sketch, chords []int, isChord []bool, inner, circ []int, inside [][]int, crosses func(int, int) bool, pairs, n int, budget *int, best *struct{ chords, order []int }) *choice {
	// Every chord end is the end of a chord.
	for p := range sk.pts {
		if sk.pts[p].deg == nil {
			continue
		}
		end := false
		for _, l := range sk.pts[p].ends {
			end = end || isChord[l]
		}
		if !end {
			return nil
		}
	}
	// Each even move crosses one drawn line, each odd move none: the
	// crossings with an offense line among them are the even moves.
	xc := 0
	for i, c := range chords {
		for _, d := range chords[i+1:] {
			if crosses(c, d) {
				xc++
			}
		}
	}
	if pairs-xc != n/2 {
		return nil
	}
	var off []int
	for _, l := range circ {
		if !isChord[l] {
			off = append(off, l)
		}
	}
	off = append(off, inner...)
	off = lineOrder(sk, off)
	isOff := make([]bool, len(sk.lines))
	for _, l := range off {
		isOff[l] = true
		k := 0
		for _, c := range sk.lines[l].cross {
			if isChord[c] {
				k++
			}
		}
		if k > 1 {
			return nil // it crosses two chords
		}
	}
	s := &search{sk: sk, off: off, isOff: isOff, drawn: make([]bool, len(sk.lines)), cross: make([]int, len(sk.lines)),
		thru: make([]int, len(sk.pts)), inside: inside, budget: *budget}
	for _, c := range chords {
		s.draw(c, 1)
	}
	ok := s.dfs(1)
	*budget -= s.nodes
	if best.chords == nil || len(s.best) > len(best.order) {
		best.chords, best.order = slices.Clone(chords), s.best
	}
	if !ok {
		return nil
	}
	return &choice{chords, s.order}
}

// replay plays the chords and the order on the engine and writes every
// line's move; lines left out of the order are written after it, their
// points named as the engine would name them.
func replay(sk *sketch, m, defense int, players []string, chords, order []int, complete bool) *written {
	w := &written{chords: chords, moves: slices.Clone(order), texts: map[int]string{}}
	st := New(m, defense, players...)
	w.st = st
	for _, c := range chords {
		a, b := chordKey(sk, c)
		mv := Move{A: a, B: b}
		if err := st.Play(mv); err != nil {
			complete = false
			break
		}
		w.texts[c] = mv.String()
	}
	engPt := func(p int) int {
		pt := &sk.pts[p]
		if pt.deg != nil {
			if i, ok := st.bd.endAt[pt.deg.RatString()]; ok {
				return int(i)
			}
			return -1
		}
		for i := range st.bd.pts {
			if hp.Equal(st.bd.pts[i].p, pt.p) {
				return i
			}
		}
		return -1
	}
	placed := 0
	if st.Phase() != "chords" {
		for _, l := range order {
			p, q := engPt(sk.lines[l].a), engPt(sk.lines[l].b)
			if p < 0 || q < 0 {
				break
			}
			if p > q {
				p, q = q, p
			}
			mv := Move{P: st.bd.label(p), Q: st.bd.label(q)}
			if err := st.Play(mv); err != nil {
				break
			}
			w.texts[l] = mv.String()
			placed++
		}
	}
	w.moves = w.moves[:placed]
	w.ok = complete && placed == len(order) && len(chords) == m && placed+len(chords) == len(sk.lines)
	// The lines left, numbered on after the order.
	num := map[int]int{}
	for i, c := range chords {
		num[c] = i + 1
	}
	for i, l := range w.moves {
		num[l] = len(chords) + i + 1
	}
	var left []int
	for l := range sk.lines {
		if _, ok := num[l]; !ok {
			left = append(left, l)
		}
	}
	for _, l := range lineOrder(sk, left) {
		num[l] = len(num) + 1
		w.moves = append(w.moves, l)
	}
	for _, l := range w.moves[placed:] {
		w.texts[l] = sketchLabel(sk, num, len(chords), sk.lines[l].a) + "-" + sketchLabel(sk, num, len(chords), sk.lines[l].b)
	}
	return w
}

// sketchLabel names point p as the engine would with the lines numbered
// num: a chord end by the first chord ending there, a crossing by the
// two lowest-numbered lines through it.
func sketchLabel(sk *sketch, num map[int]int, nch, p int) string {
	pt := &sk.pts[p]
	if pt.deg != nil {
		best, end := 0, 0
		for _, l := range pt.ends {
			k := num[l]
			if k == 0 || k > nch {
				continue
			}
			a, _ := chordKey(sk, l)
			if best == 0 || k < best {
				best, end = k, 0
				if a.Cmp(pt.deg) != 0 {
					end = 1
				}
			}
		}
		if best == 0 {
			return fmt.Sprintf("(%s degrees)", pt.deg.RatString())
		}
		return fmt.Sprintf("%d%c", best, 'a'+end)
	}
	var ns []int
	for _, l := range pt.thru {
		ns = append(ns, num[l])
	}
	slices.Sort(ns)
	if len(ns) < 2 {
		return "?"
	}
	return fmt.Sprintf("%dx%d", ns[0], ns[1])
}

// sketchOf returns the drawing of a round played on the engine.
func sketchOf(st *State) *sketch {
	sk := &sketch{}
	bd := st.bd
	pt := func(i int32) int {
		if d := bd.pts[i].deg; d != nil {
			return sk.end(d)
		}
		return sk.find(bd.pts[i].p)
	}
	for _, sg := range bd.segs {
		a, b := pt(sg.a), pt(sg.b)
		if a < 0 || b < 0 {
			panic("crossdont: a crossing the sketch lacks")
		}
		sk.addLine(a, b)
	}
	return sk
}
