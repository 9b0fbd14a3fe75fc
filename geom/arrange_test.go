package geom

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"
)

func segs(c ...[4]int64) []Segment {
	out := make([]Segment, len(c))
	for i, s := range c {
		out[i] = SegInt(s[0], s[1], s[2], s[3])
	}
	return out
}

// square returns the four sides of the axis-parallel square [x, x+d]×[y, y+d].
func square(x, y, d int64) [][4]int64 {
	return [][4]int64{{x, y, x + d, y}, {x + d, y, x + d, y + d}, {x + d, y + d, x, y + d}, {x, y + d, x, y}}
}

func cat(parts ...[][4]int64) []Segment {
	var all [][4]int64
	for _, p := range parts {
		all = append(all, p...)
	}
	return segs(all...)
}

// faceSig describes a face as "sides/holes/area".
func faceSig(f Face) string { return fmt.Sprintf("%d/%d/%s", f.Sides, f.Holes, f.Area().RatString()) }

func TestHandChecked(t *testing.T) {
	tests := []struct {
		name    string
		segs    []Segment
		v, e, c int
		faces   []string // sides/holes/area, any order
	}{
		{"square", cat(square(0, 0, 4)), 4, 4, 1, []string{"4/0/16"}},
		{"square with one diagonal", cat(square(0, 0, 4), [][4]int64{{0, 0, 4, 4}}),
			4, 5, 1, []string{"3/0/8", "3/0/8"}},
		{"square with both diagonals", cat(square(0, 0, 4), [][4]int64{{0, 0, 4, 4}, {4, 0, 0, 4}}),
			5, 8, 1, []string{"3/0/4", "3/0/4", "3/0/4", "3/0/4"}},
		// Convex pentagon A(0,0) B(4,0) C(5,3) D(2,5) E(-1,3), each corner joined
		// to the two others that are not next to it: 5 crossings, each diagonal cut
		// in 3, 5 point triangles and the pentagon in the middle.
		{"pentagram", segs([4]int64{0, 0, 5, 3}, [4]int64{0, 0, 2, 5}, [4]int64{4, 0, 2, 5}, [4]int64{4, 0, -1, 3}, [4]int64{5, 3, -1, 3}),
			10, 15, 1, nil},
		// Triangle with a segment leaving the middle of a side outwards.
		{"T-junction outward", segs([4]int64{0, 0, 6, 0}, [4]int64{6, 0, 0, 6}, [4]int64{0, 6, 0, 0}, [4]int64{3, 0, 3, -2}),
			5, 5, 1, []string{"3/0/18"}},
		// Stub from the middle of a side into the triangle.
		{"stub into triangle", segs([4]int64{0, 0, 6, 0}, [4]int64{6, 0, 0, 6}, [4]int64{0, 6, 0, 0}, [4]int64{3, 0, 3, 1}),
			5, 5, 1, []string{"3/0/18"}},
		// Bottom of a 4-wide square drawn as two overlapping pieces.
		{"overlapping bottom", segs([4]int64{0, 0, 3, 0}, [4]int64{2, 0, 4, 0}, [4]int64{4, 0, 4, 4}, [4]int64{4, 4, 0, 4}, [4]int64{0, 4, 0, 0}),
			6, 6, 1, []string{"4/0/16"}},
		{"island", cat(square(0, 0, 10), square(3, 3, 3)),
			8, 8, 2, []string{"4/1/91", "4/0/9"}},
		// Bridge from (0,5) on the big square to (3,5) on the small one:
		// ignored for sides, the island is still a hole.
		{"island with bridge", cat(square(0, 0, 10), square(3, 3, 3), [][4]int64{{0, 5, 3, 5}}),
			10, 11, 1, []string{"4/1/91", "4/0/9"}},
		{"loose segment in square", cat(square(0, 0, 10), [][4]int64{{2, 2, 5, 7}}),
			6, 5, 2, []string{"4/0/100"}},
		// A loose tree (a T) floating in the square encloses nothing: no hole.
		{"loose tree in square", cat(square(0, 0, 10), [][4]int64{{2, 2, 6, 2}, {4, 2, 4, 5}}),
			8, 7, 2, []string{"4/0/100"}},
		// Two triangles meeting at (6,6), floating in a square: one island
		// whose ring passes (6,6) twice (2 corners there), one hole.
		{"pinched island", cat(square(0, 0, 12), [][4]int64{{3, 5, 6, 6}, {6, 6, 3, 7}, {3, 7, 3, 5}, {9, 5, 6, 6}, {6, 6, 9, 7}, {9, 7, 9, 5}}),
			9, 10, 2, []string{"4/1/138", "3/0/3", "3/0/3"}},
		// Triangle (0,6) (4,8) (4,4) hanging from the left side of a square:
		// the face around it passes (0,6) twice, turning both times: 8 sides.
		{"pinched face", cat(square(0, 0, 12), [][4]int64{{0, 6, 4, 8}, {4, 8, 4, 4}, {4, 4, 0, 6}}),
			7, 8, 1, []string{"8/0/136", "3/0/8"}},
		// Bowtie: two triangles sharing the corner (4,2).
		{"bowtie", segs([4]int64{0, 0, 4, 2}, [4]int64{4, 2, 8, 0}, [4]int64{8, 0, 8, 4}, [4]int64{8, 4, 4, 2}, [4]int64{4, 2, 0, 4}, [4]int64{0, 4, 0, 0}),
			5, 6, 1, []string{"3/0/8", "3/0/8"}},
		// Bowtie drawn with two crossing diagonals.
		{"bowtie crossing", segs([4]int64{0, 0, 8, 4}, [4]int64{0, 4, 8, 0}, [4]int64{8, 0, 8, 4}, [4]int64{0, 4, 0, 0}),
			5, 6, 1, []string{"3/0/8", "3/0/8"}},
		{"three lines through a point", segs([4]int64{0, 0, 4, 4}, [4]int64{4, 0, 0, 4}, [4]int64{2, 0, 2, 4}),
			7, 6, 1, nil},
		{"three lines through a point in a square", cat(square(0, 0, 4), [][4]int64{{0, 0, 4, 4}, {4, 0, 0, 4}, {2, 0, 2, 4}}),
			7, 12, 1, []string{"3/0/2", "3/0/2", "3/0/2", "3/0/2", "3/0/4", "3/0/4"}},
		{"duplicates", cat(square(0, 0, 4), square(0, 0, 4), [][4]int64{{4, 0, 0, 0}}),
			4, 4, 1, []string{"4/0/16"}},
		{"segment inside another", cat(square(0, 0, 4), [][4]int64{{1, 0, 2, 0}}),
			6, 6, 1, []string{"4/0/16"}},
		// Bottom side drawn as two pieces meeting at (3,0): not a corner.
		{"dot on a straight side", segs([4]int64{0, 0, 3, 0}, [4]int64{3, 0, 6, 0}, [4]int64{6, 0, 0, 6}, [4]int64{0, 6, 0, 0}),
			4, 4, 1, []string{"3/0/18"}},
		{"collinear chain", segs([4]int64{0, 0, 1, 0}, [4]int64{1, 0, 2, 0}, [4]int64{3, 0, 2, 0}, [4]int64{3, 0, 4, 0}, [4]int64{4, 0, 4, 4}, [4]int64{4, 4, 0, 4}, [4]int64{0, 4, 0, 0}),
			7, 7, 1, []string{"4/0/16"}},
		// The T-junction (2,4) seen from the flat side (the top face of the
		// lower half) is no corner; seen from either square below it is one.
		{"T-junction inside", cat(square(0, 0, 4), [][4]int64{{0, 2, 4, 2}, {2, 2, 2, 0}}),
			8, 10, 1, []string{"4/0/8", "4/0/4", "4/0/4"}},
		{"nested squares", cat(square(0, 0, 10), square(2, 2, 6), square(4, 4, 2)),
			12, 12, 3, []string{"4/1/64", "4/1/32", "4/0/4"}},
		// Two squares joined by a line, floating in a big square: the line is
		// ignored, which leaves two holes.
		{"dumbbell island", cat(square(0, 0, 20), square(2, 2, 4), square(10, 2, 4), [][4]int64{{6, 4, 10, 4}}),
			14, 15, 2, []string{"4/2/368", "4/0/16", "4/0/16"}},
		{"two disjoint squares", cat(square(0, 0, 2), square(5, 0, 2)),
			8, 8, 2, []string{"4/0/4", "4/0/4"}},
		{"squares sharing a side", cat(square(0, 0, 2), square(2, 0, 2)),
			6, 7, 1, []string{"4/0/4", "4/0/4"}},
		{"single segment", segs([4]int64{0, 0, 1, 1}), 2, 1, 1, nil},
		{"no segments", nil, 0, 0, 0, nil},
		// Star of David: two triangles, 6 crossings: 6 point triangles and a hexagon.
		{"hexagram", segs([4]int64{0, 0, 12, 0}, [4]int64{12, 0, 6, 12}, [4]int64{6, 12, 0, 0}, [4]int64{0, 8, 12, 8}, [4]int64{12, 8, 6, -4}, [4]int64{6, -4, 0, 8}),
			12, 18, 1, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, fb := range []bool{false, true} {
				a := mustArrange(t, tc.segs, fb)
				if a.Vertices() != tc.v || a.Edges() != tc.e || a.Components() != tc.c {
					t.Errorf("big=%v: V, E, C = %d, %d, %d, want %d, %d, %d", fb, a.Vertices(), a.Edges(), a.Components(), tc.v, tc.e, tc.c)
				}
				checkEuler(t, a, tc.segs)
				if tc.faces != nil {
					var got []string
					for _, f := range a.Faces() {
						got = append(got, faceSig(f))
						if len(f.Outer) != f.Sides || len(f.HoleRings) != f.Holes {
							t.Errorf("face %v: len(Outer) %d, len(HoleRings) %d", faceSig(f), len(f.Outer), len(f.HoleRings))
						}
					}
					want := slices.Clone(tc.faces)
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Errorf("big=%v: faces %v, want %v", fb, got, want)
					}
				}
				if d := diffResults(summary(a), refArrange(tc.segs)); d != "" {
					t.Errorf("big=%v: differs from reference: %s", fb, d)
				}
			}
		})
	}
}

func TestHistograms(t *testing.T) {
	tests := []struct {
		name string
		segs []Segment
		want map[int]int
	}{
		{"pentagram", segs([4]int64{0, 0, 5, 3}, [4]int64{0, 0, 2, 5}, [4]int64{4, 0, 2, 5}, [4]int64{4, 0, -1, 3}, [4]int64{5, 3, -1, 3}), map[int]int{3: 5, 5: 1}},
		{"hexagram", segs([4]int64{0, 0, 12, 0}, [4]int64{12, 0, 6, 12}, [4]int64{6, 12, 0, 0}, [4]int64{0, 8, 12, 8}, [4]int64{12, 8, 6, -4}, [4]int64{6, -4, 0, 8}), map[int]int{3: 6, 6: 1}},
		{"3x3 grid of lines", segs([4]int64{0, 0, 3, 0}, [4]int64{0, 1, 3, 1}, [4]int64{0, 2, 3, 2}, [4]int64{0, 3, 3, 3}, [4]int64{0, 0, 0, 3}, [4]int64{1, 0, 1, 3}, [4]int64{2, 0, 2, 3}, [4]int64{3, 0, 3, 3}), map[int]int{4: 9}},
		{"three lines through a point", segs([4]int64{0, 0, 4, 4}, [4]int64{4, 0, 0, 4}, [4]int64{2, 0, 2, 4}), map[int]int{}},
	}
	for _, tc := range tests {
		a := mustArrange(t, tc.segs, false)
		if h := a.SidesHistogram(); !mapsEqual(h, tc.want) {
			t.Errorf("%s: histogram %v, want %v", tc.name, h, tc.want)
		}
	}
}

func mapsEqual(a, b map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestFaceOrderAndOrientation(t *testing.T) {
	a := mustArrange(t, cat(square(0, 0, 4), [][4]int64{{0, 0, 4, 4}, {4, 0, 0, 4}}), false)
	var got []string
	for _, f := range a.Faces() {
		got = append(got, fmt.Sprint(f.Outer))
		if ringArea(f.Outer).Sign() <= 0 {
			t.Errorf("outer ring %v is not counterclockwise", f.Outer)
		}
	}
	want := []string{"[(0, 0) (4, 0) (2, 2)]", "[(0, 0) (2, 2) (0, 4)]", "[(4, 0) (4, 4) (2, 2)]", "[(2, 2) (4, 4) (0, 4)]"}
	if !slices.Equal(got, want) {
		t.Errorf("faces %q, want %q", got, want)
	}
	b := mustArrange(t, cat(square(0, 0, 10), square(3, 3, 3)), false)
	f := b.Faces()[0]
	if f.Holes != 1 || fmt.Sprint(f.HoleRings[0]) != "[(3, 3) (3, 6) (6, 6) (6, 3)]" {
		t.Errorf("hole rings %v", f.HoleRings)
	}
}

func TestZeroLength(t *testing.T) {
	for _, fb := range []bool{false, true} {
		_, err := arrange(segs([4]int64{0, 0, 1, 1}, [4]int64{1, 1, 2, 2}, [4]int64{5, 5, 6, 6}, [4]int64{1, 2, 1, 2}), fb)
		var se *SegmentError
		if !errors.As(err, &se) || se.Index != 3 {
			t.Fatalf("err = %v, want *SegmentError for segment 3", err)
		}
		if want := "segment 3: zero length (both ends are (1, 2))"; err.Error() != want {
			t.Errorf("err = %q, want %q", err, want)
		}
	}
	half := big.NewRat(1, 2)
	_, err := Arrange([]Segment{{Pt(half, half), Pt(big.NewRat(2, 4), big.NewRat(3, 6))}})
	if err == nil {
		t.Error("zero length rational segment accepted")
	}
}

// TestBigCoordinates checks inputs far beyond the fast path against the same
// drawing on small integers: same histogram, area scaled exactly.
func TestBigCoordinates(t *testing.T) {
	base := cat(square(0, 0, 10), square(3, 3, 3), [][4]int64{{0, 0, 10, 10}, {0, 10, 10, 0}, {0, 5, 3, 5}})
	small := mustArrange(t, base, false)
	for _, tc := range []struct{ scale, off string }{
		{"1", "123456789012345678901/7"},
		{"123456789012345678901/7", "0"},
		{"1/1000000000000000000000000000000", "5"},
		{"99999999999999999999999999999999999999", "-77777777777777777777777777777777777/3"},
		{"3", "1000000000"}, // beyond 2^30 before centering, fast after
	} {
		sc, _ := ParseNumber(tc.scale)
		off, _ := ParseNumber(tc.off)
		var segs []Segment
		tr := func(p Point) Point {
			x, y := p.X(), p.Y()
			x.Mul(x, sc).Add(x, off)
			y.Mul(y, sc).Sub(y, off)
			return Pt(x, y)
		}
		for _, s := range base {
			segs = append(segs, Segment{tr(s.A), tr(s.B)})
		}
		a := mustArrange(t, segs, false)
		if !mapsEqual(a.SidesHistogram(), small.SidesHistogram()) || a.Vertices() != small.Vertices() || a.Edges() != small.Edges() {
			t.Errorf("scale %s off %s: %v V=%d E=%d, want %v V=%d E=%d", tc.scale, tc.off, a.SidesHistogram(), a.Vertices(), a.Edges(), small.SidesHistogram(), small.Vertices(), small.Edges())
		}
		sc2 := new(big.Rat).Mul(sc, sc)
		for i, f := range a.Faces() {
			want := new(big.Rat).Mul(small.Faces()[i].Area(), sc2)
			if f.Area().Cmp(want) != 0 {
				t.Errorf("scale %s: face %d area %s, want %s", tc.scale, i, f.Area().RatString(), want.RatString())
			}
			if !f.Outer[0].Equal(tr(small.Faces()[i].Outer[0])) {
				t.Errorf("scale %s: face %d starts at %v, want %v", tc.scale, i, f.Outer[0], tr(small.Faces()[i].Outer[0]))
			}
		}
		if d := diffResults(summary(a), refArrange(segs)); d != "" {
			t.Errorf("scale %s: differs from reference: %s", tc.scale, d)
		}
	}
}
