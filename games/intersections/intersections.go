package intersections

import (
	"errors"
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

// Game is Leroy Quet's Making Intersections (2009).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "making-intersections", Title: "Making Intersections", Posted: "April 15, 2009",
		MinPlayers: 2, MaxPlayers: 8, BoardKind: "dot array"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "size", Usage: "dots along each side", Kind: games.Int, Default: 8, Min: 2, Max: 30}}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("size")
	return &games.Setup{
		Params:  fmt.Sprintf("%d-by-%d dots · %d players · offense scores each dot met 3 or 4 times (a segment passing through counts 2)", n, n, len(players)),
		Key:     miBoardKey(n),
		Cells:   []layout.Cell{{Figure: boards.DotArray{N: n}}},
		Rounds:  len(players),
		PerPage: 1,
	}, nil
}

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return nil
}

// HeaderKeys implements Scorer: the board's size and the number of
// segments drawn in every round.
func (Game) HeaderKeys() []string { return []string{"size", "segments"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: segments numbered, in their drawer's colour, stopping short of their end dots; ringed dots score for the offense."
}

// Blank implements Scorer.
func (Game) Blank() string {
	return strings.Replace(blankMakingIntersections, "BOARD", games.BoardID(miBoardKey(8)), 1)
}

const blankMakingIntersections = `# Making Intersections transcript: one match, checked and scored by
#   papergames score THIS-FILE
game: making-intersections
players: [Player 1, Player 2]   # names in seat order
size: 8                         # dots along each side, as printed on the sheet
segments: 6                     # segments drawn in every round, as agreed
                                # before play: a multiple of the players
board: BOARD                 # the board id printed on the sheet (optional)
rounds:
  # One entry per round: the segments in the order drawn, each as its two
  # end dots joined by a dash, dots named by column letter and row number
  # as printed (A1 top left). The offense draws first, then the others in
  # seat order. Round 1's offense is the first seat, round 2's the second,
  # and so on; write offense: NAME to say otherwise.
  - segments: B2-B6 A4-B4 B4-E4 E2-E6 C1-C4 G7-G8
  - offense: Player 2
    segments:      # one segment per line works too
      - D1-D5
      - A3-D3
      - D3-G3
      - C5-F5
      - B5-C5
      - D7-D8
`

// miDot is a dot of the array: column and row from 0 at the top left.
type miDot struct{ c, r int }

func (d miDot) String() string { return boards.CellName(d.c, d.r) }

// miSeg is one segment of a round as written in the transcript.
type miSeg struct {
	k    int    // 0-based number in the round
	text string // as written, or its two dots in capitals once read
	node *input.Node
	seat int // who drew it
	a, b miDot
	// ends: both ends were read as dots of the board (so it can be drawn);
	// ok: it also breaks no rule, so it is on the board for later checks.
	ends, ok bool
}

func (s *miSeg) label() string { return fmt.Sprintf("segment %d (%s)", s.k+1, s.text) }

func (s *miSeg) horizontal() bool { return s.a.r == s.b.r }

// span returns the fixed line (row or column) of a legal segment and the
// range it covers along it, lo < hi.
func (s *miSeg) span() (line, lo, hi int) {
	if s.horizontal() {
		return s.a.r, min(s.a.c, s.b.c), max(s.a.c, s.b.c)
	}
	return s.a.c, min(s.a.r, s.b.r), max(s.a.r, s.b.r)
}

// at returns the dot at position x along the segment's line.
func (s *miSeg) at(x int) miDot {
	line, _, _ := s.span()
	if s.horizontal() {
		return miDot{x, line}
	}
	return miDot{line, x}
}

// miGame is the board state of one round: which segment covers each gap
// between neighbouring dots. With no two segments coinciding, a gap is
// covered at most once.
type miGame struct {
	n     int
	segs  []*miSeg
	cover []int // gap -> index into segs, or -1
}

func newMIGame(n int) *miGame {
	g := &miGame{n: n, cover: make([]int, 2*n*n)}
	for i := range g.cover {
		g.cover[i] = -1
	}
	return g
}

// gap numbers the gap from dot d one step right (down false) or down.
func (g *miGame) gap(d miDot, down bool) int {
	i := 2 * (d.r*g.n + d.c)
	if down {
		i++
	}
	return i
}

// gapAfter is the gap from position x to x+1 along s's line.
func (g *miGame) gapAfter(s *miSeg, x int) int { return g.gap(s.at(x), !s.horizontal()) }

// conflicts returns what is wrong with drawing s, a segment along a row or
// column, given the segments already drawn: every earlier segment it
// coincides with or crosses, in the order they were drawn.
func (g *miGame) conflicts(s *miSeg) []string {
	_, lo, hi := s.span()
	type hit struct {
		j   int
		msg string
	}
	var hits []hit
	seen := map[int]bool{}
	for x := lo; x < hi; x++ {
		j := g.cover[g.gapAfter(s, x)]
		if j < 0 || seen[j] {
			continue
		}
		seen[j] = true
		e := g.segs[j]
		_, elo, ehi := e.span()
		from, to := s.at(max(lo, elo)), s.at(min(hi, ehi))
		msg := fmt.Sprintf("coincides with %s from %v to %v: two lines may share a dot but not a stretch of line", e.label(), from, to)
		if elo == lo && ehi == hi {
			msg = fmt.Sprintf("is %s drawn again: the same line may not be drawn twice", e.label())
		}
		hits = append(hits, hit{j, msg})
	}
	// A crossing is at a dot strictly inside s where a perpendicular
	// segment goes on to both sides: both gaps there are covered by one
	// segment (two different ones would both end there, which is allowed).
	for x := lo + 1; x < hi; x++ {
		d := s.at(x)
		var before, after int
		if s.horizontal() {
			if d.r == 0 || d.r == g.n-1 {
				continue
			}
			before, after = g.cover[g.gap(miDot{d.c, d.r - 1}, true)], g.cover[g.gap(d, true)]
		} else {
			if d.c == 0 || d.c == g.n-1 {
				continue
			}
			before, after = g.cover[g.gap(miDot{d.c - 1, d.r}, false)], g.cover[g.gap(d, false)]
		}
		if before >= 0 && before == after {
			hits = append(hits, hit{before, fmt.Sprintf("crosses %s at %v: lines may meet only at a dot where one of them ends", g.segs[before].label(), d)})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].j < hits[b].j })
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.msg
	}
	return out
}

// draw puts s, checked legal, on the board.
func (g *miGame) draw(s *miSeg) {
	j := len(g.segs)
	g.segs = append(g.segs, s)
	_, lo, hi := s.span()
	for x := lo; x < hi; x++ {
		g.cover[g.gapAfter(s, x)] = j
	}
}

// miWeight is how segments meet at one dot.
type miWeight struct {
	through, ends []*miSeg
}

func (w miWeight) weight() int { return 2*len(w.through) + len(w.ends) }

// weights counts, for every dot, the segments ending at it (1 each) and
// passing through it (2 each), by the rule's definition.
func miWeights(n int, segs []*miSeg) [][]miWeight {
	w := make([][]miWeight, n)
	for r := range w {
		w[r] = make([]miWeight, n)
	}
	for _, s := range segs {
		_, lo, hi := s.span()
		for x := lo; x <= hi; x++ {
			d := s.at(x)
			if x == lo || x == hi {
				w[d.r][d.c].ends = append(w[d.r][d.c].ends, s)
			} else {
				w[d.r][d.c].through = append(w[d.r][d.c].through, s)
			}
		}
	}
	return w
}

// miScoring tells whether a dot's weight scores.
func miScoring(weight int) bool { return weight == 3 || weight == 4 }

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, _ games.Values) (*scorer.Result, []layout.Cell, error) {
	res := &scorer.Result{Game: "making-intersections", Title: g.Info().Title, Players: t.Players, Goal: scorer.Most,
		Rule: "most points wins: in each round the offense scores a point for each dot of weight 3 or 4"}
	var errs input.Errors
	p := g.Params()[0]
	n, err := t.Int("size", p.Default, p.Min, p.Max)
	if err != nil {
		return nil, nil, err
	}
	errs.Add(t.CheckBoard(games.BoardID(miBoardKey(n))), t.File)
	m, err := g.perRound(t, n)
	errs.Add(err, t.File)
	players := len(t.Players)
	if m > 0 && m%players != 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("segments: %d is not a multiple of the %d players, so the players did not all draw the same number of segments in a round", m, players))
	}
	if limit := (n-1)*(n-1) + 3; m >= limit {
		res.Warnings = append(res.Warnings, fmt.Sprintf("segments: %d on a %d-by-%d board: the rules ask for fewer than %d, (n-1)^2 + 3, the fewest segments that join every two neighbouring dots", m, n, n, limit))
	}
	var cells []layout.Cell
	offense := make([]int, players)
	for i := range t.Rounds {
		rd, cell, off, err := g.round(t, i, n, m)
		errs.Add(err, t.File)
		if cell != nil {
			cells = append(cells, *cell)
		}
		if off >= 0 {
			offense[off]++
		}
		if rd != nil {
			res.Rounds = append(res.Rounds, *rd)
		}
	}
	if w := miOffenseWarning(t.Players, offense, len(t.Rounds)); w != "" {
		res.Warnings = append(res.Warnings, w)
	}
	if err := errs.Err(); err != nil {
		return nil, cells, err
	}
	return res, cells, nil
}

// miOffenseWarning says how often each player was the offense when that
// was not equally often.
func miOffenseWarning(players []string, offense []int, rounds int) string {
	equal := true
	for _, c := range offense {
		equal = equal && c == offense[0]
	}
	if equal {
		return ""
	}
	var parts []string
	for i, c := range offense {
		parts = append(parts, fmt.Sprintf("%s %d", players[i], c))
	}
	w := "the players were not the offense equally often (rounds as offense: " + strings.Join(parts, ", ") + ")"
	if rounds%len(players) != 0 {
		w += fmt.Sprintf("; %s cannot be shared equally among %d players", miCount(rounds, "round", "rounds"), len(players))
	}
	return w
}

// miRoundNode is where a message about a whole round points: its first
// key, where the round's line starts.
func miRoundNode(rd *input.Node) *input.Node {
	if len(rd.Keys) > 0 {
		return rd.Keys[0]
	}
	return rd
}

// miCount writes "1 round", "2 rounds".
func miCount(k int, one, many string) string {
	if k == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", k, many)
}

// perRound reads the header's segments per round, m; 0 when missing or
// unreadable (the error says why).
func (Game) perRound(t *scorer.Transcript, n int) (int, error) {
	most := 2 * n * (n - 1)
	node, ok := t.Params["segments"]
	if !ok {
		hint := ""
		if len(t.Rounds) > 0 && t.Rounds[0].Kind == input.Map {
			for i, k := range t.Rounds[0].Keys {
				if k.Text == "segments" {
					if ws, err := scorer.Words(t.Rounds[0].Values[i], "segments"); err == nil && len(miJoin(ws)) > 0 {
						hint = fmt.Sprintf(" (round 1 lists %d)", len(miJoin(ws)))
					}
				}
			}
		}
		return 0, t.Root.Errorf(`missing "segments": the number of segments drawn in every round, as agreed before play%s, e.g. segments: 12`, hint)
	}
	s, err := node.Value("segments")
	if err != nil {
		return 0, node.Errorf("segments in the header is the number of segments drawn in every round, not %s; each round lists its own segments", node.Kind)
	}
	m, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, node.Errorf("segments must be a whole number (the segments drawn in every round), not %q", s)
	}
	if m < 1 || m > most {
		return 0, node.Errorf("segments %d: must be from 1 to %d; a %d-by-%d board has %d gaps between neighbouring dots and each segment covers at least one", m, most, n, n, most)
	}
	return m, nil
}

var miDashes = strings.NewReplacer("–", "-", "—", "-")

// miJoin turns the words of a segments list into one word per segment:
// "B2 - B6", "B2- B6" and "B2 -B6" become B2-B6 (at the first word's
// place), also inside one list item, and en or em dashes become hyphens.
func miJoin(words []*input.Node) []*input.Node {
	var out []*input.Node
	for _, w := range words {
		text := miDashes.Replace(w.Text)
		if strings.Contains(text, "-") {
			parts := strings.Split(text, "-")
			for i := range parts {
				parts[i] = strings.TrimSpace(parts[i])
			}
			text = strings.Join(parts, "-")
		}
		if k := len(out) - 1; k >= 0 && (strings.HasSuffix(out[k].Text, "-") || strings.HasPrefix(text, "-")) {
			out[k].Text += text
			continue
		}
		c := *w
		c.Text = text
		out = append(out, &c)
	}
	return out
}

// round checks and scores round i; it returns the round's offense seat
// (-1 when unknown) and its drawing.
func (g Game) round(t *scorer.Transcript, i, n, m int) (*scorer.Round, *layout.Cell, int, error) {
	where := fmt.Sprintf("round %d", i+1)
	f, err := games.RoundKeys(t, i, "offense", "segments")
	if err != nil {
		return nil, nil, -1, err
	}
	players := len(t.Players)
	off := i % players
	if on, ok := f["offense"]; ok {
		seat, err := t.Seat(on)
		if err != nil {
			var ie *input.Error
			if errors.As(err, &ie) {
				err = on.Errorf("%s, offense: %s", where, ie.Msg)
			}
			return nil, nil, -1, err
		}
		off = seat
	}
	sn, ok := f["segments"]
	if !ok {
		return nil, nil, off, miRoundNode(t.Rounds[i]).Errorf("%s: missing segments, the segments in the order drawn, e.g. segments: B2-B6 A4-B4", where)
	}
	if sn.Kind == input.Seq {
		for _, it := range sn.Items {
			if it.Kind != input.Scalar {
				return nil, nil, off, it.Errorf("%s: write each segment as its two end dots joined by a dash, e.g. B2-B6", where)
			}
		}
	}
	// Refuse a list far longer than any board holds before splitting it.
	most := 2 * n * (n - 1)
	if len(sn.Text) > 32*most || len(sn.Items) > 3*most {
		return nil, nil, off, sn.Errorf("%s: far too many segments for a %d-by-%d board, which has room for at most %d", where, n, n, most)
	}
	raw, err := scorer.Words(sn, where+" segments")
	if err != nil {
		return nil, nil, off, err
	}
	words := miPair(miJoin(raw), n)
	var errs input.Errors
	game := newMIGame(n)
	var segs []*miSeg
	for k, w := range words {
		s := &miSeg{k: k, text: w.Text, node: w, seat: (off + k) % players}
		segs = append(segs, s)
		if msg := s.read(n); msg != "" {
			errs = append(errs, w.Errorf("%s, %s: %s", where, s.label(), msg))
			continue
		}
		hits := game.conflicts(s)
		for _, h := range hits {
			errs = append(errs, w.Errorf("%s, %s %s", where, s.label(), h))
		}
		if len(hits) == 0 {
			s.ok = true
			game.draw(s)
		}
	}
	if m > 0 && len(segs) != m {
		at := sn
		extra := ""
		if len(segs) > m {
			at = segs[m].node
			extra = fmt.Sprintf("; segment %d (%s) is one too many", m+1, segs[m].text)
		}
		errs = append(errs, at.Errorf("%s has %s; every round has %d (segments: %d in the header)%s", where, miCount(len(segs), "segment", "segments"), m, m, extra))
	}
	cell := func(w [][]miWeight) *layout.Cell {
		return miCell(t, i, n, off, segs, w)
	}
	if len(errs) > 0 {
		return nil, cell(nil), off, errs.Err()
	}
	w := miWeights(n, game.segs)
	return miReport(t, i, n, off, segs, w), cell(w), off, nil
}

// miPair joins two dots written without the dash between them ("B2 B6")
// into one word, so that the message is about that segment and the later
// segments keep their numbers.
func miPair(words []*input.Node, n int) []*input.Node {
	var out []*input.Node
	for k := 0; k < len(words); k++ {
		w := words[k]
		if k+1 < len(words) && miLoneDot(w.Text, n) && miLoneDot(words[k+1].Text, n) {
			c := *w
			c.Text = w.Text + " " + words[k+1].Text
			out = append(out, &c)
			k++
			continue
		}
		out = append(out, w)
	}
	return out
}

// miLoneDot tells whether s names one dot of the board and nothing else.
func miLoneDot(s string, n int) bool {
	_, _, err := boards.ParseCell(s, n)
	return err == nil
}

// read reads the segment's two ends and checks its shape on an n-by-n
// board; it returns what is wrong, or "".
func (s *miSeg) read(n int) string {
	if f := strings.Fields(s.text); len(f) > 1 {
		if len(f) == 2 && !strings.Contains(s.text, "-") {
			return fmt.Sprintf("join the two end dots with a dash: %s-%s", strings.ToUpper(f[0]), strings.ToUpper(f[1]))
		}
		return "one segment per list item, two dots joined by a dash, e.g. B2-B6; put each further segment on a line of its own"
	}
	parts := strings.Split(s.text, "-")
	switch {
	case len(parts) == 1:
		if miLoneDot(s.text, n) {
			return fmt.Sprintf("%q is a single dot; write a segment as its two end dots joined by a dash, e.g. %s-%s", s.text, strings.ToUpper(s.text), miNeighbour(s.text, n))
		}
		return fmt.Sprintf("%q is not a segment; write its two end dots joined by a dash, e.g. B2-B6", s.text)
	case len(parts) > 2:
		if len(parts) == 3 && miInOrder(parts, n) {
			return fmt.Sprintf("a segment has two ends, not three; for one line through %s write %s-%s, for two lines %s-%s %s-%s",
				strings.ToUpper(parts[1]), strings.ToUpper(parts[0]), strings.ToUpper(parts[2]),
				strings.ToUpper(parts[0]), strings.ToUpper(parts[1]), strings.ToUpper(parts[1]), strings.ToUpper(parts[2]))
		}
		return "a segment is two dots joined by one dash, e.g. B2-B6"
	}
	var ends [2]miDot
	var bad []string
	for e, p := range parts {
		if strings.TrimSpace(p) == "" {
			return "a segment is two dots joined by one dash, e.g. B2-B6; one end is missing"
		}
		c, r, err := boards.ParseCell(p, n)
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		ends[e] = miDot{c, r}
	}
	if len(bad) > 0 {
		return strings.Join(bad, "; ")
	}
	s.a, s.b, s.ends = ends[0], ends[1], true
	s.text = s.a.String() + "-" + s.b.String()
	switch {
	case s.a == s.b:
		return fmt.Sprintf("both ends are %v; a segment joins two different dots", s.a)
	case s.a.c != s.b.c && s.a.r != s.b.r:
		return fmt.Sprintf("not along one row or column (%v is in column %s, row %d; %v in column %s, row %d); segments run straight across or straight down",
			s.a, boards.Column(s.a.c), s.a.r+1, s.b, boards.Column(s.b.c), s.b.r+1)
	}
	return ""
}

// miInOrder tells whether the three names are dots of one row or column,
// the second between the other two.
func miInOrder(names []string, n int) bool {
	var d [3]miDot
	for i, s := range names {
		c, r, err := boards.ParseCell(s, n)
		if err != nil {
			return false
		}
		d[i] = miDot{c, r}
	}
	between := func(a, b, x int) bool { return (a < x && x < b) || (b < x && x < a) }
	row := d[0].r == d[1].r && d[1].r == d[2].r && between(d[0].c, d[2].c, d[1].c)
	col := d[0].c == d[1].c && d[1].c == d[2].c && between(d[0].r, d[2].r, d[1].r)
	return row || col
}

// miNeighbour names a dot next to the dot s, for examples in messages.
func miNeighbour(s string, n int) string {
	c, r, _ := boards.ParseCell(s, n)
	if c+1 < n {
		return miDot{c + 1, r}.String()
	}
	return miDot{c - 1, r}.String()
}

// miReport is the report of a legal round: who drew what, and the scoring
// dots with their weights.
func miReport(t *scorer.Transcript, i, n, off int, segs []*miSeg, w [][]miWeight) *scorer.Round {
	players := len(t.Players)
	rd := &scorer.Round{Number: i + 1, Scores: make([]int, players)}
	order := make([]string, 0, players)
	for k := 0; k < players; k++ {
		order = append(order, t.Players[(off+k)%players])
	}
	rd.Lines = append(rd.Lines, fmt.Sprintf("%s is the offense; drawing order %s", t.Players[off], strings.Join(order, ", ")))
	byPlayer := make([][]string, players)
	type jsonSeg struct {
		Segment string `json:"segment"`
		Player  string `json:"player"`
	}
	var jsegs []jsonSeg
	for _, s := range segs {
		byPlayer[s.seat] = append(byPlayer[s.seat], fmt.Sprintf("#%d %s", s.k+1, s.text))
		jsegs = append(jsegs, jsonSeg{s.text, t.Players[s.seat]})
	}
	for k := 0; k < players; k++ {
		seat := (off + k) % players
		if len(byPlayer[seat]) > 0 {
			rd.Lines = append(rd.Lines, fmt.Sprintf("%s drew %s", t.Players[seat], strings.Join(byPlayer[seat], ", ")))
		}
	}
	hist := map[int]int{}
	scoring := []string{}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			dw := w[r][c]
			wt := dw.weight()
			hist[wt]++
			if !miScoring(wt) {
				continue
			}
			d := miDot{c, r}
			scoring = append(scoring, d.String())
			var terms, why []string
			for _, s := range dw.through {
				terms = append(terms, "2")
				why = append(why, fmt.Sprintf("#%d %s passes through", s.k+1, s.text))
			}
			for _, s := range dw.ends {
				terms = append(terms, "1")
				why = append(why, fmt.Sprintf("#%d %s ends", s.k+1, s.text))
			}
			rd.Lines = append(rd.Lines, fmt.Sprintf("%v: weight %d = %s (%s): a point for %s", d, wt, strings.Join(terms, " + "), strings.Join(why, ", "), t.Players[off]))
		}
	}
	rd.Scores[off] = len(scoring)
	var hparts []string
	for wt := 0; wt <= 4; wt++ {
		if hist[wt] > 0 {
			hparts = append(hparts, fmt.Sprintf("%d of weight %d", hist[wt], wt))
		}
	}
	switch len(scoring) {
	case 0:
		rd.Lines = append(rd.Lines, fmt.Sprintf("no dot of weight 3 or 4: no points for %s", t.Players[off]))
	case 1:
		rd.Lines = append(rd.Lines, fmt.Sprintf("1 dot of weight 3 or 4: 1 point for %s", t.Players[off]))
	default:
		rd.Lines = append(rd.Lines, fmt.Sprintf("%d dots of weight 3 or 4: %d points for %s", len(scoring), len(scoring), t.Players[off]))
	}
	rd.Lines = append(rd.Lines, "dots: "+strings.Join(hparts, ", "))
	rd.Details = map[string]any{
		"offense":      t.Players[off],
		"segments":     jsegs,
		"scoring_dots": scoring,
		"weights":      scorer.Histogram(hist),
	}
	return rd
}

// miBoardKey is the key the board id hashes: the sheet's and the transcript's
// check must agree.
func miBoardKey(n int) string { return fmt.Sprintf("making-intersections size=%d", n) }
