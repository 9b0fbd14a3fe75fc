package rings

import (
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"
)

// meetsFast agrees with hp's meets wherever it decides, on random targets
// at whole, half and tenth degrees (tangencies, chords through cut ends
// and the like happen there exactly) and at angles a hair from those; and
// it leaves the exact degeneracies to hp.
func TestMeetsFastAgreesWithHP(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	hair := big.NewRat(1, 10000000000) // 1e-10 degrees
	angle := func() *big.Rat {
		var a *big.Rat
		switch rng.IntN(4) {
		case 0:
			a = big.NewRat(int64(rng.IntN(360)), 1)
		case 1:
			a = big.NewRat(int64(rng.IntN(720)), 2)
		case 2:
			a = big.NewRat(int64(rng.IntN(3600)), 10)
		default:
			a = big.NewRat(int64(30*rng.IntN(12)), 1)
			if rng.IntN(2) == 0 {
				a.Add(a, hair)
			} else if a.Sign() > 0 {
				a.Sub(a, hair)
			}
		}
		return a
	}
	fast, slow := 0, 0
	for range 300 {
		n := 2 + rng.IntN(6)
		g := &target{n: n}
		for j := 1; j < n; j++ {
			seen := map[string]bool{}
			var ds []*dir
			for range j + rng.IntN(j+3) {
				a := angle()
				if !seen[a.RatString()] {
					seen[a.RatString()] = true
					ds = append(ds, newDir(a))
				}
			}
			sort.Slice(ds, func(x, y int) bool { return ds[x].deg.Cmp(ds[y].deg) < 0 })
			g.cuts = append(g.cuts, ds)
		}
		var ends []end
		for c := 1; c <= n; c++ {
			for _, j := range []int{c - 1, c} {
				if j >= 1 && j < n {
					for _, d := range g.cuts[j-1] {
						ends = append(ends, end{circle: c, d: d})
					}
				}
			}
		}
		for range 20 {
			a, b := ends[rng.IntN(len(ends))], ends[rng.IntN(len(ends))]
			if a.circle == b.circle && a.d.deg.Cmp(b.d.deg) == 0 {
				continue
			}
			var mf, mh meeting
			ok := g.meetsFast(&mf, a, b)
			func() {
				defer func() { recover() }() // hp may refuse to guess
				g.meets(&mh, newEnd(a.circle, a.d), newEnd(b.circle, b.d))
				if !ok {
					slow++
					return
				}
				fast++
				if got, want := meetString(g, mf), meetString(g, mh); got != want {
					t.Errorf("%s-%s: float %q, hp %q", a.label(), b.label(), got, want)
				}
			}()
		}
	}
	if fast < 10*slow {
		t.Errorf("float64 decided %d segments, hp %d", fast, slow)
	}
	t.Logf("float64 decided %d segments, hp %d", fast, slow)
}

// The hand-checked cases of TestRingsMeets, through the filter: exact
// tangencies go to hp; ends moved 1e-10 degrees off them are decided in
// float64, as hp decides them.
func TestMeetsFastOnTheEdgeCases(t *testing.T) {
	g := testTarget(t, 4, "0 180", "0 90 180 270", "29.9999999999 30 30.0000000001 149.9999999999 150 150.0000000001 210 330")
	for _, tc := range []struct {
		a, b string
		fast bool
	}{
		{"4@30", "4@150", false}, // tangent to circle 2
		{"4@29.9999999999", "4@150.0000000001", true},
		{"4@30.0000000001", "4@149.9999999999", true},
		{"4@210", "4@330", false}, // tangent to circle 2 at 270, a cut's end
		{"4@0", "4@90", true},
		{"1@0", "4@210", true},
		{"2@270", "3@30", true},
	} {
		a, b := testEnd(t, tc.a), testEnd(t, tc.b)
		a.d, b.d = internTo(g, a.d), internTo(g, b.d)
		var mf, mh meeting
		ok := g.meetsFast(&mf, a, b)
		g.meets(&mh, newEnd(a.circle, a.d), newEnd(b.circle, b.d))
		if ok != tc.fast {
			t.Errorf("%s-%s: decided in float64 %v, want %v", tc.a, tc.b, ok, tc.fast)
		}
		if ok && meetString(g, mf) != meetString(g, mh) {
			t.Errorf("%s-%s: float %q, hp %q", tc.a, tc.b, meetString(g, mf), meetString(g, mh))
		}
	}
}

// internTo returns g's cut direction at d's angle, if there is one.
func internTo(g *target, d *dir) *dir {
	for _, cs := range g.cuts {
		for _, c := range cs {
			if c.deg.Cmp(d.deg) == 0 {
				return c
			}
		}
	}
	return d
}
