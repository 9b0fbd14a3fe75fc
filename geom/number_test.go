package geom

import (
	"errors"
	"testing"
)

func TestParseNumber(t *testing.T) {
	good := map[string]string{
		"12": "12", "-3": "-3", "+4": "4", "0": "0", "-0": "0", "007": "7",
		"12.5": "25/2", "-0.125": "-1/8", "0.10": "1/10", "3.000": "3",
		"25/2": "25/2", "-7/4": "-7/4", "6/4": "3/2", "0/5": "0",
		"123456789012345678901/7":  "123456789012345678901/7",
		"0.1000000000000000000001": "1000000000000000000001/10000000000000000000000",
	}
	for in, want := range good {
		r, err := ParseNumber(in)
		if err != nil || r.RatString() != want {
			t.Errorf("ParseNumber(%q) = %v, %v, want %s", in, r, err, want)
		}
	}
	bad := []string{"", " 1", "1 ", "1 2", "+", "-", "+-1", "--1", "1-", "1e5", "1E5", "0x10", "1_000",
		"1/0", "1/-2", "1/+2", "1/", "/2", "1.", ".5", "1.2.3", "1/2/3", "1.5/2", "Inf", "NaN", "½", "1,5", "--", "0/0"}
	for _, in := range bad {
		if r, err := ParseNumber(in); err == nil {
			t.Errorf("ParseNumber(%q) = %v, want error", in, r)
		} else {
			var ne *NumberError
			if !errors.As(err, &ne) || ne.Input != in {
				t.Errorf("ParseNumber(%q): error %v is not a *NumberError for the input", in, err)
			}
		}
	}
}
