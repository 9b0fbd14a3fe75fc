package rings

import (
	"math"

	"papergames/hp"
)

// The float64 filter of meets. Every quantity meets decides (where the
// segment meets each circle, the order of those meetings, the ring each
// piece lies in, the order of angles) is computed in float64 with a
// running bound on its distance from the exact value of the same
// expression on the exact inputs. A decision is taken only when the bound
// settles it with room to spare (twice the bound plus 1e-30, as hp's own
// filters do): the exact value is then non-zero, at least 1e-30 from zero,
// so hp's 384-bit computation (within 1e-90 of it, deciding from 1e-40)
// gives the same answer. Anything closer, a tangency, a crossing on a cut's
// end, falls back to the hp computation, which decides it as before.

// fx is a float64 value v and a bound e on its distance from the exact
// value: each operation adds its own rounding, |v|·2^-53, to the
// propagated errors of its inputs.
type fx struct{ v, e float64 }

const unit = 0x1p-53

// unsure is the panic that sends meets to the hp computation.
type unsure struct{}

// in is a coordinate of hp's unit point: its float64 rounding, off by at
// most |v|·2^-53 from the 384-bit value, itself within hp.ErrorBound of
// the exact one.
func in(x float64) fx { return fx{x, math.Abs(x)*2*unit + hp.ErrorBound} }

func exact(x float64) fx { return fx{x, 0} } // small integers

func (a fx) add(b fx) fx {
	v := a.v + b.v
	return fx{v, a.e + b.e + math.Abs(v)*unit}
}

func (a fx) sub(b fx) fx {
	v := a.v - b.v
	return fx{v, a.e + b.e + math.Abs(v)*unit}
}

func (a fx) mul(b fx) fx {
	v := a.v * b.v
	return fx{v, math.Abs(a.v)*b.e + math.Abs(b.v)*a.e + a.e*b.e + math.Abs(v)*unit}
}

// quo is a/b for b decided non-zero: |A/B - a/b| <= (|a|·eb + |b|·ea) /
// (|b|·(|b| - eb)), plus the rounding.
func (a fx) quo(b fx) fx {
	b.sign()
	v := a.v / b.v
	ab := math.Abs(b.v)
	return fx{v, (math.Abs(a.v)*b.e+ab*a.e)/(ab*(ab-2*b.e)) + math.Abs(v)*unit}
}

// sqrt is √a for a decided positive: |√A - √a| <= ea/√a, plus the rounding.
func (a fx) sqrt() fx {
	if a.sign() < 0 {
		panic(unsure{}) // never: callers take the root of a positive value
	}
	v := math.Sqrt(a.v)
	return fx{v, 2*a.e/v + v*unit}
}

// sign returns the sign of the exact value, or panics with unsure when
// the bound does not settle it far from zero.
func (a fx) sign() int {
	m := 2*a.e + 1e-30
	switch {
	case a.v > m:
		return 1
	case a.v < -m:
		return -1
	}
	panic(unsure{})
}

// fpoint is end e's point in float64, with its bounds.
func (e end) fpoint() (x, y fx) {
	ux, uy := e.d.point().Float64()
	c := exact(float64(e.circle))
	return in(ux).mul(c), in(uy).mul(c)
}

// fdir is the direction of a point computed in float64, into d: its
// angle, and how far from the exact point's angle it may be. A point
// moved by δ at distance r from the centre turns by at most
// asin(δ/r) <= (π/2)·δ/r; atan2 and the conversion to degrees add a few
// units of the last place, covered by 1e-12 degrees.
func fdir(d *dir, x, y fx) {
	delta := x.e + y.e
	r := math.Hypot(x.v, y.v) - delta
	if r < 0.5 { // every point meets compares is on a circle of radius 1 or more
		panic(unsure{})
	}
	a := math.Atan2(x.v, y.v) * 180 / math.Pi
	if a < 0 {
		a += 360
	}
	*d = dir{f: a, e: 90*delta/r + 1e-12}
}

// meetsFast is meets decided in float64, into m; it reports false, with
// m's contents undefined, when some decision needs hp.
func (g *target) meetsFast(m *meeting, a, b end) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, u := r.(unsure); !u {
				panic(r)
			}
			ok = false
		}
	}()
	m.reset()
	if g.radial(m, a, b) {
		return true
	}
	c, _ := turn(a.d, b.d)
	clockwise := c < 0
	px, py := a.fpoint()
	qx, qy := b.fpoint()
	dx, dy := qx.sub(px), qy.sub(py)
	A := dx.mul(dx).add(dy.mul(dy))
	B := px.mul(dx).add(py.mul(dy))
	one := exact(1)
	ts := append(g.ts[:0], exact(0))
	keep := func(t fx) {
		if t.sign() > 0 && one.sub(t).sign() > 0 {
			ts = append(ts, t)
		}
	}
	minus2B := B.mul(exact(-2))
	for i := 1; i <= g.n; i++ {
		switch i {
		case a.circle:
			if b.circle != i { // meets a's circle at t = 0 and, by Vieta, at -2B/A
				keep(minus2B.quo(A))
			}
		case b.circle: // at t = 1 and at -2B/A - 1
			keep(minus2B.quo(A).sub(one))
		default:
			C := px.mul(px).add(py.mul(py)).sub(exact(float64(i * i)))
			disc := B.mul(B).sub(A.mul(C))
			if disc.sign() > 0 {
				s := disc.sqrt()
				nb := exact(0).sub(B)
				keep(nb.sub(s).quo(A))
				keep(nb.add(s).quo(A))
			}
		}
	}
	// Insertion sort: a handful of values, each comparison decided.
	for x := 2; x < len(ts); x++ {
		for y := x; y > 1 && ts[y].sub(ts[y-1]).sign() < 0; y-- {
			ts[y], ts[y-1] = ts[y-1], ts[y]
		}
	}
	ts = append(ts, one)
	g.ts = ts
	if cap(g.dirs) < len(ts) {
		g.dirs = make([]dir, len(ts))
	}
	dirs := g.dirs[:len(ts)]
	at := func(k int) *dir {
		switch k {
		case 0:
			return a.d
		case len(ts) - 1:
			return b.d
		}
		if dirs[k].e == 0 {
			fdir(&dirs[k], px.add(dx.mul(ts[k])), py.add(dy.mul(ts[k])))
		}
		return &dirs[k]
	}
	for k := range dirs {
		dirs[k].e = 0
	}
	half := exact(0.5)
	for k := 0; k+1 < len(ts); k++ {
		t := ts[k].add(ts[k+1]).mul(half)
		mx, my := px.add(dx.mul(t)), py.add(dy.mul(t))
		mid := mx.mul(mx).add(my.mul(my))
		// The ring of the piece: j² < mid < (j+1)², both decided.
		j := int(math.Sqrt(math.Max(mid.v, 0)))
		if j > 0 && mid.sub(exact(float64(j*j))).sign() < 0 {
			j--
		}
		if exact(float64((j+1)*(j+1))).sub(mid).sign() < 0 {
			j++
		}
		if (j > 0 && mid.sub(exact(float64(j*j))).sign() < 0) || exact(float64((j+1)*(j+1))).sub(mid).sign() < 0 {
			panic(unsure{})
		}
		switch {
		case j == 0:
			m.centre = true
			continue
		case j >= g.n:
			continue
		}
		x, y := at(k), at(k+1)
		if clockwise {
			g.sweep(m, j, x, y, false)
		} else {
			g.sweep(m, j, y, x, true)
		}
	}
	return true
}
