package puzzle

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/games/curve"
	"papergames/input"
	"papergames/scorer"
)

// Check scores a solved puzzle written as a transcript: the game's scorer
// first (a transcript it refuses is an error, with its positions), then
// the puzzle's id, found again from the transcript, and its optimum, proved
// again by the search. It returns a report and whether the solution
// reaches the optimum.
func Check(name string, data []byte) (report string, optimal bool, err error) {
	_, game, err := scorer.GameOf(name, data)
	if err != nil {
		return "", false, err
	}
	switch strings.ToLower(game) {
	case "within-the-curve":
		return checkFill(name, data)
	case "arcs-and-marks":
		return checkReaches(name, data)
	case "permutation-grid":
		return checkMost(name, data)
	case "cross-dont-cross":
		return checkShortest(name, data)
	case "making-intersections":
		return checkMinimum(name, data)
	}
	return "", false, fmt.Errorf("%s: game %q: %w (puzzle kinds: %s)", name, game, errNotPuzzle, kindNames())
}

func kindNames() string {
	var ns []string
	for _, k := range Kinds() {
		ns = append(ns, k.Name)
	}
	return strings.Join(ns, ", ")
}

// checkFill checks a Within The Curve fill: one player, one curve, one
// grid.
func checkFill(name string, data []byte) (string, bool, error) {
	res, _, err := games.Score(curve.Game{}, name, data, games.Values{})
	if err != nil {
		return "", false, err
	}
	var t struct {
		Size   int `yaml:"size"`
		Rounds []struct {
			Curves map[string]string `yaml:"curves"`
			Grids  []struct {
				Rows string `yaml:"rows"`
			} `yaml:"grids"`
		} `yaml:"rounds"`
	}
	if err := input.Unmarshal(name, data, &t); err != nil {
		return "", false, err
	}
	if len(res.Players) != 1 || len(t.Rounds) != 1 || len(t.Rounds[0].Curves) != 1 || len(t.Rounds[0].Grids) != 1 {
		return "", false, fmt.Errorf("%s: a fill puzzle is one player, one round, one curve and one grid", name)
	}
	rd := t.Rounds[0]
	var loop []curve.Cell
	for _, curveText := range rd.Curves {
		for _, w := range strings.Fields(strings.ReplaceAll(curveText, ",", " ")) {
			c, r, err := boards.ParseCell(w, t.Size)
			if err != nil {
				return "", false, fmt.Errorf("%s: %v", name, err)
			}
			loop = append(loop, curve.Cell{C: c, R: r})
		}
	}
	// The grid: loop numbers give the printed numbering, inside numbers
	// the fill.
	grid := make([]int, t.Size*t.Size)
	num := map[int]curve.Cell{}
	for r, line := range strings.Split(strings.TrimRight(rd.Grids[0].Rows, "\n"), "\n") {
		for c, w := range strings.Fields(line) {
			if r >= t.Size || c >= t.Size {
				continue
			}
			var v int
			if _, err := fmt.Sscanf(w, "[%d]", &v); err == nil {
				num[v] = curve.Cell{C: c, R: r}
			} else if _, err := fmt.Sscanf(w, "%d", &v); err == nil {
				grid[r*t.Size+c] = v
			}
		}
	}
	f := &Fill{N: t.Size}
	for v := 1; v <= len(loop); v++ {
		p, ok := num[v]
		if !ok {
			return "", false, fmt.Errorf("%s: the loop's number [%d] is missing", name, v)
		}
		f.Loop = append(f.Loop, p)
	}
	st, err := f.start()
	if err != nil {
		return "", false, fmt.Errorf("%s: %v", name, err)
	}
	for _, m := range st.Moves(nil) {
		f.Inside = append(f.Inside, m.At)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: puzzle %s (Within The Curve fill, %d-by-%d grid, loop of %d, %d squares inside)\n", name, f.ID(), f.N, f.N, len(f.Loop), len(f.Inside))
	if len(res.Disqualified) > 0 {
		b.WriteString("the grid breaks a rule, so it scores 0:\n" + res.Text(name))
		return b.String(), false, nil
	}
	k := res.Totals()[0]
	sol, err := f.Solve(rand.New(rand.NewPCG(0, 0)), 0)
	if err != nil {
		return "", false, err
	}
	why := fmt.Sprintf("%d cannot be reached: %d search nodes", sol.K+1, sol.Proof)
	if sol.K == len(f.Inside) {
		why = "every inside square filled"
	}
	fmt.Fprintf(&b, "K = %d; the maximum is %d (%s)\n", k, sol.K, why)
	for _, w := range res.Warnings {
		b.WriteString("note: " + w + "\n")
	}
	if k == sol.K {
		b.WriteString("optimal: this fill reaches the maximum\n")
		return b.String(), true, nil
	}
	fmt.Fprintf(&b, "not optimal: %d short of the maximum\n", sol.K-k)
	return b.String(), false, nil
}
