package intersections

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// lineSet builds lines from segments written as the transcript writes them.
func lineSet(t *testing.T, n int, segs ...string) lines {
	t.Helper()
	st, err := New(n, len(segs), []string{"a", "b"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range segs {
		m, err := st.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return linesOf(st)
}

func names(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

func TestSplitLines(t *testing.T) {
	for _, tc := range []struct {
		name          string
		drawn         []string
		want          int
		segs          []string
		fewest, most  int
		crossingsSeen int
	}{
		{"empty", nil, 0, nil, 0, 0, 0},
		{"one line", []string{"B2-B6"}, 1, []string{"B2-B6"}, 1, 4, 0},
		{"two collinear read as one, then cut back", []string{"B2-B4", "B4-B6"}, 2, []string{"B2-B4", "B4-B6"}, 1, 4, 0},
		{"three collinear, cut longest first", []string{"A1-B1", "B1-C1", "C1-H1"}, 3, []string{"A1-D1", "D1-F1", "F1-H1"}, 1, 7, 0},
		// A crossing: the row line is cut where the column line passes.
		{"crossing", []string{"A3-C3", "C3-E3", "C1-C5"}, 3, []string{"A3-C3", "C3-E3", "C1-C5"}, 3, 8, 1},
		{"crossing, one more", []string{"A3-C3", "C3-E3", "C1-C2", "C2-C5"}, 4, []string{"A3-C3", "C3-E3", "C1-C3", "C3-C5"}, 3, 8, 1},
		// A T: the column line ends on the row line; nothing to cut.
		{"T", []string{"A3-E3", "C3-C6"}, 2, []string{"A3-E3", "C3-C6"}, 2, 7, 0},
		{"too few", []string{"A1-B1"}, 2, []string{"A1-B1"}, 1, 1, 0},
		{"too many", []string{"A1-C1", "A2-C2", "B3-B4"}, 2, []string{"A1-C1", "A2-C2", "B3-B4"}, 3, 5, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sp := splitLines(lineSet(t, 8, tc.drawn...), tc.want)
			if got := names(sp.segs); !slices.Equal(got, tc.segs) {
				t.Errorf("segments %v, want %v", got, tc.segs)
			}
			if sp.fewest() != tc.fewest || sp.most() != tc.most || len(sp.crossings) != tc.crossingsSeen {
				t.Errorf("fewest %d most %d crossings %v, want %d %d %d", sp.fewest(), sp.most(), sp.crossings, tc.fewest, tc.most, tc.crossingsSeen)
			}
		})
	}
}

// The split of any legal round's lines into its own number of segments is
// a legal round again: the same lines, the same score, whatever the split.
func TestSplitLinesReplays(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 3000 {
		n := 2 + rng.IntN(9)
		m := 1 + rng.IntN(2*n*(n-1))
		st, err := New(n, m, []string{"a", "b", "c"}, 0)
		if err != nil {
			t.Fatal(err)
		}
		for !st.Over() {
			mv, ok := st.RandomMove(rng)
			if !ok {
				break
			}
			if err := st.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		l := linesOf(st)
		drawn := len(st.segs)
		sp := splitLines(l, drawn)
		if sp.fewest() > drawn || sp.most() < drawn {
			t.Fatalf("round %d: %d segments drawn outside [%d, %d]", k, drawn, sp.fewest(), sp.most())
		}
		if len(sp.segs) != drawn {
			t.Fatalf("round %d: split into %d segments, drawn %d", k, len(sp.segs), drawn)
		}
		re, _ := New(n, drawn, []string{"a"}, 0)
		for _, mv := range sp.segs {
			if err := re.Play(mv); err != nil {
				t.Fatalf("round %d (%v): %v", k, names(sp.segs), err)
			}
		}
		if !slices.Equal(linesOf(re).gaps, l.gaps) || re.Points() != st.Points() {
			t.Fatalf("round %d: the split draws other lines or scores %d, not %d", k, re.Points(), st.Points())
		}
		// Every count between the bounds is made, and is legal.
		for want := sp.fewest(); want <= sp.most(); want += 1 + sp.most()/4 {
			sp2 := splitLines(l, want)
			if len(sp2.segs) != want {
				t.Fatalf("round %d: %d segments asked, %d made", k, want, len(sp2.segs))
			}
			re, _ := New(n, want, []string{"a"}, 0)
			for _, mv := range sp2.segs {
				if err := re.Play(mv); err != nil {
					t.Fatalf("round %d, %d segments: %v", k, want, err)
				}
			}
		}
	}
}
