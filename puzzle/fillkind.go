package puzzle

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/games/curve"
	"papergames/layout"
)

var fillKind = Kind{
	Name:   "curve-fill",
	Title:  "Within The Curve fill",
	Credit: "Puzzles on Leroy Quet's game Within The Curve (2008)",
	Instructions: "Write 1, 2, 3, ... in order in the empty squares inside the loop, each in any square where it has no common factor with a number " +
		"directly above, below, left or right of it (the loop's printed numbers count too). Go as far as you can: your score is the last number you write.",
	Value:   "the largest last number K",
	PerPage: [3]int{6, 4, 4},
	Make:    makeFill,
}

// makeFill generates a fill puzzle and verifies its key: the search's own
// check of the fill, then the game's engine playing it write by write and
// the game's scorer on the transcript, which must give K and call the grid
// finished.
func makeFill(rng, _ *rand.Rand, d Difficulty, _ int) (*Item, error) {
	f, sol, err := NewFill(rng, d)
	if err != nil {
		return nil, err
	}
	if k, err := f.Check(sol.Grid); err != nil || k != sol.K {
		return nil, fmt.Errorf("puzzle %s: the search's fill does not check (%v, K %d of %d)", f.ID(), err, k, sol.K)
	}
	tr, err := f.Transcript(sol.Grid)
	if err != nil {
		return nil, err
	}
	k, finished, err := scoreFill(tr)
	if err != nil || k != sol.K || !finished {
		return nil, fmt.Errorf("puzzle %s: the scorer gives the key K=%d, finished %v (%v); the search %d", f.ID(), k, finished, err, sol.K)
	}
	proof := fmt.Sprintf("%d proved out in %d nodes", sol.K+1, sol.Proof)
	if sol.K == len(f.Inside) {
		proof = "all filled"
	}
	blank, err := f.Transcript(make([]int, f.N*f.N))
	if err != nil {
		return nil, err
	}
	return &Item{
		ID:         f.ID(),
		Blank:      blank,
		Puzzle:     fillFigure{f: f},
		Key:        fillFigure{f: f, grid: sol.Grid},
		Optimum:    sol.K,
		KeyCaption: fmt.Sprintf("max K = %d (%s)", sol.K, proof),
		KeyShort:   fmt.Sprintf("max K = %d", sol.K),
		Effort:     sol.Nodes,
		Transcript: tr,
	}, nil
}

// Transcript plays grid (square -> number) on the game's engine, 1 then 2
// then 3 ..., and returns the one-player transcript the engine records.
func (f *Fill) Transcript(grid []int) (string, error) {
	st, err := f.start()
	if err != nil {
		return "", err
	}
	at := map[int]curve.Cell{}
	for _, p := range f.Inside {
		if v := grid[p.R*f.N+p.C]; v > 0 {
			at[v] = p
		}
	}
	for v := 1; v <= len(at); v++ {
		if err := st.Play(curve.Move{Kind: curve.Write, At: at[v], Value: v}); err != nil {
			return "", fmt.Errorf("puzzle %s: the engine refuses %d: %v", f.ID(), v, err)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# papergames puzzle %s: Within The Curve fill, one player.\n", f.ID())
	if len(at) == 0 {
		b.WriteString("# Write your numbers in place of the dots inside the loop (the squares\n# in [ ] are the loop's printed numbers), then\n")
	}
	b.WriteString("#   papergames puzzle check THIS-FILE\n# scores it against the maximum.\n")
	fmt.Fprintf(&b, "game: within-the-curve\nplayers: [%s]\nsize: %d\nrounds:\n", solver, f.N)
	for i, line := range strings.Split(strings.TrimRight(st.Record(), "\n"), "\n") {
		if i == 0 {
			b.WriteString("  - " + line + "\n")
		} else {
			b.WriteString("    " + line + "\n")
		}
	}
	return b.String(), nil
}

// scoreFill scores a one-player transcript with the game's scorer: K, and
// whether the grid is valid and finished.
func scoreFill(tr string) (k int, finished bool, err error) {
	res, _, err := games.Score(curve.Game{}, "key.yaml", []byte(tr), games.Values{})
	if err != nil {
		return 0, false, err
	}
	if len(res.Players) != 1 || len(res.Disqualified) > 0 {
		return 0, false, fmt.Errorf("the grid is invalid")
	}
	return res.Totals()[0], len(res.Warnings) == 0, nil
}

// fillFigure draws a fill puzzle on the game's cell grid: loop squares
// tinted with their numbers, and the key's inside numbers when grid is set.
type fillFigure struct {
	f    *Fill
	grid []int
}

func (ff fillFigure) board() boards.CellGrid { return boards.CellGrid{N: ff.f.N} }

// Extent implements layout.Figure.
func (ff fillFigure) Extent(s float64) layout.Size { return ff.board().Extent(s) }

// MinSize implements layout.Figure: squares at least 6 mm, room for two
// digits written by hand.
func (ff fillFigure) MinSize() float64 { return 6 * float64(ff.f.N) }

// Draw implements layout.Figure.
func (ff fillFigure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	b := ff.board()
	step := s / float64(ff.f.N)
	tint := layout.RGB(215, 215, 215)
	for _, p := range ff.f.Loop {
		r := b.Cell(o, s, p.C, p.R)
		c.Fill(layout.RectPath(layout.R(r.Min.X, r.Min.Y, r.W(), r.H())), tint)
	}
	b.Draw(c, o, s, st)
	small := layout.Font{Size: min(3.2, step*0.38), Bold: true}
	for i, p := range ff.f.Loop {
		ctr := b.Cell(o, s, p.C, p.R).Center()
		c.Text(layout.Pt(ctr.X, ctr.Y+small.Size*0.35), strconv.Itoa(i+1), small, layout.Center, layout.Black)
	}
	if ff.grid == nil {
		return
	}
	big := layout.Font{Size: min(4, step*0.45)}
	blue := layout.RGB(0, 70, 160)
	for _, p := range ff.f.Inside {
		if v := ff.grid[p.R*ff.f.N+p.C]; v > 0 {
			ctr := b.Cell(o, s, p.C, p.R).Center()
			c.Text(layout.Pt(ctr.X, ctr.Y+big.Size*0.35), strconv.Itoa(v), big, layout.Center, blue)
		}
	}
}
