package crossdont

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
	"papergames/games"
	"papergames/games/gamestest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"papergames/hp"
	"papergames/layout"
	"papergames/scorer"
)

// boardOf draws the chords, written as in a transcript, on a round of
// that many chords.
func boardOf(t testing.TB, chords string) *State {
	t.Helper()
	cs := strings.Fields(chords)
	st := New(len(cs), 1)
	for _, c := range cs {
		mv, err := st.Parse(c)
		if err == nil {
			err = st.Play(mv)
		}
		if err != nil {
			t.Fatalf("chord %s: %v", c, err)
		}
	}
	return st
}

// playMoves draws the moves, written in labels; each must be legal.
func playMoves(t testing.TB, st *State, moves string) {
	t.Helper()
	for _, w := range strings.Fields(moves) {
		mv, err := st.Parse(w)
		if err == nil {
			err = st.Play(mv)
		}
		if err != nil {
			t.Fatalf("move %d %s: %v", st.moves()+1, w, err)
		}
	}
}

// movesK lists the legal moves of the given parity (whatever the number
// of the move due).
func movesK(st *State, even bool) []found {
	st.tab.sync(st.bd)
	k := 1
	if even {
		k = 2
	}
	var out []found
	for p := range st.tab.pts {
		for q := p + 1; q < st.tab.pts; q++ {
			if ps := st.tab.st[tri(q)+p]; legalFor(ps, k) {
				c := -1
				if even {
					c = ps.crossed()
				}
				out = append(out, found{p, q, c})
			}
		}
	}
	return out
}

// playout plays random legal moves until none is left (or limit moves).
func playout(st *State, rng *rand.Rand, limit int, each func(k int)) (played []string, over bool) {
	for k := 1; k <= limit; k++ {
		if each != nil {
			each(k)
		}
		mv := st.Moves(nil)
		if len(mv) == 0 {
			return played, true
		}
		m := mv[rng.Intn(len(mv))]
		if err := st.Play(m); err != nil {
			panic(err)
		}
		played = append(played, m.String())
	}
	return played, false
}

func moveTexts(st *State, even bool) []string {
	var out []string
	for _, mv := range movesK(st, even) {
		out = append(out, st.bd.move(mv.p, mv.q))
	}
	return out
}

// The three diameters 0-180, 60-240, 120-300 cross at one point, the
// centre. By hand: 6 chord ends and the centre make 7 points and 21
// pairs. The 6 pairs centre-end and the 3 pairs of opposite ends run
// along a diameter; the 6 pairs of ends 120 degrees apart cross the
// diameter between them; the 6 pairs of neighbouring ends (the hexagon's
// sides) cross nothing. So there are 6 legal first moves, and the 6
// chords 120 degrees apart would be the legal moves of an even turn.
func TestDiameters(t *testing.T) {
	st := boardOf(t, "0-180 60-240 120-300")
	bd := st.bd
	if len(bd.pts) != 7 || bd.crossings() != 1 {
		t.Fatalf("%d points, %d crossings; want 7 and 1 (three diameters meet once, not in a small triangle)", len(bd.pts), bd.crossings())
	}
	c := bd.pairAt[pair{0, 1}]
	if bd.pairAt[pair{0, 2}] != c || bd.pairAt[pair{1, 2}] != c {
		t.Errorf("the crossings 1x2, 1x3, 2x3 are different points: %v", bd.pairAt)
	}
	if !hp.Equal(bd.pts[c].p, hp.Pt(hp.Int(0), hp.Int(0))) {
		t.Errorf("the crossing %v is not the centre", bd.pts[c].p)
	}
	if got := bd.names(int(c)); !slices.Equal(got, []string{"1x2", "1x3", "2x3"}) {
		t.Errorf("the centre's names are %v", got)
	}
	odd := moveTexts(st, false)
	want := []string{"1a-2a", "1a-3b", "1b-2b", "1b-3a", "2a-3a", "2b-3b"}
	slices.Sort(odd)
	if !slices.Equal(odd, want) {
		t.Errorf("legal first moves %v, want the hexagon's 6 sides %v", odd, want)
	}
	even := movesK(st, true)
	if len(even) != 6 {
		t.Errorf("%d moves cross exactly one diameter, want 6", len(even))
	}
	for _, mv := range even {
		if mv.p == int(c) || mv.q == int(c) {
			t.Errorf("move %s from the centre is legal", bd.move(mv.p, mv.q))
		}
	}
}

// Chords 0-90, 30-150 and 60-300 pass through one point; moved by a
// millionth of a degree they make three.
func TestConcurrentChords(t *testing.T) {
	st := boardOf(t, "0-90 30-150 60-300")
	bd := st.bd
	if len(bd.pts) != 7 {
		t.Fatalf("%d points, want 6 ends and 1 crossing", len(bd.pts))
	}
	if a, b, c := bd.pairAt[pair{0, 1}], bd.pairAt[pair{0, 2}], bd.pairAt[pair{1, 2}]; a != b || b != c {
		t.Errorf("1x2, 1x3, 2x3 are points %d, %d, %d", a, b, c)
	}
	near := boardOf(t, "0-90 30-150 60-300.000001")
	if len(near.bd.pts) != 9 || near.bd.crossings() != 3 {
		t.Errorf("near miss: %d points, %d crossings; want 9 and 3", len(near.bd.pts), near.bd.crossings())
	}
	// The count of a round depends on it: in every game played at random
	// the concurrent chords end after 12 moves, the near miss after 18 (an
	// observation of this scorer, checked against the reference below).
	rng := rand.New(rand.NewSource(1))
	for _, tc := range []struct {
		chords string
		want   int
	}{{"0-90 30-150 60-300", 12}, {"0-90 30-150 60-300.000001", 18}, {"0-180 60-240 120-300", 12}, {"0-180 60-240 120-300.000001", 18}} {
		for range 5 {
			played, over := playout(boardOf(t, tc.chords), rng, 100, nil)
			if !over || len(played) != tc.want {
				t.Errorf("%s: a game of %d moves (over %v), want %d: %s", tc.chords, len(played), over, tc.want, strings.Join(played, " "))
			}
		}
	}
}

// Chords sharing an end: 1a and 2a are one point, with both names.
func TestSharedEnds(t *testing.T) {
	st := boardOf(t, "0-120 0-240 120-240")
	bd := st.bd
	if len(bd.pts) != 3 {
		t.Fatalf("a triangle of chords has %d points, want 3", len(bd.pts))
	}
	if got := bd.names(0); !slices.Equal(got, []string{"1a", "2a"}) {
		t.Errorf("names of the point at 0: %v", got)
	}
	if mv := movesK(st, false); len(mv) != 0 {
		t.Errorf("the triangle leaves moves %v; every pair of its corners is a chord", mv)
	}
	// An end spelled differently is the same point: 60/2 is 30.
	st = boardOf(t, "30-180 60/2-90")
	bd = st.bd
	if len(bd.pts) != 3 || !slices.Equal(bd.names(0), []string{"1a", "2a"}) {
		t.Errorf("30 and 60/2: %d points, names %v", len(bd.pts), bd.names(0))
	}
	if _, _, err := scoreBody(t, "chords: 2\nrounds:\n  - chords: 30-180 180-60/2\n", games.Values{}); err == nil || !strings.Contains(err.Error(), "chord 2 (180-60/2) lies along chord 1 (30-180)") {
		t.Errorf("30-180 and 180-60/2 coincide: %v", err)
	}
}

// ref is a reference for the board, written straight from the
// rulings with no shortcut: the points are the chord ends and every
// crossing of two segments (found by comparing every pair), and a move's
// relation to a segment is decided from orientations alone.
type ref struct {
	segs [][2]hp.Point
	pts  []hp.Point
}

func newRef(bd *board) *ref {
	r := &ref{}
	add := func(p hp.Point) {
		for _, q := range r.pts {
			if hp.Equal(p, q) {
				return
			}
		}
		r.pts = append(r.pts, p)
	}
	for _, s := range bd.segs {
		r.segs = append(r.segs, [2]hp.Point{bd.pts[s.a].p, bd.pts[s.b].p})
	}
	for s := 0; s < bd.chords; s++ {
		add(r.segs[s][0])
		add(r.segs[s][1])
	}
	for i, s := range r.segs {
		for _, u := range r.segs[i+1:] {
			if rel, x := hp.Relate(s[0], s[1], u[0], u[1]); rel == hp.Cross {
				add(x)
			}
		}
	}
	return r
}

// refRelate is hp.Relate without the crossing point.
func refRelate(a, b, c, d hp.Point) hp.Relation {
	o1, o2 := hp.Orient(a, b, c), hp.Orient(a, b, d)
	if o1 == 0 && o2 == 0 {
		if hp.Inside(c, a, b) || hp.Inside(d, a, b) || hp.Inside(a, c, d) || hp.Inside(b, c, d) ||
			(hp.Equal(a, c) && hp.Equal(b, d)) || (hp.Equal(a, d) && hp.Equal(b, c)) {
			return hp.Coincide
		}
		return hp.Apart
	}
	o3, o4 := hp.Orient(c, d, a), hp.Orient(c, d, b)
	if o1*o2 < 0 && o3*o4 < 0 {
		return hp.Cross
	}
	return hp.Apart
}

func (r *ref) moves(even bool) map[[2]int]bool {
	out := map[[2]int]bool{}
	for i, p := range r.pts {
	pairs:
		for j := i + 1; j < len(r.pts); j++ {
			n := 0
			for _, s := range r.segs {
				switch refRelate(p, r.pts[j], s[0], s[1]) {
				case hp.Coincide:
					continue pairs
				case hp.Cross:
					n++
				}
			}
			if (even && n == 1) || (!even && n == 0) {
				out[[2]int{i, j}] = true
			}
		}
	}
	return out
}

// check compares the board with the reference: the same points, no two
// closer than hp.Zero, every label naming its point, the same legal moves.
func (r *ref) check(t *testing.T, st *State, what string) {
	t.Helper()
	bd := st.bd
	if len(r.pts) != len(bd.pts) {
		t.Fatalf("%s: %d points, the reference finds %d", what, len(bd.pts), len(r.pts))
	}
	idx := make([]int, len(bd.pts)) // board point -> reference point
	for i, pt := range bd.pts {
		idx[i] = -1
		for j, q := range r.pts {
			if hp.Equal(pt.p, q) {
				idx[i] = j
			}
		}
		if idx[i] < 0 {
			t.Fatalf("%s: point %s is not in the reference", what, bd.name(i))
		}
		for j := range i {
			if hp.Equal(pt.p, bd.pts[j].p) {
				t.Fatalf("%s: points %s and %s are the same", what, bd.name(i), bd.name(j))
			}
		}
		// Every segment through or ending at the point knows it.
		for s, sg := range bd.segs {
			a, b := bd.pts[sg.a].p, bd.pts[sg.b].p
			on := hp.Equal(pt.p, a) || hp.Equal(pt.p, b) || (hp.Orient(a, b, pt.p) == 0 && hp.Inside(pt.p, a, b))
			if on != pt.on.has(s) {
				t.Fatalf("%s: point %s on segment %d: %v, recorded %v", what, bd.name(i), s+1, on, pt.on.has(s))
			}
		}
	}
	for pr, p := range bd.pairAt {
		s, u := bd.segs[pr.s], bd.segs[pr.t]
		rel, x := hp.Relate(bd.pts[s.a].p, bd.pts[s.b].p, bd.pts[u.a].p, bd.pts[u.b].p)
		if rel != hp.Cross || !hp.Equal(x, bd.pts[int(p)].p) {
			t.Fatalf("%s: label %dx%d names %s, but the segments %v", what, pr.s+1, pr.t+1, bd.name(int(p)), rel)
		}
	}
	for _, even := range []bool{false, true} {
		want := r.moves(even)
		got := map[[2]int]bool{}
		for _, mv := range movesK(st, even) {
			got[[2]int{min(idx[mv.p], idx[mv.q]), max(idx[mv.p], idx[mv.q])}] = true
		}
		for m := range want {
			if !got[m] {
				t.Fatalf("%s (even %v): the reference finds the move %v-%v, the board not", what, even, r.pts[m[0]], r.pts[m[1]])
			}
		}
		for m := range got {
			if !want[m] {
				t.Fatalf("%s (even %v): the board finds the move %v-%v, the reference not", what, even, r.pts[m[0]], r.pts[m[1]])
			}
		}
	}
}

// TestAgainstReference plays random games on structured boards (full
// of concurrent lines and shared ends) and on random ones, and compares
// the board after every move with the reference.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	random := func(n int, step float64) string {
		var cs []string
		for len(cs) < n {
			a, b := math.Floor(rng.Float64()*360/step)*step, math.Floor(rng.Float64()*360/step)*step
			if a != b && !slices.Contains(cs, fmt.Sprintf("%g-%g", a, b)) && !slices.Contains(cs, fmt.Sprintf("%g-%g", b, a)) {
				cs = append(cs, fmt.Sprintf("%g-%g", a, b))
			}
		}
		return strings.Join(cs, " ")
	}
	boards := []string{
		"0-180 60-240 120-300",
		"0-90 30-150 60-300",
		"0-90 30-150 60-300.000001",
		"0-180 45-225 90-270 135-315",
		"0-120 0-240 60-180 60-300 180-300",
		"10-170 30-150 50-130 190-350",
		random(4, 30), random(5, 15), random(5, 0.5),
	}
	limit := 30
	if testing.Short() {
		boards, limit = boards[:4], 12
	}
	for _, chords := range boards {
		st := boardOf(t, chords)
		bd := st.bd
		played, _ := playout(st, rng, limit, func(k int) {
			newRef(bd).check(t, st, fmt.Sprintf("%s, before move %d", chords, k))
		})
		t.Logf("%s: %d moves", chords, len(played))
	}
}

// A chord one 1e-45 degree off another is too close to call: papergames
// refuses rather than guesses.
func TestUndecided(t *testing.T) {
	tiny := "0." + strings.Repeat("0", 44) + "1"
	_, cells, err := scoreBody(t, "chords: 2\nrounds:\n  - chords: 0-180 "+tiny+"-100\n", games.Values{})
	for _, c := range cells {
		c.Figure.Draw(&layout.Recorder{Pages: []layout.RecPage{{}}}, layout.Pt(0, 0), 100, layout.Style{Line: 0.3})
	}
	var u *hp.Undecided
	if err == nil || errors.As(err, &u) || !strings.Contains(err.Error(), "5:19: round 1, chord 2 (0.000000000000000000000000000000000000000000001-100): too close to call exactly") {
		t.Errorf("got %v", err)
	}
}

// A finished round with 8 chords and 20 offense segments: checking that
// no legal move is left must look at every pair of its points (the issue
// asks for under 50 ms). Each iteration starts the table of pairs afresh,
// as the scorer does at the end of a round.
func BenchmarkCDCNoMoveLeft(b *testing.B) {
	st := boardOf(b, "0-30 225-0 225-315 180-225 90-315 45-135 90-60 135-315")
	playMoves(b, st, "6a-7b 4a-2x5 4a-6b 3b-6a 1b-6a 6a-8x10 2a-8x10 7b-5x14 1a-3b 2x5-6x16 6b-5x14 2x12-5x14 1b-2x12 2a-6b 5a-6x16 2x12-6x16 18x20-14x24 2x5-14x24 5a-6b 1b-14x24")
	if mv, ok := st.first(); ok {
		b.Fatalf("the round is not over: %s", st.bd.move(mv.p, mv.q))
	}
	for b.Loop() {
		st.tab.back(0, 0)
		st.first()
	}
	b.ReportMetric(float64(len(st.bd.pts)), "points")
}

// The worst case for 8 chords and 20 segments: 8 chords in general
// position (28 crossings) and 20 moves make 44 points; listing every legal
// move checks every pair, as a finished round of that size would.
func BenchmarkCDCAllMoves(b *testing.B) {
	st := boardOf(b, "0-180 30-150 60-300 90-270 10-200 45-315 100-250 5-95")
	playMoves(b, st, "2a-6a 2a-5x6 3b-6b 1x3-8a 3x5-6x12 3x5-4x8 3b-4b 4a-2x7 1x3-4x5 2x3-6a 2x7-8b 4a-2x14 1a-6x12 2x4-5x7 2b-1x7 5a-2x6 3x8-2x14 4x5-1x7 1x3-6b 7a-8x16")
	var buf []found
	for b.Loop() {
		st.tab.back(0, 0)
		buf = st.legal(buf[:0], false)
	}
	b.ReportMetric(float64(len(st.bd.pts)), "points")
}

// scoreBody scores a transcript of Ann and Bob whose header goes on with
// body.
func scoreBody(t testing.TB, body string, o games.Values) (*scorer.Result, []layout.Cell, error) {
	t.Helper()
	res, d, err := games.Score(Game{}, "t.yaml", []byte("game: cross-dont-cross\nplayers: [Ann, Bob]\n"+body), o)
	var cells []layout.Cell
	if d != nil {
		cells = d.Cells
	}
	if err == nil && res == nil {
		t.Fatal("no result and no error")
	}
	return res, cells, err
}

// diameters is a round on the three diameters, followed by moves.
func diameters(moves string) string {
	return "chords: 3\nrounds:\n  - chords: 0-180 60-240 120-300\n    moves: " + moves + "\n"
}

// TestRefused pins every check with its message and place.
func TestRefused(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"chords: 2\nrounds:\n  - chords: 0-0 10-20\n", "5:13: round 1, chord 1 (0-0): both ends at 0 degrees"},
		{"chords: 2\nrounds:\n  - chords: 0-360 10-20\n", "5:13: round 1, chord 1 (0-360): angle 360 is outside 0 up to 360 (write 0, not 360)"},
		{"chords: 2\nrounds:\n  - chords: 10-20 x-20\n", `5:19: round 1, chord 2 (x-20): "x" is not an angle`},
		{"chords: 2\nrounds:\n  - chords: 10-20-30 5-6\n", "chord 1 (10-20-30): write a chord as its two end angles joined by '-'"},
		{"chords: 2\nrounds:\n  - chords: 10-200 200-10\n", "5:20: round 1, chord 2 (200-10) lies along chord 1 (10-200): chords may share ends but not coincide"},
		{"chords: 3\nrounds:\n  - chords: 10-200 20-30\n", "5:13: round 1: 2 chord(s); this match has chords: 3"},
		{"chords: 0\nrounds:\n  - chords: 10-200\n", "3:9: chords 0: must be from 1 to 30"},
		{"chords: 3\nboard: abc\nrounds:\n  - chords: 0-180 60-240 120-300\n", "4:8: board abc does not match"},
		{"chords: 1\nrounds:\n  - chords: 10-200\n    defense: Cy\n", `6:14: round 1, defense: "Cy" is not one of the players`},
		{"chords: 1\nrounds:\n  - chord: 10-200\n", `unknown key "chord" in round 1 (did you mean "chords"?)`},
		{"chords: 1\nrounds:\n  - moves: 1a-1b\n", "5:10: round 1: missing chords"},
		{"chords: 2\nrounds:\n  - chords: 0-180 0." + strings.Repeat("0", 100) + "1-100\n", "5:19: round 1, chord 2 (0." + strings.Repeat("0", 100) + "1-100): its end at 0." + strings.Repeat("0", 100) + "1 degrees and 1a at 0 degrees are closer than 1e-40: papergames cannot tell them apart"},
		{"chords: 2\nrounds:\n  - chords: 0-0." + strings.Repeat("0", 100) + "1 5-100\n", "and its other end at 0 degrees are closer than 1e-40"},
		{diameters("1c-2a"), `6:12: round 1, move 1 (1c-2a): "1c" is not a point label`},
		{diameters("1a-9a"), "round 1, move 1 (1a-9a): 9a: there is no chord 9; the defense drew chords 1 to 3"},
		{diameters("1a-2a 1a-4b"), "6:18: round 1, move 2 (1a-4b): 4b: segment 4 is the offense's (move 1), and only chords have ends named a and b: name its ends as the move did, 1a and 2a"},
		{diameters("1a-1x5"), "move 1 (1a-1x5): 1x5: segment 5 is not drawn yet (this move draws segment 4)"},
		{diameters("1a-1x4"), "move 1 (1a-1x4): 1x4: segment 4 is the one this move draws; its ends must exist before it"},
		{diameters("1a-1x1"), "1x1: a crossing is named by two different segments"},
		{diameters("1a-0x1"), "0x1: there is no segment 0"},
		{diameters("1a-2a 1b-1x4"), "move 2 (1b-1x4): 1x4: chord 1 (0-180) and segment 4 (move 1, 1a-2a) do not cross: they only touch, at 1a, an end of chord 1 (0-180)"},
		{diameters("1a-2a 1b-3x4"), "3x4: chord 3 (120-300) and segment 4 (move 1, 1a-2a) do not meet"},
		{diameters("1x2-2x3"), "move 1 (1x2-2x3): both ends are the same point, 1x2 (also 1x3, 2x3)"},
		{diameters("1a-1b"), "move 1 (1a-1b): it runs along chord 1 (0-180): no segment may coincide with a drawn one"},
		{diameters("1x3-1b"), "move 1 (1x3-1b): it runs along chord 1 (0-180)"},
		{diameters("1a-2a 2a-1a"), "move 2 (2a-1a): it runs along segment 4 (move 1, 1a-2a)"},
		{diameters("1a-2b"), "move 1 (1a-2b): move 1 is odd, so it may cross nothing, but it crosses chord 3 (120-300)"},
		{diameters("1a-2a 1b-2b"), "move 2 (1b-2b): move 2 is even, so it must cross exactly one drawn segment, but it crosses none"},
		{"chords: 4\nrounds:\n  - chords: 0-180 90-270 45-100 200-225\n    moves: 3a-4b\n",
			"6:12: round 1, move 1 (3a-4b): move 1 is odd, so it may cross nothing, but it crosses chord 1 (0-180) and chord 2 (90-270); it passes through 1x2, where chord 1 (0-180) and chord 2 (90-270) cross, and so crosses both"},
		{"chords: 4\nrounds:\n  - chords: 0-180 90-270 45-100 200-225\n    moves: 1a-3a 3a-4b\n",
			"move 2 (3a-4b): move 2 is even, so it must cross exactly one drawn segment, but it crosses 2: chord 1 (0-180) and chord 2 (90-270); it passes through 1x2"},
		{diameters("1a-2a 1a-2a"), "move 2 (1a-2a): it runs along segment 4"},
		{diameters("[1a-2a, 2a]"), "6:20: round 1, move 2 (2a): write a move as its two ends joined by '-', e.g. 1a-2x5"},
	} {
		_, _, err := scoreBody(t, tc.body, games.Values{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("transcript\n%s\ngot  %v\nwant %s", tc.body, err, tc.want)
		}
	}
}

// Every problem is listed: a bad chord in round 1 and a bad move in round 2.
func TestAllProblems(t *testing.T) {
	_, cells, err := scoreBody(t, "chords: 3\nrounds:\n  - chords: 0-180 60-240 120-120\n  - chords: 0-180 60-240 120-300\n    moves: 1a-1b\n", games.Values{})
	if err == nil || !strings.Contains(err.Error(), "5:26: round 1, chord 3 (120-120): both ends at 120 degrees") || !strings.Contains(err.Error(), "7:12: round 2, move 1") {
		t.Errorf("got %v", err)
	}
	if len(cells) != 2 {
		t.Errorf("%d cells drawn for a refused transcript, want 2", len(cells))
	}
}

const fullRound = "1a-2a 2a-3b 1b-2b 2b-1x5 1b-3a 1b-3x7 2b-3b 3a-1x5 1a-3b 3a-2x9 2a-3a 1x5-2x9"

func TestScore(t *testing.T) {
	body := "chords: 3\nrounds:\n  - chords: 0-180 60-240 120-300\n    moves: " + fullRound +
		"\n  - chords: 0-90 30-150 60-300\n    defense: Ann\n    moves: 1a-2a 2a-3b\n"
	res, cells, err := scoreBody(t, body, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 2 || len(res.Rounds) != 2 {
		t.Fatalf("%d cells, %d rounds", len(cells), len(res.Rounds))
	}
	if tot := res.Totals(); tot[0] != 12 || tot[1] != 2 {
		t.Errorf("totals %v, want Ann 12 (round 1 offense), Bob 2", tot)
	}
	if w := res.Winners(); len(w) != 1 || w[0] != 1 {
		t.Errorf("winners %v, want Bob (fewest)", w)
	}
	if !res.Provisional || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "round 2 is unfinished: Bob (offense) stopped after 2 move(s), but move 3 (odd) is still possible, e.g. ") {
		t.Errorf("provisional %v, warnings %q", res.Provisional, res.Warnings)
	}
	d := res.Rounds[0].Details
	if d["offense"] != "Ann" || d["defense"] != "Bob" || d["segments"] != 12 || d["points"] != 13 || d["unfinished_move"] != nil || d["chord_crossings"] != 1 {
		t.Errorf("round 1 details %v", d)
	}
	if d := res.Rounds[1].Details; d["offense"] != "Bob" || d["unfinished_move"] == nil {
		t.Errorf("round 2 details %v", d)
	}
	txt := res.Text("t.yaml")
	for _, want := range []string{"before the offense moves: 7 points (6 chord ends, 1 crossing): 1x2=1x3=2x3",
		"move 2 (segment 5): 2a-3b, crosses chord 1 (0-180) at 1x5, a new point",
		"after 12 moves: 13 points (6 chord ends, 7 crossings); no legal move 13 (odd: it must cross nothing) remains: the round is over"} {
		if !strings.Contains(txt, want) {
			t.Errorf("report lacks %q:\n%s", want, txt)
		}
	}
	// --strict: the unfinished round is an error, placed at its moves.
	if _, _, err := scoreBody(t, body, games.Values{"strict": true}); err == nil || !strings.Contains(err.Error(), "9:12: round 2 is unfinished") || !strings.Contains(err.Error(), "--strict") {
		t.Errorf("strict: %v", err)
	}
	// An odd number of rounds: one player was offense more often.
	res, _, err = scoreBody(t, diameters(fullRound), games.Values{})
	if err != nil || res.Provisional || len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "Ann was offense in 1 round(s) and Bob in 0") {
		t.Errorf("one round: %v %v", err, res)
	}
}

func TestMoves(t *testing.T) {
	list := func(body string, o games.Values) string {
		t.Helper()
		txt, err := games.Moves(Game{}, "t.yaml", []byte("game: cross-dont-cross\nplayers: [Ann, Bob]\n"+body), o)
		if err != nil {
			t.Fatal(err)
		}
		return txt
	}
	// Before the first move: the hexagon's 6 sides (see TestDiameters).
	got := list(diameters("[]"), games.Values{})
	want := "t.yaml: round 1: Bob defends, Ann is offense and has drawn 0 segment(s).\n" +
		"Move 1 is odd: it must cross nothing. 6 legal move(s), between 7 points:\n" +
		"  1a-2a 1a-3b 1b-2b 1b-3a 2a-3a 2b-3b\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// After 1a-2a: the even moves, grouped by the segment they cross: the
	// six chords joining ends 120 degrees apart; none crosses 1a-2a, which
	// has no point beyond it.
	got = list(diameters("1a-2a"), games.Values{"strict": true})
	want = "t.yaml: round 1: Bob defends, Ann is offense and has drawn 1 segment(s).\n" +
		"Move 2 is even: it must cross exactly one drawn segment. 6 legal move(s), between 7 points:\n" +
		"  crossing chord 1 (0-180):\n    2a-3b 2b-3a\n" +
		"  crossing chord 2 (60-240):\n    1a-3a 1b-3b\n" +
		"  crossing chord 3 (120-300):\n    1a-2b 1b-2a\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	got = list(diameters(fullRound), games.Values{})
	if !strings.Contains(got, "No legal move 13 (odd: it must cross nothing) remains: the round is over; Ann drew 12 segment(s).") {
		t.Errorf("finished round: %s", got)
	}
	// Moves checks like score: a bad move is an error.
	if _, err := games.Moves(Game{}, "t.yaml", []byte("game: cross-dont-cross\nplayers: [Ann, Bob]\n"+diameters("1a-1b")), games.Values{}); err == nil {
		t.Error("moves lists after an illegal move")
	}
}

// The render draws the refused move in red, a legal move left dashed, and
// labels every point.
func TestRender(t *testing.T) {
	texts := func(cells []layout.Cell) (*layout.Recorder, map[string]bool) {
		rec := &layout.Recorder{}
		rec.AddPage(300, 300)
		for _, c := range cells {
			c.Figure.Draw(rec, layout.Pt(0, 0), 180, layout.Style{Line: 0.3, Guide: layout.Grey})
		}
		seen := map[string]bool{}
		for _, op := range rec.Pages[0].Ops {
			if op.Kind == "text" {
				seen[op.Text] = true
			}
		}
		return rec, seen
	}
	_, cells, err := scoreBody(t, diameters("1a-2a 2b-1b"), games.Values{})
	if err == nil {
		t.Fatal("2b-1b crosses nothing on an even move")
	}
	rec, seen := texts(cells)
	for _, want := range []string{"1a", "2b", "1x2", "4", "5"} {
		if !seen[want] {
			t.Errorf("render lacks the label %q", want)
		}
	}
	red := 0
	for _, op := range rec.Pages[0].Ops {
		if op.Kind == "stroke" && op.Pen.Color == layout.Red {
			red++
		}
	}
	if red != 1 {
		t.Errorf("%d red strokes, want the refused move", red)
	}
	_, cells, err = scoreBody(t, diameters("1a-2a"), games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	rec, _ = texts(cells)
	dashed := 0
	for _, op := range rec.Pages[0].Ops {
		if op.Kind == "stroke" && len(op.Pen.Dash) > 0 {
			dashed++
		}
	}
	if dashed != 1 {
		t.Errorf("%d dashed strokes, want the move left", dashed)
	}
	if w := layout.TextWidth(Game{}.RenderNote(), layout.Font{Size: 2.8}); w > 185 {
		t.Errorf("the render note is %.0f mm wide; the sheet header has 190", w)
	}
}

func FuzzScoreCrossDontCross(f *testing.F) { gamestest.Fuzz(f, Game{}) }

// Random transcripts, legal and corrupted: never a panic; a legal one
// scores its number of moves, provisional exactly when moves are left.
func TestRandomTranscripts(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	angles := []string{"0", "30", "45", "60", "90", "120", "135", "150", "180", "210", "225", "240", "270", "300", "315", "330", "37.5", "100/3"}
	n := 150
	if testing.Short() {
		n = 30
	}
	for it := range n {
		m := 1 + rng.Intn(5)
		var chords []string
		seen := map[string]bool{}
		for len(chords) < m {
			a, b := angles[rng.Intn(len(angles))], angles[rng.Intn(len(angles))]
			if a == b || seen[a+"-"+b] || seen[b+"-"+a] {
				continue
			}
			seen[a+"-"+b] = true
			chords = append(chords, a+"-"+b)
		}
		st := boardOf(t, strings.Join(chords, " "))
		played, _ := playout(st, rng, rng.Intn(25), nil)
		over := st.Over()
		corrupt := rng.Intn(3) == 0
		if corrupt {
			labels := []string{"1a", "2b", "1x2", "3x7", "5a", "0x1", "9x9", "2x4", "1a", "x", "1b"}
			bad := labels[rng.Intn(len(labels))] + "-" + labels[rng.Intn(len(labels))]
			played = append(played[:rng.Intn(len(played)+1)], bad)
		}
		body := fmt.Sprintf("chords: %d\nrounds:\n  - chords: %s\n    moves: [%s]\n", m, strings.Join(chords, " "), strings.Join(played, ", "))
		res, cells, err := scoreBody(t, body, games.Values{})
		for _, c := range cells {
			c.Figure.Draw(&layout.Recorder{Pages: []layout.RecPage{{}}}, layout.Pt(0, 0), 150, layout.Style{Line: 0.3})
		}
		games.Moves(Game{}, "t.yaml", []byte("game: cross-dont-cross\nplayers: [Ann, Bob]\n"+body), games.Values{"strict": true})
		if corrupt {
			continue
		}
		if err != nil {
			t.Fatalf("%d: legal transcript refused: %v\n%s", it, err, body)
		}
		if res.Totals()[0] != len(played) || res.Provisional == over {
			t.Fatalf("%d: total %v, provisional %v for %d moves (over %v)\n%s", it, res.Totals(), res.Provisional, len(played), over, body)
		}
	}
}

// No two distinct points of a board are closer than hp.Zero: points are
// merged exactly, so every pair left apart differs by at least 1e-40 in a
// coordinate, never by a sliver. Structured boards full of concurrent
// lines, a near miss (whose crossings pile up within 1e-16 of each other
// as the game goes on, still far above 1e-40), and random boards, over
// whole games.
func TestPointsApart(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	boards := []string{
		"0-180 60-240 120-300",
		"0-90 30-150 60-300",
		"0-90 30-150 60-300.000001",
		"0-180 30-210 60-240 90-270 120-300 150-330",
		"0-120 120-240 240-0 60-180 180-300 300-60",
	}
	for range 4 {
		var cs []string
		for range 5 {
			a := rng.Intn(3600)
			cs = append(cs, fmt.Sprintf("%g-%g", float64(a)/10, float64((a+1+rng.Intn(3598))%3600)/10))
		}
		boards = append(boards, strings.Join(cs, " "))
	}
	zero := new(big.Float).SetFloat64(hp.Zero)
	var smallest *big.Float
	for _, chords := range boards {
		st := boardOf(t, chords)
		bd := st.bd
		err := func() (err error) {
			defer hp.Guard(&err)
			playout(st, rng, 40, nil)
			for i := range bd.pts {
				for j := range i {
					a, b := bd.pts[i].p, bd.pts[j].p
					dx, dy := a.X.Sub(b.X).Big(), a.Y.Sub(b.Y).Big()
					d := dx.Abs(dx)
					if dy.Abs(dy).Cmp(d) > 0 {
						d = dy
					}
					if d.Cmp(zero) < 0 {
						t.Errorf("%s: points %s and %s are %.3g apart", chords, bd.name(i), bd.name(j), d)
					}
					if smallest == nil || d.Cmp(smallest) < 0 {
						smallest = d
					}
				}
			}
			return nil
		}()
		if err != nil {
			t.Errorf("%s: %v", chords, err)
		}
	}
	t.Logf("smallest coordinate difference between two points: %.3g", smallest)
}

// A round with no offense move lists its moves as [] in the JSON, as
// every other round does, not null.
func TestNoMovesJSON(t *testing.T) {
	res, _, err := scoreBody(t, "chords: 3\nrounds:\n  - chords: 0-180 60-240 120-300\n", games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	if js := string(res.JSON()); !strings.Contains(js, `"moves": []`) || strings.Contains(js, `"moves": null`) {
		t.Errorf("JSON of a round with no moves:\n%s", js)
	}
}

// An unknown defense is reported with the round's other problems (the
// roles do not change which moves are legal), and the round is drawn.
func TestUnknownDefenseStillChecked(t *testing.T) {
	_, cells, err := scoreBody(t, "chords: 3\nrounds:\n  - chords: 0-180 60-240 120-300\n    defense: Cy\n    moves: 1a-2a 1a-1b\n", games.Values{})
	if err == nil {
		t.Fatal("scored")
	}
	want := "t.yaml:6:14: round 1, defense: \"Cy\" is not one of the players (Ann, Bob)\n" +
		"t.yaml:7:18: round 1, move 2 (1a-1b): it runs along chord 1 (0-180): no segment may coincide with a drawn one"
	if err.Error() != want {
		t.Errorf("got\n%s\nwant\n%s", err, want)
	}
	if len(cells) != 1 || !strings.Contains(cells[0].Caption, "defense unknown") {
		t.Errorf("cells %v", cells)
	}
}

// TestChordsAsReported: the chords may be written as the report prints
// them (1 = 10-170, 2 = 30-150, ...), scoring the same.
func TestChordsAsReported(t *testing.T) {
	src, err := os.ReadFile("../../examples/cross-dont-cross/concurrent-chords.yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := games.Score(Game{}, "t.yaml", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^  chords: (\d.*)$`)
	var printed []string
	for _, l := range strings.Split(res.Text("t.yaml"), "\n") {
		if m := re.FindStringSubmatch(l); m != nil {
			printed = append(printed, m[1])
		}
	}
	if len(printed) == 0 {
		t.Fatalf("no chords line in the report:\n%s", res.Text("t.yaml"))
	}
	k := 0
	edited := regexp.MustCompile(`(?m)^(  - (?:defense: \S+\n    )?chords: ).*$`).ReplaceAllStringFunc(string(src), func(s string) string {
		head := s[:strings.Index(s, "chords: ")+len("chords: ")]
		if k >= len(printed) {
			return s
		}
		k++
		return head + printed[k-1]
	})
	if k == 0 {
		t.Fatal("no chords: line replaced")
	}
	again, _, err := games.Score(Game{}, "t.yaml", []byte(edited), nil)
	if err != nil {
		t.Fatalf("the report's chords are refused: %v\n%s", err, edited)
	}
	if a, b := string(res.JSON()), string(again.JSON()); a != b {
		t.Errorf("scored differently:\n%s\n%s", a, b)
	}
}
