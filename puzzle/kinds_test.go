package puzzle

import (
	"fmt"
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

// The fewest segments of easy shortest-game puzzles, re-proved by the full
// search over every order of play (analysis.SolveDefense: no deficit, no
// odd limits); a game that runs to the end of a one-move puzzle checks as
// not optimal, an unfinished one and changed chords as no solution.
func TestShortestReproved(t *testing.T) {
	s, err := Build(shortestKind, options(Easy, 4, 2))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[bool]int{}
	for _, it := range s.Items {
		p := it.Key.(shortestFigure).p
		d, err := analysis.SolveDefense(p.rats(), 400000)
		if err != nil || !d.Exact {
			t.Fatalf("puzzle %s: the full search did not finish: %v", it.ID, err)
		}
		if d.Min != it.Optimum {
			t.Errorf("puzzle %s: the key says %d, the full search %d", it.ID, it.Optimum, d.Min)
		}
		kinds[it.Optimum == 1]++
		report, ok, err := Check("blank.yaml", []byte(it.Blank))
		if err != nil || ok || !strings.Contains(report, "not a solution") || !strings.Contains(report, it.ID) {
			t.Errorf("puzzle %s: the blank transcript: %v %v\n%s", it.ID, ok, err, report)
		}
		if it.Optimum != 1 {
			continue
		}
		// A longest game is a finished game that is not optimal.
		if d.Max <= 1 {
			t.Fatalf("puzzle %s: every game has one move", it.ID)
		}
		st, err := p.state()
		if err != nil {
			t.Fatal(err)
		}
		var line []string
		for !st.Over() {
			var next string
			for _, mv := range st.Moves(nil) {
				st.Play(mv)
				over := st.Over()
				st.Undo()
				if !over {
					next = mv.String()
					break
				}
			}
			if next == "" {
				break
			}
			mv, _ := st.Parse(next)
			st.Play(mv)
			line = append(line, next)
		}
		if len(line) < 2 {
			t.Fatalf("puzzle %s: no longer game found", it.ID)
		}
		long := line
		for !st.Over() { // finish with any move
			mv := st.Moves(nil)[0]
			long = append(long, mv.String())
			st.Play(mv)
		}
		tr, err := p.Transcript(long)
		if err != nil {
			t.Fatal(err)
		}
		report, ok, err = Check("long.yaml", []byte(tr))
		if err != nil || ok || !strings.Contains(report, "not optimal") {
			t.Errorf("puzzle %s: a game of %d moves: %v %v\n%s", it.ID, len(long), ok, err, report)
		}
		unfinished := strings.Replace(tr, "moves: "+strings.Join(long, " "), "moves: "+long[0], 1)
		report, ok, err = Check("short.yaml", []byte(unfinished))
		if err != nil || ok || !strings.Contains(report, "not a solution") {
			t.Errorf("puzzle %s: an unfinished game: %v %v\n%s", it.ID, ok, err, report)
		}
	}
	if kinds[true] == 0 || kinds[false] == 0 {
		t.Errorf("the sheet does not mix one-move and full-length puzzles: %v", kinds)
	}
	it := s.Items[0]
	p := it.Key.(shortestFigure).p
	bad := strings.Replace(it.Transcript, "chords: "+strings.ReplaceAll(p.chordText(), ",", " "), "chords: "+strings.ReplaceAll(p.chordText(), ",", " ")+" 15-195", 1)
	bad = strings.Replace(bad, fmt.Sprintf("chords: %d\n", len(p.Chords)), fmt.Sprintf("chords: %d\n", len(p.Chords)+1), 1)
	report, ok, err := Check("bad.yaml", []byte(bad))
	if ok || (err == nil && !strings.Contains(report, "not a solution")) {
		t.Errorf("changed chords: %v %v\n%s", ok, err, report)
	}
}
