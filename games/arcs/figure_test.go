package arcs_test

import (
	"fmt"
	"math"
	"testing"

	"papergames/boards"
	"papergames/games/arcs"
	"papergames/layout"
)

// variants returns the sheet's board of m marks as a page may draw it:
// full, beside its table, plain, plain beside.
func variants(m int) []layout.Figure {
	f := arcs.Figure{MarkedCircle: boards.MarkedCircle{Marks: m}}
	p := f.Plain()
	return []layout.Figure{f, f.Beside(), p, p.(layout.Rearranger).Beside()}
}

// The first centre's bubbles name every mark once (numbered, or by its
// digits), lie inside the figure's extent, keep clear of the circle, its
// ticks and labels and of one another, and every variant keeps them.
func TestBubbles(t *testing.T) {
	for _, m := range []int{3, 12, 13, 24, 25, 60, 99, 100, 105, 360} {
		for vi, f := range variants(m) {
			for _, s := range []float64{f.MinSize(), 1.3 * f.MinSize(), 3 * f.MinSize()} {
				what := fmt.Sprintf("m=%d variant %d s=%.1f", m, vi, s)
				fig, ok := f.(arcs.Figure)
				if !ok {
					t.Fatalf("%s: a %T, not an arcs.Figure", what, f)
				}
				o := layout.Pt(7, 11)
				e := f.Extent(s)
				bs := fig.Bubbles(o, s)
				got := map[string]bool{}
				for i, b := range bs {
					if b.At.X-arcs.BubbleR < o.X-1e-9 || b.At.Y-arcs.BubbleR < o.Y-1e-9 || b.At.X+arcs.BubbleR > o.X+e.W+1e-9 || b.At.Y+arcs.BubbleR > o.Y+e.H+1e-9 {
						t.Errorf("%s: bubble %+v leaves the extent %+v", what, b, e)
					}
					box := layout.R(b.At.X-arcs.BubbleR, b.At.Y-arcs.BubbleR, 2*arcs.BubbleR, 2*arcs.BubbleR)
					if !fig.Clear(o, s, box, 0.5) {
						t.Errorf("%s: bubble %+v on the circle or its labels", what, b)
					}
					if tb := fig.TableBox(o, s); tb.W() > 0 && box.Max.X > tb.Min.X && box.Min.X < tb.Max.X && box.Max.Y > tb.Min.Y && box.Min.Y < tb.Max.Y {
						t.Errorf("%s: bubble %+v on the compass table %v", what, b, tb)
					}
					for _, b2 := range bs[:i] {
						if d := b.At.Dist(b2.At); d < 2*arcs.BubbleR+0.5 {
							t.Errorf("%s: bubbles %+v and %+v %.2f mm apart", what, b, b2, d)
						}
					}
					got[fmt.Sprint(b.Place, b.Digit)] = true
				}
				if fig.Numbered() != (m <= 24) {
					t.Errorf("%s: numbered %v", what, fig.Numbered())
				}
				want := 0
				if fig.Numbered() {
					for i := 1; i <= m; i++ {
						want++
						if !got[fmt.Sprint(0, i)] {
							t.Errorf("%s: no bubble for mark %d", what, i)
						}
					}
				} else {
					for _, p := range fig.Places() {
						for d := 0; d <= 9 && d*p <= m; d++ {
							want++
							if !got[fmt.Sprint(p, d)] {
								t.Errorf("%s: no bubble for %d in the %ds", what, d, p)
							}
						}
					}
				}
				if len(bs) != want {
					t.Errorf("%s: %d bubbles, want %d", what, len(bs), want)
				}
			}
		}
	}
}

// The figure draws inside its extent, its circle where Center says (the
// scoring board's targets and the reader rely on that), and a ring for
// every bubble.
func TestFigureDrawsInItsExtent(t *testing.T) {
	for _, m := range []int{12, 24, 60, 105} {
		for vi, f := range variants(m) {
			for _, s := range []float64{f.MinSize(), 2 * f.MinSize()} {
				what := fmt.Sprintf("m=%d variant %d s=%.1f", m, vi, s)
				o := layout.Pt(7, 11)
				e := f.Extent(s)
				rec := &layout.Recorder{}
				f.Draw(rec, o, s, layout.DefaultStyle)
				in := func(p layout.Point) bool {
					return p.X >= o.X-1e-6 && p.Y >= o.Y-1e-6 && p.X <= o.X+e.W+1e-6 && p.Y <= o.Y+e.H+1e-6
				}
				rings := 0
				fig := f.(arcs.Figure)
				for _, op := range rec.Pages[0].Ops {
					if op.Kind == "text" {
						w := layout.TextWidth(op.Text, op.Font)
						l := op.At.X - w/2
						switch op.Align {
						case layout.Left:
							l = op.At.X
						case layout.Right:
							l = op.At.X - w
						}
						if !in(layout.Pt(l, op.At.Y-0.72*op.Font.Size)) || !in(layout.Pt(l+w, op.At.Y)) {
							t.Errorf("%s: text %q at %v leaves the extent %+v", what, op.Text, op.At, e)
						}
						continue
					}
					for _, c := range op.Path.Comps {
						if c.Kind != layout.Close && !in(c.Pos) {
							t.Errorf("%s: path point %v leaves the extent %+v", what, c.Pos, e)
							break
						}
					}
					if op.Kind == "stroke" && op.Pen.Width == 0.2 {
						rings++
					}
				}
				if n := len(fig.Bubbles(o, s)); rings != n {
					t.Errorf("%s: %d bubble rings drawn, %d bubbles", what, rings, n)
				}
				if !drewCircle(rec, fig.Center(o, s), s/2) {
					t.Errorf("%s: no circle of radius %g drawn about its Center %v", what, s/2, fig.Center(o, s))
				}
			}
		}
	}
}

// Where the circle's square has room (the full board on A4 and up), the
// bubbles take none beyond it: the board keeps its size.
func TestBubblesInACorner(t *testing.T) {
	for _, tc := range []struct {
		m int
		s float64
	}{{12, 164.4}, {24, 164.4}, {60, 164.4}, {12, 128.2}} {
		f := arcs.Figure{MarkedCircle: boards.MarkedCircle{Marks: tc.m}}
		if got, want := f.Extent(tc.s), f.MarkedCircle.Extent(tc.s); got != want {
			t.Errorf("m=%d s=%g: extent %+v, the circle's %+v", tc.m, tc.s, got, want)
		}
	}
}

// drewCircle reports whether rec holds a circle of radius r about c.
func drewCircle(rec *layout.Recorder, c layout.Point, r float64) bool {
	for _, op := range rec.Pages[0].Ops {
		if op.Kind != "stroke" {
			continue
		}
		for _, pc := range op.Path.Comps {
			if pc.Kind == layout.ArcTo && math.Abs(pc.Radius-r) < 1e-9 && pc.Center.Dist(c) < 1e-9 {
				return true
			}
		}
	}
	return false
}
