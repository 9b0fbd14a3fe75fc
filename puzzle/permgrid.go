package puzzle

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"papergames/analysis"
	"papergames/boards"
	"papergames/games"
	"papergames/games/permgrid"
	"papergames/input"
	"papergames/layout"
)

var mostKind = Kind{
	Name:   "permgrid-most",
	Title:  "Permutation Grid most faces",
	Credit: "Puzzles on Leroy Quet's game Polygons In Permutation Grid",
	Instructions: "Place one dot on every row and every column (some are printed). Join the dots row by row (row 1's dot to row 2's, and so on) and column by column. " +
		"Place them so the lines cut out as many faces of the kind asked as you can: triangles, or faces of 4 or more sides.",
	Value:   "the most faces of the kind asked, over every placement",
	PerPage: [3]int{6, 6, 4},
	Make:    makeMost,
}

// mostLevels: the grid's lines and the dots printed. The search scores
// every placement of the dots left: 3! = 6 at easy, 5! = 120 at medium,
// 7! = 5040 at hard.
var mostLevels = [3]struct{ n, given int }{Easy: {5, 2}, Medium: {6, 1}, Hard: {8, 1}}

// Most is a Permutation Grid puzzle: n lines each way, dots printed at
// Given (column by row, -1 for none), and the faces to make the most of.
type Most struct {
	N         int
	Given     []int // row -> column of a printed dot, -1 for none
	Triangles bool  // the most triangles; else the most faces of 4+ sides
}

func (p Most) goal() string {
	if p.Triangles {
		return "triangles"
	}
	return "4+ sided faces"
}

// count writes n of the goal's faces: "1 triangle", "2 faces of 4 or
// more sides".
func (p Most) count(n int) string {
	switch {
	case p.Triangles && n == 1:
		return "1 triangle"
	case p.Triangles:
		return fmt.Sprintf("%d triangles", n)
	case n == 1:
		return "1 face of 4 or more sides"
	}
	return fmt.Sprintf("%d faces of 4 or more sides", n)
}

func (p Most) short() string {
	if p.Triangles {
		return "triangles"
	}
	return "4+ faces"
}

func (p Most) givenNames() string {
	var g []string
	for r, c := range p.Given {
		if c >= 0 {
			g = append(g, boards.CellName(c, r))
		}
	}
	return strings.Join(g, " ")
}

// ID is the puzzle's id: the grid, the printed dots and the goal.
func (p Most) ID() string {
	return "P" + games.BoardID(fmt.Sprintf("permutation-grid most n=%d given=%s goal=%s", p.N, p.givenNames(), p.goal()))
}

// Solve scores every placement that keeps the printed dots (analysis's
// PermScorer) and returns the most faces of the goal's kind, a placement
// reaching it (the first in lexicographic order), and the placements
// scored.
func (p Most) Solve() (best int, perm []int, nodes int) {
	var sc analysis.PermScorer
	cur := make([]int, p.N)
	usedCol := make([]bool, p.N)
	for _, c := range p.Given {
		if c >= 0 {
			usedCol[c] = true
		}
	}
	best = -1
	var rec func(r int)
	rec = func(r int) {
		if r == p.N {
			nodes++
			tri, big, _ := sc.Score(cur)
			v := big
			if p.Triangles {
				v = tri
			}
			if v > best {
				best, perm = v, append([]int(nil), cur...)
			}
			return
		}
		if c := p.Given[r]; c >= 0 {
			cur[r] = c
			rec(r + 1)
			return
		}
		for c := range p.N {
			if !usedCol[c] {
				usedCol[c] = true
				cur[r] = c
				rec(r + 1)
				usedCol[c] = false
			}
		}
	}
	rec(0)
	return best, perm, nodes
}

func makeMost(rng, _ *rand.Rand, d Difficulty, _ int) (*Item, error) {
	lv := mostLevels[d]
	p := Most{N: lv.n, Given: make([]int, lv.n), Triangles: rng.IntN(2) == 0}
	for i := range p.Given {
		p.Given[i] = -1
	}
	perm := rng.Perm(lv.n)
	for _, r := range rng.Perm(lv.n)[:lv.given] {
		p.Given[r] = perm[r]
	}
	best, sol, nodes := p.Solve()
	tr, got, err := p.Transcript(sol)
	if err != nil {
		return nil, err
	}
	if got != best {
		return nil, fmt.Errorf("puzzle %s: the engine scores the key %d, the search %d", p.ID(), got, best)
	}
	res, _, err := games.Score(permgrid.Game{}, "key.yaml", []byte(tr), games.Values{})
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: the scorer refuses the key: %v", p.ID(), err)
	}
	if s := res.Totals()[p.seat()]; s != best {
		return nil, fmt.Errorf("puzzle %s: the scorer gives the key %d, the search %d", p.ID(), s, best)
	}
	return &Item{
		ID:         p.ID(),
		Puzzle:     mostFigure{p: p},
		Key:        mostFigure{p: p, perm: sol},
		Optimum:    best,
		KeyCaption: fmt.Sprintf("%s (of %d placements)", p.count(best), nodes),
		KeyShort:   fmt.Sprintf("%d %s", best, p.short()),
		Effort:     nodes,
		Transcript: tr,
		Blank:      p.blank(),
		Caption:    "most " + p.short(),
	}, nil
}

// seat is the solver's seat: the first (player 1, triangles) for a
// triangles puzzle, else the second.
func (p Most) seat() int {
	if p.Triangles {
		return 0
	}
	return 1
}

// Transcript plays the placement on the game's engine, row by row, and
// returns the transcript and the engine's score for the goal.
func (p Most) Transcript(perm []int) (string, int, error) {
	st, err := permgrid.New(p.N, []string{solver, "Partner"}, 0)
	if err != nil {
		return "", 0, err
	}
	if !p.Triangles {
		st, _ = permgrid.New(p.N, []string{"Partner", solver}, 0)
	}
	for r, c := range perm {
		if err := st.Play(permgrid.Move{Col: c, Row: r}); err != nil {
			return "", 0, fmt.Errorf("puzzle %s: the engine refuses %s: %v", p.ID(), permgrid.Move{Col: c, Row: r}, err)
		}
	}
	var b strings.Builder
	b.WriteString(p.header())
	players := "[Solver, Partner]"
	if !p.Triangles {
		players = "[Partner, Solver]"
	}
	fmt.Fprintf(&b, "game: permutation-grid\nplayers: %s\nsize: %d\nrounds:\n", players, p.N)
	for i, line := range strings.Split(strings.TrimRight(st.Record(), "\n"), "\n") {
		if i == 0 {
			b.WriteString("  - " + line + "\n")
		} else {
			b.WriteString("    " + line + "\n")
		}
	}
	return b.String(), st.Scores()[p.seat()], nil
}

// header is the transcript's opening comment; its puzzle line is what
// puzzle check reads back (the printed dots and the goal are no part of a
// game's transcript).
func (p Most) header() string {
	return fmt.Sprintf("# papergames puzzle %s: Permutation Grid, most %s.\n# puzzle: n=%d given=%s goal=%s\n",
		p.ID(), p.goal(), p.N, strings.ReplaceAll(p.givenNames(), " ", ","), map[bool]string{true: "triangles", false: "big"}[p.Triangles])
}

func (p Most) blank() string {
	players := "[Solver, Partner]"
	if !p.Triangles {
		players = "[Partner, Solver]"
	}
	return p.header() + "# Write every dot, the printed ones too, e.g. dots: C1 A2 ..., then\n#   papergames puzzle check THIS-FILE\n" +
		fmt.Sprintf("game: permutation-grid\nplayers: %s\nsize: %d\nrounds:\n  - dots: \"\"\n    player1: %s\n", players, p.N, strings.Trim(players, "[]")[:strings.Index(strings.Trim(players, "[]"), ",")])
}

// checkMost checks a Permutation Grid placement: the scorer's count, the
// printed dots kept, against the most.
func checkMost(name string, data []byte) (string, bool, error) {
	res, _, err := games.Score(permgrid.Game{}, name, data, games.Values{})
	if err != nil {
		return "", false, err
	}
	var t struct {
		Size   int `yaml:"size"`
		Rounds []struct {
			Dots string `yaml:"dots"`
		} `yaml:"rounds"`
	}
	if err := input.Unmarshal(name, data, &t); err != nil {
		return "", false, err
	}
	if len(t.Rounds) != 1 {
		return "", false, fmt.Errorf("%s: a puzzle is one round", name)
	}
	p := Most{N: t.Size, Given: make([]int, t.Size), Triangles: true}
	for i := range p.Given {
		p.Given[i] = -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "# puzzle: ")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			k, v, _ := strings.Cut(f, "=")
			switch k {
			case "given":
				for _, g := range strings.Split(v, ",") {
					if c, r, err := boards.ParseCell(g, t.Size); err == nil {
						p.Given[r] = c
					}
				}
			case "goal":
				p.Triangles = v == "triangles"
			}
		}
	}
	perm := make([]int, t.Size)
	for _, w := range strings.Fields(t.Rounds[0].Dots) {
		c, r, err := boards.ParseCell(w, t.Size)
		if err != nil {
			return "", false, fmt.Errorf("%s: %v", name, err)
		}
		perm[r] = c
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: puzzle %s (Permutation Grid, %d lines, most %s", name, p.ID(), p.N, p.goal())
	if g := p.givenNames(); g != "" {
		fmt.Fprintf(&b, ", dots printed at %s", g)
	}
	b.WriteString(")\n")
	for r, c := range p.Given {
		if c >= 0 && perm[r] != c {
			fmt.Fprintf(&b, "not a solution: the printed dot %s was moved\n", boards.CellName(c, r))
			return b.String(), false, nil
		}
	}
	got := res.Totals()[p.seat()]
	best, _, nodes := p.Solve()
	fmt.Fprintf(&b, "%s; the most is %d (every one of the %d placements scored)\n", p.count(got), best, nodes)
	if got == best {
		b.WriteString("optimal: this placement reaches the most\n")
		return b.String(), true, nil
	}
	fmt.Fprintf(&b, "not optimal: %d fewer than the most\n", best-got)
	return b.String(), false, nil
}

// mostFigure draws the game's line grid with the printed dots, and the
// key's dots and their two paths.
type mostFigure struct {
	p    Most
	perm []int
}

func (f mostFigure) board() boards.LineGrid { return boards.LineGrid{N: f.p.N} }

// Extent implements layout.Figure.
func (f mostFigure) Extent(s float64) layout.Size { return f.board().Extent(s) }

// MinSize implements layout.Figure: lines 8 mm apart.
func (f mostFigure) MinSize() float64 { return 8 * float64(f.p.N-1) }

// Draw implements layout.Figure.
func (f mostFigure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	b := f.board()
	b.Draw(c, o, s, st)
	rad := min(1.3, s/float64(f.p.N)/6)
	if f.perm != nil {
		blue := layout.RGB(0, 70, 160)
		pen := layout.Pen{Width: st.Line * 1.3, Color: blue}
		col := make([]int, f.p.N)
		for r, cc := range f.perm {
			col[cc] = r
		}
		for k := 0; k+1 < f.p.N; k++ {
			c.Stroke(layout.Segment(b.Node(o, s, f.perm[k], k), b.Node(o, s, f.perm[k+1], k+1)), pen)
			c.Stroke(layout.Segment(b.Node(o, s, k, col[k]), b.Node(o, s, k+1, col[k+1])), pen)
		}
		for r, cc := range f.perm {
			c.Fill((&layout.Path{}).Circle(b.Node(o, s, cc, r), rad), blue)
		}
	}
	for r, cc := range f.p.Given {
		if cc >= 0 {
			c.Fill((&layout.Path{}).Circle(b.Node(o, s, cc, r), rad*1.3), layout.Black)
		}
	}
}
