package arcs

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"papergames/games"
)

// Move is one arc: its centre mark and its reach k, the ends being the
// marks k either side of the centre.
type Move struct {
	// Centre is the centre mark, 1..m; 0 stands for the centre the rules
	// force (a bare reach), which Play resolves.
	Centre int
	// Reach is k, 1 <= k < m/2 for a legal move.
	Reach int
	marks int // m, so that String can write the ends; 0 when unknown
}

// String writes the move as a transcript does: its centre as a check and
// its two end marks (6:3-9), which read the same at any point of the
// round; centre and reach (6:3) when the board is not known, the reach
// alone (3) when the centre is not given.
func (mv Move) String() string {
	m := mv.marks
	switch {
	case mv.Centre == 0:
		return strconv.Itoa(mv.Reach)
	case m == 0 || mv.Reach < 1 || 2*mv.Reach >= m || mv.Centre < 1 || mv.Centre > m:
		return fmt.Sprintf("%d:%d", mv.Centre, mv.Reach)
	}
	wrap := func(i int) int { return ((i-1)%m+m)%m + 1 }
	return fmt.Sprintf("%d:%d-%d", mv.Centre, wrap(mv.Centre-mv.Reach), wrap(mv.Centre+mv.Reach))
}

// State is a round of Arcs And Marks in progress: the arcs drawn so far
// and the running scores. The first arc may be centred on any mark (or
// on the mark the round fixes); every later one is centred on the mark
// clockwise of the one before, the players drawing in seat order from the
// starting seat, so a round has exactly m arcs. Each arc scores one for
// its player for every earlier arc it meets.
type State struct {
	b      *board
	names  []string
	start  int
	first  int    // the first centre when the round fixes it, else 0
	moves  []Move // played, centres resolved
	counts []int  // counts[i]: the earlier arcs move i met
	scores []int
}

var (
	_ games.Engine[Move]  = (*State)(nil)
	_ games.Sampler[Move] = (*State)(nil)
)

// New starts a round on a circle of marks marks (3 to MaxArcMarks) for
// the seats named by players (their number is what the rules use; the
// names let Record say who starts, and may be empty), seat start drawing
// first. first is the mark the first arc must be centred on, or 0 to let
// the first player choose.
func New(marks int, players []string, start, first int) (*State, error) {
	switch {
	case marks < 3 || marks > MaxArcMarks:
		return nil, fmt.Errorf("marks %d: a round is played on 3 to %d marks", marks, MaxArcMarks)
	case len(players) < 1:
		return nil, errors.New("a round needs at least one player")
	case start < 0 || start >= len(players):
		return nil, fmt.Errorf("seat %d starts, but the seats are 0 to %d", start, len(players)-1)
	case first < 0 || first > marks:
		return nil, fmt.Errorf("first centre %d is not a mark; the marks are 1 to %d", first, marks)
	}
	return &State{b: boardOf(marks), names: players, start: start, first: first,
		moves: make([]Move, 0, marks), counts: make([]int, 0, marks), scores: make([]int, len(players))}, nil
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.moves = append(make([]Move, 0, s.b.m), s.moves...)
	c.counts = append(make([]int, 0, s.b.m), s.counts...)
	c.scores = append([]int(nil), s.scores...)
	return &c
}

// Marks is the number of marks m.
func (s *State) Marks() int { return s.b.m }

// Played returns the moves played so far (centres resolved); the slice
// is s's own.
func (s *State) Played() []Move { return s.moves }

// Counts returns how many earlier arcs each move played met; the slice
// is s's own.
func (s *State) Counts() []int { return s.counts }

// Phase implements games.Engine: "first" (the first arc), "arcs", "over".
func (s *State) Phase() string {
	switch {
	case s.Over():
		return "over"
	case len(s.moves) == 0:
		return "first"
	}
	return "arcs"
}

// ToMove implements games.Engine.
func (s *State) ToMove() int {
	if s.Over() {
		return -1
	}
	return s.seat(len(s.moves))
}

// seat is the seat that draws move k (from 0).
func (s *State) seat(k int) int { return (s.start + k) % len(s.scores) }

// Over implements games.Engine: all m arcs are drawn.
func (s *State) Over() bool { return len(s.moves) == s.b.m }

// Scores implements games.Engine: each seat's earlier arcs met so far.
func (s *State) Scores() []int { return append([]int(nil), s.scores...) }

// centre is the centre the rules force for the next move, 0 when the
// first player chooses it.
func (s *State) centre() int {
	if n := len(s.moves); n > 0 {
		return s.b.wrap(s.moves[n-1].Centre + 1)
	}
	return s.first
}

// forced says why the next move's centre is c, as the messages put it.
func (s *State) forced(c int) string {
	if k := len(s.moves); k > 0 {
		return fmt.Sprintf("the mark after move %d's centre, %d", k, s.b.wrap(c-1))
	}
	return fmt.Sprintf("first: %d", c)
}

// refusal is why a move is refused, and what a render draws in red for
// it: an arc (centre, reach) when it names one, and the marks it names.
type refusal struct {
	msg           string
	centre, reach int
	marks         []int
}

func (r *refusal) Error() string { return r.msg }

func refuse(format string, a ...any) *refusal { return &refusal{msg: fmt.Sprintf(format, a...)} }

// tooMany is the reason for arcs past the m-th; extra counts them.
func tooMany(m, extra int) string {
	s := "this arc is one too many"
	if extra > 1 {
		s = fmt.Sprintf("this and the %d after it are too many", extra-1)
	}
	return fmt.Sprintf("a round on %d marks has %d arcs, one centred on each mark; %s", m, m, s)
}

// Check implements games.Engine.
func (s *State) Check(mv Move) error {
	if r := s.check(mv); r != nil {
		return r
	}
	return nil
}

// check is Check with the refused move's drawing.
func (s *State) check(mv Move) *refusal {
	m := s.b.m
	if s.Over() {
		return refuse("%s", tooMany(m, 1))
	}
	c, wc := s.centre(), mv.Centre
	switch {
	case c == 0 && wc == 0:
		return refuse("the first arc of a round may be centred on any mark, but must say which: write it in front, e.g. 1:%d-2 or 1:1", m)
	case c == 0 && (wc < 1 || wc > m):
		return refuse("mark %d is not on the board; the marks are 1 to %d", wc, m)
	case c == 0:
		c = wc
	case wc != 0 && wc != c:
		r := refuse("the centre of move %d is mark %d (%s), not %d: each arc is centred one mark clockwise of the one before", len(s.moves)+1, c, s.forced(c), wc)
		r.marks = []int{c}
		if wc >= 1 && wc <= m {
			r.marks = append(r.marks, wc)
		}
		return r
	}
	maxK := (m - 1) / 2
	switch r := mv.Reach; {
	case r < 1:
		return refuse("reach %d: the reach is at least 1 (the ends are marks other than the centre, %d)", r, c)
	case 2*r == m:
		f := refuse("reach %d is half of the %d marks: both ends would be mark %d, opposite the centre %d; the reach is 1 to %d", r, m, s.b.wrap(c+r), c, maxK)
		f.marks = []int{c, s.b.wrap(c + r)}
		return f
	case r < m && 2*r > m:
		e1, e2 := s.b.ends(c, m-r)
		f := refuse("reach %d from mark %d names the same arc as reach %d (ends %d-%d): write %d; the reach is 1 to %d", r, c, m-r, e1, e2, m-r, maxK)
		f.centre, f.reach = c, m-r
		return f
	case r >= m:
		return refuse("reach %d is more than once round the %d marks; the reach is 1 to %d", r, m, maxK)
	}
	return nil
}

// undecided is hp's refusal to decide whether the new arc meets an
// earlier one (never met on boards up to MaxArcMarks).
type undecided struct {
	earlier int // index of the earlier move
	err     error
}

func (u *undecided) Error() string {
	return fmt.Sprintf("against move %d: %v", u.earlier+1, u.err)
}

// Play implements games.Engine.
func (s *State) Play(mv Move) error {
	if r := s.check(mv); r != nil {
		return r
	}
	c := s.centre()
	if c == 0 || mv.Centre != 0 {
		c = mv.Centre
	}
	n, err := s.cost(c, mv.Reach)
	if err != nil {
		return err
	}
	s.moves = append(s.moves, Move{Centre: c, Reach: mv.Reach, marks: s.b.m})
	s.counts = append(s.counts, n)
	s.scores[s.seat(len(s.moves)-1)] += n
	return nil
}

// cost is the number of arcs drawn that the arc c±k meets.
func (s *State) cost(c, k int) (int, error) {
	n := 0
	for j, e := range s.moves {
		met, err := s.b.meets(c, k, e.Centre, e.Reach)
		if err != nil {
			return 0, &undecided{j, err}
		}
		if met {
			n++
		}
	}
	return n, nil
}

// met reports whether moves i and j played met (from the table).
func (s *State) met(i, j int) bool {
	a, e := s.moves[i], s.moves[j]
	ok, _ := s.b.meets(a.Centre, a.Reach, e.Centre, e.Reach) // decided when played
	return ok
}

// Undo implements games.Engine.
func (s *State) Undo() error {
	n := len(s.moves)
	if n == 0 {
		return games.ErrNothingToUndo
	}
	s.scores[s.seat(n-1)] -= s.counts[n-1]
	s.moves, s.counts = s.moves[:n-1], s.counts[:n-1]
	return nil
}

// Moves implements games.Engine: at a free first move every centre with
// every reach, later every reach about the forced centre.
func (s *State) Moves(buf []Move) []Move {
	if s.Over() {
		return buf
	}
	m := s.b.m
	lo, hi := s.centre(), s.centre()
	if lo == 0 {
		lo, hi = 1, m
	}
	for c := lo; c <= hi; c++ {
		for k := 1; 2*k < m; k++ {
			buf = append(buf, Move{Centre: c, Reach: k, marks: m})
		}
	}
	return buf
}

// RandomMove implements games.Sampler: a uniformly random legal move.
func (s *State) RandomMove(rng *rand.Rand) (Move, bool) {
	if s.Over() {
		return Move{}, false
	}
	c := s.centre()
	if c == 0 {
		c = 1 + rng.IntN(s.b.m)
	}
	return Move{Centre: c, Reach: 1 + rng.IntN(s.b.reach), marks: s.b.m}, true
}

// Finite implements games.Engine: the moves are always listed.
func (s *State) Finite() bool { return true }

// Constraint implements games.Engine.
func (s *State) Constraint() string {
	switch c := s.centre(); {
	case s.Over():
		return "the round is over: every mark is the centre of an arc"
	case c == 0:
		return fmt.Sprintf("an arc centred on any mark, with a reach of 1 to %d", s.b.reach)
	default:
		return fmt.Sprintf("an arc centred on mark %d (%s), with a reach of 1 to %d", c, s.forced(c), s.b.reach)
	}
}

// Record implements games.Engine: first, starts (when the seat has a
// name) and the arcs by their end marks.
func (s *State) Record() string {
	var b strings.Builder
	switch {
	case len(s.moves) > 0:
		fmt.Fprintf(&b, "first: %d\n", s.moves[0].Centre)
	case s.first > 0:
		fmt.Fprintf(&b, "first: %d\n", s.first)
	}
	if s.start < len(s.names) && s.names[s.start] != "" {
		q, _ := json.Marshal(s.names[s.start]) // a JSON string is a YAML scalar
		fmt.Fprintf(&b, "starts: %s\n", q)
	}
	b.WriteString("arcs: ")
	if len(s.moves) == 0 {
		b.WriteString("[]")
	}
	for i, mv := range s.moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		e1, e2 := s.b.ends(mv.Centre, mv.Reach)
		fmt.Fprintf(&b, "%d-%d", e1, e2)
	}
	b.WriteByte('\n')
	return b.String()
}

// Parse implements games.Engine: the ends (3-9) or the reach (3), after
// an optional centre (6:3-9, 6:3). At a free first move the centre must
// be written, unless the ends fit a single arc (on an odd number of
// marks).
func (s *State) Parse(text string) (Move, error) {
	mv, r := s.parse(text)
	if r != nil {
		return mv, r
	}
	return mv, nil
}

// parse is Parse with the refused move's drawing. A centre written in
// front that is not the one the rules force is returned as written, with
// reach 0, for Check to refuse.
func (s *State) parse(text string) (Move, *refusal) {
	m, c := s.b.m, s.centre()
	mv := Move{Centre: c, marks: m}
	text = strings.ReplaceAll(strings.TrimSpace(text), "–", "-")
	ex := c
	if ex == 0 {
		ex = 1
	}
	form := fmt.Sprintf("write an arc as its two end marks (e.g. %d-%d) or its reach (e.g. 1), optionally after its centre (%d:%d-%d)", s.b.wrap(ex-1), s.b.wrap(ex+1), ex, s.b.wrap(ex-1), s.b.wrap(ex+1))
	if cs, rest, ok := strings.Cut(text, ":"); ok {
		wc, err := strconv.Atoi(strings.TrimSpace(cs))
		if err != nil {
			return mv, refuse("%q is not a centre mark; %s", cs, form)
		}
		if (c != 0 && wc != c) || wc < 1 || wc > m {
			return Move{Centre: wc, marks: m}, nil
		}
		c, mv.Centre = wc, wc
		text = strings.TrimSpace(rest)
	}
	num := func(s string) (int, bool) {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		return v, err == nil
	}
	if !strings.Contains(text, "-") {
		r, ok := num(text)
		if !ok {
			return mv, refuse("%s", form)
		}
		mv.Reach = r
		return mv, nil // Check decides the reach, and the missing centre of a free first move
	}
	as, bs, _ := strings.Cut(text, "-")
	e1, ok1 := num(as)
	e2, ok2 := num(bs)
	if !ok1 || !ok2 {
		return mv, refuse("%s", form)
	}
	var f refusal
	var off []string
	for _, e := range []int{e1, e2} {
		if e < 1 || e > m {
			off = append(off, strconv.Itoa(e))
		} else {
			f.marks = append(f.marks, e)
		}
	}
	if len(off) > 0 {
		f.msg = fmt.Sprintf("mark %s is not on the board; the marks are 1 to %d", strings.Join(off, " and "), m)
		return mv, &f
	}
	if c == 0 {
		return s.parseFirst(e1, e2)
	}
	f.marks = append(f.marks, c)
	k := len(s.moves)
	switch {
	case e1 == e2:
		f.msg = fmt.Sprintf("both ends are mark %d; the ends of the arc centred on mark %d are two marks equally far either side of it", e1, c)
		return mv, &f
	case e1 == c || e2 == c:
		f.msg = fmt.Sprintf("mark %d is the centre of move %d (%s), so it cannot be an end", c, k+1, s.forced(c))
		return mv, &f
	}
	d1, d2 := (e1-c+m)%m, (e2-c+m)%m
	if (d1+d2)%m != 0 {
		partner := func(e int) string {
			d := min((e-c+m)%m, (c-e+m)%m)
			if 2*d == m {
				return fmt.Sprintf("%d is opposite the centre, so it cannot be an end", e)
			}
			return fmt.Sprintf("%d is %d mark%s away, so the other end is %d", e, d, plural(d), s.b.wrap(2*c-e))
		}
		f.msg = fmt.Sprintf("the ends must be equally far from the centre, mark %d (%s): %s; %s", c, s.forced(c), partner(e1), partner(e2))
		return mv, &f
	}
	mv.Reach = min(d1, d2)
	return mv, nil
}

// parseFirst reads the ends of a free first arc written without its
// centre: the arcs through marks e1 and e2 are centred halfway between
// them either way round, where that is a mark.
func (s *State) parseFirst(e1, e2 int) (Move, *refusal) {
	m := s.b.m
	var fits []Move
	for _, e := range [][2]int{{e1, e2}, {e2, e1}} {
		if d := (e[1] - e[0] + m) % m; d > 0 && d%2 == 0 {
			fits = append(fits, Move{Centre: s.b.wrap(e[0] + d/2), Reach: d / 2, marks: m})
		}
	}
	switch {
	case e1 == e2:
		return Move{marks: m}, refuse("both ends are mark %d; the ends of an arc are two marks equally far either side of its centre", e1)
	case len(fits) == 0:
		return Move{marks: m}, refuse("no mark is equally far from marks %d and %d, so no arc ends at both", e1, e2)
	case len(fits) == 2:
		return Move{marks: m}, refuse("ends %d-%d fit two arcs, centred on mark %d and on mark %d: write the centre in front (%s or %s)", e1, e2, fits[0].Centre, fits[1].Centre, fits[0], fits[1])
	}
	return fits[0], nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
