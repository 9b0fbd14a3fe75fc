package rings

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// undoAll takes back every move of s.
func undoAll(t testing.TB, s *State) {
	for {
		if err := s.Undo(); err != nil {
			if err != games.ErrNothingToUndo {
				t.Fatal(err)
			}
			return
		}
	}
}

// BenchmarkPlayoutRings plays random rounds on the default sheet (6
// circles) for 2 players: random cuts within the bounds at the candidate
// angles, then the segments; each round is undone back to the start for
// the next.
func BenchmarkPlayoutRings(b *testing.B) {
	s, err := New(6, []string{"Ann", "Bob"}, 0, games.Values{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []Move
	for b.Loop() {
		_, buf = games.Playout(s, rng, -1, buf)
		if !s.Over() {
			b.Fatal("the playout stopped early")
		}
		undoAll(b, s)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// snapshot is what must come back when a round is undone to its start.
func snapshot(s *State) string {
	return fmt.Sprint(s.Phase(), s.ToMove(), s.Over(), s.Scores(), s.Sections(), len(s.segs), len(s.fill), len(s.hist)) + "\n" + s.Record()
}

func header(circles int, players []string) string {
	return fmt.Sprintf("game: crossing-the-rings\nplayers: [%s]\ncircles: %d\n", strings.Join(players, ", "), circles)
}

var playoutCases = []struct {
	circles int
	players []string
	rules   games.Values
}{
	{2, []string{"Ann", "Bob"}, games.Values{}},
	{3, []string{"Ann", "Bob", "Cy"}, games.Values{}},
	{4, []string{"Ann", "Bob"}, games.Values{"ban-along-cuts": true}},
	{4, []string{"Ann", "Bob", "Cy", "Di"}, games.Values{"sections": "1..3"}},
	{6, []string{"Ann", "Bob"}, games.Values{}},
	{7, []string{"Ann", "Bob", "Cy"}, games.Values{"sections": "2..3j", "ban-along-cuts": true}},
}

// Random playouts: the transcript of each, scored by the scorer, gives the
// engine's scores, and undoing every move restores the start.
func TestPlayoutsScoreAsTheScorer(t *testing.T) {
	for i, tc := range playoutCases {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		var buf []Move
		for p := range 30 {
			s, err := New(tc.circles, tc.players, rng.IntN(len(tc.players)), tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			start := snapshot(s)
			_, buf = games.Playout(s, rng, -1, buf)
			if !s.Over() {
				if len(s.Moves(nil)) == 0 && tc.rules.Bool("ban-along-cuts") {
					continue // every pair of cut ends runs along a cut
				}
				t.Fatalf("case %d, playout %d stopped in phase %s:\n%s", i, p, s.Phase(), s.Record())
			}
			gamestest.CheckRecord(t, Game{}, tc.rules, header(tc.circles, tc.players), games.Erase[Move](s))
			undoAll(t, s)
			if got := snapshot(s); got != start {
				t.Fatalf("case %d, playout %d: undone to\n%s\nwant\n%s", i, p, got, start)
			}
		}
	}
}

// Rounds cut at random whole and tenth degrees (not only the candidates),
// scored by the engine and by the scorer.
func TestRandomAnglesScoreAsTheScorer(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for p := range 60 {
		n := 2 + rng.IntN(6)
		players := []string{"Ann", "Bob", "Cy"}[:2+rng.IntN(2)]
		s, err := New(n, players, rng.IntN(len(players)), games.Values{})
		if err != nil {
			t.Fatal(err)
		}
		for j := 1; j < n; j++ {
			b := s.bounds[j-1]
			want := b[0] + rng.IntN(min(b[1], 12)-b[0]+1)
			for len(s.cuts[j-1]) < want {
				a := big.NewRat(int64(rng.IntN(360)), 1)
				if rng.IntN(3) == 0 {
					a = big.NewRat(int64(rng.IntN(3600)), 10)
				}
				if s.Check(Move{Kind: Cut, Ring: j, Angle: a}) == nil {
					if err := s.Play(Move{Kind: Cut, Ring: j, Angle: a}); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if err := s.Play(Move{Kind: Done}); err != nil {
			t.Fatal(err)
		}
		games.Playout(s, rng, -1, nil)
		if !s.Over() {
			t.Fatalf("playout %d stopped:\n%s", p, s.Record())
		}
		gamestest.CheckRecord(t, Game{}, games.Values{}, header(n, players), games.Erase[Move](s))
	}
}

// Every listed move passes Check, and every move Check accepts is listed:
// while cutting, among the candidates and the angles already cut; then
// among all ordered pairs of points at the cut angles on every circle.
func TestMovesAreTheLegalOnes(t *testing.T) {
	for i, tc := range playoutCases {
		rng := rand.New(rand.NewPCG(uint64(i), 11))
		for range 4 {
			s, err := New(tc.circles, tc.players, 0, tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			for !s.Over() {
				listed := map[string]bool{}
				for _, m := range s.Moves(nil) {
					if err := s.Check(m); err != nil {
						t.Fatalf("listed %v refused: %v", m, err)
					}
					key := m.String()
					if m.Kind == Segment {
						key = segKey(m.A, m.B)
					}
					if listed[key] {
						t.Fatalf("%v listed twice", m)
					}
					listed[key] = true
				}
				if s.Finite() {
					if n := s.segments(); n != len(listed) {
						t.Fatalf("%d segments counted, %d listed", n, len(listed))
					}
					checkSegmentsBrute(t, s, listed, rng)
				} else {
					for j := 1; j < s.n; j++ {
						for _, d := range append(append([]*dir(nil), s.candidates(j)...), s.cuts[j-1]...) {
							m := Move{Kind: Cut, Ring: j, Angle: d.deg}
							if ok := s.Check(m) == nil; ok != listed[m.String()] {
								t.Fatalf("%v: Check %v, listed %v", m, s.Check(m), listed[m.String()])
							}
						}
					}
					if ok := s.Check(Move{Kind: Done}) == nil; ok != listed["done"] {
						t.Fatalf("done: Check %v, listed %v", s.Check(Move{Kind: Done}), listed["done"])
					}
				}
				m, ok := s.RandomMove(rng)
				if !ok {
					break
				}
				if err := s.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func segKey(a, b End) string {
	x, y := a.String(), b.String()
	if x > y {
		x, y = y, x
	}
	return x + " " + y
}

// checkSegmentsBrute tries every ordered pair of points on the circles at
// every cut angle (or, past 100 points, 2,000 random pairs of them), for
// the player to move and for another.
func checkSegmentsBrute(t *testing.T, s *State, listed map[string]bool, rng *rand.Rand) {
	t.Helper()
	var angles []*big.Rat
	for _, cs := range s.cuts {
		for _, c := range cs {
			angles = append(angles, c.deg)
		}
	}
	var pts []End
	for c := 1; c <= s.n; c++ {
		for _, a := range angles {
			pts = append(pts, End{c, a})
		}
	}
	seat := s.ToMove()
	accepted := map[string]bool{}
	try := func(a, b End) {
		m := Move{Kind: Segment, Seat: seat, A: a, B: b}
		if s.Check(m) != nil {
			return
		}
		accepted[segKey(a, b)] = true
		if seat >= 0 {
			m.Seat = (seat + 1) % len(s.players)
			if s.Check(m) == nil {
				t.Fatalf("%v accepted from seat %d, %d to move", m, m.Seat, seat)
			}
		}
	}
	all := len(pts) <= 100
	if all {
		for _, a := range pts {
			for _, b := range pts {
				try(a, b)
			}
		}
	} else {
		for range 2000 {
			try(pts[rng.IntN(len(pts))], pts[rng.IntN(len(pts))])
		}
	}
	if all && len(accepted) != len(listed) {
		t.Fatalf("%d segments accepted, %d listed", len(accepted), len(listed))
	}
	for k := range accepted {
		if !listed[k] {
			t.Fatalf("%s accepted, not listed", k)
		}
	}
}
