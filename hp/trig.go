package hp

import (
	"math/big"
	"sync"
)

// guard bits carried beyond Prec while summing series.
const guard = 64

var (
	piOnce sync.Once
	piF    *big.Float // π to Prec+guard bits
)

// pi computes π by Machin's formula, π = 16 atan(1/5) - 4 atan(1/239).
func pi() *big.Float {
	piOnce.Do(func() {
		p := uint(Prec + guard)
		a := atanInv(5, p)
		b := atanInv(239, p)
		piF = new(big.Float).SetPrec(p).Sub(a.Mul(a, big.NewFloat(16).SetPrec(p)), b.Mul(b, big.NewFloat(4).SetPrec(p)))
	})
	return piF
}

// atanInv returns atan(1/n) = Σ (-1)^k / ((2k+1) n^(2k+1)) to p bits.
func atanInv(n int64, p uint) *big.Float {
	sum := new(big.Float).SetPrec(p)
	pow := new(big.Float).SetPrec(p).Quo(big.NewFloat(1).SetPrec(p), new(big.Float).SetPrec(p).SetInt64(n)) // 1/n^(2k+1)
	n2 := new(big.Float).SetPrec(p).SetInt64(n * n)
	eps := new(big.Float).SetPrec(p).SetMantExp(big.NewFloat(1), -int(p))
	t := new(big.Float).SetPrec(p)
	for k := int64(0); ; k++ {
		t.Quo(pow, new(big.Float).SetPrec(p).SetInt64(2*k+1))
		if k%2 == 0 {
			sum.Add(sum, t)
		} else {
			sum.Sub(sum, t)
		}
		if t.Cmp(eps) < 0 {
			return sum
		}
		pow.Quo(pow, n2)
	}
}

// SinCos returns sin and cos of deg degrees, taken exactly as written.
// Multiples of 30 and 45 degrees whose values are rational come out
// exact; the rest are correct to about Prec bits.
func SinCos(deg *big.Rat) (sin, cos Real) {
	if !deg.Num().IsInt64() || !deg.Denom().IsInt64() {
		return sinCos(deg)
	}
	k := [2]int64{deg.Num().Int64(), deg.Denom().Int64()}
	sinCache.Lock()
	v, ok := sinCache.m[k]
	sinCache.Unlock()
	if ok {
		return v[0], v[1]
	}
	sin, cos = sinCos(deg)
	sinCache.Lock()
	if len(sinCache.m) >= maxSinCache {
		clear(sinCache.m)
	}
	sinCache.m[k] = [2]Real{sin, cos}
	sinCache.Unlock()
	return sin, cos
}

// sinCache keeps SinCos of the angles met lately (Reals are immutable):
// a game's angles are few and every replay of its moves asks for them
// all again, each a series summed to Prec bits.
var sinCache = struct {
	sync.Mutex
	m map[[2]int64][2]Real
}{m: map[[2]int64][2]Real{}}

// maxSinCache bounds sinCache; past it, it starts afresh.
const maxSinCache = 4096

// sinCos is SinCos, computed.
func sinCos(deg *big.Rat) (sin, cos Real) {
	// Reduce exactly to [0, 360), then by symmetry to [0, 45].
	d := new(big.Rat).Set(deg)
	q := new(big.Int).Quo(d.Num(), new(big.Int).Mul(d.Denom(), big.NewInt(360)))
	d.Sub(d, new(big.Rat).SetInt(new(big.Int).Mul(q, big.NewInt(360))))
	if d.Sign() < 0 {
		d.Add(d, big.NewRat(360, 1))
	}
	// s, c for d in [0, 90), then rotate by the quadrant.
	quad := 0
	for d.Cmp(big.NewRat(90, 1)) >= 0 {
		d.Sub(d, big.NewRat(90, 1))
		quad++
	}
	var s, c *big.Float
	if d.Cmp(big.NewRat(45, 1)) > 0 {
		c, s = sinCos0(new(big.Rat).Sub(big.NewRat(90, 1), d))
	} else {
		s, c = sinCos0(d)
	}
	for ; quad > 0; quad-- { // rotate by 90 degrees: (s, c) -> (c, -s)
		s, c = c, new(big.Float).Neg(s)
	}
	return mk(nf().Set(s)), mk(nf().Set(c))
}

// sinCos0 returns sin and cos of d degrees, 0 <= d <= 45.
func sinCos0(d *big.Rat) (*big.Float, *big.Float) {
	p := uint(Prec + guard)
	switch {
	case d.Sign() == 0:
		return new(big.Float).SetPrec(p), big.NewFloat(1).SetPrec(p)
	case d.Cmp(big.NewRat(30, 1)) == 0:
		return big.NewFloat(0.5).SetPrec(p), new(big.Float).SetPrec(p).Sqrt(big.NewFloat(0.75).SetPrec(p))
	case d.Cmp(big.NewRat(45, 1)) == 0:
		h := new(big.Float).SetPrec(p).Sqrt(big.NewFloat(0.5).SetPrec(p))
		return h, h
	}
	x := new(big.Float).SetPrec(p).SetRat(d)
	x.Mul(x, pi())
	x.Quo(x, big.NewFloat(180).SetPrec(p))
	x2 := new(big.Float).SetPrec(p).Mul(x, x)
	eps := new(big.Float).SetPrec(p).SetMantExp(big.NewFloat(1), -int(p))
	// sin x = x - x^3/3! + ...; cos x = 1 - x^2/2! + ...
	series := func(term *big.Float, k0 int64) *big.Float {
		sum := new(big.Float).SetPrec(p).Set(term)
		t := new(big.Float).SetPrec(p).Set(term)
		for k := k0; ; k += 2 {
			t.Mul(t, x2)
			t.Quo(t, new(big.Float).SetPrec(p).SetInt64(k*(k+1)))
			t.Neg(t)
			sum.Add(sum, t)
			if new(big.Float).Abs(t).Cmp(eps) < 0 {
				return sum
			}
		}
	}
	return series(x, 2), series(big.NewFloat(1).SetPrec(p), 1)
}
