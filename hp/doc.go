// Package hp decides geometry on points that are not rational: marks on a
// circle and points at written angles, and the points constructed from
// them (crossings of chords, meetings of arcs). Such points are algebraic,
// and the games produce exact degeneracies on purpose (concurrent
// diameters, tangent arcs), so no float64 tolerance and no snapping to
// nearby rational points may decide them.
//
// Every number is carried to Prec = 384 bits (unit roundoff 2^-384, about
// 2.5e-116). Angles are exact rationals (degrees as written), and sin and
// cos of them, π, square roots and the four operations are each correct
// to within a few units of the last place. For the constructions the
// games make (coordinates of magnitude at most 1e3, a few dozen operations
// deep), the accumulated error of a computed quantity is below
// ErrorBound = 1e-90. A computed value x is then judged:
//
//	|x| <  ErrorBound          zero: the true value is exactly zero (see below)
//	|x| >= Zero = 1e-40        non-zero, with the sign of x (certain: x's error is < 1e-90)
//	ErrorBound <= |x| < Zero   undecided: the true value is non-zero but so small
//	                           that the games' written angles should never produce
//	                           it; the scorer refuses rather than guesses (Undecided)
//
// The one assumption is the gap: a quantity that is not exactly zero for
// the written angles is at least 1e-40 in size. It is not proven for all
// inputs; the tests check it exhaustively for the arc pairs of every
// marked circle up to 60 marks and for the crossing points of chords at
// whole and half degrees, where the smallest non-zero value found is
// larger than 1e-20. A value in the undecided band is reported, never
// guessed.
//
// Predicates (Sign, Cmp, Orient, Equal) first try float64 with a proven
// error bound and fall back to the 384-bit values only when the float64
// answer is too close to call, so they are fast in the common case.
package hp
