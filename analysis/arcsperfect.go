package analysis

import "math/bits"

// Perfect play on larger circles. What the past arcs of a round leave to
// the future is, for every future centre j and reach k, how many of them
// the arc (j, k) would meet: the profile. A future arc's cost is its
// profile count plus its meetings with the future arcs before it, which
// depend on future choices alone; so two orders of past reaches with the
// same profile have the same future, and a transposition table keyed on
// the profile (compared in full, never by a hash alone) stores each
// future once. The profile is kept incrementally, a row of 5-bit counts
// (one per reach) in a word for each centre: an arc adds its packed row of
// meetings to every later centre.
//
// 2 players: MTD(f), null-window alpha-beta searches around a guess,
// which converge on the exact value, each reusing the bounds the table
// holds; moves tried as the table advises, then cheapest first.
// 3 and 4 players: max^n with the table, and a cut that keeps it exact:
// the player to move takes the reach with the lowest own total (the
// smallest reach on a tie), so a reach whose own total cannot fall below
// the best found (its cost plus, for each of the player's later arcs, the
// cheapest count the profile already holds) is never taken, and is not
// searched.

// arcsSolver searches a round of m arcs with the first centre on mark 1
// (every mark is alike by rotation).
type arcsSolver struct {
	m, K    int
	players int
	add     []uint64 // add[d*(K+1)+k]: the row an arc of reach k adds to the centre d marks after it
	prof    []uint64 // prof[j]: for each reach k, bits 5k..5k+4, the arcs so far that (j, k) meets
	reach   []int
	nodes   int64
	tt      *arcsTable
	ttMin   int // the table holds futures from this centre on
	ttMax   int // to this one
	hist    [32][16]int
}

const reachBits = 5

func newArcsSolver(t *MeetTable, players, ttMin, slots int) *arcsSolver {
	m, K := t.M, t.K
	s := &arcsSolver{m: m, K: K, players: players, prof: make([]uint64, m), ttMin: ttMin, ttMax: m - 1}
	s.add = make([]uint64, m*(K+1))
	for d := 1; d < m; d++ {
		for k := 1; k <= K; k++ {
			for k2 := 1; k2 <= K; k2++ {
				if t.meet[d][k][k2] {
					s.add[d*(K+1)+k] |= 1 << (reachBits * k2)
				}
			}
		}
	}
	s.tt = newArcsTable(slots, m-ttMin)
	return s
}

func (s *arcsSolver) cost(j, k int) int { return int(s.prof[j]>>(reachBits*k)) & 31 }

func (s *arcsSolver) play(k int) {
	j := len(s.reach)
	s.reach = append(s.reach, k)
	add := s.add[k:]
	for d, j2 := 1, j+1; j2 < s.m; d, j2 = d+1, j2+1 {
		s.prof[j2] += add[d*(s.K+1)]
	}
}

func (s *arcsSolver) undo() {
	j := len(s.reach) - 1
	k := s.reach[j]
	s.reach = s.reach[:j]
	add := s.add[k:]
	for d, j2 := 1, j+1; j2 < s.m; d, j2 = d+1, j2+1 {
		s.prof[j2] -= add[d*(s.K+1)]
	}
}

// cheapest is the least count of row j.
func (s *arcsSolver) cheapest(j int) int {
	best := 31
	for k := 1; k <= s.K; k++ {
		best = min(best, s.cost(j, k))
	}
	return best
}

// order fills ks with the reaches cheapest first (the smaller reach first
// on a tie), first (if any) in front, and returns how many.
func (s *arcsSolver) order(j int, first int8, ks *[16]int8) int {
	n := 0
	if first > 0 {
		ks[0] = first
		n = 1
	}
	lo := n
	var score [16]int
	for k := 1; k <= s.K; k++ {
		score[k] = s.score(j, k)
	}
	for k := 1; k <= s.K; k++ {
		if int8(k) == first {
			continue
		}
		c := score[k]
		i := n
		for i > lo && score[ks[i-1]] > c {
			ks[i] = ks[i-1]
			i--
		}
		ks[i] = int8(k)
		n++
	}
	return n
}

var orderMode = 0

// score is a move's rank: lower first.
func (s *arcsSolver) score(j, k int) int {
	c := s.cost(j, k)
	switch orderMode {
	case 1: // cost, then the opponent's next cheapest after it (higher first)
		if j+1 < s.m {
			row := s.prof[j+1] + s.add[1*(s.K+1)+k]
			best := 31
			for k2 := 1; k2 <= s.K; k2++ {
				best = min(best, int(row>>(reachBits*k2))&31)
			}
			return 64*c - best
		}
	case 2: // cost minus the opponent's next cheapest rise plus own next
		if j+2 < s.m {
			o := s.prof[j+1] + s.add[1*(s.K+1)+k]
			w := s.prof[j+2] + s.add[2*(s.K+1)+k]
			bo, bw := 31, 31
			for k2 := 1; k2 <= s.K; k2++ {
				bo = min(bo, int(o>>(reachBits*k2))&31)
				bw = min(bw, int(w>>(reachBits*k2))&31)
			}
			return 4*(c-bo+bw)*16 + c
		}
	case 3: // history
		return 1<<20*c - s.hist[j][k]
	}
	return c
}

const arcsInf = 1 << 14

// negamax returns what the player to move can force, the other's future
// total minus its own (2 players): fail-soft alpha-beta with the table.
func (s *arcsSolver) negamax(alpha, beta int) int {
	s.nodes++
	j := len(s.reach)
	if j >= s.m-2 {
		return s.last(j)
	}
	var e *arcsEntry
	var move int8
	if j >= s.ttMin && j <= s.ttMax {
		e = s.tt.find(j, s.prof[j:])
		if e != nil {
			lo, hi := int(e.lo), int(e.hi)
			switch {
			case lo >= beta:
				return lo
			case hi <= alpha:
				return hi
			case lo == hi:
				return lo
			}
			alpha, beta = max(alpha, lo), min(beta, hi)
			move = e.move
		}
	}
	a0, b0 := alpha, beta
	var ks [16]int8
	n := s.order(j, move, &ks)
	best, bestK := -arcsInf, int8(0)
	for i := range n {
		k := int(ks[i])
		c := s.cost(j, k)
		s.play(k)
		v := -c - s.negamax(-c-beta, -c-alpha)
		s.undo()
		if v > best {
			best, bestK = v, int8(k)
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			s.hist[j][k] += s.m - j
			break
		}
	}
	if j >= s.ttMin && j <= s.ttMax {
		// found again: the search below may have given its slot away
		if e = s.tt.find(j, s.prof[j:]); e == nil {
			e = s.tt.store(j, s.prof[j:])
		}
		switch {
		case best <= a0:
			e.hi = int16(min(int(e.hi), best))
		case best >= b0:
			e.lo = int16(max(int(e.lo), best))
		default:
			e.lo, e.hi = int16(best), int16(best)
		}
		e.move = bestK
	}
	return best
}

// last is negamax's value of the last arc or the last two, directly: the
// last arc takes the cheapest; the one before it the reach that leaves
// the best difference.
func (s *arcsSolver) last(j int) int {
	if j == s.m-1 {
		return -s.cheapest(j)
	}
	best := -arcsInf
	for k := 1; k <= s.K; k++ {
		row := s.prof[j+1] + s.add[s.K+1+k]
		lo := 31
		for k2 := 1; k2 <= s.K; k2++ {
			lo = min(lo, int(row>>(reachBits*k2))&31)
		}
		best = max(best, lo-s.cost(j, k))
	}
	return best
}

// mtdf is the exact value of the position by null-window searches from
// the guess f.
func (s *arcsSolver) mtdf(f int) int {
	lo, hi := -arcsInf, arcsInf
	for lo < hi {
		beta := f
		if f == lo {
			beta = f + 1
		}
		f = s.negamax(beta-1, beta)
		if f < beta {
			hi = f
		} else {
			lo = f
		}
	}
	return f
}

// value is the first player's total minus the second's under perfect
// play (guess: what it is thought to be), and an optimal line: at each
// centre the first reach, in the search's order (the table's advice, then
// cheapest first), whose value is the position's, each tested by one
// null-window search.
func (s *arcsSolver) value(guess int) (v int, line []int) {
	f := s.mtdf(-guess)
	want := f
	for j := 0; j < s.m; j++ {
		var move int8
		if j >= s.ttMin && j <= s.ttMax {
			if e := s.tt.find(j, s.prof[j:]); e != nil {
				move = e.move
			}
		}
		var ks [16]int8
		n := s.order(j, move, &ks)
		chosen := 0
		for i := 0; i < n && chosen == 0; i++ {
			k := int(ks[i])
			c := s.cost(j, k)
			s.play(k)
			// k is right when the child is worth -c - want to its mover
			// (it is never worth less: want is the best)
			need := -c - want
			if j+1 == s.m && need == 0 || j+1 < s.m && s.negamax(need, need+1) <= need {
				chosen = k
				want = need
			}
			s.undo()
		}
		if chosen == 0 {
			panic("arcs: no reach gives the position's value")
		}
		line = append(line, chosen)
		s.play(chosen)
	}
	for range line {
		s.undo()
	}
	return -f, line
}

// maxn returns every seat's future total when each player minimises its
// own (ties to the smallest reach), with the table storing each future
// once and the cut above.
func (s *arcsSolver) maxn() [4]int8 {
	s.nodes++
	j := len(s.reach)
	if j == s.m {
		return [4]int8{}
	}
	if j >= s.ttMin {
		if e := s.tt.find(j, s.prof[j:]); e != nil {
			return e.tot
		}
	}
	seat := j % s.players
	// Every reach's floor (its cost and the cheapest counts of the seat's
	// later arcs after it), tried lowest first: the best is found early
	// and the rest cut.
	var fl [16]int
	var ks [16]int8
	for k := 1; k <= s.K; k++ {
		s.play(k)
		fl[k] = s.cost(j, k) + s.ownFloor(j+s.players)
		s.undo()
		i := k - 1
		for i > 0 && fl[ks[i-1]] > fl[k] {
			ks[i] = ks[i-1]
			i--
		}
		ks[i] = int8(k)
	}
	var best [4]int8
	bestK := 0
	for _, k8 := range ks[:s.K] {
		k := int(k8)
		if bestK > 0 && fl[k] > int(best[seat]) {
			break // nor any later: their floors are no lower
		}
		if bestK > 0 && fl[k] == int(best[seat]) && k > bestK {
			continue // at best a tie, which goes to the smaller reach
		}
		c := s.cost(j, k)
		s.play(k)
		v := s.maxn()
		s.undo()
		v[seat] += int8(c)
		if bestK == 0 || v[seat] < best[seat] || v[seat] == best[seat] && k < bestK {
			best, bestK = v, k
		}
	}
	if j >= s.ttMin {
		e := s.tt.store(j, s.prof[j:])
		e.tot, e.move = best, int8(bestK)
	}
	return best
}

// ownFloor is the least the arcs from centre j on, every players-th (the
// seat's own), can cost: each at least its row's cheapest count.
func (s *arcsSolver) ownFloor(j int) int {
	n := 0
	for ; j < s.m; j += s.players {
		n += s.cheapest(j)
	}
	return n
}

// maxnLine plays the max^n choices.
func (s *arcsSolver) maxnLine() []int {
	var line []int
	for j := 0; j < s.m; j++ {
		seat := j % s.players
		var best [4]int8
		bestK := 0
		for k := 1; k <= s.K; k++ {
			c := s.cost(j, k)
			s.play(k)
			v := s.maxn()
			s.undo()
			v[seat] += int8(c)
			if bestK == 0 || v[seat] < best[seat] {
				best, bestK = v, k
			}
		}
		line = append(line, bestK)
		s.play(bestK)
	}
	for range line {
		s.undo()
	}
	return line
}

// arcsTable is the transposition table: open addressing in buckets of
// four, each entry holding its profile in full (the key words), so a
// match is exact. When a bucket is full the entry of the deepest future
// (the least work) gives way.
type arcsTable struct {
	mask  uint64
	rows  int
	keys  []uint64
	meta  []arcsEntry
	used  int
	drops int64
}

type arcsEntry struct {
	hash   uint64
	depth  int8 // centre the future starts at; -1: empty
	move   int8
	lo, hi int16
	tot    [4]int8
}

func newArcsTable(slots, rows int) *arcsTable {
	n := 4
	for n < slots {
		n <<= 1
	}
	t := &arcsTable{mask: uint64(n/4 - 1), rows: max(rows, 1), keys: make([]uint64, n*max(rows, 1)), meta: make([]arcsEntry, n)}
	for i := range t.meta {
		t.meta[i].depth = -1
	}
	return t
}

func hashProfile(j int, p []uint64) uint64 {
	h := uint64(j)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	for _, w := range p {
		hi, lo := bits.Mul64(h^w, 0x9fb21c651e98df25)
		h = hi ^ lo
	}
	return h
}

func (t *arcsTable) match(i int, j int, h uint64, p []uint64) bool {
	e := &t.meta[i]
	if e.hash != h || int(e.depth) != j {
		return false
	}
	k := t.keys[i*t.rows:]
	for x, w := range p {
		if k[x] != w {
			return false
		}
	}
	return true
}

// find returns the entry of the future from centre j with profile p, or
// nil.
func (t *arcsTable) find(j int, p []uint64) *arcsEntry {
	h := hashProfile(j, p)
	b := int(h&t.mask) * 4
	for i := b; i < b+4; i++ {
		if t.match(i, j, h, p) {
			return &t.meta[i]
		}
	}
	return nil
}

// store makes an entry for the future from centre j with profile p (no
// bounds yet) and returns it.
func (t *arcsTable) store(j int, p []uint64) *arcsEntry {
	h := hashProfile(j, p)
	b := int(h&t.mask) * 4
	at := -1
	for i := b; i < b+4; i++ {
		if t.meta[i].depth < 0 {
			at = i
			t.used++
			break
		}
		if at < 0 || t.meta[i].depth > t.meta[at].depth {
			at = i
		}
	}
	if t.meta[at].depth >= 0 {
		t.drops++
	}
	t.meta[at] = arcsEntry{hash: h, depth: int8(j), lo: -arcsInf, hi: arcsInf}
	copy(t.keys[at*t.rows:(at+1)*t.rows], p)
	return &t.meta[at]
}
