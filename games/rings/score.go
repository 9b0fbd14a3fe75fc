package rings

import (
	"fmt"
	"math/big"
	"papergames/games"
	"slices"
	"sort"
	"strconv"
	"strings"

	"papergames/hp"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return []games.Param{
		{Name: "ban-along-cuts", Kind: games.Bool, Usage: "refuse a segment that runs along a cut (default: it fills neither neighbour)"},
		{Name: "sections", Kind: games.String, Usage: "sections allowed in ring j, as `MIN..MAX` in numbers and j (e.g. j..2^j, the default; 2..3j; 4..8)"},
	}
}

// HeaderKeys implements Scorer.
func (Game) HeaderKeys() []string { return []string{"circles"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: shading shows who filled each section; ends are circle@angle (3@120); sections count clockwise from 0°."
}

// Blank implements Scorer.
func (Game) Blank() string {
	return strings.Replace(blankCrossingTheRings, "BOARD", games.BoardID(boardKey(4)), 1)
}

const blankCrossingTheRings = `# Crossing The Rings transcript: one match, checked and scored by
#   papergames score THIS-FILE
game: crossing-the-rings
players: [Player 1, Player 2]   # names in seat order
circles: 4                      # circles on the target (rings: one fewer)
board: BOARD                    # the board id printed on the sheet (optional)
rounds:
  # One entry per round.
  # divider: who cut the rings (optional; by default seat 1 in round 1,
  #   seat 2 in round 2, and so on round the table).
  # cuts: each ring's cut angles, in degrees clockwise from the top (whole,
  #   decimal like 22.5, or fraction like 45/2). Ring j lies between circles
  #   j and j+1 and is cut into j up to 2 to the power j (2^j) sections,
#   one cut per section.
  #   Also accepted: a list, ring 1 first, or the sheet's "1:0,180;2:..." form.
  # segments: in play order (the players after the divider in seat order,
  #   the divider last), each NAME: END END. An end is a cut end written
  #   circle@angle, e.g. 2@90: circle 2 at 90 degrees.
  - divider: Player 1
    cuts:
      1: 0 180
      2: 45 135 270
      3: 0 60 120 200 300
    segments:
      - Player 2: 4@60 4@200
      - Player 1: 2@45 3@270
  - divider: Player 2
    cuts:
      1: 90
      2: 0 120 240
      3: 30 90 150 210 270 330
    segments:
      - Player 1: 4@30 4@150
      - Player 2: 1@90 3@240
`

// ringsSegment is one segment of a round, as read and as scored.
type ringsSegment struct {
	node   *input.Node // the list item, for messages
	seat   int         // who drew it, as written (-1 if unknown)
	a, b   ringEnd
	ok     bool // both ends read and valid
	m      ringMeeting
	filled []ringSec // sections it filled
	again  []ringSec // sections it met that were filled before
}

// ringsRound is one round as read: what the render draws and the score.
type ringsRound struct {
	n        int
	bounds   [][2]int
	divider  int          // seat
	noDiv    bool         // the divider was written but is not a player: play order unknown
	cuts     [][]*big.Rat // each ring's cuts, sorted (the valid ones)
	badRings map[int]bool // rings whose cuts are refused
	unread   map[int]bool // rings missing or with an angle that cannot be read
	segs     []*ringsSegment
	bad      int // the first refused segment, or -1
	owner    map[ringSec]int
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, o games.Values) (*scorer.Result, []layout.Cell, error) {
	p := g.Params()[0]
	n, err := t.Int("circles", p.Default, p.Min, p.Max)
	if err != nil {
		return nil, nil, err
	}
	bounds, rule, err := ringBounds(o.String("sections"), n)
	if err != nil {
		return nil, nil, err
	}
	res := &scorer.Result{Game: "crossing-the-rings", Title: g.Info().Title, Players: t.Players, Goal: scorer.Most,
		Rule: "most points wins: a point for each section a player fills"}
	var errs input.Errors
	var cells []layout.Cell
	divided := make([]int, len(t.Players))
	boardKey := boardKey(n)
	boardIDs := []string{games.BoardID(boardKey)}
	for i := range t.Rounds {
		rr, rd, err := g.round(t, i, n, bounds, rule, o)
		errs.Add(err, t.File)
		if rr == nil {
			continue
		}
		divided[rr.divider]++
		cells = append(cells, rr.cell(t, i))
		if len(rr.badRings) == 0 {
			boardIDs = append(boardIDs, games.BoardID(boardKey+" cuts="+FormatDividers(rr.floatCuts())))
		}
		if rd != nil {
			res.Rounds = append(res.Rounds, *rd)
		}
	}
	if t.BoardID != nil {
		got, err := t.BoardID.Value("board")
		switch {
		case err != nil:
			errs.Add(err, t.File)
		case !slices.Contains(boardIDs, strings.TrimSpace(got)):
			errs = append(errs, t.BoardID.Errorf("board %s does not match this transcript: a sheet of %d circles is board %s (or, printed with a round's cuts, the id that --dividers gives): check circles against the sheet", got, n, boardIDs[0]))
		}
	}
	if err := errs.Err(); err != nil {
		return nil, cells, err
	}
	if w := ringsDividerWarning(t.Players, divided); w != "" {
		res.Warnings = append(res.Warnings, w)
	}
	return res, cells, nil
}

// ringsDividerWarning says who divided how often when not all equally.
func ringsDividerWarning(players []string, divided []int) string {
	var parts []string
	same := true
	for i, d := range divided {
		parts = append(parts, fmt.Sprintf("%s %d", players[i], d))
		same = same && d == divided[0]
	}
	if same {
		return ""
	}
	return "the players were not the divider equally often (" + strings.Join(parts, ", ") + "); a fair match gives everyone the same number of rounds as divider"
}

func (r *ringsRound) floatCuts() [][]float64 {
	out := make([][]float64, len(r.cuts))
	for j, cs := range r.cuts {
		for _, c := range cs {
			f, _ := c.Float64()
			out[j] = append(out[j], f)
		}
	}
	return out
}

// round reads, checks and scores round i. The ringsRound comes back
// whenever the round's keys could be read, for the render; the scored
// round only when nothing in it is refused.
func (g Game) round(t *scorer.Transcript, i, n int, bounds [][2]int, rule string, o games.Values) (*ringsRound, *scorer.Round, error) {
	where := fmt.Sprintf("round %d", i+1)
	f, err := games.RoundKeys(t, i, "divider", "cuts", "segments")
	if err != nil {
		return nil, nil, err
	}
	m := len(t.Players)
	rr := &ringsRound{n: n, bounds: bounds, divider: i % m, bad: -1, badRings: map[int]bool{}, unread: map[int]bool{}, owner: map[ringSec]int{}}
	var errs input.Errors
	if dn, ok := f["divider"]; ok {
		if seat, err := t.Seat(dn); err != nil {
			errs = append(errs, dn.Errorf("%s, divider: %v", where, err.(*input.Error).Msg))
			rr.noDiv = true
		} else {
			rr.divider = seat
		}
	}
	cn, ok := f["cuts"]
	if !ok {
		errs = append(errs, t.Rounds[i].Errorf("%s: missing cuts: each ring's cut angles, e.g. cuts: {1: 0 180, 2: 45 135 270}", where))
		rr.cuts = make([][]*big.Rat, n-1)
		for j := 1; j < n; j++ {
			rr.badRings[j], rr.unread[j] = true, true
		}
	} else {
		errs = append(errs, rr.readCuts(cn, where, rule)...)
	}
	// The order of play: the players after the divider in seat order,
	// then the divider.
	order := make([]int, m)
	for k := range order {
		order[k] = (rr.divider + 1 + k) % m
	}
	sn, ok := f["segments"]
	var items []*input.Node
	switch {
	case !ok:
		errs = append(errs, t.Rounds[i].Errorf("%s: missing segments: each player's segment in play order, e.g. segments: [%s: 2@0 4@90]", where, t.Players[order[0]]))
	case sn.Kind != input.Seq:
		errs = append(errs, sn.Errorf("%s, segments: write a list, one segment per line in play order, e.g. - %s: 2@0 4@90", where, t.Players[order[0]]))
	default:
		items = sn.Items
	}
	for k, it := range items {
		s, err := rr.readSegment(t, it, fmt.Sprintf("%s, segment %d", where, k+1), k, order)
		if err != nil {
			errs.Add(err, t.File)
			if rr.bad < 0 {
				rr.bad = k
			}
		}
		rr.segs = append(rr.segs, s)
	}
	if ok && sn.Kind == input.Seq && len(items) < m && len(errs) == 0 {
		var missing []string
		for _, s := range order[len(items):] {
			missing = append(missing, t.Players[s])
		}
		errs = append(errs, sn.Errorf("%s: %d segment(s); each of the %d players draws one, so %s still to draw", where, len(items), m, strings.Join(missing, ", ")))
	}
	if len(rr.badRings) == 0 {
		errs = append(errs, rr.play(t, where, o)...)
	}
	if len(errs) > 0 {
		return rr, nil, errs.Err()
	}
	return rr, rr.report(t, i), nil
}

// readCuts reads each ring's cut angles in any of the accepted forms.
func (rr *ringsRound) readCuts(cn *input.Node, where, rule string) input.Errors {
	n := rr.n
	rr.cuts = make([][]*big.Rat, n-1)
	var errs input.Errors
	type entry struct {
		at    *input.Node // the ring's key or item
		words []*input.Node
	}
	rings := map[int]entry{}
	ringOf := func(key *input.Node) (int, bool) {
		j, err := strconv.Atoi(strings.TrimSpace(key.Text))
		if err != nil || j < 1 || j > n-1 {
			errs = append(errs, key.Errorf("%s, cuts: ring %q: the rings are numbered 1 to %d (ring j lies between circles j and j+1)", where, key.Text, n-1))
			return 0, false
		}
		if _, dup := rings[j]; dup {
			errs = append(errs, key.Errorf("%s, cuts: ring %d is given twice", where, j))
			return 0, false
		}
		return j, true
	}
	words := func(v *input.Node, j int) []*input.Node {
		ws, err := scorer.Words(v, fmt.Sprintf("%s, cuts of ring %d", where, j))
		if err != nil {
			errs.Add(err, v.Pos.File)
			rr.unread[j] = true
		}
		return ws
	}
	switch {
	case cn.Kind == input.Map:
		for x, key := range cn.Keys {
			if j, ok := ringOf(key); ok {
				rings[j] = entry{key, words(cn.Values[x], j)}
			}
		}
	case cn.Kind == input.Seq:
		for x, it := range cn.Items {
			if x >= n-1 {
				errs = append(errs, it.Errorf("%s, cuts: %d rings listed; %d circles make %d rings", where, len(cn.Items), n, n-1))
				break
			}
			rings[x+1] = entry{it, words(it, x+1)}
		}
	case cn.Kind == input.Scalar && strings.Contains(cn.Text, ":"):
		parts, err := splitDividers(cn.Text)
		if err != nil {
			errs = append(errs, cn.Errorf("%s, cuts: %v", where, err))
			break
		}
		at := func(w dividerWord) *input.Node {
			p := cn.Pos
			if !strings.Contains(cn.Text, "\n") {
				p.Col += len([]rune(cn.Text[:w.off]))
				if cn.Quoted {
					p.Col++
				}
			}
			return &input.Node{Kind: input.Scalar, Pos: p, Text: w.text}
		}
		for _, part := range parts {
			key := at(part.ring)
			if j, ok := ringOf(key); ok {
				e := entry{at: key}
				for _, a := range part.angles {
					e.words = append(e.words, at(a))
				}
				rings[j] = e
			}
		}
	default:
		errs = append(errs, cn.Errorf("%s, cuts: write each ring's cut angles, one ring a line (1: 0 180, then 2: 45 135 270, ...), or the sheet's form \"1:0,180;2:45,135,270\"", where))
	}
	var missing []string
	for j := 1; j < n; j++ {
		e, ok := rings[j]
		if !ok {
			missing = append(missing, strconv.Itoa(j))
			rr.badRings[j], rr.unread[j] = true, true
			continue
		}
		if !rr.readRing(j, e.at, e.words, where, rule, &errs) {
			rr.badRings[j] = true
		}
	}
	if len(missing) > 0 && len(errs) == 0 {
		at := cn
		if cn.Kind == input.Map && len(cn.Keys) > 0 {
			at = cn.Keys[0]
		}
		errs = append(errs, at.Errorf("%s, cuts: no cuts for ring(s) %s; the divider cuts every ring 1 to %d", where, strings.Join(missing, ", "), n-1))
	}
	return errs
}

// readRing reads ring j's angles into rr.cuts[j-1], reporting bad ones.
func (rr *ringsRound) readRing(j int, at *input.Node, words []*input.Node, where, rule string, errs *input.Errors) bool {
	good := true
	seen := map[string]*input.Node{} // by exact value
	for _, w := range words {
		d, err := cutAngle(w.Text)
		if err != nil {
			*errs = append(*errs, w.Errorf("%s, ring %d: cut at %q: %v", where, j, w.Text, err))
			good, rr.unread[j] = false, true
			continue
		}
		if first, dup := seen[d.RatString()]; dup {
			*errs = append(*errs, w.Errorf("%s, ring %d: %s is cut twice (first at %d:%d as %s)", where, j, games.Exact(d), first.Pos.Line, first.Pos.Col, first.Text))
			good = false
			continue
		}
		seen[d.RatString()] = w
		rr.cuts[j-1] = append(rr.cuts[j-1], d)
	}
	b := rr.bounds[j-1]
	switch k := len(words); {
	case k > MaxRingCuts:
		*errs = append(*errs, at.Errorf("%s, ring %d: %d cuts; papergames reads at most %d per ring", where, j, k, MaxRingCuts))
		good = false
	case k < b[0] || k > b[1]:
		*errs = append(*errs, at.Errorf("%s, ring %d: %d cut(s) make %d section(s); ring %d is cut into %d to %d sections (rule %s)", where, j, k, k, j, b[0], b[1], rule))
		good = false
	}
	sort.Slice(rr.cuts[j-1], func(a, b int) bool { return rr.cuts[j-1][a].Cmp(rr.cuts[j-1][b]) < 0 })
	return good
}

// readSegment reads the k-th segment, NAME: END END, and checks who drew
// it and that its ends are cut ends.
func (rr *ringsRound) readSegment(t *scorer.Transcript, it *input.Node, where string, k int, order []int) (*ringsSegment, error) {
	s := &ringsSegment{node: it, seat: -1}
	example := "Bob: 2@0 4@90"
	if k < len(order) {
		example = t.Players[order[k]] + ": 2@0 4@90"
	}
	if it.Kind != input.Map || len(it.Keys) != 1 {
		return s, it.Errorf("%s: write the player and the segment's two ends, e.g. %s", where, example)
	}
	var errs input.Errors
	key, val := it.Keys[0], it.Values[0]
	s.node = key // a mapping's own place is its colon; the name starts the line
	seat, err := t.Seat(key)
	switch {
	case err != nil:
		errs = append(errs, key.Errorf("%s: %v", where, err.(*input.Error).Msg))
	case k >= len(order):
		errs = append(errs, key.Errorf("%s (%s): every player has drawn their one segment this round", where, t.Players[seat]))
	case seat != order[k] && !rr.noDiv: // with no divider, no order to check against
		var names []string
		for _, x := range order[:len(order)-1] {
			names = append(names, t.Players[x])
		}
		errs = append(errs, key.Errorf("%s: %s drew it, but it is %s's turn: after the divider %s the order is %s, then %s", where, t.Players[seat], t.Players[order[k]], t.Players[order[len(order)-1]], strings.Join(names, ", "), t.Players[order[len(order)-1]]))
	}
	if err == nil {
		s.seat = seat
		where = fmt.Sprintf("%s (%s)", where, t.Players[seat])
	}
	words, err := scorer.Words(val, where)
	if err != nil {
		errs.Add(err, t.File)
		return s, errs.Err()
	}
	var ends []*input.Node
	for _, w := range words {
		ends = append(ends, ringsSplitDash(w)...)
	}
	if len(ends) != 2 {
		errs = append(errs, val.Errorf("%s: %d end(s); a segment has two, e.g. %s", where, len(ends), example))
		return s, errs.Err()
	}
	var got [2]ringEnd
	okEnds := true
	for x, w := range ends {
		e, err := rr.readEnd(w, where)
		if err != nil || e.deg == nil {
			if err != nil {
				errs = append(errs, err)
			}
			okEnds = false
			continue
		}
		got[x] = e
	}
	if okEnds && got[0].circle == got[1].circle && got[0].deg.Cmp(got[1].deg) == 0 {
		errs = append(errs, ends[1].Errorf("%s: both ends are %s; a segment joins two different cut ends", where, got[0].label()))
		okEnds = false
	}
	if okEnds {
		s.a, s.b, s.ok = got[0], got[1], true
	}
	return s, errs.Err()
}

// ringsSplitDash splits a word such as 3@120-5@45 at its dashes (angles are
// never negative), keeping positions; a lone dash is dropped.
func ringsSplitDash(w *input.Node) []*input.Node {
	var out []*input.Node
	off := 0
	for _, part := range strings.Split(w.Text, "-") {
		if part != "" {
			p := w.Pos
			p.Col += off
			out = append(out, &input.Node{Kind: input.Scalar, Pos: p, Text: part})
		}
		off += len([]rune(part)) + 1
	}
	return out
}

// readEnd reads circle@angle and checks that a cut ends there.
func (rr *ringsRound) readEnd(w *input.Node, where string) (ringEnd, *input.Error) {
	cs, as, ok := strings.Cut(w.Text, "@")
	if !ok {
		return ringEnd{}, w.Errorf("%s: end %q: write an end as circle@angle, e.g. 3@120 (circle 3 at 120 degrees)", where, w.Text)
	}
	c, err := strconv.Atoi(cs)
	if err != nil || c < 1 || c > rr.n {
		return ringEnd{}, w.Errorf("%s: end %s: circle %q: the circles are numbered 1 (innermost) to %d", where, w.Text, cs, rr.n)
	}
	d, err := cutAngle(as)
	if err != nil {
		return ringEnd{}, w.Errorf("%s: end %s: angle %q %v", where, w.Text, as, err)
	}
	var near []string
	unread := false // a ring here whose cuts could not all be read
	for _, j := range []int{c - 1, c} {
		if j < 1 || j >= rr.n {
			continue
		}
		for _, x := range rr.cuts[j-1] {
			if x.Cmp(d) == 0 {
				return newRingEnd(c, d), nil
			}
		}
		near = append(near, fmt.Sprintf("ring %d's at %s", j, ringsAngleList(rr.cuts[j-1], 12)))
		unread = unread || rr.unread[j]
	}
	if unread {
		return ringEnd{}, nil // the ring's own message says what is wrong
	}
	return ringEnd{}, w.Errorf("%s: end %s: no cut ends at circle %d, %s degrees; the cuts meeting circle %d are %s", where, w.Text, c, games.Exact(d), c, strings.Join(near, " and "))
}

// ringsAngleList writes angles, at most max of them.
func ringsAngleList(as []*big.Rat, max int) string {
	if len(as) == 0 {
		return "none"
	}
	var parts []string
	for i, a := range as {
		if i == max {
			parts = append(parts, fmt.Sprintf("... (%d in all)", len(as)))
			break
		}
		parts = append(parts, games.Exact(a))
	}
	return strings.Join(parts, ", ")
}

// play decides what each segment meets, in order, and fills sections.
func (rr *ringsRound) play(t *scorer.Transcript, where string, o games.Values) input.Errors {
	g := &ringTarget{n: rr.n}
	for _, cs := range rr.cuts {
		var ds []*ringDir
		for _, c := range cs {
			ds = append(ds, &ringDir{deg: c})
		}
		g.cuts = append(g.cuts, ds)
	}
	var errs input.Errors
	for k, s := range rr.segs {
		if !s.ok {
			continue
		}
		what := fmt.Sprintf("%s, segment %d (%s %s-%s)", where, k+1, rr.name(t, s.seat), s.a.label(), s.b.label())
		m, err := ringsMeets(g, s.a, s.b)
		if err != nil {
			errs = append(errs, s.node.Errorf("%s: %v", what, err))
			rr.refuse(k)
			continue
		}
		s.m = m
		if o.Bool("ban-along-cuts") && len(m.along) > 0 {
			errs = append(errs, s.node.Errorf("%s: runs along %s; with --ban-along-cuts a segment may not run along a cut", what, rr.cutNames(m.along)))
			rr.refuse(k)
			continue
		}
		if rr.bad >= 0 && k >= rr.bad {
			continue // nothing is filled from the first refused segment on
		}
		for _, sec := range m.secs {
			if _, done := rr.owner[sec]; done {
				s.again = append(s.again, sec)
				continue
			}
			rr.owner[sec] = s.seat
			s.filled = append(s.filled, sec)
		}
	}
	return errs
}

// refuse marks segment k refused; fills by it and later ones are undone
// for the render.
func (rr *ringsRound) refuse(k int) {
	if rr.bad >= 0 && rr.bad <= k {
		return
	}
	rr.bad = k
	for _, s := range rr.segs[k:] {
		for _, sec := range s.filled {
			delete(rr.owner, sec)
		}
		s.filled, s.again = nil, nil
	}
}

func ringsMeets(g *ringTarget, a, b ringEnd) (m ringMeeting, err error) {
	defer hp.Guard(&err)
	return g.meets(a, b), nil
}

func (rr *ringsRound) name(t *scorer.Transcript, seat int) string {
	if seat < 0 {
		return "?"
	}
	return t.Players[seat]
}

// cutNames names cuts: "the cut of ring 2 at 45 (2@45 to 3@45)", or
// "the cuts of ring 4 at 0, ring 2 at 0 and ring 4 at 180".
func (rr *ringsRound) cutNames(cs []ringCut) string {
	if len(cs) == 1 {
		c := cs[0]
		d := rr.cuts[c.ring-1][c.cut]
		return fmt.Sprintf("the cut of ring %d at %s (%s to %s)", c.ring, games.Exact(d), ringEndLabel(c.ring, d), ringEndLabel(c.ring+1, d))
	}
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("ring %d at %s", c.ring, games.Exact(rr.cuts[c.ring-1][c.cut])))
	}
	return "the cuts of " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// ringsSecList writes sections grouped by ring: "ring 2: 1, 3; ring 3: 5".
func ringsSecList(secs []ringSec, by func(ringSec) string) string {
	s := append([]ringSec(nil), secs...)
	sort.Slice(s, func(a, b int) bool {
		if s[a].ring != s[b].ring {
			return s[a].ring < s[b].ring
		}
		return s[a].sec < s[b].sec
	})
	var parts []string
	for i := 0; i < len(s); {
		j := i
		var nums []string
		for ; j < len(s) && s[j].ring == s[i].ring; j++ {
			x := strconv.Itoa(s[j].sec + 1)
			if by != nil {
				x += " (" + by(s[j]) + ")"
			}
			nums = append(nums, x)
		}
		parts = append(parts, fmt.Sprintf("ring %d: %s", s[i].ring, strings.Join(nums, ", ")))
		i = j
	}
	return strings.Join(parts, "; ")
}

// ringsSectionJSON is a section in the JSON details.
type ringsSectionJSON struct {
	Ring    int    `json:"ring"`
	Section int    `json:"section"`
	By      string `json:"by,omitempty"`
}

// ringsCutJSON is a cut in the JSON details.
type ringsCutJSON struct {
	Ring  int    `json:"ring"`
	Angle string `json:"angle"`
}

// ringsSegmentJSON is a segment in the JSON details.
type ringsSegmentJSON struct {
	Player        string             `json:"player"`
	Ends          [2]string          `json:"ends"`
	Filled        []ringsSectionJSON `json:"filled"`
	AlreadyFilled []ringsSectionJSON `json:"already_filled"`
	AlongCuts     []ringsCutJSON     `json:"along_cuts"`
	Centre        bool               `json:"through_centre"`
}

func ringsSectionsJSON(secs []ringSec, by func(ringSec) string) []ringsSectionJSON {
	out := []ringsSectionJSON{}
	s := append([]ringSec(nil), secs...)
	sort.Slice(s, func(a, b int) bool {
		if s[a].ring != s[b].ring {
			return s[a].ring < s[b].ring
		}
		return s[a].sec < s[b].sec
	})
	for _, x := range s {
		j := ringsSectionJSON{Ring: x.ring, Section: x.sec + 1}
		if by != nil {
			j.By = by(x)
		}
		out = append(out, j)
	}
	return out
}

// report writes the scored round.
func (rr *ringsRound) report(t *scorer.Transcript, i int) *scorer.Round {
	rd := &scorer.Round{Number: i + 1, Scores: make([]int, len(t.Players))}
	total := 0
	var perRing []int
	for _, cs := range rr.cuts {
		perRing = append(perRing, len(cs))
		total += len(cs)
	}
	counts := make([]string, len(perRing))
	for j, k := range perRing {
		counts[j] = strconv.Itoa(k)
	}
	rd.Lines = append(rd.Lines, fmt.Sprintf("divider %s; sections per ring %s: %d in all", t.Players[rr.divider], strings.Join(counts, ", "), total))
	byOwner := func(s ringSec) string { return t.Players[rr.owner[s]] }
	var segs []ringsSegmentJSON
	for k, s := range rr.segs {
		line := fmt.Sprintf("%d. %s %s-%s: ", k+1, t.Players[s.seat], s.a.label(), s.b.label())
		if len(s.filled) == 0 {
			line += "fills nothing"
		} else {
			line += fmt.Sprintf("fills %d (%s)", len(s.filled), ringsSecList(s.filled, nil))
		}
		if len(s.again) > 0 {
			line += "; already filled: " + ringsSecList(s.again, byOwner)
		}
		if len(s.m.along) > 0 {
			line += "; runs along " + rr.cutNames(s.m.along) + ", filling neither side there"
		}
		if s.m.centre {
			line += "; crosses the centre disc"
		}
		rd.Lines = append(rd.Lines, line)
		rd.Scores[s.seat] += len(s.filled)
		j := ringsSegmentJSON{Player: t.Players[s.seat], Ends: [2]string{s.a.label(), s.b.label()},
			Filled: ringsSectionsJSON(s.filled, nil), AlreadyFilled: ringsSectionsJSON(s.again, byOwner), AlongCuts: []ringsCutJSON{}, Centre: s.m.centre}
		for _, c := range s.m.along {
			j.AlongCuts = append(j.AlongCuts, ringsCutJSON{c.ring, games.Exact(rr.cuts[c.ring-1][c.cut])})
		}
		segs = append(segs, j)
	}
	rd.Lines = append(rd.Lines, fmt.Sprintf("filled %d of %d sections, %d left unfilled", len(rr.owner), total, total-len(rr.owner)))
	rd.Details = map[string]any{
		"divider":           t.Players[rr.divider],
		"sections_per_ring": perRing,
		"sections":          total,
		"filled":            len(rr.owner),
		"unfilled":          total - len(rr.owner),
		"segments":          segs,
	}
	return rd
}
