package curve

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
)

// Kind is what a move does.
type Kind uint8

// The kinds of move, one per phase.
const (
	Curve     Kind = iota // draw the player's loop
	Numbering             // number the loop of the grid being filled: [1] and [2]
	Write                 // write the next inside number, K+1
)

// Move is one move of a round. Its notation: a curve is its squares in
// order along the loop, "B2 C2 C3 B3"; a numbering places [1] and [2],
// "B2=[1] C2=[2]" (the rest follows along the loop); a write puts K+1 in
// a square, "C3=1".
type Move struct {
	Kind  Kind
	Loop  []Cell // Curve
	At    Cell   // Numbering: the square of [1]; Write: the square written
	Next  Cell   // Numbering: the square of [2], next to At along the loop
	Value int    // Write: the number, K+1
}

func (m Move) String() string {
	switch m.Kind {
	case Curve:
		names := make([]string, len(m.Loop))
		for i, p := range m.Loop {
			names[i] = p.String()
		}
		return strings.Join(names, " ")
	case Numbering:
		return m.At.String() + "=[1] " + m.Next.String() + "=[2]"
	}
	return m.At.String() + "=" + strconv.Itoa(m.Value)
}

// grid is one copy of a curve being filled: the loop numbered from the
// square at position start, in direction dir (+1 along the listed order,
// -1 against it), then 1..k written inside.
type grid struct {
	lp            *loop
	owner, filler int
	val           []int32 // square -> its number, 0 when empty
	numbered      bool
	start, dir    int
	k             int
}

func newGrid(lp *loop, owner, filler int) *grid {
	return &grid{lp: lp, owner: owner, filler: filler, val: make([]int32, lp.n*lp.n)}
}

// number writes the loop's numbers 1..L from position start in direction
// dir.
func (g *grid) number(start, dir int) {
	L := len(g.lp.cells)
	for i := range L {
		g.val[g.lp.sq(g.lp.cells[((start+dir*i)%L+L)%L])] = int32(i + 1)
	}
	g.numbered, g.start, g.dir = true, start, dir
}

func (g *grid) unnumber() {
	for _, p := range g.lp.cells {
		g.val[g.lp.sq(p)] = 0
	}
	g.numbered = false
}

// fits tells whether v may go in p, an inside square: coprime with every
// filled side neighbour (an inside square and its neighbours are coprime).
func (g *grid) fits(p Cell, v int) bool {
	n := g.lp.n
	i := p.R*n + p.C
	ok := func(j int) bool { w := int(g.val[j]); return w == 0 || gcd(v, w) == 1 }
	return (p.C == 0 || ok(i-1)) && (p.C == n-1 || ok(i+1)) && (p.R == 0 || ok(i-n)) && (p.R == n-1 || ok(i+n))
}

// open appends the empty inside squares that can take k+1, row by row:
// the legal writes, and the unfinished squares of a finished grid.
func (g *grid) open(buf []Cell) []Cell {
	for _, p := range g.lp.inside {
		if g.val[g.lp.sq(p)] == 0 && g.fits(p, g.k+1) {
			buf = append(buf, p)
		}
	}
	return buf
}

// done tells whether the grid is filled as far as it goes.
func (g *grid) done() bool {
	if !g.numbered {
		return false
	}
	for _, p := range g.lp.inside {
		if g.val[g.lp.sq(p)] == 0 && g.fits(p, g.k+1) {
			return false
		}
	}
	return true
}

// text writes the number in p as typed: 7 inside, [7] on the loop.
func (g *grid) text(p Cell) string {
	v := strconv.Itoa(int(g.val[g.lp.sq(p)]))
	if _, on := g.lp.on(p); on {
		return "[" + v + "]"
	}
	return v
}

// checkNumbering says why [1] at a and [2] at b may not start the loop's
// numbers ("" when they may); it returns the position and direction.
func (g *grid) checkNumbering(a, b Cell) (start, dir int, why string) {
	lp := g.lp
	if !onBoard(a, lp.n) || !onBoard(b, lp.n) {
		return 0, 0, fmt.Sprintf("%s or %s is off the %d-by-%d grid", a, b, lp.n, lp.n)
	}
	i, ok := lp.on(a)
	if !ok {
		return 0, 0, fmt.Sprintf("%s is not on the loop; [1] goes on one of its squares", a)
	}
	L := len(lp.cells)
	switch b {
	case lp.cells[(i+1)%L]:
		return i, 1, ""
	case lp.cells[(i+L-1)%L]:
		return i, -1, ""
	}
	return 0, 0, followMsg(a, 1, b)
}

// checkWrite says why v may not be written in p ("" when it may).
func (g *grid) checkWrite(p Cell, v int) string {
	lp := g.lp
	switch {
	case !onBoard(p, lp.n):
		return fmt.Sprintf("%s is off the %d-by-%d grid", p, lp.n, lp.n)
	case v != g.k+1:
		return fmt.Sprintf("%s=%d: the inside numbers run 1, 2, 3, ... with none skipped or repeated, so the next is %d", p, v, g.k+1)
	}
	if k, on := lp.on(p); on {
		return fmt.Sprintf("%s is on the loop (square %d), which holds the curve numbers; inside numbers go inside it", p, k+1)
	}
	if !lp.isInside(p) {
		return fmt.Sprintf("%s is outside the curve; squares outside stay empty", p)
	}
	if w := g.val[lp.sq(p)]; w != 0 {
		return fmt.Sprintf("%s already holds %d; each square takes one number", p, w)
	}
	var why []string
	for _, q := range []Cell{{p.C, p.R - 1}, {p.C - 1, p.R}, {p.C + 1, p.R}, {p.C, p.R + 1}} {
		if !onBoard(q, lp.n) || g.val[lp.sq(q)] == 0 {
			continue
		}
		if d := gcd(v, int(g.val[lp.sq(q)])); d != 1 {
			if q.R < p.R || q.C < p.C {
				why = append(why, coprimeMsg(q, g.text(q), p, strconv.Itoa(v), d))
			} else {
				why = append(why, coprimeMsg(p, strconv.Itoa(v), q, g.text(q), d))
			}
		}
	}
	return strings.Join(why, "\n")
}

func onBoard(p Cell, n int) bool { return p.C >= 0 && p.R >= 0 && p.C < n && p.R < n }

// State is one round in progress: each player draws a curve, in seat
// order (phase "curves"); then every player fills every curve's copy, one
// grid after another in sheet order (by curve owner, then filler): first
// the loop's numbering ("numbering"), then 1, 2, 3, ... inside
// ("inside"), until no empty inside square can take the next number.
type State struct {
	n       int
	players []string
	loops   []*loop // by seat, nil until drawn
	drawn   int
	grids   []*grid // sheet order, once every curve is drawn
	cur     int     // the grid being filled
	hist    []undo
	scratch []Cell
	rects   *[]Move // candidate curves, shared by clones
}

// undo is what Undo needs of a move: its kind, and the grid being filled
// before it.
type undo struct {
	kind Kind
	cur  int
	at   Cell
}

var (
	_ games.Engine[Move]  = (*State)(nil)
	_ games.Sampler[Move] = (*State)(nil)
)

// New returns a round on n-by-n grids (4 to 40) for the named players.
func New(n int, players []string) (*State, error) {
	switch {
	case n < 4 || n > 40:
		return nil, fmt.Errorf("size %d: must be from 4 to 40", n)
	case len(players) == 0:
		return nil, fmt.Errorf("no players")
	}
	return &State{n: n, players: players, loops: make([]*loop, len(players)), rects: new([]Move)}, nil
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.loops = append([]*loop(nil), s.loops...) // loops are never changed once drawn
	c.grids = make([]*grid, len(s.grids))
	for i, g := range s.grids {
		cg := *g
		cg.val = append([]int32(nil), g.val...)
		c.grids[i] = &cg
	}
	c.hist = append([]undo(nil), s.hist...)
	c.scratch = nil
	return &c
}

// Phase implements games.Engine: "curves", "numbering", "inside", "over".
func (s *State) Phase() string {
	switch {
	case s.drawn < len(s.players):
		return "curves"
	case s.cur >= len(s.grids):
		return "over"
	case !s.grids[s.cur].numbered:
		return "numbering"
	}
	return "inside"
}

// ToMove implements games.Engine: the next player to draw a curve, then
// the filler of the grid being filled.
func (s *State) ToMove() int {
	switch {
	case s.drawn < len(s.players):
		return s.drawn
	case s.cur >= len(s.grids):
		return -1
	}
	return s.grids[s.cur].filler
}

// Over implements games.Engine.
func (s *State) Over() bool { return s.drawn == len(s.players) && s.cur >= len(s.grids) }

// Scores implements games.Engine: each player's K summed over the grids
// they filled so far.
func (s *State) Scores() []int {
	sc := make([]int, len(s.players))
	for _, g := range s.grids {
		sc[g.filler] += g.k
	}
	return sc
}

// K returns the top inside number of the grid of owner's curve filled by
// filler (0 before the curves are drawn).
func (s *State) K(owner, filler int) int {
	if len(s.grids) == 0 {
		return 0
	}
	return s.grids[owner*len(s.players)+filler].k
}

func (s *State) curveName(seat int) string { return s.players[seat] + "'s curve" }

// Parse implements games.Engine: a curve, a numbering or a write (see
// Move), as the phase asks.
func (s *State) Parse(text string) (Move, error) {
	switch s.Phase() {
	case "curves":
		var m Move
		for k, w := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
			c, r, err := boards.ParseCell(w, s.n)
			if err != nil {
				return Move{}, games.Refusal{fmt.Sprintf("%s, square %d: %v", s.curveName(s.drawn), k+1, err)}
			}
			m.Loop = append(m.Loop, Cell{c, r})
		}
		return m, nil
	case "numbering":
		f := strings.Fields(text)
		bad := games.Refusal{fmt.Sprintf("%q: number the loop by placing [1] and [2], e.g. B2=[1] C2=[2]", text)}
		if len(f) != 2 {
			return Move{}, bad
		}
		a, av, err1 := s.square(f[0])
		b, bv, err2 := s.square(f[1])
		switch {
		case err1 != nil:
			return Move{}, err1
		case err2 != nil:
			return Move{}, err2
		case av == "[2]" && bv == "[1]":
			a, b = b, a
		case av != "[1]" || bv != "[2]":
			return Move{}, bad
		}
		return Move{Kind: Numbering, At: a, Next: b}, nil
	case "inside":
		p, v, err := s.square(text)
		if err != nil {
			return Move{}, err
		}
		m := Move{Kind: Write, At: p, Value: s.grids[s.cur].k + 1}
		if v != "" {
			if m.Value, err = strconv.Atoi(v); err != nil {
				return Move{}, games.Refusal{fmt.Sprintf("%q: write a square and the number, e.g. C3=%d", text, s.grids[s.cur].k+1)}
			}
		}
		return m, nil
	}
	return Move{}, games.Refusal{"the round is over"}
}

// square reads "C3=7" (or "C3" alone) into the square and what follows =.
func (s *State) square(w string) (Cell, string, error) {
	name, v, _ := strings.Cut(w, "=")
	c, r, err := boards.ParseCell(name, s.n)
	if err != nil {
		return Cell{}, "", games.Refusal{err.Error()}
	}
	return Cell{c, r}, strings.TrimSpace(v), nil
}

// Check implements games.Engine.
func (s *State) Check(m Move) error {
	if err := s.checkPhase(m); err != nil {
		return err
	}
	switch m.Kind {
	case Curve:
		_, err := s.curve(m)
		return err
	case Numbering:
		if _, _, why := s.grids[s.cur].checkNumbering(m.At, m.Next); why != "" {
			return games.Refusal{why}
		}
		return nil
	}
	if why := s.grids[s.cur].checkWrite(m.At, m.Value); why != "" {
		return games.Refusal(strings.Split(why, "\n"))
	}
	return nil
}

// checkPhase refuses a move of another phase than the current one.
func (s *State) checkPhase(m Move) error {
	phase := s.Phase()
	var want Kind
	switch phase {
	case "over":
		return games.Refusal{fmt.Sprintf("%s: the round is over", m)}
	case "numbering":
		want = Numbering
	case "inside":
		want = Write
	}
	if m.Kind != want {
		return games.Refusal{fmt.Sprintf("%s: not a move of the %s phase", m, phase)}
	}
	return nil
}

// curve checks a curve move and returns its loop.
func (s *State) curve(m Move) (*loop, error) {
	lp, probs := newLoop(m.Loop, s.n)
	if len(probs) == 0 {
		return lp, nil
	}
	out := make(games.Refusal, len(probs))
	for i, p := range probs {
		out[i] = s.curveName(s.drawn) + p.msg
	}
	return nil, out
}

// Play implements games.Engine.
func (s *State) Play(m Move) error {
	var lp *loop
	if m.Kind == Curve {
		if err := s.checkPhase(m); err != nil {
			return err
		}
		var err error
		if lp, err = s.curve(Move{Kind: Curve, Loop: append([]Cell(nil), m.Loop...)}); err != nil {
			return err
		}
	} else if err := s.Check(m); err != nil {
		return err
	}
	h := undo{kind: m.Kind, cur: s.cur, at: m.At}
	switch m.Kind {
	case Curve:
		lp.seat = s.drawn
		s.loops[s.drawn] = lp
		s.drawn++
		if s.drawn == len(s.players) {
			for _, o := range s.loops {
				for f := range s.players {
					s.grids = append(s.grids, newGrid(o, o.seat, f))
				}
			}
		}
	case Numbering:
		g := s.grids[s.cur]
		start, dir, _ := g.checkNumbering(m.At, m.Next)
		g.number(start, dir)
	case Write:
		g := s.grids[s.cur]
		g.k++
		g.val[g.lp.sq(m.At)] = int32(g.k)
	}
	s.hist = append(s.hist, h)
	for s.cur < len(s.grids) && s.grids[s.cur].done() {
		s.cur++
	}
	return nil
}

// Undo implements games.Engine.
func (s *State) Undo() error {
	if len(s.hist) == 0 {
		return games.ErrNothingToUndo
	}
	h := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.cur = h.cur
	switch h.kind {
	case Curve:
		s.drawn--
		s.loops[s.drawn] = nil
		s.grids = s.grids[:0]
	case Numbering:
		s.grids[s.cur].unnumber()
	case Write:
		g := s.grids[s.cur]
		g.val[g.lp.sq(h.at)] = 0
		g.k--
	}
	return nil
}

// Moves implements games.Engine: the numberings of the loop ([1] on any
// of its squares, [2] either way), or the squares that can take K+1. A
// curve can be any loop: for machines, Moves lists the rectangles with
// at least one square inside, and Finite says false.
func (s *State) Moves(buf []Move) []Move {
	switch s.Phase() {
	case "curves":
		return append(buf, s.rectangles()...)
	case "numbering":
		g := s.grids[s.cur]
		L := len(g.lp.cells)
		for i, p := range g.lp.cells {
			buf = append(buf, Move{Kind: Numbering, At: p, Next: g.lp.cells[(i+1)%L]},
				Move{Kind: Numbering, At: p, Next: g.lp.cells[(i+L-1)%L]})
		}
	case "inside":
		g := s.grids[s.cur]
		s.scratch = g.open(s.scratch[:0])
		for _, p := range s.scratch {
			buf = append(buf, Move{Kind: Write, At: p, Value: g.k + 1})
		}
	}
	return buf
}

// rectangles lists the loops round rectangles of at least 3 by 3 squares,
// clockwise from the top left, made once per state.
func (s *State) rectangles() []Move {
	if len(*s.rects) > 0 {
		return *s.rects
	}
	n := s.n
	for c0 := 0; c0 < n; c0++ {
		for r0 := 0; r0 < n; r0++ {
			for c1 := c0 + 2; c1 < n; c1++ {
				for r1 := r0 + 2; r1 < n; r1++ {
					*s.rects = append(*s.rects, Move{Kind: Curve, Loop: rectangle(c0, r0, c1, r1)})
				}
			}
		}
	}
	return *s.rects
}

// rectangle is the loop round the rectangle of corners (c0, r0) and
// (c1, r1), clockwise from the top left.
func rectangle(c0, r0, c1, r1 int) []Cell {
	var out []Cell
	for c := c0; c < c1; c++ {
		out = append(out, Cell{c, r0})
	}
	for r := r0; r < r1; r++ {
		out = append(out, Cell{c1, r})
	}
	for c := c1; c > c0; c-- {
		out = append(out, Cell{c, r1})
	}
	for r := r1; r > r0; r-- {
		out = append(out, Cell{c0, r})
	}
	return out
}

// Finite implements games.Engine: every move is listed except curves.
func (s *State) Finite() bool { return s.Phase() != "curves" }

// Constraint implements games.Engine.
func (s *State) Constraint() string {
	switch s.Phase() {
	case "curves":
		return "a curve: at least 4 squares, each sharing a side with the next and the last with the first, none twice"
	case "numbering":
		return "the loop's numbering: [1] on any of its squares, [2] next to it along the loop either way"
	case "inside":
		return fmt.Sprintf("%d in an empty square inside the curve, coprime with every filled side neighbour", s.grids[s.cur].k+1)
	}
	return ""
}

// RandomMove implements games.Sampler: a random loop (a random walk that
// closes, or else a rectangle), then uniform choices among the moves.
func (s *State) RandomMove(rng *rand.Rand) (Move, bool) {
	switch s.Phase() {
	case "over":
		return Move{}, false
	case "curves":
		if lp := randomWalk(rng, s.n); lp != nil {
			return Move{Kind: Curve, Loop: lp}, true
		}
		c0, r0 := rng.IntN(s.n-2), rng.IntN(s.n-2)
		c1, r1 := c0+2+rng.IntN(s.n-c0-2), r0+2+rng.IntN(s.n-r0-2)
		return Move{Kind: Curve, Loop: rectangle(c0, r0, c1, r1)}, true
	case "numbering":
		g := s.grids[s.cur]
		L := len(g.lp.cells)
		i := rng.IntN(L)
		return Move{Kind: Numbering, At: g.lp.cells[i], Next: g.lp.cells[(i+L+1-2*rng.IntN(2))%L]}, true
	}
	g := s.grids[s.cur]
	s.scratch = g.open(s.scratch[:0])
	if len(s.scratch) == 0 {
		return Move{}, false
	}
	return Move{Kind: Write, At: s.scratch[rng.IntN(len(s.scratch))], Value: g.k + 1}, true
}

// randomWalk tries a few random self-avoiding walks that close into a
// loop of at least 4 squares; nil when none did.
func randomWalk(rng *rand.Rand, n int) []Cell {
	steps := [4]Cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	on := make([]bool, n*n)
	buf := make([]Cell, 0, n*n)
	for range 20 {
		clear(on)
		start := Cell{rng.IntN(n), rng.IntN(n)}
		walk := append(buf[:0], start)
		on[start.R*n+start.C] = true
		for len(walk) < n*n {
			last := walk[len(walk)-1]
			if len(walk) >= 4 && side(last, start) && rng.IntN(4) == 0 {
				return walk
			}
			var next [4]Cell
			k := 0
			for _, d := range steps {
				q := Cell{last.C + d.C, last.R + d.R}
				if onBoard(q, n) && !on[q.R*n+q.C] {
					next[k] = q
					k++
				}
			}
			if k == 0 {
				break
			}
			q := next[rng.IntN(k)]
			walk = append(walk, q)
			on[q.R*n+q.C] = true
		}
		if len(walk) >= 4 && side(walk[len(walk)-1], start) {
			return walk
		}
	}
	return nil
}

// Record implements games.Engine: the curves drawn, and every grid whose
// loop is numbered, as typed rows.
func (s *State) Record() string {
	var b strings.Builder
	b.WriteString("curves:")
	if s.drawn == 0 {
		b.WriteString(" {}")
	}
	b.WriteString("\n")
	for _, lp := range s.loops[:s.drawn] {
		fmt.Fprintf(&b, "  %s: %s\n", games.YAMLName(s.players[lp.seat]), Move{Kind: Curve, Loop: lp.cells})
	}
	b.WriteString("grids:")
	started := false
	for _, g := range s.grids {
		if !g.numbered {
			continue
		}
		if !started {
			b.WriteString("\n")
			started = true
		}
		fmt.Fprintf(&b, "  - curve: %s\n    filler: %s\n    rows: |\n", games.YAMLName(s.players[g.owner]), games.YAMLName(s.players[g.filler]))
		for r := range s.n {
			row := make([]string, s.n)
			for c := range s.n {
				row[c] = "."
				if g.val[r*s.n+c] != 0 {
					row[c] = g.text(Cell{c, r})
				}
			}
			b.WriteString("      " + strings.Join(row, " ") + "\n")
		}
	}
	if !started {
		b.WriteString(" []\n")
	}
	return b.String()
}

// fill makes the grid of owner's curve filled by filler the one being
// filled, whatever the order: the scorer replays the grids of a
// transcript, where some are missing, unfinished or invalid.
func (s *State) fill(owner, filler int) *grid {
	s.cur = owner*len(s.players) + filler
	return s.grids[s.cur]
}
