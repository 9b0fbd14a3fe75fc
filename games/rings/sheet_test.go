package rings

import (
	"fmt"
	"math"
	"papergames/internal/testenv"
	"strings"
	"testing"
	"time"

	"papergames/games"
)

// A long --dividers list is refused on its count before any angle is
// compared: 20,000 angles once took more than 20 s.
func TestParseDividersLongListIsQuick(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("1:")
	for i := range 20000 {
		fmt.Fprintf(&sb, "%d/7,", i)
	}
	start := time.Now()
	_, err := ParseDividers(sb.String(), 6, [][2]int{{1, 2}, {2, 4}, {3, 8}, {4, 16}, {5, 32}})
	if err == nil || !strings.Contains(err.Error(), "ring 1 has 20000 cuts; it must have 1 to 2") {
		t.Errorf("err %v", err)
	}
	// The most a ring may have, all distinct, and a duplicate at the end:
	// the check is linear.
	sb.Reset()
	sb.WriteString("1:")
	for i := range 4096 {
		fmt.Fprintf(&sb, "%d/13,", i)
	}
	sb.WriteString("0")
	_, err = ParseDividers(sb.String(), 2, [][2]int{{1, 5000}})
	if err == nil || !strings.Contains(err.Error(), "ring 1: angle 0 is cut twice") {
		t.Errorf("err %v", err)
	}
	if d := time.Since(start); d > testenv.Bound(2*time.Second) {
		t.Errorf("took %v", d)
	}
}

// Each copy of a --random-dividers sheet has its own cuts, reproducible
// from the seed and the copy number, within the bounds, and no two cut
// ends on one circle closer than MinGap millimetres at the smallest
// printed size (a shared end, cuts of neighbouring rings at one angle, is
// one point).
func TestRandomCopies(t *testing.T) {
	for n := 2; n <= 12; n++ {
		minR := float64(max(50, 8*n)) / 2 / float64(n) // circle 1's radius at the smallest size
		seen := map[string]int{}
		for seed := uint64(0); seed < 4; seed++ {
			for c := range 25 {
				cuts := RandomCopy(n, seed, c)
				f := FormatDividers(cuts)
				if f != FormatDividers(RandomCopy(n, seed, c)) {
					t.Fatalf("%d circles, seed %d, copy %d: not reproducible", n, seed, c)
				}
				if prev, dup := seen[f]; dup && n > 3 {
					t.Errorf("%d circles, seed %d: copies %d and %d have the same cuts", n, seed, prev, c)
				}
				seen[f] = c
				bounds, _, _ := sectionRule("", n)
				if _, err := ParseDividers(f, n, bounds); err != nil {
					t.Fatalf("%d circles, seed %d, copy %d: %v", n, seed, c, err)
				}
				for j, cs := range cuts {
					ring := j + 1
					if k := len(cs); k < ring || k > min(1<<ring, 4*ring) {
						t.Errorf("ring %d has %d cuts", ring, k)
					}
					// Ends on circle j+1 (this ring's inner circle) and on
					// circle j+2 (its outer one, shared with the next ring).
					for _, circle := range []int{ring, ring + 1} {
						var on []float64
						for _, r := range []int{circle - 1, circle} {
							if r >= 1 && r < n {
								on = append(on, cuts[r-1]...)
							}
						}
						for x := range on {
							for y := range x {
								d := math.Abs(on[x] - on[y])
								d = math.Min(d, 360-d)
								if mm := d * math.Pi / 180 * minR * float64(circle); d != 0 && mm < MinGap-1e-9 {
									t.Fatalf("%d circles, seed %d, copy %d: ends %g and %g on circle %d are %.2f mm apart", n, seed, c, on[x], on[y], circle, mm)
								}
							}
						}
					}
				}
			}
		}
	}
	if FormatDividers(RandomDividers(8, 42)) != FormatDividers(RandomCopy(8, 42, 0)) {
		t.Error("RandomDividers is not copy 0")
	}
}

// Each copy's board carries its cuts and, in its caption, their board id.
func TestCopyCells(t *testing.T) {
	v := games.Values{"circles": 6, "random-dividers": true, "seed": 7}
	players := []string{"", ""}
	s, err := Game{}.Setup(v, players)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for i := range 3 {
		cells, err := Game{}.CopyCells(v, players, i)
		if err != nil || len(cells) != 1 {
			t.Fatal(cells, err)
		}
		want := games.BoardID(boardKey(6) + " cuts=" + FormatDividers(RandomCopy(6, 7, i)))
		if c := cells[0].Caption; c != fmt.Sprintf("copy %d · board %s", i+1, want) {
			t.Errorf("copy %d: caption %q", i+1, c)
		}
		if i == 0 && games.BoardID(s.Key) != want {
			t.Errorf("the sheet's board id is not copy 1's")
		}
		ids[want] = true
	}
	if len(ids) != 3 {
		t.Errorf("board ids %v", ids)
	}
}

// The sheet writes 2^j in words, as a classroom reads it.
func TestSheetWritesPowerInWords(t *testing.T) {
	s, err := Game{}.Setup(games.Values{"circles": 6, "seed": 1}, []string{"", ""})
	if err != nil {
		t.Fatal(err)
	}
	if want := "6 circles, 5 rings · 2 players · ring j is cut into j up to 2 to the power j sections"; s.Params != want {
		t.Errorf("params %q, want %q", s.Params, want)
	}
	if strings.Contains(Game{}.Example(), "j to 2^j") {
		t.Errorf("the blank transcript writes 2^j bare")
	}
}
