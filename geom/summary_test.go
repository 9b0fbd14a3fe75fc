package geom

import (
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
