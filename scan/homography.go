package scan

import (
	"errors"
	"math"

	"papergames/layout"
)

// Homography is a plane projective map, H[0..8] row by row: (x, y) goes
// to ((h0 x + h1 y + h2)/w, (h3 x + h4 y + h5)/w) with w = h6 x + h7 y + h8.
// A flat page photographed from anywhere is such a map of its paper.
type Homography [9]float64

// Apply maps p.
func (h Homography) Apply(p layout.Point) layout.Point {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	return layout.Point{X: (h[0]*p.X + h[1]*p.Y + h[2]) / w, Y: (h[3]*p.X + h[4]*p.Y + h[5]) / w}
}

// Scale is the map's local scale at p: image length per page length,
// the mean of its two directions.
func (h Homography) Scale(p layout.Point) float64 {
	q := h.Apply(p)
	a := h.Apply(layout.Point{X: p.X + 1, Y: p.Y})
	b := h.Apply(layout.Point{X: p.X, Y: p.Y + 1})
	return (q.Dist(a) + q.Dist(b)) / 2
}

// Inverse returns the inverse map.
func (h Homography) Inverse() Homography {
	a, b, c, d, e, f, g, k, i := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	return Homography{
		e*i - f*k, c*k - b*i, b*f - c*e,
		f*g - d*i, a*i - c*g, c*d - a*f,
		d*k - e*g, b*g - a*k, a*e - b*d,
	}
}

// normaliser maps points to mean 0 and mean distance sqrt 2 (Hartley), so
// the least squares below are well conditioned in pixels and mm alike.
func normaliser(ps []layout.Point) Homography {
	var cx, cy float64
	for _, p := range ps {
		cx += p.X
		cy += p.Y
	}
	cx /= float64(len(ps))
	cy /= float64(len(ps))
	d := 0.0
	for _, p := range ps {
		d += math.Hypot(p.X-cx, p.Y-cy)
	}
	d /= float64(len(ps))
	s := math.Sqrt2 / math.Max(d, 1e-12)
	return Homography{s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1}
}

func mul(a, b Homography) Homography {
	var c Homography
	for i := range 3 {
		for j := range 3 {
			for k := range 3 {
				c[3*i+j] += a[3*i+k] * b[3*k+j]
			}
		}
	}
	return c
}

// FitHomography returns the map taking each src point to its dst point,
// by weighted least squares on the direct linear transform (h8 = 1), in
// normalised coordinates. Four points in general position fix it; more
// are averaged.
func FitHomography(src, dst []layout.Point, w []float64) (Homography, error) {
	if len(src) < 4 || len(src) != len(dst) {
		return Homography{}, errors.New("a homography needs four point pairs or more")
	}
	ns, nd := normaliser(src), normaliser(dst)
	var ata [8][8]float64
	var atb [8]float64
	for i := range src {
		p, q := ns.Apply(src[i]), nd.Apply(dst[i])
		wt := 1.0
		if w != nil {
			wt = w[i]
		}
		rows := [2][9]float64{
			{p.X, p.Y, 1, 0, 0, 0, -q.X * p.X, -q.X * p.Y, q.X},
			{0, 0, 0, p.X, p.Y, 1, -q.Y * p.X, -q.Y * p.Y, q.Y},
		}
		for _, r := range rows {
			for a := range 8 {
				for b := range 8 {
					ata[a][b] += wt * r[a] * r[b]
				}
				atb[a] += wt * r[a] * r[8]
			}
		}
	}
	x, err := solve8(ata, atb)
	if err != nil {
		return Homography{}, err
	}
	hn := Homography{x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 1}
	h := mul(nd.Inverse(), mul(hn, ns))
	if h[8] == 0 || math.IsNaN(h[8]) {
		return Homography{}, errors.New("the points do not fix a homography")
	}
	for i := range h {
		h[i] /= h[8]
	}
	return h, nil
}

// solve8 solves a x = b by Gaussian elimination with partial pivoting.
func solve8(a [8][8]float64, b [8]float64) ([8]float64, error) {
	const n = 8
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return b, errors.New("the points are degenerate (three in line, or repeated)")
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [8]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}
