package analysis

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/games/polydots"
	"papergames/games/rings"
)

// Self-play statistics: polygons-and-dots parity (odd-sided faces for
// player 1, even for player 2) and crossing-the-rings divider share.
// Each game is one unit, seeded by its number.

func init() {
	register(Question{
		Game:    "polygons-and-dots",
		Name:    "parity",
		Summary: "odd-sided faces (player 1) against even (player 2) under random and rollout play, with intervals",
		Flags: func(fs *flag.FlagSet) {
			fs.String("dots", "6,8,10", "numbers of dots")
			fs.Int("games", 200, "games of each pairing and number of dots")
			fs.Int("rollouts", 4, "random playouts a rollout player tries after each candidate step of the path")
		},
		New: func(p Params) (Job, error) {
			return newSelfPlay(p, "dots", [][]string{{"random", "random"}, {"rollout", "random"}, {"random", "rollout"}, {"rollout", "rollout"}}, 4, 40,
				func(n int, pol []string) (games.Round, error) {
					st, err := polydots.New(n, []string{"p1", "p2"}, 0, polydots.DefaultGrid)
					if err != nil {
						return nil, err
					}
					return games.Erase[polydots.Move](st), nil
				}, parityRound)
		},
	})
	register(Question{
		Game:    "crossing-the-rings",
		Name:    "divider-share",
		Summary: "the divider's share of the sections under random and greedy segments, against the fair 1/p",
		Flags: func(fs *flag.FlagSet) {
			fs.String("circles", "4,5,6", "numbers of circles")
			fs.Int("players", 2, "players (the divider among them)")
			fs.Int("games", 300, "games of each pairing and target")
		},
		New: func(p Params) (Job, error) {
			np := p.Int("players")
			if np < 2 || np > 8 {
				return nil, usagef("--players %d: from 2 to 8", np)
			}
			pol := func(div, rest string) []string {
				out := []string{div}
				for range np - 1 {
					out = append(out, rest)
				}
				return out
			}
			return newSelfPlay(p, "circles", [][]string{pol("random", "random"), pol("greedy", "random"), pol("random", "greedy"), pol("greedy", "greedy")}, 2, 12,
				func(n int, _ []string) (games.Round, error) {
					st, err := rings.New(n, make([]string, np), 0, games.Values{})
					if err != nil {
						return nil, err
					}
					return games.Erase[rings.Move](st), nil
				}, shareRound)
		},
	})
}

// selfPlayJob plays games of each size and pairing of policies.
type selfPlayJob struct {
	what     string // the size's name
	sizes    []int
	pairs    [][]string
	games    int
	rollouts int
	newRound func(n int, pol []string) (games.Round, error)
	report   func(j *selfPlayJob, units []any) (*Result, error)
}

func newSelfPlay(p Params, what string, pairs [][]string, lo, hi int, nr func(int, []string) (games.Round, error), rep func(*selfPlayJob, []any) (*Result, error)) (Job, error) {
	j := &selfPlayJob{what: what, pairs: pairs, games: p.Int("games"), rollouts: p.Int("rollouts"), newRound: nr, report: rep}
	for _, f := range splitList(p[what]) {
		n, err := strconv.Atoi(f)
		if err != nil || n < lo || n > hi {
			return nil, usagef("--%s: %q is not a number from %d to %d", what, f, lo, hi)
		}
		j.sizes = append(j.sizes, n)
	}
	if len(j.sizes) == 0 {
		return nil, usagef("--%s needs at least one size", what)
	}
	if j.games < 1 {
		return nil, usagef("--games %d: play at least 1", j.games)
	}
	if _, ok := p["rollouts"]; ok && j.rollouts < 1 {
		return nil, usagef("--rollouts must be at least 1")
	}
	return j, nil
}

func (j *selfPlayJob) Units() int   { return len(j.sizes) * len(j.pairs) * j.games }
func (j *selfPlayJob) NewUnit() any { return new([]int) }

func (j *selfPlayJob) cell(i int) (n int, pol []string) {
	return j.sizes[i/j.games/len(j.pairs)], j.pairs[(i/j.games)%len(j.pairs)]
}

func (j *selfPlayJob) Unit(i int, seed uint64) (any, error) {
	n, pol := j.cell(i)
	r, err := j.newRound(n, pol)
	if err != nil {
		return nil, err
	}
	sc, err := PlayRound[games.Move](roundEngine{r}, pol, Rand(seed, uint64(i)), j.rollouts)
	if err != nil {
		return nil, err
	}
	out := append([]int(nil), sc...)
	return &out, nil
}

func (j *selfPlayJob) Report(units []any) (*Result, error) { return j.report(j, units) }

// roundEngine makes a games.Round a games.Engine[games.Move], so that the
// policies play any game; RandomMove is passed through when the game has
// one.
type roundEngine struct{ games.Round }

func (r roundEngine) Moves(buf []games.Move) []games.Move { return append(buf, r.Round.Moves()...) }

// scores of a group of games: per seat sums and squares, wins.
type groupStats struct {
	games          int64
	sum, sq        []float64 // per seat (sums of integers, exact in float64 at these sizes)
	wins           []int64   // sole winner
	ties           int64
	share, shareSq float64 // seat 0's share of all points
}

func (j *selfPlayJob) group(units []any, si, pi int) *groupStats {
	g := &groupStats{}
	for k := range j.games {
		sc := *units[(si*len(j.pairs)+pi)*j.games+k].(*[]int)
		if g.sum == nil {
			g.sum, g.sq, g.wins = make([]float64, len(sc)), make([]float64, len(sc)), make([]int64, len(sc))
		}
		g.games++
		tot, best, who := 0, -1, -1
		for s, v := range sc {
			g.sum[s] += float64(v)
			g.sq[s] += float64(v * v)
			tot += v
			switch {
			case v > best:
				best, who = v, s
			case v == best:
				who = -1
			}
		}
		if who >= 0 {
			g.wins[who]++
		} else {
			g.ties++
		}
		if tot > 0 {
			f := float64(sc[0]) / float64(tot)
			g.share += f
			g.shareSq += f * f
		}
	}
	return g
}

// meanCI is a mean with its 95% normal interval half-width.
func meanCI(sum, sq float64, n int64) (mean, half float64) {
	mean = sum / float64(n)
	v := math.Max(0, sq/float64(n)-mean*mean)
	return mean, 1.96 * math.Sqrt(v/float64(max(n-1, 1)))
}

func parityRound(j *selfPlayJob, units []any) (*Result, error) {
	r := &Result{
		Title: "Polygons-&-Dots: odd-sided faces (player 1) against even-sided (player 2)",
		Method: fmt.Sprintf("Monte Carlo self-play through the game's engine: %d games per row, seeded per game (PCG); dots uniform on the sheet's millimetre grid (180 mm, redrawn while three would be in line); path steps by policy: random, or rollout (each candidate step followed by %d random playouts, best mean margin); 95%% intervals (normal for means, Wilson for frequencies)",
			j.games, j.rollouts),
	}
	t := Table{Columns: []string{"dots", "player 1", "player 2", "P1 points (odd)", "P2 points (even)", "P1 wins", "P2 wins", "ties"}}
	var series []Series
	for si, n := range j.sizes {
		for pi, pol := range j.pairs {
			g := j.group(units, si, pi)
			m1, h1 := meanCI(g.sum[0], g.sq[0], g.games)
			m2, h2 := meanCI(g.sum[1], g.sq[1], g.games)
			w := func(k int64) string {
				l, h := wilson(k, g.games)
				return fmt.Sprintf("%s [%.0f, %.0f]%%", pct(k, g.games), 100*l, 100*h)
			}
			t.Rows = append(t.Rows, []string{strconv.Itoa(n), pol[0], pol[1], fmt.Sprintf("%.2f ± %.2f", m1, h1), fmt.Sprintf("%.2f ± %.2f", m2, h2), w(g.wins[0]), w(g.wins[1]), w(g.ties)})
			for len(series) <= pi {
				series = append(series, Series{Name: strings.Join(j.pairs[len(series)], " vs ")})
			}
			l, h := wilson(g.wins[0], g.games)
			s := &series[pi]
			s.X, s.Y, s.Lo, s.Hi = append(s.X, float64(n)), append(s.Y, float64(g.wins[0])/float64(g.games)), append(s.Lo, l), append(s.Hi, h)
		}
	}
	r.Tables = []Table{t}
	r.Chart = &Chart{Title: "Polygons-&-Dots: player 1 (odd faces) wins", X: "dots", Y: "P(player 1 wins)", Series: series, Legend: "lower middle left"}
	return r, nil
}

func shareRound(j *selfPlayJob, units []any) (*Result, error) {
	np := len(j.pairs[0])
	r := &Result{
		Title: fmt.Sprintf("Crossing The Rings, %d players: the divider's share of the sections", np),
		Method: fmt.Sprintf("Monte Carlo self-play through the game's engine: %d games per row, seeded per game (PCG); the divider cuts at random (engine's RandomMove: candidate angles, each ring within its bounds); segments by policy: random, or greedy (the segment colouring the most sections, ties to the first listed); share = divider's sections / all coloured, mean over games with a 95%% normal interval; fair share 1/%d",
			j.games, np),
	}
	t := Table{Columns: []string{"circles", "divider", "others", "divider's share", "fair", "divider points", "others' points (each)", "divider wins alone", "ties"}}
	var series []Series
	for si, n := range j.sizes {
		for pi, pol := range j.pairs {
			g := j.group(units, si, pi)
			sh, hh := meanCI(g.share, g.shareSq, g.games)
			m0, h0 := meanCI(g.sum[0], g.sq[0], g.games)
			var os, osq float64
			for s := 1; s < len(g.sum); s++ {
				os += g.sum[s]
				osq += g.sq[s]
			}
			mo := os / float64(g.games*int64(np-1))
			l, h := wilson(g.wins[0], g.games)
			t.Rows = append(t.Rows, []string{strconv.Itoa(n), pol[0], pol[1], fmt.Sprintf("%.3f ± %.3f", sh, hh), fmt.Sprintf("%.3f", 1/float64(np)),
				fmt.Sprintf("%.2f ± %.2f", m0, h0), fmt.Sprintf("%.2f", mo), fmt.Sprintf("%s [%.0f, %.0f]%%", pct(g.wins[0], g.games), 100*l, 100*h), pct(g.ties, g.games)})
			for len(series) <= pi {
				series = append(series, Series{Name: "divider " + j.pairs[len(series)][0] + ", others " + j.pairs[len(series)][1]})
			}
			s := &series[pi]
			s.X, s.Y, s.Lo, s.Hi = append(s.X, float64(n)), append(s.Y, sh), append(s.Lo, sh-hh), append(s.Hi, sh+hh)
		}
	}
	r.Tables = []Table{t}
	r.Chart = &Chart{Title: fmt.Sprintf("Crossing The Rings, %d players: the divider's share", np), X: "circles", Y: "divider's share of sections", Series: series, Legend: "upper middle left"}
	return r, nil
}
