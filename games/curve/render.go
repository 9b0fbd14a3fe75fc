package curve

import (
	"fmt"
	"strconv"

	"papergames/boards"
	"papergames/layout"
	"papergames/scorer"
)

// drawings draws round i's grids in sheet order (captioned when t is
// given), each on the printed cell
// grid: the curve through its squares' centres in its owner's colour, the
// loop squares tinted, curve numbers ringed, inside numbers in black, a
// broken rule in red, and in grey the next number where it still fits.
func drawings(t *scorer.Transcript, i, n int, grids []*typed, loops []*loop) []layout.Cell {
	var out []layout.Cell
	for _, gr := range grids {
		if gr == nil {
			continue
		}
		var lp *loop
		if gr.owner >= 0 && gr.owner < len(loops) {
			lp = loops[gr.owner]
		}
		board := boards.CellGrid{N: n}
		fig := scorer.Overlay{Base: board, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
			draw(c, board, o, s, st, gr, lp)
		}}
		if t == nil {
			out = append(out, layout.Cell{Figure: fig}) // the scoring board's, captioned there
			continue
		}
		cap := fmt.Sprintf("%s's curve, filled by %s", t.Players[gr.owner], t.Players[gr.filler])
		if len(t.Rounds) > 1 {
			cap = fmt.Sprintf("round %d: %s", i+1, cap)
		}
		switch gr.status {
		case "valid":
			cap += fmt.Sprintf(" · K = %d", gr.k)
			if len(gr.unfinished) > 0 {
				cap += " (unfinished)"
			}
		case "invalid":
			cap += fmt.Sprintf(" · invalid: 0, %s loses", t.Players[gr.filler])
		case "missing", "blank":
			cap += " · not filled"
		}
		out = append(out, layout.Cell{Caption: cap, Figure: fig})
	}
	return out
}

func draw(c layout.Canvas, board boards.CellGrid, o layout.Point, s float64, st layout.Style, gr *typed, lp *loop) {
	n := board.N
	step := s / float64(n)
	box := func(p Cell) layout.Rect { return board.Cell(o, s, p.C, p.R) }
	ctr := func(p Cell) layout.Point { return box(p).Center() }
	onBoard := func(p Cell) bool { return p.C >= 0 && p.R >= 0 && p.C < n && p.R < n }
	if lp != nil && len(lp.cells) > 0 {
		ink, tint := scorer.Ink(lp.seat), scorer.Fill(lp.seat)
		pale := layout.RGB(tint.R/3+170, tint.G/3+170, tint.B/3+170)
		// Tints stop short of the grid lines, which stay visible.
		inset := func(p Cell) *layout.Path {
			b := box(p)
			d := max(st.Line, 0.2)
			return layout.RectPath(layout.R(b.Min.X+d, b.Min.Y+d, b.W()-2*d, b.H()-2*d))
		}
		// Row by row, not in map order: the same input draws the same bytes.
		for r := 0; r < n; r++ {
			for col := 0; col < n; col++ {
				if p := (Cell{col, r}); lp.isInside(p) {
					c.Fill(inset(p), pale)
				}
			}
		}
		for _, p := range lp.cells {
			if onBoard(p) {
				c.Fill(inset(p), tint)
			}
		}
		width := min(0.8, max(0.35, step*0.06))
		L := len(lp.cells)
		for k, a := range lp.cells {
			b := lp.cells[(k+1)%L]
			if k == L-1 && L < 2 {
				break
			}
			pen := layout.Pen{Width: width, Color: ink}
			if lp.badStep[k] {
				pen = layout.Pen{Width: width * 1.5, Color: layout.Red, Dash: []float64{1.5, 1}}
			}
			c.Stroke(layout.Segment(ctr(a), ctr(b)), pen)
		}
	}
	if gr.tok == nil {
		return
	}
	for _, pr := range gr.redPairs {
		a, b := box(pr[0]), box(pr[1])
		edge := layout.Segment(layout.Pt(b.Min.X, b.Min.Y), layout.Pt(b.Min.X, b.Max.Y)) // b right of a
		if pr[0].C == pr[1].C {
			edge = layout.Segment(layout.Pt(a.Min.X, b.Min.Y), layout.Pt(a.Max.X, b.Min.Y)) // b below a
		}
		c.Stroke(edge, layout.Pen{Width: min(1.2, max(0.6, step*0.1)), Color: layout.Red})
	}
	for r, row := range gr.tok {
		for col, tk := range row {
			p := Cell{col, r}
			if tk == nil {
				continue
			}
			colour := layout.Black
			if tk.bad {
				colour = layout.Red
			}
			switch tk.kind {
			case tokOnLoop:
				ring := layout.Black
				if lp != nil {
					ring = scorer.Ink(lp.seat)
				}
				if tk.bad {
					ring = layout.Red
				}
				rad := step * 0.36
				c.Fill((&layout.Path{}).Circle(ctr(p), rad), layout.White)
				c.Stroke((&layout.Path{}).Circle(ctr(p), rad), layout.Pen{Width: min(0.5, max(0.2, step*0.03)), Color: ring})
				writeNumber(c, ctr(p), strconv.Itoa(tk.val), step*0.58, layout.Font{Size: step * 0.4, Bold: true}, colour)
			case tokInside:
				writeNumber(c, ctr(p), strconv.Itoa(tk.val), step*0.8, layout.Font{Size: step * 0.45}, colour)
			default:
				if tk.bad { // an unreadable square, or an empty loop square
					c.Stroke(layout.RectPath(box(p)), layout.Pen{Width: min(0.8, max(0.4, step*0.06)), Color: layout.Red})
					if tk.text != "." {
						writeNumber(c, ctr(p), tk.text, step*0.8, layout.Font{Size: step * 0.45}, layout.Red)
					}
				}
			}
		}
	}
	for _, p := range gr.unfinished {
		writeNumber(c, ctr(p), strconv.Itoa(gr.k+1), step*0.6, layout.Font{Size: step * 0.32}, layout.Grey)
	}
}

// writeNumber writes s centred at p, shrunk to fit width w.
func writeNumber(c layout.Canvas, p layout.Point, s string, w float64, f layout.Font, col layout.Color) {
	if tw := layout.TextWidth(s, f); tw > w && tw > 0 {
		f.Size *= w / tw
	}
	c.Text(layout.Pt(p.X, p.Y+f.Size*0.35), s, f, layout.Center, col)
}
