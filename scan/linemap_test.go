package scan

import (
	"math"
	"testing"

	"papergames/layout"
)

// ruled paints a ruled line of darkness dark, half width w mm, from a to
// b over a shadow falling from 0 at x=0 to 0.3 at x=40.
func ruled(a, b layout.Point, w, dark float64) func(p layout.Point) float64 {
	return func(p layout.Point) float64 {
		v := 0.3 * p.X / 40
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		u := ((p.X-a.X)*dx + (p.Y-a.Y)*dy) / (l * l)
		d := math.Abs((p.X-a.X)*dy-(p.Y-a.Y)*dx) / l
		if u >= 0 && u <= 1 && d <= w {
			v += dark
		}
		return v
	}
}

func TestLineMap(t *testing.T) {
	box := layout.R(0, 0, 40, 30)
	a, b := layout.Pt(5, 10), layout.Pt(35, 20)
	k := paint(box, 0.01, ruled(a, b, 0.25, 0.35))
	m := k.LineMap(0.06, 0.4, 0.3)
	if m.Level < 0.3 || m.Level > 0.4 {
		t.Errorf("the strokes' level is %.3f, want the line's darkness 0.35", m.Level)
	}
	// The shadow is not pencil: the map's marks are paper away from the line.
	if got := m.MarkAt(layout.Pt(38, 3)); got != MarkPaper {
		t.Errorf("the shadowed paper is marked %d, want paper", got)
	}
	if got := m.MarkAt(layout.Pt(20, 15)); got != MarkPencil {
		t.Errorf("the line's middle is marked %d, want pencil", got)
	}
	for _, tc := range []struct {
		name        string
		p, q        layout.Point
		cover       [2]float64
		gapAtLeast  float64
		fits        bool
		offAtMost   float64
		probeOnMore bool
	}{
		{"the line itself", a, b, [2]float64{0.99, 1}, 0, true, 0.1, true},
		{"0.2 mm beside it (the pencil widened)", layout.Pt(5, 10.2), layout.Pt(35, 20.2), [2]float64{0.99, 1}, 0, true, 0.3, true},
		{"half of it, then 3 mm on past its end", layout.Pt(20, 15), layout.Pt(38, 21), [2]float64{0.8, 0.92}, 1.5, true, 0.1, true},
		{"across it", layout.Pt(20, 5), layout.Pt(20, 25), [2]float64{0, 0.1}, 8, false, 0, false},
		{"2 mm beside it", layout.Pt(5, 12), layout.Pt(35, 22), [2]float64{0, 0.01}, 20, false, 0, false},
	} {
		r := m.Run(tc.p, tc.q, 1, 0.25)
		if r.Cover < tc.cover[0] || r.Cover > tc.cover[1] || r.Gap < tc.gapAtLeast {
			t.Errorf("%s: Run %+v, want cover in %v and a gap of %v mm at least", tc.name, r, tc.cover, tc.gapAtLeast)
		}
		f, ok := m.Fit(tc.p, tc.q, 0.8, 0.5, 1)
		if ok != tc.fits {
			t.Errorf("%s: Fit ok %v, want %v", tc.name, ok, tc.fits)
		}
		if ok && tc.p.Dist(a) < 1 {
			if d := math.Max(f.A.Dist(a), distLine(f.B, a, b)); d > tc.offAtMost {
				t.Errorf("%s: the fit's ends lie %.3f mm off the line, want %v at most", tc.name, d, tc.offAtMost)
			}
		}
		on, off := m.Probe(tc.p, tc.q, []float64{0.25, 0.5, 0.75}, 2)
		if (on > off) != tc.probeOnMore {
			t.Errorf("%s: Probe %d on, %d off", tc.name, on, off)
		}
	}
	// The stroke's middle scores higher than a segment beside it.
	if c0, c1 := m.Centre(a, b, 1, 0.1, 0.25), m.Centre(layout.Pt(5, 10.3), layout.Pt(35, 20.3), 1, 0.1, 0.25); c0 <= c1 {
		t.Errorf("Centre on the line %.3f, beside it %.3f", c0, c1)
	}
}

// Core tells the stroke's own segment from one beside it that the
// widened pencil still covers.
func TestLineMapCore(t *testing.T) {
	box := layout.R(0, 0, 40, 30)
	a, b := layout.Pt(5, 10), layout.Pt(35, 20)
	k := paint(box, 0.01, ruled(a, b, 0.25, 0.35))
	m := k.LineMap(0.06, 0.4, 0.3)
	// beside moves the line d mm across itself.
	beside := func(d float64) (layout.Point, layout.Point) {
		l := a.Dist(b)
		nx, ny := -(b.Y-a.Y)/l*d, (b.X-a.X)/l*d
		return layout.Pt(a.X+nx, a.Y+ny), layout.Pt(b.X+nx, b.Y+ny)
	}
	for _, tc := range []struct {
		name    string
		off     float64 // mm across the line
		p, q    layout.Point
		lo, hi  float64
		widened bool // the widened pencil covers it all along
	}{
		{name: "the line itself", lo: 0.99, hi: 1, widened: true},
		{name: "0.1 mm beside it", off: 0.1, lo: 0.99, hi: 1, widened: true},
		{name: "0.3 mm beside it", off: 0.3, lo: 0.99, hi: 1, widened: true},
		{name: "0.4 mm beside it", off: 0.4, lo: 0, hi: 0.3, widened: true},
		{name: "0.5 mm beside it", off: 0.5, lo: 0, hi: 0.01, widened: true},
		{name: "from its end to 0.6 mm off its other end", p: a, q: layout.Pt(35, 20.6), lo: 0.3, hi: 0.8},
		{name: "across it", p: layout.Pt(20, 5), q: layout.Pt(20, 25), lo: 0, hi: 0.1},
	} {
		p, q := tc.p, tc.q
		if p == (layout.Point{}) {
			p, q = beside(tc.off)
		}
		if r := m.Run(p, q, 1, 0.25); tc.widened && r.Cover < 0.99 {
			t.Fatalf("%s: the widened pencil covers %.2f of it, want all", tc.name, r.Cover)
		}
		c, seen := m.Core(p, q, 1, 0.1, 0.25)
		if c < tc.lo || c > tc.hi {
			t.Errorf("%s: Core %.3f, want %v to %v", tc.name, c, tc.lo, tc.hi)
		}
		if want := p.Dist(q) - 2; math.Abs(seen-want) > 0.01 {
			t.Errorf("%s: %.2f mm seen, want %.2f", tc.name, seen, want)
		}
	}
	if c, seen := m.Core(a, layout.Pt(6, 10), 1, 0.1, 0.25); c != 0 || seen != 0 {
		t.Errorf("a segment shorter than its skipped ends: Core %v, %v mm seen, want nothing seen", c, seen)
	}
}

// distLine is the distance from p to the line through a and b.
func distLine(p, a, b layout.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	return math.Abs((p.X-a.X)*dy-(p.Y-a.Y)*dx) / math.Hypot(dx, dy)
}

// A blank page under a shadow has no pencil.
func TestLineMapBlank(t *testing.T) {
	k := paint(layout.R(0, 0, 40, 30), 0.01, func(p layout.Point) float64 { return 0.3 * p.X / 40 })
	m := k.LineMap(0.06, 0.4, 0.3)
	for n, v := range m.Mark {
		if v == MarkPencil {
			t.Fatalf("sample %d of blank paper is pencil (fine %d)", n, m.Fine[n])
		}
	}
}
