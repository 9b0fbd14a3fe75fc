package polydots

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"papergames/games"
	"papergames/games/gamestest"
	"papergames/geom"
)

var seats = []string{"Ann", "Bob"}

func pt(t testing.TB, x, y string) Point {
	t.Helper()
	p, err := ParsePoint(x, y)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// bigForm is p held as big rationals, to test the general path.
func bigForm(p Point) Point {
	x, y := p.Rat()
	r := new([2]big.Rat)
	r[0].Set(x)
	r[1].Set(y)
	return Point{r: r}
}

// round plays dots (x y pairs separated by ";") and path steps.
func round(t *testing.T, n, p1 int, dots, path string, big bool) *State {
	t.Helper()
	s, err := New(n, seats, p1, Grid{Side: 20, PerMM: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range strings.Split(dots, ";") {
		if d = strings.TrimSpace(d); d == "" {
			continue
		}
		f := strings.Fields(d)
		p := pt(t, f[0], f[1])
		if big {
			p = bigForm(p)
		}
		if err := s.Play(Move{At: p}); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
	}
	for _, w := range strings.Fields(path) {
		m, err := s.Parse(w)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Play(m); err != nil {
			t.Fatalf("step %s: %v", w, err)
		}
	}
	return s
}

func TestNew(t *testing.T) {
	for _, tc := range []struct {
		dots, p1 int
		seats    []string
		grid     Grid
		want     string
	}{
		{3, 0, seats, DefaultGrid, "3 dots; each player places the same number, so the total is even, at least 4 and at most 200"},
		{2, 0, seats, DefaultGrid, "2 dots"},
		{202, 0, seats, DefaultGrid, "202 dots"},
		{4, 0, seats[:1], DefaultGrid, "1 seats; the game is for 2"},
		{4, -1, seats, DefaultGrid, "player 1 is seat -1"},
		{4, 0, seats, Grid{}, "the side must be from 1 to 10000 mm"},
	} {
		if _, err := New(tc.dots, tc.seats, tc.p1, tc.grid); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%d, ...): %v, want %q", tc.dots, err, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	s, _ := New(4, seats, 0, DefaultGrid)
	for _, tc := range []struct{ in, want string }{
		{"[20, 30]", "[20, 30]"},
		{"(0.5, 161/2)", "[0.5, 80.5]"},
		{`[80.5, "301/3"]`, `[80.5, "301/3"]`},
		{"20 30", "[20, 30]"},
		{"[1]", `"[1]": write a dot as [x, y]`},
		{"[1, 2, 3]", `"[1, 2, 3]": write a dot as [x, y]`},
		{"[1, x]", `geom: invalid number "x"`},
	} {
		m, err := s.Parse(tc.in)
		got := m.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("Parse(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	s = round(t, 4, 0, "0 0; 10 0; 0 10; 10 10", "", false)
	for _, tc := range []struct{ in, want string }{
		{"3", "3"}, {" 4 ", "4"}, {"0", `"0" is not a dot number from 1 to 4`}, {"5", `"5" is not a dot number`}, {"x", `"x" is not`},
	} {
		m, err := s.Parse(tc.in)
		got := m.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("path Parse(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		n          int
		dots, path string
		move       string // parsed in the state's phase
		want       string // "" for legal
	}{
		{4, "", "", "0 0", ""},
		{4, "", "", "-1 3", "coordinates are read off the sheet's grid, from 0 at its bottom left corner"},
		{4, "0 0; 5 5", "", "5 5", "dot 2 is already there"},
		{4, "0 0; 5 5", "", "10/2 5.0", "dot 2 is already there"},
		{4, "0 0; 50 10; 0.1 0.2", "", "0.3 0.6", "dots 1 (0, 0), 3 (0.1, 0.2) and 4 (0.3, 0.6) are on one straight line"},
		// p on two lines: the pair with the smallest first dot is named.
		{6, "0 0; 10 0; 0 10; 10 10", "", "5 5", "dots 1 (0, 0), 4 (10, 10) and 5 (5, 5) are on one straight line"},
		{6, "1 7; 10 0; 0 10; 20 20", "", "5 5", "dots 2 (10, 0), 3 (0, 10) and 5 (5, 5) are on one straight line"},
		// p beyond the pair, and between them.
		{6, "0 0; 3 1; 1 5; 4 4", "", "6 2", "dots 1 (0, 0), 2 (3, 1) and 5 (6, 2) are on one straight line"},
		{6, "0 0; 3 1; 1 5; 7 7", "", "1/3 1/9", "dots 1 (0, 0), 2 (3, 1) and 5 (1/3, 1/9) are on one straight line"},
		{6, "0 0; 1 0; 0 1; 7 7", "", "1/3 1/9", ""},
		{4, "0 0; 1 0; 0 1; 7 7", "", "1", ""},
		{4, "0 0; 1 0; 0 1; 7 7", "2 4", "2", "dot 2 was already reached at step 1; each move goes to a dot not yet reached"},
		{4, "0 0; 1 0; 0 1; 7 7", "2 4", "4", "dot 4 was already reached at step 2; each move goes to a dot not yet reached"},
		{4, "0 0; 1 0; 0 1; 7 7", "2 4 3 1", "1", "dot 1 was already reached at step 4; each move goes to a dot not yet reached"},
	} {
		for _, big := range []bool{false, true} {
			s := round(t, tc.n, 0, tc.dots, tc.path, big)
			m, err := s.Parse(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			if big && m.To == 0 {
				m.At = bigForm(m.At)
			}
			before := s.Record()
			err = s.Check(m)
			if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
				t.Errorf("%q %q + %v (big %v): %v, want %q", tc.dots, tc.path, m, big, err, tc.want)
			}
			if s.Record() != before {
				t.Errorf("Check changed the state")
			}
			if perr := s.Play(m); fmt.Sprint(perr) != fmt.Sprint(err) || perr != nil && s.Record() != before {
				t.Errorf("Play says %v, Check %v", perr, err)
			}
		}
	}
	// Moves out of their phase.
	s := round(t, 4, 0, "0 0; 1 0", "", false)
	if err := s.Check(Move{To: 1}); fmt.Sprint(err) != "the path starts once all 4 dots are placed (2 so far)" {
		t.Errorf("a step among the dots: %v", err)
	}
	s = round(t, 4, 0, "0 0; 1 0; 0 1; 7 7", "1", false)
	if err := s.Check(Move{At: GridPoint(3, 5, 1)}); fmt.Sprint(err) != "every dot is placed: the path is being drawn" {
		t.Errorf("a dot on the path: %v", err)
	}
	if err := s.Check(Move{To: 5}); fmt.Sprint(err) != `"5" is not a dot number from 1 to 4` {
		t.Errorf("step 5: %v", err)
	}
	s = round(t, 4, 0, "0 0; 1 0; 0 1; 7 7", "1 2 3 4", false)
	if err := s.Check(Move{At: GridPoint(3, 5, 1)}); fmt.Sprint(err) != "the round is over" {
		t.Errorf("a dot when over: %v", err)
	}
}

func TestTurnsAndScores(t *testing.T) {
	for _, tc := range []struct {
		p1         int
		dots, path string
		want       string
		big        bool
	}{
		// The examples: a bowtie (two triangles), a hexagon walked round
		// (one even face), the hexagon's star-like path (five triangles, a
		// quadrilateral).
		{0, "0 0; 100 0; 100 100; 0 100", "1 3 2 4", "[2 0]", false},
		{1, "40 10; 120 10; 160 80.5; 120 301/2; 40 150.5; 0 80.5", "1 2 3 4 5 6", "[1 0]", false},
		{1, "60 20; 120 20; 150 70; 120 120; 60 120; 30 70", "1 4 2 5 3 6", "[1 5]", false},
		{1, "60 20; 120 20; 150 70; 120 120; 60 120; 30 70", "1 4 2 5 3 6", "[1 5]", true},
		{0, "0 0; 100 0; 100 100; 0 100", "1 2 3 4", "[0 1]", false},
		// Beyond polygons.Counter's reach: geom.Arrange counts.
		{0, "0 0; 100000 0; 100000 100000; 0 100000", "1 3 2 4", "[2 0]", false},
		{0, "0 0; 1/7919 0; 1/7919 1/7919; 0 1/7919", "1 3 2 4", "[2 0]", false},
	} {
		s, _ := New(len(strings.Split(tc.dots, ";")), seats, tc.p1, DefaultGrid)
		var turns []int
		for _, d := range strings.Split(tc.dots, ";") {
			turns = append(turns, s.ToMove())
			if s.Phase() != "dots" || s.Finite() {
				t.Errorf("phase %s, finite %v among the dots", s.Phase(), s.Finite())
			}
			f := strings.Fields(d)
			p := pt(t, f[0], f[1])
			if tc.big {
				p = bigForm(p)
			}
			if err := s.Play(Move{At: p}); err != nil {
				t.Fatal(err)
			}
		}
		for _, w := range strings.Fields(tc.path) {
			if fmt.Sprint(s.Scores()) != "[0 0]" || s.Phase() != "path" || !s.Finite() {
				t.Errorf("%s: scores %v, phase %s before the path closes", tc.dots, s.Scores(), s.Phase())
			}
			turns = append(turns, s.ToMove())
			m, _ := s.Parse(w)
			if err := s.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		n := len(strings.Split(tc.dots, ";"))
		var want []int
		for k := range n {
			want = append(want, (tc.p1+k)%2)
		}
		want = append(want, tc.p1, tc.p1)
		for k := 2; k < n; k++ {
			want = append(want, (tc.p1+k+1)%2)
		}
		if fmt.Sprint(turns) != fmt.Sprint(want) {
			t.Errorf("%s: turns %v, want %v", tc.dots, turns, want)
		}
		if !s.Over() || s.ToMove() != -1 || s.Phase() != "over" || len(s.Moves(nil)) != 0 {
			t.Errorf("%s: not over", tc.dots)
		}
		if got := fmt.Sprint(s.Scores()); got != tc.want {
			t.Errorf("%s %s: scores %s, want %s", tc.dots, tc.path, got, tc.want)
		}
		if err := s.Undo(); err != nil || s.Over() || fmt.Sprint(s.Scores()) != "[0 0]" {
			t.Errorf("Undo of the last step: %v %v", err, s.Scores())
		}
		for s.Undo() == nil {
		}
		if len(s.dots) != 0 || s.bigs != 0 || s.Phase() != "dots" || s.ToMove() != tc.p1 {
			t.Errorf("after undoing everything: %d dots, %d big, %s, seat %d", len(s.dots), s.bigs, s.Phase(), s.ToMove())
		}
		if err := s.Undo(); !errors.Is(err, games.ErrNothingToUndo) {
			t.Errorf("Undo at the start: %v", err)
		}
	}
}

// bruteInLine is the rule as the scorer used to check it: every pair of
// placed dots against p, in order.
func bruteInLine(dots []Point, p Point) (int, int, bool) {
	for a := range dots {
		for b := a + 1; b < len(dots); b++ {
			if geom.Orient(dots[a].Geom(), dots[b].Geom(), p.Geom()) == 0 {
				return a, b, true
			}
		}
	}
	return 0, 0, false
}

// TestInLine compares the sorted-directions check with every pair, on
// random dots of small lattices where lines through three are common, in
// both the int64 and the big form.
func TestInLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	found := 0
	for range 3000 {
		side := int64(3 + rng.IntN(8))
		k := 2 + rng.IntN(12)
		var s State
		for len(s.dots) < k {
			p := GridPoint(rng.Int64N(side), rng.Int64N(side), 1+rng.Int64N(3))
			if rng.IntN(4) == 0 {
				p = bigForm(p)
			}
			if !slices.ContainsFunc(s.dots, p.Equal) {
				s.play(Move{At: p})
			}
		}
		p := GridPoint(rng.Int64N(side), rng.Int64N(side), 1+rng.Int64N(3))
		if slices.ContainsFunc(s.dots, p.Equal) {
			continue
		}
		a, b, ok := s.inLine(p)
		wa, wb, wok := bruteInLine(s.dots, p)
		if ok != wok || ok && (a != wa || b != wb) {
			t.Fatalf("%v + %v: %d %d %v, want %d %d %v", s.dots, p, a, b, ok, wa, wb, wok)
		}
		if ok {
			found++
		}
	}
	if found < 500 {
		t.Errorf("only %d cases with three in a line", found)
	}
}

// TestPlayouts plays random rounds on small grids: the scorer, given
// each round's Record, scores what the engine does; what Moves lists
// passes Check and matches the scan of every pair (dots) or of every dot
// (path); Undo back to the start restores the first state.
func TestPlayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var buf []Move
	stuck := 0
	defer func() {
		if stuck > 20 {
			t.Errorf("%d rounds of 200 ran out of grid points", stuck)
		}
	}()
	for run := range 200 {
		n := 4 + 2*rng.IntN(5)
		g := Grid{Side: 5 + rng.IntN(20), PerMM: 1 + rng.IntN(2)}
		s, _ := New(n, seats, rng.IntN(2), g)
		start := fmt.Sprint(s.dots, s.path, s.at, s.bigs, s.Phase(), s.ToMove())
		for !s.Over() {
			if run%10 == 0 || s.Phase() == "path" {
				buf = s.Moves(buf[:0])
				var want []Move
				if s.Phase() == "dots" {
					side := int64(g.Side * g.PerMM)
					for j := range side + 1 {
						for i := range side + 1 {
							p := GridPoint(i, j, int64(g.PerMM))
							if _, _, bad := bruteInLine(s.dots, p); !bad && !slices.ContainsFunc(s.dots, p.Equal) {
								want = append(want, Move{At: p})
							}
						}
					}
				} else {
					for k := range n {
						if !slices.Contains(s.path, int32(k)) {
							want = append(want, Move{To: k + 1})
						}
					}
				}
				if fmt.Sprint(buf) != fmt.Sprint(want) {
					t.Fatalf("%s: Moves %v, want %v", s.Record(), buf, want)
				}
				for _, m := range buf {
					if err := s.Check(m); err != nil {
						t.Fatalf("listed %v: %v", m, err)
					}
				}
			}
			if k, _ := games.Playout(s, rng, 1, buf); k == 0 {
				break // no grid point is left off the lines
			}
		}
		if !s.Over() {
			if s.Phase() != "dots" || len(s.Moves(nil)) != 0 {
				t.Fatalf("%s: the playout stopped with moves left", s.Record())
			}
			stuck++
			continue
		}
		if c := s.Clone(); c.Record() != s.Record() || fmt.Sprint(c.Scores()) != fmt.Sprint(s.Scores()) {
			t.Fatalf("the clone of %s differs", s.Record())
		} else if rec := s.Record(); c.Undo() != nil || s.Record() != rec || !s.Over() {
			t.Fatalf("undoing on a clone changed the round")
		}
		header := "game: polygons-and-dots\nplayers: [Ann, Bob]"
		gamestest.CheckRecord(t, Game{}, nil, header, games.Erase(s))
		for s.Undo() == nil {
		}
		if got := fmt.Sprint(s.dots, s.path, s.at, s.bigs, s.Phase(), s.ToMove()); got != start {
			t.Fatalf("after undoing everything: %s, want %s", got, start)
		}
	}
}

// TestManyLargeDots is the regression test of "bounded time on any
// input": a round of MaxDots dots with 100-digit fractions took more than
// 5 minutes when every triple was checked, and still minutes in the faces
// once they crossed; it is now refused at once by its size
// (geom.MaxScaledBits), and one of 3-digit fractions is scored. The dots
// are on the parabola y = x^2 (no three in a line), visited in order: one
// face.
func TestManyLargeDots(t *testing.T) {
	for _, tc := range []struct {
		digits  int
		refused bool
	}{{100, true}, {3, false}} {
		rng := rand.New(rand.NewPCG(11, 11))
		digits := func() *big.Int {
			b := []byte{byte('1' + rng.IntN(9))}
			for range tc.digits - 1 {
				b = append(b, byte('0'+rng.IntN(10)))
			}
			v, _ := new(big.Int).SetString(string(b), 10)
			return v
		}
		var b strings.Builder
		b.WriteString("game: polygons-and-dots\nplayers: [Ann, Bob]\nrounds:\n  - dots:\n")
		var path []string
		for k := range MaxDots {
			num, den := digits(), digits()
			if num.Cmp(den) > 0 {
				num, den = den, num
			}
			x := new(big.Rat).SetFrac(num, den) // in (0, 1]
			x.Add(x, big.NewRat(int64(k), 1))
			y := new(big.Rat).Mul(x, x)
			fmt.Fprintf(&b, "      - [\"%s\", \"%s\"]\n", x.RatString(), y.RatString())
			path = append(path, fmt.Sprint(k+1))
		}
		b.WriteString("    path: " + strings.Join(path, " ") + "\n")
		begin := time.Now()
		res, _, err := games.Score(Game{}, "many.yaml", []byte(b.String()), nil)
		switch {
		case tc.refused && (err == nil || !strings.Contains(err.Error(), "pass 600,000")):
			t.Errorf("%d digits: %v, want the refusal of geom.MaxScaledBits", tc.digits, err)
		case !tc.refused && err != nil:
			t.Fatalf("%d digits: %v", tc.digits, err)
		case !tc.refused:
			if got := fmt.Sprint(res.Rounds[0].Scores); got != "[0 1]" {
				t.Errorf("scores %s, want [0 1]: one face of 200 sides", got)
			}
		}
		if d := time.Since(begin); d > 30*time.Second {
			t.Errorf("%d digits: took %v; the bound is 30 s", tc.digits, d)
		} else {
			t.Logf("%d digits: %v", tc.digits, d)
		}
	}
}

// BenchmarkPlayout plays random rounds of 10 dots on the default
// millimetre grid, dots drawn by the Sampler.
func BenchmarkPlayout(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	s, _ := New(10, seats, 0, DefaultGrid)
	var buf []Move
	for b.Loop() {
		_, buf = games.Playout(s, rng, -1, buf)
		s.Scores()
		for s.Undo() == nil {
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}
