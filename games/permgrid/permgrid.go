// Package permgrid is Leroy Quet's Polygons In Permutation Grid (2008):
// the board sheet, the rules engine (State, one round move by move) and the
// scorer of transcripts, which replays each round on the engine.
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
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "line grid", Code: "PG"}
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
		Key:     key(n),
		Cells:   []layout.Cell{{Figure: boards.LineGrid{N: n}, Record: record(n, players, 0)}},
		Rounds:  2,
		Match:   "rounds in pairs, roles swapped",
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

// Example implements Scorer.
func (Game) Example() string {
	return strings.Replace(blank, "BOARD", games.BoardID(key(10)), 1)
}

const blank = `# Polygons In Permutation Grid transcript: one match, checked and scored by
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
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	errs.Add(t.CheckBoard(games.BoardID(key(n))), t.File)
	var cells []layout.Cell
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, nil, err
		}
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

// Moves implements games.Mover: it checks t like Score, except that its
// last round may stop before every dot is placed, and lists the free
// crossings where the next dot may go, row by row.
func (g Game) Moves(t *scorer.Transcript, _ games.Values) (string, error) {
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return "", err
	}
	var errs input.Errors
	errs.Add(t.CheckBoard(games.BoardID(key(n))), t.File)
	var st *State
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return "", err
		}
		var err error
		st, _, err = g.replay(t, i, n, i == len(t.Rounds)-1)
		errs.Add(err, t.File)
	}
	if err := errs.Err(); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: round %d: %s is player 1 (triangles), %s player 2 (4 or more sides); %d of %d dots placed.\n",
		t.File, len(t.Rounds), t.Players[st.p1], t.Players[1-st.p1], len(st.dots), n)
	if st.Over() {
		b.WriteString("Every dot is placed: the round is over, no move remains.\n")
		return b.String(), nil
	}
	ms := st.Moves(nil)
	fmt.Fprintf(&b, "Dot %d is %s's: %s. %d legal move(s):\n", len(st.dots)+1, t.Players[st.ToMove()], st.Constraint(), len(ms))
	for k := 0; k < len(ms); {
		r := ms[k].Row
		var names []string
		for ; k < len(ms) && ms[k].Row == r; k++ {
			names = append(names, ms[k].String())
		}
		fmt.Fprintf(&b, "  row %d: %s\n", r+1, strings.Join(names, " "))
	}
	return b.String(), nil
}

// replay reads round i and plays its dots on the engine. It returns the
// state whenever the round's roles could be read (for drawing), a dot the
// rules refused (to draw in red), and an error for every rule broken. With
// listing, a round with dots still to place is not an error: Moves lists
// what comes next.
func (g Game) replay(t *scorer.Transcript, i, n int, listing bool) (st *State, refused *Move, err error) {
	where := fmt.Sprintf("round %d", i+1)
	st, words, dn, err := open(t, i, n)
	if err != nil {
		return nil, nil, err
	}
	if dn == nil {
		return nil, nil, t.Rounds[i].Errorf("%s: missing dots, e.g. dots: C1 A2 D3 B4", where)
	}
	var errs input.Errors
	for k, w := range words {
		if st.Over() {
			errs = append(errs, w.Errorf("%s, dot %d (%s): %v", where, k+1, w.Text, st.Check(Move{})))
			break
		}
		m, err := st.Parse(w.Text)
		if err != nil {
			errs = append(errs, w.Errorf("%s, dot %d: %v", where, k+1, err))
			break
		}
		if err := st.Play(m); err != nil {
			for _, e := range reasons(err) {
				errs = append(errs, w.Errorf("%s, dot %d (%s): %v", where, k+1, m, e))
			}
			refused = &m
			break
		}
	}
	if len(errs) == 0 && !st.Over() && !listing {
		errs = append(errs, dn.Errorf("%s: %d dots placed; a %d-line grid takes %d, one on every row and column", where, len(st.dots), n, n))
	}
	return st, refused, errs.Err()
}

// reasons splits an error of Check into the rules it names.
func reasons(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func (g Game) round(t *scorer.Transcript, i, n int) (*scorer.Round, *layout.Cell, error) {
	st, refused, err := g.replay(t, i, n, false)
	if st == nil {
		return nil, nil, err
	}
	dots, bad := st.Dots(), -1
	if refused != nil {
		dots, bad = append(dots[:len(dots):len(dots)], *refused), len(dots)
	}
	var segs []geom.Segment
	if err == nil {
		segs = geomSegs(st.Drawing())
	}
	var pr *polygons.Round
	cell := func() *layout.Cell {
		c := drawn(n, st.p1, dots, bad, segs, pr)
		c.Caption = fmt.Sprintf("round %d: %s is player 1", i+1, t.Players[st.p1])
		return &c
	}
	if err != nil {
		return nil, cell(), err
	}
	var names []string
	for _, d := range dots {
		names = append(names, d.String())
	}
	rd, scored, err := permutationRule.Score(t, i, st.p1, segs, "dots "+strings.Join(names, " "))
	if err != nil {
		return nil, nil, err
	}
	pr = scored // cell() draws the scored faces
	return rd, cell(), nil
}

// drawn draws a round on an n-line grid: the faces scored (pr, once the
// round is over), the segments joining the dots, and the dots in their
// players' inks, the bad one (-1: none) in red.
func drawn(n, p1 int, dots []Move, bad int, segs []geom.Segment, pr *polygons.Round) layout.Cell {
	board := boards.LineGrid{N: n}
	return layout.Cell{Figure: scorer.Overlay{Base: board, Moves: func(c layout.Canvas, o layout.Point, s float64, sty layout.Style) {
		step := s / float64(n-1)
		a := board.Node(o, s, 0, 0)
		// Rows grow downwards on the sheet, as the y of these points does.
		at := func(x, y float64) layout.Point { return layout.Pt(a.X+x*step, a.Y+y*step) }
		if pr != nil {
			pr.Paint(c, at, step)
		}
		polygons.StrokeSegs(c, segs, at, layout.Pen{Width: sty.Line, Color: layout.Black})
		for k, d := range dots {
			col := scorer.Ink((p1 + k) % 2)
			if k == bad {
				col = layout.Red
			}
			polygons.Dot(c, board.Node(o, s, d.Col, d.Row), 1, col)
		}
	}}}
}

// key is what the board id hashes: the sheet's and the transcript's
// check must agree.
func key(n int) string { return fmt.Sprintf("permutation-grid size=%d", n) }
