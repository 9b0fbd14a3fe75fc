package games

import (
	"math/big"
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
}
