package curve

import (
	"fmt"
	"papergames/games"
	"sort"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Cell is a square of the grid, 0-based from the top left.
type Cell struct{ C, R int }

func (p Cell) String() string { return boards.CellName(p.C, p.R) }

// token kinds.
const (
	tokEmpty  = '.'
	tokInside = 'n' // a plain number
	tokOnLoop = 'c' // a bracketed number
)

// token is one square of a grid as typed.
type token struct {
	kind byte
	val  int
	text string
	pos  input.Pos
	bad  bool // breaks a rule: drawn in red
}

// typed is one (curve, filler) grid of a round.
type typed struct {
	owner, filler int
	node          *input.Node // the entry; nil when missing
	rows          *input.Node
	where         string     // how messages name it
	readable      bool       // its rows were read without error
	tok           [][]*token // [row][column]; nil where unreadable
	status        string     // valid, invalid, missing, blank, or "" when refused
	k             int        // the top inside number written
	problems      []problem
	unfinished    []Cell // empty inside squares that could take k+1
	redPairs      [][2]Cell
}

// problem is a broken rule of a filled grid, at the square it names.
type problem struct {
	pos input.Pos
	msg string
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, _ games.Values) (*scorer.Result, []layout.Cell, error) {
	res, cells, _, _, err := g.play(t)
	return res, cells, err
}

// play checks and scores every round; it also returns the last round's
// grids and curves, for Moves.
func (g Game) play(t *scorer.Transcript) (*scorer.Result, []layout.Cell, []*typed, []*loop, error) {
	res := &scorer.Result{Game: "within-the-curve", Title: g.Info().Title, Players: t.Players, Goal: scorer.Most,
		Rule: "highest total of top inside numbers wins; a player with an invalid grid loses whatever their total"}
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var errs input.Errors
	errs.Add(t.CheckBoard(games.BoardID(boardKey(n, len(t.Players)))), t.File)
	var cells []layout.Cell
	var grids []*typed
	var loops []*loop
	dq := make([]bool, len(t.Players))
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, nil, nil, nil, err
		}
		var rd *scorer.Round
		var err error
		rd, grids, loops, err = round(t, i, n)
		errs.Add(err, t.File)
		cells = append(cells, drawings(t, i, n, grids, loops)...)
		if rd == nil {
			continue
		}
		for _, gr := range grids {
			if gr.status == "invalid" {
				dq[gr.filler] = true
			}
		}
		res.Rounds = append(res.Rounds, *rd)
		res.Warnings = append(res.Warnings, warnings(t, i, grids)...)
	}
	if err := errs.Err(); err != nil {
		return nil, cells, nil, nil, err
	}
	for s, d := range dq {
		if d {
			res.Disqualified = append(res.Disqualified, s)
		}
	}
	return res, cells, grids, loops, nil
}

// round reads, checks and scores round i: the curves, then every grid.
// The grids come back in sheet order (by curve owner, then filler), the
// missing ones included, for the render.
func round(t *scorer.Transcript, i, n int) (*scorer.Round, []*typed, []*loop, error) {
	o, err := open(t, i, n)
	if err != nil {
		return nil, nil, nil, err
	}
	where, cn, grids := o.where, o.curves, o.grids
	m := len(t.Players)
	errs := o.errs
	loops := make([]*loop, m)
	for _, c := range o.given {
		seat := c.seat
		lp, err := readLoop(fmt.Sprintf("%s, %s's curve", where, t.Players[seat]), c.loop, n)
		errs.Add(err, t.File)
		if lp != nil {
			lp.seat = seat
			loops[seat] = lp
		}
	}
	// A curve left out of curves: is read from its grids; one given there
	// must agree with them (checkBrackets).
	for seat := range loops {
		if o.has[seat] {
			continue
		}
		lp, err := loopFromGrids(t, where, grids, seat, n)
		if err != nil {
			errs.Add(err, t.File)
			continue
		}
		if lp == nil {
			at := t.Rounds[i]
			if cn != nil {
				at = firstKey(cn)
			}
			errs = append(errs, at.Errorf("%s: %s's curve is missing: every player draws one; write it under curves: (%s: B2 C2 C3 B3) or bracket its squares in a grid of it", where, t.Players[seat], t.Players[seat]))
			continue
		}
		lp.seat = seat
		loops[seat] = lp
	}
	for _, gr := range grids {
		if gr != nil {
			errs.Add(checkBrackets(t, gr, loops[gr.owner]), t.File)
		}
	}
	for at := range grids {
		if grids[at] == nil {
			grids[at] = &typed{owner: at / m, filler: at % m, status: "missing"}
		}
	}
	if len(errs) > 0 {
		return nil, grids, loops, errs.Err()
	}
	rd := &scorer.Round{Number: i + 1, Scores: make([]int, m)}
	curves := map[string]any{}
	for _, lp := range loops {
		rd.Lines = append(rd.Lines, fmt.Sprintf("%s's curve: a loop of %d squares, %d inside", t.Players[lp.seat], len(lp.cells), len(lp.inside)))
		curves[t.Players[lp.seat]] = map[string]int{"squares": len(lp.cells), "inside": len(lp.inside)}
	}
	// The engine, its curves drawn, replays each valid grid.
	st, err := New(n, t.Players)
	if err != nil {
		return nil, grids, loops, err
	}
	for _, lp := range loops {
		if err := st.Play(Move{Kind: Curve, Loop: lp.cells}); err != nil {
			panic("within-the-curve: a curve found valid is refused by the engine: " + err.Error())
		}
	}
	var details []map[string]any
	for _, gr := range grids {
		lp := loops[gr.owner]
		if gr.status == "" {
			checkGrid(gr, lp, n)
			if gr.status == "valid" {
				replay(st, gr)
			}
		}
		score := 0
		if gr.status == "valid" {
			score = gr.k
		}
		rd.Scores[gr.filler] += score
		rd.Lines = append(rd.Lines, gr.report(t, lp)...)
		unf := []string{}
		for _, c := range gr.unfinished {
			unf = append(unf, c.String())
		}
		probs := []string{}
		for _, p := range gr.problems {
			probs = append(probs, p.pos.String()+": "+p.msg)
		}
		details = append(details, map[string]any{"curve": t.Players[gr.owner], "filler": t.Players[gr.filler],
			"status": gr.status, "k": gr.k, "score": score, "unfinished": unf, "problems": probs})
	}
	rd.Details = map[string]any{"curves": curves, "grids": details}
	return rd, grids, loops, nil
}

// firstKey is the node to point at for a mapping as a whole: its first
// key, where the eye starts reading it.
func firstKey(n *input.Node) *input.Node {
	if n.Kind == input.Map && len(n.Keys) > 0 {
		return n.Keys[0]
	}
	return n
}

// readLoop reads a curve and checks it is a loop (newLoop): at least 4
// squares on the board, each sharing a side with the next and the last
// with the first, none twice. Its inside is computed when it is.
func readLoop(where string, node *input.Node, n int) (*loop, error) {
	words, err := scorer.Words(node, where)
	if err != nil {
		return nil, err
	}
	var cells []Cell
	var errs input.Errors
	for k, w := range words {
		c, r, err := boards.ParseCell(w.Text, n)
		if err != nil {
			errs = append(errs, w.Errorf("%s, square %d: %v", where, k+1, err))
			continue
		}
		cells = append(cells, Cell{c, r})
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	lp, probs := newLoop(cells, n)
	for _, p := range probs {
		at := node
		if p.at >= 0 {
			at = words[p.at]
		}
		errs = append(errs, at.Errorf("%s%s", where, p.msg))
	}
	return lp, errs.Err()
}

// readGrid reads one grids entry: whose curve, who filled it, and its rows
// as typed. checkBrackets then checks the squares against the curve's
// loop; the rules of play are checked later.
func readGrid(t *scorer.Transcript, where string, it *input.Node, n int) (*typed, error) {
	f, err := it.Fields(where+", a grid", "curve", "filler", "rows")
	if err != nil {
		return nil, err
	}
	var errs input.Errors
	gr := &typed{node: it, owner: -1, filler: -1}
	for _, key := range []string{"curve", "filler"} {
		v, ok := f[key]
		if !ok {
			errs = append(errs, it.Errorf("%s: a grid names its curve's owner (curve: NAME) and who filled it (filler: NAME); %s is missing", where, key))
			continue
		}
		seat, err := t.Seat(v)
		if err != nil {
			errs = append(errs, v.Errorf("%s, grid %s: %v", where, key, err.(*input.Error).Msg))
			continue
		}
		if key == "curve" {
			gr.owner = seat
		} else {
			gr.filler = seat
		}
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	where = fmt.Sprintf("%s, %s's curve filled by %s", where, t.Players[gr.owner], t.Players[gr.filler])
	rn, ok := f["rows"]
	if !ok {
		return gr, it.Errorf("%s: missing rows: the grid as on the sheet, one line per row (rows: |)", where)
	}
	gr.rows = rn
	lines, err := rowLines(where, rn)
	if err != nil {
		return gr, err
	}
	gr.tok = make([][]*token, n)
	for r := range gr.tok {
		gr.tok[r] = make([]*token, n)
	}
	if len(lines) != n {
		at := rn
		if len(lines) > n {
			at = &input.Node{Pos: lines[n].pos}
		}
		rows := fmt.Sprintf("%d rows", len(lines))
		if len(lines) == 1 {
			rows = "1 row"
		}
		errs = append(errs, at.Errorf("%s: %s; a %d-by-%d grid has %d (type the grid as a block, rows: |, one line per row)", where, rows, n, n, n))
	}
	for r, ln := range lines {
		if r >= n {
			break
		}
		words := squares(ln)
		if len(words) != n {
			at := ln.pos
			if len(words) > n {
				at = words[n].pos
			} else if len(words) > 0 {
				at = words[len(words)-1].pos
			}
			errs = append(errs, &input.Error{Pos: at, Msg: fmt.Sprintf("%s, row %d: %d squares; the grid is %d wide (. for an empty square)", where, r+1, len(words), n)})
		}
		for c, w := range words {
			if c >= n {
				break
			}
			tk, err := parseSquare(w)
			if err != "" {
				errs = append(errs, &input.Error{Pos: w.pos, Msg: fmt.Sprintf("%s, %s: %s", where, Cell{c, r}, err)})
				tk.bad = true
			}
			gr.tok[r][c] = tk
		}
	}
	gr.where, gr.readable = where, len(errs) == 0
	return gr, errs.Err()
}

// checkBrackets checks a grid read without error against its curve's
// loop: bracketed exactly on the loop's squares.
func checkBrackets(t *scorer.Transcript, gr *typed, lp *loop) error {
	if lp == nil || lp.cells == nil || !gr.readable {
		return nil
	}
	where := gr.where
	var errs input.Errors
	for r := range gr.tok {
		for c, tk := range gr.tok[r] {
			p := Cell{c, r}
			_, on := lp.on(p)
			switch {
			case tk == nil:
			case tk.kind == tokOnLoop && !on:
				tk.bad = true
				errs = append(errs, &input.Error{Pos: tk.pos, Msg: fmt.Sprintf("%s, %s: %s is bracketed as a curve number, but %s is not on %s's loop; write it without brackets",
					where, p, tk.text, p, t.Players[gr.owner])})
			case tk.kind == tokInside && on:
				tk.bad = true
				errs = append(errs, &input.Error{Pos: tk.pos, Msg: fmt.Sprintf("%s, %s: %s is on %s's loop (square %d), so its number is a curve number: write [%d]",
					where, p, p, t.Players[gr.owner], lp.pos(p)+1, tk.val)})
			}
		}
	}
	return errs.Err()
}

// line is a row of a grid as typed, with the place of its first
// character; exact when the row's columns are known too (not for a
// string over several lines, whose escapes or folding hide them).
type line struct {
	text  string
	pos   input.Pos
	exact bool
}

// rowLines splits rows into lines: a literal block (rows: |) line by line
// at their exact places, or a list of one-line strings (as in JSON).
// Blank lines are skipped and # starts a comment.
func rowLines(where string, rn *input.Node) ([]line, error) {
	var out []line
	add := func(text string, pos input.Pos, exact bool) {
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) != "" {
			out = append(out, line{text, pos, exact})
		}
	}
	switch rn.Kind {
	case input.Scalar:
		switch {
		case rn.BlockCol > 0:
			for i, l := range strings.Split(rn.Text, "\n") {
				add(l, input.Pos{File: rn.Pos.File, Line: rn.Pos.Line + 1 + i, Col: rn.BlockCol}, true)
			}
		case !strings.Contains(rn.Text, "\n"):
			p := rn.Pos
			if rn.Quoted {
				p.Col++
			}
			add(rn.Text, p, true)
		default:
			// A quoted string over several lines or a folded block: every
			// square is placed at the string's start.
			for _, l := range strings.Split(rn.Text, "\n") {
				add(l, rn.Pos, false)
			}
		}
	case input.Seq:
		for k, it := range rn.Items {
			if it.Kind != input.Scalar {
				return nil, it.Errorf("%s, row %d: a row is one line of text; quote it (\"[1] 2 .\") or type the grid as a block (rows: |)", where, k+1)
			}
			p := it.Pos
			if it.Quoted {
				p.Col++
			}
			if strings.Contains(it.Text, "\n") {
				return nil, it.Errorf("%s, row %d: a row is one line of text", where, k+1)
			}
			add(it.Text, p, true)
		}
	default:
		return nil, rn.Errorf("%s: rows must be the grid as on the sheet, typed as a block (rows: |) with one line per row, not %s", where, rn.Kind)
	}
	return out, nil
}

// squares splits a row into its squares, each with its column.
func squares(ln line) []line {
	var out []line
	rs := []rune(ln.text)
	for i := 0; i < len(rs); {
		for i < len(rs) && (rs[i] == ' ' || rs[i] == '\t') {
			i++
		}
		j := i
		for j < len(rs) && rs[j] != ' ' && rs[j] != '\t' {
			j++
		}
		if j > i {
			p := ln.pos
			if ln.exact {
				p.Col += i
			}
			out = append(out, line{string(rs[i:j]), p, ln.exact})
		}
		i = j
	}
	return out
}

// parseSquare reads a square: . (empty), 7 (inside) or [7] (on the curve).
func parseSquare(w line) (*token, string) {
	tk := &token{kind: tokEmpty, text: w.text, pos: w.pos}
	s := w.text
	if s == "." {
		return tk, ""
	}
	tk.kind = tokInside
	if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' {
		tk.kind = tokOnLoop
		s = s[1 : len(s)-1]
	}
	digits := s != ""
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			digits = false
		}
	}
	if !digits {
		tk.kind = tokEmpty
		return tk, fmt.Sprintf("%q is not a square: write . for an empty square, 7 for a number inside the curve, [7] for a number on it", w.text)
	}
	if len(s) > 6 {
		tk.kind = tokEmpty
		return tk, fmt.Sprintf("%s is too large for a number on a grid", w.text)
	}
	tk.val, _ = strconv.Atoi(s)
	return tk, ""
}

// checkGrid checks a grid read without error against the rules of play
// and sets its status, top number, problems and unfinished squares.
func checkGrid(gr *typed, lp *loop, n int) {
	at := func(p Cell) *token { return gr.tok[p.R][p.C] }
	filled := false
	for r := range gr.tok {
		for _, tk := range gr.tok[r] {
			if tk.kind != tokEmpty {
				filled = true
			}
		}
	}
	if !filled {
		gr.status = "blank"
		return
	}
	bad := func(p Cell, format string, a ...any) {
		at(p).bad = true
		gr.problems = append(gr.problems, problem{at(p).pos, fmt.Sprintf(format, a...)})
	}
	// The loop: 1..L, each once, consecutive numbers side by side along it.
	L := len(lp.cells)
	where := map[int][]int{} // curve number -> positions along the loop
	for k, p := range lp.cells {
		tk := at(p)
		switch {
		case tk.kind == tokEmpty:
			bad(p, "%s is on the loop but empty: the loop's %d squares hold 1 to %d", p, L, L)
		case tk.val < 1 || tk.val > L:
			bad(p, "%s [%d]: the loop has %d squares, so its numbers run from 1 to %d", p, tk.val, L, L)
		default:
			if prev := where[tk.val]; len(prev) > 0 {
				bad(p, "%s [%d] repeats [%d] at %s; each of 1 to %d goes on the loop once", p, tk.val, tk.val, lp.cells[prev[0]], L)
			}
			where[tk.val] = append(where[tk.val], k)
		}
	}
	if lack := lacking(where, L); lack != "" {
		gr.problems = append(gr.problems, problem{gr.rows.Pos, fmt.Sprintf("the loop's numbers lack %s: its %d squares hold 1 to %d, each once", lack, L, L)})
	}
	for v := 1; v < L; v++ {
		a, b := where[v], where[v+1]
		if len(a) != 1 || len(b) != 1 {
			continue
		}
		if d := abs(a[0] - b[0]); d != 1 && d != L-1 {
			bad(lp.cells[b[0]], "%s", followMsg(lp.cells[a[0]], v, lp.cells[b[0]]))
		}
	}
	// The inside: 1..K, each once; outside: empty.
	inside := map[int][]Cell{}
	top := Cell{-1, -1}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := Cell{c, r}
			tk := at(p)
			if _, on := lp.on(p); on || tk.kind == tokEmpty {
				continue
			}
			if !lp.isInside(p) {
				bad(p, "%s holds %d but is outside the curve; squares outside stay empty", p, tk.val)
				continue
			}
			switch {
			case tk.val == 0:
				bad(p, "%s holds 0; inside numbers start at 1", p)
			case len(inside[tk.val]) > 0:
				bad(p, "%s %d repeats %d at %s; each inside number is written once", p, tk.val, tk.val, inside[tk.val][0])
			}
			inside[tk.val] = append(inside[tk.val], p)
			if tk.val > gr.k {
				gr.k, top = tk.val, p
			}
		}
	}
	if lack := lacking(inside, gr.k-1); lack != "" {
		bad(top, "the inside numbers go up to %d (at %s) but lack %s; they run 1, 2, 3, ... with none skipped", gr.k, top, lack)
	}
	// Side neighbours with an inside square are coprime.
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			a := Cell{c, r}
			for _, b := range []Cell{{c + 1, r}, {c, r + 1}} {
				if b.C >= n || b.R >= n || (!lp.isInside(a) && !lp.isInside(b)) {
					continue
				}
				ta, tb := at(a), at(b)
				if ta.kind == tokEmpty || tb.kind == tokEmpty || ta.val == 0 || tb.val == 0 {
					continue // a 0 is a problem of its own
				}
				if d := gcd(ta.val, tb.val); d != 1 {
					ta.bad, tb.bad = true, true
					gr.redPairs = append(gr.redPairs, [2]Cell{a, b})
					gr.problems = append(gr.problems, problem{ta.pos, coprimeMsg(a, ta.text, b, tb.text, d)})
				}
			}
		}
	}
	sort.SliceStable(gr.problems, func(i, j int) bool {
		a, b := gr.problems[i].pos, gr.problems[j].pos
		return a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)
	})
	if len(gr.problems) > 0 {
		gr.status = "invalid"
		return
	}
	gr.status = "valid"
}

// replay plays a grid found valid on the engine in the order it was
// filled: the loop's numbering from [1] towards [2], then 1, 2, ..., K
// inside. The engine's K and the squares where K+1 still fits are the
// grid's.
func replay(st *State, gr *typed) {
	g := st.fill(gr.owner, gr.filler)
	var one, two Cell
	at := make([]Cell, gr.k+1)
	for r, row := range gr.tok {
		for c, tk := range row {
			switch {
			case tk.kind == tokOnLoop && tk.val == 1:
				one = Cell{c, r}
			case tk.kind == tokOnLoop && tk.val == 2:
				two = Cell{c, r}
			case tk.kind == tokInside:
				at[tk.val] = Cell{c, r}
			}
		}
	}
	moves := []Move{{Kind: Numbering, At: one, Next: two}}
	for v := 1; v <= gr.k; v++ {
		moves = append(moves, Move{Kind: Write, At: at[v], Value: v})
	}
	for _, m := range moves {
		if err := st.Play(m); err != nil {
			panic(fmt.Sprintf("within-the-curve: a grid found valid is refused by the engine at %s: %v", m, err))
		}
	}
	gr.k = g.k
	gr.unfinished = g.open(nil)
}

// lacking names the numbers from 1 to top that are not keys of have,
// a run of three or more as "8 to 20", at most ten runs: a typo such as
// 999999 for 9 must not list a million numbers.
func lacking[V any](have map[int]V, top int) string {
	var vals []int
	for v := range have {
		if v >= 1 && v <= top {
			vals = append(vals, v)
		}
	}
	sort.Ints(vals)
	vals = append(vals, top+1)
	var parts []string
	runs, next := 0, 1
	for _, v := range vals {
		if v > next {
			runs++
			if runs <= 10 {
				switch {
				case v-next == 1:
					parts = append(parts, strconv.Itoa(next))
				case v-next == 2:
					parts = append(parts, strconv.Itoa(next), strconv.Itoa(next+1))
				default:
					parts = append(parts, fmt.Sprintf("%d to %d", next, v-1))
				}
			}
		}
		next = v + 1
	}
	if runs > 10 {
		parts = append(parts, "and more")
	}
	return strings.Join(parts, ", ")
}

// report is the grid's part of the round's report.
func (gr *typed) report(t *scorer.Transcript, lp *loop) []string {
	head := fmt.Sprintf("%s's curve, filled by %s: ", t.Players[gr.owner], t.Players[gr.filler])
	switch gr.status {
	case "missing":
		return []string{head + "no grid, adds nothing"}
	case "blank":
		return []string{head + "blank, counted as not filled, adds nothing"}
	case "invalid":
		out := []string{head + fmt.Sprintf("INVALID, scores 0 and %s loses:", t.Players[gr.filler])}
		for _, p := range gr.problems {
			out = append(out, fmt.Sprintf("  %s: %s", p.pos, p.msg))
		}
		return out
	}
	// The numbering: where 1 is, and which way 2 lies.
	var one, two int
	for k, p := range lp.cells {
		switch gr.tok[p.R][p.C].val {
		case 1:
			one = k
		case 2:
			two = k
		}
	}
	clock := lp.clock == (two == (one+1)%len(lp.cells))
	way := map[bool]string{true: "clockwise", false: "anticlockwise"}[clock]
	s := head + fmt.Sprintf("scores %d (loop numbered from [1] at %s %s; ", gr.k, lp.cells[one], way)
	switch gr.k {
	case 0:
		s += "nothing inside)"
	case 1:
		s += "inside 1)"
	default:
		s += fmt.Sprintf("inside 1 to %d)", gr.k)
	}
	if len(gr.unfinished) > 0 {
		s += fmt.Sprintf("; unfinished: %d still fits at %s", gr.k+1, cellList(gr.unfinished))
	}
	return []string{s}
}

// cellList names squares, at most eight of them.
func cellList(cs []Cell) string {
	var names []string
	for i, c := range cs {
		if i == 8 {
			names = append(names, fmt.Sprintf("and %d more", len(cs)-8))
			break
		}
		names = append(names, c.String())
	}
	return strings.Join(names, ", ")
}

// warnings are round i's notes: missing, blank and unfinished grids.
func warnings(t *scorer.Transcript, i int, grids []*typed) []string {
	var out []string
	for _, gr := range grids {
		who := fmt.Sprintf("round %d: %s did not fill %s's curve", i+1, t.Players[gr.filler], t.Players[gr.owner])
		switch gr.status {
		case "missing":
			out = append(out, who+" (no grid in the transcript); it adds nothing to their score")
		case "blank":
			out = append(out, fmt.Sprintf("%s: %s (its grid is blank); it adds nothing to their score", gr.rows.Pos, who))
		case "valid":
			if len(gr.unfinished) > 0 {
				p := gr.unfinished[0]
				out = append(out, fmt.Sprintf("%s: round %d: %s's curve filled by %s is unfinished: %d still fits at %s; it scores its top number, %d",
					gr.tok[p.R][p.C].pos, i+1, t.Players[gr.owner], t.Players[gr.filler], gr.k+1, cellList(gr.unfinished), gr.k))
			}
		}
	}
	return out
}

// loopFromGrids reads the loop of seat's curve from its grids, for a
// transcript that leaves it out of curves: its squares are the ones a
// grid brackets (the grid with the most, the owner's own first on a tie,
// since a loop square of an unfinished grid may be empty); their order is
// the loop's when each has exactly two bracketed side neighbours, else
// the order of a grid's numbers [1] to [L] when they run along side
// neighbours. nil, nil when no grid brackets a square.
func loopFromGrids(t *scorer.Transcript, where string, grids []*typed, seat, n int) (*loop, error) {
	var best *typed
	var set map[Cell]bool
	for _, gr := range grids {
		if gr == nil || gr.owner != seat || !gr.readable {
			continue
		}
		s := map[Cell]bool{}
		for r, row := range gr.tok {
			for c, tk := range row {
				if tk != nil && tk.kind == tokOnLoop {
					s[Cell{c, r}] = true
				}
			}
		}
		if len(s) > len(set) || (len(s) == len(set) && len(s) > 0 && gr.filler == seat && best.filler != seat) {
			best, set = gr, s
		}
	}
	if best == nil || len(set) == 0 {
		return nil, nil
	}
	name := fmt.Sprintf("%s, %s's curve (read from the grid %s filled, as curves: leaves it out)", where, t.Players[seat], t.Players[best.filler])
	cells := walk(set)
	if cells == nil {
		for _, gr := range grids {
			if gr != nil && gr.owner == seat && gr.readable {
				if cells = numbered(gr, set); cells != nil {
					break
				}
			}
		}
	}
	if cells == nil {
		return nil, best.rows.Errorf("%s: its %d bracketed squares do not make one loop whose order can be read (some touch side by side off the loop, or the numbers [1] to [%d] do not run along it): write the loop under curves: %s: B2 C2 ...", name, len(set), len(set), t.Players[seat])
	}
	lp, probs := newLoop(cells, n)
	if len(probs) > 0 {
		var errs input.Errors
		for _, p := range probs {
			errs = append(errs, best.rows.Errorf("%s%s", name, p.msg))
		}
		return nil, errs.Err()
	}
	return lp, nil
}

// walk returns the squares of set in order along the loop they make when
// each has exactly two side neighbours in set and they are all one loop;
// nil otherwise. It starts at the top left square and goes right.
func walk(set map[Cell]bool) []Cell {
	var start Cell
	first := true
	for p := range set {
		if first || p.R < start.R || (p.R == start.R && p.C < start.C) {
			start, first = p, false
		}
	}
	nbrs := func(p Cell) []Cell {
		var out []Cell
		for _, q := range []Cell{{p.C + 1, p.R}, {p.C, p.R + 1}, {p.C - 1, p.R}, {p.C, p.R - 1}} {
			if set[q] {
				out = append(out, q)
			}
		}
		return out
	}
	for p := range set {
		if len(nbrs(p)) != 2 {
			return nil
		}
	}
	cells := []Cell{start}
	prev, at := start, nbrs(start)[0] // right or down first: the right one when there is one
	for at != start {
		cells = append(cells, at)
		ns := nbrs(at)
		next := ns[0]
		if next == prev {
			next = ns[1]
		}
		prev, at = at, next
	}
	if len(cells) != len(set) {
		return nil // two loops or more
	}
	return cells
}

// numbered returns the squares of set in the order of gr's bracketed
// numbers when they are 1 to len(set), once each, on the squares of set,
// each beside the next and the last beside the first; nil otherwise.
func numbered(gr *typed, set map[Cell]bool) []Cell {
	cells := make([]Cell, len(set))
	seen := make([]bool, len(set))
	for r, row := range gr.tok {
		for c, tk := range row {
			if tk == nil || tk.kind != tokOnLoop {
				continue
			}
			if !set[Cell{c, r}] || tk.val < 1 || tk.val > len(set) || seen[tk.val-1] {
				return nil
			}
			seen[tk.val-1], cells[tk.val-1] = true, Cell{c, r}
		}
	}
	for k := range cells {
		if !seen[k] || !side(cells[k], cells[(k+1)%len(cells)]) {
			return nil
		}
	}
	return cells
}
