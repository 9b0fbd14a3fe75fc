package scorer

import (
	"fmt"
	"strings"

	"papergames/input"
	"papergames/layout"
)

// Overlay draws a finished game on its board: the board first, then the
// moves on top, at the same origin and size, so the render matches the
// printed sheet.
type Overlay struct {
	Base  layout.Figure
	Moves func(c layout.Canvas, o layout.Point, s float64, st layout.Style)
}

// Extent implements layout.Figure.
func (f Overlay) Extent(s float64) layout.Size { return f.Base.Extent(s) }

// MinSize implements layout.Figure.
func (f Overlay) MinSize() float64 { return f.Base.MinSize() }

// Draw implements layout.Figure.
func (f Overlay) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	f.Base.Draw(c, o, s, st)
	if f.Moves != nil {
		f.Moves(c, o, s, st)
	}
}

// Fills are the light tints faces and sections take for each seat; Inks
// the strong colours of each seat's lines.
var (
	Fills = []layout.Color{layout.RGB(255, 214, 160), layout.RGB(170, 205, 250), layout.RGB(190, 230, 170), layout.RGB(240, 190, 230), layout.RGB(250, 240, 150), layout.RGB(200, 200, 200), layout.RGB(160, 230, 225), layout.RGB(225, 200, 170)}
	Inks  = []layout.Color{layout.RGB(205, 100, 0), layout.RGB(20, 90, 200), layout.RGB(40, 140, 40), layout.RGB(170, 40, 150), layout.RGB(150, 130, 0), layout.RGB(80, 80, 80), layout.RGB(0, 130, 130), layout.RGB(130, 80, 30)}
)

// Fill returns seat i's tint.
func Fill(i int) layout.Color { return Fills[i%len(Fills)] }

// Ink returns seat i's line colour.
func Ink(i int) layout.Color { return Inks[i%len(Inks)] }

// Drawing is what --render draws of a transcript: the game's title, its
// players and one board per round. A refused transcript has one too, drawn
// up to its bad move.
type Drawing struct {
	Title   string
	Note    string // how to read the picture, under the title
	Players []string
	Cells   []layout.Cell
}

// Sheet lays the drawing out one round to a page, with r's totals and
// winner in the header; r is nil for a refused transcript.
func (d *Drawing) Sheet(r *Result, paper layout.Size) *layout.Sheet {
	credit := d.Note
	params := "not scored: the transcript breaks a rule (see the messages); the bad move is drawn in red"
	if r != nil {
		t := r.Totals()
		var parts []string
		for i, p := range r.Players {
			parts = append(parts, fmt.Sprintf("%s %d", p, t[i]))
		}
		params = "totals: " + strings.Join(parts, ", ")
		if len(r.Disqualified) > 0 {
			params += " · disqualified " + strings.Join(r.names(r.Disqualified), ", ")
		}
		switch w := r.Winners(); {
		case len(w) == 1:
			params += " · winner " + r.Players[w[0]]
		case len(w) > 1:
			params += " · tie"
		default:
			params += " · no winner"
		}
	} else {
		credit = "Checked by papergames, and refused."
	}
	return &layout.Sheet{
		Paper: paper, Margin: layout.DefaultMargin, Title: d.Title,
		Credit:  credit,
		Params:  params,
		Players: d.Players,
		Cells:   d.Cells,
		PerPage: 1,
		Style:   layout.Style{Line: 0.3, Guide: layout.Grey},
	}
}

// The bounds of a rendered transcript (score --render, the web's scored
// picture): checked by CheckRender before anything is drawn, as sheets
// are bounded. 1000 rounds of 1,740 Making Intersections segments (a
// 13 MB transcript within the reader's limits) took 100 s and 3 GB as a
// 1000-page PDF; a page of them is about 5,000 drawing operations, and
// PDF writing runs at about 100,000 operations a second.
const (
	MaxRenderPages = 500       // pages, one round a page (sheets.MaxPages likewise)
	MaxRenderOps   = 1_000_000 // drawing operations (strokes, fills, texts): about 10 s of PDF
)

// CheckRender refuses a drawing past MaxRenderPages or MaxRenderOps,
// counting the operations on a counter that stops at the bound.
func (d *Drawing) CheckRender() error {
	if n := len(d.Cells); n > MaxRenderPages {
		return fmt.Errorf("the picture would have %d pages (a round a page), more than the limit of %d: draw fewer rounds", n, MaxRenderPages)
	}
	c := &opCounter{}
	for i, cell := range d.Cells {
		if cell.Figure == nil {
			continue
		}
		cell.Figure.Draw(c, layout.Pt(0, 0), max(cell.Figure.MinSize(), 100), layout.Style{Line: 0.3, Guide: layout.Grey})
		if c.ops > MaxRenderOps {
			return fmt.Errorf("the picture would take more than %s drawing operations, the limit (round %d of %d passes it): draw fewer rounds", input.Thousands(MaxRenderOps), i+1, len(d.Cells))
		}
	}
	return nil
}

// opCounter is a Canvas that only counts.
type opCounter struct{ ops int }

func (c *opCounter) Stroke(*layout.Path, layout.Pen)                                    { c.ops++ }
func (c *opCounter) Fill(*layout.Path, layout.Color)                                    { c.ops++ }
func (c *opCounter) Text(layout.Point, string, layout.Font, layout.Align, layout.Color) { c.ops++ }
