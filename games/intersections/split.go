package intersections

// What paper shows of a round is the set of gaps between neighbouring
// dots that carry a line: collinear segments meeting end to end draw one
// line, and the printed dot hides where one ends and the next begins. A
// dot's weight is the number of covered gaps round it (State's
// invariant), so the score is a function of the gaps alone; how the lines
// are split into segments changes no score.

// lines is the gaps of an n-by-n array that carry a line, numbered as
// State.gap numbers them: 2*(r*n+c) the gap from (c, r) to its right,
// one more the gap down.
type lines struct {
	n    int
	gaps []bool
}

func newLines(n int) lines { return lines{n: n, gaps: make([]bool, 2*n*n)} }

func (l lines) at(c, r int, down bool) bool {
	if c < 0 || r < 0 || c >= l.n || r >= l.n {
		return false
	}
	if down && r == l.n-1 || !down && c == l.n-1 {
		return false
	}
	i := 2 * (r*l.n + c)
	if down {
		i++
	}
	return l.gaps[i]
}

func (l lines) set(c, r int, down bool) {
	i := 2 * (r*l.n + c)
	if down {
		i++
	}
	l.gaps[i] = true
}

// linesOf returns the gaps the segments drawn in st cover.
func linesOf(st *State) lines {
	l := newLines(st.n)
	for i, j := range st.cover {
		l.gaps[i] = j >= 0
	}
	return l
}

// crossing tells whether d is strictly inside a row line and a column
// line: all four gaps round it are covered, so one of the two lines must
// end there (lines may meet only at a dot where one of them ends).
func (l lines) crossing(c, r int) bool {
	return l.at(c-1, r, false) && l.at(c, r, false) && l.at(c, r-1, true) && l.at(c, r, true)
}

// split is how a set of lines is written as segments.
type split struct {
	segs []Move
	// runs are the maximal straight lines; crossings the dots inside two
	// of them. The fewest segments the lines make is runs+crossings (a
	// crossed pair must be split at the crossing), the most is gaps (a
	// segment for every gap); every count between can be made.
	runs, gaps int
	crossings  []Dot
}

// fewest and most are the bounds on the segments the lines make.
func (s split) fewest() int { return s.runs + len(s.crossings) }
func (s split) most() int   { return s.gaps }

// splitLines writes the lines as want segments when they can make that
// many, else as the fewest they make. It is the one way the reader writes
// what it sees and the corpus writes the truth, so the two compare:
//   - each maximal row or column line is a segment, the row line cut at
//     each crossing (the column line passes through);
//   - while there are fewer than want, the longest segment (the first in
//     the order below among equals) is cut at its middle dot;
//   - segments are written row by row from the top, then column by column
//     from the left, top or left end first (the order of State.Moves).
func splitLines(l lines, want int) split {
	n := l.n
	var sp split
	type seg struct {
		horiz        bool
		line, lo, hi int
	}
	var segs []seg
	for _, horiz := range []bool{true, false} {
		for line := 0; line < n; line++ {
			lo := -1
			for x := 0; x < n; x++ {
				var on bool
				if horiz {
					on = l.at(x, line, false)
				} else {
					on = l.at(line, x, true)
				}
				if on {
					sp.gaps++
					if lo < 0 {
						lo = x
					}
					if horiz && lo < x && l.crossing(x, line) {
						segs = append(segs, seg{horiz: true, line: line, lo: lo, hi: x})
						lo = x
					}
					continue
				}
				if lo >= 0 {
					segs = append(segs, seg{horiz: horiz, line: line, lo: lo, hi: x})
					sp.runs++
					lo = -1
				}
			}
		}
	}
	for c := 0; c < n; c++ {
		for r := 0; r < n; r++ {
			if l.crossing(c, r) {
				sp.crossings = append(sp.crossings, Dot{int8(c), int8(r)})
			}
		}
	}
	// Cut the longest at its middle until there are want; each cut is at
	// a dot where the segment's own line goes on, never a crossing of it
	// (the other line then ends there).
	for len(segs) < want {
		best := -1
		for i, s := range segs {
			if s.hi-s.lo >= 2 && (best < 0 || s.hi-s.lo > segs[best].hi-segs[best].lo) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		s := segs[best]
		mid := s.lo + (s.hi-s.lo)/2
		segs[best].hi = mid
		t := s
		t.lo = mid
		segs = append(segs[:best+1], append([]seg{t}, segs[best+1:]...)...)
	}
	for _, s := range segs {
		if s.horiz {
			sp.segs = append(sp.segs, Move{Dot{int8(s.lo), int8(s.line)}, Dot{int8(s.hi), int8(s.line)}})
		} else {
			sp.segs = append(sp.segs, Move{Dot{int8(s.line), int8(s.lo)}, Dot{int8(s.line), int8(s.hi)}})
		}
	}
	return sp
}
