package puzzle

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"papergames/games"
	"papergames/games/curve"
)

// Fill is a Within The Curve fill puzzle: a loop of squares on an N-by-N
// grid, numbered 1..L along it (Loop[i] holds i+1), and its inside to fill
// with 1, 2, 3, ... with side neighbours coprime, as far as it goes.
type Fill struct {
	N      int
	Loop   []curve.Cell
	Inside []curve.Cell // row by row
}

// ID is the puzzle's id: a hash of the grid size and the loop in the order
// of its numbers, so the same printed puzzle has the same id whatever made
// it, and papergames puzzle check finds it again from a transcript.
func (f *Fill) ID() string {
	names := make([]string, len(f.Loop))
	for i, p := range f.Loop {
		names[i] = p.String()
	}
	return "F" + games.BoardID(fmt.Sprintf("within-the-curve fill size=%d loop=%s", f.N, strings.Join(names, " ")))
}

// FillSolution is a proven answer: K, the largest number the inside can
// reach, a fill reaching it (square -> number, row by row over the grid,
// 0 empty or on the loop) and the search's effort.
type FillSolution struct {
	K     int
	Grid  []int
	Nodes int // search nodes, all feasibility searches together
	Proof int // nodes of the search proving K+1 impossible (0 when K fills every inside square)
	Lower int // the best K of the random fills that started the search
}

// primes up to 997: numbers written in a puzzle stay far below.
var primes = func() []int {
	var ps []int
	for v := 2; v < 1000; v++ {
		if !slices.ContainsFunc(ps, func(p int) bool { return v%p == 0 }) {
			ps = append(ps, v)
		}
	}
	return ps
}()

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// fillModel is the puzzle as the search sees it: inside squares, their
// inside neighbours, and the loop numbers beside each.
type fillModel struct {
	f     *Fill
	index map[curve.Cell]int // inside square -> its index
	adj   [][]int            // inside neighbours
	loopN [][]int            // loop numbers beside each inside square
}

func newModel(f *Fill) *fillModel {
	m := &fillModel{f: f, index: map[curve.Cell]int{}}
	for i, p := range f.Inside {
		m.index[p] = i
	}
	num := map[curve.Cell]int{}
	for i, p := range f.Loop {
		num[p] = i + 1
	}
	m.adj = make([][]int, len(f.Inside))
	m.loopN = make([][]int, len(f.Inside))
	for i, p := range f.Inside {
		for _, q := range []curve.Cell{{C: p.C, R: p.R - 1}, {C: p.C - 1, R: p.R}, {C: p.C + 1, R: p.R}, {C: p.C, R: p.R + 1}} {
			if j, ok := m.index[q]; ok {
				m.adj[i] = append(m.adj[i], j)
			} else if v, ok := num[q]; ok {
				m.loopN[i] = append(m.loopN[i], v)
			}
		}
	}
	return m
}

// feasible searches for a fill of 1..k (k at most the inside squares),
// spending at most budget nodes (0: no limit). It returns the fill by
// inside index, the nodes spent, and whether the budget ran out first.
//
// Numbers that share their relevant primes (those dividing another number
// up to k or a loop number beside the inside) are interchangeable, so the
// search places classes of numbers: a class's copies go to squares in
// increasing order. Numbers with no relevant prime (1, large primes) fit
// anywhere and fill the squares left at the end. The class with the fewest
// squares still open goes next, and a class with fewer open squares (after
// its last copy) than copies left ends the branch.
func (m *fillModel) feasible(k, budget int) (fill []int, nodes int, out bool) {
	n := len(m.f.Inside)
	if k > n {
		return nil, 0, false
	}
	// Relevant primes, as bits.
	loopPrimes := map[int]bool{}
	for _, ls := range m.loopN {
		for _, v := range ls {
			for _, p := range primes {
				if v%p == 0 {
					loopPrimes[p] = true
				}
			}
		}
	}
	var rel []int
	for _, p := range primes {
		if p > k {
			break
		}
		if 2*p <= k || loopPrimes[p] {
			rel = append(rel, p)
		}
	}
	if len(rel) > 64 {
		panic("puzzle: too many primes for a fill search")
	}
	mask := func(v int) uint64 {
		var b uint64
		for i, p := range rel {
			if v%p == 0 {
				b |= 1 << i
			}
		}
		return b
	}
	// Classes of numbers.
	type class struct {
		mask uint64
		nums []int
	}
	var classes []*class
	var free []int
	byMask := map[uint64]*class{}
	for v := 1; v <= k; v++ {
		b := mask(v)
		if b == 0 {
			free = append(free, v)
			continue
		}
		c := byMask[b]
		if c == nil {
			c = &class{mask: b}
			byMask[b] = c
			classes = append(classes, c)
		}
		c.nums = append(c.nums, v)
	}
	// blocked[i]: primes of the numbers beside square i (loop and placed).
	blocked := make([]uint64, n)
	for i, ls := range m.loopN {
		for _, v := range ls {
			blocked[i] |= mask(v)
		}
	}
	// count[i][p]: placed neighbours of i divisible by rel[p], so that
	// taking a number back unblocks exactly what it blocked.
	cnt := make([][64]uint8, n)
	used := make([]int, n) // class index+1 placed in the square, 0 empty
	left := make([]int, len(classes))
	last := make([]int, len(classes)) // last square a copy went to
	for i, c := range classes {
		left[i] = len(c.nums)
		last[i] = -1
	}
	fits := func(ci, sq int) bool { return used[sq] == 0 && blocked[sq]&classes[ci].mask == 0 }
	place := func(ci, sq int, d int) {
		for _, j := range m.adj[sq] {
			for b := classes[ci].mask; b != 0; b &= b - 1 {
				p := bits.TrailingZeros64(b)
				if d > 0 {
					cnt[j][p]++
					blocked[j] |= 1 << p
				} else {
					cnt[j][p]--
					if cnt[j][p] == 0 {
						blocked[j] &^= 1 << p
						for _, v := range m.loopN[j] {
							if v%rel[p] == 0 {
								blocked[j] |= 1 << p
							}
						}
					}
				}
			}
		}
	}
	var search func() bool
	search = func() bool {
		if budget > 0 && nodes >= budget {
			out = true
			return false
		}
		best, bestOpen := -1, 1<<30
		for ci := range classes {
			if left[ci] == 0 {
				continue
			}
			open := 0
			for sq := last[ci] + 1; sq < n; sq++ {
				if fits(ci, sq) {
					open++
				}
			}
			if open < left[ci] {
				return false
			}
			if open < bestOpen {
				best, bestOpen = ci, open
			}
		}
		if best < 0 {
			return true
		}
		ci := best
		for sq := last[ci] + 1; sq < n; sq++ {
			if !fits(ci, sq) {
				continue
			}
			nodes++
			prev := last[ci]
			used[sq] = ci + 1
			left[ci]--
			last[ci] = sq
			place(ci, sq, +1)
			if search() {
				return true
			}
			place(ci, sq, -1)
			last[ci] = prev
			left[ci]++
			used[sq] = 0
			if out {
				return false
			}
		}
		return false
	}
	if !search() {
		return nil, nodes, out
	}
	fill = make([]int, n)
	next := make([]int, len(classes))
	for sq := 0; sq < n; sq++ {
		if u := used[sq]; u > 0 {
			fill[sq] = classes[u-1].nums[next[u-1]]
			next[u-1]++
		}
	}
	for sq := 0; sq < n && len(free) > 0; sq++ {
		if fill[sq] == 0 {
			fill[sq] = free[0]
			free = free[1:]
		}
	}
	return fill, nodes, false
}

// greedy plays random fills as the rules allow (k+1 in any square where it
// fits) and returns the best K and its fill by inside index.
func (m *fillModel) greedy(rng *rand.Rand, tries int) (int, []int) {
	n := len(m.f.Inside)
	bestK, best := 0, make([]int, n)
	val := make([]int, n)
	var open []int
	for range tries {
		clear(val)
		k := 0
		for {
			open = open[:0]
			for i := range n {
				if val[i] == 0 && m.fits(val, i, k+1) {
					open = append(open, i)
				}
			}
			if len(open) == 0 {
				break
			}
			k++
			val[open[rng.IntN(len(open))]] = k
		}
		if k > bestK {
			bestK = k
			copy(best, val)
		}
	}
	return bestK, best
}

func (m *fillModel) fits(val []int, i, v int) bool {
	for _, j := range m.adj[i] {
		if val[j] != 0 && gcd(val[j], v) != 1 {
			return false
		}
	}
	for _, w := range m.loopN[i] {
		if gcd(w, v) != 1 {
			return false
		}
	}
	return true
}

// errBudget says a search gave up.
var errBudget = fmt.Errorf("search budget spent")

// Solve finds the largest K and a fill reaching it, proving that K+1
// cannot be reached by exhaustive search (monotone: a fill of 1..K+2 less
// its K+2 is a fill of 1..K+1). budget bounds the nodes of each
// feasibility search (0: none); errBudget when it runs out.
func (f *Fill) Solve(rng *rand.Rand, budget int) (*FillSolution, error) {
	m := newModel(f)
	lower, fill := m.greedy(rng, 64)
	s := &FillSolution{Lower: lower}
	k := lower
	for k < len(f.Inside) {
		got, nodes, out := m.feasible(k+1, budget)
		s.Nodes += nodes
		if out {
			return nil, errBudget
		}
		if got == nil {
			s.Proof = nodes
			break
		}
		k++
		fill = got
	}
	s.K = k
	s.Grid = make([]int, f.N*f.N)
	for i, p := range f.Inside {
		s.Grid[p.R*f.N+p.C] = fill[i]
	}
	return s, nil
}

// Check reports whether grid (square -> number, 0 empty) fills the
// puzzle's inside with exactly 1..K, every side neighbour pair coprime, and
// no K+1 fitting anywhere; it returns K.
func (f *Fill) Check(grid []int) (int, error) {
	m := newModel(f)
	val := make([]int, len(f.Inside))
	seen := map[int]bool{}
	k := 0
	for i, p := range f.Inside {
		v := grid[p.R*f.N+p.C]
		val[i] = v
		if v != 0 {
			if seen[v] {
				return 0, fmt.Errorf("%s: %d twice", p, v)
			}
			seen[v] = true
			k = max(k, v)
		}
	}
	if len(seen) != k {
		return 0, fmt.Errorf("the inside holds %d numbers, not 1 to %d", len(seen), k)
	}
	for i := range val {
		if val[i] != 0 {
			v := val[i]
			val[i] = 0
			ok := m.fits(val, i, v)
			val[i] = v
			if !ok {
				return 0, fmt.Errorf("%s=%d has a common factor with a neighbour", f.Inside[i], v)
			}
		}
	}
	return k, nil
}

// Difficulty is a puzzle's level.
type Difficulty int

// The levels.
const (
	Easy Difficulty = iota
	Medium
	Hard
)

// Difficulties names the levels, as --difficulty takes them.
var Difficulties = []string{"easy", "medium", "hard"}

func (d Difficulty) String() string { return Difficulties[d] }

// fillLevel is what a level asks of a fill puzzle: the grid, the inside's
// size, and whether the loop's numbers must keep the inside from filling
// up (K below the inside squares) when the candidates allow.
type fillLevel struct {
	n, minIn, maxIn int
	tight           bool
}

var fillLevels = [...]fillLevel{
	Easy:   {n: 6, minIn: 4, maxIn: 6},
	Medium: {n: 8, minIn: 10, maxIn: 14, tight: true},
	Hard:   {n: 10, minIn: 20, maxIn: 26, tight: true},
}

// fillBudget bounds each feasibility search of a generated puzzle; a
// candidate that needs more is passed over, so every sheet's keys are
// proven in bounded time.
const fillBudget = 200000

// NewFill makes a fill puzzle of the level from rng, and solves it: grows
// a random inside (side-connected, a square from the edge), whose ring of
// squares around it must be a loop, then numbers the loop from a random
// square either way. Of up to 6 candidates, the first whose maximum is
// below its inside (tight) is taken, else the last.
func NewFill(rng *rand.Rand, d Difficulty) (*Fill, *FillSolution, error) {
	lv := fillLevels[d]
	var f *Fill
	var sol *FillSolution
	for try := 0; try < 40; try++ {
		c := growFill(rng, lv)
		if c == nil {
			continue
		}
		s, err := c.Solve(rng, fillBudget)
		if err != nil {
			continue
		}
		f, sol = c, s
		if !lv.tight || s.K < len(c.Inside) || try >= 5 {
			break
		}
	}
	if f == nil {
		return nil, nil, fmt.Errorf("no fill puzzle found")
	}
	return f, sol, nil
}

// growFill grows one candidate: nil when the ring never closed into a loop.
func growFill(rng *rand.Rand, lv fillLevel) *Fill {
	n := lv.n
	target := lv.minIn + rng.IntN(lv.maxIn-lv.minIn+1)
	in := make([]bool, n*n)
	start := curve.Cell{C: 1 + rng.IntN(n-2), R: 1 + rng.IntN(n-2)}
	in[start.R*n+start.C] = true
	cells := []curve.Cell{start}
	steps := []curve.Cell{{C: 1}, {C: -1}, {R: 1}, {R: -1}}
	for fails := 0; len(cells) < target && fails < 200; {
		p := cells[rng.IntN(len(cells))]
		d := steps[rng.IntN(4)]
		q := curve.Cell{C: p.C + d.C, R: p.R + d.R}
		if q.C < 1 || q.R < 1 || q.C > n-2 || q.R > n-2 || in[q.R*n+q.C] {
			fails++
			continue
		}
		in[q.R*n+q.C] = true
		if ringLoop(in, n) == nil {
			in[q.R*n+q.C] = false
			fails++
			continue
		}
		cells = append(cells, q)
	}
	loop := ringLoop(in, n)
	if len(cells) < lv.minIn || loop == nil {
		return nil
	}
	// Number from a random square, either way.
	L := len(loop)
	s, dir := rng.IntN(L), 1-2*rng.IntN(2)
	f := &Fill{N: n}
	for i := range L {
		f.Loop = append(f.Loop, loop[((s+dir*i)%L+L)%L])
	}
	for r := range n {
		for c := range n {
			if in[r*n+c] {
				f.Inside = append(f.Inside, curve.Cell{C: c, R: r})
			}
		}
	}
	if !f.engineAgrees() {
		return nil
	}
	return f
}

// ringLoop returns the squares round the region in (those touching it by
// a side or a corner) in order along the loop they make, or nil when they
// do not make one: every ring square must have exactly two ring squares
// beside it, and the ring must be one cycle.
func ringLoop(in []bool, n int) []curve.Cell {
	ring := make([]bool, n*n)
	var first curve.Cell
	count := 0
	for r := range n {
		for c := range n {
			if in[r*n+c] {
				continue
			}
			near := false
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					rr, cc := r+dr, c+dc
					if rr >= 0 && cc >= 0 && rr < n && cc < n && in[rr*n+cc] {
						near = true
					}
				}
			}
			if near {
				if count == 0 {
					first = curve.Cell{C: c, R: r}
				}
				ring[r*n+c] = true
				count++
			}
		}
	}
	nbrs := func(p curve.Cell) []curve.Cell {
		var out []curve.Cell
		for _, q := range []curve.Cell{{C: p.C + 1, R: p.R}, {C: p.C, R: p.R + 1}, {C: p.C - 1, R: p.R}, {C: p.C, R: p.R - 1}} {
			if q.C >= 0 && q.R >= 0 && q.C < n && q.R < n && ring[q.R*n+q.C] {
				out = append(out, q)
			}
		}
		return out
	}
	for r := range n {
		for c := range n {
			if ring[r*n+c] && len(nbrs(curve.Cell{C: c, R: r})) != 2 {
				return nil
			}
		}
	}
	loop := []curve.Cell{first}
	prev, cur := first, nbrs(first)[0]
	for cur != first {
		loop = append(loop, cur)
		ns := nbrs(cur)
		next := ns[0]
		if next == prev {
			next = ns[1]
		}
		prev, cur = cur, next
	}
	if len(loop) != count {
		return nil
	}
	return loop
}

// engineAgrees plays the loop and its numbering on the game's engine and
// checks that the squares where 1 may go (any inside square) are exactly
// the puzzle's inside.
func (f *Fill) engineAgrees() bool {
	st, err := f.start()
	if err != nil {
		return false
	}
	ms := st.Moves(nil)
	if len(ms) != len(f.Inside) {
		return false
	}
	for i, m := range ms {
		if m.At != f.Inside[i] {
			return false
		}
	}
	return true
}

// solver is the one player's name in a puzzle's transcript.
const solver = "Solver"

// start returns the engine with the puzzle's loop drawn and numbered.
func (f *Fill) start() (*curve.State, error) {
	st, err := curve.New(f.N, []string{solver})
	if err != nil {
		return nil, err
	}
	if err := st.Play(curve.Move{Kind: curve.Curve, Loop: f.Loop}); err != nil {
		return nil, err
	}
	if err := st.Play(curve.Move{Kind: curve.Numbering, At: f.Loop[0], Next: f.Loop[1]}); err != nil {
		return nil, err
	}
	return st, nil
}
