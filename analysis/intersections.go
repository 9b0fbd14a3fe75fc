package analysis

import (
	"flag"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"papergames/games/intersections"
)

// making-intersections minimum: the fewest horizontal and vertical
// segments joining every dot of a j-by-k array to each orthogonal
// neighbour, no two crossing (a dot strictly inside both) or coinciding,
// against the post's j*k - j - k + 4.
//
// Two formulations, computed independently:
//
// Lines (any j, k): a line (row or column) is covered by segments that
// do not overlap, so it is cut at a set of its inner dots, its breaks, and
// holds 1 + breaks segments. A row segment and a column segment cross
// exactly where a dot is inner to both lines and neither is cut there.
// The search chooses each row's breaks (depth first, 2^(k-2) choices a
// row); a column must then be cut at every inner dot where a row passes
// straight through, and cutting it elsewhere only adds segments, so each
// row choice has one best completion. Branch and bound: segments so far +
// one for every row still to choose + one for every column + the column
// cuts already forced; it counts every optimal layout.
//
// Segments (square boards, through games/intersections' engine): depth
// first over single segments, each covering the first gap not yet covered
// (so every set of segments is met once), every one checked by the
// engine's Check; iterative deepening with the bound "one segment for
// every line with a gap not yet covered".

func init() {
	register(Question{
		Game:    "making-intersections",
		Name:    "minimum",
		Summary: "fewest non-crossing segments joining every dot of a j-by-k array to its neighbours, against j*k-j-k+4",
		Flags: func(fs *flag.FlagSet) {
			fs.Int("max", 6, "largest side j, k searched by the lines formulation (1 <= j <= k <= max)")
			fs.Int("engine-max", 4, "largest n for the n-by-n cross-check through the game's engine")
			fs.Int("draw", 0, "side of the square array whose optimal layout --plot draws (default 5, or --max when smaller)")
		},
		New: newMinimum,
	})
}

type minimumJob struct {
	pairs  [][2]int // j <= k
	engMax int
	draw   int
}

func newMinimum(p Params) (Job, error) {
	mx, em, dr := p.Int("max"), p.Int("engine-max"), p.Int("draw")
	if mx < 1 || mx > 9 {
		return nil, usagef("--max %d: from 1 to 9 (the lines search doubles for every inner dot)", mx)
	}
	if em < 0 || em > 6 {
		return nil, usagef("--engine-max %d: from 0 (none) to 6", em)
	}
	if dr == 0 {
		dr = min(5, mx) // a single row (--max 1) has no layout worth drawing
	}
	if mx >= 2 && (dr < 2 || dr > mx) {
		return nil, usagef("--draw %d: from 2 to --max", dr)
	}
	j := &minimumJob{engMax: em, draw: dr}
	for a := 1; a <= mx; a++ {
		for b := a; b <= mx; b++ {
			j.pairs = append(j.pairs, [2]int{a, b})
		}
	}
	return j, nil
}

// minUnit is one array's answer.
type minUnit struct {
	J       int    `json:"j"`
	K       int    `json:"k"`
	Min     int    `json:"min"`     // lines formulation
	Optimal string `json:"optimal"` // optimal layouts, an exact integer
	Nodes   int64  `json:"nodes"`
	Layout  []Seg  `json:"layout"`         // the first optimal layout found
	Engine  int    `json:"engine"`         // segments formulation, -1 not run
	ENodes  int64  `json:"engine_nodes"`   // its search nodes
	EOpt    int64  `json:"engine_optimal"` // optimal layouts it met
}

// Seg is a segment of a layout between dots (column, row), from 0.
type Seg struct{ C1, R1, C2, R2 int }

func (j *minimumJob) Units() int   { return len(j.pairs) }
func (j *minimumJob) NewUnit() any { return new(minUnit) }

func (j *minimumJob) Unit(i int, _ uint64) (any, error) {
	a, b := j.pairs[i][0], j.pairs[i][1]
	u := &minUnit{J: a, K: b, Engine: -1}
	s := LinesMinimum(a, b)
	u.Min, u.Optimal, u.Nodes, u.Layout = s.Min, s.Optimal.String(), s.Nodes, s.Layout
	if a == b && a >= 2 && a <= j.engMax {
		e, err := EngineMinimum(a)
		if err != nil {
			return nil, err
		}
		u.Engine, u.ENodes, u.EOpt = e.Min, e.Nodes, e.Optimal
	}
	return u, nil
}

// Formula is the post's conjecture, j*k - j - k + 4.
func Formula(j, k int) int { return j*k - j - k + 4 }

func (j *minimumJob) Report(units []any) (*Result, error) {
	r := &Result{
		Title: "fewest segments joining every dot of a j-by-k array to its orthogonal neighbours, without crossing",
		Method: "exhaustive branch and bound over each row's cuts (columns then forced), counting every optimal layout; " +
			fmt.Sprintf("cross-checked for n-by-n, n <= %d, by iterative deepening over single segments checked by the game's engine (bound: one segment per line with a gap left)", j.engMax),
	}
	t := Table{Title: "minimum segments", Columns: []string{"j", "k", "post j*k-j-k+4", "minimum (lines)", "minimum (engine)", "optimal layouts", "2^((j-2)(k-2))", "nodes", "holds"}}
	holds, fails := 0, []string{}
	var drawn *minUnit
	for _, x := range units {
		u := x.(*minUnit)
		f := Formula(u.J, u.K)
		eng := "-"
		if u.Engine >= 0 {
			eng = fmt.Sprintf("%d (%d layouts)", u.Engine, u.EOpt)
			if strconv.FormatInt(u.EOpt, 10) != u.Optimal {
				return nil, fmt.Errorf("%dx%d: the two formulations count %s and %d optimal layouts", u.J, u.K, u.Optimal, u.EOpt)
			}
			if u.Engine != u.Min {
				return nil, fmt.Errorf("%dx%d: the two formulations disagree: %d and %d", u.J, u.K, u.Min, u.Engine)
			}
		}
		pow := "-"
		if u.J >= 2 {
			pow = new(big.Int).Lsh(big.NewInt(1), uint((u.J-2)*(u.K-2))).String()
		}
		ok := "yes"
		if f != u.Min {
			ok = "no"
			fails = append(fails, fmt.Sprintf("%dx%d", u.J, u.K))
		} else {
			holds++
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(u.J), strconv.Itoa(u.K), strconv.Itoa(f), strconv.Itoa(u.Min), eng, u.Optimal, pow, strconv.FormatInt(u.Nodes, 10), ok})
		if u.J == j.draw && u.K == j.draw {
			drawn = u
		}
	}
	r.Tables = []Table{t}
	r.Answer = append(r.Answer,
		fmt.Sprintf("the post's j*k - j - k + 4 is the exact minimum for every array searched with j, k >= 2 (%d of %d arrays hold)", holds, len(units)),
		fmt.Sprintf("it fails only for a single row (%s): one segment joins them all (none for one dot), where the formula says 3 (j = 1: k - 1 - k + 4)", strings.Join(fails, ", ")),
		"why, for j, k >= 2: every row and column needs a segment (j + k), and each of the (j-2)(k-2) inner dots needs a cut in its row or its column, else the two segments through it cross; cutting exactly one of the two at every inner dot is legal, so the minimum is j + k + (j-2)(k-2) = j*k - j - k + 4, reached by exactly 2^((j-2)(k-2)) layouts, as the searches count",
	)
	if drawn != nil {
		d := &Drawing{Gap: 0.12}
		for r := 0; r < drawn.J; r++ {
			for c := 0; c < drawn.K; c++ {
				d.Dots = append(d.Dots, [2]float64{float64(c), float64(-r)})
			}
		}
		for _, s := range drawn.Layout {
			d.Segments = append(d.Segments, [4]float64{float64(s.C1), float64(-s.R1), float64(s.C2), float64(-s.R2)})
		}
		r.Chart = &Chart{Title: fmt.Sprintf("Optimal %d-by-%d layout: %d segments (gaps mark segment ends)", drawn.J, drawn.K, drawn.Min), Drawing: d}
	}
	return r, nil
}

// Search is the answer of one search for the minimum.
type Search struct {
	Min     int
	Optimal *big.Int // optimal layouts
	Nodes   int64
	Layout  []Seg
}

// LinesMinimum finds the fewest segments for a j-by-k array (j rows of k
// dots) by the lines formulation, counting the optimal layouts.
func LinesMinimum(j, k int) Search {
	s := &linesSearch{j: j, k: k, best: 1 << 30, count: new(big.Int)}
	s.rows = make([]uint32, j)
	s.forced = make([]int, k)
	s.dfs(0, 0, 0)
	return Search{Min: s.best, Optimal: s.count, Nodes: s.nodes, Layout: s.layout}
}

type linesSearch struct {
	j, k   int
	rows   []uint32 // breaks of each row chosen: bit c = cut at column c
	forced []int    // column c's forced cuts so far
	nforce int
	best   int
	count  *big.Int
	nodes  int64
	layout []Seg
}

// dfs chooses row r's cuts; cost is the row segments so far.
func (s *linesSearch) dfs(r, cost, _ int) {
	s.nodes++
	lb := cost + (s.j - r) + s.linesOfColumns()
	if s.k == 1 {
		lb = cost + s.linesOfColumns()
	}
	if lb > s.best {
		return
	}
	if r == s.j {
		if lb < s.best {
			s.best = lb
			s.count.SetInt64(0)
			s.layout = s.segments()
		}
		s.count.Add(s.count, big.NewInt(1))
		return
	}
	inner := max(s.k-2, 0) // a row's inner dots: columns 1..k-2
	rowSegs := 0
	if s.k > 1 {
		rowSegs = 1
	}
	for mask := uint32(0); mask < 1<<inner; mask++ {
		cut := mask << 1 // bit c: cut at column c
		// the row passes straight through inner dot c when not cut there;
		// in an inner row that forces a cut of column c.
		if r > 0 && r < s.j-1 {
			for c := 1; c <= s.k-2; c++ {
				if cut&(1<<c) == 0 {
					s.forced[c]++
					s.nforce++
				}
			}
		}
		s.rows[r] = cut
		s.dfs(r+1, cost+rowSegs+popcount(cut), 0)
		if r > 0 && r < s.j-1 {
			for c := 1; c <= s.k-2; c++ {
				if cut&(1<<c) == 0 {
					s.forced[c]--
					s.nforce--
				}
			}
		}
	}
}

// linesOfColumns is the columns' segments with the cuts forced so far.
func (s *linesSearch) linesOfColumns() int {
	if s.j == 1 {
		return 0
	}
	return s.k + s.nforce
}

// segments writes the current layout (rows chosen, columns cut where
// forced).
func (s *linesSearch) segments() []Seg {
	var out []Seg
	for r := 0; r < s.j; r++ {
		if s.k == 1 {
			break
		}
		a := 0
		for c := 1; c < s.k; c++ {
			if c == s.k-1 || s.rows[r]&(1<<c) != 0 {
				out = append(out, Seg{a, r, c, r})
				a = c
			}
		}
	}
	if s.j == 1 {
		return out
	}
	for c := 0; c < s.k; c++ {
		a := 0
		for r := 1; r < s.j; r++ {
			through := r < s.j-1 && c > 0 && c < s.k-1 && s.rows[r]&(1<<c) == 0
			if r == s.j-1 || through {
				out = append(out, Seg{c, a, c, r})
				a = r
			}
		}
	}
	return out
}

func popcount(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// EngineSearch is the answer of the segments formulation.
type EngineSearch struct {
	Min     int
	Optimal int64
	Nodes   int64
}

// EngineMinimum finds the fewest segments for the n-by-n array by
// iterative deepening over single segments, each checked by the game's
// engine, and counts the optimal layouts.
func EngineMinimum(n int) (EngineSearch, error) {
	st, err := intersections.New(n, 4*n*n, []string{"a", "b"}, 0)
	if err != nil {
		return EngineSearch{}, err
	}
	e := &engSearch{n: n, st: st, covered: make([]bool, 2*n*(n-1))}
	for limit := 0; ; limit++ {
		e.limit, e.found = limit, 0
		if err := e.dfs(0); err != nil {
			return EngineSearch{}, err
		}
		if e.found > 0 {
			return EngineSearch{Min: limit, Optimal: e.found, Nodes: e.nodes}, nil
		}
	}
}

type engSearch struct {
	n       int
	st      *intersections.State
	covered []bool // gaps: rows first (row r, gap x: r*(n-1)+x), then columns
	limit   int
	found   int64
	nodes   int64
}

// lineOf gives gap g's line (0..2n-1) and position.
func (e *engSearch) lineOf(g int) (line, x int) { return g / (e.n - 1), g % (e.n - 1) }

func (e *engSearch) move(line, x, y int) intersections.Move {
	if line < e.n { // row
		return intersections.Move{A: intersections.Dot{C: int8(x), R: int8(line)}, B: intersections.Dot{C: int8(y), R: int8(line)}}
	}
	c := line - e.n
	return intersections.Move{A: intersections.Dot{C: int8(c), R: int8(x)}, B: intersections.Dot{C: int8(c), R: int8(y)}}
}

func (e *engSearch) dfs(depth int) error {
	e.nodes++
	// bound: one segment for every line with a gap left
	open, first := 0, -1
	for line := 0; line < 2*e.n; line++ {
		for x := 0; x < e.n-1; x++ {
			if g := line*(e.n-1) + x; !e.covered[g] {
				open++
				if first < 0 {
					first = g
				}
				break
			}
		}
	}
	if first < 0 {
		if depth == e.limit {
			e.found++
		}
		return nil
	}
	if depth+open > e.limit {
		return nil
	}
	line, x := e.lineOf(first)
	for y := x + 1; y <= e.n-1; y++ {
		if e.covered[line*(e.n-1)+y-1] {
			break
		}
		m := e.move(line, x, y)
		if e.st.Check(m) != nil {
			continue
		}
		if err := e.st.Play(m); err != nil {
			return err
		}
		for g := x; g < y; g++ {
			e.covered[line*(e.n-1)+g] = true
		}
		if err := e.dfs(depth + 1); err != nil {
			return err
		}
		for g := x; g < y; g++ {
			e.covered[line*(e.n-1)+g] = false
		}
		if err := e.st.Undo(); err != nil {
			return err
		}
	}
	return nil
}
