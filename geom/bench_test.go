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
	var faces, crossings int
	for i := 0; i < b.N; i++ {
		a, err := Arrange(segs)
		if err != nil {
			b.Fatal(err)
		}
		faces = len(a.Faces())
		h := a.SidesHistogram()
		if len(h) == 0 {
			b.Fatal("no faces")
		}
		crossings = a.Vertices() - (2*len(segs) - 0)
	}
	b.ReportMetric(float64(faces), "faces")
	_ = crossings
}

func BenchmarkPermGrid1000(b *testing.B) { benchArrange(b, permGrid(1000, 1)) }

func BenchmarkRandomLong5000(b *testing.B) {
	if testing.Short() {
		b.Skip("large benchmark")
	}
	benchArrange(b, randomLong(5000, 1_000_000, 1))
}
