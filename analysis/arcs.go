package analysis

import (
	"flag"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"papergames/games/arcs"
)

// arcs-and-marks first-move: is moving first an advantage, and does
// rotating the first player make a match fair?
//
// A round has m arcs; the first may be centred anywhere (all marks are
// alike by rotation, so the search fixes centre 1), every later one on
// the next mark clockwise, so a move is a reach k, 1 <= k < m/2, and it
// costs its player the number of earlier arcs it meets. Whether two arcs
// meet depends only on the steps d between their centres and their
// reaches: the table meet[d][k1][k2] is read off the game's engine
// (games/arcs: the cost of an arc drawn after a chain of arcs, minus its
// cost after the same chain without its first arc), so every geometric
// decision is the engine's exact one.
//
//   - Perfect play, 2 players: negamax with alpha-beta over the zero-sum
//     difference of totals (each player minimising own total minus the
//     other's), moves tried cheapest first; one optimal line kept.
//     Cross-checked for small m by the same search playing the engine
//     itself (tests).
//   - 3 and 4 players: max^n (each player minimising own total, ties to
//     the smallest reach), exhaustive.
//   - Greedy: each move meets the fewest, ties to the smallest reach.
//   - Uniformly random play: reaches are independent and uniform, so a
//     seat's expected total is, by linearity, the sum over pairs of moves
//     (i before j, j the seat's) of the fraction of reach pairs that meet:
//     an exact rational. Checked against random playouts of the engine.

func init() {
	register(Question{
		Game:    "arcs-and-marks",
		Name:    "first-move",
		Summary: "perfect-play value for 2 players (and 3, 4), greedy and exact random-play totals: is moving first an advantage?",
		Flags: func(fs *flag.FlagSet) {
			fs.Int("max", 14, "largest m searched for 2 players (even m from 6; 20 takes minutes)")
			fs.Int("multi", 12, "largest m for 3 players, and for 4 unless --multi4 (m a multiple of the players)")
			fs.Int("multi4", 0, "largest m for 4 players (0: --multi)")
			fs.Int("playouts", 20000, "random playouts of the engine checking the exact random-play totals")
		},
		New: newFirstMove,
	})
}

type arcsWork struct{ players, m int }

type firstMoveJob struct {
	work     []arcsWork
	playouts int
}

func newFirstMove(p Params) (Job, error) {
	mx, multi, multi4 := p.Int("max"), p.Int("multi"), p.Int("multi4")
	if multi4 == 0 {
		multi4 = multi
	}
	if mx < 6 || mx > 24 || multi > 24 || multi4 > 24 {
		return nil, usagef("--max from 6 to 24, --multi and --multi4 at most 24")
	}
	j := &firstMoveJob{playouts: p.Int("playouts")}
	for m := 6; m <= mx; m += 2 {
		j.work = append(j.work, arcsWork{2, m})
	}
	for _, pl := range []int{3, 4} {
		top := multi
		if pl == 4 {
			top = multi4
		}
		for m := 2 * pl; m <= top; m += pl {
			if m >= 5 {
				j.work = append(j.work, arcsWork{pl, m})
			}
		}
	}
	return j, nil
}

// MeetTable is meet[d][k1][k2]: an arc of reach k2 centred d marks
// clockwise of an arc of reach k1 meets it (reaches from 1).
type MeetTable struct {
	M, K int
	meet [][][]bool
}

// Meets reports whether the arcs (c1, k1) and (c2, k2) meet.
func (t *MeetTable) Meets(c1, k1, c2, k2 int) bool {
	d := ((c2-c1)%t.M + t.M) % t.M
	return t.meet[d][k1][k2]
}

// NewMeetTable reads the table off the game's engine.
func NewMeetTable(m int) (*MeetTable, error) {
	K := (m - 1) / 2
	t := &MeetTable{M: m, K: K, meet: make([][][]bool, m)}
	last := func(first int, reaches []int) (int, error) {
		st, err := arcs.New(m, []string{""}, 0, first)
		if err != nil {
			return 0, err
		}
		for _, k := range reaches {
			if err := st.Play(arcs.Move{Reach: k}); err != nil {
				return 0, err
			}
		}
		c := st.Counts()
		return c[len(c)-1], nil
	}
	for d := 1; d < m; d++ {
		t.meet[d] = make([][]bool, K+1)
		for k1 := 1; k1 <= K; k1++ {
			t.meet[d][k1] = make([]bool, K+1)
			for k2 := 1; k2 <= K; k2++ {
				chain := make([]int, d+1)
				for i := range chain {
					chain[i] = 1
				}
				chain[0], chain[d] = k1, k2
				with, err := last(1, chain)
				if err != nil {
					return nil, err
				}
				without := 0
				if d > 1 {
					if without, err = last(2, chain[1:]); err != nil {
						return nil, err
					}
				}
				switch with - without {
				case 0:
				case 1:
					t.meet[d][k1][k2] = true
				default:
					return nil, fmt.Errorf("meet table: %d arcs met by dropping one", with-without)
				}
			}
		}
	}
	// d = 0 (the same centre) never happens within a round of m arcs
	t.meet[0] = make([][]bool, K+1)
	for k := range t.meet[0] {
		t.meet[0][k] = make([]bool, K+1)
	}
	return t, nil
}

// arcGame plays a round of m arcs on the table: move j is centred on
// mark j (from 0), its reach chosen.
type arcGame struct {
	t       *MeetTable
	players int
	reach   []int
	nodes   int64
	pvs     [][]int // negamax's line below each depth
}

func (g *arcGame) cost(k int) int {
	j := len(g.reach)
	n := 0
	for i, ki := range g.reach {
		if g.t.meet[j-i][ki][k] {
			n++
		}
	}
	return n
}

// negamax returns the least (own future total - other's) the player to
// move can force, with alpha-beta, and the line into pv.
func (g *arcGame) negamax(alpha, beta int, pv []int) int {
	g.nodes++
	j := len(g.reach)
	if j == g.t.M {
		return 0
	}
	// cheapest first
	var order [32]int
	var costs [32]int
	n := 0
	for k := 1; k <= g.t.K; k++ {
		c := g.cost(k)
		i := n
		for i > 0 && costs[i-1] > c {
			order[i], costs[i] = order[i-1], costs[i-1]
			i--
		}
		order[i], costs[i] = k, c
		n++
	}
	best := 1 << 30
	for len(g.pvs) <= j {
		g.pvs = append(g.pvs, make([]int, g.t.M))
	}
	child := g.pvs[j]
	for i := range n {
		k, c := order[i], costs[i]
		g.reach = append(g.reach, k)
		// value = c - f(child); we want it < beta: f(child) > c - beta
		v := c - g.negamax(c-beta, c-alpha, child)
		g.reach = g.reach[:j]
		if v < best {
			best = v
			pv[j] = k
			copy(pv[j+1:], child[j+1:])
		}
		if best < beta {
			beta = best
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// maxn returns every seat's future total when each player minimises own
// total (ties to the smallest reach), and the line into pv.
func (g *arcGame) maxn(pv []int) []int {
	g.nodes++
	j := len(g.reach)
	if j == g.t.M {
		return make([]int, g.players)
	}
	seat := j % g.players
	var best []int
	child := make([]int, g.t.M)
	for k := 1; k <= g.t.K; k++ {
		c := g.cost(k)
		g.reach = append(g.reach, k)
		v := g.maxn(child)
		g.reach = g.reach[:j]
		v[seat] += c
		if best == nil || v[seat] < best[seat] {
			best = v
			pv[j] = k
			copy(pv[j+1:], child[j+1:])
		}
	}
	return best
}

// totals plays the reaches and returns each seat's total.
func (g *arcGame) totals(reaches []int) []int {
	tot := make([]int, g.players)
	g.reach = g.reach[:0]
	for j, k := range reaches {
		tot[j%g.players] += g.cost(k)
		g.reach = append(g.reach, k)
	}
	g.reach = g.reach[:0]
	return tot
}

// greedy is the line where each move meets the fewest (smallest reach on
// a tie).
func (g *arcGame) greedy() []int {
	g.reach = g.reach[:0]
	for range g.t.M {
		best, bc := 1, 1<<30
		for k := 1; k <= g.t.K; k++ {
			if c := g.cost(k); c < bc {
				best, bc = k, c
			}
		}
		g.reach = append(g.reach, best)
	}
	line := append([]int(nil), g.reach...)
	g.reach = g.reach[:0]
	return line
}

// expected is each seat's exact expected total under uniformly random
// reaches.
func (g *arcGame) expected() []*big.Rat {
	K := g.t.K
	out := make([]*big.Rat, g.players)
	for s := range out {
		out[s] = new(big.Rat)
	}
	for j := 1; j < g.t.M; j++ {
		for i := range j {
			n := 0
			for k1 := 1; k1 <= K; k1++ {
				for k2 := 1; k2 <= K; k2++ {
					if g.t.meet[j-i][k1][k2] {
						n++
					}
				}
			}
			out[j%g.players].Add(out[j%g.players], big.NewRat(int64(n), int64(K*K)))
		}
	}
	return out
}

// arcsUnit is one (players, m) answered.
type arcsUnit struct {
	Players  int       `json:"players"`
	M        int       `json:"m"`
	Perfect  []int     `json:"perfect"`  // seats' totals along the optimal line
	Value    int       `json:"value"`    // 2 players: first minus second under perfect play
	Line     []int     `json:"line"`     // reaches of an optimal line
	Nodes    int64     `json:"nodes"`    // plain alpha-beta (2 players, m <= 16) or max^n (m <= 9); 0: not run
	TTNodes  int64     `json:"tt_nodes"` // the search with the table (MTD(f), or max^n with its cut)
	Greedy   []int     `json:"greedy"`
	GLine    []int     `json:"greedy_line"`
	Expected []string  `json:"expected"` // exact fractions
	MCMean   []float64 `json:"mc_mean"`  // engine playouts
	MCHalf   []float64 `json:"mc_half"`
}

func (j *firstMoveJob) Units() int   { return len(j.work) }
func (j *firstMoveJob) NewUnit() any { return new(arcsUnit) }

func (j *firstMoveJob) Unit(i int, seed uint64) (any, error) {
	w := j.work[i]
	t, err := NewMeetTable(w.m)
	if err != nil {
		return nil, err
	}
	g := &arcGame{t: t, players: w.players}
	u := &arcsUnit{Players: w.players, M: w.m}
	// The search with the table answers; the plain one (alpha-beta as
	// before, or max^n without table and cut) checks it where it is fast
	// enough, and its line is kept there, as before.
	ttMin, slots := 0, 1<<16
	if w.m >= 14 { // about 120 (m = 16) to 150 (m = 20) bytes a slot
		ttMin, slots = 4, 1<<21
	}
	s := newArcsSolver(t, w.players, ttMin, slots)
	s.ttMax = w.m - 4
	var line []int
	if w.players == 2 {
		u.Value, line = s.value(-3)
	} else {
		s.ttMax = w.m - 2
		line = s.maxnLine()
	}
	u.TTNodes = s.nodes
	u.Line = line
	if w.players == 2 && w.m <= 16 || w.players > 2 && w.m <= 9 {
		pv := make([]int, w.m)
		if w.players == 2 {
			if v := g.negamax(-1<<30, 1<<30, pv); v != u.Value {
				return nil, fmt.Errorf("m = %d: alpha-beta finds %d, the search with the table %d", w.m, v, u.Value)
			}
		} else {
			old := g.maxn(pv)
			for seat, v := range g.totals(line) {
				if old[seat] != v {
					return nil, fmt.Errorf("m = %d, %d players: max^n finds %v, the search with the table %v", w.m, w.players, old, g.totals(line))
				}
			}
		}
		u.Line, u.Nodes = pv, g.nodes
	}
	u.Perfect = g.totals(u.Line)
	if w.players == 2 && u.Perfect[0]-u.Perfect[1] != u.Value {
		return nil, fmt.Errorf("m = %d: the optimal line's totals %v do not give the value %d", w.m, u.Perfect, u.Value)
	}
	if et, err := engineTotals(w.m, w.players, u.Line); err != nil || !slices.Equal(et, u.Perfect) {
		return nil, fmt.Errorf("m = %d: the engine scores the line %v as %v (%v), the table as %v", w.m, u.Line, et, err, u.Perfect)
	}
	u.GLine = g.greedy()
	u.Greedy = g.totals(u.GLine)
	for _, e := range g.expected() {
		u.Expected = append(u.Expected, e.RatString())
	}
	// random playouts of the engine itself, as a check
	if j.playouts > 0 {
		rng := Rand(seed, uint64(i))
		sum := make([]float64, w.players)
		sq := make([]float64, w.players)
		st, err := arcs.New(w.m, make([]string, w.players), 0, 0)
		if err != nil {
			return nil, err
		}
		var buf []arcs.Move
		for range j.playouts {
			PlayoutUndo(st, rng, &buf, func(sc []int) {
				for s, v := range sc {
					sum[s] += float64(v)
					sq[s] += float64(v * v)
				}
			})
		}
		for s := range sum {
			m, h := meanCI(sum[s], sq[s], int64(j.playouts))
			u.MCMean, u.MCHalf = append(u.MCMean, m), append(u.MCHalf, h)
		}
	}
	return u, nil
}

func (j *firstMoveJob) Report(units []any) (*Result, error) {
	r := &Result{
		Title: "Arcs And Marks: is moving first an advantage?",
		Method: "meeting table read off the game's engine (exact, games/arcs); 2 players: MTD(f) (null-window alpha-beta on the difference of totals) with a transposition table keyed on the profile of what every future arc would meet (compared in full), checked for m <= 16 by plain alpha-beta, whose line is shown there (from 18: at each centre the first optimal reach in the search's order); " +
			"3 and 4 players: max^n, each minimising own total, ties to the smallest reach, with the same table and a cut (a reach whose own total cannot beat the best found is not searched), checked by plain max^n for m <= 9; every line replayed on the engine; greedy: fewest met, ties to the smallest reach; random play: exact expectation by linearity over pairs of moves, " +
			fmt.Sprintf("checked by %d random playouts of the engine (mean ± 95%% interval)", j.playouts),
	}
	two := Table{Title: "2 players (totals: the lower wins)", Columns: []string{"m", "reaches", "perfect: first", "second", "first - second", "an optimal line (reaches)", "nodes", "nodes (table)", "greedy: first", "second", "random: first (exact)", "second (exact)", "random playouts: first", "second"}}
	multi := Table{Title: "3 and 4 players (max^n: each minimises own total)", Columns: []string{"players", "m", "perfect totals by seat", "line", "nodes", "nodes (table)", "greedy totals", "random expected totals"}}
	nodes := func(n int64) string {
		if n == 0 {
			return "-"
		}
		return strconv.FormatInt(n, 10)
	}
	var val, gre, rnd Series
	val.Name, gre.Name, rnd.Name = "perfect play", "greedy play", "random play (exact expectation)"
	var firstWins, ties, secondWins, bestSeats []string
	for _, x := range units {
		u := x.(*arcsUnit)
		exp := make([]*big.Rat, len(u.Expected))
		for s, e := range u.Expected {
			exp[s], _ = new(big.Rat).SetString(e)
		}
		mc := func(s int) string {
			if len(u.MCMean) <= s {
				return "-"
			}
			return fmt.Sprintf("%.3f ± %.3f", u.MCMean[s], u.MCHalf[s])
		}
		if u.Players == 2 {
			two.Rows = append(two.Rows, []string{strconv.Itoa(u.M), strconv.Itoa((u.M - 1) / 2), strconv.Itoa(u.Perfect[0]), strconv.Itoa(u.Perfect[1]), strconv.Itoa(u.Value), joinInts(u.Line), nodes(u.Nodes), nodes(u.TTNodes),
				strconv.Itoa(u.Greedy[0]), strconv.Itoa(u.Greedy[1]), ratCell(exp[0]), ratCell(exp[1]), mc(0), mc(1)})
			val.X, val.Y = append(val.X, float64(u.M)), append(val.Y, float64(u.Value))
			gre.X, gre.Y = append(gre.X, float64(u.M)), append(gre.Y, float64(u.Greedy[0]-u.Greedy[1]))
			d, _ := new(big.Rat).Sub(exp[0], exp[1]).Float64()
			rnd.X, rnd.Y = append(rnd.X, float64(u.M)), append(rnd.Y, d)
			switch {
			case u.Value < 0:
				firstWins = append(firstWins, strconv.Itoa(u.M))
			case u.Value == 0:
				ties = append(ties, strconv.Itoa(u.M))
			default:
				secondWins = append(secondWins, strconv.Itoa(u.M))
			}
			continue
		}
		var es []string
		for _, e := range exp {
			es = append(es, ratCell(e))
		}
		lo := slices.Min(u.Perfect)
		var seats []string
		for s, v := range u.Perfect {
			if v == lo {
				seats = append(seats, strconv.Itoa(s+1))
			}
		}
		bestSeats = append(bestSeats, fmt.Sprintf("%d players on %d marks: seat %s", u.Players, u.M, strings.Join(seats, " and ")))
		multi.Rows = append(multi.Rows, []string{strconv.Itoa(u.Players), strconv.Itoa(u.M), joinInts(u.Perfect), joinInts(u.Line), nodes(u.Nodes), nodes(u.TTNodes), joinInts(u.Greedy), strings.Join(es, " | ")})
	}
	r.Tables = []Table{two}
	if len(multi.Rows) > 0 {
		r.Tables = append(r.Tables, multi)
	}
	var verdicts []string
	for _, v := range []struct {
		ms   []string
		what string
	}{{firstWins, "the first player ends with the lower total (wins)"}, {ties, "the totals tie"}, {secondWins, "the second player wins"}} {
		if len(v.ms) > 0 {
			verdicts = append(verdicts, fmt.Sprintf("%s for m = %s", v.what, strings.Join(v.ms, ", ")))
		}
	}
	if len(verdicts) == 0 {
		verdicts = []string{"no value computed for 2 players"}
	}
	r.Answer = append(r.Answer,
		"2 players, perfect play: "+strings.Join(verdicts, "; "),
		"rotating the first player over rounds makes a match fair exactly: the value of a round depends only on the seats, so over p rounds in which every player starts once each player plays every seat once, and under the same play (perfect, greedy, or random in expectation) the totals are equal; the advantage is per round, not per match",
	)
	if len(bestSeats) > 0 {
		r.Answer = append(r.Answer, "3 and 4 players, max^n: the lowest total goes to "+strings.Join(bestSeats, "; "))
	}
	r.Chart = &Chart{Title: "Arcs And Marks, 2 players: first player's total minus second's", X: "marks m", Y: "first - second (negative: first wins)", Series: []Series{val, gre, rnd}, Legend: "bottom left"}
	return r, nil
}

func ratCell(r *big.Rat) string {
	f, _ := r.Float64()
	if r.IsInt() {
		return r.RatString()
	}
	return fmt.Sprintf("%.3f (%s)", f, r.RatString())
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

// engineTotals plays the reaches on the game's engine (first centre on
// mark 1) and returns every seat's total.
func engineTotals(m, players int, reaches []int) ([]int, error) {
	st, err := arcs.New(m, make([]string, players), 0, 1)
	if err != nil {
		return nil, err
	}
	for _, k := range reaches {
		if err := st.Play(arcs.Move{Reach: k}); err != nil {
			return nil, err
		}
	}
	if !st.Over() {
		return nil, fmt.Errorf("the round is not over after %d arcs", len(reaches))
	}
	return st.Scores(), nil
}

// PlayoutUndo plays st to the end at random, reports the scores, and
// takes every move back.
func PlayoutUndo(st *arcs.State, rng interface{ IntN(int) int }, buf *[]arcs.Move, f func([]int)) {
	n := 0
	for !st.Over() {
		*buf = st.Moves((*buf)[:0])
		if err := st.Play((*buf)[rng.IntN(len(*buf))]); err != nil {
			panic(err)
		}
		n++
	}
	f(st.Scores())
	for range n {
		st.Undo()
	}
}
