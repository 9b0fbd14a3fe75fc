package puzzle

import (
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/games/curve"
)

// bestByEngine re-proves a fill's maximum independently of the search:
// every sequence of writes the game's engine allows, depth first, cut only
// where the squares left cannot beat the best found.
func bestByEngine(t *testing.T, f *Fill) int {
	t.Helper()
	st, err := f.start()
	if err != nil {
		t.Fatal(err)
	}
	best := 0
	var walk func(k int)
	walk = func(k int) {
		best = max(best, k)
		if k == len(f.Inside) || best == len(f.Inside) {
			return
		}
		for _, m := range st.Moves(nil) {
			if err := st.Play(m); err != nil {
				t.Fatal(err)
			}
			walk(k + 1)
			if err := st.Undo(); err != nil {
				t.Fatal(err)
			}
		}
	}
	walk(0)
	return best
}

// The key's optimum, re-proved on the engine for small puzzles: every
// easy puzzle of two sheets, and medium ones with up to 10 squares inside
// made from hand-picked loops.
func TestFillOptimumReproved(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		for i := range 12 {
			f, sol, err := NewFill(rngFor(seed, fillKind.Name, Easy, i), Easy)
			if err != nil {
				t.Fatal(err)
			}
			if got := bestByEngine(t, f); got != sol.K {
				t.Errorf("puzzle %s: the search says K = %d, every fill on the engine %d", f.ID(), sol.K, got)
			}
		}
	}
	// A tight 4-by-3 inside (12 squares) whose loop numbers block much:
	// the whole search space on the engine is too large, so a 3-by-3 one.
	for _, c := range []struct {
		loop string
		n    int
	}{
		{"B2 C2 D2 E2 F2 F3 F4 F5 F6 E6 D6 C6 B6 B5 B4 B3", 8},
		{"C3 D3 E3 F3 G3 G4 G5 G6 G7 F7 E7 D7 C7 C6 C5 C4", 8},
		{"A1 B1 C1 D1 E1 E2 E3 E4 E5 D5 C5 B5 A5 A4 A3 A2", 6},
	} {
		f := fillOf(t, c.n, c.loop)
		sol, err := f.Solve(rand.New(rand.NewPCG(1, 1)), 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := bestByEngine(t, f); got != sol.K {
			t.Errorf("loop %s: the search says K = %d, every fill on the engine %d", c.loop, sol.K, got)
		}
	}
}

// No random fill of medium and hard puzzles beats the proven maximum, and
// the search's fill reaches it.
func TestFillRandomNeverBeatsMaximum(t *testing.T) {
	for _, d := range []Difficulty{Medium, Hard} {
		for i := range 4 {
			f, sol, err := NewFill(rngFor(9, fillKind.Name, d, i), d)
			if err != nil {
				t.Fatal(err)
			}
			k, _ := newModel(f).greedy(rand.New(rand.NewPCG(uint64(i), 3)), 2000)
			if k > sol.K {
				t.Errorf("puzzle %s: a random fill reaches %d, above the proven %d", f.ID(), k, sol.K)
			}
			if got, err := f.Check(sol.Grid); err != nil || got != sol.K {
				t.Errorf("puzzle %s: the key's fill: %d, %v", f.ID(), got, err)
			}
		}
	}
}

func fillOf(t *testing.T, n int, loop string) *Fill {
	t.Helper()
	f := &Fill{N: n}
	for _, w := range strings.Fields(loop) {
		var p curve.Cell
		p.C = int(w[0] - 'A')
		p.R = int(w[1] - '1')
		f.Loop = append(f.Loop, p)
	}
	st, err := f.start()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range st.Moves(nil) {
		f.Inside = append(f.Inside, m.At)
	}
	return f
}

// puzzle check: the key is optimal; the key less its top number is valid
// but short (and unfinished); a broken grid scores 0.
func TestFillCheck(t *testing.T) {
	it, err := makeFill(rngFor(5, fillKind.Name, Medium, 0), nil, Medium, 0)
	if err != nil {
		t.Fatal(err)
	}
	report, ok, err := Check("key.yaml", []byte(it.Transcript))
	if err != nil || !ok || !strings.Contains(report, "optimal: this fill reaches the maximum") {
		t.Fatalf("the key: %v, %v\n%s", ok, err, report)
	}
	// Take out the top number: K-1.
	top := " " + itoa(it.Optimum) + " "
	short := strings.Replace(it.Transcript, top, " . ", 1)
	if short == it.Transcript {
		short = strings.Replace(it.Transcript, " "+itoa(it.Optimum)+"\n", " .\n", 1)
	}
	report, ok, err = Check("short.yaml", []byte(short))
	if err != nil || ok || !strings.Contains(report, "not optimal: 1 short") {
		t.Errorf("one short: %v, %v\n%s", ok, err, report)
	}
	// Swap 1 for 2 where 2 meets an even neighbour: put 2 beside 2's
	// neighbours by writing 2 twice is a refused transcript or an invalid
	// grid; either way not optimal.
	bad := strings.Replace(it.Transcript, " 1 ", " 2 ", 1)
	if _, ok, _ := Check("bad.yaml", []byte(bad)); ok {
		t.Errorf("a grid with 2 twice checks as optimal")
	}
	if _, _, err := Check("x.yaml", []byte("game: arcs-and-marks\n")); err == nil {
		t.Errorf("a game with no puzzle kind is checked")
	}
}

func itoa(v int) string {
	s := ""
	for ; v > 0; v /= 10 {
		s = string(rune('0'+v%10)) + s
	}
	return s
}
