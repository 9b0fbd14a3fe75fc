package crossdont

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"

	"papergames/games"
	"papergames/geom"
	"papergames/hp"
)

// Label names a point as a transcript does: the end of a chord (chord S,
// end a when T is 0, b when T is 1) or, with Cross, the crossing of
// segments S and T (numbered from 1, in the order written: 6x1 is 1x6).
type Label struct {
	S, T  int32
	Cross bool
}

// String writes the label as a transcript does: 3a, 1x6 ("?" for none).
func (l Label) String() string {
	switch {
	case l.Cross:
		return fmt.Sprintf("%dx%d", l.S, l.T)
	case l.S == 0:
		return "?"
	}
	return fmt.Sprintf("%d%c", l.S, 'a'+l.T)
}

// Move is a move of a round: in phase "chords" a chord of the defense
// between the angles A and B (degrees clockwise from the top, in [0, 360));
// in phase "moves" a segment of the offense between the points P and Q.
type Move struct {
	A, B *big.Rat
	P, Q Label
	text string // as written, "" for a move made by a machine
}

// Chord returns the chord between the angles a and b, in degrees.
func Chord(a, b *big.Rat) Move { return Move{A: a, B: b} }

// Segment returns the offense's segment between the points p and q.
func Segment(p, q Label) Move { return Move{P: p, Q: q} }

// String writes the move in the transcript's notation: "0-180", "1a-2x6"
// (as it was written, when it was read from a transcript).
func (m Move) String() string {
	switch {
	case m.text != "":
		return m.text
	case m.A != nil:
		return games.Exact(m.A) + "-" + games.Exact(m.B)
	}
	return m.P.String() + "-" + m.Q.String()
}

// IsChord reports whether m is a chord of the defense.
func (m Move) IsChord() bool { return m.A != nil }

// State is one round of Cross, Don't Cross in progress: the defense draws
// its chords, then the offense its segments until no legal move is left.
// Play and Undo are cheap (over a thousand whole random rounds a second
// with 5 chords): the points and segments are slices that only grow and
// shrink at the end, and the legal moves are kept per pair of points,
// updated as segments are drawn, with an undo log (see table).
type State struct {
	bd      *board
	m       int // chords the defense draws
	defense int
	players []string
	tab     table
	found   []found // scratch
	crossed []int   // scratch
	along   []int   // scratch
}

var _ games.Engine[Move] = (*State)(nil)
var _ games.Sampler[Move] = (*State)(nil)

// New starts a round in which the defense (seat 0 or 1; the other seat is
// the offense) draws chords chords. players, if given, are the seats'
// names, which Record writes as the round's defense.
func New(chords, defense int, players ...string) *State {
	return &State{bd: newBoard(), m: chords, defense: defense, players: players}
}

// Offense is the offense's seat.
func (st *State) Offense() int { return 1 - st.defense }

// moves is the number of offense moves played.
func (st *State) moves() int { return len(st.bd.segs) - st.bd.chords }

// Phase implements games.Engine: "chords", "moves" or "over".
func (st *State) Phase() string {
	switch {
	case st.bd.chords < st.m:
		return "chords"
	case st.Over():
		return "over"
	}
	return "moves"
}

// ToMove implements games.Engine.
func (st *State) ToMove() int {
	switch {
	case st.bd.chords < st.m:
		return st.defense
	case st.Over():
		return -1
	}
	return st.Offense()
}

// Over implements games.Engine: the chords are drawn and the offense has
// no legal move. Like Moves, it panics with *hp.Undecided when a relation
// is too close to call (see hp.Guard).
func (st *State) Over() bool {
	if st.bd.chords < st.m {
		return false
	}
	_, ok := st.first()
	return !ok
}

// Scores implements games.Engine: the offense's segments, 0 for the
// defense.
func (st *State) Scores() []int {
	s := make([]int, 2)
	s[st.Offense()] = st.moves()
	return s
}

// Parse implements games.Engine. A segment's labels are resolved on the
// board, so Parse gives every reason a label names no point.
func (st *State) Parse(s string) (Move, error) {
	if st.bd.chords < st.m {
		a, b, err := parseChord(s)
		if err != nil {
			return Move{}, err
		}
		return Move{A: a, B: b, text: s}, nil
	}
	ends := strings.Split(s, "-")
	if len(ends) != 2 {
		return Move{}, fmt.Errorf("write a move as its two ends joined by '-', e.g. 1a-2x%d", len(st.bd.segs)+1)
	}
	m := Move{text: s}
	var why []error
	for j, e := range ends {
		if _, w := st.bd.resolve(e, len(st.bd.segs)); w != "" {
			why = append(why, errors.New(w))
		}
		l, _ := parseLabel(e)
		if j == 0 {
			m.P = l
		} else {
			m.Q = l
		}
	}
	return m, errors.Join(why...)
}

// parseChord reads a chord written as two angles, "0-180".
func parseChord(s string) (a, b *big.Rat, err error) {
	parts := strings.Split(s, "-")
	if len(parts) != 2 || parts[0] == "" || parts[1] == "" {
		return nil, nil, fmt.Errorf("write a chord as its two end angles joined by '-', e.g. 30-210, each from 0 up to 360 degrees")
	}
	var ends [2]*big.Rat
	for j, p := range parts {
		v, err := geom.ParseNumber(p)
		if err != nil {
			return nil, nil, fmt.Errorf("%q is not an angle: %v", p, err)
		}
		ends[j] = v
	}
	if err := checkAngles(ends[0], ends[1], parts[0], parts[1]); err != nil {
		return nil, nil, err
	}
	return ends[0], ends[1], nil
}

var full = big.NewRat(360, 1)

// checkAngles checks a chord's angles, written ta and tb ("": as
// games.Exact writes them).
func checkAngles(a, b *big.Rat, ta, tb string) error {
	text := func(v *big.Rat, t string) string {
		if t == "" {
			return games.Exact(v)
		}
		return t
	}
	if a.Sign() < 0 || a.Cmp(full) >= 0 {
		return fmt.Errorf("angle %s is outside 0 up to 360 (write 0, not 360)", text(a, ta))
	}
	if b.Sign() < 0 || b.Cmp(full) >= 0 {
		return fmt.Errorf("angle %s is outside 0 up to 360 (write 0, not 360)", text(b, tb))
	}
	if ratEq(a, b) {
		return fmt.Errorf("both ends at %s degrees: a chord joins two different points of the circle", text(a, ta))
	}
	return nil
}

// ratEq is a == b, without allocating for the whole angles machines use.
func ratEq(a, b *big.Rat) bool {
	switch {
	case a == b:
		return true
	case a.IsInt() && b.IsInt():
		return a.Num().Cmp(b.Num()) == 0
	}
	return a.Cmp(b) == 0
}

// sameChord reports whether two chords join the same two angles.
func sameChord(a1, b1, a2, b2 *big.Rat) bool {
	return (ratEq(a1, a2) && ratEq(b1, b2)) || (ratEq(a1, b2) && ratEq(b1, a2))
}

// alongReason is the reason a chord is refused when it joins the same two
// angles as chord k, written text.
func alongReason(k int, text string) string {
	return fmt.Sprintf("lies along chord %d (%s): chords may share ends but not coincide", k, text)
}

// Check implements games.Engine.
func (st *State) Check(m Move) (err error) {
	if st.bd.chords < st.m {
		if err := st.playChord(m); err != nil {
			return err
		}
		st.Undo()
		return nil
	}
	defer hp.Guard(&err)
	var pl plan
	return st.plan(m, &pl)
}

// Play implements games.Engine.
func (st *State) Play(m Move) (err error) {
	if st.bd.chords < st.m {
		return st.playChord(m)
	}
	defer hp.Guard(&err)
	var pl plan
	if err := st.plan(m, &pl); err != nil {
		return err
	}
	st.bd.drawMove(m, st.moves()+1, &pl)
	return nil
}

// checkChord checks a chord against the drawn ones, before drawing it.
func (st *State) checkChord(m Move) error {
	if m.A == nil || m.B == nil {
		return fmt.Errorf("the defense has drawn %d of its %d chords: the offense moves after them", st.bd.chords, st.m)
	}
	var ta, tb string
	if m.text != "" {
		if parts := strings.Split(m.text, "-"); len(parts) == 2 {
			ta, tb = parts[0], parts[1]
		}
	}
	if err := checkAngles(m.A, m.B, ta, tb); err != nil {
		return err
	}
	for s := range st.bd.chords {
		c := st.bd.segs[s].mv
		if sameChord(c.A, c.B, m.A, m.B) {
			return fmt.Errorf("it %s", alongReason(s+1, c.String()))
		}
	}
	return nil
}

// playChord draws chord m. When a relation is too close to call, the
// board is rebuilt from the earlier chords.
func (st *State) playChord(m Move) (err error) {
	if err := st.checkChord(m); err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*hp.Undecided)
			if !ok {
				panic(r)
			}
			err = u
			st.rebuild()
		}
	}()
	return st.bd.addChord(m)
}

// rebuild draws the chords of the board on a new board (only chords: the
// offense does not move before they are all drawn).
func (st *State) rebuild() {
	var chords []Move
	for s := range st.bd.chords {
		chords = append(chords, st.bd.segs[s].mv)
	}
	st.bd = newBoard()
	st.tab = table{}
	for _, c := range chords {
		st.bd.addChord(c)
	}
}

// plan is a checked offense move: its points, the segment it crosses (-1
// for none) and where: the existing point at, or the new point x.
type plan struct {
	p, q, cross, at int
	x               hp.Point
}

// ends resolves a segment's labels; why gives every reason they name no
// point.
func (st *State) ends(m Move) (p, q int, why []error) {
	var tp, tq string // "": as the labels write themselves
	if m.text != "" {
		if parts := strings.Split(m.text, "-"); len(parts) == 2 {
			tp, tq = parts[0], parts[1]
		}
	}
	n := len(st.bd.segs)
	var w1, w2 string
	p, w1 = st.bd.find(m.P, tp, n)
	q, w2 = st.bd.find(m.Q, tq, n)
	for _, w := range []string{w1, w2} {
		if w != "" {
			why = append(why, errors.New(w))
		}
	}
	return p, q, why
}

// plan checks offense move m and finds where it crosses.
func (st *State) plan(m Move, pl *plan) error {
	if m.A != nil {
		return fmt.Errorf("the defense's %d chords are drawn: move %d is the offense's, between two points, e.g. 1a-2a", st.m, st.moves()+1)
	}
	bd := st.bd
	p, q, why := st.ends(m)
	if len(why) > 0 {
		return errors.Join(why...)
	}
	if p == q {
		return fmt.Errorf("both ends are the same point, %s", bd.aka(p))
	}
	k := st.moves() + 1
	st.crossed, st.along = bd.classify(p, q, st.crossed[:0], st.along[:0])
	crossed, along := st.crossed, st.along
	if len(along) > 0 {
		return fmt.Errorf("it runs along %s: no segment may coincide with a drawn one", bd.segList(along))
	}
	if k%2 == 1 && len(crossed) > 0 {
		return fmt.Errorf("move %d is odd, so it may cross nothing, but it crosses %s", k, bd.crossList(p, q, crossed))
	}
	if k%2 == 0 && len(crossed) != 1 {
		if len(crossed) == 0 {
			return fmt.Errorf("move %d is even, so it must cross exactly one drawn segment, but it crosses none", k)
		}
		return fmt.Errorf("move %d is even, so it must cross exactly one drawn segment, but it crosses %d: %s", k, len(crossed), bd.crossList(p, q, crossed))
	}
	*pl = plan{p: p, q: q, cross: -1, at: -1}
	if len(crossed) == 1 {
		s := bd.segs[crossed[0]]
		pl.cross = crossed[0]
		pl.x = hp.LineIntersection(bd.pts[p].p, bd.pts[q].p, bd.pts[s.a].p, bd.pts[s.b].p)
		for i := range bd.pts {
			if hp.Equal(bd.pts[i].p, pl.x) {
				pl.at = i
				break
			}
		}
	}
	return nil
}

// Undo implements games.Engine.
func (st *State) Undo() error {
	if len(st.bd.segs) == 0 {
		return games.ErrNothingToUndo
	}
	st.bd.pop()
	st.tab.back(len(st.bd.segs), len(st.bd.pts))
	return nil
}

// angles are the chord ends Moves offers machines: every 15 degrees.
var angles = func() []*big.Rat {
	var out []*big.Rat
	for d := int64(0); d < 360; d += 15 {
		out = append(out, big.NewRat(d, 1))
	}
	return out
}()

// Moves implements games.Engine. In phase "chords" it lists the chords
// between multiples of 15 degrees that no drawn chord joins (a candidate
// set: any other angle is legal too, and Finite is false); in phase
// "moves" every legal segment, ordered by its points (chord ends first,
// then crossings as they appeared), each point by its first name.
func (st *State) Moves(buf []Move) []Move {
	if st.bd.chords < st.m {
		for i, a := range angles {
		next:
			for _, b := range angles[i+1:] {
				for s := range st.bd.chords {
					if c := st.bd.segs[s].mv; sameChord(c.A, c.B, a, b) {
						continue next
					}
				}
				buf = append(buf, Move{A: a, B: b})
			}
		}
		return buf
	}
	st.found = st.legal(st.found[:0], false)
	for _, f := range st.found {
		buf = append(buf, Move{P: st.bd.label(f.p), Q: st.bd.label(f.q)})
	}
	return buf
}

// RandomMove implements games.Sampler: a chord between two of the angles,
// or a legal segment drawn uniformly.
func (st *State) RandomMove(rng *rand.Rand) (Move, bool) {
	if st.bd.chords < st.m {
		if st.bd.chords >= len(angles)*(len(angles)-1)/2 {
			return Move{}, false
		}
	again:
		i, j := rng.IntN(len(angles)), rng.IntN(len(angles)-1)
		if j >= i {
			j++
		}
		a, b := angles[i], angles[j]
		for s := range st.bd.chords {
			if c := st.bd.segs[s].mv; sameChord(c.A, c.B, a, b) {
				goto again
			}
		}
		return Move{A: a, B: b}, true
	}
	n := st.count()
	if n == 0 {
		return Move{}, false
	}
	p, q := st.nth(rng.IntN(n))
	return Move{P: st.bd.label(p), Q: st.bd.label(q)}, true
}

// Finite implements games.Engine: false while the chords are drawn.
func (st *State) Finite() bool { return st.bd.chords >= st.m }

// Constraint implements games.Engine.
func (st *State) Constraint() string {
	if st.bd.chords < st.m {
		return fmt.Sprintf("chord %d of %d: two different angles in degrees, from 0 up to (not including) 360, e.g. 0-180 or 37.5-200; it may share ends with the drawn chords but not join the same two angles as one of them", st.bd.chords+1, st.m)
	}
	k := st.moves() + 1
	return fmt.Sprintf("move %d is %s, between two points (chord ends and crossings), along no drawn segment", k, parity(k))
}

// Record implements games.Engine.
func (st *State) Record() string {
	var b strings.Builder
	if st.defense < len(st.players) && st.players[st.defense] != "" {
		fmt.Fprintf(&b, "defense: %s\n", st.players[st.defense])
	}
	var chords, moves []string
	for s := range st.bd.segs {
		if s < st.bd.chords {
			chords = append(chords, st.bd.segs[s].mv.String())
		} else {
			moves = append(moves, st.bd.segs[s].mv.String())
		}
	}
	fmt.Fprintf(&b, "chords: %s\n", strings.Join(chords, " "))
	if len(moves) == 0 {
		b.WriteString("moves: []\n")
	} else {
		fmt.Fprintf(&b, "moves: %s\n", strings.Join(moves, " "))
	}
	return b.String()
}

// parity says what move k must do.
func parity(k int) string {
	if k%2 == 1 {
		return "odd: it must cross nothing"
	}
	return "even: it must cross exactly one drawn segment"
}
