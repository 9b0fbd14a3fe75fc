package analysis

import (
	"math/big"
	"slices"
)

// chordShape is what the theorem of docs/analysis.md (cross-dont-cross
// defense) reads off a set of chords: only the order of their ends around
// the circle matters.
type chordShape struct {
	H        int      // distinct chord ends: the corners of the ends' polygon
	Ends     []string // the ends' angles, in order around the circle
	Sides    int      // chords that are sides of that polygon
	Interior bool     // some chord is not a side: it enters the polygon
	// Star: every segment between two ends that have one end between them
	// (p⁻p⁺ for every end p) is a chord (H >= 5).
	Star bool
	// Missing is an end p whose p⁻p⁺ is no chord (H >= 5), -1 if none.
	Missing int
	// Diagonals is the chords that are diagonals of the ends' polygon
	// when it is a quadrilateral (H = 4).
	Diagonals int
	pos       map[string]int // position of each end by its angle
}

func shapeOf(chords [][2]*big.Rat) chordShape {
	var ends []*big.Rat
	for _, c := range chords {
		for _, a := range c {
			if !slices.ContainsFunc(ends, func(b *big.Rat) bool { return a.Cmp(b) == 0 }) {
				ends = append(ends, a)
			}
		}
	}
	slices.SortFunc(ends, func(a, b *big.Rat) int { return a.Cmp(b) })
	s := chordShape{H: len(ends), Missing: -1, pos: map[string]int{}}
	for i, e := range ends {
		s.Ends = append(s.Ends, e.RatString())
		s.pos[e.RatString()] = i
	}
	at := func(a *big.Rat) int {
		return slices.IndexFunc(ends, func(b *big.Rat) bool { return a.Cmp(b) == 0 })
	}
	h := s.H
	chord := map[[2]int]bool{}
	for _, c := range chords {
		i, j := at(c[0]), at(c[1])
		chord[[2]int{min(i, j), max(i, j)}] = true
		d := (j - i + h) % h
		if h <= 3 || d == 1 || d == h-1 {
			s.Sides++
		} else {
			s.Interior = true
			if h == 4 {
				s.Diagonals++
			}
		}
	}
	if h >= 5 {
		s.Star = true
		for p := range h {
			a, b := (p+h-1)%h, (p+1)%h
			if !chord[[2]int{min(a, b), max(a, b)}] {
				s.Star = false
				if s.Missing < 0 {
					s.Missing = p
				}
			}
		}
	}
	return s
}

// Undrawn is the sides of the ends' polygon that are no chord.
func (s chordShape) Undrawn() int {
	if s.H < 3 {
		return 0
	}
	return s.H - s.Sides
}

// theorem returns the fewest and most offense segments the theorem of
// docs/analysis.md gives for chords of this shape with deficit d; ok is
// false for the star (every p⁻p⁺ a chord), which it leaves to a search.
//
//   - d = 0: no move at all.
//   - No chord enters the polygon of the ends: a side of the polygon not
//     yet drawn crosses nothing, and after it nothing can be crossed
//     (every segment is on the polygon's boundary), so the offense stops
//     at 1. The most: with H >= 5, a diagonal first, and then no game can
//     stop early (below), 2d; H = 4, both diagonals and a side, 3; H = 3,
//     1. Every side already a chord: the first move is a diagonal, and the
//     rest as below (H = 4: the other diagonal crosses it, 2 = 2d).
//   - Some chord enters the polygon and H >= 5 with some p⁻p⁺ no chord:
//     no game stops early, every game has 2d moves.
//   - H = 4 with a diagonal among the chords: with both, the offense
//     draws one side and cannot cross anything: 1; with one, every game
//     is a side, the other diagonal (crossing it) and, if a side is left,
//     one more: 3 (2 when one side was missing, 2 = 2d).
func (s chordShape) theorem(d int) (fewest, most int, ok bool) {
	u := s.Undrawn()
	switch {
	case d == 0:
		return 0, 0, true
	case !s.Interior && u >= 1:
		switch {
		case s.H >= 5:
			return 1, 2 * d, true
		case s.H == 4:
			return 1, 3, true
		}
		return 1, 1, true
	case !s.Interior: // every side of the polygon a chord, nothing else
		return 2 * d, 2 * d, true
	case s.H >= 5 && !s.Star:
		return 2 * d, 2 * d, true
	case s.H == 4 && s.Diagonals == 2:
		return 1, 1, true // u >= 1, as d > 0
	case s.H == 4 && u == 1:
		return 2, 2, true
	case s.H == 4:
		return 3, 3, true
	}
	return 0, 0, false
}
