package sheets

import (
	"bytes"
	"encoding/json"
	"math"
	"regexp"

	"papergames/games"
	"papergames/layout"
)

// Geometry is where everything a reader needs lies on a sheet's board
// pages, in millimetres from each page's top left corner (x right, y
// down): papergames board --geometry. See docs/geometry.md.
type Geometry struct {
	Game    string         `json:"game"`
	Board   string         `json:"board"` // the board id
	Unit    string         `json:"unit"`
	Paper   [2]float64     `json:"paper"` // width, height
	Pages   []GeometryPage `json:"pages"`
	Version string         `json:"code_format"`
	// Class is the copies of a class set, 0 for none: every copy's pages
	// are those listed, each code's text given as copy 1's.
	Class int `json:"class,omitempty"`
}

// GeometryPage is one board page.
type GeometryPage struct {
	Page       int             `json:"page"` // among all the sheet's pages, from 1
	Marks      [4][2]float64   `json:"marks"`
	MarkRadius float64         `json:"mark_radius"`
	MarkHole   float64         `json:"mark_hole"`
	Code       GeometryCode    `json:"code"`
	Boards     []GeometryBoard `json:"boards"`
}

// GeometryCode is the page's QR code: its square (modules only), version
// and text.
type GeometryCode struct {
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Side    float64 `json:"side"`
	Version int     `json:"version"`
	Module  float64 `json:"module"`
	Text    string  `json:"text"`
}

// GeometryBoard is one board of a page.
type GeometryBoard struct {
	Index    int              `json:"index"` // among the sheet's boards, from 0
	Round    int              `json:"round"` // the round (copy) it is printed for, from 1
	Kind     string           `json:"kind"`
	Cell     [4]float64       `json:"cell"`   // the tile: x, y, width, height
	Origin   [2]float64       `json:"origin"` // the top left of the figure's extent
	Size     float64          `json:"size"`   // the figure's nominal size (a circle's diameter, a grid's side)
	Extent   [2]float64       `json:"extent"`
	Features []layout.Feature `json:"features"`
}

// micro rounds to the micrometre, so the same sheet gives the same bytes.
func micro(v float64) float64 { return math.Round(v*1000) / 1000 }

// Geometry describes the board pages of a sheet built by Build.
func (r *Result) Geometry(g games.Game) (*Geometry, error) {
	bps, err := r.Sheet.BoardPages()
	if err != nil {
		return nil, err
	}
	per := max(1, len(r.setupCells))
	out := &Geometry{Game: g.Info().ID, Board: r.BoardID, Unit: "mm", Paper: [2]float64{micro(r.Sheet.Paper.W), micro(r.Sheet.Paper.H)}, Version: CodeMagic, Class: r.class}
	code := r.Sheet.Code
	if r.class > 0 {
		code = r.codeFor(1)
	}
	for _, bp := range bps {
		pg := GeometryPage{Page: bp.Page, MarkRadius: layout.MarkR, MarkHole: layout.MarkHole}
		for i, m := range bp.Marks {
			pg.Marks[i] = [2]float64{micro(m.X), micro(m.Y)}
		}
		pg.Code = GeometryCode{X: micro(bp.Code.Min.X), Y: micro(bp.Code.Min.Y), Side: micro(bp.Code.W()), Version: bp.Version, Module: layout.CodeModule, Text: code(bp)}
		for _, b := range bp.Boards {
			e := b.Figure.Extent(b.S)
			gb := GeometryBoard{Index: b.Index, Round: b.Index/per + 1, Kind: g.Info().BoardKind,
				Cell:   [4]float64{micro(b.Cell.Min.X), micro(b.Cell.Min.Y), micro(b.Cell.W()), micro(b.Cell.H())},
				Origin: [2]float64{micro(b.O.X), micro(b.O.Y)}, Size: micro(b.S), Extent: [2]float64{micro(e.W), micro(e.H)}}
			if gm, ok := b.Figure.(layout.Geometer); ok {
				for _, f := range gm.Features(b.O, b.S) {
					f.X, f.Y, f.R, f.X2, f.Y2 = micro(f.X), micro(f.Y), micro(f.R), micro(f.X2), micro(f.Y2)
					gb.Features = append(gb.Features, f)
				}
			}
			pg.Boards = append(pg.Boards, gb)
		}
		out.Pages = append(out.Pages, pg)
	}
	return out, nil
}

// flat matches a JSON array of numbers, or an object of plain values:
// written on one line each, so a feature is a line of the file.
var flat = regexp.MustCompile(`\[[-0-9.,\s]*\]|\{[^{}\[\]]*\}`)

// JSON writes the geometry, indented, a feature a line.
func (g *Geometry) JSON() []byte {
	b, _ := json.MarshalIndent(g, "", "  ")
	b = flat.ReplaceAllFunc(b, func(m []byte) []byte {
		return bytes.Join(bytes.Fields(m), []byte(" "))
	})
	return append(b, '\n')
}
