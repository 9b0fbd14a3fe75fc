package polydots

import "testing"

// TestHamilton: a ring has one closed path, a complete graph more; a
// search cut short says so, so that no path is read as the only one.
func TestHamilton(t *testing.T) {
	ring := [][]int{{1, 4}, {0, 2}, {1, 3}, {2, 4}, {3, 0}}
	var k5 [][]int
	for i := range 5 {
		var a []int
		for j := range 5 {
			if j != i {
				a = append(a, j)
			}
		}
		k5 = append(k5, a)
	}
	for _, c := range []struct {
		name  string
		adj   [][]int
		limit int
		found int
		done  bool
	}{
		{"ring", ring, 1000, 1, true},
		{"complete", k5, 1000, 2, true},
		{"ring, cut short", ring, 3, 0, false},
	} {
		got, done := hamilton(c.adj, 2, c.limit)
		if len(got) != c.found || done != c.done {
			t.Errorf("%s: %d cycles, settled %v; want %d, %v", c.name, len(got), done, c.found, c.done)
		}
	}
}
