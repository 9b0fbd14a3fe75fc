package geom

import (
	"math/rand"
	"testing"
)

// permGrid is the "Polygons In Permutation Grid" drawing: dots (i, p(i)) for
// a random permutation p, joined in row order and in column order.
func permGrid(n int, seed int64) []Segment {
	r := rand.New(rand.NewSource(seed))
	p := r.Perm(n)
	inv := make([]int, n)
	for i, y := range p {
		inv[y] = i
	}
	var segs []Segment
	for i := 0; i+1 < n; i++ {
		segs = append(segs, SegInt(int64(i), int64(p[i]), int64(i+1), int64(p[i+1])))
	}
	for y := 0; y+1 < n; y++ {
		segs = append(segs, SegInt(int64(inv[y]), int64(y), int64(inv[y+1]), int64(y+1)))
	}
	return segs
}

func randomLong(n int, size int64, seed int64) []Segment {
	r := rand.New(rand.NewSource(seed))
	segs := make([]Segment, 0, n)
	for len(segs) < n {
		ax, ay, bx, by := r.Int63n(size+1), r.Int63n(size+1), r.Int63n(size+1), r.Int63n(size+1)
		if ax != bx || ay != by {
			segs = append(segs, SegInt(ax, ay, bx, by))
		}
	}
	return segs
}

func benchArrange(b *testing.B, segs []Segment) {
	b.ReportAllocs()
	var a *Arrangement
	for i := 0; i < b.N; i++ {
		var err error
		a, err = ArrangeWithin(segs, Limits{}) // the big inputs pass the default limits
		if err != nil {
			b.Fatal(err)
		}
		if h := a.SidesHistogram(); len(h) == 0 {
			b.Fatal("no faces")
		}
	}
	b.ReportMetric(float64(a.Vertices()), "vertices")
	b.ReportMetric(float64(a.FaceCount()), "faces")
}

// BenchmarkPermGrid1000: 1998 segments, about 110,000 crossings.
func BenchmarkPermGrid1000(b *testing.B) { benchArrange(b, permGrid(1000, 1)) }

// BenchmarkRandomLong5000: 5,000 random segments in [0, 10^6]², about 3 million crossings.
func BenchmarkRandomLong5000(b *testing.B) {
	if testing.Short() {
		b.Skip("large benchmark")
	}
	benchArrange(b, randomLong(5000, 1_000_000, 1))
}

// BenchmarkPermGrid5000: 9998 segments, about 2.85 million crossings.
func BenchmarkPermGrid5000(b *testing.B) {
	if testing.Short() {
		b.Skip("large benchmark")
	}
	benchArrange(b, permGrid(5000, 1))
}

// BenchmarkRandomLong20000: 20,000 random segments in [0, 10^6]², about 46.6
// million crossings. It needs about 10 GB: run it alone, with -benchtime 1x.
func BenchmarkRandomLong20000(b *testing.B) {
	if testing.Short() {
		b.Skip("large benchmark")
	}
	benchArrange(b, randomLong(20000, 1_000_000, 1))
}
