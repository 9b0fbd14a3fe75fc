package games

import (
	"fmt"
	"math/big"
	"strings"

	"papergames/boards"
	"papergames/drawing"
	"papergames/geom"
	"papergames/layout"
	"papergames/scorer"
)

// polygonRound scores the faces cut out by segs: each face goes to the
// seat owner(sides) names.
type polygonRound struct {
	arr    *geom.Arrangement
	owner  []int // seat of each face
	scores []int
}

func scorePolygons(segs []geom.Segment, players int, owner func(sides int) int) (*polygonRound, error) {
	arr, err := geom.Arrange(segs)
	if err != nil {
		return nil, err
	}
	pr := &polygonRound{arr: arr, scores: make([]int, players)}
	for _, f := range arr.Faces() {
		o := owner(f.Sides)
		pr.owner = append(pr.owner, o)
		pr.scores[o]++
	}
	return pr, nil
}

// lines describes every face for the report.
func (pr *polygonRound) lines(players []string, why func(sides int) string, name func(geom.Point) string) []string {
	var out []string
	for i, f := range pr.arr.Faces() {
		corners := make([]string, len(f.Outer))
		for j, p := range f.Outer {
			corners[j] = name(p)
		}
		holes := ""
		if f.Holes > 0 {
			holes = fmt.Sprintf(", %d hole(s)", f.Holes)
		}
		out = append(out, fmt.Sprintf("face %d: %d sides (%s%s), corners %s: a point for %s",
			i+1, f.Sides, why(f.Sides), holes, strings.Join(corners, " "), players[pr.owner[i]]))
	}
	return out
}

// faceRule is a polygon game's scoring rule: the faces forP1 accepts are
// player 1's points, the rest player 2's; the strings word it for the
// report, and corner names a corner the way the sheet does.
type faceRule struct {
	forP1        func(sides int) bool
	role1, role2 string // what each player collects, e.g. "triangles"
	face1, face2 string // one face of each kind, e.g. "a triangle"
	corner       func(geom.Point) string
}

// score scores the faces of segs in round i of t, where seat p1 is player
// 1; moves is the report's line of the round's moves.
func (fr faceRule) score(t *scorer.Transcript, i, p1 int, segs []geom.Segment, moves string) (*scorer.Round, *polygonRound, error) {
	p2 := 1 - p1
	pr, err := scorePolygons(segs, 2, func(sides int) int {
		if fr.forP1(sides) {
			return p1
		}
		return p2
	})
	if err != nil {
		return nil, nil, t.Rounds[i].Errorf("round %d: %v", i+1, err)
	}
	rd := &scorer.Round{Number: i + 1, Scores: pr.scores, Details: pr.details()}
	rd.Lines = append(rd.Lines, fmt.Sprintf("%s is player 1 (%s), %s player 2 (%s)", t.Players[p1], fr.role1, t.Players[p2], fr.role2), moves)
	rd.Lines = append(rd.Lines, pr.lines(t.Players, func(s int) string {
		if fr.forP1(s) {
			return fr.face1
		}
		return fr.face2
	}, fr.corner)...)
	return rd, pr, nil
}

func (pr *polygonRound) details() map[string]any {
	return map[string]any{
		"faces":           len(pr.arr.Faces()),
		"sides_histogram": scorer.Histogram(pr.arr.SidesHistogram()),
	}
}

// paint fills the faces in their owners' colours and writes the sides.
func (pr *polygonRound) paint(c layout.Canvas, at func(x, y float64) layout.Point, k float64) {
	faces := pr.arr.Faces()
	drawing.FillFaces(c, faces, at, func(i int, _ geom.Face) layout.Color { return scorer.Fill(pr.owner[i]) })
	drawing.LabelFaces(c, faces, at, k)
}

// strokeSegs draws segments with pen.
func strokeSegs(c layout.Canvas, segs []geom.Segment, at func(x, y float64) layout.Point, pen layout.Pen) {
	for _, s := range segs {
		ax, ay := s.A.Float()
		bx, by := s.B.Float()
		c.Stroke(layout.Segment(at(ax, ay), at(bx, by)), pen)
	}
}

func dot(c layout.Canvas, p layout.Point, r float64, col layout.Color) {
	c.Fill((&layout.Path{}).Circle(p, r), col)
}

// gridPoint names a point of a line grid whose coordinates are (column,
// row) from 0 at the top left: a grid crossing by its label (C1), any other
// point as (column, row) counted from 1, exactly.
func gridPoint(p geom.Point) string {
	x, y := p.X(), p.Y()
	if x.IsInt() && y.IsInt() && x.Sign() >= 0 && y.Sign() >= 0 {
		return boards.CellName(int(x.Num().Int64()), int(y.Num().Int64()))
	}
	one := big.NewRat(1, 1)
	return fmt.Sprintf("(%s, %s)", Exact(new(big.Rat).Add(x, one)), Exact(new(big.Rat).Add(y, one)))
}

// Exact writes r exactly: as a decimal when it has a finite one (80.5),
// else as a fraction (1/3).
func Exact(r *big.Rat) string {
	d := new(big.Int).Set(r.Denom())
	digits := 0
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		m := new(big.Int)
		for n := 0; ; n++ {
			q, rem := new(big.Int).QuoRem(d, bp, m)
			if rem.Sign() != 0 {
				digits = max(digits, n)
				break
			}
			d = q
		}
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.RatString()
	}
	return r.FloatString(digits)
}

// mmPoint names a point of the coordinate sheet exactly, in millimetres.
func mmPoint(p geom.Point) string { return fmt.Sprintf("(%s, %s)", Exact(p.X()), Exact(p.Y())) }
