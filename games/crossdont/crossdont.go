package crossdont

import (
	"errors"
	"fmt"
	"math/big"
	"papergames/games"
	"slices"
	"sort"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/geom"
	"papergames/hp"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Game is Leroy Quet's Cross, Don't Cross Circle Game (2008).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "cross-dont-cross", Title: "Cross, Don't Cross Circle Game", Posted: "October 8, 2008",
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "circle with degree scale"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "chords", Usage: "chords the defense draws each round", Kind: games.Int, Default: 5, Min: 1, Max: 30}}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	m := v.Int("chords")
	return &games.Setup{
		Params:  fmt.Sprintf("defense draws %d chords · offense: odd moves cross nothing, even moves cross exactly one · fewest offense segments wins", m),
		Key:     cdcKey(m),
		Cells:   []layout.Cell{{Figure: boards.DegreeCircle{}}},
		Rounds:  2,
		PerPage: 1,
	}, nil
}

// MaxCDCMoves bounds the offense moves of one round: each search for a
// legal move left looks at every pair of points against every segment.
const MaxCDCMoves = 200

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return []games.Param{{Name: "strict", Kind: games.Bool, Usage: "a round that stops while a legal move remains is an error, not a provisional result"}}
}

// HeaderKeys implements Scorer.
func (Game) HeaderKeys() []string { return []string{"chords"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Chord ends 1a, 1b in the order written; offense segments numbered on after the chords; ixj: where segments i and j cross."
}

// Blank implements Scorer.
func (Game) Blank() string {
	return strings.Replace(blankCrossDontCross, "BOARD", games.BoardID(cdcKey(3)), 1)
}

const blankCrossDontCross = `# Cross, Don't Cross Circle Game transcript: one match, checked and scored by
#   papergames score THIS-FILE
# and, during a round, its legal next moves ("I can't move" disputes) by
#   papergames moves THIS-FILE
game: cross-dont-cross
players: [Player 1, Player 2]   # names in seat order
chords: 3                       # chords the defense draws each round
board: BOARD                    # the board id printed on the sheet (optional)
rounds:
  # One entry per round. Roles swap each round: in round 1 the second seat
  # defends and the first seat is the offense; write defense: NAME to say
  # otherwise.
  - chords: 0-180 60-240 120-300   # the defense's chords, each as its two
                                   # end angles read off the degree scale
    # The offense's moves in order, each as its two ends joined by "-".
    # Points are labelled 2a, 2b for the first and second written end of
    # chord 2, and 1x5 for the point where segments 1 and 5 cross. The
    # chords are segments 1, 2, 3; the offense's segments are numbered on:
    # move 1 draws segment 4, move 2 segment 5, ... Odd moves cross
    # nothing, even moves cross exactly one drawn segment.
    moves:
      - 1a-2a      # 1: crosses nothing
      - 2a-3b      # 2: crosses chord 1, at the new point 1x5
      - 2b-3b      # 3
      - 3a-1x5     # 4: crosses chord 2 at 2x7
      - 1a-3b
      - 1a-2x7
      - 1b-2b
      - 2b-3a
      - 1b-3a
      - 3b-1x11
      - 2a-3a
      - 1x5-2x13   # 12: no legal move 13 is left, so the round is over
  - chords: 0-90 30-150 60-300
    moves: 1a-2a 2b-3a 2a-3a 1a-3a 1b-3a 3b-1x5 1b-2b 1x5-2x7 1a-3b 2a-3x11 2b-3b 1a-3x11
`

// cdcRound is one round, checked as far as its moves are legal.
type cdcRound struct {
	i                int
	defense, offense int
	bd               *cdcBoard
	chordErr         bool     // the chords were refused: nothing to search
	moves            int      // legal offense moves drawn
	before           int      // points before the offense's first move
	lines            []string // the report
	bad              [2]int   // points of the refused move, -1 when unknown
	badSet           bool
	left             *cdcMove // a legal move still left (unfinished round)
	noDefense        bool     // the defense was written but is not a player
	movesNode        *input.Node
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, o games.Values) (res *scorer.Result, cells []layout.Cell, err error) {
	// The moves guard their own; this is a last resort (Guard must be
	// deferred directly to recover, and runs first).
	defer func() {
		if err != nil {
			res = nil
		}
	}()
	defer hp.Guard(&err)
	rounds, cells, err := g.play(t, o, false)
	if err != nil {
		return nil, cells, err
	}
	res = &scorer.Result{Game: "cross-dont-cross", Title: g.Info().Title, Players: t.Players, Goal: scorer.Fewest,
		Rule: "fewest offense segments over all rounds wins"}
	offense := make([]int, len(t.Players))
	for _, r := range rounds {
		scores := make([]int, len(t.Players))
		scores[r.offense] = r.moves
		offense[r.offense]++
		res.Rounds = append(res.Rounds, scorer.Round{Number: r.i + 1, Scores: scores, Lines: r.lines, Details: r.details(t)})
		if r.left != nil {
			res.Provisional = true
			res.Warnings = append(res.Warnings, r.unfinished(t))
		}
	}
	if offense[0] != offense[1] {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s was offense in %d round(s) and %s in %d: the rules play an even number of rounds, each player offense in half of them",
			t.Players[0], offense[0], t.Players[1], offense[1]))
	}
	return res, cells, nil
}

// Moves implements Mover.
func (g Game) Moves(t *scorer.Transcript, o games.Values) (txt string, err error) {
	defer hp.Guard(&err)
	rounds, _, err := g.play(t, o, true)
	if err != nil {
		return "", err
	}
	r := rounds[len(rounds)-1]
	var b strings.Builder
	k := r.moves + 1
	fmt.Fprintf(&b, "%s: round %d: %s defends, %s is offense and has drawn %d segment(s).\n",
		t.File, r.i+1, t.Players[r.defense], t.Players[r.offense], r.moves)
	var found []cdcMove
	err = cdcGuard(r.movesNode, fmt.Sprintf("round %d, listing the legal moves %d", r.i+1, k), func() error {
		found = r.bd.moves(k%2 == 0, false)
		return nil
	})
	if err != nil {
		return "", err
	}
	if len(found) == 0 {
		fmt.Fprintf(&b, "No legal move %d (%s) remains: the round is over; %s drew %d segment(s).\n", k, cdcParity(k), t.Players[r.offense], r.moves)
		return b.String(), nil
	}
	fmt.Fprintf(&b, "Move %d is %s. %d legal move(s), between %d points:\n", k, cdcParity(k), len(found), len(r.bd.pts))
	if k%2 == 1 {
		var words []string
		for _, mv := range found {
			words = append(words, r.bd.move(mv))
		}
		b.WriteString(cdcWrap(words, "  ", 76))
		return b.String(), nil
	}
	var order []int
	by := map[int][]string{}
	for _, mv := range found {
		if _, ok := by[mv.cross]; !ok {
			order = append(order, mv.cross)
		}
		by[mv.cross] = append(by[mv.cross], r.bd.move(mv))
	}
	sort.Ints(order)
	for _, s := range order {
		fmt.Fprintf(&b, "  crossing %s:\n", r.bd.seg(s))
		b.WriteString(cdcWrap(by[s], "    ", 76))
	}
	return b.String(), nil
}

// cdcParity says what move k must do.
func cdcParity(k int) string {
	if k%2 == 1 {
		return "odd: it must cross nothing"
	}
	return "even: it must cross exactly one drawn segment"
}

// cdcWrap lays words out in lines of at most width characters.
func cdcWrap(words []string, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, w := range words {
		if len(line) > len(indent) && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += w
	}
	if len(line) > len(indent) {
		b.WriteString(line + "\n")
	}
	return b.String()
}

// play checks every round. For Moves (listing) the last round may stop
// while moves are left even under --strict: that is what it lists.
func (g Game) play(t *scorer.Transcript, o games.Values, listing bool) ([]*cdcRound, []layout.Cell, error) {
	p := g.Params()[0]
	m, err := t.Int("chords", p.Default, p.Min, p.Max)
	if err != nil {
		return nil, nil, err
	}
	var errs input.Errors
	errs.Add(t.CheckBoard(games.BoardID(cdcKey(m))), t.File)
	var rounds []*cdcRound
	var cells []layout.Cell
	for i := range t.Rounds {
		r, err := g.round(t, i, m)
		errs.Add(err, t.File)
		if r == nil {
			continue
		}
		cells = append(cells, r.cell(t))
		if err != nil {
			continue
		}
		if r.left != nil && o.Bool("strict") && !(listing && i == len(t.Rounds)-1) {
			errs = append(errs, r.movesNode.Errorf("%s (--strict makes this an error)", r.unfinished(t)))
		}
		rounds = append(rounds, r)
	}
	if err := errs.Err(); err != nil {
		return nil, cells, err
	}
	return rounds, cells, nil
}

// cdcGuard runs f, turning a refusal of hp's (a quantity too close to
// call) into an error at n.
func cdcGuard(n *input.Node, where string, f func() error) error {
	var err error
	func() {
		defer hp.Guard(&err)
		err = f()
	}()
	var u *hp.Undecided
	if errors.As(err, &u) {
		return n.Errorf("%s: %v", where, u)
	}
	return err
}

// round checks round i. It returns the round (for drawing) whenever its
// chords could be read, and an error for every rule broken.
func (g Game) round(t *scorer.Transcript, i, m int) (_ *cdcRound, err error) {
	where := fmt.Sprintf("round %d", i+1)
	f, err := games.RoundKeys(t, i, "defense", "chords", "moves")
	if err != nil {
		return nil, err
	}
	r := &cdcRound{i: i, defense: (i + 1) % 2, bd: newCDCBoard(), bad: [2]int{-1, -1}, movesNode: t.Rounds[i]}
	if n, ok := f["defense"]; ok {
		if seat, serr := t.Seat(n); serr != nil {
			// Reported with whatever else is wrong: the roles do not change
			// which moves are legal, so the round is still checked.
			defErr := n.Errorf("%s, defense: %v", where, serr.(*input.Error).Msg)
			r.noDefense = true
			defer func() {
				var es input.Errors
				es.Add(defErr, t.File)
				es.Add(err, t.File)
				err = es.Err()
			}()
		} else {
			r.defense = seat
		}
	}
	r.offense = 1 - r.defense
	cn, ok := f["chords"]
	if !ok {
		return nil, t.Rounds[i].Errorf("%s: missing chords: the defense's %d chords by their end angles, e.g. chords: 0-180 60-240", where, m)
	}
	words, err := scorer.Words(cn, where+" chords")
	if err != nil {
		return nil, err
	}
	var errs input.Errors
	type chord struct {
		a, b *big.Rat
		w    *input.Node
		k    int // number as written
	}
	var chords []chord
	for k, w := range words {
		a, b, err := cdcParseChord(w.Text)
		if err != nil {
			errs = append(errs, w.Errorf("%s, chord %d (%s): %v", where, k+1, w.Text, err))
			continue
		}
		dup := false
		for _, c := range chords {
			if (c.a.Cmp(a) == 0 && c.b.Cmp(b) == 0) || (c.a.Cmp(b) == 0 && c.b.Cmp(a) == 0) {
				errs = append(errs, w.Errorf("%s, chord %d (%s) lies along chord %d (%s): chords may share ends but not coincide", where, k+1, w.Text, c.k, c.w.Text))
				dup = true
			}
		}
		if !dup {
			chords = append(chords, chord{a, b, w, k + 1})
		}
	}
	if len(errs) == 0 && len(words) != m {
		errs = append(errs, cn.Errorf("%s: %d chord(s); this match has chords: %d (the header), the same number every round", where, len(words), m))
	}
	for _, c := range chords {
		at := fmt.Sprintf("%s, chord %d (%s)", where, c.k, c.w.Text)
		err := cdcGuard(c.w, at, func() error {
			if err := r.bd.addChord(c.a, c.b, c.w.Text); err != nil {
				return c.w.Errorf("%s: %v", at, err)
			}
			return nil
		})
		if err != nil {
			errs.Add(err, t.File)
			break
		}
	}
	if len(errs) > 0 {
		r.chordErr = true
		return r, errs.Err()
	}
	r.before = len(r.bd.pts)
	r.lines = append(r.lines,
		fmt.Sprintf("%s defends, %s is offense (odd moves cross nothing, even moves cross exactly one)", t.Players[r.defense], t.Players[r.offense]),
		"chords: "+r.chordList(),
		fmt.Sprintf("before the offense moves: %s", r.pointsLine(true)))

	var mw []*input.Node
	if n, ok := f["moves"]; ok {
		r.movesNode = n
		if mw, err = scorer.Words(n, where+" moves"); err != nil {
			return r, err
		}
	}
	if len(mw) > MaxCDCMoves {
		return r, r.movesNode.Errorf("%s: %d moves; the limit is %d a round", where, len(mw), MaxCDCMoves)
	}
	for k, w := range mw {
		if err := cdcGuard(w, fmt.Sprintf("%s, move %d (%s)", where, k+1, w.Text), func() error { return r.move(w, k+1, where) }); err != nil {
			r.badSet = true
			return r, err
		}
	}
	k := r.moves + 1
	err = cdcGuard(r.movesNode, fmt.Sprintf("%s, searching for a legal move %d left", where, k), func() error {
		if mv := r.bd.moves(k%2 == 0, true); len(mv) > 0 {
			r.left = &mv[0]
		}
		return nil
	})
	if err != nil {
		return r, err
	}
	end := fmt.Sprintf("after %s: %s", cdcPlural(r.moves, "move"), r.pointsLine(false))
	if r.left == nil {
		end += fmt.Sprintf("; no legal move %d (%s) remains: the round is over", k, cdcParity(k))
	} else {
		end += fmt.Sprintf("; the round is unfinished: move %d (%s) is still possible, e.g. %s", k, strings.SplitN(cdcParity(k), ":", 2)[0], r.leftText())
	}
	r.lines = append(r.lines, end)
	return r, nil
}

// cdcParseChord reads a chord written as two angles, "0-180".
func cdcParseChord(s string) (a, b *big.Rat, err error) {
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
		if v.Sign() < 0 || v.Cmp(big.NewRat(360, 1)) >= 0 {
			return nil, nil, fmt.Errorf("angle %s is outside 0 up to 360 (write 0, not 360)", p)
		}
		ends[j] = v
	}
	if ends[0].Cmp(ends[1]) == 0 {
		return nil, nil, fmt.Errorf("both ends at %s degrees: a chord joins two different points of the circle", parts[0])
	}
	return ends[0], ends[1], nil
}

// move checks and draws offense move k, written in w.
func (r *cdcRound) move(w *input.Node, k int, where string) error {
	bd := r.bd
	n := len(bd.segs) // the segment this move draws
	at := fmt.Sprintf("%s, move %d (%s)", where, k, w.Text)
	ends := strings.Split(w.Text, "-")
	if len(ends) != 2 {
		return w.Errorf("%s: write a move as its two ends joined by '-', e.g. 1a-2x%d", at, n+1)
	}
	var pq [2]int
	var errs input.Errors
	for j, e := range ends {
		p, why := bd.resolve(e, n)
		if why != "" {
			errs = append(errs, w.Errorf("%s: %s", at, why))
		}
		pq[j] = p
	}
	if len(errs) > 0 {
		return errs.Err()
	}
	r.bad = pq
	p, q := pq[0], pq[1]
	if p == q {
		return w.Errorf("%s: both ends are the same point, %s", at, bd.aka(p))
	}
	crossed, along := bd.classify(p, q, nil)
	if len(along) > 0 {
		return w.Errorf("%s: it runs along %s: no segment may coincide with a drawn one", at, bd.segList(along))
	}
	if k%2 == 1 && len(crossed) > 0 {
		return w.Errorf("%s: move %d is odd, so it may cross nothing, but it crosses %s", at, k, bd.crossList(p, q, crossed))
	}
	if k%2 == 0 && len(crossed) != 1 {
		if len(crossed) == 0 {
			return w.Errorf("%s: move %d is even, so it must cross exactly one drawn segment, but it crosses none", at, k)
		}
		return w.Errorf("%s: move %d is even, so it must cross exactly one drawn segment, but it crosses %d: %s", at, k, len(crossed), bd.crossList(p, q, crossed))
	}
	text := bd.name(p) + "-" + bd.name(q)
	bd.draw(p, q, strings.ToLower(w.Text), k, crossed)
	r.moves = k
	line := fmt.Sprintf("move %d (segment %d): %s", k, n+1, strings.ToLower(w.Text))
	if text != strings.ToLower(w.Text) {
		line += " = " + text
	}
	if len(crossed) == 0 {
		line += ", crosses nothing"
	} else {
		x := bd.pairAt[[2]int{crossed[0], n}]
		line += fmt.Sprintf(", crosses %s at %s, a new point", bd.seg(crossed[0]), bd.name(x))
	}
	r.lines = append(r.lines, line)
	return nil
}

// resolve finds the point a label names when segment n is about to be
// drawn; why says what is wrong when it names none.
func (bd *cdcBoard) resolve(label string, n int) (int, string) {
	l := strings.ToLower(label)
	bad := fmt.Sprintf("%q is not a point label: write a chord end as 1a or 1b (chord 1's first or second angle as written), a crossing as 1x3 (where segments 1 and 3 cross)", label)
	num := func(s string) (int, bool) {
		if s == "" || len(s) > 6 {
			return 0, false
		}
		v, err := strconv.Atoi(s)
		return v, err == nil && s[0] != '+' && s[0] != '-'
	}
	if last := len(l) - 1; last > 0 && (l[last] == 'a' || l[last] == 'b') {
		c, ok := num(l[:last])
		switch {
		case !ok:
			return -1, bad
		case c == 0 || c > len(bd.segs):
			return -1, fmt.Sprintf("%s: there is no chord %d; the defense drew chords 1 to %d", label, c, bd.chords)
		case c > bd.chords:
			s := bd.segs[c-1]
			return -1, fmt.Sprintf("%s: segment %d is the offense's (move %d), and only chords have ends named a and b: name its ends as the move did, %s and %s", label, c, s.move, bd.name(s.a), bd.name(s.b))
		}
		s := bd.segs[c-1]
		if l[last] == 'a' {
			return s.a, ""
		}
		return s.b, ""
	}
	x := strings.IndexByte(l, 'x')
	if x < 0 {
		return -1, bad
	}
	i, ok1 := num(l[:x])
	j, ok2 := num(l[x+1:])
	if !ok1 || !ok2 {
		return -1, bad
	}
	for _, s := range []int{i, j} {
		switch {
		case s == 0:
			return -1, fmt.Sprintf("%s: there is no segment 0; the chords are 1 to %d and the offense's segments follow", label, bd.chords)
		case s == n+1:
			return -1, fmt.Sprintf("%s: segment %d is the one this move draws; its ends must exist before it", label, s)
		case s > n+1:
			return -1, fmt.Sprintf("%s: segment %d is not drawn yet (this move draws segment %d)", label, s, n+1)
		}
	}
	if i == j {
		return -1, fmt.Sprintf("%s: a crossing is named by two different segments", label)
	}
	if p, ok := bd.pairAt[[2]int{min(i, j) - 1, max(i, j) - 1}]; ok {
		return p, ""
	}
	return -1, fmt.Sprintf("%s: %s", label, bd.noCrossing(i-1, j-1))
}

// noCrossing says how segments s and t, which do not cross, meet.
func (bd *cdcBoard) noCrossing(s, t int) string {
	for _, st := range [][2]int{{s, t}, {t, s}} {
		sg := bd.segs[st[0]]
		for _, e := range []int{sg.a, sg.b} {
			if bd.pts[e].on.has(st[1]) {
				return fmt.Sprintf("%s and %s do not cross: they only touch, at %s, an end of %s", bd.seg(s), bd.seg(t), bd.name(e), bd.seg(st[0]))
			}
		}
	}
	return fmt.Sprintf("%s and %s do not meet", bd.seg(s), bd.seg(t))
}

// segList names segments: "chord 1 (0-180) and segment 5 (move 1, 1a-2a)".
func (bd *cdcBoard) segList(ss []int) string {
	var out []string
	for _, s := range ss {
		out = append(out, bd.seg(s))
	}
	return cdcJoinAnd(out)
}

// crossList names the segments pq crosses, saying where it passes
// through a point where two or more of them cross.
func (bd *cdcBoard) crossList(p, q int, crossed []int) string {
	s := bd.segList(crossed)
	seen := map[int]bool{}
	for i, a := range crossed {
		for _, b := range crossed[i+1:] {
			x, ok := bd.pairAt[[2]int{a, b}]
			if !ok || seen[x] || hp.Orient(bd.pts[p].p, bd.pts[q].p, bd.pts[x].p) != 0 {
				continue
			}
			seen[x] = true
			var there []int
			for _, c := range crossed {
				if slices.Contains(bd.pts[x].through, c) {
					there = append(there, c)
				}
			}
			each := "both"
			if len(there) > 2 {
				each = "each of them"
			}
			s += fmt.Sprintf("; it passes through %s, where %s cross, and so crosses %s", bd.aka(x), bd.segList(there), each)
		}
	}
	return s
}

func cdcJoinAnd(ss []string) string {
	if len(ss) <= 1 {
		return strings.Join(ss, "")
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}

// chordList writes the chords: "1 = 0-180, 2 = 60-240".
func (r *cdcRound) chordList() string {
	var out []string
	for s := 0; s < r.bd.chords; s++ {
		out = append(out, fmt.Sprintf("%d = %s", s+1, r.bd.segs[s].text))
	}
	return strings.Join(out, ", ")
}

// pointsLine counts the points; with crossings set it names the crossing
// points with all their labels.
func (r *cdcRound) pointsLine(crossings bool) string {
	bd := r.bd
	ends, cs := 0, []string{}
	for p, pt := range bd.pts {
		if len(pt.ends) > 0 {
			ends++
			continue
		}
		cs = append(cs, strings.Join(bd.names(p), "="))
	}
	s := fmt.Sprintf("%d points (%d chord ends, %s)", len(bd.pts), ends, cdcPlural(len(cs), "crossing"))
	if crossings && len(cs) > 0 {
		s += ": " + strings.Join(cs, ", ")
	}
	return s
}

// leftText writes the legal move left: "1a-3x7 (even: crosses chord 3 (60-240))".
func (r *cdcRound) leftText() string {
	s := r.bd.move(*r.left)
	if r.left.cross >= 0 {
		s += ", crossing " + r.bd.seg(r.left.cross)
	} else {
		s += ", crossing nothing"
	}
	return s
}

// unfinished is the warning for a round that stops with a legal move left.
func (r *cdcRound) unfinished(t *scorer.Transcript) string {
	k := r.moves + 1
	return fmt.Sprintf("round %d is unfinished: %s (offense) stopped after %d move(s), but move %d (%s) is still possible, e.g. %s; the offense must move while it can",
		r.i+1, t.Players[r.offense], r.moves, k, strings.SplitN(cdcParity(k), ":", 2)[0], r.leftText())
}

// details are the round's figures for the JSON report.
func (r *cdcRound) details(t *scorer.Transcript) map[string]any {
	var chords []string
	for s := 0; s < r.bd.chords; s++ {
		chords = append(chords, r.bd.segs[s].text)
	}
	moves := []map[string]any{}
	for s := r.bd.chords; s < len(r.bd.segs); s++ {
		sg := r.bd.segs[s]
		mv := map[string]any{"move": sg.text, "crosses": nil}
		for c := 0; c < s; c++ {
			if x, ok := r.bd.pairAt[[2]int{c, s}]; ok {
				mv["crosses"] = c + 1
				mv["at"] = r.bd.name(x)
			}
		}
		moves = append(moves, mv)
	}
	var left any
	if r.left != nil {
		left = r.bd.move(*r.left)
	}
	return map[string]any{
		"defense":         t.Players[r.defense],
		"offense":         t.Players[r.offense],
		"chords":          chords,
		"chord_crossings": r.before - len(r.bd.endAt),
		"moves":           moves,
		"segments":        r.moves,
		"points":          len(r.bd.pts),
		"unfinished_move": left,
	}
}

// cdcPlural writes n things: "1 crossing", "3 crossings".
func cdcPlural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// cdcKey is the key the board id hashes: the sheet's and the transcript's
// check must agree.
func cdcKey(m int) string { return fmt.Sprintf("cross-dont-cross chords=%d", m) }
