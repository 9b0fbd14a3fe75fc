package geom

import (
	"fmt"
	"math"
	"math/big"
)

// fastLimit bounds normalized coordinates on the fast path: |c| < 2^30.
// Then every coordinate difference is below 2^31, every product of two
// differences below 2^62, and every cross or dot product of two difference
// vectors below 2^63: int64 holds them exactly. Parameters along a segment
// are such cross or dot products (num/den, both < 2^63), so comparing two of
// them needs products below 2^126, done in 128 bits (math/bits). Intersection
// points in homogeneous form are P·den + D·num < 2^30·2^63 + 2^31·2^63 < 2^95
// over den < 2^63; comparing two of them needs 192 bits (cmpFrac128).
const fastLimit = 1 << 30

// SegmentError reports an unusable input segment.
type SegmentError struct {
	Index int // 0-based position in the input
	Msg   string
}

func (e *SegmentError) Error() string { return fmt.Sprintf("segment %d: %s", e.Index, e.Msg) }

type fseg struct{ px, py, qx, qy, dx, dy int64 }
type bseg struct{ px, py, qx, qy, dx, dy big.Int }
type flseg struct{ x0, y0, x1, y1 float64 }

// load checks the input, moves it to the normalized integer frame and
// orients every segment so that P < Q in the order x, then y.
func (b *builder) load(segs []Segment, forceBig bool) error {
	n := len(segs)
	b.n = n
	// Common case: small integer input, used as is.
	if !forceBig {
		if ok, err := b.loadSmallInts(segs); ok || err != nil {
			return err
		}
	}
	// General case: exact rationals. Scale by the lcm L of all denominators.
	rats := make([]*big.Rat, 4*n)
	sc := NewScale(n)
	for i, s := range segs {
		rats[4*i], rats[4*i+1] = s.A.X(), s.A.Y()
		rats[4*i+2], rats[4*i+3] = s.B.X(), s.B.Y()
		if rats[4*i].Cmp(rats[4*i+2]) == 0 && rats[4*i+1].Cmp(rats[4*i+3]) == 0 {
			return &SegmentError{i, fmt.Sprintf("zero length (both ends are %v)", s.A)}
		}
		for _, r := range rats[4*i : 4*i+4] {
			if err := sc.Add(r); err != nil {
				return err
			}
		}
	}
	L := &sc.l
	co := make([]big.Int, 4*n)
	for k, r := range rats {
		co[k].Quo(L, r.Denom())
		co[k].Mul(&co[k], r.Num())
	}
	if n == 0 {
		b.big = forceBig
		return nil
	}
	// Translate to the middle of the bounding box and divide by the gcd of
	// all coordinate differences: this keeps as many inputs as possible on
	// the fast path.
	var mn, mx [2]big.Int
	for a := 0; a < 2; a++ {
		mn[a].Set(&co[a])
		mx[a].Set(&co[a])
		for k := a; k < 4*n; k += 2 {
			if co[k].Cmp(&mn[a]) < 0 {
				mn[a].Set(&co[k])
			}
			if co[k].Cmp(&mx[a]) > 0 {
				mx[a].Set(&co[k])
			}
		}
	}
	var G, t big.Int
	for k := range co {
		t.Sub(&co[k], &mn[k&1])
		G.GCD(nil, nil, &G, &t)
	}
	var off [2]big.Int
	for a := 0; a < 2; a++ {
		t.Sub(&mx[a], &mn[a])
		t.Quo(&t, &G)
		t.Rsh(&t, 1)
		off[a].Mul(&t, &G)
		off[a].Add(&off[a], &mn[a])
	}
	fits := !forceBig
	maxBits := 0
	for k := range co {
		co[k].Sub(&co[k], &off[k&1])
		co[k].Quo(&co[k], &G)
		if bl := co[k].BitLen(); bl > maxBits {
			maxBits = bl
		}
		if !co[k].IsInt64() || absU(co[k].Int64()) >= fastLimit {
			fits = false
		}
	}
	if !(G.IsInt64() && G.Int64() == 1 && off[0].Sign() == 0 && off[1].Sign() == 0 && L.IsInt64() && L.Int64() == 1) {
		f := &frame{}
		f.g.Set(&G)
		f.ox.Set(&off[0])
		f.oy.Set(&off[1])
		f.l.Set(L)
		f.gf, _ = new(big.Float).SetInt(&G).Float64()
		f.oxf, _ = new(big.Float).SetInt(&off[0]).Float64()
		f.oyf, _ = new(big.Float).SetInt(&off[1]).Float64()
		f.lf, _ = new(big.Float).SetInt(L).Float64()
		for _, v := range []float64{f.gf, f.oxf, f.oyf, f.lf} {
			f.exactFloat = f.exactFloat || math.IsInf(v, 0)
		}
		b.fr = f
	}
	b.fl = make([]flseg, n)
	if fits {
		b.fs = make([]fseg, n)
		for i := range b.fs {
			b.setFast(i, co[4*i].Int64(), co[4*i+1].Int64(), co[4*i+2].Int64(), co[4*i+3].Int64())
		}
		return nil
	}
	b.big = true
	b.shift = max(0, maxBits-60)
	b.bs = make([]bseg, n)
	for i := range b.bs {
		s := &b.bs[i]
		p, q := 4*i, 4*i+2
		if c := co[p].Cmp(&co[q]); c > 0 || c == 0 && co[p+1].Cmp(&co[q+1]) > 0 {
			p, q = q, p
		}
		s.px.Set(&co[p])
		s.py.Set(&co[p+1])
		s.qx.Set(&co[q])
		s.qy.Set(&co[q+1])
		s.dx.Sub(&s.qx, &s.px)
		s.dy.Sub(&s.qy, &s.py)
		b.fl[i] = flseg{bigFloat(&s.px, b.shift), bigFloat(&s.py, b.shift), bigFloat(&s.qx, b.shift), bigFloat(&s.qy, b.shift)}
	}
	return nil
}

// loadSmallInts handles input whose coordinates are all integers below
// fastLimit in magnitude; it reports false to fall back to the general path.
func (b *builder) loadSmallInts(segs []Segment) (bool, error) {
	small := func(p Point) (int64, int64, bool) {
		r := p.r
		if r == nil {
			return 0, 0, true
		}
		if r.f != nil || r.b != nil || r.w != 1 {
			return 0, 0, false
		}
		x, y := int64(r.x.lo), int64(r.y.lo)
		if r.x.hi != x>>63 || r.y.hi != y>>63 || absU(x) >= fastLimit || absU(y) >= fastLimit {
			return 0, 0, false
		}
		return x, y, true
	}
	for _, s := range segs {
		if _, _, ok := small(s.A); !ok {
			return false, nil
		}
		if _, _, ok := small(s.B); !ok {
			return false, nil
		}
	}
	b.fs = make([]fseg, len(segs))
	b.fl = make([]flseg, len(segs))
	for i, s := range segs {
		ax, ay, _ := small(s.A)
		bx, by, _ := small(s.B)
		if ax == bx && ay == by {
			return false, &SegmentError{i, fmt.Sprintf("zero length (both ends are %v)", s.A)}
		}
		b.setFast(i, ax, ay, bx, by)
	}
	return true, nil
}

func (b *builder) setFast(i int, ax, ay, bx, by int64) {
	if ax > bx || ax == bx && ay > by {
		ax, ay, bx, by = bx, by, ax, ay
	}
	b.fs[i] = fseg{ax, ay, bx, by, bx - ax, by - ay}
	b.fl[i] = flseg{float64(ax), float64(ay), float64(bx), float64(by)}
}

// Scale is the common denominator of a drawing's coordinates, built one
// coordinate at a time and refused (MaxScaledBits) as soon as it passes
// the bound, so that a caller can refuse a drawing before any other work
// on its exact coordinates (a game checking its dots first).
type Scale struct {
	n    int64
	l, g big.Int
}

// NewScale starts the common denominator of a drawing of n segments.
func NewScale(n int) *Scale {
	s := &Scale{n: int64(n)}
	s.l.SetInt64(1)
	return s
}

// Add takes r's denominator into the common one, or returns the
// *LimitError of MaxScaledBits.
func (s *Scale) Add(r *big.Rat) error {
	if d := r.Denom(); d.Cmp(&s.l) != 0 {
		s.g.GCD(nil, nil, &s.l, d)
		s.l.Mul(&s.l, s.g.Quo(d, &s.g))
		if int64(s.l.BitLen())*s.n > MaxScaledBits {
			return &LimitError{Scale: true, Limit: MaxScaledBits}
		}
	}
	return nil
}
