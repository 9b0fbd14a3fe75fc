package analysis

import (
	"fmt"
	"math/big"

	"papergames/hp"
)

// ExactDefense is the fewest and most offense segments after a set of
// chords, with a game of each length, found by the theorem of
// docs/analysis.md (cross-dont-cross defense) and, for the one shape it
// leaves open, by search:
//
//   - every game has at most 2D moves, D the chords' deficit, exactly 2D
//     when it ends stuck on an odd move (Deficit), so a game of 2D moves is
//     a longest one;
//   - the offense is stuck before an even move only when no drawn
//     segment enters the polygon of the chord ends, or when the drawing
//     is a triangulation in which no two triangles make a convex
//     quadrilateral; with 5 or more ends the latter needs every segment
//     p⁻p⁺ (between the two neighbours of an end p) to be a chord: the
//     star. So, but for the star, the length of every game follows from
//     the chords (chordShape.theorem);
//   - the star: the shortest game by iterative deepening over odd lengths
//     below 2D, each side of the polygon tried once a position, and the
//     even moves that cross a chord p⁻p⁺ away from p left out (no
//     drawing that holds one can end the game early); a game of 2D moves
//     by depth-first search, the whole tree only if there is none.
//
// Both games are replayed on the engine (every move legal, the offense
// stuck after the last), so every answer's lengths are shown by a game.
// budget bounds the drawings a search stores; an error when it runs out
// (never for the shapes the theorem decides).
func ExactDefense(chords [][2]*big.Rat, budget int) (ExactAnswer, error) {
	var a ExactAnswer
	r, err := shortestSearch(chords, -1)
	if err != nil {
		return a, err
	}
	s := r.defSearch
	a.Deficit = r.deficit
	a.Shape = shapeOf(chords)
	d := a.Deficit
	s.hull = map[int32]int{}
	for i, c := range chords {
		for e := range 2 {
			s.hull[s.chordEnds[i][e]] = a.Shape.pos[c[e].RatString()]
		}
	}
	err = func() (err error) {
		defer hp.Guard(&err)
		fewest, most, ok := a.Shape.theorem(d)
		switch {
		case ok && a.Shape.H == 4 && a.Shape.Interior:
			// Small: the whole tree, which must agree.
			x, err := SolveDefense(chords, max(budget, 1000))
			if err != nil {
				return err
			}
			if !x.Exact || x.Min != fewest || x.Max != most {
				return fmt.Errorf("the search finds %d..%d (exact %v), the theorem %d..%d", x.Min, x.Max, x.Exact, fewest, most)
			}
			a.Min, a.Max, a.Line, a.States, a.Nodes = fewest, most, x.Line, x.States, x.Nodes
			a.MinExact, a.Exact = true, true
			a.How = "theorem (4 ends), the whole tree searched"
			if a.Long, err = s.gameOf(most, budget); err != nil {
				return err
			}
		case ok:
			a.Min, a.Max = fewest, most
			a.MinExact, a.Exact = true, true
			a.How = "theorem"
			if fewest == 1 && most != 1 {
				a.Line = s.firstGame(true, false)
				a.Long = s.firstGame(false, true)
				if a.Shape.H == 4 {
					if a.Long, err = s.gameOf(most, budget); err != nil {
						return err
					}
				}
			} else {
				a.Line = s.firstGame(false, false)
				a.Long = a.Line
			}
		default:
			a.How = "search (the star: every p⁻p⁺ a chord)"
			if err := s.star(&a, chords, d, budget); err != nil {
				return err
			}
		}
		return nil
	}()
	if err != nil {
		return a, err
	}
	if a.MinExact && len(a.Line) != a.Min {
		return a, fmt.Errorf("a shortest game of %d moves given for %d", len(a.Line), a.Min)
	}
	// Line is a shortest game when MinExact, else just a game.
	for _, g := range []struct {
		line []string
		n    int
	}{{a.Line, len(a.Line)}, {a.Long, a.Max}} {
		if err := replayStuck(chords, g.line, g.n); err != nil {
			return a, err
		}
	}
	return a, nil
}

// ExactAnswer is ExactDefense's answer.
type ExactAnswer struct {
	Defense
	Deficit int
	Shape   chordShape
	How     string   // "theorem", or the search that found it
	Long    []string // a game of Max moves
}

// firstGame plays the engine's first legal move until the offense is
// stuck; with side, a side of the ends' polygon first; with diagonal, a
// move that is no side first.
func (s *defSearch) firstGame(side, diagonal bool) []string {
	var line []string
	for {
		moves := s.st.Moves(nil)
		if len(moves) == 0 {
			break
		}
		mv := moves[0]
		if len(line) == 0 && (side || diagonal) {
			for _, m := range moves {
				if s.side(s.point(m.P), s.point(m.Q)) == side {
					mv = m
					break
				}
			}
		}
		p, q := s.point(mv.P), s.point(mv.Q)
		if err := s.st.Play(mv); err != nil {
			panic("a listed move was refused: " + err.Error())
		}
		s.segs = append(s.segs, [2]int32{p, q})
		line = append(line, mv.String())
	}
	for range line {
		s.segs = s.segs[:len(s.segs)-1]
		s.st.Undo()
	}
	return line
}

// gameOf finds a game of exactly n moves by depth-first search (sides of
// the polygon tried once a position), or an error when the budget of
// drawings runs out first.
func (s *defSearch) gameOf(n, budget int) ([]string, error) {
	s.passes = true
	defer func() { s.passes = false }()
	dead := map[string]bool{}
	var line []string
	var walk func() (bool, error)
	walk = func() (bool, error) {
		depth := len(s.segs) - s.m
		moves := s.st.Moves(nil)
		if len(moves) == 0 {
			return depth == n, nil
		}
		if depth == n {
			return false, nil
		}
		key := s.drawingKey()
		if dead[key] {
			return false, nil
		}
		if len(dead) >= budget {
			return false, fmt.Errorf("the search for a game of %d moves stored its budget of %d drawings", n, budget)
		}
		sideDone := false
		for _, mv := range moves {
			p, q := s.point(mv.P), s.point(mv.Q)
			if s.skip(p, q, depth+1, &sideDone) {
				continue
			}
			if err := s.st.Play(mv); err != nil {
				panic("a listed move was refused: " + err.Error())
			}
			s.nodes++
			s.segs = append(s.segs, [2]int32{p, q})
			line = append(line, mv.String())
			ok, err := walk()
			if ok || err != nil {
				s.segs = s.segs[:len(s.segs)-1]
				s.st.Undo()
				return ok, err
			}
			line = line[:len(line)-1]
			s.segs = s.segs[:len(s.segs)-1]
			s.st.Undo()
		}
		dead[key] = true
		return false, nil
	}
	ok, err := walk() // every move taken back, the line kept
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("no game of %d moves", n)
	}
	return line, nil
}

// star solves the star: every p⁻p⁺ a chord.
func (s *defSearch) star(a *ExactAnswer, chords [][2]*big.Rat, d, budget int) error {
	h := len(s.hull)
	at := make([]int32, h)
	for id, i := range s.hull {
		at[i] = id
	}
	s.caps = nil
	for p := range h {
		s.caps = append(s.caps, [3]int32{at[(p+h-1)%h], at[(p+1)%h], at[p]})
	}
	s.passes = true
	s.d0 = d
	s.seen = map[string]int{}
	s.budget = budget
	a.Min, a.MinExact = 2*d, true
	for limit := 1; limit < 2*d; limit += 2 {
		found, ok := s.shortest(limit)
		if !ok { // no game shorter than limit: the fewest is in limit..2d
			a.Min, a.MinExact, a.MinAbove = 2*d, false, limit-1
			break
		}
		if found != nil {
			a.Min, a.Line = limit, found
			break
		}
	}
	a.States, a.Nodes = len(s.seen), s.nodes
	s.caps, s.passes = nil, false
	if a.Min == 2*d {
		a.Line = s.firstGame(false, false)
		if a.MinExact {
			a.Max, a.Long, a.Exact = 2*d, a.Line, true
			return nil
		}
	}
	long, err := s.gameOf(2*d, budget)
	if err == nil {
		a.Max, a.Long, a.Exact = 2*d, long, a.MinExact
		return nil
	}
	if !a.MinExact {
		return err
	}
	// No game of 2D moves: the whole tree.
	x, err := SolveDefense(chords, budget)
	if err != nil {
		return err
	}
	if !x.Exact {
		return fmt.Errorf("the search for the most stored its budget of %d drawings", budget)
	}
	a.Max, a.Exact = x.Max, true
	a.Long, err = s.gameOf(x.Max, budget)
	return err
}

// replayStuck plays line on a new round after the chords: every move
// must be legal, there must be n of them, and the offense must be stuck
// after the last.
func replayStuck(chords [][2]*big.Rat, line []string, n int) error {
	st, err := newDefenseState(chords)
	if err != nil {
		return err
	}
	if len(line) != n {
		return fmt.Errorf("a game of %d moves given for %d", len(line), n)
	}
	for i, w := range line {
		mv, err := st.Parse(w)
		if err == nil {
			err = st.Play(mv)
		}
		if err != nil {
			return fmt.Errorf("the engine refuses move %d, %s: %v", i+1, w, err)
		}
	}
	if !st.Over() {
		return fmt.Errorf("after the game of %d moves %v the offense can still move", n, line)
	}
	return nil
}

// lineXY is the segments of the answer's game of Min moves, ends on the
// unit circle (x right, y up), for drawing; nil if it cannot be replayed.
func (a ExactAnswer) lineXY(chords [][2]*big.Rat) (xy [][4]float64) {
	r, err := shortestSearch(chords, -1)
	if err != nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			xy = nil
		}
	}()
	s := r.defSearch
	for _, w := range a.Line {
		mv, err := s.st.Parse(w)
		if err != nil {
			return nil
		}
		p, q := s.point(mv.P), s.point(mv.Q)
		if s.st.Play(mv) != nil {
			return nil
		}
		s.segs = append(s.segs, [2]int32{p, q})
		x1, y1 := s.pts[p].Float64()
		x2, y2 := s.pts[q].Float64()
		xy = append(xy, [4]float64{x1, y1, x2, y2})
	}
	return xy
}
