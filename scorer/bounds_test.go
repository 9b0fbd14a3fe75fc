package scorer

import (
	"strings"
	"testing"

	"papergames/layout"
)

// busy is a figure of n strokes.
type busy struct{ n int }

func (b busy) Extent(s float64) layout.Size { return layout.Size{W: s, H: s} }
func (b busy) MinSize() float64             { return 50 }
func (b busy) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	for range b.n {
		c.Stroke(layout.Segment(o, layout.Pt(o.X+s, o.Y)), layout.Pen{Width: st.Line})
	}
}

// TestRenderIsBounded: a render past MaxRenderPages pages or
// MaxRenderOps drawing operations is refused before it is drawn (issue
// 23: 1000 rounds of 1,740 segments took 100 s and 3 GB).
func TestRenderIsBounded(t *testing.T) {
	cells := func(n, ops int) []layout.Cell {
		out := make([]layout.Cell, n)
		for i := range out {
			out[i].Figure = busy{ops}
		}
		return out
	}
	for _, tc := range []struct {
		pages, ops int
		want       string
	}{
		{MaxRenderPages, 10, ""},
		{MaxRenderPages + 1, 10, "the picture would have 501 pages (a round a page), more than the limit of 500"},
		{100, MaxRenderOps / 100, ""},
		{100, MaxRenderOps/100 + 1, "more than 1,000,000 drawing operations, the limit (round 100 of 100 passes it)"},
	} {
		err := (&Drawing{Cells: cells(tc.pages, tc.ops)}).CheckRender()
		if (tc.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d pages of %d: %v, want %q", tc.pages, tc.ops, err, tc.want)
		}
	}
}

// TestReportIsBounded: a report past MaxReport is refused from its lines'
// size, before it is written (issue 23: 135 MB of text).
func TestReportIsBounded(t *testing.T) {
	line := strings.Repeat("x", 1000)
	r := &Result{Players: []string{"A", "B"}}
	for range 20 {
		rd := Round{Scores: []int{0, 0}}
		for range 1000 {
			rd.Lines = append(rd.Lines, line)
		}
		r.Rounds = append(r.Rounds, rd)
	}
	if err := r.CheckReport(); err == nil || !strings.Contains(err.Error(), "the report would be 19.1 MB, more than the limit of 16 MB") {
		t.Errorf("%v", err)
	}
	r.Rounds = r.Rounds[:15]
	if err := r.CheckReport(); err != nil {
		t.Errorf("15 MB: %v", err)
	}
	if len(r.Text("f")) > MaxReport {
		t.Errorf("the estimate is short of the text")
	}
}
