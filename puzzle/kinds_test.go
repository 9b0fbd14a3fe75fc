package puzzle

import (
	"strings"
	"testing"

	"papergames/analysis"
	"papergames/games/permgrid"
)

// The minimum of the square arrays, re-proved by analysis's other
// formulation (single segments played on the game's engine), and the
// post's j*k - j - k + 4 for every size offered.
func TestMinimumReproved(t *testing.T) {
	for _, n := range []int{3, 4} {
		e, err := analysis.EngineMinimum(n)
		if err != nil {
			t.Fatal(err)
		}
		if s := analysis.LinesMinimum(n, n); s.Min != e.Min {
			t.Errorf("%dx%d: lines %d, engine %d", n, n, s.Min, e.Min)
		}
	}
	for _, sizes := range minimumSizes {
		for _, jk := range sizes {
			if got, want := analysis.LinesMinimum(jk[0], jk[1]).Min, analysis.Formula(jk[0], jk[1]); got != want {
				t.Errorf("%dx%d: %d, the post's formula %d", jk[0], jk[1], got, want)
			}
		}
	}
}

// The most faces of easy and medium placements, re-proved on the game's
// engine: every placement played dot by dot and scored by the engine, not
// by analysis's counter.
func TestMostReproved(t *testing.T) {
	for _, d := range []Difficulty{Easy, Medium} {
		s, err := Build(mostKind, options(d, 2, 4))
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range s.Items {
			p := it.Key.(mostFigure).p
			best := 0
			var rec func(st *permgrid.State, r int, used []bool)
			rec = func(st *permgrid.State, r int, used []bool) {
				if r == p.N {
					best = max(best, st.Scores()[p.seat()])
					return
				}
				for c := range p.N {
					if used[c] || (p.Given[r] >= 0 && p.Given[r] != c) {
						continue
					}
					if err := st.Play(permgrid.Move{Col: c, Row: r}); err != nil {
						t.Fatal(err)
					}
					used[c] = true
					rec(st, r+1, used)
					used[c] = false
					if err := st.Undo(); err != nil {
						t.Fatal(err)
					}
				}
			}
			seats := []string{"a", "b"}
			st, err := permgrid.New(p.N, seats, 0)
			if err != nil {
				t.Fatal(err)
			}
			rec(st, 0, make([]bool, p.N))
			if best != it.Optimum {
				t.Errorf("puzzle %s: the key says %d, every placement on the engine %d", it.ID, it.Optimum, best)
			}
			if !strings.Contains(it.Transcript, "# puzzle: n=") {
				t.Errorf("puzzle %s: the transcript lacks its puzzle line", it.ID)
			}
		}
	}
}

// The fewest meetings of easy reaches puzzles, re-proved by playing every
// sequence of reaches on the engine without the search's bound; and a
// transcript that changes the opponent's printed reach is not a solution.
func TestReachesReproved(t *testing.T) {
	s, err := Build(reachesKind, options(Easy, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range s.Items {
		p := it.Key.(reachesFigure).p
		best := 1 << 30
		reaches := make([]int, p.M)
		var rec func(i int)
		rec = func(i int) {
			if i == p.M {
				if _, counts, err := p.Transcript(reaches); err == nil {
					sum := 0
					for j, n := range counts {
						if p.mine(j) {
							sum += n
						}
					}
					best = min(best, sum)
				}
				return
			}
			if !p.mine(i) {
				reaches[i] = p.Opp[i]
				rec(i + 1)
				return
			}
			for k := 1; 2*k < p.M; k++ {
				reaches[i] = k
				rec(i + 1)
			}
		}
		rec(0)
		if best != it.Optimum {
			t.Errorf("puzzle %s: the key says %d, every sequence on the engine %d", it.ID, it.Optimum, best)
		}
	}
	it := s.Items[0]
	p := it.Key.(reachesFigure).p
	opp := 0
	for p.mine(opp) {
		opp++
	}
	bad := p
	bad.Opp = append([]int(nil), p.Opp...)
	bad.Opp[opp] = bad.Opp[opp]%((p.M-1)/2) + 1
	sol := append([]int(nil), it.Key.(reachesFigure).reaches...)
	sol[opp] = bad.Opp[opp]
	tr, _, err := bad.Transcript(sol)
	if err != nil {
		t.Fatal(err)
	}
	tr = strings.Replace(tr, bad.header(), p.header(), 1)
	report, ok, err := Check("bad.yaml", []byte(tr))
	if err != nil || ok || !strings.Contains(report, "not a solution") {
		t.Errorf("a changed opponent's reach: %v %v\n%s", ok, err, report)
	}
}
