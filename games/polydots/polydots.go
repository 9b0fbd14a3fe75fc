// Package polydots is Leroy Quet's Polygons-&-Dots (2008): the coordinate
// sheet, the rules engine (State, one round move by move, with exact
// points) and the scorer of transcripts, which replays each round on the
// engine.
package polydots

import (
	"fmt"
	"math"
	"papergames/games"
	"papergames/games/polygons"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/geom"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Game is Leroy Quet's Polygons-&-Dots (2008).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "polygons-and-dots", Title: "Polygons-&-Dots", Posted: "September 19, 2008",
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "millimetre coordinate sheet", Code: "PD"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "dots", Usage: "dots placed in a round, an even number (each player places half)", Print: "rows of the record form", Kind: games.Int, Default: 10, Min: 4, Max: MaxDots}}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("dots")
	if n%2 != 0 {
		return nil, games.Usagef("--dots %d: must be even, each player placing half", n)
	}
	return &games.Setup{
		Params:  fmt.Sprintf("2 players, %d dots · dots written as (x, y) in mm from the grid's 0, its bottom left corner · odd-sided polygons score for player 1, even for player 2", n),
		Key:     "polygons-and-dots",
		Cells:   []layout.Cell{{Figure: boards.MMSheet{Label: true}, Record: record(n, players, 0)}},
		Rounds:  2,
		Match:   "rounds in pairs, roles swapped",
		PerPage: 1,
	}, nil
}

// MaxDots bounds a round of Polygons-&-Dots (checking a dot sorts the
// directions to the dots before it).
const MaxDots = 200

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return []games.Param{{Name: "strict", Kind: games.Bool, Usage: "three dots in line are an error, not a warning"}}
}

// HeaderKeys implements Scorer: grid, the sheet's grid as printed above
// the board (grid: 164x164), which every dot must be on.
func (Game) HeaderKeys() []string { return []string{"grid"} }

// MaxGrid bounds a side of the grid a transcript names, in mm.
const MaxGrid = 10000

// readGrid reads the header's grid: WxH in whole mm; 0, 0 without one.
func readGrid(t *scorer.Transcript) (w, h int, err error) {
	n, ok := t.Params["grid"]
	if !ok || n.Kind == input.Null {
		return 0, 0, nil
	}
	s, err := n.Value("grid")
	if err != nil {
		return 0, 0, err
	}
	ws, hs, ok := strings.Cut(strings.ToLower(strings.ReplaceAll(s, " ", "")), "x")
	w, err1 := strconv.Atoi(strings.TrimSuffix(ws, "mm"))
	h, err2 := strconv.Atoi(strings.TrimSuffix(hs, "mm"))
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > MaxGrid || h > MaxGrid {
		return 0, 0, n.Errorf("grid %s: write the grid printed above the board, its width x height in whole mm from 1 to %d, e.g. grid: 164x164", input.Quote(s), MaxGrid)
	}
	return w, h, nil
}

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: each face is shaded in the colour of the player it scores for."
}

// Example implements Scorer.
func (Game) Example() string {
	return strings.Replace(blank, "BOARD", games.BoardID("polygons-and-dots"), 1)
}

const blank = `# Polygons-&-Dots transcript: one match, checked and scored by
#   papergames score THIS-FILE
game: polygons-and-dots
players: [Player 1, Player 2]   # names in seat order
grid: 164x164                   # the grid printed above the board (optional): dots off it are refused
board: BOARD                    # the board id printed on the sheet (optional)
date: ""                        # optional
place: ""                       # optional
rounds:
  # One entry per round. Roles swap each round: in round 1 the first seat is
  # player 1 (odd-sided polygons), in round 2 the second seat; write
  # player1: NAME to say otherwise.
  - dots:   # in the order placed, player 1 first: [x, y] in mm from the
            # grid's 0, its bottom left corner; whole numbers, decimals (with
            # a point: 80.5) or fractions
      - [20, 30]
      - [150, 40]
      - [90, 160]
      - [40, 110]
    path: 1 3 2 4   # dot numbers in the order the path visits them (the
                    # first move joins the first two); it closes by itself.
                    # 1-3-2-4 and 1-3-2-4-1, as the report prints it, are the same
`

// parityRule: odd-sided faces are player 1's points, even-sided player 2's.
var parityRule = polygons.FaceRule{
	ForP1: func(sides int) bool { return sides%2 == 1 },
	Role1: "odd sides", Role2: "even sides",
	Face1: "odd", Face2: "even",
	Corner: polygons.MMPoint,
	Exact:  polygons.MMExact,
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, v games.Values) (*scorer.Result, []layout.Cell, error) {
	res := &scorer.Result{Game: "polygons-and-dots", Title: g.Info().Title, Players: t.Players, Goal: scorer.Most,
		Rule: "most points wins: a point for each face, odd-sided for player 1, even-sided for player 2"}
	var errs input.Errors
	errs.Add(t.CheckBoard(games.BoardID("polygons-and-dots")), t.File)
	w, h, err := readGrid(t)
	errs.Add(err, t.File)
	var cells []layout.Cell
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, nil, err
		}
		rd, cell, warns, err := g.round(t, i, v.Bool("strict"), [2]int{w, h})
		res.Warnings = append(res.Warnings, warns...)
		errs.Add(err, t.File)
		if cell != nil {
			cells = append(cells, *cell)
		}
		if rd != nil {
			res.Rounds = append(res.Rounds, *rd)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, cells, err
	}
	return res, cells, nil
}

// round scores round i: strict refuses three dots in line (else each such
// line is a warning), and dots must be on the sheet's grid when known.
func (g Game) round(t *scorer.Transcript, i int, strict bool, grid [2]int) (rd *scorer.Round, cell *layout.Cell, warns []string, err error) {
	rd, cell, err = g.roundOf(t, i, strict, grid, &warns)
	return rd, cell, warns, err
}

func (g Game) roundOf(t *scorer.Transcript, i int, strict bool, grid [2]int, warns *[]string) (*scorer.Round, *layout.Cell, error) {
	o, err := open(t, i)
	if err != nil {
		return nil, nil, err
	}
	where, p1, dn, items := o.where, o.p1, o.dots, o.items
	var errs input.Errors
	if dn == nil {
		return nil, nil, t.Rounds[i].Errorf("%s: missing dots: [[x, y], ...]", where)
	}
	if dn.Kind == input.Null {
		_, err := scorer.Rows(dn).List(where + " dots")
		return nil, nil, err
	}
	var dots []Point
	var offs input.Errors
	off := map[int]bool{}
	for k, it := range items {
		if x, y, ok := dotItem(it); ok {
			p, err := ParsePoint(x, y)
			if err != nil {
				errs = append(errs, it.Errorf("%s, dot %d: %v", where, k+1, err))
				continue
			}
			if p.negative() {
				errs = append(errs, it.Errorf("%s, dot %d %v: %v", where, k+1, p, errOffSheet))
				continue
			}
			if grid[0] > 0 && p.beyond(int64(grid[0]), int64(grid[1])) {
				// Checked on, and drawn in red beyond the grid.
				offs = append(offs, it.Errorf("%s, dot %d %v: %v", where, k+1, p, &offGrid{int64(grid[0]), int64(grid[1])}))
				off[len(dots)] = true
			}
			dots = append(dots, p)
			continue
		}
		errs = append(errs, it.Errorf("%s, dot %d: %s", where, k+1, dotSyntax(it)))
	}
	if len(errs) > 0 {
		return nil, nil, errs.Err()
	}
	if err := checkScale(dots); err != nil {
		return nil, nil, dn.Errorf("%s: %v", where, err)
	}
	if len(dots) < 4 || len(dots)%2 == 1 {
		errs = append(errs, dn.Errorf("%s: %d dots; each player places the same number, so the total is even and at least 4", where, len(dots)))
	}
	// Every dot is checked against all the dots written before it, refused
	// ones too; three in a line are reported only when no dot repeats.
	st := newState(len(dots), t.Players, p1, DefaultGrid)
	st.lax = !strict
	bad, inLine := map[int]bool{}, map[int]bool{}
	var dups, lines input.Errors
	var unnoticed []string
	for k, p := range dots {
		if !strict {
			if e := st.InLine(p); e != nil {
				unnoticed = append(unnoticed, fmt.Sprintf("%s: %s, dot %d: %v: the rules forbid it, but of a line nobody noticed the post says \"this is no big deal\": scored as drawn (--strict refuses it)", items[k].Pos, where, k+1, e))
			}
		}
		for _, e := range reasons(st.Check(Move{At: p})) {
			msg := items[k].Errorf("%s, dot %d %v: %v", where, k+1, p, e)
			if _, ok := e.(*dupError); ok {
				dups = append(dups, msg)
				bad[k] = true
			} else {
				lines = append(lines, msg)
				inLine[k] = true
			}
		}
		st.play(Move{At: p})
	}
	if len(dups) > 0 {
		errs = append(errs, dups...)
	} else {
		errs = append(errs, lines...)
		bad = inLine
	}
	errs = append(errs, offs...)
	for k := range off {
		bad[k] = true
	}
	badStep := [2]int{-1, -1} // the first illegal step, drawn in red
	if len(dups) == 0 {
		*warns = append(*warns, unnoticed...)
	}
	if pn := o.path; pn == nil {
		errs = append(errs, t.Rounds[i].Errorf("%s: missing path: the dot numbers in the order visited", where))
	} else if o.pathErr != nil {
		errs.Add(o.pathErr, t.File)
	} else {
		words := closed(o.steps, len(dots))
		var wordOf []int // the word that made each step
		for m, w := range words {
			mv, err := st.Parse(w.Text)
			if err == nil {
				err = st.Play(mv)
			}
			if r, ok := err.(*revisitError); ok {
				r.Step = wordOf[r.Step-1] + 1
				if len(st.path) > 0 && len(errs) == 0 && len(st.path) == m {
					badStep = [2]int{int(st.path[len(st.path)-1]), mv.To - 1}
				}
			}
			if err != nil {
				errs = append(errs, w.Errorf("%s, path step %d: %v", where, m+1, err))
				continue
			}
			wordOf = append(wordOf, m)
		}
		if len(st.path) == len(words) && len(st.path) < len(dots) {
			var missing []string
			for k, at := range st.at {
				if at == 0 {
					missing = append(missing, strconv.Itoa(k+1))
				}
			}
			errs = append(errs, pn.Errorf("%s: the path never reaches dot(s) %s; it must visit every dot", where, strings.Join(missing, ", ")))
		}
	}
	cell := func(segs []geom.Segment, pr *polygons.Round) *layout.Cell {
		c := drawn(dots, p1, bad, badStep, segs, pr)
		c.Caption = fmt.Sprintf("round %d: %s is player 1", i+1, t.Players[p1])
		return &c
	}
	if len(errs) > 0 {
		// Draw the path as far as it was legal.
		var segs []geom.Segment
		if badStep[0] >= 0 {
			for m := 0; m+1 < len(st.path); m++ {
				segs = append(segs, geom.Segment{A: dots[st.path[m]].Geom(), B: dots[st.path[m+1]].Geom()})
			}
		}
		return nil, cell(segs, nil), errs.Err()
	}
	segs := st.Segments()
	var steps []string
	for _, k := range st.path {
		steps = append(steps, strconv.Itoa(int(k)+1))
	}
	rd, pr, err := parityRule.Score(t, i, p1, segs, fmt.Sprintf("%d dots; path %s-%s", len(dots), strings.Join(steps, "-"), steps[0]))
	if err != nil {
		return nil, nil, err
	}
	return rd, cell(segs, pr), nil
}

// drawn draws a round's dots, numbered, in their players' inks (the bad
// ones in red), the path's segs over the faces scored (pr), and a refused
// step (badStep, dot indices; -1 for none) in red. The sheet scales down
// when a dot lies beyond what fits at full size.
func drawn(dots []Point, p1 int, bad map[int]bool, badStep [2]int, segs []geom.Segment, pr *polygons.Round) layout.Cell {
	span := 0.0
	for _, d := range dots {
		x, y := d.Float()
		span = max(span, x, y)
	}
	board := boards.MMSheet{MinSpan: int(math.Ceil(span/10) * 10)}
	return layout.Cell{Figure: scorer.Overlay{Base: board, Moves: func(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
		at := func(p Point) layout.Point { x, y := p.Float(); return board.At(o, s, x, y) }
		if pr != nil {
			pr.Paint(c, func(x, y float64) layout.Point { return board.At(o, s, x, y) }, 1)
		}
		polygons.StrokeSegs(c, segs, func(x, y float64) layout.Point { return board.At(o, s, x, y) }, layout.Pen{Width: st.Line, Color: layout.Black})
		if badStep[0] >= 0 {
			c.Stroke(layout.Segment(at(dots[badStep[0]]), at(dots[badStep[1]])), layout.Pen{Width: 2 * st.Line, Color: layout.Red})
		}
		for k, d := range dots {
			col := scorer.Ink((p1 + k) % 2) // dot 0 is player 1's
			if bad[k] {
				col = layout.Red
			}
			p := at(d)
			polygons.Dot(c, p, 0.9, col)
			c.Text(layout.Pt(p.X+1.2, p.Y-1.2), strconv.Itoa(k+1), layout.Font{Size: 2.6}, layout.Left, col)
		}
	}}}
}

// checkScale refuses dots whose exact coordinates are too large to
// compute with (geom.MaxScaledBits, the closed path's segments times the
// bits of their common denominator), counted before the collinearity test
// and the faces spend time on them.
func checkScale(dots []Point) error {
	sc := geom.NewScale(len(dots))
	for _, d := range dots {
		x, y := d.Rat()
		if err := sc.Add(x); err != nil {
			return err
		}
		if err := sc.Add(y); err != nil {
			return err
		}
	}
	return nil
}

// pathWords returns the steps of a path written as words (1 3 2 4), as
// the report prints it (1-3-2-4-1), or both ways.
func pathWords(pn *input.Node, where string) ([]*input.Node, error) {
	ws, err := scorer.Words(pn, where)
	if err != nil {
		return nil, err
	}
	var out []*input.Node
	for _, w := range ws {
		if !strings.ContainsAny(w.Text, "-–") || strings.Trim(w.Text, "-–") == "" {
			out = append(out, w)
			continue
		}
		col := 0
		for _, part := range strings.FieldsFunc(w.Text, func(r rune) bool { return r == '-' || r == '–' }) {
			at := strings.Index(w.Text[col:], part) + col
			p := *w
			p.Text, p.Pos.Col = part, w.Pos.Col+len([]rune(w.Text[:at]))
			out = append(out, &p)
			col = at + len(part)
		}
	}
	return out, nil
}

// closed returns the path's words without a last one that repeats the
// first: the path closes by itself, but one written as the report prints
// it (1-2-3-4-1) ends with the first dot again, which is the closing edge,
// not a move (docs/rulings.md).
func closed(words []*input.Node, dots int) []*input.Node {
	if n := len(words); n == dots+1 && n > 1 && strings.TrimSpace(words[0].Text) == strings.TrimSpace(words[n-1].Text) {
		return words[:n-1]
	}
	return words
}

// dotSyntax says how to write a dot that is not two numbers, with a hint
// for decimals written with a comma ([144.5, 102,5] reads as three numbers).
func dotSyntax(it *input.Node) string {
	if it.Kind == input.Seq && (len(it.Items) == 3 || len(it.Items) == 4) {
		return fmt.Sprintf("write a dot as [x, y]: this has %d numbers; write decimals with a point, not a comma (102.5, not 102,5)", len(it.Items))
	}
	return "write a dot as [x, y]"
}

// reasons splits an error of Check into the rules it names.
func reasons(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
