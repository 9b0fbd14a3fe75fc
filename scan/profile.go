package scan

import (
	"math"

	"papergames/layout"
)

// Sample is the pencil at one step along a path.
type Sample struct {
	At layout.Point // the point on the path
	// Dark is the darkest pencil across the path within the half width
	// asked, 0 to 1, over the samples the print leaves visible.
	Dark float64
	// Seen is false where the print hides the paper across the whole
	// width (or the path leaves the grid): Dark says nothing there.
	Seen bool
	Len  float64 // the path's length the sample stands for, mm
}

// Profile returns the pencil along a polyline at every Step: at each, the
// darkest sample across the path within half (mm) of it. Along sums the
// same measure into one Trace; a reader that must leave parts of a path
// out (where another stroke already explains the pencil, as where the
// arcs of Arcs And Marks cross) sums a Profile itself.
func (k *Ink) Profile(pl []layout.Point, half float64) []Sample {
	var out []Sample
	k.Walk(pl, half, func(s Sample) { out = append(out, s) })
	return out
}

// Walk calls fn with each sample of the Profile in turn, keeping none: a
// reader that weighs thousands of candidate paths sums them as they come.
func (k *Ink) Walk(pl []layout.Point, half float64, fn func(Sample)) { walk(k.At, pl, half, fn) }

// walk is Walk over any sampler at.
func walk(at func(layout.Point) (float64, bool), pl []layout.Point, half float64, fn func(Sample)) {
	steps(pl, func(c layout.Point, ux, uy, ds float64) {
		sm := Sample{At: c, Len: ds}
		for o := -half; o <= half+1e-9; o += Step {
			v, ok := at(layout.Point{X: c.X - uy*o, Y: c.Y + ux*o})
			if ok {
				sm.Seen = true
				sm.Dark = math.Max(sm.Dark, v)
			}
		}
		fn(sm)
	})
}

// steps calls fn at the middle of every Step of the polyline pl (each
// segment cut into equal steps of at most Step), with the segment's unit
// direction (ux, uy) and the step's length ds; the path's normal at c is
// (-uy, ux).
func steps(pl []layout.Point, fn func(c layout.Point, ux, uy, ds float64)) {
	for i := 1; i < len(pl); i++ {
		a, b := pl[i-1], pl[i]
		l := a.Dist(b)
		if l == 0 {
			continue
		}
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		n := max(1, int(math.Ceil(l/Step)))
		ds := l / float64(n)
		for s := 0; s < n; s++ {
			f := (float64(s) + 0.5) * ds
			fn(layout.Point{X: a.X + ux*f, Y: a.Y + uy*f}, ux, uy, ds)
		}
	}
}

// tally sums the steps of a path into a Trace.
type tally struct {
	total, seen, covered, dark, run, gap float64
}

// hidden counts a step the print hides; breaking ends the run without
// pencil there (a gap is not counted across it).
func (a *tally) hidden(ds float64, breaking bool) {
	a.total += ds
	if breaking {
		a.run = 0
	}
}

// step counts a seen step of darkness dark, pencil when on.
func (a *tally) step(ds, dark float64, on bool) {
	a.total += ds
	a.seen += ds
	a.dark += dark * ds
	if on {
		a.covered += ds
		a.run = 0
	} else {
		a.run += ds
		a.gap = math.Max(a.gap, a.run)
	}
}

func (a *tally) trace() Trace {
	t := Trace{Gap: a.gap}
	if a.total > 0 {
		t.Seen = a.seen / a.total
	}
	if a.seen > 0 {
		t.Cover = a.covered / a.seen
		t.Dark = a.dark / a.seen
	}
	return t
}
