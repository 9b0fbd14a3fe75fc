package geom

import (
	"errors"
	"math/big"
	"papergames/internal/testenv"
	"runtime"
	"strings"
	"testing"
	"time"
)

// gridLines is n horizontal and n vertical lines, each crossing all the
// others: exactly n² crossings, and no other meetings.
func gridLines(n int) []Segment {
	segs := make([]Segment, 0, 2*n)
	for i := range int64(n) {
		segs = append(segs, SegInt(-1, i, int64(n), i), SegInt(i, -1, i, int64(n)))
	}
	return segs
}

// allocated is the number of bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func isLimit(err error, crossings bool, limit int64) bool {
	var le *LimitError
	return errors.As(err, &le) && le.Crossings == crossings && le.Limit == limit
}

// The crossing limit is exact: 10,000 crossings pass a limit of 10,000,
// 10,201 do not.
func TestCrossingLimitIsExact(t *testing.T) {
	a, err := ArrangeWithin(gridLines(100), Limits{Crossings: 10000})
	if err != nil || a.Vertices() != 10000+400 {
		t.Fatalf("100 by 100 lines: %v", err)
	}
	if _, err := ArrangeWithin(gridLines(101), Limits{Crossings: 10000}); !isLimit(err, true, 10000) {
		t.Errorf("101 by 101 lines: err = %v", err)
	}
}

// Past the default limit, 5 million crossings, Arrange refuses before
// spending the memory: 4,000 by 4,000 lines took 7.4 GB, 10,000 by 10,000
// ran out of memory.
func TestTooManyCrossingsAreRefusedEarly(t *testing.T) {
	if testing.Short() {
		t.Skip("large")
	}
	for _, n := range []int{2237, 10000} { // 2,237² = 5,004,169
		segs := gridLines(n)
		var err error
		bytes := allocated(func() { _, err = Arrange(segs) })
		want := "more than 5,000,000 pairs of segments cross or touch; the limit is 5,000,000 (they take about 715 MB of memory)"
		if !isLimit(err, true, MaxCrossings) || err.Error() != want {
			t.Errorf("%d by %d lines: err = %v, want %s", n, n, err, want)
		}
		t.Logf("%d by %d lines: %d MB allocated", n, n, bytes>>20)
		if bytes > 800<<20 {
			t.Errorf("%d by %d lines: %d MB allocated to refuse them", n, n, bytes>>20)
		}
	}
}

// Long segments packed closer than a grid cell are refused before the
// grid is filled: 200,000 copies of one segment would register each in
// 65,536 cells (52 GB) and compare all pairs.
func TestTooManyComparisonsAreRefusedEarly(t *testing.T) {
	segs := make([]Segment, 200000)
	for i := range segs {
		segs[i] = SegInt(0, 0, 1000000, 0)
	}
	var err error
	bytes := allocated(func() { _, err = Arrange(segs) })
	want := "the segments are too long and too close together to compare in reasonable time: more than 5,000,000,000 comparisons; the limit is 5,000,000,000"
	if !isLimit(err, false, MaxComparisons) || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	if bytes > 200<<20 {
		t.Errorf("%d MB allocated to refuse them", bytes>>20)
	}
	// Exact at a small limit: 3 segments through the same cells.
	three := []Segment{SegInt(0, 0, 10, 0), SegInt(0, 1, 10, 1), SegInt(0, 2, 10, 2)}
	a, err := ArrangeWithin(three, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	_ = a
	if _, err := ArrangeWithin(three, Limits{Comparisons: 1}); !isLimit(err, false, 1) || !strings.Contains(err.Error(), "the limit is 1") {
		t.Errorf("err = %v", err)
	}
}

// A long thin drawing is spread over the grid's cells, not packed into
// its last column: 150,000 unit segments in a row put 104,000 of them in
// the last of 65,536 columns, 5 billion pairs to compare (and now the
// comparison limit would refuse them).
func TestLongRowOfSegments(t *testing.T) {
	segs := make([]Segment, 150000)
	for i := range segs {
		segs[i] = SegInt(int64(i), 0, int64(i), 1)
	}
	start := time.Now()
	a, err := Arrange(segs)
	if err != nil {
		t.Fatal(err)
	}
	if a.Components() != len(segs) {
		t.Errorf("%d components", a.Components())
	}
	if took := time.Since(start); took > testenv.Bound(20*time.Second) {
		t.Errorf("took %v", took)
	}
}

// TestManyDenominatorsAreRefused: coordinates whose common denominator
// grows with every segment are refused before the scaling takes minutes.
func TestManyDenominatorsAreRefused(t *testing.T) {
	var segs []Segment
	d := int64(1_000_000_007)
	for i := int64(0); i < 1500; i++ {
		x := big.NewRat(i, d+2*i)
		segs = append(segs, Segment{A: Pt(x, big.NewRat(0, 1)), B: Pt(big.NewRat(i+1, 1), big.NewRat(1, d+2*i+1))})
	}
	start := time.Now()
	_, err := Arrange(segs)
	var le *LimitError
	if !errors.As(err, &le) || !le.Scale {
		t.Fatalf("err = %v, want the limit on exact coordinates", err)
	}
	if el := time.Since(start); el > testenv.Bound(5*time.Second) {
		t.Errorf("refused after %v", el)
	}
}
