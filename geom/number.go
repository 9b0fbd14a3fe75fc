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
	return fmt.Sprintf("geom: invalid number %q: %s", e.Input, e.Msg)
}

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
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c >= '0' && c <= '9':
		case c == '.' || c == '/':
			if kind != 0 {
				return bad("more than one '.' or '/'")
			}
			intPart = body[:i]
			if c == '.' {
				kind, frac = 1, body[i+1:]
			} else {
				kind, den = 2, body[i+1:]
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
