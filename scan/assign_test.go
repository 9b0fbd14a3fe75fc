package scan

import (
	"math/rand/v2"
	"testing"
)

// TestAssignBrute holds Assign to every permutation of small matrices.
func TestAssignBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.IntN(6)
		w := make([][]float64, n)
		for i := range w {
			w[i] = make([]float64, n)
			for j := range w[i] {
				w[i][j] = float64(rng.IntN(20)) - 5
			}
		}
		got := Assign(w)
		seen := map[int]bool{}
		sum := 0.0
		for r, c := range got {
			if seen[c] {
				t.Fatalf("%v: column %d twice in %v", w, c, got)
			}
			seen[c] = true
			sum += w[r][c]
		}
		best := bestPerm(w)
		if sum != best {
			t.Fatalf("%v: Assign sums %g, the best permutation %g", w, sum, best)
		}
	}
}

func bestPerm(w [][]float64) float64 {
	n := len(w)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := -1e18
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			s := 0.0
			for r, c := range perm {
				s += w[r][c]
			}
			best = max(best, s)
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0)
	return best
}
