package scan

import (
	"math"
	"slices"

	"papergames/layout"
)

// Stripe is the evidence of a straight pencil line where one may lie:
// the pencil across the path, measured against the paper beside it. Where
// Along takes the darkest sample across the path at each step (which a
// noisy photo's grain or a shadow darkens too), a Stripe finds where
// across the path the line lies from the whole path's mean profile, and
// at each step compares the darkness there with the paper's a little to
// either side: grain, an even shadow or a smudge darken both alike.
type Stripe struct {
	// Seen is the share of the path's steps where the paper is visible.
	Seen float64
	// Offset is where the line lies across the path: mm to the right of
	// the path as it runs from a to b on the page (y down), at the peak of
	// its mean profile.
	Offset float64
	// Contrast is the mean profile's darkness at Offset less the paper's
	// beside it: about a line's darkness where one runs the whole path, a
	// share of it where it runs part of it, near 0 on blank paper.
	Contrast float64
	// Line is, at each step (1/PerMM apart), the darkness at the line
	// less the paper's beside it at that step, or NaN where the print
	// hides the paper.
	Line []float64
	// PerMM is the steps a millimetre.
	PerMM float64
}

// Stripe widths, in mm: the line is sought within peakReach of the path,
// taken within lineHalf of its peak at each step, and the paper is read
// from sideFrom to reach off the path on both sides.
const (
	peakReach = 0.8
	lineHalf  = 0.25
	sideFrom  = 1.2
)

// Stripe measures the pencil along the straight path from a to b, out
// to reach mm on either side (at least sideFrom + 0.5).
func (k *Ink) Stripe(a, b layout.Point, reach float64) Stripe {
	reach = math.Max(reach, sideFrom+0.5)
	l := a.Dist(b)
	st := Stripe{PerMM: k.PerMM}
	if l == 0 {
		return st
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	nx, ny := -uy, ux // to the right of a->b on the page (y down)
	d := 1 / k.PerMM
	steps := max(1, int(math.Round(l*k.PerMM)))
	ds := l / float64(steps)
	R := int(math.Ceil(reach * k.PerMM))
	across := 2*R + 1
	grid := make([]float64, steps*across)
	prof := make([]float64, across)
	cnt := make([]int, across)
	seenSteps := 0
	for i := range steps {
		f := (float64(i) + 0.5) * ds
		cx, cy := a.X+ux*f, a.Y+uy*f
		vis := false
		for j := range across {
			o := float64(j-R) * d
			v, ok := k.At(layout.Point{X: cx + nx*o, Y: cy + ny*o})
			if !ok {
				grid[i*across+j] = -1
				continue
			}
			vis = true
			grid[i*across+j] = v
			prof[j] += v
			cnt[j]++
		}
		if vis {
			seenSteps++
		}
	}
	st.Seen = float64(seenSteps) / float64(steps)
	for j := range prof {
		if cnt[j] > 0 {
			prof[j] /= float64(cnt[j])
		} else {
			prof[j] = -1
		}
	}
	lh := int(math.Round(lineHalf * k.PerMM))
	band := func(j int) float64 { // the mean profile over the line's width about j
		s, c := 0.0, 0
		for o := j - lh; o <= j+lh; o++ {
			if o >= 0 && o < across && prof[o] >= 0 {
				s += prof[o]
				c++
			}
		}
		if c == 0 {
			return -1
		}
		return s / float64(c)
	}
	pk := int(math.Round(peakReach * k.PerMM))
	best, bj := -1.0, R
	for j := R - pk; j <= R+pk; j++ {
		if v := band(j); v > best {
			best, bj = v, j
		}
	}
	sf := int(math.Ceil(sideFrom * k.PerMM))
	var side []float64
	paper := func(row []float64) float64 {
		side = side[:0]
		for j, v := range row {
			if (j <= bj-sf || j >= bj+sf) && v >= 0 {
				side = append(side, v)
			}
		}
		if len(side) == 0 {
			return -1
		}
		slices.Sort(side)
		return side[len(side)/2]
	}
	if p := paper(prof); p >= 0 && best >= 0 {
		st.Contrast = best - p
	}
	st.Offset = float64(bj-R) * d
	st.Line = make([]float64, steps)
	for i := range steps {
		row := grid[i*across : (i+1)*across]
		p := paper(row)
		top := -1.0
		for o := bj - lh; o <= bj+lh; o++ {
			if o >= 0 && o < across && row[o] >= 0 {
				top = math.Max(top, row[o])
			}
		}
		if p < 0 || top < 0 {
			st.Line[i] = math.NaN()
			continue
		}
		st.Line[i] = top - p
	}
	return st
}

// Cover is the share of the seen steps where the line is at least thresh
// darker than the paper beside it.
func (s Stripe) Cover(thresh float64) float64 {
	seen, on := 0, 0
	for _, v := range s.Line {
		if math.IsNaN(v) {
			continue
		}
		seen++
		if v >= thresh {
			on++
		}
	}
	if seen == 0 {
		return 0
	}
	return float64(on) / float64(seen)
}

// Run is a stretch of a Stripe's path that carries the line, in mm from
// the path's start.
type Run struct{ From, To float64 }

// Len is the run's length in mm.
func (r Run) Len() float64 { return r.To - r.From }

// Runs returns the stretches of the path where the line is at least
// thresh darker than the paper beside it, in order, joining two across a
// hole shorter than bridge mm (a pencil skips a little) and across
// steps the print hides.
func (s Stripe) Runs(thresh, bridge float64) []Run {
	var out []Run
	d := 1 / s.PerMM
	hole := 0.0 // seen length since the last run
	for i, v := range s.Line {
		switch {
		case math.IsNaN(v):
			continue
		case v < thresh:
			hole += d
			continue
		}
		from, to := float64(i)*d, float64(i+1)*d
		if k := len(out) - 1; k >= 0 && hole < bridge {
			out[k].To = to
		} else {
			out = append(out, Run{from, to})
		}
		hole = 0
	}
	return out
}
