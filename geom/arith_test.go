package geom

import (
	"math"
	"math/big"
	"math/rand"
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
