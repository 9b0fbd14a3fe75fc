package analysis

import "testing"

// Small arrays checked by hand: a 2-by-2 square needs its 4 sides; a 3-by-3
// array needs 7 (3 rows, 3 columns, one cut at the centre: 2 ways); a single
// row of k dots needs 1 segment.
func TestMinimumSmall(t *testing.T) {
	for _, c := range []struct {
		j, k, min int
		opt       string
	}{
		{1, 1, 0, "1"}, {1, 5, 1, "1"}, {2, 2, 4, "1"}, {2, 5, 7, "1"}, {3, 3, 7, "2"}, {3, 4, 9, "4"}, {4, 4, 12, "16"},
	} {
		s := LinesMinimum(c.j, c.k)
		if s.Min != c.min || s.Optimal.String() != c.opt {
			t.Errorf("%dx%d: min %d with %s optimal layouts, want %d with %s", c.j, c.k, s.Min, s.Optimal, c.min, c.opt)
		}
		if len(s.Layout) != s.Min {
			t.Errorf("%dx%d: layout of %d segments, min %d", c.j, c.k, len(s.Layout), s.Min)
		}
	}
	for n, want := range map[int]int{2: 4, 3: 7, 4: 12} {
		e, err := EngineMinimum(n)
		if err != nil {
			t.Fatal(err)
		}
		l := LinesMinimum(n, n)
		if e.Min != want || l.Optimal.Int64() != e.Optimal {
			t.Errorf("%dx%d by the engine: min %d with %d optimal, want %d with %s", n, n, e.Min, e.Optimal, want, l.Optimal)
		}
	}
}

func BenchmarkLinesMinimum6x6(b *testing.B) {
	for b.Loop() {
		LinesMinimum(6, 6)
	}
}

func BenchmarkEngineMinimum4(b *testing.B) {
	for b.Loop() {
		EngineMinimum(4)
	}
}

// TestMinimumDrawFollowsMax: without --draw, a smaller --max is drawn at
// its own size instead of refusing the default 5.
func TestMinimumDrawFollowsMax(t *testing.T) {
	for _, mx := range []string{"1", "3", "6"} {
		if _, err := newMinimum(Params{"max": mx, "engine-max": "2", "draw": "0"}); err != nil {
			t.Errorf("--max %s: %v", mx, err)
		}
	}
	if _, err := newMinimum(Params{"max": "3", "engine-max": "2", "draw": "4"}); err == nil {
		t.Error("--draw 4 with --max 3 was accepted")
	}
}
