package analysis

import (
	"math/big"
	"slices"
	"testing"

	"papergames/games/arcs"
)

// engineMinimax is perfect play through the engine itself, no pruning:
// the least (own future - other's future) for the player to move.
func engineMinimax(st *arcs.State) int {
	if st.Over() {
		return 0
	}
	best := 1 << 30
	for _, mv := range st.Moves(nil) {
		st.Play(mv)
		c := st.Counts()
		v := c[len(c)-1] - engineMinimax(st)
		st.Undo()
		best = min(best, v)
	}
	return best
}

// engineExpected averages every seat's total over every sequence of
// reaches, through the engine.
func engineExpected(st *arcs.State, players int) []*big.Rat {
	sum := make([]int64, players)
	var n int64
	var walk func()
	walk = func() {
		if st.Over() {
			for s, v := range st.Scores() {
				sum[s] += int64(v)
			}
			n++
			return
		}
		for _, mv := range st.Moves(nil) {
			st.Play(mv)
			walk()
			st.Undo()
		}
	}
	walk()
	out := make([]*big.Rat, players)
	for s := range out {
		out[s] = big.NewRat(sum[s], n)
	}
	return out
}

// The table search agrees with the engine: perfect-play values by plain
// minimax over the engine (first centre fixed at mark 1), and the exact
// random-play expectation by averaging every sequence of reaches.
func TestArcsAgainstEngine(t *testing.T) {
	for _, m := range []int{5, 6, 7, 8} {
		tab, err := NewMeetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		g := &arcGame{t: tab, players: 2}
		v := g.negamax(-1<<30, 1<<30, make([]int, m))
		st, _ := arcs.New(m, []string{"a", "b"}, 0, 1)
		if w := engineMinimax(st); v != w {
			t.Errorf("m = %d: table search %d, engine minimax %d", m, v, w)
		}
		for _, p := range []int{2, 3} {
			g.players = p
			st, _ := arcs.New(m, make([]string, p), 0, 1)
			exp, want := g.expected(), engineExpected(st, p)
			for s := range exp {
				if exp[s].Cmp(want[s]) != 0 {
					t.Errorf("m = %d, %d players, seat %d: expected %s, engine average %s", m, p, s, exp[s].RatString(), want[s].RatString())
				}
			}
		}
	}
}

// By hand: on 6 marks the reaches are 1 and 2. Neighbouring arcs of reach
// 1 share an end mark... the table says what the engine says; here only
// its shape: 2 reaches, symmetric in time.
func TestMeetTableSymmetric(t *testing.T) {
	tab, err := NewMeetTable(10)
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d < 10; d++ {
		for k1 := 1; k1 <= tab.K; k1++ {
			for k2 := 1; k2 <= tab.K; k2++ {
				if tab.meet[d][k1][k2] != tab.meet[10-d][k2][k1] {
					t.Errorf("d %d, reaches %d %d: not symmetric", d, k1, k2)
				}
			}
		}
	}
}

func BenchmarkArcsPerfect12(b *testing.B) {
	tab, _ := NewMeetTable(12)
	for b.Loop() {
		g := &arcGame{t: tab, players: 2}
		g.negamax(-1<<30, 1<<30, make([]int, 12))
	}
}

// The table gives every move the cost the engine gives it, on random
// rounds of larger boards (where the exhaustive checks above cannot go).
func TestMeetTableAgainstEngineRounds(t *testing.T) {
	for _, m := range []int{12, 16, 20} {
		tab, err := NewMeetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		g := &arcGame{t: tab, players: 2}
		rng := Rand(3, uint64(m))
		for range 200 {
			st, _ := arcs.New(m, []string{"a", "b"}, 0, 1)
			g.reach = g.reach[:0]
			for j := range m {
				k := 1 + rng.IntN(tab.K)
				c := g.cost(k)
				if err := st.Play(arcs.Move{Reach: k}); err != nil {
					t.Fatal(err)
				}
				if got := st.Counts()[j]; got != c {
					t.Fatalf("m = %d, reaches %v then %d: engine %d, table %d", m, g.reach, k, got, c)
				}
				g.reach = append(g.reach, k)
			}
		}
	}
}

// The search with the profile table agrees with plain alpha-beta on the
// value for 2 players (m = 5 to 14) and with plain max^n on every seat's
// total for 3 and 4 players (m up to 9); its line gives the value.
func TestArcsSolverAgrees(t *testing.T) {
	for m := 5; m <= 14; m++ {
		tab, err := NewMeetTable(m)
		if err != nil {
			t.Fatal(err)
		}
		g := &arcGame{t: tab, players: 2}
		want := g.negamax(-1<<30, 1<<30, make([]int, m))
		for _, slots := range []int{1 << 4, 1 << 16} { // a tiny table too: entries give way
			s := newArcsSolver(tab, 2, 0, slots)
			v, line := s.value(0)
			tot := g.totals(line)
			if v != want || tot[0]-tot[1] != v {
				t.Errorf("m = %d, %d slots: value %d, line %v totals %v; alpha-beta %d", m, slots, v, line, tot, want)
			}
		}
	}
	for _, w := range [][2]int{{3, 6}, {3, 9}, {4, 8}, {3, 7}, {4, 9}} {
		tab, _ := NewMeetTable(w[1])
		g := &arcGame{t: tab, players: w[0]}
		want := g.maxn(make([]int, w[1]))
		s := newArcsSolver(tab, w[0], 0, 1<<12)
		got := g.totals(s.maxnLine())
		if !slices.Equal(got, want) {
			t.Errorf("%d players, m = %d: %v, max^n %v", w[0], w[1], got, want)
		}
	}
}

func BenchmarkArcsTable16(b *testing.B) {
	tab, _ := NewMeetTable(16)
	for b.Loop() {
		s := newArcsSolver(tab, 2, 4, 1<<21)
		s.ttMax = 12
		s.mtdf(3)
	}
}

func BenchmarkArcsTable18(b *testing.B) {
	tab, _ := NewMeetTable(18)
	for b.Loop() {
		s := newArcsSolver(tab, 2, 4, 1<<21)
		s.ttMax = 14
		s.value(-3)
	}
}

func BenchmarkArcsMaxn4Players12(b *testing.B) {
	tab, _ := NewMeetTable(12)
	for b.Loop() {
		s := newArcsSolver(tab, 4, 0, 1<<16)
		s.ttMax = 10
		s.maxnLine()
	}
}
