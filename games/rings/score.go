package rings

import (
	"fmt"
	"math/big"
	"papergames/games"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return []games.Param{
		{Name: "ban-along-cuts", Kind: games.Bool, Usage: "refuse a segment that runs along a cut (without this flag it fills neither neighbour)"},
		{Name: "sections", Kind: games.String, Usage: "sections allowed in ring j, as `MIN..MAX` in numbers and j (e.g. j..2^j, the default; 2..3j; 4..8)",
			Check: func(s string) error { _, _, err := sectionRule(s, 2); return err }},
	}
}

// HeaderKeys implements Scorer.
func (Game) HeaderKeys() []string { return []string{"circles"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: shading shows who filled each section; ends are circle@angle (3@120); sections count clockwise from 0°."
}

// Example implements Scorer.
func (Game) Example() string {
	return strings.Replace(blank, "BOARD", games.BoardID(boardKey(4)), 1)
}

const blank = `# Crossing The Rings transcript: one match, checked and scored by
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

// segment is one segment of a round as read, and what it did.
type segment struct {
	node *input.Node // the list item, for messages
	seat int         // who drew it, as written (-1 if unknown)
	a, b end
	ok   bool     // both ends read and valid
	m    *meeting // what it met, once played
	// sections it filled, and those it met that were filled before
	filled, again []section
}

// round is one round as read: the engine replaying it, and what the
// render draws and the report writes.
type round struct {
	st       *State
	noDiv    bool         // the divider was written but is not a player: play order unknown
	badRings map[int]bool // rings whose cuts are refused
	unread   map[int]bool // rings missing or with an angle that cannot be read
	segs     []*segment
	bad      int // the first refused segment, or -1
	// open: the round is the last one listed for moves, with no segment
	// written; cutting: its rings with no cuts yet, which the divider is
	// still to cut (not an error then).
	open    bool
	cutting []string
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, o games.Values) (*scorer.Result, []layout.Cell, error) {
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	bounds, rule, err := sectionRule(o.String("sections"), n)
	if err != nil {
		return nil, nil, err
	}
	res := &scorer.Result{Game: "crossing-the-rings", Title: g.Info().Title, Players: t.Players, Goal: scorer.Most,
		Rule: "most points wins: a point for each section a player fills"}
	var errs input.Errors
	var cells []layout.Cell
	divided := make([]int, len(t.Players))
	key := boardKey(n)
	boardIDs := []string{games.BoardID(key)}
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, nil, err
		}
		rr, rd, err := readRound(t, i, n, bounds, rule, o, false)
		errs.Add(err, t.File)
		if rr == nil {
			continue
		}
		divided[rr.st.divider]++
		cells = append(cells, rr.cell(t, i))
		if len(rr.badRings) == 0 {
			boardIDs = append(boardIDs, games.BoardID(key+" cuts="+FormatDividers(rr.floatCuts())))
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
	if w := dividerWarning(t.Players, divided); w != "" {
		res.Warnings = append(res.Warnings, w)
	}
	return res, cells, nil
}

// dividerWarning says who divided how often when not all equally.
func dividerWarning(players []string, divided []int) string {
	u := games.Unequal(players, divided)
	if u == "" {
		return ""
	}
	return "the players were not the divider equally often (" + u + "); a fair match gives everyone the same number of rounds as divider"
}

// floatCuts returns each ring's cuts in float64 degrees, for drawing.
func (rr *round) floatCuts() [][]float64 {
	out := make([][]float64, len(rr.st.cuts))
	for j, cs := range rr.st.cuts {
		for _, c := range cs {
			out[j] = append(out[j], c.f)
		}
	}
	return out
}

// readRound reads, checks and scores round i by replaying it on the
// engine. The round comes back whenever its keys could be read, for the
// render; the scored round only when nothing in it is refused. A partial
// round (the last one, for moves) may stop before every player has drawn.
func readRound(t *scorer.Transcript, i, n int, bounds [][2]int, rule string, o games.Values, partial bool) (*round, *scorer.Round, error) {
	w, err := open(t, i, n)
	if err != nil {
		return nil, nil, err
	}
	where, divider := w.where, w.divider
	m := len(t.Players)
	rr := &round{bad: -1, badRings: map[int]bool{}, unread: w.unread, noDiv: w.badDivider != nil}
	var errs input.Errors
	errs.Add(w.badDivider, t.File)
	sn, haveSegs := w.segments, w.segments != nil
	if rr.noDiv && haveSegs && sn.Kind == input.Seq && len(sn.Items) > 0 {
		// Whoever drew last is taken for the divider, to draw the round.
		if it := sn.Items[len(sn.Items)-1]; it.Kind == input.Map && len(it.Keys) == 1 {
			if seat, err := t.Seat(it.Keys[0]); err == nil {
				divider = seat
			}
		}
	}
	rr.st = newState(n, t.Players, divider, bounds, rule, o.Bool("ban-along-cuts"))
	cn := w.cuts
	if cn == nil {
		errs = append(errs, t.Rounds[i].Errorf("%s: missing cuts: each ring's cut angles, e.g. cuts: {1: 0 180, 2: 45 135 270}", where))
		for j := 1; j < n; j++ {
			rr.badRings[j], rr.unread[j] = true, true
		}
	} else {
		rr.open = partial && (!haveSegs || scorer.Blank(sn))
		errs = append(errs, rr.readCuts(w)...)
	}
	if len(rr.badRings) == 0 {
		if err := rr.st.Play(Move{Kind: Done}); err != nil {
			errs = append(errs, cn.Errorf("%s, cuts: %v", where, err))
			rr.badRings[0] = true
		}
	}
	order := rr.st.order
	var items []*input.Node
	switch {
	case !haveSegs && partial:
	case !haveSegs:
		errs = append(errs, t.Rounds[i].Errorf("%s: missing segments: each player's segment in play order, e.g. segments: [%s: 2@0 4@90]", where, t.Players[order[0]]))
	case sn.Kind != input.Seq:
		errs = append(errs, sn.Errorf("%s, segments: write a list, one segment per line in play order, e.g. - %s: 2@0 4@90", where, t.Players[order[0]]))
	default:
		items = sn.Items
	}
	for k, it := range items {
		s, err := rr.readSegment(t, w, it, k)
		if err != nil {
			errs.Add(err, t.File)
			if rr.bad < 0 {
				rr.bad = k
			}
		}
		rr.segs = append(rr.segs, s)
	}
	if haveSegs && sn.Kind == input.Seq && len(items) < m && len(errs) == 0 && !partial {
		var missing []string
		for _, s := range order[len(items):] {
			missing = append(missing, t.Players[s])
		}
		errs = append(errs, sn.Errorf("%s: %d segment(s); each of the %d players draws one, so %s still to draw", where, len(items), m, strings.Join(missing, ", ")))
	}
	if len(rr.badRings) == 0 {
		errs = append(errs, rr.play(t, where)...)
	}
	if len(errs) > 0 {
		return rr, nil, errs.Err()
	}
	if partial {
		return rr, nil, nil
	}
	return rr, rr.report(t, i), nil
}

// Moves implements games.Mover: it checks t like Score, the last round
// allowed to stop before every player has drawn, and lists the segments
// the player to move may draw there, grouped by their first end.
func (g Game) Moves(t *scorer.Transcript, o games.Values) (string, error) {
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return "", err
	}
	bounds, rule, err := sectionRule(o.String("sections"), n)
	if err != nil {
		return "", err
	}
	if len(t.Rounds) == 0 {
		return "", t.Root.Errorf("no rounds: moves lists the next moves of the last round")
	}
	var errs input.Errors
	var last *round
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return "", err
		}
		rr, _, err := readRound(t, i, n, bounds, rule, o, i == len(t.Rounds)-1)
		errs.Add(err, t.File)
		last = rr
	}
	if err := errs.Err(); err != nil {
		return "", err
	}
	st := last.st
	var b strings.Builder
	i := len(t.Rounds)
	if last.cutting != nil {
		fmt.Fprintf(&b, "%s: round %d: %s, the divider, is still cutting: ring(s) %s have no cuts yet.\n", t.File, i, t.Players[st.divider], strings.Join(last.cutting, ", "))
		fmt.Fprintf(&b, "%s. The cuts are anywhere on the ring, so they are not listed one by one; once every ring has its cuts, %s draws the first segment.\n", upperFirst(st.Constraint()), t.Players[st.order[0]])
		return b.String(), nil
	}
	fmt.Fprintf(&b, "%s: round %d: %s divided (sections per ring %s); %d of %d segment(s) drawn.\n",
		t.File, i, t.Players[st.divider], intList(st.Sections()), len(st.segs), len(st.players))
	if st.Over() {
		var parts []string
		for k, sc := range st.Scores() {
			parts = append(parts, fmt.Sprintf("%s %d", t.Players[k], sc))
		}
		fmt.Fprintf(&b, "Every player has drawn: the round is over (%s). No legal move remains.\n", strings.Join(parts, ", "))
		return b.String(), nil
	}
	total := st.segments()
	fmt.Fprintf(&b, "%s draws segment %d: %s. %d legal move(s), between %d cut ends:\n",
		t.Players[st.ToMove()], len(st.segs)+1, st.Constraint(), total, len(st.ends))
	var from End
	var words []string
	flush := func() {
		if len(words) > 0 {
			fmt.Fprintf(&b, "  from %s to:\n", from)
			b.WriteString(games.WrapWords("    ", words, "    ", 76))
		}
		words = words[:0]
	}
	listed := 0
	st.eachSegment(func(a, e end) bool {
		if listed == maxListed {
			return false
		}
		if x := (End{a.circle, a.d.deg}); x != from {
			flush()
			from = x
		}
		words = append(words, e.label())
		listed++
		return true
	})
	flush()
	if listed < total {
		fmt.Fprintf(&b, "  ... and %d more: every pair of the cut ends not listed above%s.\n", total-listed, map[bool]string{true: " that does not run along a cut", false: ""}[st.ban])
	}
	return b.String(), nil
}

// maxListed bounds the segments moves writes out; the rest are counted.
const maxListed = 5000

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// readCuts cuts each ring with its angles as read by open, and says
// which rings have none.
func (rr *round) readCuts(o *opening) input.Errors {
	n, cn, where := rr.st.n, o.cuts, o.where
	errs := append(input.Errors(nil), o.cutErrs...)
	rings := map[int]ringCuts{}
	for _, r := range o.rings {
		rings[r.ring] = r
	}
	var missing []string
	for j := 1; j < n; j++ {
		e, ok := rings[j]
		if !ok {
			missing = append(missing, strconv.Itoa(j))
			rr.badRings[j], rr.unread[j] = true, true
			continue
		}
		if !rr.readRing(j, e.at, e.words, where, &errs) {
			rr.badRings[j] = true
		}
	}
	if len(missing) > 0 && len(errs) == 0 && rr.open {
		rr.cutting = missing
	} else if len(missing) > 0 && len(errs) == 0 {
		at := cn
		if cn.Kind == input.Map && len(cn.Keys) > 0 {
			at = cn.Keys[0]
		}
		errs = append(errs, at.Errorf("%s, cuts: no cuts for ring(s) %s; the divider cuts every ring 1 to %d", where, strings.Join(missing, ", "), n-1))
	}
	return errs
}

// readRing reads ring j's angles and cuts the ring with them, reporting
// bad ones.
func (rr *round) readRing(j int, at *input.Node, words []*input.Node, where string, errs *input.Errors) bool {
	good := true
	var angles []*big.Rat
	var read []*input.Node
	for _, w := range words {
		d, err := cutAngle(w.Text)
		if err != nil {
			*errs = append(*errs, w.Errorf("%s, ring %d: cut at %q: %v", where, j, w.Text, err))
			good, rr.unread[j] = false, true
			continue
		}
		angles = append(angles, d)
		read = append(read, w)
	}
	for _, x := range rr.st.cutRing(j, angles) {
		first := read[x.first]
		*errs = append(*errs, read[x.again].Errorf("%s, %v (first at %d:%d as %s)", where, twiceErr(j, angles[x.again]), first.Pos.Line, first.Pos.Col, first.Text))
		good = false
	}
	if err := rr.st.countErr(j, len(words), false); err != nil {
		*errs = append(*errs, at.Errorf("%s, %v", where, err))
		good = false
	}
	return good
}

// readSegment reads the k-th segment, NAME: END END, and checks who drew
// it and that its ends are cut ends.
func (rr *round) readSegment(t *scorer.Transcript, w *opening, it *input.Node, k int) (*segment, error) {
	st := rr.st
	s := &segment{node: it, seat: -1}
	key, seat, seatErr, where, words, err := w.segmentItem(t, st, it, k)
	if key == nil {
		return s, err
	}
	var errs input.Errors
	s.node = key // a mapping's own place is its colon; the name starts the line
	switch {
	case seatErr != nil:
		errs = append(errs, key.Errorf("%s, segment %d: %v", w.where, k+1, seatErr.(*input.Error).Msg))
	case k >= len(st.order):
		errs = append(errs, key.Errorf("%s: %v", where, st.turnErr(k, seat)))
	case !rr.noDiv: // with no divider, no order to check against
		if err := st.turnErr(k, seat); err != nil {
			errs = append(errs, key.Errorf("%s, segment %d: %v", w.where, k+1, err))
		}
	}
	if seatErr == nil {
		s.seat = seat
	}
	if err != nil {
		errs.Add(err, t.File)
		return s, errs.Err()
	}
	var ends []*input.Node
	for _, w := range words {
		ends = append(ends, splitDash(w)...)
	}
	if len(ends) != 2 {
		errs = append(errs, it.Values[0].Errorf("%s: %d end(s); a segment has two, e.g. %s", where, len(ends), segmentExample(t, st, k)))
		return s, errs.Err()
	}
	var got [2]End
	okEnds := true
	for x, w := range ends {
		c, d, err := parseEnd(w.Text, st.n)
		if err == nil {
			got[x] = End{c, d}
			err = st.endErr(got[x])
			if err != nil && (rr.unread[c-1] || rr.unread[c]) {
				okEnds = false
				continue // the ring's own message says what is wrong
			}
			if err != nil {
				err = fmt.Errorf("end %s: %v", w.Text, err)
			}
		}
		if err != nil {
			errs = append(errs, w.Errorf("%s: %v", where, err))
			okEnds = false
		}
	}
	if okEnds {
		a, b, err := st.segmentEnds(Move{Kind: Segment, A: got[0], B: got[1]})
		if err != nil {
			errs = append(errs, ends[1].Errorf("%s: %v", where, err))
		} else {
			s.a, s.b, s.ok = a, b, true
		}
	}
	return s, errs.Err()
}

// splitDash splits a word such as 3@120-5@45 at its dashes (angles are
// never negative), keeping positions; a lone dash is dropped.
func splitDash(w *input.Node) []*input.Node {
	var out []*input.Node
	off := 0
	for _, part := range dashParts(w.Text) {
		if part != "" {
			p := w.Pos
			p.Col += off
			out = append(out, &input.Node{Kind: input.Scalar, Pos: p, Text: part})
		}
		off += len([]rune(part)) + 1
	}
	return out
}

// dashParts splits s at its dashes, but not at the sign of an exponent
// (1e-60), so that the angle's own reader names that notation.
func dashParts(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '-' {
			continue
		}
		if i >= 2 && (s[i-1] == 'e' || s[i-1] == 'E') && (s[i-2] >= '0' && s[i-2] <= '9' || s[i-2] == '.') {
			continue
		}
		out = append(out, s[start:i])
		start = i + 1
	}
	return append(out, s[start:])
}

// play replays the segments on the engine, in order, up to the first
// refused one; the later ones are still checked for what they meet.
func (rr *round) play(t *scorer.Transcript, where string) input.Errors {
	st := rr.st
	var errs input.Errors
	for k, s := range rr.segs {
		if !s.ok {
			continue
		}
		what := fmt.Sprintf("%s, segment %d (%s %s-%s)", where, k+1, name(t, s.seat), s.a.label(), s.b.label())
		if rr.bad >= 0 && k >= rr.bad {
			err := st.alongErr(s.a, s.b)
			if err == nil {
				var m meeting
				err = st.meet(&m, s.a, s.b)
			}
			if err != nil {
				errs = append(errs, s.node.Errorf("%s: %v", what, err))
			}
			continue
		}
		mv := Move{Kind: Segment, Seat: s.seat, A: End{s.a.circle, s.a.d.deg}, B: End{s.b.circle, s.b.d.deg}}
		if rr.noDiv {
			mv.Seat = st.ToMove() // no order to check against
		}
		if err := st.Play(mv); err != nil {
			errs = append(errs, s.node.Errorf("%s: %v", what, err))
			rr.bad = k
			continue
		}
		p := &st.segs[k]
		s.m = &p.m
		filled := map[int32]bool{}
		for _, x := range st.fill[p.from:p.to] {
			filled[x] = true
		}
		for _, x := range p.m.secs {
			if filled[int32(st.base[x.ring-1]+x.sec)] {
				s.filled = append(s.filled, x)
			} else {
				s.again = append(s.again, x)
			}
		}
	}
	return errs
}

func name(t *scorer.Transcript, seat int) string {
	if seat < 0 {
		return "?"
	}
	return t.Players[seat]
}

// owner returns who filled section x, -1 for nobody.
func (rr *round) owner(x section) int {
	st := rr.st
	if !st.done {
		return -1
	}
	return int(st.own[st.base[x.ring-1]+x.sec])
}

// secList writes sections grouped by ring: "ring 2: 1, 3; ring 3: 5".
func secList(secs []section, by func(section) string) string {
	s := append([]section(nil), secs...)
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

// sectionJSON is a section in the JSON details.
type sectionJSON struct {
	Ring    int    `json:"ring"`
	Section int    `json:"section"`
	By      string `json:"by,omitempty"`
}

// cutJSON is a cut in the JSON details.
type cutJSON struct {
	Ring  int    `json:"ring"`
	Angle string `json:"angle"`
}

// segmentJSON is a segment in the JSON details.
type segmentJSON struct {
	Player        string        `json:"player"`
	Ends          [2]string     `json:"ends"`
	Filled        []sectionJSON `json:"filled"`
	AlreadyFilled []sectionJSON `json:"already_filled"`
	AlongCuts     []cutJSON     `json:"along_cuts"`
	Centre        bool          `json:"through_centre"`
}

func sectionsJSON(secs []section, by func(section) string) []sectionJSON {
	out := []sectionJSON{}
	s := append([]section(nil), secs...)
	sort.Slice(s, func(a, b int) bool {
		if s[a].ring != s[b].ring {
			return s[a].ring < s[b].ring
		}
		return s[a].sec < s[b].sec
	})
	for _, x := range s {
		j := sectionJSON{Ring: x.ring, Section: x.sec + 1}
		if by != nil {
			j.By = by(x)
		}
		out = append(out, j)
	}
	return out
}

// report writes the scored round.
func (rr *round) report(t *scorer.Transcript, i int) *scorer.Round {
	st := rr.st
	rd := &scorer.Round{Number: i + 1, Scores: st.Scores()}
	perRing := st.Sections()
	total := 0
	counts := make([]string, len(perRing))
	for j, k := range perRing {
		counts[j] = strconv.Itoa(k)
		total += k
	}
	rd.Lines = append(rd.Lines, fmt.Sprintf("divider %s; sections per ring %s: %d in all", t.Players[st.divider], strings.Join(counts, ", "), total))
	byOwner := func(s section) string { return t.Players[rr.owner(s)] }
	var segs []segmentJSON
	for k, s := range rr.segs {
		line := fmt.Sprintf("%d. %s %s-%s: ", k+1, t.Players[s.seat], s.a.label(), s.b.label())
		if len(s.filled) == 0 {
			line += "fills nothing"
		} else {
			line += fmt.Sprintf("fills %d (%s)", len(s.filled), secList(s.filled, nil))
		}
		if len(s.again) > 0 {
			line += "; already filled: " + secList(s.again, byOwner)
		}
		if len(s.m.along) > 0 {
			line += "; runs along " + st.cutNames(s.m.along) + ", filling neither side there"
		}
		if s.m.centre {
			line += "; crosses the centre disc"
		}
		rd.Lines = append(rd.Lines, line)
		j := segmentJSON{Player: t.Players[s.seat], Ends: [2]string{s.a.label(), s.b.label()},
			Filled: sectionsJSON(s.filled, nil), AlreadyFilled: sectionsJSON(s.again, byOwner), AlongCuts: []cutJSON{}, Centre: s.m.centre}
		for _, c := range s.m.along {
			j.AlongCuts = append(j.AlongCuts, cutJSON{c.ring, games.Exact(st.cuts[c.ring-1][c.cut].deg)})
		}
		segs = append(segs, j)
	}
	filled := len(st.fill)
	rd.Lines = append(rd.Lines, fmt.Sprintf("filled %d of %d sections, %d left unfilled", filled, total, total-filled))
	rd.Details = map[string]any{
		"divider":           t.Players[st.divider],
		"sections_per_ring": perRing,
		"sections":          total,
		"filled":            filled,
		"unfilled":          total - filled,
		"segments":          segs,
	}
	return rd
}

// upperFirst capitalises the first letter of s, to begin a sentence.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
