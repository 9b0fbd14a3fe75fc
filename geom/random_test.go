package geom

import (
	"math/big"
	"math/rand"
	"testing"
)

// randomLattice returns n segments with ends on the lattice 0..k, so that
// overlaps, touches and concurrent crossings are common.
func randomLattice(r *rand.Rand, n, k int) []Segment {
	segs := make([]Segment, 0, n)
	for len(segs) < n {
		ax, ay, bx, by := r.Intn(k+1), r.Intn(k+1), r.Intn(k+1), r.Intn(k+1)
		if ax == bx && ay == by {
			continue
		}
		segs = append(segs, SegInt(int64(ax), int64(ay), int64(bx), int64(by)))
	}
	return segs
}

func mustArrange(t testing.TB, segs []Segment, forceBig bool) *Arrangement {
	t.Helper()
	a, err := arrange(segs, forceBig)
	if err != nil {
		t.Fatalf("arrange(%v): %v", segs, err)
	}
	return a
}

// agreesWithReference arranges segs (case c) in each arithmetic path given
// (false: fast int64 where it fits, true: math/big forced), checks Euler's
// formula, and compares everything with the simple reference.
func agreesWithReference(t testing.TB, c int, segs []Segment, forceBig ...bool) {
	t.Helper()
	want := refArrange(segs)
	for _, fb := range forceBig {
		a := mustArrange(t, segs, fb)
		checkEuler(t, a, segs)
		if d := diffResults(summary(a), want); d != "" {
			t.Fatalf("case %d (big=%v) %v:\n%s", c, fb, segs, d)
		}
	}
}

func checkEuler(t testing.TB, a *Arrangement, segs []Segment) {
	t.Helper()
	if a.Vertices()-a.Edges()+len(a.Faces()) != a.Components() {
		t.Fatalf("Euler: V−E+F = %d−%d+%d ≠ C = %d for %v", a.Vertices(), a.Edges(), len(a.Faces()), a.Components(), segs)
	}
}

func TestAgainstReference(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	cases := 3000
	if testing.Short() {
		cases = 300
	}
	for c := 0; c < cases; c++ {
		n := 1 + r.Intn(12)
		k := 1 + r.Intn(5)
		segs := randomLattice(r, n, k)
		agreesWithReference(t, c, segs, false, true)
	}
}

// TestAgainstReferenceRational uses non-lattice rational ends and large
// translations, which go through the general (rational, big) input path.
func TestAgainstReferenceRational(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	cases := 500
	if testing.Short() {
		cases = 50
	}
	off := new(big.Rat)
	off.SetString("123456789012345678901/7")
	for c := 0; c < cases; c++ {
		n := 1 + r.Intn(10)
		segs := randomLattice(r, n, 1+r.Intn(4))
		tr := func(p Point) Point {
			x, y := p.X(), p.Y()
			x.Mul(x, big.NewRat(5, 3)).Add(x, off)
			y.Mul(y, big.NewRat(-2, 9)).Sub(y, off)
			return Pt(x, y)
		}
		for i := range segs {
			segs[i] = Segment{tr(segs[i].A), tr(segs[i].B)}
		}
		agreesWithReference(t, c, segs, false)
	}
}

// randomShapes returns the sides of random small closed shapes (rectangles and
// triangles on the lattice 0..k) plus a few loose segments, so that islands,
// holes, bridges and pinches are common.
func randomShapes(r *rand.Rand, shapes, loose, k int) []Segment {
	var segs []Segment
	p := func() (int64, int64) { return int64(r.Intn(k + 1)), int64(r.Intn(k + 1)) }
	// near returns a point close to (x, y), so that some shapes are small.
	near := func(x, y int64) (int64, int64) {
		d := int64(1 + k/4)
		return min(max(x+r.Int63n(2*d+1)-d, 0), int64(k)), min(max(y+r.Int63n(2*d+1)-d, 0), int64(k))
	}
	for i := 0; i < shapes; i++ {
		small := r.Intn(2) == 0
		if r.Intn(2) == 0 {
			x0, y0 := p()
			x1, y1 := p()
			if small {
				x1, y1 = near(x0, y0)
			}
			if x0 == x1 || y0 == y1 {
				continue
			}
			segs = append(segs, SegInt(x0, y0, x1, y0), SegInt(x1, y0, x1, y1), SegInt(x1, y1, x0, y1), SegInt(x0, y1, x0, y0))
		} else {
			ax, ay := p()
			bx, by := p()
			cx, cy := p()
			if small {
				bx, by = near(ax, ay)
				cx, cy = near(ax, ay)
			}
			if (bx-ax)*(cy-ay)-(by-ay)*(cx-ax) == 0 {
				continue
			}
			segs = append(segs, SegInt(ax, ay, bx, by), SegInt(bx, by, cx, cy), SegInt(cx, cy, ax, ay))
		}
	}
	segs = append(segs, randomLattice(r, loose, k)...)
	r.Shuffle(len(segs), func(i, j int) { segs[i], segs[j] = segs[j], segs[i] })
	if len(segs) == 0 {
		segs = randomLattice(r, 1, k)
	}
	return segs
}

func TestAgainstReferenceShapes(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	cases := 3000
	if testing.Short() {
		cases = 300
	}
	for c := 0; c < cases; c++ {
		segs := randomShapes(r, 1+r.Intn(5), r.Intn(4), 4+r.Intn(12))
		agreesWithReference(t, c, segs, false, true)
	}
}

// randomNested draws a frame around the lattice 0..k with small shapes and
// short loose pieces inside: islands, holes, bridges, trees and pinches.
func randomNested(r *rand.Rand, k int) []Segment {
	K := int64(k)
	segs := []Segment{SegInt(0, 0, K, 0), SegInt(K, 0, K, K), SegInt(K, K, 0, K), SegInt(0, K, 0, 0)}
	segs = append(segs, randomShapes(r, 1+r.Intn(4), 0, k)...)
	for i := r.Intn(4); i > 0; i-- {
		x, y := int64(r.Intn(k+1)), int64(r.Intn(k+1))
		dx, dy := int64(r.Intn(5)-2), int64(r.Intn(5)-2)
		if dx == 0 && dy == 0 {
			continue
		}
		segs = append(segs, SegInt(x, y, min(max(x+dx, 0), K), min(max(y+dy, 0), K)))
	}
	var out []Segment
	for _, s := range segs {
		if !s.A.Equal(s.B) {
			out = append(out, s)
		}
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func TestAgainstReferenceNested(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	cases := 3000
	if testing.Short() {
		cases = 300
	}
	for c := 0; c < cases; c++ {
		segs := randomNested(r, 6+r.Intn(14))
		agreesWithReference(t, c, segs, false, true)
	}
}

// TestExtremeFastPath uses ends near ±2^30, the edge of the fast path, where
// the 128- and 192-bit products are needed; the big path must agree.
func TestExtremeFastPath(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	const lim = fastLimit - 1
	coord := func() int64 {
		switch r.Intn(4) {
		case 0:
			return lim
		case 1:
			return -lim
		case 2:
			return r.Int63n(2*lim+1) - lim
		}
		return int64(r.Intn(3)-1) * (lim / 2)
	}
	cases := 300
	if testing.Short() {
		cases = 30
	}
	for c := 0; c < cases; c++ {
		var segs []Segment
		for len(segs) < 2+r.Intn(10) {
			ax, ay, bx, by := coord(), coord(), coord(), coord()
			if ax != bx || ay != by {
				segs = append(segs, SegInt(ax, ay, bx, by))
			}
		}
		b := &builder{}
		if err := b.load(segs, false); err != nil || b.big {
			t.Fatalf("not on the fast path: %v", err)
		}
		agreesWithReference(t, c, segs, false, true)
	}
}

// TestTinyInHuge puts a detailed drawing next to one segment 2^200 away:
// in big mode the float approximations of the small drawing collapse, and
// only the grid's margin and the exact predicates keep it right.
func TestTinyInHuge(t *testing.T) {
	r := rand.New(rand.NewSource(8))
	far := new(big.Int).Lsh(big.NewInt(1), 200)
	cases := 200
	if testing.Short() {
		cases = 20
	}
	for c := 0; c < cases; c++ {
		segs := randomNested(r, 4+r.Intn(8))
		fx := new(big.Rat).SetInt(far)
		segs = append(segs, Segment{Pt(fx, new(big.Rat)), Pt(new(big.Rat).Add(fx, big.NewRat(1, 1)), big.NewRat(1, 1))})
		agreesWithReference(t, c, segs, false)
	}
}
