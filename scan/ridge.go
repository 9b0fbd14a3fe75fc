package scan

import (
	"math"

	"papergames/layout"
)

// Ridges are the pencil lines of a board, told from the shading under
// them: at each sample, how dark a line there is beyond the paper on both
// sides of it. Graphite over a coloured pencil's shading darkens it as it
// darkens white paper (the layers multiply), so a line's own darkness is
// (v - side) / (1 - side), v the sample's darkness and side the darker of
// the two samples side mm away across the line; a line of any direction
// is measured across the nearest of four directions (0, 45, 90 and 135
// degrees). An edge between a shaded and a bare region is no ridge: its
// darker side is as dark as it is.
type Ridges struct {
	k *Ink
	// V is the line's darkness at each sample of the Ink, 0 to 255, or
	// -1 where it is not known (under the print, or both sides are).
	V []int16
}

// Ridges measures the lines of the samples in box (the whole Ink for an
// empty box), with sides side mm away: more than half a line's width and
// less than the gap between two lines it should tell apart.
func (k *Ink) Ridges(box layout.Rect, side float64) *Ridges {
	r := &Ridges{k: k, V: make([]int16, len(k.Pencil))}
	for n := range r.V {
		r.V[n] = -1
	}
	i0, j0, i1, j1 := 0, 0, k.W, k.H
	if box.W() > 0 && box.H() > 0 {
		i0 = max(0, int(math.Floor((box.Min.X-k.Box.Min.X)*k.PerMM)))
		j0 = max(0, int(math.Floor((box.Min.Y-k.Box.Min.Y)*k.PerMM)))
		i1 = min(k.W, int(math.Ceil((box.Max.X-k.Box.Min.X)*k.PerMM)))
		j1 = min(k.H, int(math.Ceil((box.Max.Y-k.Box.Min.Y)*k.PerMM)))
	}
	d := max(1, int(math.Round(side*k.PerMM)))
	dd := max(1, int(math.Round(side*k.PerMM/math.Sqrt2)))
	dirs := [4][2]int{{d, 0}, {0, d}, {dd, dd}, {dd, -dd}}
	at := func(i, j int) (float64, bool) {
		if i < 0 || j < 0 || i >= k.W || j >= k.H {
			return 0, false
		}
		n := j*k.W + i
		if k.Print[n] != 0 {
			return 0, false
		}
		return float64(k.Pencil[n]) / 255, true
	}
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			v, ok := at(i, j)
			if !ok {
				continue
			}
			best, known := 0.0, false
			for _, u := range dirs {
				a, oka := at(i+u[0], j+u[1])
				b, okb := at(i-u[0], j-u[1])
				if !oka && !okb {
					continue
				}
				known = true
				sd := math.Max(a, b)
				if sd >= 1 {
					continue
				}
				best = math.Max(best, (v-sd)/(1-sd))
			}
			if known {
				r.V[j*k.W+i] = int16(math.Round(255 * best))
			}
		}
	}
	return r
}

// At returns the ridge at p (0 to 1) and whether it is known.
func (r *Ridges) At(p layout.Point) (float64, bool) {
	n, ok := r.k.index(p)
	if !ok || r.V[n] < 0 {
		return 0, false
	}
	return float64(r.V[n]) / 255, true
}

// Along measures a line along a polyline as Ink.Along measures pencil: at
// every Step, the strongest ridge across the path within half (mm) of
// it, counted as line when at least thresh.
func (r *Ridges) Along(pl []layout.Point, half, thresh float64) Trace {
	return AlongWith(r.At, pl, half, thresh)
}

// AlongWith is Along over any sampler of darkness at a point (false where
// it sees nothing), such as Ink.At or Ridges.At restricted to a region.
func AlongWith(at func(layout.Point) (float64, bool), pl []layout.Point, half, thresh float64) Trace {
	var a tally
	walk(at, pl, half, func(sm Sample) {
		if !sm.Seen {
			a.hidden(sm.Len, false)
			return
		}
		a.step(sm.Len, sm.Dark, sm.Dark >= thresh)
	})
	return a.trace()
}

// Centred measures a line along a polyline whose centre must lie within
// tol (mm) of it: at every Step, the strongest peak of the ridges across
// the path no further than tol from it (a sample at least as dark as its
// neighbours across, within window either side), counted as line when at
// least thresh. A line beside the path, whose flank alone reaches it,
// has no peak there (Along would take it); a line crossing near the path
// does not hide the path's own. A step is seen only where the path
// itself is: where the print hides it, a line's peak may lie under the
// print (a pencil line through a printed digit). Gap is the longest
// stretch of seen length without line, not counting across unseen
// length.
func (r *Ridges) Centred(pl []layout.Point, window, tol, thresh float64) Trace {
	return CentredWith(r.At, pl, window, tol, thresh)
}

// CentredWith is Centred over any sampler (see AlongWith).
func CentredWith(at func(layout.Point) (float64, bool), pl []layout.Point, window, tol, thresh float64) Trace {
	var t tally
	const q = Step / 2
	n0 := int(math.Round(window / q))
	vs := make([]float64, 2*n0+1)
	ok := make([]bool, 2*n0+1)
	steps(pl, func(c layout.Point, ux, uy, ds float64) {
		for k := range vs {
			o := float64(k-n0) * q
			vs[k], ok[k] = at(layout.Point{X: c.X - uy*o, Y: c.Y + ux*o})
		}
		if !ok[n0] { // the path itself hidden
			t.hidden(ds, true)
			return
		}
		// Peaks: runs of equal samples with none darker beside them,
		// counted where the run's middle lies within tol.
		best := 0.0
		for k := 0; k < len(vs); {
			if !ok[k] {
				k++
				continue
			}
			e := k
			for e+1 < len(vs) && ok[e+1] && vs[e+1] == vs[k] {
				e++
			}
			peak := (k == 0 || !ok[k-1] || vs[k-1] < vs[k]) && (e+1 == len(vs) || !ok[e+1] || vs[e+1] < vs[k])
			if mid := (float64(k+e)/2 - float64(n0)) * q; peak && math.Abs(mid) <= tol+1e-9 {
				best = math.Max(best, vs[k])
			}
			k = e + 1
		}
		t.step(ds, best, best >= thresh)
	})
	return t.trace()
}
