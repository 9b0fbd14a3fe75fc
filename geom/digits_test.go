package geom

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"
)

// TestNumberDigitsBound: a number of more than MaxDigits digits is
// refused before big.Int reads it (quadratic time), and its message does
// not repeat it whole.
func TestNumberDigitsBound(t *testing.T) {
	ok := strings.Repeat("7", MaxDigits/2) + "/" + strings.Repeat("3", MaxDigits/2)
	if _, err := ParseNumber(ok); err != nil {
		t.Errorf("%d digits: %v", MaxDigits, err)
	}
	start := time.Now()
	_, err := ParseNumber("1/" + strings.Repeat("9", 5_000_000))
	if err == nil || !strings.Contains(err.Error(), "more than 1,000 digits; the limit is 1,000") || len(err.Error()) > 200 {
		t.Errorf("%.300v", err)
	}
	if el := time.Since(start); el > time.Second {
		t.Errorf("refused after %v", el)
	}
	// The bound is per numerator and per denominator, so what is accepted
	// is accepted again as the fraction RatString writes.
	for _, tc := range []struct {
		s  string
		ok bool
	}{
		{"1." + strings.Repeat("3", MaxDigits-1), true},
		{"1." + strings.Repeat("3", MaxDigits), false},
		{strings.Repeat("7", MaxDigits) + "/" + strings.Repeat("3", MaxDigits), true},
		{strings.Repeat("7", MaxDigits+1) + "/3", false},
		{"7/" + strings.Repeat("3", MaxDigits+1), false},
	} {
		r, err := ParseNumber(tc.s)
		if (err == nil) != tc.ok {
			t.Errorf("%.20s… (%d characters): %.80v", tc.s, len(tc.s), err)
			continue
		}
		if err == nil {
			if back, err := ParseNumber(r.RatString()); err != nil || back.Cmp(r) != 0 {
				t.Errorf("%.20s… does not read back: %.80v", tc.s, err)
			}
		}
	}
}

// TestScaleCountsBeforeWork: Scale refuses as Arrange does, at the
// coordinate that passes MaxScaledBits.
func TestScaleCountsBeforeWork(t *testing.T) {
	sc := NewScale(200)
	var err error
	k := 0
	for ; err == nil && k < 1000; k++ {
		err = sc.Add(big.NewRat(1, int64(1_000_003+2*k)))
	}
	var le *LimitError
	if !errors.As(err, &le) || !le.Scale || k < MaxScaledBits/200/21 {
		t.Errorf("after %d coordinates: %v", k, err)
	}
}
