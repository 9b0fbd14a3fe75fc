package polygons

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"papergames/geom"
)

// TestFivePointedStar is the check in the rules: the corners of a regular
// pentagon joined as a five-pointed star give 6 faces, 5 triangles and a
// pentagon, so player 1 scores 6 and player 2 none. The corners are written
// to 0.01 mm, as a player reads them off the sheet. (A transcript needs an
// even number of dots, so the check calls the scorer directly.)
func TestFivePointedStar(t *testing.T) {
	var pts []geom.Point
	for k := 0; k < 5; k++ {
		a := math.Pi/2 + 2*math.Pi*float64(k)/5
		x := big.NewRat(int64(math.Round((90+60*math.Cos(a))*100)), 100)
		y := big.NewRat(int64(math.Round((90+60*math.Sin(a))*100)), 100)
		pts = append(pts, geom.Pt(x, y))
	}
	order := []int{0, 2, 4, 1, 3}
	var segs []geom.Segment
	for i := range order {
		segs = append(segs, geom.Segment{A: pts[order[i]], B: pts[order[(i+1)%5]]})
	}
	pr, err := ScoreFaces(segs, 2, func(sides int) int { return 1 - sides%2 })
	if err != nil {
		t.Fatal(err)
	}
	if pr.Scores[0] != 6 || pr.Scores[1] != 0 {
		t.Errorf("star scores %v, want [6 0]", pr.Scores)
	}
	h := pr.Arr.SidesHistogram()
	if h[3] != 5 || h[5] != 1 || len(h) != 2 {
		t.Errorf("star faces %v, want 5 triangles and 1 pentagon", h)
	}
}

// TestMMPoint: the report reads corners as the sheet does, to 0.1 mm; the
// JSON details keep them exact.
func TestMMPoint(t *testing.T) {
	for _, tc := range []struct{ x, y, text, exact string }{
		{"5480/67", "0", "(81.8, 0)", "[5480/67 0]"},
		{"120", "260/3", "(120, 86.7)", "[120 260/3]"},
		{"80.5", "0.05", "(80.5, 0.1)", "[80.5 0.05]"},
		{"0.04", "1/3", "(0, 0.3)", "[0.04 1/3]"},
		{"99.96", "12.25", "(100, 12.3)", "[99.96 12.25]"},
	} {
		p, err := geom.ParsePoint(tc.x, tc.y)
		if err != nil {
			t.Fatal(err)
		}
		if got := MMPoint(p); got != tc.text {
			t.Errorf("MMPoint(%s, %s) = %s, want %s", tc.x, tc.y, got, tc.text)
		}
		if got := fmt.Sprint(MMExact(p)); got != tc.exact {
			t.Errorf("MMExact(%s, %s) = %s, want %s", tc.x, tc.y, got, tc.exact)
		}
	}
}
