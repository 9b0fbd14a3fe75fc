package hp

import (
	"fmt"
	"math"
	"math/big"
)

// Prec is the working precision in bits.
const Prec = 384

// Zero is the size below which a computed value is taken for an exact
// zero (rulings.md, Exactness), and ErrorBound the bound on the
// computation's own error; values between them are Undecided.
const (
	Zero       = 1e-40
	ErrorBound = 1e-90
)

var (
	zeroF = new(big.Float).SetPrec(Prec).SetFloat64(Zero)
	errF  = new(big.Float).SetPrec(Prec).SetFloat64(ErrorBound)
	// negated, for comparing a value's size without its absolute value
	negZeroF = new(big.Float).SetPrec(Prec).SetFloat64(-Zero)
	negErrF  = new(big.Float).SetPrec(Prec).SetFloat64(-ErrorBound)
)

// Real is a real number to Prec bits, with its float64 rounding kept for
// fast filtering. The zero Real is not valid; build Reals with Int, Rat
// and the operations. Reals are immutable.
type Real struct {
	v *big.Float
	f float64
}

func mk(v *big.Float) Real {
	f, _ := v.Float64()
	return Real{v, f}
}

func nf() *big.Float { return new(big.Float).SetPrec(Prec) }

// Int returns n.
func Int(n int64) Real { return mk(nf().SetInt64(n)) }

// Rat returns r rounded to Prec bits.
func Rat(r *big.Rat) Real { return mk(nf().SetRat(r)) }

// Float64 returns x rounded to float64 (for drawing, never for deciding).
func (x Real) Float64() float64 { return x.f }

// Big returns a copy of x's value.
func (x Real) Big() *big.Float { return nf().Set(x.v) }

// Add returns x+y.
func (x Real) Add(y Real) Real { return mk(nf().Add(x.v, y.v)) }

// Sub returns x-y.
func (x Real) Sub(y Real) Real { return mk(nf().Sub(x.v, y.v)) }

// Mul returns x*y.
func (x Real) Mul(y Real) Real { return mk(nf().Mul(x.v, y.v)) }

// Neg returns -x.
func (x Real) Neg() Real { return mk(nf().Neg(x.v)) }

// Quo returns x/y; y must be decided non-zero by the caller (it panics
// with an Undecided otherwise, which Guard turns into an error).
func (x Real) Quo(y Real) Real {
	if y.Sign() == 0 {
		panic(&Undecided{What: "a division by a quantity that is exactly zero"})
	}
	return mk(nf().Quo(x.v, y.v))
}

// Sqrt returns the square root of x; x must not be decided negative. A
// value decided zero gives exactly 0, so that a tangency stays one point.
func (x Real) Sqrt() Real {
	switch x.Sign() {
	case -1:
		panic(&Undecided{What: "the square root of a negative quantity"})
	case 0:
		return Int(0)
	}
	return mk(nf().Sqrt(x.v))
}

// Sign returns -1, 0 or +1 as described in the package comment, and
// panics with *Undecided inside the undecided band.
func (x Real) Sign() int {
	if a := math.Abs(x.f); a > 1e-30 {
		if x.f < 0 {
			return -1
		}
		return 1
	}
	return bigSign(x.v)
}

// bigSign is Sign of a Prec-bit value: 0 below ErrorBound, its sign from
// Zero on, and *Undecided between.
func bigSign(v *big.Float) int {
	switch {
	case v.Cmp(errF) < 0 && v.Cmp(negErrF) > 0:
		return 0
	case v.Cmp(zeroF) >= 0:
		return 1
	case v.Cmp(negZeroF) <= 0:
		return -1
	}
	panic(&Undecided{What: fmt.Sprintf("a quantity of size %.3g, non-zero but below %g", nf().Abs(v), Zero)})
}

// Cmp compares x and y as Sign(x-y) does.
func (x Real) Cmp(y Real) int {
	if d := x.f - y.f; math.Abs(d) > 1e-12*(1+math.Abs(x.f)+math.Abs(y.f)) {
		if d < 0 {
			return -1
		}
		return 1
	}
	return x.Sub(y).Sign()
}

// String formats x to 20 significant digits.
func (x Real) String() string { return x.v.Text('g', 20) }

// Undecided reports a quantity in the band where papergames refuses to
// guess (see the package comment).
type Undecided struct{ What string }

func (e *Undecided) Error() string {
	return fmt.Sprintf("too close to call exactly: %s (papergames decides zero below %g and refuses to guess between %g and %g)", e.What, Zero, ErrorBound, Zero)
}

// Guard turns an *Undecided panic inside the calling function into *err;
// other panics pass on. Use it as: defer hp.Guard(&err).
func Guard(err *error) {
	if r := recover(); r != nil {
		u, ok := r.(*Undecided)
		if !ok {
			panic(r)
		}
		*err = u
	}
}
