package geom

import (
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"testing"
)

// shape describes an arrangement up to congruence and scale.
func shape(a *Arrangement) string {
	var fs []string
	for _, f := range a.Faces() {
		fs = append(fs, fmt.Sprintf("%d/%d", f.Sides, f.Holes))
	}
	slices.Sort(fs)
	return fmt.Sprint(a.Components(), fs)
}

func totalArea(a *Arrangement) *big.Rat {
	s := new(big.Rat)
	for _, f := range a.Faces() {
		s.Add(s, f.Area())
	}
	return s
}

func mapSegs(ss []Segment, f func(x, y *big.Rat) (*big.Rat, *big.Rat)) []Segment {
	out := make([]Segment, len(ss))
	for i, s := range ss {
		ax, ay := f(s.A.X(), s.A.Y())
		bx, by := f(s.B.X(), s.B.Y())
		out[i] = Segment{Pt(ax, ay), Pt(bx, by)}
	}
	return out
}

func TestInvariance(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	cases := 1500
	if testing.Short() {
		cases = 150
	}
	third := big.NewRat(1, 3)
	for c := 0; c < cases; c++ {
		var ss []Segment
		if c%2 == 0 {
			ss = randomLattice(r, 1+r.Intn(12), 1+r.Intn(4))
		} else {
			ss = randomNested(r, 6+r.Intn(10))
		}
		a := mustArrange(t, ss, false)
		checkEuler(t, a, ss)
		want, area := shape(a), totalArea(a)
		type variant struct {
			name      string
			segs      []Segment
			areaScale *big.Rat
			sameGraph bool
		}
		one := big.NewRat(1, 1)
		vs := []variant{
			{"translate", mapSegs(ss, func(x, y *big.Rat) (*big.Rat, *big.Rat) {
				return x.Add(x, big.NewRat(-7, 1)), y.Add(y, third)
			}), one, true},
			{"rotate 90", mapSegs(ss, func(x, y *big.Rat) (*big.Rat, *big.Rat) { return y.Neg(y), x }), one, true},
			{"reflect", mapSegs(ss, func(x, y *big.Rat) (*big.Rat, *big.Rat) { return x.Neg(x), y }), one, true},
			{"scale", mapSegs(ss, func(x, y *big.Rat) (*big.Rat, *big.Rat) {
				return x.Mul(x, big.NewRat(2, 7)), y.Mul(y, big.NewRat(2, 7))
			}), big.NewRat(4, 49), true},
			{"huge scale", mapSegs(ss, func(x, y *big.Rat) (*big.Rat, *big.Rat) {
				k := new(big.Rat).SetFrac(new(big.Int).Lsh(big.NewInt(3), 200), big.NewInt(1))
				return x.Mul(x, k).Add(x, third), y.Mul(y, k)
			}), new(big.Rat).SetFrac(new(big.Int).Lsh(big.NewInt(9), 400), big.NewInt(1)), true},
		}
		perm := slices.Clone(ss)
		r.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		vs = append(vs, variant{"reorder", perm, one, true})
		rev := make([]Segment, len(ss))
		for i, s := range ss {
			rev[i] = Segment{s.B, s.A}
		}
		vs = append(vs, variant{"reverse", rev, one, true})
		// Split one segment at a rational point into two collinear pieces.
		k := r.Intn(len(ss))
		tt := big.NewRat(int64(1+r.Intn(5)), 6)
		s := ss[k]
		mx := new(big.Rat).Add(s.A.X(), new(big.Rat).Mul(tt, new(big.Rat).Sub(s.B.X(), s.A.X())))
		my := new(big.Rat).Add(s.A.Y(), new(big.Rat).Mul(tt, new(big.Rat).Sub(s.B.Y(), s.A.Y())))
		split := append(slices.Clone(ss[:k]), Segment{s.A, Pt(mx, my)}, Segment{Pt(mx, my), s.B})
		split = append(split, ss[k+1:]...)
		vs = append(vs, variant{"split", split, one, false})
		for _, v := range vs {
			b := mustArrange(t, v.segs, false)
			checkEuler(t, b, v.segs)
			if got := shape(b); got != want {
				t.Fatalf("case %d %s: %s, want %s\n%v", c, v.name, got, want, ss)
			}
			if v.sameGraph && (b.Vertices() != a.Vertices() || b.Edges() != a.Edges()) {
				t.Fatalf("case %d %s: V, E = %d, %d, want %d, %d", c, v.name, b.Vertices(), b.Edges(), a.Vertices(), a.Edges())
			}
			if got, w := totalArea(b), new(big.Rat).Mul(area, v.areaScale); got.Cmp(w) != 0 {
				t.Fatalf("case %d %s: area %s, want %s", c, v.name, got.RatString(), w.RatString())
			}
		}
	}
}
