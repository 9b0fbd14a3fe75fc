package boards

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"papergames/internal/pdfcheck"
	"papergames/layout"
)

// drawnCircles draws f alone on an A4 PDF at origin o and size s and
// returns the centre and radius of every closed curved subpath read back
// from the file.
func drawnCircles(t *testing.T, f layout.Figure, o layout.Point, s float64) (centres []pdfcheck.Point, radii []float64) {
	t.Helper()
	doc := layout.NewPDF("test")
	doc.AddPage(420, 594)
	f.Draw(doc, o, s, layout.DefaultStyle)
	var buf bytes.Buffer
	if _, err := doc.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	for _, sp := range pdfcheck.Subpaths(pdfcheck.PageStreams(buf.Bytes())[0], 594) {
		if len(sp.Pieces) < 4 || len(sp.Pieces[0].P) != 4 {
			continue
		}
		var cx, cy float64
		for _, pc := range sp.Pieces {
			cx += pc.P[0].X
			cy += pc.P[0].Y
		}
		n := float64(len(sp.Pieces))
		c := pdfcheck.Point{X: cx / n, Y: cy / n}
		centres = append(centres, c)
		radii = append(radii, math.Hypot(sp.Pieces[0].P[0].X-c.X, sp.Pieces[0].P[0].Y-c.Y))
	}
	return centres, radii
}

// TestMarksLandWithinAHundredthOfAMillimetre checks the printed marks of
// Arcs And Marks against the true positions, computed here independently:
// mark i sits at angle 360*(i-1)/m clockwise from 12 o'clock.
func TestMarksLandWithinAHundredthOfAMillimetre(t *testing.T) {
	for _, m := range []int{3, 8, 12, 17, 60, 360} {
		b := MarkedCircle{Marks: m}
		o, s := layout.Pt(20.5, 30.25), 370.0
		centres, radii := drawnCircles(t, b, o, s)
		margin := b.margin(s)
		cx, cy, r := o.X+margin+s/2, o.Y+margin+s/2, s/2
		var marks []pdfcheck.Point
		foundMain := false
		for i, c := range centres {
			switch {
			case math.Abs(radii[i]-0.55) < 0.01:
				marks = append(marks, c)
			case math.Abs(radii[i]-r) < 0.01:
				foundMain = true
				if math.Hypot(c.X-cx, c.Y-cy) > 0.01 {
					t.Errorf("m=%d: circle centred at %v, want (%g, %g)", m, c, cx, cy)
				}
			}
		}
		if !foundMain {
			t.Errorf("m=%d: main circle of radius %g not found", m, r)
		}
		if len(marks) != m {
			t.Fatalf("m=%d: found %d marks", m, len(marks))
		}
		for i, got := range marks {
			a := 2 * math.Pi * float64(i) / float64(m)
			want := pdfcheck.Point{X: cx + r*math.Sin(a), Y: cy - r*math.Cos(a)}
			if d := math.Hypot(got.X-want.X, got.Y-want.Y); d > 0.01 {
				t.Errorf("m=%d: mark %d at %v is %.4f mm from %v", m, i+1, got, d, want)
			}
		}
	}
}

func TestRingRadiiAreEquallySpaced(t *testing.T) {
	b := Rings{Circles: 7}
	o, s := layout.Pt(10, 10), 180.0
	centres, radii := drawnCircles(t, b, o, s)
	want := map[int]bool{}
	for i := 1; i <= 7; i++ {
		want[i] = false
	}
	c := b.Center(o, s)
	for i, r := range radii {
		k := r / (s / 2 / 7)
		if n := int(math.Round(k)); math.Abs(k-float64(n)) < 0.01/(s/14) && n >= 1 && n <= 7 {
			if math.Hypot(centres[i].X-c.X, centres[i].Y-c.Y) > 0.01 {
				t.Errorf("circle %d is off centre", n)
			}
			want[n] = true
		}
	}
	for n, ok := range want {
		if !ok {
			t.Errorf("circle %d of radius %g mm not found within 0.01 mm", n, float64(n)*s/14)
		}
	}
}

func TestDotArrayDots(t *testing.T) {
	b := DotArray{N: 5}
	o, s := layout.Pt(12, 34), 100.0
	centres, _ := drawnCircles(t, b, o, s)
	if len(centres) != 25 {
		t.Fatalf("%d dots, want 25", len(centres))
	}
	a := b.Dot(o, s, 0, 0)
	for i, c := range centres {
		col, row := i/5, i%5
		want := pdfcheck.Point{X: a.X + float64(col)*25, Y: a.Y + float64(row)*25}
		if math.Hypot(c.X-want.X, c.Y-want.Y) > 0.01 {
			t.Errorf("dot %s at %v, want %v", CellName(col, row), c, want)
		}
	}
}

func TestCellNames(t *testing.T) {
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 27: "AB", 51: "AZ", 52: "BA", 701: "ZZ", 702: "AAA"} {
		if got := Column(i); got != want {
			t.Errorf("Column(%d) = %q, want %q", i, got, want)
		}
	}
	for _, tc := range []struct {
		in   string
		n    int
		c, r int
		ok   bool
	}{{"A1", 8, 0, 0, true}, {"h8", 8, 7, 7, true}, {"AA3", 30, 26, 2, true}, {"I1", 8, 0, 0, false}, {"A9", 8, 0, 0, false},
		{"A0", 8, 0, 0, false}, {"A01", 8, 0, 0, false}, {"1A", 8, 0, 0, false}, {"A", 8, 0, 0, false}, {"", 8, 0, 0, false}, {"A-1", 8, 0, 0, false}} {
		c, r, err := ParseCell(tc.in, tc.n)
		if (err == nil) != tc.ok || (tc.ok && (c != tc.c || r != tc.r)) {
			t.Errorf("ParseCell(%q, %d) = %d, %d, %v", tc.in, tc.n, c, r, err)
		}
	}
	if _, _, err := ParseCell("b03", 8); err == nil || !strings.Contains(err.Error(), "without a leading zero (B3)") {
		t.Errorf("ParseCell(b03): %v", err)
	}
	for i := 0; i < 1000; i++ {
		c, r, err := ParseCell(CellName(i, i%50), 0)
		if err != nil || c != i || r != i%50 {
			t.Fatalf("round trip of %s failed: %d %d %v", CellName(i, i%50), c, r, err)
		}
	}
}

func TestLabelAngleAvoidsCuts(t *testing.T) {
	for _, tc := range []struct {
		cuts []float64
		want float64
	}{{nil, 0}, {[]float64{0, 180}, 90}, {[]float64{10, 20, 30}, 200}, {[]float64{350, 10}, 180}} {
		if got := labelAngle(tc.cuts); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("labelAngle(%v) = %g, want %g", tc.cuts, got, tc.want)
		}
	}
}

// MinSpan shrinks the coordinate sheet so that far dots stay on it: the
// corner (span, span) lands where (side, side) does at full scale.
func TestMMSheetMinSpan(t *testing.T) {
	o := layout.Pt(0, 0)
	full, small := MMSheet{}, MMSheet{MinSpan: 300}
	if got, want := small.At(o, 150, 300, 300), full.At(o, 150, 150, 150); math.Abs(got.X-want.X) > 1e-9 || math.Abs(got.Y-want.Y) > 1e-9 {
		t.Errorf("far corner at %v, want %v", got, want)
	}
	if got, want := (MMSheet{MinSpan: 100}).At(o, 150, 70, 20), full.At(o, 150, 70, 20); got != want {
		t.Errorf("a span that fits changes the scale: %v, want %v", got, want)
	}
}

// The ring target marks its centre with a small cross, so the divider can
// rule radial cuts from it.
func TestRingsCentreCross(t *testing.T) {
	b := Rings{Circles: 6}
	o, s := layout.Pt(10, 10), 150.0
	rec := &layout.Recorder{}
	b.Draw(rec, o, s, layout.DefaultStyle)
	c := b.Center(o, s)
	h, v := false, false
	for _, op := range rec.Pages[0].Ops {
		if op.Kind != "stroke" || len(op.Path.Comps) != 2 {
			continue
		}
		a, e := op.Path.Comps[0].Pos, op.Path.Comps[1].Pos
		mid := layout.Pt((a.X+e.X)/2, (a.Y+e.Y)/2)
		if mid.Dist(c) > 1e-9 || a.Dist(e) > 4 {
			continue
		}
		h = h || a.Y == e.Y
		v = v || a.X == e.X
	}
	if !h || !v {
		t.Errorf("no centre cross at %v (horizontal %v, vertical %v)", c, h, v)
	}
}

// Column labels never run together ("AAABAC"): at every allowed size, at
// the smallest readable board, neighbouring labels leave a clear gap.
func TestGridColumnLabelsStayApart(t *testing.T) {
	for _, f := range []layout.Figure{CellGrid{N: 40}, LineGrid{N: 40}, DotArray{N: 30}, CellGrid{N: 27}, CellGrid{N: 4}, LineGrid{N: 3}} {
		for _, s := range []float64{f.MinSize(), f.MinSize() * 1.5, 400} {
			rec := &layout.Recorder{}
			f.Draw(rec, layout.Pt(0, 0), s, layout.DefaultStyle)
			type box struct{ l, r, y float64 }
			var boxes []box
			for _, op := range rec.Pages[0].Ops {
				if op.Kind == "text" && op.Align == layout.Center {
					w := layout.TextWidth(op.Text, op.Font)
					boxes = append(boxes, box{op.At.X - w/2, op.At.X + w/2, op.At.Y})
				}
			}
			for i := 1; i < len(boxes); i++ {
				if boxes[i].y == boxes[i-1].y && boxes[i].l-boxes[i-1].r < labelGap-1e-9 {
					t.Errorf("%T size %g: column labels %d and %d are %.2f mm apart", f, s, i, i+1, boxes[i].l-boxes[i-1].r)
				}
			}
			if len(boxes) == 0 {
				t.Errorf("%T: no column labels", f)
			}
		}
	}
}

// A compass table beside the circle that is taller than the circle's
// square starts at the top of the figure's extent: centred on the square,
// it ran above the extent, into the page's header (--marks 66
// --landscape).
func TestLegendBesideStaysInItsExtent(t *testing.T) {
	for _, f := range []layout.Figure{MarkedCircle{Marks: 66, LegendBeside: true}, MarkedCircle{Marks: 12, LegendBeside: true}} {
		o, s := layout.Pt(10, 20), 87.6
		e := f.Extent(s)
		rec := &layout.Recorder{}
		f.Draw(rec, o, s, layout.DefaultStyle)
		for _, op := range rec.Pages[0].Ops {
			if op.Kind == "text" && (op.At.Y-op.Font.Size < o.Y-1e-9 || op.At.Y > o.Y+e.H+1e-9) {
				t.Errorf("%+v: %q at y %.1f, outside the extent %.1f to %.1f", f, op.Text, op.At.Y, o.Y, o.Y+e.H)
			}
		}
	}
}

// Clear tells the corners of the circle's square, where a figure built
// on the board may put its own marks, from the circle, its ticks and its
// labels.
func TestMarkedCircleClear(t *testing.T) {
	b := MarkedCircle{Marks: 12}
	o, s := layout.Pt(10, 20), 160.0
	ctr := b.Center(o, s)
	w := 2 * (ctr.X - o.X)
	for _, tc := range []struct {
		name string
		box  layout.Rect
		want bool
	}{
		{"top left corner", layout.R(o.X, o.Y, 8, 8), true},
		{"bottom right corner", layout.R(o.X+w-8, o.Y+w-8, 8, 8), true},
		{"on the circle", layout.R(ctr.X-2, ctr.Y-s/2-1, 4, 2), false},
		{"on a tick's outer end", layout.R(ctr.X+s/2+1.5, ctr.Y-0.5, 1, 1), false},
		{"on mark 1's label", layout.R(ctr.X-0.5, ctr.Y-s/2-6.5, 1, 1), false},
		{"inside the circle", layout.R(ctr.X-5, ctr.Y-5, 10, 10), false},
	} {
		if got := b.Clear(o, s, tc.box, 0.5); got != tc.want {
			t.Errorf("%s %v: Clear = %v, want %v", tc.name, tc.box, got, tc.want)
		}
	}
}

// TableBox holds every line of the compass table, below the circle or
// beside it, and is empty for the plain board.
func TestTableBox(t *testing.T) {
	for _, b := range []MarkedCircle{{Marks: 12}, {Marks: 12, LegendBeside: true}, {Marks: 66, LegendBeside: true}, {Marks: 105}} {
		o, s := layout.Pt(10, 20), 150.0
		box := b.TableBox(o, s)
		rec := &layout.Recorder{}
		b.Draw(rec, o, s, layout.DefaultStyle)
		n := 0
		for _, op := range rec.Pages[0].Ops {
			if op.Kind != "text" || op.Align != layout.Left {
				continue
			}
			n++
			w := layout.TextWidth(op.Text, op.Font)
			if op.At.X < box.Min.X-1e-9 || op.At.X+w > box.Max.X+1e-9 || op.At.Y-op.Font.Size < box.Min.Y-1e-9 || op.At.Y > box.Max.Y+1e-9 {
				t.Errorf("%+v: %q at %v outside the table's box %v", b, op.Text, op.At, box)
			}
		}
		if n != (b.Marks-1)/2+1 {
			t.Errorf("%+v: %d lines of the table", b, n)
		}
	}
	b := MarkedCircle{Marks: 12, Bare: true}
	if box := b.TableBox(layout.Pt(0, 0), 100); box.W() != 0 || box.H() != 0 {
		t.Errorf("the plain board's table box is %v", box)
	}
}
