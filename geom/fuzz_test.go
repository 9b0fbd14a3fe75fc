package geom

import (
	"math/big"
	"strings"
	"testing"
)

// FuzzArrange turns bytes into segments on a small lattice and compares the
// fast arrangement, the big-arithmetic one and the reference.
func FuzzArrange(f *testing.F) {
	f.Add([]byte{4, 0, 0, 4, 0, 4, 0, 4, 4, 4, 4, 0, 4, 0, 4, 0, 0, 0, 0, 4, 4, 4, 0, 0})
	f.Add([]byte{9, 1, 1, 8, 1, 8, 1, 8, 8, 8, 8, 1, 8, 1, 1, 3, 3, 5, 3, 5, 3, 5, 5, 5, 5, 3, 5, 3, 3})
	f.Add([]byte{2, 0, 0, 2, 2, 0, 2, 2, 0, 1, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 5 {
			return
		}
		k := int64(data[0]%12) + 1
		data = data[1:]
		var segs []Segment
		for len(data) >= 4 && len(segs) < 16 {
			ax, ay, bx, by := int64(data[0])%(k+1), int64(data[1])%(k+1), int64(data[2])%(k+1), int64(data[3])%(k+1)
			data = data[4:]
			if ax != bx || ay != by {
				segs = append(segs, SegInt(ax, ay, bx, by))
			}
		}
		agreesWithReference(t, 0, segs, false, true)
	})
}

// FuzzParseNumber checks that ParseNumber never panics, that what it accepts
// means what math/big says it means, and that exact output reads back.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"12", "-3", "12.5", "-0.125", "25/2", "-7/4", "1e5", "0x10", "+-1", "1/0", " 1", ".5", "010/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseNumber(s)
		if err != nil {
			return
		}
		// math/big reads "010/1" as octal; split fractions to keep it decimal.
		want := new(big.Rat)
		_, ok := want.SetString(s) // on failure SetString returns nil; keep want
		if num, den, frac := strings.Cut(s, "/"); frac {
			n, ok1 := new(big.Int).SetString(num, 10)
			d, ok2 := new(big.Int).SetString(den, 10)
			ok = ok1 && ok2 && d.Sign() != 0
			if ok {
				want.SetFrac(n, d)
			}
		}
		if !ok || want.Cmp(r) != 0 {
			t.Fatalf("ParseNumber(%q) = %v, math/big says %v, %v", s, r, want, ok)
		}
		back, err := ParseNumber(r.RatString())
		if err != nil || back.Cmp(r) != 0 {
			t.Fatalf("round trip of %q via %q: %v, %v", s, r.RatString(), back, err)
		}
	})
}
