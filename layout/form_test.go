package layout

import (
	"fmt"
	"strings"
	"testing"
)

func testForm(rows int) *Form {
	f := &Form{Title: "Record of round ___", Notes: []string{"Write each segment's number beside it on the board as you draw it: the labels of crossings depend on it."}}
	p := FormPart{Heading: "Moves", Fields: []string{"first mark"}, Columns: []FormColumn{{"move", 12}, {"player", 30}, {"centre", 14}, {"reach", 14}, {"arcs met", 16}}}
	for i := 1; i <= rows; i++ {
		p.Rows = append(p.Rows, []string{fmt.Sprint(i), "", fmt.Sprint(i), "", ""})
	}
	f.Parts = []FormPart{p}
	return f
}

// TestFormFlows checks that a long form flows into columns and pages,
// stays inside its area, repeats the table header in each column and
// prints every row once.
func TestFormFlows(t *testing.T) {
	for _, rows := range []int{3, 30, 360} {
		var r Recorder
		area := R(10, 30, 190, 257)
		r.AddPage(210, 297)
		DrawForms(&r, []*Form{testForm(rows), testForm(2)}, area, func() Rect { r.AddPage(210, 297); return area })
		seen := map[string]int{}
		heads := 0
		for _, pg := range r.Pages {
			for _, op := range pg.Ops {
				var pts []Point
				if op.Kind == "text" {
					pts = []Point{op.At}
					if op.Font.Size == smallFont.Size && op.Font.Bold && op.Text == "move" {
						heads++
					}
					seen[op.Text]++
				} else {
					for _, pc := range op.Path.Comps {
						pts = append(pts, pc.Pos)
					}
				}
				for _, p := range pts {
					if p.X < area.Min.X-0.01 || p.X > area.Max.X+0.01 || p.Y < area.Min.Y-0.01 || p.Y > area.Max.Y+0.01 {
						t.Fatalf("%d rows: %s %q at %v leaves the area %v", rows, op.Kind, op.Text, p, area)
					}
				}
			}
		}
		cols := 0
		for _, pg := range r.Pages {
			xs := map[float64]bool{}
			for _, op := range pg.Ops {
				if op.Kind == "text" && op.Text == "move" {
					xs[op.At.X] = true
				}
			}
			cols += len(xs)
		}
		if heads < 2 || (rows == 360 && (len(r.Pages) < 2 || heads < 6)) {
			t.Errorf("%d rows: %d table headers on %d pages", rows, heads, len(r.Pages))
		}
		if got := seen[fmt.Sprint(rows)]; got != 2 { // the move number and the pre-printed centre
			t.Errorf("%d rows: the last row's number is printed %d times", rows, got)
		}
		if !strings.Contains(fmt.Sprint(seen), "first mark:") {
			t.Errorf("%d rows: no field", rows)
		}
	}
}
