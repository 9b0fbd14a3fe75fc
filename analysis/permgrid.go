package analysis

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"papergames/games/permgrid"
	"papergames/games/polygons"
	"papergames/geom"
)

// permutation-grid bias: the score depends only on the permutation the
// dots make (who placed which dot does not matter), so under random play
// the question is over the n! permutations: how many triangles (player
// 1's points) and faces of 4 or more sides (player 2's) the row path and
// the column path make, and who wins how often. Exact for small n by
// enumerating every permutation (cut into units by their first two
// values), with polygons.Counter, the exact integer face counter the
// engine scores with; Monte Carlo with intervals beyond.

func init() {
	register(Question{
		Game:    "permutation-grid",
		Name:    "bias",
		Summary: "triangles against 4+ faces over all n! permutations (exact) and Monte Carlo to n = 30: who is favoured, and where it changes",
		Flags: func(fs *flag.FlagSet) {
			fs.Int("exact", 10, "enumerate every permutation for n = 3 up to this (one per orbit of the square's symmetries; 11 takes about 20 s of CPU, 12 about 4 minutes, 13 about an hour: use --shard)")
			fs.Int("max", 30, "sample permutations up to this n")
			fs.Int("samples", 20000, "random permutations for each n beyond --exact")
		},
		New: newBias,
	})
}

const biasChunk = 1000 // samples in a Monte Carlo unit

type biasJob struct {
	exact, max, samples int
	units               []biasWork
}

type biasWork struct {
	n      int
	exact  bool
	a, b   int // exact: the permutations beginning a, b
	sample int // Monte Carlo: samples in this unit
}

func newBias(p Params) (Job, error) {
	j := &biasJob{exact: p.Int("exact"), max: p.Int("max"), samples: p.Int("samples")}
	if j.exact < 2 || j.exact > 14 || j.max > 200 || j.samples < 0 {
		return nil, usagef("--exact from 2 to 14, --max at most 200, --samples at least 0")
	}
	for n := 3; n <= max(j.exact, j.max); n++ {
		if n <= j.exact {
			// A permutation is counted through the least of its images
			// under the square's symmetries, whose first value is at most
			// (n-1)/2 (flipping the columns maps a to n-1-a).
			for a := range (n + 1) / 2 {
				for b := range n {
					if a != b {
						j.units = append(j.units, biasWork{n: n, exact: true, a: a, b: b})
					}
				}
			}
			continue
		}
		for left := j.samples; left > 0; left -= biasChunk {
			j.units = append(j.units, biasWork{n: n, sample: min(left, biasChunk)})
		}
	}
	return j, nil
}

// Tally is what a set of permutations scored, in exact integers.
type Tally struct {
	N        int   `json:"n"`
	Perms    int64 `json:"perms"`
	Tri      int64 `json:"tri"`     // triangles, summed
	Big      int64 `json:"big"`     // faces of 4 or more sides, summed
	DiffSq   int64 `json:"diff_sq"` // (tri - big)^2, summed
	Wins1    int64 `json:"wins1"`   // more triangles
	Wins2    int64 `json:"wins2"`   // more 4+ faces
	Ties     int64 `json:"ties"`
	Fallback int64 `json:"fallback"`          // drawings the fast counter declined (counted by PermScorer)
	Orbits   int64 `json:"orbits,omitempty"`  // exact: permutations counted, each for its orbit under the square's symmetries
	Checked  int64 `json:"checked,omitempty"` // drawings counted a second time by PermScorer, which agreed
}

func (t *Tally) add(u *Tally) {
	t.Perms += u.Perms
	t.Tri += u.Tri
	t.Big += u.Big
	t.DiffSq += u.DiffSq
	t.Wins1 += u.Wins1
	t.Wins2 += u.Wins2
	t.Ties += u.Ties
	t.Fallback += u.Fallback
	t.Orbits += u.Orbits
	t.Checked += u.Checked
}

// PermScorer scores permutations: perm[row] = column of the row's dot.
type PermScorer struct {
	c     polygons.Counter
	segs  []polygons.Seg
	col   []int // row of each column's dot
	sides []int
	gs    []geom.Segment
}

// Score returns the triangles and faces of 4 or more sides of the
// drawing of perm; fallback is true when the fast counter declined it.
func (s *PermScorer) Score(perm []int) (tri, big int, fallback bool) {
	n := len(perm)
	if cap(s.col) < n {
		s.col = make([]int, n)
	}
	s.col = s.col[:n]
	for r, c := range perm {
		s.col[c] = r
	}
	s.segs = s.segs[:0]
	for k := 0; k+1 < n; k++ {
		s.segs = append(s.segs,
			polygons.Seg{AX: int64(perm[k]), AY: int64(k), BX: int64(perm[k+1]), BY: int64(k + 1)},
			polygons.Seg{AX: int64(k), AY: int64(s.col[k]), BX: int64(k + 1), BY: int64(s.col[k+1])})
	}
	sides, ok := s.c.Sides(s.segs, s.sides[:0])
	if !ok {
		fallback = true
		s.gs = s.gs[:0]
		for _, g := range s.segs {
			s.gs = append(s.gs, geom.SegInt(g.AX, g.AY, g.BX, g.BY))
		}
		var err error
		if sides, err = polygons.ArrangeSides(s.gs, s.sides[:0]); err != nil {
			panic("permutation-grid: " + err.Error())
		}
	}
	s.sides = sides
	for _, k := range sides {
		if k == 3 {
			tri++
		} else {
			big++
		}
	}
	return tri, big, fallback
}

// biasScorer counts faces with GridCounter, and every checkEvery-th
// drawing (and any the fast counter declines) with PermScorer too.
type biasScorer struct {
	g GridCounter
	s PermScorer
	k int
}

const checkEvery = 1024

// score adds the drawing of perm, w times (w permutations draw it up to
// a symmetry of the square).
func (t *Tally) score(sc *biasScorer, perm []int, w int64) error {
	tri, big, ok := sc.g.Count(perm)
	if !ok {
		t.Fallback++
		tri, big, _ = sc.s.Score(perm)
	} else if sc.k++; sc.k%checkEvery == 0 {
		t2, b2, _ := sc.s.Score(perm)
		if t2 != tri || b2 != big {
			return fmt.Errorf("permutation %v: the fast counter finds %d triangles and %d other faces, PermScorer %d and %d", perm, tri, big, t2, b2)
		}
		t.Checked++
	}
	t.Perms += w
	t.Tri += w * int64(tri)
	t.Big += w * int64(big)
	d := int64(tri - big)
	t.DiffSq += w * d * d
	switch {
	case tri > big:
		t.Wins1 += w
	case big > tri:
		t.Wins2 += w
	default:
		t.Ties += w
	}
	return nil
}

// orbitWeight is the number of distinct permutations the square's eight
// symmetries make of perm when perm is the least of them in lexicographic
// order, and 0 when it is not. inv is perm's inverse (the transpose).
// Every symmetry maps the row path and the column path onto the row path
// and the column path (the transpose swaps them), so the drawing, and its
// score, is the same for all of them.
func orbitWeight(perm, inv []int) int64 {
	n := len(perm)
	same := 1
	for t := 1; t < 8; t++ {
		src := perm
		if t&4 != 0 {
			src = inv
		}
		c := 0
		for k := 0; k < n && c == 0; k++ {
			i := k
			if t&1 != 0 {
				i = n - 1 - k
			}
			v := src[i]
			if t&2 != 0 {
				v = n - 1 - v
			}
			c = v - perm[k]
		}
		switch {
		case c < 0:
			return 0
		case c == 0:
			same++
		}
	}
	return int64(8 / same)
}

func (j *biasJob) Units() int   { return len(j.units) }
func (j *biasJob) NewUnit() any { return new(Tally) }

func (j *biasJob) Unit(i int, seed uint64) (any, error) {
	w := j.units[i]
	t := &Tally{N: w.n}
	var sc biasScorer
	if w.exact {
		perm := make([]int, w.n)
		inv := make([]int, w.n)
		perm[0], perm[1] = w.a, w.b
		rest := perm[2:]
		k := 0
		for v := range w.n {
			if v != w.a && v != w.b {
				rest[k] = v
				k++
			}
		}
		// every order of rest, in lexicographic order from sorted
		for {
			for r, c := range perm {
				inv[c] = r
			}
			if wt := orbitWeight(perm, inv); wt > 0 {
				t.Orbits++
				if err := t.score(&sc, perm, wt); err != nil {
					return nil, err
				}
			}
			if !nextPerm(rest) {
				break
			}
		}
		return t, nil
	}
	rng := Rand(seed, uint64(i))
	perm := make([]int, w.n)
	for range w.sample {
		for k := range perm {
			perm[k] = k
		}
		rng.Shuffle(w.n, func(a, b int) { perm[a], perm[b] = perm[b], perm[a] })
		if err := t.score(&sc, perm, 1); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// nextPerm steps p to the next permutation in lexicographic order; false
// after the last.
func nextPerm(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	k := len(p) - 1
	for p[k] <= p[i] {
		k--
	}
	p[i], p[k] = p[k], p[i]
	for a, b := i+1, len(p)-1; a < b; a, b = a+1, b-1 {
		p[a], p[b] = p[b], p[a]
	}
	return true
}

func (j *biasJob) Report(units []any) (*Result, error) {
	r := &Result{
		Title: "bias of Polygons In Permutation Grid under random play: triangles (player 1) against faces of 4 or more sides (player 2)",
		Method: fmt.Sprintf("exhaustive over all n! permutations for n = 3..%d, one per orbit of the square's eight symmetries with the orbit's size as weight (faces counted exactly by GridCounter, every %dth drawing again by PermScorer, the engine's polygons.Counter); "+
			"Monte Carlo beyond, to n = %d: %d uniform random permutations per n, seeded per unit of %d (PCG), 95%% intervals (Wilson for frequencies, normal for the mean difference)",
			j.exact, checkEvery, j.max, j.samples, biasChunk),
	}
	byN := map[int]*Tally{}
	var ns []int
	for k, x := range units {
		u := x.(*Tally)
		w := j.units[k]
		t, ok := byN[w.n]
		if !ok {
			t = &Tally{N: w.n}
			byN[w.n] = t
			ns = append(ns, w.n)
		}
		t.add(u)
	}
	tab := Table{Columns: []string{"n", "method", "permutations", "mean triangles", "mean 4+ faces", "mean difference (P1-P2)", "P1 wins", "P2 wins", "ties", "favoured"}}
	diff := Series{Name: "mean triangles - mean 4+ faces"}
	w1 := Series{Name: "P(player 1 wins)"}
	w2 := Series{Name: "P(player 2 wins)"}
	prev, changes := 0, []string{}
	for _, n := range ns {
		t := byN[n]
		exact := n <= j.exact
		method := "exact"
		if !exact {
			method = "MC"
		}
		mt, mb := ratio(t.Tri, t.Perms), ratio(t.Big, t.Perms)
		md := ratio(t.Tri-t.Big, t.Perms)
		mdf, _ := md.Float64()
		var cell func(k int64) string
		var lo, hi float64
		if exact {
			cell = func(k int64) string { return fmt.Sprintf("%d (%s)", k, pct(k, t.Perms)) }
			lo, hi = mdf, mdf
		} else {
			cell = func(k int64) string {
				l, h := wilson(k, t.Perms)
				return fmt.Sprintf("%s [%.1f, %.1f]%%", pct(k, t.Perms), 100*l, 100*h)
			}
			sd := math.Sqrt(math.Max(0, float64(t.DiffSq)/float64(t.Perms)-mdf*mdf))
			h := 1.96 * sd / math.Sqrt(float64(t.Perms))
			lo, hi = mdf-h, mdf+h
		}
		mdCell := md.FloatString(4)
		if !exact {
			mdCell = fmt.Sprintf("%s ± %.4f", md.FloatString(4), (hi-lo)/2)
		} else if !md.IsInt() && md.Denom().BitLen() < 40 {
			mdCell += " (" + md.RatString() + ")"
		}
		fav := "even"
		sign := 0
		switch {
		case t.Wins1 > t.Wins2:
			fav, sign = "player 1", 1
		case t.Wins2 > t.Wins1:
			fav, sign = "player 2", -1
		}
		if !exact {
			l1, h1 := wilson(t.Wins1, t.Perms)
			l2, h2 := wilson(t.Wins2, t.Perms)
			if l1 <= h2 && l2 <= h1 {
				fav += " (not significant)"
			}
		}
		if prev != 0 && sign != 0 && sign != prev {
			changes = append(changes, fmt.Sprintf("between n = %d and %d", n-1, n))
		}
		if sign != 0 {
			prev = sign
		}
		mtCell, mbCell := mt.FloatString(4), mb.FloatString(4)
		if exact {
			mtCell, mbCell = fracCell(mt), fracCell(mb)
		}
		tab.Rows = append(tab.Rows, []string{strconv.Itoa(n), method, strconv.FormatInt(t.Perms, 10), mtCell, mbCell, mdCell, cell(t.Wins1), cell(t.Wins2), cell(t.Ties), fav})
		diff.X, diff.Y, diff.Lo, diff.Hi = append(diff.X, float64(n)), append(diff.Y, mdf), append(diff.Lo, lo), append(diff.Hi, hi)
		for _, s := range []struct {
			ser *Series
			k   int64
		}{{&w1, t.Wins1}, {&w2, t.Wins2}} {
			p := float64(s.k) / float64(t.Perms)
			l, h := p, p
			if !exact {
				l, h = wilson(s.k, t.Perms)
			}
			s.ser.X, s.ser.Y, s.ser.Lo, s.ser.Hi = append(s.ser.X, float64(n)), append(s.ser.Y, p), append(s.ser.Lo, l), append(s.ser.Hi, h)
		}
	}
	r.Tables = []Table{tab}
	var fb, checked int64
	for _, n := range ns {
		t := byN[n]
		fb += t.Fallback
		checked += t.Checked
		if n <= j.exact && t.Perms != factorial(n) {
			return nil, fmt.Errorf("n = %d: the orbits weigh %d permutations, not %d! = %d", n, t.Perms, n, factorial(n))
		}
	}
	if len(changes) == 0 {
		r.Answer = append(r.Answer, "the side favoured (more wins) never changes over the n computed")
	} else {
		r.Answer = append(r.Answer, "the side favoured (more wins) changes "+joinAnd(changes))
	}
	r.Answer = append(r.Answer, fmt.Sprintf("%d drawings were counted by PermScorer after the fast counter declined them; %d more were counted by both, which agreed", fb, checked))
	r.Chart = &Chart{Title: "Polygons In Permutation Grid: who random permutations favour", X: "grid size n", Y: "probability", Series: []Series{w1, w2}, Legend: "middle left"}
	return r, nil
}

// fracCell writes an exact mean as a decimal and, when it is not whole,
// as the fraction.
func fracCell(r *big.Rat) string {
	if r.IsInt() {
		return r.FloatString(4)
	}
	return r.FloatString(4) + " (" + r.RatString() + ")"
}

func factorial(n int) int64 {
	f := int64(1)
	for k := 2; k <= n; k++ {
		f *= int64(k)
	}
	return f
}

func ratio(a, b int64) *big.Rat { return big.NewRat(a, max(b, 1)) }

func pct(k, n int64) string {
	return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(max(n, 1)))
}

// wilson is the 95% Wilson score interval of k successes in n.
func wilson(k, n int64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	z := 1.96
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	c := (p + z*z/(2*nn)) / den
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return math.Max(0, c-h), math.Min(1, c+h)
}

func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := s[0]
	for _, x := range s[1 : len(s)-1] {
		out += ", " + x
	}
	return out + " and " + s[len(s)-1]
}

// permutation-grid strategy: players who look ahead against random ones.
// A "rollout" player tries every free crossing, finishes the grid at
// random R times after each and plays the one with the best mean of its
// own points minus the other's (ties to the first in the engine's
// order); a "random" player places uniformly. Dots go through the game's
// engine (games/permgrid), which scores the finished round.

func init() {
	register(Question{
		Game:    "permutation-grid",
		Name:    "strategy",
		Summary: "rollout players (1-ply Monte Carlo search) against random ones: does looking ahead change who wins?",
		Flags: func(fs *flag.FlagSet) {
			fs.String("sizes", "6,8,10", "grid sizes n")
			fs.Int("games", 200, "games of each pairing and size")
			fs.Int("rollouts", 8, "random completions a rollout player tries after each candidate dot")
		},
		New: newStrategy,
	})
}

var pairings = [][2]string{{"random", "random"}, {"rollout", "random"}, {"random", "rollout"}, {"rollout", "rollout"}}

type strategyJob struct {
	sizes           []int
	games, rollouts int
}

func newStrategy(p Params) (Job, error) {
	j := &strategyJob{games: p.Int("games"), rollouts: p.Int("rollouts")}
	for _, f := range splitList(p["sizes"]) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 3 || n > 40 {
			return nil, usagef("--sizes: %q is not a size from 3 to 40", f)
		}
		j.sizes = append(j.sizes, n)
	}
	if j.games < 1 || j.rollouts < 1 {
		return nil, usagef("--games and --rollouts must be at least 1")
	}
	return j, nil
}

func (j *strategyJob) Units() int   { return len(j.sizes) * len(pairings) * j.games }
func (j *strategyJob) NewUnit() any { return new([2]int) }

func (j *strategyJob) Unit(i int, seed uint64) (any, error) {
	pr := pairings[(i/j.games)%len(pairings)]
	n := j.sizes[i/j.games/len(pairings)]
	rng := Rand(seed, uint64(i))
	st, err := permgrid.New(n, []string{"p1", "p2"}, 0)
	if err != nil {
		return nil, err
	}
	var s PermScorer
	var buf []permgrid.Move
	perm := make([]int, n)
	for !st.Over() {
		seat := st.ToMove()
		buf = st.Moves(buf[:0])
		mv := buf[rng.IntN(len(buf))]
		if pr[seat] == "rollout" {
			best := math.MinInt
			for _, c := range buf {
				st.Play(c)
				tot := 0
				for range j.rollouts {
					tri, big := rollout(st, n, perm, rng, &s)
					if seat == 0 {
						tot += tri - big
					} else {
						tot += big - tri
					}
				}
				st.Undo()
				if tot > best {
					best, mv = tot, c
				}
			}
		}
		if err := st.Play(mv); err != nil {
			return nil, err
		}
	}
	sc := st.Scores()
	return &[2]int{sc[0], sc[1]}, nil
}

// rollout finishes the grid of st at random (without changing st) and
// scores it.
func rollout(st *permgrid.State, n int, perm []int, rng interface{ Shuffle(int, func(int, int)) }, s *PermScorer) (tri, big int) {
	usedRow := make([]bool, n)
	usedCol := make([]bool, n)
	for i := range perm {
		perm[i] = -1
	}
	for _, d := range st.Dots() {
		perm[d.Row] = d.Col
		usedRow[d.Row], usedCol[d.Col] = true, true
	}
	var cols []int
	for c := range n {
		if !usedCol[c] {
			cols = append(cols, c)
		}
	}
	rng.Shuffle(len(cols), func(a, b int) { cols[a], cols[b] = cols[b], cols[a] })
	k := 0
	for r := range n {
		if !usedRow[r] {
			perm[r] = cols[k]
			k++
		}
	}
	tri, big, _ = s.Score(perm)
	return tri, big
}

func (j *strategyJob) Report(units []any) (*Result, error) {
	r := &Result{
		Title: "Polygons In Permutation Grid: rollout players against random ones",
		Method: fmt.Sprintf("Monte Carlo: %d games of each pairing and size through the game's engine, seeded per game (PCG); a rollout player tries every free crossing with %d random completions each (1-ply flat Monte Carlo search); 95%% Wilson intervals",
			j.games, j.rollouts),
	}
	t := Table{Columns: []string{"n", "player 1", "player 2", "P1 wins", "P2 wins", "ties", "mean triangles", "mean 4+ faces"}}
	var series []Series
	for si, n := range j.sizes {
		for pi, pr := range pairings {
			var w1, w2, ties, tri, bigs int64
			for g := range j.games {
				u := units[(si*len(pairings)+pi)*j.games+g].(*[2]int)
				tri += int64(u[0])
				bigs += int64(u[1])
				switch {
				case u[0] > u[1]:
					w1++
				case u[1] > u[0]:
					w2++
				default:
					ties++
				}
			}
			gs := int64(j.games)
			cell := func(k int64) string {
				l, h := wilson(k, gs)
				return fmt.Sprintf("%s [%.0f, %.0f]%%", pct(k, gs), 100*l, 100*h)
			}
			t.Rows = append(t.Rows, []string{strconv.Itoa(n), pr[0], pr[1], cell(w1), cell(w2), cell(ties), ratio(tri, gs).FloatString(2), ratio(bigs, gs).FloatString(2)})
			for len(series) <= pi {
				series = append(series, Series{Name: pairings[len(series)][0] + " vs " + pairings[len(series)][1]})
			}
			l, h := wilson(w1, gs)
			s := &series[pi]
			s.X, s.Y, s.Lo, s.Hi = append(s.X, float64(n)), append(s.Y, float64(w1)/float64(gs)), append(s.Lo, l), append(s.Hi, h)
		}
	}
	r.Tables = []Table{t}
	r.Chart = &Chart{Title: "Permutation Grid: player 1's wins by pairing", X: "grid size n", Y: "P(player 1 wins)", Series: series, Legend: "middle right"}
	return r, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
