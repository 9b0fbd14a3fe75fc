package hp

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func deg(n, d int64) *big.Rat { return big.NewRat(n, d) }

func TestPi(t *testing.T) {
	const want = "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651"
	if got := pi().Text('f', 110); got != want {
		t.Errorf("π = %s\nwant %s", got, want)
	}
}

func TestSinCos(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	one := Int(1)
	for i := 0; i < 500; i++ {
		d := deg(r.Int64N(2000000)-1000000, r.Int64N(999)+1)
		s, c := SinCos(d)
		f, _ := d.Float64()
		if math.Abs(s.Float64()-math.Sin(f*math.Pi/180)) > 1e-9 || math.Abs(c.Float64()-math.Cos(f*math.Pi/180)) > 1e-9 {
			t.Fatalf("SinCos(%s) = %v, %v; math says %v, %v", d.RatString(), s, c, math.Sin(f*math.Pi/180), math.Cos(f*math.Pi/180))
		}
		if s.Mul(s).Add(c.Mul(c)).Sub(one).Sign() != 0 {
			t.Fatalf("sin²+cos² of %s is not 1", d.RatString())
		}
		// sin(a+b) = sin a cos b + cos a sin b, to the last bits.
		e := deg(r.Int64N(720), r.Int64N(7)+1)
		s2, c2 := SinCos(e)
		s3, _ := SinCos(new(big.Rat).Add(d, e))
		if s.Mul(c2).Add(c.Mul(s2)).Sub(s3).Sign() != 0 {
			t.Fatalf("sin(%s + %s) does not add up", d.RatString(), e.RatString())
		}
	}
	for _, tc := range []struct {
		d    int64
		s, c float64
	}{{0, 0, 1}, {90, 1, 0}, {180, 0, -1}, {270, -1, 0}, {-90, -1, 0}, {30, 0.5, math.NaN()}, {150, 0.5, math.NaN()}, {210, -0.5, math.NaN()}, {60, math.NaN(), 0.5}, {720 + 300, math.NaN(), 0.5}} {
		s, c := SinCos(deg(tc.d, 1))
		if !math.IsNaN(tc.s) && s.Big().Cmp(big.NewFloat(tc.s)) != 0 {
			t.Errorf("sin %d = %v, want exactly %v", tc.d, s, tc.s)
		}
		if !math.IsNaN(tc.c) && c.Big().Cmp(big.NewFloat(tc.c)) != 0 {
			t.Errorf("cos %d = %v, want exactly %v", tc.d, c, tc.c)
		}
	}
}

func unit(d int64) Point { return Polar(big.NewRat(1, 1), deg(d, 1)) }

// Diameters 0-180, 60-240 and 120-300 meet in one point, the centre: not
// in a small triangle, as they would after rounding the ends.
func TestConcurrentDiameters(t *testing.T) {
	d := [][2]int64{{0, 180}, {60, 240}, {120, 300}}
	var ps []Point
	for i := range d {
		for j := i + 1; j < len(d); j++ {
			rel, p := Relate(unit(d[i][0]), unit(d[i][1]), unit(d[j][0]), unit(d[j][1]))
			if rel != Cross {
				t.Fatalf("diameters %v and %v: %v", d[i], d[j], rel)
			}
			ps = append(ps, p)
		}
	}
	for _, p := range ps {
		if !Equal(p, Pt(Int(0), Int(0))) {
			t.Errorf("crossing %v is not the centre", p)
		}
	}
	if Orient(unit(0), unit(180), ps[2]) != 0 {
		t.Error("the third crossing is not on the first diameter")
	}
}

// Chords 0-90, 30-150 and 60-300 pass through one point.
func TestConcurrentChords(t *testing.T) {
	_, p := Relate(unit(0), unit(90), unit(30), unit(150))
	_, q := Relate(unit(0), unit(90), unit(60), unit(300))
	_, r := Relate(unit(30), unit(150), unit(60), unit(300))
	if !Equal(p, q) || !Equal(q, r) {
		t.Errorf("crossings %v %v %v differ", p, q, r)
	}
	if Orient(unit(60), unit(300), p) != 0 {
		t.Error("60-300 misses the crossing of 0-90 and 30-150")
	}
	// Moved by a millionth of a degree, the third chord misses.
	if Orient(unit(60), Polar(big.NewRat(1, 1), big.NewRat(300000001, 1000000)), p) == 0 {
		t.Error("a chord 1e-6 degrees off still passes through the point")
	}
}

func TestRelate(t *testing.T) {
	P := func(x, y int64) Point { return Pt(Int(x), Int(y)) }
	for _, tc := range []struct {
		a, b, c, d Point
		want       Relation
	}{
		{P(0, 0), P(4, 4), P(0, 4), P(4, 0), Cross},
		{P(0, 0), P(4, 0), P(2, 0), P(2, 3), Touch}, // T-junction
		{P(0, 0), P(4, 0), P(4, 0), P(6, 3), Touch}, // shared end
		{P(0, 0), P(4, 0), P(4, 0), P(6, 0), Touch}, // end to end on one line
		{P(0, 0), P(4, 0), P(3, 0), P(6, 0), Coincide},
		{P(0, 0), P(4, 0), P(4, 0), P(0, 0), Coincide},
		{P(0, 0), P(4, 0), P(1, 0), P(2, 0), Coincide},
		{P(0, 0), P(4, 0), P(5, 0), P(6, 0), Apart},
		{P(0, 0), P(4, 0), P(5, 1), P(6, -1), Apart},
		{P(0, 0), P(4, 0), P(0, 1), P(4, 1), Apart},
	} {
		if got, _ := Relate(tc.a, tc.b, tc.c, tc.d); got != tc.want {
			t.Errorf("%v%v and %v%v: %v, want %v", tc.a, tc.b, tc.c, tc.d, got, tc.want)
		}
		if got := Classify(tc.a, tc.b, tc.c, tc.d); got != tc.want {
			t.Errorf("Classify %v%v and %v%v: %v, want %v", tc.a, tc.b, tc.c, tc.d, got, tc.want)
		}
		if got, _ := Relate(tc.c, tc.d, tc.b, tc.a); got != tc.want {
			t.Errorf("%v%v and %v%v (swapped): %v, want %v", tc.c, tc.d, tc.b, tc.a, got, tc.want)
		}
	}
}

// Relate names the common point of touching and crossing segments.
func TestRelatePoint(t *testing.T) {
	P := func(x, y int64) Point { return Pt(Int(x), Int(y)) }
	for _, tc := range []struct {
		a, b, c, d, at Point
	}{
		{P(0, 0), P(4, 0), P(2, 0), P(2, 3), P(2, 0)}, // T: c on ab
		{P(2, 0), P(2, 3), P(0, 0), P(4, 0), P(2, 0)}, // T: a on cd
		{P(0, 0), P(4, 0), P(6, 3), P(4, 0), P(4, 0)}, // shared end d = b
		{P(0, 0), P(4, 0), P(4, 0), P(6, 0), P(4, 0)}, // end to end on one line
		{P(0, 0), P(4, 4), P(0, 4), P(4, 0), P(2, 2)}, // crossing
	} {
		for _, sw := range [][4]Point{{tc.a, tc.b, tc.c, tc.d}, {tc.d, tc.c, tc.b, tc.a}} {
			if _, p := Relate(sw[0], sw[1], sw[2], sw[3]); !Equal(p, tc.at) {
				t.Errorf("%v%v and %v%v meet at %v, want %v", sw[0], sw[1], sw[2], sw[3], p, tc.at)
			}
		}
	}
}

func TestUndecided(t *testing.T) {
	tiny := Rat(big.NewRat(1, 1)).Quo(Rat(new(big.Rat).SetFrac(new(big.Int).Exp(big.NewInt(10), big.NewInt(60), nil), big.NewInt(1))))
	err := func() (err error) {
		defer Guard(&err)
		tiny.Sign()
		return nil
	}()
	var u *Undecided
	if !errors.As(err, &u) {
		t.Fatalf("1e-60 decided: %v", err)
	}
	if Rat(big.NewRat(1, 1)).Sub(Int(1)).Sign() != 0 {
		t.Error("1-1 is not zero")
	}
	if s := Int(1).Quo(Int(10000000)).Mul(Int(1).Quo(Int(10000000))).Mul(Int(1).Quo(Int(10000000))).Mul(Int(1).Quo(Int(10000000))).Mul(Int(1).Quo(Int(100000000))).Sign(); s != 1 {
		t.Errorf("1e-36 has sign %d", s)
	}
}

// TestGapChords checks the assumption of the package comment on chords
// between marks at multiples of 20 degrees, a board full of exact
// coincidences: for every crossing of two chords and every third chord,
// the third chord's line either passes through the crossing exactly
// (computed below ErrorBound) or misses it by more than 1e-20, far from
// the undecided band.
func TestGapChords(t *testing.T) {
	step := int64(20)
	if testing.Short() {
		step = 30
	}
	var ends []Point
	for d := int64(0); d < 360; d += step {
		ends = append(ends, unit(d))
	}
	type chord struct{ a, b Point }
	var chords []chord
	for i := range ends {
		for j := i + 1; j < len(ends); j++ {
			chords = append(chords, chord{ends[i], ends[j]})
		}
	}
	smallest := math.Inf(1)
	zeros := 0
	for i, c1 := range chords {
		for _, c2 := range chords[i+1:] {
			if rel, _ := Relate(c1.a, c1.b, c2.a, c2.b); rel != Cross {
				continue
			}
			p := LineIntersection(c1.a, c1.b, c2.a, c2.b)
			for _, c3 := range chords {
				v := c3.b.Sub(c3.a).Cross(p.Sub(c3.a))
				abs := new(big.Float).Abs(v.v)
				if abs.Cmp(errF) < 0 {
					zeros++
					continue
				}
				x, _ := abs.Float64()
				smallest = math.Min(smallest, x)
			}
		}
	}
	if smallest < 1e-20 {
		t.Errorf("a non-zero orientation of size %g: the gap assumption is in danger", smallest)
	}
	if zeros == 0 {
		t.Error("no concurrent chords found; the test proves nothing")
	}
	t.Logf("smallest non-zero %g, exact zeros %d", smallest, zeros)
}

func BenchmarkOrientFiltered(b *testing.B) {
	p, q, r := unit(10), unit(100), unit(200)
	for b.Loop() {
		Orient(p, q, r)
	}
}

// BenchmarkSinCos: an angle met before (from the cache), and one
// computed (what a new angle costs once).
func BenchmarkSinCos(b *testing.B) {
	d := big.NewRat(371, 3)
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			SinCos(d)
		}
	})
	b.Run("computed", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinCos(d)
		}
	})
}
