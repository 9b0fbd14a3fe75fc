package geom

import (
	"math"
	"math/big"
	"math/rand"
	"slices"
	"testing"
)

// TestCmpProd checks cmpProd against math/big, with signs mixed and values
// at the edges of int64.
func TestCmpProd(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	edge := []int64{0, 1, -1, 2, -2, math.MaxInt64, math.MinInt64 + 1, 1 << 62, -(1 << 62), 1<<31 - 1}
	pick := func() int64 {
		switch r.Intn(3) {
		case 0:
			return edge[r.Intn(len(edge))]
		case 1:
			return r.Int63n(1<<20) - 1<<19
		}
		v := r.Int63()
		if r.Intn(2) == 0 {
			v = -v
		}
		return v
	}
	for i := 0; i < 100000; i++ {
		a, b, c, d := pick(), pick(), pick(), pick()
		x := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
		y := new(big.Int).Mul(big.NewInt(c), big.NewInt(d))
		if got, want := cmpProd(a, b, c, d), x.Cmp(y); got != want {
			t.Fatalf("cmpProd(%d, %d, %d, %d) = %d, want %d", a, b, c, d, got, want)
		}
	}
}

// TestCmpParamKeys checks that the float32 keys never change the order of
// two positions: near-equal fractions, equal ones written differently, and
// the extremes of the fast path.
func TestCmpParamKeys(t *testing.T) {
	b := &builder{}
	r := rand.New(rand.NewSource(6))
	ev := func(num, den int64) event { return event{num: num, den: den, key: eventKey(num, den)} }
	var tt [2]big.Int
	for i := 0; i < 200000; i++ {
		den := r.Int63n(1<<62) + 1
		if r.Intn(3) == 0 {
			den = r.Int63n(1000) + 1
		}
		num := r.Int63n(den) + 1
		x := ev(num, den)
		var y event
		switch r.Intn(4) {
		case 0: // the same position, scaled
			if k := int64(1 + r.Intn(3)); num <= math.MaxInt64/k/2 && den <= math.MaxInt64/k/2 {
				y = ev(num*k, den*k)
			} else {
				y = x
			}
		case 1: // a neighbour
			y = ev(max(1, num+int64(r.Intn(3)-1)), den)
		case 2:
			d2 := max(1, den+int64(r.Intn(3)-1))
			y = ev(min(num, d2), d2)
		default:
			d2 := r.Int63n(1<<62) + 1
			y = ev(r.Int63n(d2)+1, d2)
		}
		want := new(big.Int).Mul(big.NewInt(x.num), big.NewInt(y.den)).Cmp(new(big.Int).Mul(big.NewInt(y.num), big.NewInt(x.den)))
		if got := b.cmpParam(&x, &y, &tt); got != want {
			t.Fatalf("cmpParam(%d/%d, %d/%d) = %d, want %d", x.num, x.den, y.num, y.den, got, want)
		}
	}
}

// TestSortSegment checks the sort by keys, then exactly within runs of close
// keys, against the exact sort, on events with equal, near-equal and
// scattered positions.
func TestSortSegment(t *testing.T) {
	b := &builder{}
	r := rand.New(rand.NewSource(9))
	var tt [2]big.Int
	var keys []uint64
	var tmp []event
	for c := 0; c < 300; c++ {
		m := 1 + r.Intn(400)
		ev := make([]event, m)
		base := r.Int63n(1<<40) + 1
		for i := range ev {
			var num, den int64
			switch r.Intn(4) {
			case 0: // the same position, written differently
				k := int64(1 + r.Intn(4))
				num, den = 3*k, 7*k
			case 1: // within a float32 of each other
				den = 1 << 50
				num = base + r.Int63n(1000)
			case 2:
				den = 1<<50 + r.Int63n(1000)
				num = base
			default:
				den = r.Int63n(1<<62) + 1
				num = r.Int63n(den) + 1
			}
			ev[i] = event{num: num, den: den, node: int32(i), key: eventKey(num, den)}
		}
		want := slices.Clone(ev)
		slices.SortFunc(want, func(x, y event) int { return b.cmpParam(&x, &y, &tt) })
		keys, tmp = b.sortSegment(ev, keys, tmp, &tt)
		for i := range ev {
			if b.cmpParam(&ev[i], &want[i], &tt) != 0 {
				t.Fatalf("case %d: event %d at %d/%d, want %d/%d", c, i, ev[i].num, ev[i].den, want[i].num, want[i].den)
			}
		}
	}
}
