package hp

// Constructions for concentric circles centred at the origin (Crossing
// The Rings): where a line meets a circle, and the order of points by
// their angle around the centre.

// LineCircle returns the parameters t, in increasing order, at which the
// line a + t(b-a) meets the circle of radius r centred at the origin
// (a ≠ b): none, two, or one when the line is tangent. Tangency is decided
// by the exact-zero rule on the discriminant, so a tangent line gives one
// point, never two close ones or none.
func LineCircle(a, b Point, r Real) []Real {
	d := b.Sub(a)
	A := d.Norm2()
	B := a.Dot(d)
	C := a.Norm2().Sub(r.Mul(r))
	disc := B.Mul(B).Sub(A.Mul(C)) // quarter of the discriminant
	switch disc.Sign() {
	case -1:
		return nil
	case 0:
		return []Real{B.Neg().Quo(A)}
	}
	s := disc.Sqrt()
	return []Real{B.Neg().Sub(s).Quo(A), B.Neg().Add(s).Quo(A)}
}

// half returns 0 for a point whose angle, clockwise from the top, is in
// [0, 180) and 1 for [180, 360).
func half(p Point) int {
	switch p.X.Sign() {
	case 1:
		return 0
	case -1:
		return 1
	}
	if p.Y.Sign() > 0 {
		return 0
	}
	return 1
}

// AngleCmp compares the angles of p and q around the origin, measured
// clockwise from the top (12 o'clock) in [0, 360): -1 if p's is smaller, 0
// if they are the same direction, +1 if p's is larger. Neither may be the
// origin.
func AngleCmp(p, q Point) int {
	if hp, hq := half(p), half(q); hp != hq {
		if hp < hq {
			return -1
		}
		return 1
	}
	// In one half-plane, p comes first clockwise when q is clockwise of
	// p, i.e. p×q < 0; Orient(O, p, q) is the sign of p×q.
	return Orient(origin, p, q)
}

var origin = Point{Int(0), Int(0)}
