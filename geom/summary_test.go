package geom

import (
	"math/big"
	"math/rand"
	"testing"
)

// TestCountsAgreeWithFaces checks the counts Arrange makes without listing
// the faces (FaceCount, SidesHistogram, FacesWithHoles) against the listed
// faces, on drawings with islands, holes, bridges, stubs and pinches, in both
// arithmetic paths.
func TestCountsAgreeWithFaces(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	cases := 600
	if testing.Short() {
		cases = 100
	}
	for c := 0; c < cases; c++ {
		var segs []Segment
		switch c % 3 {
		case 0:
			segs = randomNested(r, 6+r.Intn(14))
		case 1:
			segs = randomShapes(r, 1+r.Intn(5), r.Intn(4), 4+r.Intn(12))
		default:
			segs = randomLattice(r, 2+r.Intn(12), 3+r.Intn(6))
		}
		for _, fb := range []bool{false, true} {
			a := mustArrange(t, segs, fb)
			n, hist, holed := a.FaceCount(), a.SidesHistogram(), a.FacesWithHoles()
			want, wantHoled := map[int]int{}, 0
			for _, f := range a.Faces() {
				want[f.Sides]++
				if f.Holes > 0 {
					wantHoled++
				}
			}
			if n != len(a.Faces()) || !mapsEqual(hist, want) || holed != wantHoled {
				t.Fatalf("case %d (big=%v) %v: counts %d %v %d, faces %d %v %d",
					c, fb, segs, n, hist, holed, len(a.Faces()), want, wantHoled)
			}
		}
	}
}

// TestTurn checks turn against wrap and straight on every pair of directions
// of a few segments.
func TestTurn(t *testing.T) {
	b := &builder{}
	segs := []Segment{SegInt(0, 0, 1, 0), SegInt(0, 0, 0, 1), SegInt(0, 0, 1, 1), SegInt(0, 0, -1, 1),
		SegInt(0, 0, 2, 0), SegInt(0, 0, 3, -1), SegInt(5, 5, 4, 7)}
	for _, fb := range []bool{false, true} {
		if err := b.load(segs, fb); err != nil {
			t.Fatal(err)
		}
		var tt [2]big.Int
		for s1 := range segs {
			for s2 := range segs {
				for k := int32(0); k < 4; k++ {
					d1, d2 := b.dirCode(int32(s1), k&1), b.dirCode(int32(s2), k>>1)
					want := uint8(b.wrap(d1, d2, &tt) + 1)
					if !b.straight(d1, d2, &tt) {
						want |= 4
					}
					if got := b.turn(d1, d2, &tt); got != want {
						t.Fatalf("big=%v: turn(%d, %d) = %d, want %d", fb, d1, d2, got, want)
					}
				}
			}
		}
	}
}

// TestSpatialOrder renumbers the vertices along the Hilbert curve even in
// small drawings and checks them against the reference, and a large drawing
// against itself in the input order.
func TestSpatialOrder(t *testing.T) {
	defer func(m int) { spatialMin = m }(spatialMin)
	spatialMin = 0
	r := rand.New(rand.NewSource(12))
	cases := 300
	if testing.Short() {
		cases = 50
	}
	for c := 0; c < cases; c++ {
		var segs []Segment
		if c%2 == 0 {
			segs = randomNested(r, 6+r.Intn(14))
		} else {
			segs = randomShapes(r, 1+r.Intn(5), r.Intn(4), 4+r.Intn(12))
		}
		agreesWithReference(t, c, segs, false)
	}
	segs := append(permGrid(150, 2), randomLong(150, 1000, 3)...)
	a := mustArrange(t, segs, false)
	spatialMin = 1 << 30
	want := mustArrange(t, segs, false)
	if a.Vertices() != want.Vertices() || len(a.Faces()) != len(want.Faces()) {
		t.Fatalf("V %d, F %d; in input order V %d, F %d", a.Vertices(), len(a.Faces()), want.Vertices(), len(want.Faces()))
	}
	for i, f := range a.Faces() {
		g := want.Faces()[i]
		if f.Sides != g.Sides || f.Holes != g.Holes || !f.Outer[0].Equal(g.Outer[0]) || f.Area().Cmp(g.Area()) != 0 {
			t.Fatalf("face %d: %d sides, %d holes at %v; in input order %d, %d at %v", i, f.Sides, f.Holes, f.Outer[0], g.Sides, g.Holes, g.Outer[0])
		}
	}
}

// TestHilbert checks that the curve visits every cell once, each next to
// the one before.
func TestHilbert(t *testing.T) {
	const n = 1 << hilbertOrder
	at := make([][2]int, n*n)
	seen := make([]bool, n*n)
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			d := hilbert(x, y)
			if d < 0 || d >= n*n || seen[d] {
				t.Fatalf("hilbert(%d, %d) = %d: out of range or repeated", x, y, d)
			}
			seen[d] = true
			at[d] = [2]int{x, y}
		}
	}
	for d := 1; d < n*n; d++ {
		dx, dy := at[d][0]-at[d-1][0], at[d][1]-at[d-1][1]
		if dx*dx+dy*dy != 1 {
			t.Fatalf("cells %d %v and %d %v are not neighbours", d-1, at[d-1], d, at[d])
		}
	}
}
