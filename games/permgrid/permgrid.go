package permgrid

import (
	"fmt"
	"papergames/games"
	"papergames/games/polygons"
	"strings"

	"papergames/boards"
	"papergames/geom"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Game is Leroy Quet's Polygons In Permutation Grid (2008).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "permutation-grid", Title: "Polygons In Permutation Grid", Posted: "October 14, 2008",
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "line grid"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "size", Usage: "lines each way (dots placed: the same number)", Kind: games.Int, Default: 10, Min: 3, Max: 40}}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("size")
	return &games.Setup{
		Params:  fmt.Sprintf("%d lines each way, %d dots · triangles score for player 1, polygons of 4 or more sides for player 2", n, n),
		Key:     pgKey(n),
		Cells:   []layout.Cell{{Figure: boards.LineGrid{N: n}}},
		Rounds:  2,
		PerPage: 1,
	}, nil
}

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return nil
}

// HeaderKeys implements Scorer.
func (Game) HeaderKeys() []string { return []string{"size"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: each face is shaded in the colour of the player it scores for."
}

// Blank implements Scorer.
func (Game) Blank() string {
	return strings.Replace(blankPermutationGrid, "BOARD", games.BoardID(pgKey(10)), 1)
}

const blankPermutationGrid = `# Polygons In Permutation Grid transcript: one match, checked and scored by
#   papergames score THIS-FILE
game: permutation-grid
players: [Player 1, Player 2]   # names in seat order
size: 10                        # lines each way, as printed on the sheet
board: BOARD                    # the board id printed on the sheet (optional)
rounds:
  # One entry per round: the dots in the order placed, player 1 first,
  # named by column letter and row number as printed (A1 top left). Roles
  # swap each round (round 1: the first seat is player 1, scoring triangles);
  # write player1: NAME to say otherwise.
  - dots: C1 A2 D3 B4 E5 G6 F7 J8 H9 I10
  - dots: B1 D2 A3 C4 F5 E6 H7 G8 J9 I10
`

// permutationRule: triangles are player 1's points, faces of 4 or more
// sides player 2's.
var permutationRule = polygons.FaceRule{
	ForP1: func(sides int) bool { return sides == 3 },
	Role1: "triangles", Role2: "4 or more sides",
	Face1: "a triangle", Face2: "not a triangle",
	Corner: polygons.GridPoint,
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, _ games.Values) (*scorer.Result, []layout.Cell, error) {
	res := &scorer.Result{Game: "permutation-grid", Title: g.Info().Title, Players: t.Players, Goal: scorer.Most,
		Rule: "most points wins: a point for each face, triangles for player 1, 4 or more sides for player 2"}
	var errs input.Errors
	p := g.Params()[0]
	n, err := t.Int("size", p.Default, p.Min, p.Max)
	if err != nil {
		return nil, nil, err
	}
	errs.Add(t.CheckBoard(games.BoardID(pgKey(n))), t.File)
	var cells []layout.Cell
	for i := range t.Rounds {
		rd, cell, err := g.round(t, i, n)
		errs.Add(err, t.File)
		if cell != nil {
			cells = append(cells, *cell)
		}
		if rd != nil {
			res.Rounds = append(res.Rounds, *rd)
		}
	}
	if len(t.Rounds)%2 == 1 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%d rounds: with an odd number of rounds one player was player 1 more often", len(t.Rounds)))
	}
	if err := errs.Err(); err != nil {
		return nil, cells, err
	}
	return res, cells, nil
}

func (g Game) round(t *scorer.Transcript, i, n int) (*scorer.Round, *layout.Cell, error) {
	where := fmt.Sprintf("round %d", i+1)
	f, err := games.RoundKeys(t, i, "player1", "dots")
	if err != nil {
		return nil, nil, err
	}
	p1, err := games.FirstPlayer(t, f, i)
	if err != nil {
		return nil, nil, err
	}
	dn, ok := f["dots"]
	if !ok {
		return nil, nil, t.Rounds[i].Errorf("%s: missing dots, e.g. dots: C1 A2 D3 B4", where)
	}
	words, err := scorer.Words(dn, where+" dots")
	if err != nil {
		return nil, nil, err
	}
	type gdot struct{ c, r int }
	var errs input.Errors
	var dots []gdot
	bad := -1
	rowHas, colHas := map[int]int{}, map[int]int{}
	for k, w := range words {
		if k >= n {
			errs = append(errs, w.Errorf("%s, dot %d (%s): the grid has %d lines each way, so %d dots", where, k+1, w.Text, n, n))
			break
		}
		c, r, err := boards.ParseCell(w.Text, n)
		if err != nil {
			errs = append(errs, w.Errorf("%s, dot %d: %v", where, k+1, err))
			bad = k
			break
		}
		name := boards.CellName(c, r)
		if j, ok := rowHas[r]; ok {
			errs = append(errs, w.Errorf("%s, dot %d (%s): row %d already has dot %d (%s)", where, k+1, name, r+1, j+1, boards.CellName(dots[j].c, dots[j].r)))
		}
		if j, ok := colHas[c]; ok {
			errs = append(errs, w.Errorf("%s, dot %d (%s): column %s already has dot %d (%s)", where, k+1, name, boards.Column(c), j+1, boards.CellName(dots[j].c, dots[j].r)))
		}
		if len(errs) > 0 {
			bad = k
			dots = append(dots, gdot{c, r})
			break
		}
		rowHas[r], colHas[c] = k, k
		dots = append(dots, gdot{c, r})
	}
	if len(errs) == 0 && len(dots) < n {
		errs = append(errs, dn.Errorf("%s: %d dots placed; a %d-line grid takes %d, one on every row and column", where, len(dots), n, n))
	}
	var segs []geom.Segment
	if len(errs) == 0 {
		byRow, byCol := make([]gdot, n), make([]gdot, n)
		for _, d := range dots {
			byRow[d.r], byCol[d.c] = d, d
		}
		for m := 0; m+1 < n; m++ {
			segs = append(segs, geom.SegInt(int64(byRow[m].c), int64(byRow[m].r), int64(byRow[m+1].c), int64(byRow[m+1].r)))
			segs = append(segs, geom.SegInt(int64(byCol[m].c), int64(byCol[m].r), int64(byCol[m+1].c), int64(byCol[m+1].r)))
		}
	}
	board := boards.LineGrid{N: n}
	var pr *polygons.Round
	cell := func() *layout.Cell {
		return &layout.Cell{Caption: fmt.Sprintf("round %d: %s is player 1", i+1, t.Players[p1]), Figure: scorer.Overlay{Base: board, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
			step := s / float64(n-1)
			a := board.Node(o, s, 0, 0)
			// Rows grow downwards on the sheet, as the y of these points does.
			at := func(x, y float64) layout.Point { return layout.Pt(a.X+x*step, a.Y+y*step) }
			if pr != nil {
				pr.Paint(c, at, step)
			}
			polygons.StrokeSegs(c, segs, at, layout.Pen{Width: st.Line, Color: layout.Black})
			for k, d := range dots {
				col := scorer.Ink((p1 + k) % 2)
				if k == bad {
					col = layout.Red
				}
				polygons.Dot(c, board.Node(o, s, d.c, d.r), 1, col)
			}
		}}}
	}
	if len(errs) > 0 {
		return nil, cell(), errs.Err()
	}
	var names []string
	for _, d := range dots {
		names = append(names, boards.CellName(d.c, d.r))
	}
	rd, scored, err := permutationRule.Score(t, i, p1, segs, "dots "+strings.Join(names, " "))
	if err != nil {
		return nil, nil, err
	}
	pr = scored // cell() draws the scored faces
	return rd, cell(), nil
}

// pgKey is the key the board id hashes: the sheet's and the transcript's
// check must agree.
func pgKey(n int) string { return fmt.Sprintf("permutation-grid size=%d", n) }
