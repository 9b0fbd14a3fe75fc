package curve

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

var (
	_ games.Board  = Game{}
	_ games.Shower = Game{}
	_ games.Worder = Game{}
)

// OpenRound implements games.Board: the curves in seat order, then each
// grid typed, in sheet order (by curve owner, then filler): its numbering
// ([1] and [2]) and its inside numbers 1, 2, 3, ... in order.
func (g Game) OpenRound(t *scorer.Transcript, i int, _ games.Values) (games.Round, []*input.Node, error) {
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	o, err := open(t, i, n)
	if err == nil {
		err = o.stop
	}
	if err != nil {
		return nil, nil, err
	}
	where, grids := o.where, o.grids
	m := len(t.Players)
	st, err := New(n, t.Players)
	if err != nil {
		return nil, nil, err
	}
	var words []*input.Node
	curves := make([]*input.Node, m)
	for _, g := range o.given {
		seat, c := g.seat, g.loop
		if c.Kind == input.Null {
			continue // a blank transcript's line to fill in
		}
		ws, err := scorer.Words(c, fmt.Sprintf("%s, %s's curve", where, t.Players[seat]))
		if err != nil {
			return nil, nil, err
		}
		var cells []string
		for _, w := range ws {
			cells = append(cells, w.Text)
		}
		cc := *c
		cc.Text = strings.Join(cells, " ")
		curves[seat] = &cc
	}
	// A curve left out of curves: is read from its grids' brackets.
	for seat := range curves {
		if curves[seat] != nil {
			continue
		}
		lp, err := loopFromGrids(t, where, grids, seat, n)
		if err != nil {
			return nil, nil, err
		}
		if lp == nil {
			continue
		}
		var cells []string
		for _, c := range lp.cells {
			cells = append(cells, c.String())
		}
		curves[seat] = &input.Node{Kind: input.Scalar, Pos: t.Rounds[i].Pos, Text: strings.Join(cells, " ")}
	}
	for _, c := range curves {
		if c == nil {
			break // the curves are drawn in seat order
		}
		words = append(words, c)
	}
	// A grid stopped short when a later one was filled, or a later round
	// played: the paper does not say so otherwise.
	later := make([]bool, len(grids))
	seen := i < len(t.Rounds)-1
	for g := len(grids) - 1; g >= 0; g-- {
		later[g] = seen
		if gr := grids[g]; gr != nil && gr.tok != nil {
			seen = true
		}
	}
	for g, gr := range grids {
		if gr == nil || gr.tok == nil {
			continue
		}
		var one, two string
		at := map[int]string{}
		var pos input.Pos
		for r, row := range gr.tok {
			for c, tk := range row {
				if tk == nil {
					continue
				}
				name := boards.CellName(c, r)
				switch {
				case tk.kind == tokOnLoop && tk.val == 1:
					one, pos = name, tk.pos
				case tk.kind == tokOnLoop && tk.val == 2:
					two = name
				case tk.kind == tokInside:
					at[tk.val] = name
				}
			}
		}
		if one == "" && two == "" && len(at) == 0 {
			continue // an empty grid: the one before it was stopped
		}
		words = append(words, &input.Node{Kind: input.Scalar, Pos: pos, Text: one + "=[1] " + two + "=[2]"})
		for v := 1; v <= len(at); v++ {
			words = append(words, &input.Node{Kind: input.Scalar, Pos: pos, Text: at[v] + "=" + strconv.Itoa(v)})
		}
		if later[g] {
			words = append(words, &input.Node{Kind: input.Scalar, Pos: pos, Text: fmt.Sprintf("stop:%d", g)})
		}
	}
	return &entered{Round: games.Erase[Move](st), st: st}, words, nil
}

// stop is the filler's word that they have finished a grid while an empty
// inside square could still take the next number: the transcript then
// stops at that number (an unfinished grid, which the scorer accepts and
// reports). It is not a move of the engine, so the scoring board's round
// plays it itself; it writes nothing in the record.
type stop struct {
	grid int
	noop bool // the grid had moved on already, filled as far as it goes
}

// String writes the stop; a stop that does nothing (its grid finished by
// itself) is no move, and writes nothing.
func (s stop) String() string {
	if s.noop {
		return ""
	}
	return "stop"
}

// entered is a round on the scoring board: the engine, and the grids the
// fillers stopped.
type entered struct {
	games.Round
	st    *State
	stops []stopped
}

type stopped struct {
	hist, from, to int // the engine's history length, and cur before and after
}

func (e *entered) Parse(text string) (games.Move, error) {
	t := strings.TrimSpace(text)
	if t == "stop" {
		return stop{grid: e.st.cur}, nil
	}
	if g, ok := strings.CutPrefix(t, "stop:"); ok {
		k, err := strconv.Atoi(g)
		if err != nil {
			return nil, fmt.Errorf("%q: stop:N names a grid by its number from 0", text)
		}
		return stop{k, k != e.st.cur}, nil
	}
	return e.Round.Parse(text)
}

func (e *entered) Check(m games.Move) error {
	if s, ok := m.(stop); ok {
		if e.st.drawn < len(e.st.players) {
			return fmt.Errorf("the curves are still being drawn: a grid is stopped once its filling has started")
		}
		if s.grid == e.st.cur && !e.st.grids[s.grid].numbered {
			return fmt.Errorf("number the loop first ([1] and [2]): a grid stops after its numbering")
		}
		return nil
	}
	return e.Round.Check(m)
}

func (e *entered) Play(m games.Move) error {
	s, ok := m.(stop)
	if !ok {
		return e.Round.Play(m)
	}
	if err := e.Check(m); err != nil {
		return err
	}
	if s.grid == e.st.cur { // a grid filled as far as it goes has moved on already
		e.stops = append(e.stops, stopped{len(e.st.hist), e.st.cur, e.st.cur + 1})
		e.st.cur++
	}
	return nil
}

// Record writes the engine's record; after a stop, the next grid (not yet
// numbered) as an empty one, which says on paper that the grid before it
// was stopped. (The last grid's stop ends the round, which the next round
// says.)
func (e *entered) Record() string {
	rec := e.Round.Record()
	st := e.st
	if len(e.stops) == 0 || st.cur >= len(st.grids) || st.grids[st.cur].numbered {
		return rec
	}
	g := st.grids[st.cur]
	rec = strings.TrimSuffix(rec, " []\n")
	if !strings.HasSuffix(rec, "\n") {
		rec += "\n"
	}
	var b strings.Builder
	b.WriteString(rec)
	fmt.Fprintf(&b, "  - curve: %s\n    filler: %s\n    rows: |\n", games.YAMLName(st.players[g.owner]), games.YAMLName(st.players[g.filler]))
	for range st.n {
		b.WriteString("      " + strings.TrimSpace(strings.Repeat(". ", st.n)) + "\n")
	}
	return b.String()
}

func (e *entered) Undo() error {
	if k := len(e.stops) - 1; k >= 0 && e.stops[k].hist == len(e.st.hist) && e.st.cur == e.stops[k].to {
		e.st.cur = e.stops[k].from
		e.stops = e.stops[:k]
		return nil
	}
	return e.Round.Undo()
}

// Shown implements games.Shower: the grid of the player drawing their
// curve, then the grid being filled.
func (Game) Shown(r games.Round) int {
	st := state(r)
	if st == nil {
		return 0
	}
	m := len(st.players)
	switch {
	case st.drawn < m:
		return st.drawn*m + st.drawn
	case st.cur < len(st.grids):
		return st.cur
	}
	return m*m - 1
}

// Targets implements games.Board: every square of the grid shown.
func (Game) Targets(r games.Round, o layout.Point, s float64) []games.Target {
	st := state(r)
	if st == nil {
		return nil
	}
	b := boards.CellGrid{N: st.n}
	return games.GridTargets(st.n, "cell", func(c, row int) layout.Point { return b.Cell(o, s, c, row).Center() })
}

// Pick implements games.Board: a curve is drawn square by square and ends
// with a click on its first square again; the numbering is [1] then [2];
// an inside number is one click, the number being K+1.
func (Game) Pick(r games.Round, clicks []games.Pick, _ layout.Point, _ float64) (string, error) {
	st := state(r)
	if st == nil || len(clicks) == 0 {
		return "", nil
	}
	picks := make([]string, len(clicks))
	for i, p := range clicks {
		if p.Point {
			return "", fmt.Errorf("click on a square of the grid")
		}
		picks[i] = p.Name
	}
	switch st.Phase() {
	case "curves":
		k := len(picks)
		if k > st.n*st.n+1 {
			return "", fmt.Errorf("a loop has at most %d squares", st.n*st.n)
		}
		if k >= 2 && picks[k-1] == picks[0] {
			if k < 5 {
				return "", fmt.Errorf("a loop goes round at least 4 squares before it closes on its first one")
			}
			return strings.Join(picks[:k-1], " "), nil
		}
		return "", nil
	case "numbering":
		if len(picks) < 2 {
			return "", nil
		}
		return picks[0] + "=[1] " + picks[1] + "=[2]", nil
	}
	return picks[len(picks)-1], nil
}

func state(r games.Round) *State {
	if e, ok := r.(*entered); ok {
		return e.st
	}
	return games.StateOf[Move, *State](r)
}

// MoveName implements games.Namer: a player's curve, then the grid being
// filled.
func (Game) MoveName(r games.Round, _ string) string {
	st := state(r)
	switch {
	case st == nil:
		return ""
	case st.drawn < len(st.players):
		return st.curveName(st.drawn)
	case st.cur < len(st.grids):
		g := st.grids[st.cur]
		return fmt.Sprintf("%s filled by %s", st.curveName(g.owner), st.players[g.filler])
	}
	return "the round"
}

// Words implements games.Worder: the filler may stop the grid being
// filled. The last grid's stop ends the round and is written nowhere
// (the next round says it), so the page says it again to start that
// round.
func (Game) Words(r games.Round) []games.Word {
	st := state(r)
	if st == nil || st.Phase() != "inside" {
		return nil
	}
	return []games.Word{{Word: "stop", Label: "Stop filling this grid", Title: "the filler stops: the grid is left unfinished at this number", Again: st.cur == len(st.grids)-1}}
}

// Cells implements games.Board: every grid of the round in sheet order,
// from the engine's curves and numbers, as the scorer draws them: the
// grids checked (valid, unfinished) once every curve is drawn.
func (Game) Cells(r games.Round) []layout.Cell {
	e, ok := r.(*entered)
	if !ok {
		return nil
	}
	st := e.st
	m, n := len(st.players), st.n
	loops := make([]*loop, m)
	copy(loops, st.loops[:st.drawn])
	grids := make([]*typed, m*m)
	for at, g := range st.grids {
		if !g.numbered {
			continue
		}
		gr := &typed{owner: g.owner, filler: g.filler, readable: true, tok: make([][]*token, n)}
		for row := range n {
			gr.tok[row] = make([]*token, n)
			for c := range n {
				text := "."
				if g.val[row*n+c] != 0 {
					text = g.text(Cell{c, row})
				}
				gr.tok[row][c], _ = parseSquare(line{text: text})
			}
		}
		grids[at] = gr
	}
	for at, gr := range grids {
		switch {
		case gr == nil:
			grids[at] = &typed{owner: at / m, filler: at % m, status: "missing"}
		case st.drawn == m: // else the scorer refuses the round: curves missing
			checkGrid(gr, loops[gr.owner], n)
			if gr.status == "valid" {
				g := st.grids[at]
				gr.k, gr.unfinished = g.k, g.open(nil)
			}
		}
	}
	return drawings(nil, 0, n, grids, loops)
}
