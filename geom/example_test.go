package geom_test

import (
	"fmt"
	"slices"

	"papergames/geom"
)

// A square with both diagonals: the crossing in the middle cuts it into
// four triangles.
func ExampleArrange() {
	segs := []geom.Segment{
		geom.SegInt(0, 0, 4, 0), geom.SegInt(4, 0, 4, 4), geom.SegInt(4, 4, 0, 4), geom.SegInt(0, 4, 0, 0),
		geom.SegInt(0, 0, 4, 4), geom.SegInt(4, 0, 0, 4),
	}
	a, err := geom.Arrange(segs)
	if err != nil {
		panic(err)
	}
	h := a.SidesHistogram()
	var sides []int
	for s := range h {
		sides = append(sides, s)
	}
	slices.Sort(sides)
	for _, s := range sides {
		fmt.Printf("%d faces with %d sides\n", h[s], s)
	}
	fmt.Println("V E C:", a.Vertices(), a.Edges(), a.Components())
	f := a.Faces()[0]
	fmt.Println("first face:", f.Outer, "area", f.Area().RatString())
	// Output:
	// 4 faces with 3 sides
	// V E C: 5 8 1
	// first face: [(0, 0) (4, 0) (2, 2)] area 4
}

// A small square floating inside a big one is a hole of the big face and a
// face of its own; the loose segment changes nothing.
func ExampleFace_Holes() {
	sq := func(x, y, d int64) []geom.Segment {
		return []geom.Segment{geom.SegInt(x, y, x+d, y), geom.SegInt(x+d, y, x+d, y+d), geom.SegInt(x+d, y+d, x, y+d), geom.SegInt(x, y+d, x, y)}
	}
	segs := append(sq(0, 0, 10), sq(3, 3, 3)...)
	segs = append(segs, geom.SegInt(7, 1, 9, 4))
	a, _ := geom.Arrange(segs)
	for _, f := range a.Faces() {
		fmt.Println(f.Sides, "sides,", f.Holes, "holes, area", f.Area().RatString())
	}
	// Output:
	// 4 sides, 1 holes, area 91
	// 4 sides, 0 holes, area 9
}

func ExampleParseNumber() {
	for _, s := range []string{"12.5", "-7/4", "1e5"} {
		r, err := geom.ParseNumber(s)
		fmt.Println(r, err)
	}
	// Output:
	// 25/2 <nil>
	// -7/4 <nil>
	// <nil> geom: invalid number "1e5": exponents are not allowed
}

func ExampleIntersection() {
	k, p, _ := geom.Intersection(geom.SegInt(0, 0, 3, 1), geom.SegInt(0, 1, 3, 0))
	fmt.Println(k, p)
	// Output: crossing (3/2, 1/2)
}
