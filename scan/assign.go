package scan

import "math"

// Assign returns the assignment of rows to distinct columns of the square
// matrix w that makes the sum of the chosen weights largest: col[r] is
// row r's column. It is the Hungarian method (Kuhn, Munkres), O(n^3) in
// the potentials form, exact for any weights: readers use it where the
// rules put one mark in every row and every column.
func Assign(w [][]float64) []int {
	n := len(w)
	// Minimise the cost -w, rows and columns numbered from 1; index 0 is
	// the free column of the method.
	u, v := make([]float64, n+1), make([]float64, n+1)
	p, way := make([]int, n+1), make([]int, n+1) // p[col] = row matched to col
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		minv := make([]float64, n+1)
		used := make([]bool, n+1)
		for j := range minv {
			minv[j] = math.Inf(1)
		}
		for {
			used[j0] = true
			i0, delta, j1 := p[j0], math.Inf(1), 0
			for j := 1; j <= n; j++ {
				if used[j] {
					continue
				}
				cur := -w[i0-1][j-1] - u[i0] - v[j]
				if cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= n; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	col := make([]int, n)
	for j := 1; j <= n; j++ {
		if p[j] > 0 {
			col[p[j]-1] = j - 1
		}
	}
	return col
}
