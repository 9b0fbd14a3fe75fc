package geom

import (
	"fmt"
	"math/big"
)

// NumberError reports text that ParseNumber rejects.
type NumberError struct {
	Input string
	Msg   string
}

func (e *NumberError) Error() string {
	in := e.Input
	if len(in) > 60 { // a number of a million digits is not repeated whole
		in = fmt.Sprintf("%.40s… (%d characters)", in, len(in))
	}
	return fmt.Sprintf("geom: invalid number %q: %s", in, e.Msg)
}

// MaxDigits bounds the digits of a numerator, and of a denominator, that
// ParseNumber reads: reading decimal digits into a big integer takes time
// quadratic in their number (a million digits: seconds), and no board needs
// more than a few. A decimal's digits are all its numerator's, so its
// denominator, a power of ten, has at most MaxDigits digits too: whatever
// ParseNumber accepts, it accepts again written as a fraction.
const MaxDigits = 1000

// ParseNumber reads an exact rational number, never through float64.
//
// Accepted forms, with an optional single leading sign (+ or -):
//
//	12    -3                 integer
//	12.5  -0.125             decimal: digits on both sides of the point
//	25/2  -7/4               fraction: unsigned non-zero denominator
//
// Anything else is rejected: empty text, spaces, exponents ("1e5"),
// other bases ("0x10"), underscores, doubled signs ("+-1"), "1/0", "Inf", "NaN".
func ParseNumber(s string) (*big.Rat, error) {
	bad := func(msg string) (*big.Rat, error) { return nil, &NumberError{s, msg} }
	if s == "" {
		return bad("empty")
	}
	body := s
	neg := false
	if body[0] == '+' || body[0] == '-' {
		neg = body[0] == '-'
		body = body[1:]
	}
	if body == "" {
		return bad("sign without digits")
	}
	intPart, frac, den := body, "", ""
	kind := 0 // 0 integer, 1 decimal, 2 fraction
	digits := 0
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '0' && c <= '9':
			if digits++; digits > MaxDigits {
				return bad(fmt.Sprintf("more than %s digits; the limit is %s", thousands(MaxDigits), thousands(MaxDigits)))
			}
		case c == '.' || c == '/':
			if kind != 0 {
				return bad("more than one '.' or '/'")
			}
			intPart = body[:i]
			if c == '.' {
				kind, frac = 1, body[i+1:]
			} else {
				kind, den = 2, body[i+1:]
				digits = 0 // the denominator is bounded on its own
			}
		case c == '+' || c == '-':
			return bad("misplaced sign")
		case c == 'e' || c == 'E':
			return bad("exponents are not allowed")
		case c == 'x' || c == 'X':
			return bad("only decimal digits are allowed")
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			return bad("spaces are not allowed")
		default:
			return bad(fmt.Sprintf("unexpected character %q", c))
		}
	}
	if intPart == "" {
		return bad("missing digits before '.' or '/'")
	}
	num, _ := new(big.Int).SetString(intPart, 10)
	r := new(big.Rat)
	switch kind {
	case 0:
		r.SetInt(num)
	case 1:
		if frac == "" {
			return bad("missing digits after '.'")
		}
		f, _ := new(big.Int).SetString(intPart+frac, 10)
		d := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(frac))), nil)
		r.SetFrac(f, d)
	case 2:
		if den == "" {
			return bad("missing denominator")
		}
		d, _ := new(big.Int).SetString(den, 10)
		if d.Sign() == 0 {
			return bad("zero denominator")
		}
		r.SetFrac(num, d)
	}
	if neg {
		r.Neg(r)
	}
	return r, nil
}
