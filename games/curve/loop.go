package curve

import (
	"fmt"

	"papergames/boards"
)

// loop is one player's curve: its squares in order along the loop, with
// what the rules need of it looked up by square.
type loop struct {
	n     int
	seat  int
	cells []Cell
	index []int32 // square (r*n+c) -> its first position along the loop, or -1
	// ok when the loop is closed, side-connected, repeats no square and has
	// at least 4; only then is its inside known.
	ok      bool
	badStep map[int]bool // step k (square k to k+1, the last to the first) is broken
	in      []bool       // square -> inside
	inside  []Cell       // the inside squares, row by row
	clock   bool         // the listed order runs clockwise on the sheet
}

// loopProblem is a reason a list of squares is not a loop: msg follows
// "Ann's curve" (", square 3 (C2) ...", ": the loop does not close ...",
// " has 3 squares ..."), at the square it names (-1: the whole curve).
type loopProblem struct {
	at  int
	msg string
}

// newLoop checks cells (squares of an n-by-n board) as a loop and returns
// it with its problems; its inside is known when there are none.
func newLoop(cells []Cell, n int) (*loop, []loopProblem) {
	lp := &loop{n: n, cells: cells, index: make([]int32, n*n), badStep: map[int]bool{}}
	for i := range lp.index {
		lp.index[i] = -1
	}
	var probs []loopProblem
	bad := func(at int, format string, a ...any) {
		probs = append(probs, loopProblem{at, fmt.Sprintf(format, a...)})
	}
	for k, p := range cells {
		if p.C < 0 || p.R < 0 || p.C >= n || p.R >= n {
			bad(k, ", square %d: %q is off the %d-by-%d board (columns A-%s, rows 1-%d)", k+1, p.String(), n, n, boards.Column(n-1), n)
		}
	}
	if len(probs) > 0 {
		return lp, probs
	}
	L := len(cells)
	if L < 4 {
		what := fmt.Sprintf("%d squares", L)
		if L == 1 {
			what = "1 square"
		}
		bad(-1, " has %s; a curve is a loop of at least 4", what)
		return lp, probs
	}
	for k, p := range cells {
		if j := lp.index[lp.sq(p)]; j >= 0 {
			why := "a loop passes each square once"
			if j == 0 && k == L-1 {
				why = fmt.Sprintf("the loop closes by itself, from its last square back to its first, so leave out the second %s", p)
			}
			bad(k, ", square %d (%s) is square %d again; %s", k+1, p, j+1, why)
			lp.badStep[k-1] = true
			continue
		}
		lp.index[lp.sq(p)] = int32(k)
	}
	for k := 0; k+1 < L; k++ {
		a, b := cells[k], cells[k+1]
		if a == b || side(a, b) {
			continue
		}
		lp.badStep[k] = true
		bad(k+1, ", square %d (%s): %s from square %d (%s); each square shares a side with the next", k+2, b, step(a, b), k+1, a)
	}
	first, last := cells[0], cells[L-1]
	if first != last && !side(first, last) {
		lp.badStep[L-1] = true
		how := "does not touch"
		if diagonal(first, last) {
			how = "is diagonal to"
		}
		bad(L-1, ": the loop does not close: its last square, %s, %s its first, %s; the last square shares a side with the first", last, how, first)
	}
	if len(probs) > 0 {
		return lp, probs
	}
	lp.ok = true
	lp.in = insideOf(cells, n)
	for i, in := range lp.in {
		if in {
			lp.inside = append(lp.inside, Cell{i % n, i / n})
		}
	}
	area := 0
	for k, p := range cells {
		q := cells[(k+1)%L]
		area += p.C*q.R - q.C*p.R
	}
	lp.clock = area > 0 // rows grow downwards, so a positive area turns clockwise
	return lp, nil
}

func (lp *loop) sq(p Cell) int { return p.R*lp.n + p.C }

// on returns p's position along the loop, and whether p is on it.
func (lp *loop) on(p Cell) (int, bool) {
	k := lp.index[lp.sq(p)]
	return int(k), k >= 0
}

// isInside tells whether p is inside the curve.
func (lp *loop) isInside(p Cell) bool { return lp.in != nil && lp.in[lp.sq(p)] }

func side(a, b Cell) bool { return abs(a.C-b.C)+abs(a.R-b.R) == 1 }

func diagonal(a, b Cell) bool { return abs(a.C-b.C) == 1 && abs(a.R-b.R) == 1 }

func step(a, b Cell) string {
	if diagonal(a, b) {
		return "a diagonal step"
	}
	return "a jump"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// insideOf returns, square by square (r*n+c), whether it is enclosed by
// the closed path through the centres of a loop's squares. From the
// centre of a square off the loop, a ray runs right half a square below
// the row's centre line: it meets no centre and no horizontal step of the
// path, and crosses exactly the vertical steps between this row and the
// next that lie right of the square. An odd count means inside. Integers
// only, no tie to break.
func insideOf(cells []Cell, n int) []bool {
	on := make([]bool, n*n)
	down := make([]bool, n*n) // (r, c): the path steps between (c, r) and (c, r+1)
	for k, a := range cells {
		on[a.R*n+a.C] = true
		b := cells[(k+1)%len(cells)]
		if a.C == b.C && abs(a.R-b.R) == 1 {
			down[min(a.R, b.R)*n+a.C] = true
		}
	}
	in := make([]bool, n*n)
	for r := 0; r < n; r++ {
		crossings := 0
		for c := n - 1; c >= 0; c-- {
			if !on[r*n+c] && crossings%2 == 1 {
				in[r*n+c] = true
			}
			if down[r*n+c] {
				crossings++
			}
		}
	}
	return in
}

// gcd is the greatest common divisor of a and b.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// coprimeMsg is the broken rule of side neighbours a and b (a above or
// left of b) holding numbers, as typed, with the common factor d.
func coprimeMsg(a Cell, ta string, b Cell, tb string, d int) string {
	return fmt.Sprintf("%s %s and %s %s have the common factor %d; an inside square and its side neighbours hold coprime numbers", a, ta, b, tb, d)
}

// followMsg is the broken rule of curve numbers v (at a) and v+1 (at b)
// that are not side by side along the loop.
func followMsg(a Cell, v int, b Cell) string {
	return fmt.Sprintf("%s [%d] does not follow %s [%d] along the loop; the curve numbers run 1, 2, 3, ... square by square along it", b, v+1, a, v)
}

// pos returns p's position along the loop (p on it).
func (lp *loop) pos(p Cell) int { k, _ := lp.on(p); return k }
