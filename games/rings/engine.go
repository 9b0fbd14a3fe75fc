package rings

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/hp"
)

// Kind is what a Move does.
type Kind uint8

// The kinds of move: the divider's cuts, the divider's word that the cuts
// are finished, and the players' segments.
const (
	Cut Kind = iota
	Done
	Segment
)

// End is a cut end, circle@angle.
type End struct {
	Circle int
	Angle  *big.Rat
}

func (e End) String() string {
	if e.Angle == nil {
		return strconv.Itoa(e.Circle) + "@?"
	}
	return endLabel(e.Circle, e.Angle)
}

// Move is one move of a round: a cut of ring Ring at Angle (written
// "2:45", the sheet's --dividers form), "done", or the segment A-B drawn by
// seat Seat (written "4@30-4@150"). The State keeps (and interns) the
// angle pointers it is given, never changing them: an angle must not be
// changed once given to Check or Play.
type Move struct {
	Kind  Kind
	Ring  int      // Cut
	Angle *big.Rat // Cut
	Seat  int      // Segment: who draws it
	A, B  End      // Segment
}

func (m Move) String() string {
	switch m.Kind {
	case Cut:
		if m.Angle == nil {
			return strconv.Itoa(m.Ring) + ":?"
		}
		return strconv.Itoa(m.Ring) + ":" + games.Exact(m.Angle)
	case Done:
		return "done"
	}
	return m.A.String() + "-" + m.B.String()
}

// State is one round of Crossing The Rings in progress: the divider cuts
// the rings ("cuts"), says "done", then every other player draws one
// segment in seat order after the divider and the divider draws last
// ("segments"). It implements games.Engine[Move].
type State struct {
	n       int
	players []string
	divider int
	order   []int // the segments' order of play
	bounds  [][2]int
	rule    string
	ban     bool

	cuts [][]*dir // each ring's cuts, sorted by angle
	done bool     // the cuts are finished; g, ends and sections are set
	g    target
	ends []end    // every cut end, by circle then angle
	base []int    // base[j-1]: the index of ring j's section 1 among all sections
	own  []int8   // who filled each section, -1 for nobody
	segs []played // the segments played
	fill []int32  // sections filled, segment after segment
	hist []Move
	sc   []int

	ptr  map[*big.Rat]*dir // interned angles, by the pointer a Move carries
	val  map[string]*dir   // and by value
	cand [][]*dir          // candidate angles of each ring for machines
}

// played is a segment played: its ends, what it met, and its fills
// fill[from:to].
type played struct {
	a, b     end
	m        meeting
	from, to int
}

var _ games.Engine[Move] = (*State)(nil)
var _ games.Sampler[Move] = (*State)(nil)

// New starts a round on a target of the given circles (2 to 12) for the
// seats named players, seat divider cutting, under the rule variants rules
// ("sections" and "ban-along-cuts", as score takes them). A --sections
// rule that cannot be read is a *games.UsageError.
func New(circles int, players []string, divider int, rules games.Values) (*State, error) {
	if circles < 2 || circles > 12 {
		return nil, fmt.Errorf("%d circles: a target has 2 to 12", circles)
	}
	if len(players) < 2 || len(players) > 8 || divider < 0 || divider >= len(players) {
		return nil, fmt.Errorf("divider %d of %d players: a round has 2 to 8 players, one of them dividing", divider, len(players))
	}
	bounds, rule, err := sectionRule(rules.String("sections"), circles)
	if err != nil {
		return nil, err
	}
	return newState(circles, players, divider, bounds, rule, rules.Bool("ban-along-cuts")), nil
}

func newState(n int, players []string, divider int, bounds [][2]int, rule string, ban bool) *State {
	s := &State{n: n, players: players, divider: divider, bounds: bounds, rule: rule, ban: ban,
		cuts: make([][]*dir, n-1), sc: make([]int, len(players)),
		ptr: map[*big.Rat]*dir{}, val: map[string]*dir{}}
	for k := range players {
		s.order = append(s.order, (divider+1+k)%len(players))
	}
	s.g.n = n
	return s
}

// Phase implements games.Engine: "cuts", "segments" or "over".
func (s *State) Phase() string {
	switch {
	case !s.done:
		return "cuts"
	case s.Over():
		return "over"
	}
	return "segments"
}

// ToMove implements games.Engine.
func (s *State) ToMove() int {
	switch {
	case !s.done:
		return s.divider
	case s.Over():
		return -1
	}
	return s.order[len(s.segs)]
}

// Over implements games.Engine.
func (s *State) Over() bool { return s.done && len(s.segs) == len(s.players) }

// Scores implements games.Engine.
func (s *State) Scores() []int { return append([]int(nil), s.sc...) }

// Parse implements games.Engine: "2:45" is a cut of ring 2 at 45 degrees,
// "done" ends the cuts, and "4@30 4@150" (or "4@30-4@150") is a segment of
// the player to move.
func (s *State) Parse(text string) (Move, error) {
	text = strings.TrimSpace(text)
	if text == "done" {
		return Move{Kind: Done}, nil
	}
	if strings.Contains(text, "@") {
		var words []string
		for _, f := range strings.Fields(text) {
			for _, w := range dashParts(f) {
				if w != "" {
					words = append(words, w)
				}
			}
		}
		if len(words) != 2 {
			return Move{}, fmt.Errorf("%d end(s); a segment has two, e.g. 2@0 4@90", len(words))
		}
		m := Move{Kind: Segment, Seat: s.ToMove()}
		for x, w := range words {
			c, d, err := parseEnd(w, s.n)
			if err != nil {
				return Move{}, err
			}
			if x == 0 {
				m.A = End{c, d}
			} else {
				m.B = End{c, d}
			}
		}
		return m, nil
	}
	rs, as, ok := strings.Cut(text, ":")
	if !ok {
		return Move{}, fmt.Errorf("%q: write a cut as ring:angle (2:45), a segment as two ends (2@45 4@90), or done", text)
	}
	j, err := strconv.Atoi(strings.TrimSpace(rs))
	if err != nil {
		return Move{}, fmt.Errorf("ring %q: the rings are numbered 1 to %d", strings.TrimSpace(rs), s.n-1)
	}
	d, err := cutAngle(strings.TrimSpace(as))
	if err != nil {
		return Move{}, fmt.Errorf("ring %d: cut at %q: %v", j, strings.TrimSpace(as), err)
	}
	return Move{Kind: Cut, Ring: j, Angle: d}, nil
}

// parseEnd reads circle@angle on a target of n circles; the messages
// follow "end TEXT: " in the scorer's.
func parseEnd(text string, n int) (int, *big.Rat, error) {
	cs, as, ok := strings.Cut(text, "@")
	if !ok {
		return 0, nil, fmt.Errorf("end %q: write an end as circle@angle, e.g. 3@120 (circle 3 at 120 degrees)", text)
	}
	c, err := strconv.Atoi(cs)
	if err != nil || c < 1 || c > n {
		return 0, nil, fmt.Errorf("end %s: circle %q: the circles are numbered 1 (innermost) to %d", text, cs, n)
	}
	d, err := cutAngle(as)
	if err != nil {
		return 0, nil, fmt.Errorf("end %s: angle %q %v", text, as, err)
	}
	return c, d, nil
}

// Check implements games.Engine.
func (s *State) Check(m Move) error {
	switch m.Kind {
	case Cut:
		if s.done {
			return errors.New("the cuts are finished; the players draw segments now")
		}
		if err := s.cutErr(m.Ring, m.Angle); err != nil {
			return err
		}
		return s.countErr(m.Ring, len(s.cuts[m.Ring-1])+1, true)
	case Done:
		if s.done {
			return errors.New("the cuts are already finished")
		}
		for j := 1; j < s.n; j++ {
			if err := s.countErr(j, len(s.cuts[j-1]), false); err != nil {
				return err
			}
		}
		return nil
	case Segment:
		if !s.done {
			return fmt.Errorf("the divider %s is still cutting; segments come after done", s.players[s.divider])
		}
		if err := s.turnErr(len(s.segs), m.Seat); err != nil {
			return err
		}
		a, b, err := s.segmentEnds(m)
		if err != nil {
			return err
		}
		return s.alongErr(a, b)
	}
	return fmt.Errorf("not a move: kind %d", m.Kind)
}

// cutErr says why ring j may not be cut at deg, the number of cuts apart.
func (s *State) cutErr(j int, deg *big.Rat) error {
	if j < 1 || j >= s.n {
		return fmt.Errorf("cuts: ring %q: the rings are numbered 1 to %d (ring j lies between circles j and j+1)", strconv.Itoa(j), s.n-1)
	}
	if !s.inTurn(deg) {
		a := "?"
		if deg != nil {
			a = games.Exact(deg)
		}
		return fmt.Errorf("ring %d: cut at %q: is not a number of degrees from 0 to under 360", j, a)
	}
	if _, on := s.find(j, deg); on {
		return twiceErr(j, deg)
	}
	return nil
}

// inTurn reports whether deg is an angle from 0 up to but not including
// 360 (an interned angle's float decides below 359, without allocating).
func (s *State) inTurn(deg *big.Rat) bool {
	if deg == nil || deg.Sign() < 0 {
		return false
	}
	if d, ok := s.ptr[deg]; ok && d.f < 359 {
		return true
	}
	return deg.Cmp(ratTurn) < 0
}

// twiceErr is the rule that a ring is cut at most once at an angle.
func twiceErr(j int, deg *big.Rat) error {
	return fmt.Errorf("ring %d: %s is cut twice", j, games.Exact(deg))
}

// repeat is an angle given again (its index) and where it was first.
type repeat struct{ first, again int }

// cutRing cuts ring j, which has no cuts yet, at all of angles at once (a
// transcript's ring, in n log n whatever its length, and whatever the
// number of cuts allowed); an angle repeating an earlier one is left out
// and returned (twiceErr).
func (s *State) cutRing(j int, angles []*big.Rat) []repeat {
	ds := make([]*dir, len(angles))
	idx := make([]int, len(angles))
	for i, a := range angles {
		ds[i], idx[i] = s.dirOf(a, true), i
	}
	sort.SliceStable(idx, func(x, y int) bool { return cmpDir(ds[idx[x]], ds[idx[y]]) < 0 })
	var reps []repeat
	cs := s.cuts[j-1][:0]
	first := -1
	for x, i := range idx {
		if x > 0 && ds[i] == ds[idx[x-1]] {
			reps = append(reps, repeat{first, i})
			continue
		}
		first = i
		cs = append(cs, ds[i])
	}
	s.cuts[j-1] = cs
	sort.Slice(reps, func(x, y int) bool { return reps[x].again < reps[y].again })
	return reps
}

// countErr says why ring j may not have k cuts: above its most when more
// is set, outside its bounds otherwise.
func (s *State) countErr(j, k int, more bool) error {
	b := s.bounds[j-1]
	switch {
	case k > MaxRingCuts:
		return fmt.Errorf("ring %d: %d cuts; papergames reads at most %d per ring", j, k, MaxRingCuts)
	case k > b[1] || (!more && k < b[0]):
		return fmt.Errorf("ring %d: %d cut(s) make %d section(s); ring %d is cut into %d to %d sections (rule %s)", j, k, k, j, b[0], b[1], s.rule)
	}
	return nil
}

// find locates deg among ring j's cuts: its index, or where it would go.
func (s *State) find(j int, deg *big.Rat) (int, bool) {
	x := s.dirOf(deg, false)
	cs := s.cuts[j-1]
	i := sort.Search(len(cs), func(i int) bool { return cmpDir(cs[i], x) >= 0 })
	return i, i < len(cs) && cmpDir(cs[i], x) == 0
}

// dirOf returns the interned direction of deg, interning it when keep is
// set (a lookup alone makes a throw-away one for a new angle).
func (s *State) dirOf(deg *big.Rat, keep bool) *dir {
	if d, ok := s.ptr[deg]; ok {
		return d
	}
	key := deg.RatString()
	if d, ok := s.val[key]; ok {
		if keep {
			s.ptr[deg] = d
		}
		return d
	}
	d := newDir(new(big.Rat).Set(deg))
	if keep {
		s.val[key], s.ptr[deg], s.ptr[d.deg] = d, d, d
	}
	return d
}

// turnErr says why seat may not draw segment k (0-based) of the round.
func (s *State) turnErr(k, seat int) error {
	m := len(s.players)
	switch {
	case seat < 0 || seat >= m:
		return fmt.Errorf("seat %d: the seats are 0 to %d", seat, m-1)
	case k >= m:
		return errors.New("every player has drawn their one segment this round")
	case seat != s.order[k]:
		var names []string
		for _, x := range s.order[:m-1] {
			names = append(names, s.players[x])
		}
		last := s.players[s.order[m-1]]
		return fmt.Errorf("%s drew it, but it is %s's turn: after the divider %s the order is %s, then %s", s.players[seat], s.players[s.order[k]], last, strings.Join(names, ", "), last)
	}
	return nil
}

// segmentEnds checks that m's ends are two different cut ends, and returns
// them without their points.
func (s *State) segmentEnds(m Move) (end, end, error) {
	var es [2]end
	for x, e := range []End{m.A, m.B} {
		if err := s.endErr(e); err != nil {
			return end{}, end{}, fmt.Errorf("end %s: %v", e, err)
		}
		es[x] = end{circle: e.Circle, d: s.dirOf(e.Angle, true)} // the point is made when drawn
	}
	if m.A.Circle == m.B.Circle && es[0].d == es[1].d {
		return end{}, end{}, fmt.Errorf("both ends are %s; a segment joins two different cut ends", es[0].label())
	}
	return es[0], es[1], nil
}

// endErr says why e is not a cut end (the words after "end E: ").
func (s *State) endErr(e End) error {
	c := e.Circle
	if c < 1 || c > s.n {
		return fmt.Errorf("circle %q: the circles are numbered 1 (innermost) to %d", strconv.Itoa(c), s.n)
	}
	if !s.inTurn(e.Angle) {
		return errors.New("the angle is not a number of degrees from 0 to under 360")
	}
	for _, j := range []int{c - 1, c} {
		if j < 1 || j >= s.n {
			continue
		}
		if _, on := s.find(j, e.Angle); on {
			return nil
		}
	}
	var near []string
	for _, j := range []int{c - 1, c} {
		if j >= 1 && j < s.n {
			near = append(near, fmt.Sprintf("ring %d's at %s", j, angleList(s.cuts[j-1], 12)))
		}
	}
	return fmt.Errorf("no cut ends at circle %d, %s degrees; the cuts meeting circle %d are %s", c, games.Exact(e.Angle), c, strings.Join(near, " and "))
}

// angleList writes angles, at most max of them.
func angleList(as []*dir, max int) string {
	if len(as) == 0 {
		return "none"
	}
	var parts []string
	for i, a := range as {
		if i == max {
			parts = append(parts, fmt.Sprintf("... (%d in all)", len(as)))
			break
		}
		parts = append(parts, games.Exact(a.deg))
	}
	return strings.Join(parts, ", ")
}

// alongErr says why the segment a-b may not be drawn under
// --ban-along-cuts. Only a segment on a line through the centre can run
// along a cut, and that is decided with the written angles.
func (s *State) alongErr(a, b end) error {
	if !s.banned() {
		return nil
	}
	return s.along(a, b)
}

// banned reports whether --ban-along-cuts refuses segments along cuts now:
// it does while some segment does not run along one. When every pair of
// cut ends runs along a cut (two circles and one cut), a segment along a
// cut is drawn and fills nothing, so the round can end (docs/rulings.md).
func (s *State) banned() bool {
	if !s.ban {
		return false
	}
	for x := range s.ends {
		for y := x + 1; y < len(s.ends); y++ {
			if s.along(s.ends[x], s.ends[y]) == nil {
				return true
			}
		}
	}
	return false
}

// along says which cuts the segment a-b runs along, if any.
func (s *State) along(a, b end) error {
	g := target{n: s.n, cuts: s.cuts}
	var m meeting
	if g.radial(&m, a, b) && len(m.along) > 0 {
		return fmt.Errorf("runs along %s; with --ban-along-cuts a segment may not run along a cut", s.cutNames(m.along))
	}
	return nil
}

// cutNames names cuts: "the cut of ring 2 at 45 (2@45 to 3@45)", or
// "the cuts of ring 4 at 0, ring 2 at 0 and ring 4 at 180".
func (s *State) cutNames(cs []cut) string {
	if len(cs) == 1 {
		c := cs[0]
		d := s.cuts[c.ring-1][c.cut].deg
		return fmt.Sprintf("the cut of ring %d at %s (%s to %s)", c.ring, games.Exact(d), endLabel(c.ring, d), endLabel(c.ring+1, d))
	}
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("ring %d at %s", c.ring, games.Exact(s.cuts[c.ring-1][c.cut].deg)))
	}
	return "the cuts of " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Play implements games.Engine. A legal segment is refused only when hp
// cannot decide what it meets (within 1e-40 of a tangency, say: see
// package hp); the state is then unchanged.
func (s *State) Play(m Move) error {
	if err := s.Check(m); err != nil {
		return err
	}
	switch m.Kind {
	case Cut:
		s.addCut(m.Ring, m.Angle)
	case Done:
		s.finish()
	case Segment:
		a, b, _ := s.segmentEnds(m)
		if err := s.draw(a, b); err != nil {
			return err
		}
	}
	s.hist = append(s.hist, m)
	return nil
}

// addCut cuts ring j at deg, which it is not cut at yet.
func (s *State) addCut(j int, deg *big.Rat) {
	i, _ := s.find(j, deg)
	s.cuts[j-1] = append(s.cuts[j-1], nil)
	copy(s.cuts[j-1][i+1:], s.cuts[j-1][i:])
	s.cuts[j-1][i] = s.dirOf(deg, true)
}

// finish ends the cuts: the target, its ends and its sections are fixed.
func (s *State) finish() {
	s.done = true
	s.g.cuts = s.cuts
	s.ends = s.ends[:0]
	s.base = s.base[:0]
	total := 0
	for j := 1; j < s.n; j++ {
		s.base = append(s.base, total)
		total += len(s.cuts[j-1])
	}
	s.own = s.own[:0]
	for range total {
		s.own = append(s.own, -1)
	}
	for c := 1; c <= s.n; c++ {
		var in, out []*dir // ring c-1's cuts and ring c's, both sorted
		if c > 1 {
			in = s.cuts[c-2]
		}
		if c < s.n {
			out = s.cuts[c-1]
		}
		for len(in)+len(out) > 0 {
			var d *dir
			switch {
			case len(out) == 0 || (len(in) > 0 && cmpDir(in[0], out[0]) < 0):
				d, in = in[0], in[1:]
			case len(in) == 0 || cmpDir(out[0], in[0]) < 0:
				d, out = out[0], out[1:]
			default: // one end for both
				d, in, out = in[0], in[1:], out[1:]
			}
			s.ends = append(s.ends, end{circle: c, d: d})
		}
	}
}

// draw plays the segment a-b: it fills every section it meets that is not
// filled yet.
func (s *State) draw(a, b end) error {
	k := len(s.segs)
	if k < cap(s.segs) {
		s.segs = s.segs[:k+1]
	} else {
		s.segs = append(s.segs, played{})
	}
	p := &s.segs[k]
	p.a, p.b = a, b
	if err := s.meet(&p.m, a, b); err != nil {
		s.segs = s.segs[:k]
		return err
	}
	seat := s.order[k]
	p.from = len(s.fill)
	for _, x := range p.m.secs {
		i := s.base[x.ring-1] + x.sec
		if s.own[i] < 0 {
			s.own[i] = int8(seat)
			s.fill = append(s.fill, int32(i))
			s.sc[seat]++
		}
	}
	p.to = len(s.fill)
	return nil
}

// meet decides what a-b meets, into m, or says why hp cannot: in float64
// when that is certain (meetsFast), else with hp.
func (s *State) meet(m *meeting, a, b end) (err error) {
	if s.g.meetsFast(m, a, b) {
		return nil
	}
	defer hp.Guard(&err)
	s.g.meets(m, newEnd(a.circle, a.d), newEnd(b.circle, b.d))
	return nil
}

// Undo implements games.Engine.
func (s *State) Undo() error {
	if len(s.hist) == 0 {
		return games.ErrNothingToUndo
	}
	m := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	switch m.Kind {
	case Cut:
		i, _ := s.find(m.Ring, m.Angle)
		s.cuts[m.Ring-1] = append(s.cuts[m.Ring-1][:i], s.cuts[m.Ring-1][i+1:]...)
	case Done:
		s.done = false
	case Segment:
		k := len(s.segs) - 1
		p := &s.segs[k]
		seat := s.order[k]
		for _, i := range s.fill[p.from:p.to] {
			s.own[i] = -1
			s.sc[seat]--
		}
		s.fill = s.fill[:p.from]
		s.segs = s.segs[:k]
	}
	return nil
}

// Finite implements games.Engine: the cuts may be at any angle.
func (s *State) Finite() bool { return s.done }

// Constraint implements games.Engine.
func (s *State) Constraint() string {
	if s.done {
		if s.Over() {
			return "the round is over"
		}
		c := "a segment joins two different cut ends (circle@angle)"
		if s.banned() {
			c += " and does not run along a cut (--ban-along-cuts)"
		}
		return c
	}
	return fmt.Sprintf("%s, the divider, cuts ring j (1 to %d) at any angle from 0 up to but not including 360 where it is not cut yet, up to its most cuts; then says done, each ring having its least: ring j is cut into %s sections (rule %s)",
		s.players[s.divider], s.n-1, s.boundsText(), s.rule)
}

// boundsText writes each ring's bounds: "1 to 2, 2 to 4, ...".
func (s *State) boundsText() string {
	var parts []string
	for j, b := range s.bounds {
		parts = append(parts, fmt.Sprintf("ring %d: %d to %d", j+1, b[0], b[1]))
	}
	return strings.Join(parts, ", ")
}

// Moves implements games.Engine. While cutting, the candidates are, for
// each ring j below its most cuts, the angles not cut yet among the
// multiples of 360/2^m degrees, 2^m the first power of two from 2^(j+2)
// that is at least twice the ring's most cuts; then done, when every ring
// has its least. Then every segment between two cut ends, each once (from
// the end first by circle, then angle).
func (s *State) Moves(buf []Move) []Move {
	switch {
	case !s.done:
		done := true
		for j := 1; j < s.n; j++ {
			k := len(s.cuts[j-1])
			done = done && k >= s.bounds[j-1][0]
			if k >= s.bounds[j-1][1] || k >= MaxRingCuts {
				continue
			}
			for _, d := range s.candidates(j) {
				if _, on := s.find(j, d.deg); !on {
					buf = append(buf, Move{Kind: Cut, Ring: j, Angle: d.deg})
				}
			}
		}
		if done {
			buf = append(buf, Move{Kind: Done})
		}
	case !s.Over():
		seat := s.ToMove()
		s.eachSegment(func(a, b end) bool {
			buf = append(buf, Move{Kind: Segment, Seat: seat, A: End{a.circle, a.d.deg}, B: End{b.circle, b.d.deg}})
			return true
		})
	}
	return buf
}

// eachSegment calls fn with every legal segment, in the order Moves lists
// them, until fn returns false.
func (s *State) eachSegment(fn func(a, b end) bool) {
	ban := s.banned()
	for x := range s.ends {
		for y := x + 1; y < len(s.ends); y++ {
			a, b := s.ends[x], s.ends[y]
			if ban && s.along(a, b) != nil {
				continue
			}
			if !fn(a, b) {
				return
			}
		}
	}
}

// segments counts the legal segments without listing them: every pair of
// ends, less, under --ban-along-cuts, the pairs on a line through the
// centre that run along a cut.
func (s *State) segments() int {
	e := len(s.ends)
	n := e * (e - 1) / 2
	if !s.banned() {
		return n
	}
	lines := map[string][]end{} // by angle modulo 180
	for _, x := range s.ends {
		a := x.d.deg
		if a.Cmp(ratHalfTurn) >= 0 {
			a = new(big.Rat).Sub(a, ratHalfTurn)
		}
		lines[a.RatString()] = append(lines[a.RatString()], x)
	}
	for _, l := range lines {
		for x := range l {
			for y := x + 1; y < len(l); y++ {
				if s.alongErr(l[x], l[y]) != nil {
					n--
				}
			}
		}
	}
	return n
}

// candidates returns ring j's candidate angles (see Moves).
func (s *State) candidates(j int) []*dir {
	if s.cand == nil {
		s.cand = make([][]*dir, s.n-1)
	}
	if s.cand[j-1] == nil {
		most := min(s.bounds[j-1][1], MaxRingCuts)
		m := j + 2
		for 1<<m < 2*most {
			m++
		}
		for i := range 1 << m {
			s.cand[j-1] = append(s.cand[j-1], s.dirOf(big.NewRat(int64(360*i), 1<<m), true))
		}
	}
	return s.cand[j-1]
}

// RandomMove implements games.Sampler: while cutting, a ring below its
// most cuts or done (each as likely), the ring cut at a random candidate
// angle; then a random segment between two cut ends.
func (s *State) RandomMove(r *rand.Rand) (Move, bool) {
	switch {
	case !s.done:
		var open [12]int
		n, done := 0, true
		for j := 1; j < s.n; j++ {
			k := len(s.cuts[j-1])
			done = done && k >= s.bounds[j-1][0]
			if k < s.bounds[j-1][1] && k < MaxRingCuts && k < len(s.candidates(j)) {
				open[n] = j
				n++
			}
		}
		var pick int
		switch {
		case done:
			pick = r.IntN(n + 1) // n: done
		case n == 0:
			return Move{}, false
		default:
			pick = r.IntN(n)
		}
		if pick == n {
			return Move{Kind: Done}, true
		}
		j := open[pick]
		cs := s.candidates(j)
		for {
			d := cs[r.IntN(len(cs))]
			if _, on := s.find(j, d.deg); !on {
				return Move{Kind: Cut, Ring: j, Angle: d.deg}, true
			}
		}
	case !s.Over():
		if len(s.ends) < 2 {
			return Move{}, false
		}
		seat := s.ToMove()
		ban := s.banned()
		for try := 0; try < 1000; try++ {
			x, y := r.IntN(len(s.ends)), r.IntN(len(s.ends))
			if x == y {
				continue
			}
			a, b := s.ends[x], s.ends[y]
			if ban && s.along(a, b) != nil {
				continue
			}
			return Move{Kind: Segment, Seat: seat, A: End{a.circle, a.d.deg}, B: End{b.circle, b.d.deg}}, true
		}
		n := s.segments()
		if n == 0 {
			return Move{}, false
		}
		k := r.IntN(n)
		var m Move
		s.eachSegment(func(a, b end) bool {
			if k > 0 {
				k--
				return true
			}
			m = Move{Kind: Segment, Seat: seat, A: End{a.circle, a.d.deg}, B: End{b.circle, b.d.deg}}
			return false
		})
		return m, true
	}
	return Move{}, false
}

// Record implements games.Engine.
func (s *State) Record() string {
	var b strings.Builder
	fmt.Fprintf(&b, "divider: %s\ncuts:\n", games.YAMLName(s.players[s.divider]))
	for j, cs := range s.cuts {
		fmt.Fprintf(&b, "  %d:", j+1)
		for _, c := range cs {
			b.WriteString(" " + games.Exact(c.deg))
		}
		b.WriteString("\n")
	}
	if len(s.segs) == 0 {
		b.WriteString("segments: []\n")
		return b.String()
	}
	b.WriteString("segments:\n")
	for k, p := range s.segs {
		fmt.Fprintf(&b, "  - %s: %s %s\n", games.YAMLName(s.players[s.order[k]]), p.a.label(), p.b.label())
	}
	return b.String()
}

// Sections returns the number of sections of each ring (once the cuts are
// done, or so far).
func (s *State) Sections() []int {
	out := make([]int, len(s.cuts))
	for j, cs := range s.cuts {
		out[j] = len(cs)
	}
	return out
}
