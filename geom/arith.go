package geom

import (
	"cmp"
	"math"
	"math/big"
	"math/bits"
)

// Fixed-width exact integer helpers for the fast path.

// i128 is a signed 128-bit integer hi·2^64 + lo in two's complement.
type i128 struct {
	hi int64
	lo uint64
}

func i128From(v int64) i128 { return i128{hi: v >> 63, lo: uint64(v)} }

// absU returns |a| as uint64; correct for math.MinInt64 too.
func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

// mul64 returns the exact product a·b.
func mul64(a, b int64) i128 {
	hi, lo := bits.Mul64(absU(a), absU(b))
	r := i128{int64(hi), lo}
	if (a < 0) != (b < 0) {
		r = r.neg()
	}
	return r
}

func (x i128) neg() i128 {
	lo := -x.lo
	hi := ^x.hi
	if lo == 0 {
		hi++
	}
	return i128{hi, lo}
}

func (x i128) add(y i128) i128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	return i128{x.hi + y.hi + int64(c), lo}
}

func (x i128) sign() int {
	switch {
	case x.hi < 0:
		return -1
	case x.hi == 0 && x.lo == 0:
		return 0
	}
	return 1
}

// abs returns the magnitude as an unsigned (hi, lo) pair.
func (x i128) abs() (hi, lo uint64) {
	if x.hi < 0 {
		x = x.neg()
	}
	return uint64(x.hi), x.lo
}

func cmp128(x, y i128) int {
	switch {
	case x.hi < y.hi:
		return -1
	case x.hi > y.hi:
		return 1
	case x.lo < y.lo:
		return -1
	case x.lo > y.lo:
		return 1
	}
	return 0
}

// cmpProd returns the sign of a·b − c·d, exactly.
func cmpProd(a, b, c, d int64) int {
	if a|b|c|d >= 0 { // all non-negative, the common case: unsigned products
		h1, l1 := bits.Mul64(uint64(a), uint64(b))
		h2, l2 := bits.Mul64(uint64(c), uint64(d))
		if h1 != h2 {
			return cmp.Compare(h1, h2)
		}
		return cmp.Compare(l1, l2)
	}
	return cmp128(mul64(a, b), mul64(c, d))
}

// float returns x rounded to float64 (relative error below 2^-52).
func (x i128) float() float64 {
	h, l := x.abs()
	f := float64(h)*0x1p64 + float64(l)
	if x.hi < 0 {
		return -f
	}
	return f
}

// setBig stores x in z and returns z.
func (x i128) setBig(z *big.Int) *big.Int {
	h, l := x.abs()
	if bits.UintSize == 64 {
		z.SetBits([]big.Word{big.Word(l), big.Word(h)})
	} else {
		z.SetUint64(h)
		z.Lsh(z, 64)
		z.Or(z, new(big.Int).SetUint64(l))
	}
	if x.hi < 0 {
		z.Neg(z)
	}
	return z
}

// mul128x64 returns the 192-bit product (h·2^64 + l)·w as three words, most significant first.
func mul128x64(h, l, w uint64) (r2, r1, r0 uint64) {
	p1h, p1l := bits.Mul64(l, w)
	p2h, p2l := bits.Mul64(h, w)
	r1, c := bits.Add64(p2l, p1h, 0)
	return p2h + c, r1, p1l
}

// cmpFrac128 compares x1/w1 with x2/w2 for w1, w2 > 0, exactly: |x| < 2^127 and w < 2^64
// give products below 2^191, which three words hold.
func cmpFrac128(x1 i128, w1 uint64, x2 i128, w2 uint64) int {
	s1, s2 := x1.sign(), x2.sign()
	if s1 != s2 {
		if s1 < s2 {
			return -1
		}
		return 1
	}
	if s1 == 0 {
		return 0
	}
	h1, l1 := x1.abs()
	h2, l2 := x2.abs()
	a2, a1, a0 := mul128x64(h1, l1, w2)
	b2, b1, b0 := mul128x64(h2, l2, w1)
	c := 0
	switch {
	case a2 != b2:
		c = cmp.Compare(a2, b2)
	case a1 != b1:
		c = cmp.Compare(a1, b1)
	default:
		c = cmp.Compare(a0, b0)
	}
	return c * s1
}

func sign64(v int64) int {
	if v < 0 {
		return -1
	}
	if v > 0 {
		return 1
	}
	return 0
}

// bigFloat returns z·2^-shift rounded to float64.
func bigFloat(z *big.Int, shift int) float64 {
	var f big.Float
	f.SetInt(z)
	f.SetMantExp(&f, -shift)
	v, _ := f.Float64()
	if math.IsInf(v, 0) {
		return math.MaxFloat64 * float64(z.Sign())
	}
	return v
}
