package polygons

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"papergames/geom"
)

func geomSegs(segs []Seg) []geom.Segment {
	var out []geom.Segment
	for _, s := range segs {
		out = append(out, geom.SegInt(s.AX, s.AY, s.BX, s.BY))
	}
	return out
}

// compare checks Counter against geom.Arrange on segs; it returns whether
// Counter took the fast path.
func compare(t *testing.T, c *Counter, segs []Seg) bool {
	t.Helper()
	got, ok := c.Sides(segs, nil)
	arr, err := geom.Arrange(geomSegs(segs))
	if err != nil {
		if ok {
			t.Fatalf("%v: geom refuses (%v), Counter counts %v", segs, err, got)
		}
		return false
	}
	if !ok {
		return false
	}
	var want []int
	for _, f := range arr.Faces() {
		want = append(want, f.Sides)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%v: Counter %v, geom %v", segs, got, want)
	}
	return true
}

// TestCounterRandom compares Counter with geom.Arrange on random segments
// between the points of a small lattice, where crossings, shared ends,
// T-junctions, points where many segments meet, stubs and overlaps are
// frequent.
func TestCounterRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var c Counter
	fast := 0
	const runs = 10000
	for range runs {
		k := 1 + rng.IntN(9)
		side := int64(2 + rng.IntN(6))
		var segs []Seg
		for len(segs) < k {
			s := Seg{rng.Int64N(side), rng.Int64N(side), rng.Int64N(side), rng.Int64N(side)}
			if s.AX != s.BX || s.AY != s.BY {
				segs = append(segs, s)
			}
		}
		if compare(t, &c, segs) {
			fast++
		}
	}
	if fast < runs/4 {
		t.Errorf("Counter took the fast path on %d of %d drawings", fast, runs)
	}
	t.Logf("fast path on %d of %d", fast, runs)
}

// TestCounterClosedPaths compares Counter with geom.Arrange on closed
// paths through random points (Polygons-&-Dots' drawings, without its
// no-three-in-line rule, so many meet at a point), and on the row and
// column paths of random permutations (Permutation Grid's): it must take
// the fast path on every one of the games' drawings.
func TestCounterClosedPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	var c Counter
	for run := range 2000 {
		n := 3 + rng.IntN(10)
		side := int64(4 + rng.IntN(20)) // side*side > n
		var pts [][2]int64
		for len(pts) < n {
			p := [2]int64{rng.Int64N(side), rng.Int64N(side)}
			if !slices.Contains(pts, p) {
				pts = append(pts, p)
			}
		}
		var segs []Seg
		for i, p := range pts {
			q := pts[(i+1)%n]
			segs = append(segs, Seg{p[0], p[1], q[0], q[1]})
		}
		if !compare(t, &c, segs) && run%2 == 0 {
			// Only a collinear overlap may decline a closed path.
			overlap := false
			for i := range segs {
				for j := range i {
					a, b := geomSegs(segs[i : i+1])[0], geomSegs(segs[j : j+1])[0]
					overlap = overlap || geom.Coincide(a, b)
				}
			}
			if !overlap {
				t.Fatalf("closed path %v declined", pts)
			}
		}
	}
	for n := 3; n <= 14; n++ {
		for range 150 {
			if segs := PermSegs(rng.Perm(n)); !compare(t, &c, segs) {
				t.Fatalf("permutation drawing %v declined", segs)
			}
		}
	}
}

// PermSegs is the drawing of a permutation grid: p[r] is the column of
// row r's dot.
func PermSegs(p []int) []Seg {
	n := len(p)
	q := make([]int, n)
	for r, c := range p {
		q[c] = r
	}
	var segs []Seg
	for m := 0; m+1 < n; m++ {
		segs = append(segs, Seg{int64(p[m]), int64(m), int64(p[m+1]), int64(m + 1)})
		segs = append(segs, Seg{int64(m), int64(q[m]), int64(m + 1), int64(q[m+1])})
	}
	return segs
}

func TestCounterCases(t *testing.T) {
	for _, tc := range []struct {
		name string
		segs []Seg
		want []int
		ok   bool
	}{
		{"nothing", nil, nil, true},
		{"one segment", []Seg{{0, 0, 1, 1}}, nil, true},
		{"triangle", []Seg{{0, 0, 4, 0}, {4, 0, 0, 4}, {0, 4, 0, 0}}, []int{3}, true},
		{"triangle with a stub", []Seg{{0, 0, 4, 0}, {4, 0, 0, 4}, {0, 4, 0, 0}, {0, 0, 1, 1}}, []int{3}, true},
		{"duplicate sides", []Seg{{0, 0, 4, 0}, {4, 0, 0, 4}, {0, 4, 0, 0}, {0, 4, 4, 0}}, []int{3}, true},
		{"bowtie", []Seg{{0, 0, 2, 2}, {2, 2, 2, 0}, {2, 0, 0, 2}, {0, 2, 0, 0}}, []int{3, 3}, true},
		{"overlap", []Seg{{0, 0, 4, 0}, {2, 0, 6, 0}}, nil, false},
		{"two pieces", []Seg{{0, 0, 1, 0}, {3, 3, 4, 4}}, nil, false},
		{"beyond MaxCoord", []Seg{{0, 0, MaxCoord + 1, 0}}, nil, false},
		{"zero length", []Seg{{1, 1, 1, 1}}, nil, false},
	} {
		var c Counter
		got, ok := c.Sides(tc.segs, nil)
		slices.Sort(got)
		if ok != tc.ok || ok && fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: %v %v, want %v %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

func TestCounterAllocs(t *testing.T) {
	var c Counter
	segs := PermSegs(rand.New(rand.NewPCG(3, 3)).Perm(10))
	buf, _ := c.Sides(segs, nil)
	if a := testing.AllocsPerRun(100, func() { buf, _ = c.Sides(segs, buf[:0]) }); a != 0 {
		t.Errorf("%v allocations a count", a)
	}
}

func BenchmarkCounterPerm10(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 4))
	var ds [][]Seg
	for range 64 {
		ds = append(ds, PermSegs(rng.Perm(10)))
	}
	var c Counter
	var buf []int
	i := 0
	for b.Loop() {
		buf, _ = c.Sides(ds[i%64], buf[:0])
		i++
	}
}
