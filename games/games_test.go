package games

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestExact(t *testing.T) {
	for _, tc := range []struct {
		r    *big.Rat
		want string
	}{{big.NewRat(161, 2), "80.5"}, {big.NewRat(1, 3), "1/3"}, {big.NewRat(-7, 4), "-1.75"}, {big.NewRat(12, 1), "12"},
		{big.NewRat(1, 80), "0.0125"}, {big.NewRat(1, 6), "1/6"}, {big.NewRat(0, 1), "0"}} {
		if got := Exact(tc.r); got != tc.want {
			t.Errorf("Exact(%v) = %q, want %q", tc.r, got, tc.want)
		}
	}
	// The int64 path writes what the big one does, at the edges too.
	rng := rand.New(rand.NewPCG(1, 2))
	dens := []int64{1, 2, 3, 4, 5, 8, 10, 16, 20, 25, 40, 64, 80, 125, 1 << 20, 5 * 5 * 5 * 5 * 5 * 5 * 5 * 5, 1 << 59, 1 << 62, 7 * 1024, math.MaxInt64}
	nums := []int64{0, 1, -1, 3, -7, 1 << 40, -(1 << 40), math.MaxInt64, math.MinInt64, math.MinInt64 + 1, 999999999999}
	for range 2000 {
		nums = append(nums, rng.Int64()>>rng.IntN(63)*(1-2*rng.Int64N(2)))
	}
	for _, d := range dens {
		for _, n := range nums {
			r := big.NewRat(n, d)
			if got, want := Exact(r), exactBig(r); got != want {
				t.Fatalf("Exact(%v) = %q, want %q", r, got, want)
			}
		}
	}
}

// TestRefusedNamesTheMoveOnce: a refusal whose reason names the move
// already does not repeat it (issue 22: "segment 3 (A4-H4): segment 3
// (A4-H4) crosses").
func TestRefusedNamesTheMoveOnce(t *testing.T) {
	for _, tc := range []struct {
		name, text, err, want string
	}{
		{"segment 3", "A4-H4", "segment 3 (A4-H4) crosses segment 1 (B1-B5) at B4", "round 2, segment 3 (A4-H4) crosses segment 1 (B1-B5) at B4"},
		{"dot 2", "E2", "row 2 already has dot 1 (A2)", "round 2, dot 2 (E2): row 2 already has dot 1 (A2)"},
		{"", "3a-4b", "move 2 is even", "round 2, move 5 (3a-4b): move 2 is even"},
	} {
		r := &Refused{Round: 1, Move: 4, Name: tc.name, Text: tc.text, Err: errors.New(tc.err)}
		if got := r.Message(); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
}

// A doubt of the whole round reaches the moves read without one and
// keeps the doubts already said.
func TestDoubtRest(t *testing.T) {
	ms := []ReadMove{{Text: "a"}, {Text: "b", Doubt: "faint"}}
	DoubtRest(ms, "the round is in doubt")
	if ms[0].Doubt != "the round is in doubt" || ms[1].Doubt != "faint" {
		t.Errorf("DoubtRest: %+v", ms)
	}
}

func TestUnequal(t *testing.T) {
	ps := []string{"Ann", "Bob", "Cy"}
	for _, tc := range []struct {
		counts []int
		want   string
	}{
		{[]int{2, 2, 2}, ""},
		{[]int{0, 0, 0}, ""},
		{[]int{2, 1, 2}, "Ann 2, Bob 1, Cy 2"},
		{[]int{0, 0, 1}, "Ann 0, Bob 0, Cy 1"},
	} {
		if got := Unequal(ps, tc.counts); got != tc.want {
			t.Errorf("Unequal(%v) = %q, want %q", tc.counts, got, tc.want)
		}
	}
}
