package arcs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"papergames/internal/testenv"
	"runtime"
	"strings"
	"testing"
	"time"

	"papergames/games"
	"papergames/layout"
)

// TestBoundsAtMaxMarks: a match on the largest board papergames scores
// (MaxArcMarks) stays within time and memory: each round is scored in
// well under a second, what a scored round keeps (its report, its JSON
// details and its drawing) is a few megabytes, so a hundred rounds fit,
// its JSON is summarised after detailMoves moves, and its render draws
// the arcs only. The bounds are generous (several times what is measured
// on a 2-core machine) so that only a real regression trips them.
func TestBoundsAtMaxMarks(t *testing.T) {
	if testing.Short() {
		t.Skip("scores 4 rounds of 1000 arcs")
	}
	const m, rounds = MaxArcMarks, 4
	rng := rand.New(rand.NewPCG(7, 8))
	var rs []string
	for range rounds {
		var ws []string
		for range m {
			ws = append(ws, fmt.Sprint(1+rng.IntN((m-1)/2)))
		}
		rs = append(rs, fmt.Sprintf("%d|%s", 1+rng.IntN(m), strings.Join(ws, " ")))
	}
	src := []byte(arcsGame("Ann, Bob", m, rs...))
	boardOf(m) // the board and its table are kept across matches: not this match's memory

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	res, d, err := games.Score(Game{}, "big.yaml", src, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(t0)
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	alloc := after.TotalAlloc - before.TotalAlloc
	js, txt := res.JSON(), res.Text("big.yaml")
	t.Logf("%d rounds of %d arcs: %v, %d MB allocated, %.1f MB kept; JSON %d KB, text %d KB", rounds, m, took, alloc>>20, float64(kept)/(1<<20), len(js)>>10, len(txt)>>10)
	if per := took / rounds; per > testenv.Bound(5*time.Second) {
		t.Errorf("%v a round, want under 5 s", per)
	}
	if per := alloc / rounds; per > 200<<20 {
		t.Errorf("%d MB allocated a round, want under 200 MB", per>>20)
	}
	if per := kept / rounds; per > 4<<20 {
		t.Errorf("%d MB kept a round (the result and the drawing), want under 4 MB: 100 rounds would take %d MB", per>>20, 100*per>>20)
	}
	if per := len(js) / rounds; per > 3<<20 {
		t.Errorf("JSON of %d KB a round, want under 3 MB", per>>10)
	}
	if per := len(txt) / rounds; per > 2<<20 {
		t.Errorf("report of %d KB a round, want under 2 MB", per>>10)
	}
	if !strings.Contains(string(js), `"summarised_after": 360`) || !strings.Contains(txt, "a round of more than 360 arcs is summarised") {
		t.Error("the report of a round of 1000 arcs is not summarised")
	}
	mv := movesOf(t, res.Rounds[0])
	if len(mv) != m || mv[detailMoves-1].Met == nil || mv[detailMoves].Met != nil || mv[m-1].Count == 0 {
		t.Errorf("details: %d moves; move %d met %v, move %d met %v, move %d count %d", len(mv), detailMoves, mv[detailMoves-1].Met != nil, detailMoves+1, mv[detailMoves].Met != nil, m, mv[m-1].Count)
	}

	t0 = time.Now()
	rec := &layout.Recorder{}
	if err := d.Sheet(res, layout.Size{W: 210, H: 297}).Draw(rec); err != nil {
		t.Fatal(err)
	}
	ops := 0
	for _, p := range rec.Pages {
		ops += len(p.Ops)
	}
	took = time.Since(t0)
	t.Logf("render of %d rounds: %v, %d drawing operations", rounds, took, ops)
	if took > testenv.Bound(2*time.Second) || ops > rounds*(3*m+1000) {
		t.Errorf("render of %d rounds of %d arcs: %v and %d operations, want under 2 s and %d", rounds, m, took, ops, rounds*(3*m+1000))
	}
}

// TestRenderDetailLimit: a round of 360 arcs (the largest printed sheet)
// is drawn with its numbers and meeting points in bounded time; one
// more arc and only the arcs are drawn.
func TestRenderDetailLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("renders rounds of 360 and 361 arcs")
	}
	for _, m := range []int{drawnMarks, drawnMarks + 1} {
		rng := rand.New(rand.NewPCG(9, uint64(m)))
		var ws []string
		for range m {
			ws = append(ws, fmt.Sprint(1+rng.IntN((m-1)/2)))
		}
		_, d, err := scoreArcs(t, arcsGame("Ann, Bob", m, "1|"+strings.Join(ws, " ")))
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now()
		rec := &layout.Recorder{}
		d.Cells[0].Figure.Draw(rec, layout.Pt(0, 0), 190, layout.Style{Line: 0.3, Guide: layout.Grey})
		took := time.Since(t0)
		fills := 0
		for _, op := range rec.Pages[0].Ops {
			if op.Kind == "fill" {
				fills++
			}
		}
		t.Logf("%d arcs: %v, %d operations, %d fills", m, took, len(rec.Pages[0].Ops), fills)
		if detail := m <= drawnMarks; detail != (fills > m) {
			t.Errorf("%d arcs: %d fills (dots and number discs), detail wanted %v", m, fills, detail)
		}
		if took > testenv.Bound(10*time.Second) {
			t.Errorf("%d arcs drawn in %v, want under 10 s", m, took)
		}
	}
}

// TestDotGrid: the grid's nearest point is the nearest of all, with the
// points clustered, spread, or far from the query.
func TestDotGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for round := range 50 {
		g := newDotGrid(2)
		var pts []layout.Point
		spread := []float64{0.5, 20, 190}[round%3]
		if round > 0 {
			for range 1 + rng.IntN(300) {
				p := layout.Pt(50+spread*rng.Float64(), 30+spread*rng.Float64())
				pts = append(pts, p)
				g.add(p)
			}
		}
		for range 200 {
			q := layout.Pt(-20+250*rng.Float64(), -20+250*rng.Float64())
			want := math.Inf(1)
			for _, p := range pts {
				want = math.Min(want, q.Dist(p))
			}
			if got := g.nearest(q); got != want {
				t.Fatalf("%d points within %g mm, nearest to %v: %g, want %g", len(pts), spread, q, got, want)
			}
		}
	}
}

// TestMaxPairs: a transcript asking for more arc pairs than MaxPairs is
// refused at once, naming the limit, before any round is played; one at
// the limit is scored.
func TestMaxPairs(t *testing.T) {
	const m = MaxArcMarks
	per := m * (m - 1) / 2
	fits := MaxPairs / per
	for _, tc := range []struct {
		rounds int
		refuse bool
	}{{fits, false}, {fits + 1, true}, {240, true}} {
		var rs []string
		for range tc.rounds {
			rs = append(rs, "1|1") // the rounds are never played when refused
		}
		src := []byte(arcsGame("Ann, Bob", m, rs...))
		t0 := time.Now()
		_, _, err := games.Score(Game{}, "big.yaml", src, games.Values{})
		if !tc.refuse {
			// Read as rounds with no arcs: refused for that, not for the limit.
			if err == nil || strings.Contains(err.Error(), "MaxPairs") {
				t.Errorf("%d rounds of %d marks (at the limit): %v, want the rounds read", tc.rounds, m, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "arcs.MaxPairs") || !strings.Contains(err.Error(), fmt.Sprintf("%d rounds of %d marks", tc.rounds, m)) {
			t.Errorf("%d rounds of %d marks: %v, want a refusal naming arcs.MaxPairs", tc.rounds, m, err)
		}
		if d := time.Since(t0); d > testenv.Bound(time.Second) {
			t.Errorf("%d rounds: refused after %v, want at once", tc.rounds, d)
		}
	}
	if fits < 4 {
		t.Errorf("MaxPairs %d leaves %d rounds of %d marks; TestBoundsAtMaxMarks scores 4", MaxPairs, fits, m)
	}
}
