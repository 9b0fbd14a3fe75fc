package games

import (
	"math"
	"math/big"
	"os"
	"papergames/layout"
	"path/filepath"
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
	pr, err := scorePolygons(segs, 2, func(sides int) int { return 1 - sides%2 })
	if err != nil {
		t.Fatal(err)
	}
	if pr.scores[0] != 6 || pr.scores[1] != 0 {
		t.Errorf("star scores %v, want [6 0]", pr.scores)
	}
	h := pr.arr.SidesHistogram()
	if h[3] != 5 || h[5] != 1 || len(h) != 2 {
		t.Errorf("star faces %v, want 5 triangles and 1 pentagon", h)
	}
}

func TestExact(t *testing.T) {
	for _, tc := range []struct {
		r    *big.Rat
		want string
	}{{big.NewRat(161, 2), "80.5"}, {big.NewRat(1, 3), "1/3"}, {big.NewRat(-7, 4), "-1.75"}, {big.NewRat(12, 1), "12"},
		{big.NewRat(1, 80), "0.0125"}, {big.NewRat(1, 6), "1/6"}, {big.NewRat(0, 1), "0"}} {
		if got := Exact(tc.r); got != tc.want {
			t.Errorf("Exact(%v) = %q, want %q", tc.r, got, tc.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	for in, want := range map[string]string{"arcs": "arcs-and-marks", "permutation": "permutation-grid", "crossdontcross": "cross-dont-cross", "polygons-dots": "polygons-and-dots"} {
		if got := Suggest(in); got != " (did you mean "+want+"?)" {
			t.Errorf("Suggest(%q) = %q", in, got)
		}
	}
	if got := Suggest("zzzzzzzzzzzzzzzzzzzz"); got != "" {
		t.Errorf("Suggest(nonsense) = %q", got)
	}
}

// fuzzGame feeds mutated transcripts of the game id (its examples and
// blank transcript) to the scorer and to moves: they must answer with a
// result or an error, never panic or hang. Each scored game has its own
// target, so each reader gets its own fuzzing time.
func fuzzGame(f *testing.F, id string) {
	files, _ := filepath.Glob("../examples/" + id + "/*.yaml")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	blank, err := Blank(id)
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(blank))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, o := range []Options{{}, {Strict: true, BanAlongCuts: true, Sections: "1..3j"}} {
			res, d, err := Score("f.yaml", data, o)
			if err == nil && res == nil {
				t.Fatal("no result and no error")
			}
			if d != nil && len(d.Cells) > 0 { // the render, of a refused game too
				if err := d.Sheet(res, layout.Size{W: 210, H: 297}).Draw(&layout.Recorder{}); err != nil {
					t.Fatalf("render: %v", err)
				}
			}
			if err == nil {
				res.JSON()
				res.Text("f.yaml")
			}
			if txt, err := Moves("f.yaml", data, o); err == nil && txt == "" {
				t.Fatal("moves: no list and no error")
			}
		}
	})
}

func FuzzScorePolygonsAndDots(f *testing.F) { fuzzGame(f, "polygons-and-dots") }
func FuzzScorePermutationGrid(f *testing.F) { fuzzGame(f, "permutation-grid") }
