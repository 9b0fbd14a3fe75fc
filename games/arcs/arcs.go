package arcs

import (
	"fmt"
	"math/big"
	"papergames/games"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/hp"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Game is Leroy Quet's Arcs And Marks (2010).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "arcs-and-marks", Title: "Arcs And Marks", Posted: "February 25, 2010",
		MinPlayers: 2, MaxPlayers: 12, BoardKind: "circle with numbered marks"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "marks", Usage: "number of evenly spaced marks on the circle", Kind: games.Int, Default: 12, Min: 3, Max: 360}}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	m := v.Int("marks")
	s := &games.Setup{
		Params:  fmt.Sprintf("%d marks · %d players · %d moves a round, one arc centred on each mark", m, len(players), m),
		Key:     arcsKey(m),
		Cells:   []layout.Cell{{Figure: boards.MarkedCircle{Marks: m}}},
		Rounds:  len(players),
		PerPage: 1,
	}
	if m%len(players) != 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("--marks %d is not a multiple of %d players: the players will not all draw the same number of arcs", m, len(players)))
	}
	return s, nil
}

// MaxArcMarks is the most marks a scored Arcs And Marks round may have.
// Meetings of arcs are decided with package hp, whose one assumption (no
// quantity it decides is non-zero yet below 1e-40) is checked for every
// arc pair up to 60 marks and on samples up to 1000 marks
// (hp.TestGapArcs, hp.TestGapArcsLarge): the smallest non-zero value met
// is above 1e-13, every value below hp.ErrorBound = 1e-90 is exactly zero.
// Beyond 1000 marks nobody has looked, so papergames refuses to score.
const MaxArcMarks = 1000

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return nil
}

// HeaderKeys implements Scorer.
func (Game) HeaderKeys() []string { return []string{"marks"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: each arc in its player's colour, numbered in drawing order; black dots mark the points where arcs meet."
}

// Blank implements Scorer.
func (Game) Blank() string {
	return strings.Replace(blankArcsAndMarks, "BOARD", games.BoardID(arcsKey(12)), 1)
}

const blankArcsAndMarks = `# Arcs And Marks transcript: one match, checked and scored by
#   papergames score THIS-FILE
game: arcs-and-marks
players: [Player 1, Player 2]   # names in seat order
marks: 12                       # marks on the circle, as printed on the sheet
board: BOARD                  # the board id printed on the sheet (optional)
rounds:
  # One entry per round, each on a fresh sheet.
  # first: the mark the first arc is centred on (marks are numbered 1..m
  #   clockwise from the top). Every later arc is centred on the next mark
  #   clockwise, so the round has exactly m arcs.
  # starts: who draws the first arc (optional). By default seat 1 starts
  #   round 1, seat 2 round 2, and so on; players then take turns in seat
  #   order.
  # arcs: the m arcs in the order drawn, each by its two end marks (3-9, in
  #   either order) or by its reach alone (3: the ends are 3 marks either
  #   side of the centre). A centre may be written in front as a check:
  #   6:3-9 or 6:3.
  - first: 1
    arcs: 11-3 2 1-5 3 4-6 1 5-9 4 8-10 2 10-12 5
  - first: 7
    starts: Player 2
    arcs: 6-8 5 3 1 9-1 2 10-4 3 2-4 1 3-7 5
`

// arcBoard is the circle of m marks in exact form: mark i (1..m) at
// (i-1)·360/m degrees on the unit circle, and the squared radius of an arc
// of each reach k, the squared chord from a mark to the mark k further on.
type arcBoard struct {
	m     int
	marks []hp.Point // marks[i-1] is mark i
	r2    []hp.Real  // r2[k] for 1 <= k < m/2
}

func newArcBoard(m int) *arcBoard {
	b := &arcBoard{m: m, marks: make([]hp.Point, m), r2: make([]hp.Real, (m+1)/2)}
	// sin and cos of 360·i/m degrees, each from sin and cos of an angle in
	// [0, 45] by exact quadrant turns and the swap at 45 (as hp.SinCos
	// does), computing each of those once: 46 series instead of 360 on a
	// board of 360 marks.
	type sc struct{ s, c hp.Real }
	memo := map[string]sc{}
	ninety, fortyFive := big.NewRat(90, 1), big.NewRat(45, 1)
	for i := range b.marks {
		a := big.NewRat(int64(360*i), int64(m))
		q := 0
		for a.Cmp(ninety) >= 0 {
			a.Sub(a, ninety)
			q++
		}
		swap := a.Cmp(fortyFive) > 0
		if swap {
			a.Sub(ninety, a)
		}
		v, ok := memo[a.String()]
		if !ok {
			v.s, v.c = hp.SinCos(a)
			memo[a.String()] = v
		}
		s, c := v.s, v.c
		if swap {
			s, c = c, s
		}
		for ; q > 0; q-- {
			s, c = c, s.Neg()
		}
		b.marks[i] = hp.Pt(s, c)
	}
	for k := 1; 2*k < m; k++ {
		b.r2[k] = b.marks[0].Sub(b.marks[k]).Norm2()
	}
	return b
}

// wrap returns mark i reduced to 1..m.
func (b *arcBoard) wrap(i int) int { return ((i-1)%b.m+b.m)%b.m + 1 }

// ends returns the end marks of the arc centred at c with reach k: the
// one k marks anticlockwise, then the one k marks clockwise.
func (b *arcBoard) ends(c, k int) (int, int) { return b.wrap(c - k), b.wrap(c + k) }

// throughCentre reports whether an arc of reach k passes through the
// centre of the main circle: its radius 2·sin(πk/m) is 1 exactly when
// k/m = 1/6, for 1 <= k < m/2.
func (b *arcBoard) throughCentre(k int) bool { return 6*k == b.m }

// arcMeeting is how a new arc meets an earlier one: how many times and
// where, in words, with the common points for drawing.
type arcMeeting struct {
	earlier int      // index of the earlier move
	how     []string // e.g. "end mark 3", "crossing", "tangent"
	points  [][2]float64
}

// meet decides whether the arc centred at c1 with reach k1 meets the arc
// centred at c2 with reach k2 (c1 != c2): whether their circles share a
// point inside or on the main circle. The decisions are exact (hp); the
// shared end marks and the centre, known from the integers, are checked
// against them.
func (b *arcBoard) meet(c1, k1, c2, k2 int) (am arcMeeting, met bool, err error) {
	defer hp.Guard(&err)
	cm := hp.MeetInUnitDisc(b.marks[c1-1], b.r2[k1], b.marks[c2-1], b.r2[k2])
	var shared []int
	e1, e2 := b.ends(c1, k1)
	f1, f2 := b.ends(c2, k2)
	for _, e := range []int{e1, e2} {
		if e == f1 || e == f2 {
			shared = append(shared, e)
		}
	}
	centre := b.throughCentre(k1) && b.throughCentre(k2)
	inside, on := 0, 0
	for i := 0; i < cm.Common; i++ {
		switch cm.Side[i] {
		case -1:
			inside++
		case 0:
			on++
		}
		if cm.Side[i] <= 0 {
			am.points = append(am.points, cm.Approx[i])
		}
	}
	if on != len(shared) || (centre && inside == 0) {
		return am, false, fmt.Errorf("internal error: arcs %d±%d and %d±%d: %d common points on the circle and %d inside, but %d shared end marks%s", c1, k1, c2, k2, on, inside, len(shared), map[bool]string{true: " and both through the centre"}[centre])
	}
	switch len(shared) {
	case 1:
		am.how = append(am.how, fmt.Sprintf("end mark %d", shared[0]))
	case 2:
		am.how = append(am.how, fmt.Sprintf("ends %d and %d", shared[0], shared[1]))
	}
	word := "crossing"
	if cm.Common == 1 {
		word = "tangent"
	}
	if centre {
		am.how = append(am.how, word+" at the centre")
		inside--
	}
	switch inside {
	case 1:
		am.how = append(am.how, word)
	case 2:
		am.how = append(am.how, "crossing twice")
	}
	return am, len(am.how) > 0, nil
}

// arcMove is one move of a round as written.
type arcMove struct {
	word   *input.Node
	seat   int
	centre int // the centre the rules force
	reach  int // 0 when the move is refused
	// For a refused move, what to draw in red: an arc (redCentre,
	// redReach) when the move names one, and the marks it names.
	redCentre, redReach int
	redMarks            []int
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, _ games.Values) (*scorer.Result, []layout.Cell, error) {
	res := &scorer.Result{Game: "arcs-and-marks", Title: g.Info().Title, Players: t.Players, Goal: scorer.Fewest,
		Rule: "fewest wins: each arc scores one for every earlier arc of its round that it meets"}
	m, err := arcMarks(t)
	if err != nil {
		return nil, nil, err
	}
	var errs input.Errors
	errs.Add(t.CheckBoard(games.BoardID(arcsKey(m))), t.File)
	b := newArcBoard(m)
	n := len(t.Players)
	starts := make([]int, n)
	var cells []layout.Cell
	for i := range t.Rounds {
		rd, cell, start, err := g.round(t, i, b)
		errs.Add(err, t.File)
		if cell != nil {
			cells = append(cells, *cell)
		}
		if start >= 0 {
			starts[start]++
		}
		if rd != nil {
			res.Rounds = append(res.Rounds, *rd)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, cells, err
	}
	if m%n != 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%d marks is not a multiple of %d players: the players did not all draw the same number of arcs in a round", m, n))
	}
	lo, hi := starts[0], starts[0]
	for _, c := range starts {
		lo, hi = min(lo, c), max(hi, c)
	}
	if lo != hi {
		var parts []string
		for s, c := range starts {
			parts = append(parts, fmt.Sprintf("%s %d", t.Players[s], c))
		}
		res.Warnings = append(res.Warnings, fmt.Sprintf("first moves are unequal (%s): moving first is an advantage, so the rules suggest every player starts equally often", strings.Join(parts, ", ")))
	}
	return res, cells, nil
}

// arcMarks reads the marks parameter: the printed sheets go from 3 to 360
// marks, and papergames scores up to MaxArcMarks.
func arcMarks(t *scorer.Transcript) (int, error) {
	n, ok := t.Params["marks"]
	if !ok {
		return Game{}.Params()[0].Default, nil
	}
	s, err := n.Value("marks")
	if err != nil {
		return 0, err
	}
	m, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err != nil:
		return 0, n.Errorf("marks must be a whole number, not %q", s)
	case m < 3:
		return 0, n.Errorf("marks %d: the circle needs at least 3 marks", m)
	case m > MaxArcMarks:
		return 0, n.Errorf("marks %d: papergames scores up to %d marks, the range its exact arithmetic is checked for (printed sheets go up to 360)", m, MaxArcMarks)
	}
	return m, nil
}

// round checks and scores round i on board b. It returns the seat that
// moved first (-1 when unknown) and, whenever the moves could be read, the
// drawing of the round up to its first bad move.
func (g Game) round(t *scorer.Transcript, i int, b *arcBoard) (*scorer.Round, *layout.Cell, int, error) {
	where := fmt.Sprintf("round %d", i+1)
	m, n := b.m, len(t.Players)
	f, err := games.RoundKeys(t, i, "first", "starts", "arcs")
	if err != nil {
		return nil, nil, -1, err
	}
	start := i % n
	var errs input.Errors
	fail := func(err error) (*scorer.Round, *layout.Cell, int, error) {
		errs.Add(err, t.File)
		return nil, nil, start, errs.Err()
	}
	badStart := false
	if sn, ok := f["starts"]; ok {
		// An unknown player is reported, and the moves are still checked:
		// who drew them does not change whether they are arcs of the round.
		if seat, err := t.Seat(sn); err != nil {
			errs = append(errs, sn.Errorf("%s, starts: %v", where, err.(*input.Error).Msg))
			badStart = true
		} else {
			start = seat
		}
	}
	an, ok := f["arcs"]
	if !ok {
		return fail(t.Rounds[i].Errorf("%s: missing arcs: the %d arcs in the order drawn, e.g. arcs: 11-3 2 1-5 (end marks, or the reach alone)", where, m))
	}
	words, err := scorer.Words(an, where+" arcs")
	if err != nil {
		return fail(err)
	}
	first := 0
	if fn, ok := f["first"]; ok {
		v, err := fn.Value(where + " first")
		if err != nil {
			return fail(err)
		}
		k, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || k < 1 || k > m {
			return fail(fn.Errorf("%s, first: %q is not a mark; the marks are 1 to %d", where, v, m))
		}
		first = k
	} else if len(words) > 0 {
		if c, _, ok := strings.Cut(words[0].Text, ":"); ok {
			if k, err := strconv.Atoi(strings.TrimSpace(c)); err == nil && k >= 1 && k <= m {
				first = k // the first arc's written centre
			}
		}
	}
	if first == 0 {
		return fail(t.Rounds[i].Errorf("%s: missing first: the mark the first arc is centred on, 1 to %d", where, m))
	}
	var moves []arcMove
	bad := -1
	for k, w := range words {
		if k >= m {
			extra := "this arc is one too many"
			if len(words)-m > 1 {
				extra = fmt.Sprintf("this and the %d after it are too many", len(words)-m-1)
			}
			errs = append(errs, w.Errorf("%s, move %d (%s): a round on %d marks has %d arcs, one centred on each mark; %s", where, k+1, w.Text, m, m, extra))
			break
		}
		mv, err := b.parseMove(w, fmt.Sprintf("%s, move %d (%s)", where, k+1, w.Text), k, first)
		mv.seat = (start + k) % n
		moves = append(moves, mv)
		if err != nil {
			errs = append(errs, err)
			if bad < 0 {
				bad = k
			}
		}
	}
	if len(words) < m {
		missing := fmt.Sprintf("the %d arcs centred on marks %d to %d are missing", m-len(words), b.wrap(first+len(words)), b.wrap(first+m-1))
		if m-len(words) == 1 {
			missing = fmt.Sprintf("the arc centred on mark %d is missing", b.wrap(first+m-1))
		}
		errs = append(errs, an.Errorf("%s: %d arcs, but a round on %d marks has %d, one centred on each mark: %s", where, len(words), m, m, missing))
	}
	rc := &arcRound{b: b, moves: moves, bad: bad, first: first, start: start}
	caption := fmt.Sprintf("round %d: %s starts, first centre mark %d", i+1, t.Players[start], first)
	if badStart {
		caption = fmt.Sprintf("round %d: first centre mark %d", i+1, first)
	}
	if len(errs) > 0 {
		return nil, rc.cell(caption), start, errs.Err()
	}
	if err := rc.score(t, where); err != nil {
		return nil, rc.cell(caption), start, err
	}
	rd := rc.result(t, i)
	var parts []string
	for s, v := range rd.Scores {
		parts = append(parts, fmt.Sprintf("%s %d", t.Players[s], v))
	}
	return rd, rc.cell(caption + " · " + strings.Join(parts, ", ")), start, nil
}

// parseMove reads move k (from 0) of a round whose first centre is first:
// its ends (3-9) or reach (3), with an optional centre in front (6:3-9),
// checked against the centre the rules force, mark first+k.
func (b *arcBoard) parseMove(w *input.Node, what string, k, first int) (arcMove, *input.Error) {
	m := b.m
	c := b.wrap(first + k)
	mv := arcMove{word: w, centre: c}
	forced := fmt.Sprintf("first: %d", first)
	if k > 0 {
		forced = fmt.Sprintf("the mark after move %d's centre, %d", k, b.wrap(c-1))
	}
	maxK := (m - 1) / 2
	text := strings.ReplaceAll(strings.TrimSpace(w.Text), "–", "-")
	form := fmt.Sprintf("write an arc as its two end marks (e.g. %d-%d) or its reach (e.g. 1), optionally after its centre (%d:%d-%d)", b.wrap(c-1), b.wrap(c+1), c, b.wrap(c-1), b.wrap(c+1))
	if cs, rest, ok := strings.Cut(text, ":"); ok {
		wc, err := strconv.Atoi(strings.TrimSpace(cs))
		if err != nil {
			return mv, w.Errorf("%s: %q is not a centre mark; %s", what, cs, form)
		}
		if wc != c {
			mv.redMarks = []int{c}
			if wc >= 1 && wc <= m {
				mv.redMarks = append(mv.redMarks, wc)
			}
			return mv, w.Errorf("%s: the centre of move %d is mark %d (%s), not %d: each arc is centred one mark clockwise of the one before", what, k+1, c, forced, wc)
		}
		text = strings.TrimSpace(rest)
	}
	num := func(s string) (int, bool) {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		return v, err == nil
	}
	if !strings.Contains(text, "-") {
		r, ok := num(text)
		switch {
		case !ok:
			return mv, w.Errorf("%s: %s", what, form)
		case r < 1:
			return mv, w.Errorf("%s: reach %d: the reach is at least 1 (the ends are marks other than the centre, %d)", what, r, c)
		case 2*r == m:
			mv.redMarks = []int{c, b.wrap(c + r)}
			return mv, w.Errorf("%s: reach %d is half of the %d marks: both ends would be mark %d, opposite the centre %d; the reach is 1 to %d", what, r, m, b.wrap(c+r), c, maxK)
		case r < m && 2*r > m:
			e1, e2 := b.ends(c, m-r)
			mv.redCentre, mv.redReach = c, m-r
			return mv, w.Errorf("%s: reach %d from mark %d names the same arc as reach %d (ends %d-%d): write %d; the reach is 1 to %d", what, r, c, m-r, e1, e2, m-r, maxK)
		case r >= m:
			return mv, w.Errorf("%s: reach %d is more than once round the %d marks; the reach is 1 to %d", what, r, m, maxK)
		}
		mv.reach = r
		return mv, nil
	}
	as, bs, _ := strings.Cut(text, "-")
	e1, ok1 := num(as)
	e2, ok2 := num(bs)
	if !ok1 || !ok2 {
		return mv, w.Errorf("%s: %s", what, form)
	}
	var off []string
	for _, e := range []int{e1, e2} {
		if e < 1 || e > m {
			off = append(off, strconv.Itoa(e))
		} else {
			mv.redMarks = append(mv.redMarks, e)
		}
	}
	if len(off) > 0 {
		return mv, w.Errorf("%s: mark %s is not on the board; the marks are 1 to %d", what, strings.Join(off, " and "), m)
	}
	mv.redMarks = append(mv.redMarks, c)
	switch {
	case e1 == e2:
		return mv, w.Errorf("%s: both ends are mark %d; the ends of the arc centred on mark %d are two marks equally far either side of it", what, e1, c)
	case e1 == c || e2 == c:
		return mv, w.Errorf("%s: mark %d is the centre of move %d (%s), so it cannot be an end", what, c, k+1, forced)
	}
	d1, d2 := (e1-c+m)%m, (e2-c+m)%m
	if (d1+d2)%m != 0 {
		partner := func(e int) string {
			d := min((e-c+m)%m, (c-e+m)%m)
			if 2*d == m {
				return fmt.Sprintf("%d is opposite the centre, so it cannot be an end", e)
			}
			return fmt.Sprintf("%d is %d mark%s away, so the other end is %d", e, d, plural(d), b.wrap(2*c-e))
		}
		return mv, w.Errorf("%s: the ends must be equally far from the centre, mark %d (%s): %s; %s", what, c, forced, partner(e1), partner(e2))
	}
	mv.reach = min(d1, d2)
	mv.redMarks = nil
	return mv, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// arcRound is a round whose moves have been read: scored by score, drawn
// by cell.
type arcRound struct {
	b      *arcBoard
	moves  []arcMove
	bad    int // index of the first refused move, or -1
	first  int
	start  int
	meets  [][]arcMeeting // meets[i]: the earlier arcs move i meets
	scored bool
}

// score finds, for every move, the earlier arcs it meets.
func (r *arcRound) score(t *scorer.Transcript, where string) error {
	r.meets = make([][]arcMeeting, len(r.moves))
	for i, a := range r.moves {
		for j, e := range r.moves[:i] {
			am, met, err := r.b.meet(a.centre, a.reach, e.centre, e.reach)
			if err != nil {
				return a.word.Errorf("%s, move %d (%s) against move %d (%s): %v", where, i+1, a.word.Text, j+1, e.word.Text, err)
			}
			if met {
				am.earlier = j
				r.meets[i] = append(r.meets[i], am)
			}
		}
	}
	r.scored = true
	return nil
}

// arcMoveJSON is one move in the JSON details.
type arcMoveJSON struct {
	Move   int      `json:"move"`
	Player string   `json:"player"`
	Centre int      `json:"centre"`
	Ends   [2]int   `json:"ends"`
	Reach  int      `json:"reach"`
	Met    []int    `json:"met"`
	How    []string `json:"how"`
	Count  int      `json:"count"`
}

// result reports the scored round.
func (r *arcRound) result(t *scorer.Transcript, i int) *scorer.Round {
	rd := &scorer.Round{Number: i + 1, Scores: make([]int, len(t.Players))}
	var order []string
	for k := range t.Players {
		order = append(order, t.Players[(r.start+k)%len(t.Players)])
	}
	rd.Lines = append(rd.Lines, fmt.Sprintf("first centre mark %d; %d arcs, drawn in turn by %s", r.first, r.b.m, strings.Join(order, ", ")))
	var js []arcMoveJSON
	for k, mv := range r.moves {
		e1, e2 := r.b.ends(mv.centre, mv.reach)
		j := arcMoveJSON{Move: k + 1, Player: t.Players[mv.seat], Centre: mv.centre, Ends: [2]int{e1, e2}, Reach: mv.reach, Met: []int{}, How: []string{}, Count: len(r.meets[k])}
		var met []string
		for _, am := range r.meets[k] {
			how := strings.Join(am.how, ", ")
			j.Met = append(j.Met, am.earlier+1)
			j.How = append(j.How, how)
			met = append(met, fmt.Sprintf("%d %s (%s)", am.earlier+1, t.Players[r.moves[am.earlier].seat], how))
		}
		rd.Scores[mv.seat] += j.Count
		line := fmt.Sprintf("move %d, %s: centre %d, arc %d-%d (reach %d): ", k+1, j.Player, mv.centre, e1, e2, mv.reach)
		switch len(met) {
		case 0:
			line += "meets no earlier arc"
		case 1:
			line += "meets 1 earlier arc: " + met[0]
		default:
			line += fmt.Sprintf("meets %d earlier arcs: %s", len(met), strings.Join(met, ", "))
		}
		rd.Lines = append(rd.Lines, line)
		js = append(js, j)
	}
	rd.Details = map[string]any{"first": r.first, "starts": t.Players[r.start], "moves": js}
	return rd
}

// arcsKey is the key the board id hashes: the sheet's and the transcript's
// check must agree.
func arcsKey(m int) string { return fmt.Sprintf("arcs-and-marks marks=%d", m) }
