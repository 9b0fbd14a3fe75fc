// Package polygons holds what Leroy Quet's two polygon-counting games,
// Polygons-&-Dots and Polygons In Permutation Grid, share: scoring the faces
// of a drawing for a report (FaceRule, from geom.Arrange), a fast exact face
// counter for the small integer drawings their engines make (Counter), and
// the drawing helpers of their renders.
package polygons

import (
	"fmt"
	"math/big"
	"papergames/games"
	"strings"

	"papergames/boards"
	"papergames/drawing"
	"papergames/geom"
	"papergames/layout"
	"papergames/scorer"
)

// Round scores the faces cut out by segs: each face goes to the
// seat owner(sides) names.
type Round struct {
	Arr    *geom.Arrangement
	Owner  []int // seat of each face
	Scores []int
}

// ScoreFaces arranges segs and gives each face to the seat owner(sides)
// names, among players seats.
func ScoreFaces(segs []geom.Segment, players int, owner func(sides int) int) (*Round, error) {
	return scoreFaces(segs, players, owner, nil)
}

// scoreFaces is ScoreFaces stopped by stop (nil: never) between the
// arrangement's steps and before its faces are listed.
func scoreFaces(segs []geom.Segment, players int, owner func(sides int) int, stop func() error) (*Round, error) {
	lim := geom.DefaultLimits
	lim.Stop = stop
	arr, err := geom.ArrangeWithin(segs, lim)
	if err != nil {
		return nil, err
	}
	if stop != nil {
		if err := stop(); err != nil {
			return nil, err
		}
	}
	pr := &Round{Arr: arr, Scores: make([]int, players)}
	for _, f := range arr.Faces() {
		o := owner(f.Sides)
		pr.Owner = append(pr.Owner, o)
		pr.Scores[o]++
	}
	return pr, nil
}

// lines describes every face for the report.
func (pr *Round) lines(players []string, why func(sides int) string, name func(geom.Point) string) []string {
	var out []string
	for i, f := range pr.Arr.Faces() {
		corners := make([]string, len(f.Outer))
		for j, p := range f.Outer {
			corners[j] = name(p)
		}
		holes := ""
		if f.Holes > 0 {
			holes = fmt.Sprintf(", %d hole(s)", f.Holes)
		}
		out = append(out, fmt.Sprintf("face %d: %d sides (%s%s), corners %s: a point for %s",
			i+1, f.Sides, why(f.Sides), holes, strings.Join(corners, " "), players[pr.Owner[i]]))
	}
	return out
}

// FaceRule is a polygon game's scoring rule: the faces ForP1 accepts are
// player 1's points, the rest player 2's; the strings word it for the
// report, and Corner names a Corner the way the sheet does.
type FaceRule struct {
	ForP1        func(sides int) bool
	Role1, Role2 string // what each player collects, e.g. "triangles"
	Face1, Face2 string // one face of each kind, e.g. "a triangle"
	Corner       func(geom.Point) string
	// Exact, when set, writes a corner exactly for the JSON details, which
	// then list every face's corners (for a Corner that rounds).
	Exact func(geom.Point) any
}

// Score scores the faces of segs in round i of t, where seat p1 is player
// 1; moves is the report's line of the round's moves.
func (fr FaceRule) Score(t *scorer.Transcript, i, p1 int, segs []geom.Segment, moves string) (*scorer.Round, *Round, error) {
	p2 := 1 - p1
	pr, err := fr.faces(segs, p1, t.Err)
	if err := t.Err(); err != nil { // a request's deadline
		return nil, nil, err
	}
	if err != nil {
		return nil, nil, t.Rounds[i].Errorf("round %d: %v", i+1, err)
	}
	rd := &scorer.Round{Number: i + 1, Scores: pr.Scores, Details: pr.details(fr.Exact)}
	rd.Lines = append(rd.Lines, fmt.Sprintf("%s is player 1 (%s), %s player 2 (%s)", t.Players[p1], fr.Role1, t.Players[p2], fr.Role2), moves)
	rd.Lines = append(rd.Lines, pr.lines(t.Players, func(s int) string {
		if fr.ForP1(s) {
			return fr.Face1
		}
		return fr.Face2
	}, fr.Corner)...)
	return rd, pr, nil
}

// Faces scores the faces of segs where seat p1 is player 1, as Score
// does, for a drawing.
func (fr FaceRule) Faces(segs []geom.Segment, p1 int) (*Round, error) {
	return fr.faces(segs, p1, nil)
}

func (fr FaceRule) faces(segs []geom.Segment, p1 int, stop func() error) (*Round, error) {
	return scoreFaces(segs, 2, func(sides int) int {
		if fr.ForP1(sides) {
			return p1
		}
		return 1 - p1
	}, stop)
}

func (pr *Round) details(exact func(geom.Point) any) map[string]any {
	d := map[string]any{
		"faces":           len(pr.Arr.Faces()),
		"sides_histogram": scorer.Histogram(pr.Arr.SidesHistogram()),
	}
	if exact != nil {
		corners := [][]any{}
		for _, f := range pr.Arr.Faces() {
			var cs []any
			for _, p := range f.Outer {
				cs = append(cs, exact(p))
			}
			corners = append(corners, cs)
		}
		d["corners"] = corners
	}
	return d
}

// Paint fills the faces in their owners' colours and writes the sides.
func (pr *Round) Paint(c layout.Canvas, at func(x, y float64) layout.Point, k float64) {
	faces := pr.Arr.Faces()
	drawing.FillFaces(c, faces, at, func(i int, _ geom.Face) layout.Color { return scorer.Fill(pr.Owner[i]) })
	drawing.LabelFaces(c, faces, at, k)
}

// StrokeSegs draws segments with pen.
func StrokeSegs(c layout.Canvas, segs []geom.Segment, at func(x, y float64) layout.Point, pen layout.Pen) {
	for _, s := range segs {
		ax, ay := s.A.Float()
		bx, by := s.B.Float()
		c.Stroke(layout.Segment(at(ax, ay), at(bx, by)), pen)
	}
}

// Dot draws a dot of radius r at p.
func Dot(c layout.Canvas, p layout.Point, r float64, col layout.Color) {
	c.Fill((&layout.Path{}).Circle(p, r), col)
}

// GridPoint names a point of a line grid whose coordinates are (column,
// row) from 0 at the top left: a grid crossing by its label (C1), any other
// point as (column, row) counted from 1, exactly.
func GridPoint(p geom.Point) string {
	if x, y, ok := p.Int(); ok && x >= 0 && y >= 0 { // the usual crossing, without big arithmetic
		return boards.CellName(int(x), int(y))
	}
	x, y := p.X(), p.Y()
	if x.IsInt() && y.IsInt() && x.Sign() >= 0 && y.Sign() >= 0 {
		return boards.CellName(int(x.Num().Int64()), int(y.Num().Int64()))
	}
	one := big.NewRat(1, 1)
	return fmt.Sprintf("(%s, %s)", games.Exact(new(big.Rat).Add(x, one)), games.Exact(new(big.Rat).Add(y, one)))
}

// MMPoint names a point of the coordinate sheet as the sheet reads, in
// millimetres to 0.1: (120, 86.7) for (120, 260/3).
func MMPoint(p geom.Point) string {
	return fmt.Sprintf("(%s, %s)", tenth(p.X()), tenth(p.Y()))
}

// tenth writes r rounded to 0.1 (halves away from zero), without a
// trailing ".0".
func tenth(r *big.Rat) string {
	s := r.FloatString(1)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		s = "0"
	}
	return s
}

// MMExact writes a point of the coordinate sheet exactly, for the JSON
// details: ["120", "260/3"].
func MMExact(p geom.Point) any { return []string{games.Exact(p.X()), games.Exact(p.Y())} }
