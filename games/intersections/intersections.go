// Package intersections is Making Intersections, a game by Leroy Quet
// (2009): segments along the rows and columns of a dot array, the offense
// scoring the dots met three or four times. It holds the game's sheet, its
// rules engine (State, one round move by move), the transcript scorer
// that replays it, the moves listing and the rendered round.
package intersections

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Game is Leroy Quet's Making Intersections (2009).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "making-intersections", Title: "Making Intersections", Posted: "April 15, 2009",
		MinPlayers: 2, MaxPlayers: 8, BoardKind: "dot array", Code: "MI"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{
		{Name: "size", Usage: "dots along each side", Kind: games.Int, Default: 8, Min: 2, Max: 30},
		{Name: "segments", Usage: "segments drawn in every round, as agreed before play (a multiple of the players; the rules suggest fewer than (size-1)^2 + 3)", Kind: games.Int, Default: 12, Min: 1, Max: 1740}, // 2·30·29 gaps on the largest array
	}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n, m := v.Int("size"), v.Int("segments")
	if gaps := 2 * n * (n - 1); m > gaps {
		return nil, games.Usagef("--segments %d: a %d-by-%d array has %d gaps between neighbouring dots and each segment covers at least one, so no round has more than %d", m, n, n, gaps, gaps)
	}
	var warn []string
	if m%len(players) != 0 {
		warn = append(warn, fmt.Sprintf("--segments %d is not a multiple of %d players: the players will not all draw the same number of segments", m, len(players)))
	}
	if limit := (n-1)*(n-1) + 3; m >= limit {
		warn = append(warn, fmt.Sprintf("--segments %d: the rules suggest fewer than (size-1)^2 + 3 = %d on a %d-by-%d array", m, limit, n, n))
	}
	return &games.Setup{
		Warnings: warn,
		Params:   fmt.Sprintf("%d-by-%d dots · %d players · %d segments a round · offense scores each dot met 3 or 4 times (a segment passing through counts 2)", n, n, len(players), m),
		Key:      boardKey(n),
		Cells:    []layout.Cell{{Figure: boards.DotArray{N: n}, Record: record(m, players, 0)}},
		Rounds:   len(players),
		Match:    "each player is the offense once",
		PerPage:  1,
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

// Example implements Scorer.
func (Game) Example() string {
	return strings.Replace(blank, "BOARD", games.BoardID(boardKey(8)), 1)
}

const blank = `# Making Intersections transcript: one match, checked and scored by
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

// segment is one segment of a round as written in the transcript.
type segment struct {
	k    int    // 0-based number in the round
	text string // as written, or its two dots in capitals once read
	node *input.Node
	seat int // who drew it
	Move
	// ends: both ends were read as dots of the board (so it can be drawn);
	// ok: it also breaks no rule, so it is on the board.
	ends, ok bool
}

// meeting is how segments meet at one dot, for the report.
type meeting struct {
	through, ends []*segment
}

func (w meeting) weight() int { return 2*len(w.through) + len(w.ends) }

// meetings lists, for every dot, the drawn segments ending at it (1 each)
// and passing through it (2 each), by the rule's definition.
func meetings(n int, segs []*segment) [][]meeting {
	w := make([][]meeting, n)
	for r := range w {
		w[r] = make([]meeting, n)
	}
	for _, s := range segs {
		if !s.ok {
			continue
		}
		_, lo, hi := s.span()
		for x := lo; x <= hi; x++ {
			d := s.at(x)
			if x == lo || x == hi {
				w[d.R][d.C].ends = append(w[d.R][d.C].ends, s)
			} else {
				w[d.R][d.C].through = append(w[d.R][d.C].through, s)
			}
		}
	}
	return w
}

// Score implements Scorer.
func (g Game) Score(t *scorer.Transcript, _ games.Values) (*scorer.Result, []layout.Cell, error) {
	res, cells, _, err := g.play(t, false)
	return res, cells, err
}

// played is one round as checked: its offense (-1 when unknown), the
// engine after its last readable segment, the segments as written.
type played struct {
	off  int
	st   *State
	segs []*segment
	m    int // segments a round (0 when the header's is unreadable)
}

// play checks and scores every round. When listing (for Moves), the last
// round may stop short of its segments.
func (g Game) play(t *scorer.Transcript, listing bool) (*scorer.Result, []layout.Cell, *played, error) {
	res := &scorer.Result{Game: "making-intersections", Title: g.Info().Title, Players: t.Players, Goal: scorer.Most,
		Rule: "most points wins: in each round the offense scores a point for each dot of weight 3 or 4"}
	var errs input.Errors
	n, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, nil, err
	}
	errs.Add(t.CheckBoard(games.BoardID(boardKey(n))), t.File)
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
	var last *played
	offense := make([]int, players)
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, nil, nil, err
		}
		rd, cell, pl, err := g.round(t, i, n, m, listing && i == len(t.Rounds)-1)
		errs.Add(err, t.File)
		if cell != nil {
			cells = append(cells, *cell)
		}
		if pl.off >= 0 {
			offense[pl.off]++
		}
		if rd != nil {
			res.Rounds = append(res.Rounds, *rd)
		}
		last = pl
	}
	if w := offenseWarning(t.Players, offense, len(t.Rounds)); w != "" {
		res.Warnings = append(res.Warnings, w)
	}
	if err := errs.Err(); err != nil {
		return nil, cells, nil, err
	}
	return res, cells, last, nil
}

// offenseWarning says how often each player was the offense when that
// was not equally often.
func offenseWarning(players []string, offense []int, rounds int) string {
	u := games.Unequal(players, offense)
	if u == "" {
		return ""
	}
	w := "the players were not the offense equally often (rounds as offense: " + u + ")"
	if rounds%len(players) != 0 {
		w += fmt.Sprintf("; %s cannot be shared equally among %d players", count(rounds, "round", "rounds"), len(players))
	}
	return w
}

// roundNode is where a message about a whole round points: its first
// key, where the round's line starts.
func roundNode(rd *input.Node) *input.Node {
	if len(rd.Keys) > 0 {
		return rd.Keys[0]
	}
	return rd
}

// count writes "1 round", "2 rounds".
func count(k int, one, many string) string {
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
					if ws, err := scorer.Words(t.Rounds[0].Values[i], "segments"); err == nil && len(join(ws)) > 0 {
						hint = fmt.Sprintf(" (round 1 lists %d)", len(join(ws)))
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

var dashes = strings.NewReplacer("–", "-", "—", "-")

// join turns the words of a segments list into one word per segment:
// "B2 - B6", "B2- B6" and "B2 -B6" become B2-B6 (at the first word's
// place), also inside one list item, and en or em dashes become hyphens.
func join(words []*input.Node) []*input.Node {
	var out []*input.Node
	for _, w := range words {
		text := dashes.Replace(w.Text)
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

// round checks and scores round i, replaying its segments on the engine;
// it returns the round's drawing and how it was played. A short round
// is allowed when listing the moves of the last round.
func (g Game) round(t *scorer.Transcript, i, n, m int, short bool) (*scorer.Round, *layout.Cell, *played, error) {
	where := fmt.Sprintf("round %d", i+1)
	pl := &played{off: -1, m: m}
	off, words, sn, err := open(t, i, n)
	pl.off = off
	if err == nil && sn == nil {
		err = roundNode(t.Rounds[i]).Errorf("%s: missing segments, the segments in the order drawn, e.g. segments: B2-B6 A4-B4", where)
	}
	if err != nil {
		return nil, nil, pl, err
	}
	players := len(t.Players)
	var errs input.Errors
	// The engine plays to the end of the list, also past m: the count has
	// a message of its own below.
	st, err := New(n, max(m, len(words)), t.Players, off)
	if err != nil {
		return nil, nil, pl, err
	}
	pl.st = st
	for k, w := range words {
		s := &segment{k: k, text: w.Text, node: w, seat: (off + k) % players}
		pl.segs = append(pl.segs, s)
		mv, err := st.Parse(w.Text)
		if err == nil {
			s.Move, s.ends, s.text = mv, true, mv.String()
			err = st.Play(mv)
		}
		if err != nil {
			for _, why := range err.(games.Refusal) {
				errs = append(errs, w.Errorf("%s, %s", where, why))
			}
			st.skip()
			continue
		}
		s.ok = true
	}
	segs := pl.segs
	if m > 0 && len(segs) != m && !(short && len(segs) < m) {
		at := sn
		extra := ""
		if len(segs) > m {
			at = segs[m].node
			extra = fmt.Sprintf("; segment %d (%s) is one too many", m+1, segs[m].text)
		}
		errs = append(errs, at.Errorf("%s has %s; every round has %d (segments: %d in the header)%s", where, count(len(segs), "segment", "segments"), m, m, extra))
	}
	if len(errs) > 0 {
		return nil, cell(t, i, n, off, segs, nil), pl, errs.Err()
	}
	w := meetings(n, segs)
	return report(t, i, n, st, segs, w), cell(t, i, n, off, segs, w), pl, nil
}

// pair joins two dots written without the dash between them ("B2 B6")
// into one word, so that the message is about that segment and the later
// segments keep their numbers.
func pair(words []*input.Node, n int) []*input.Node {
	var out []*input.Node
	for k := 0; k < len(words); k++ {
		w := words[k]
		if k+1 < len(words) && loneDot(w.Text, n) && loneDot(words[k+1].Text, n) {
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

// loneDot tells whether s names one dot of the board and nothing else.
func loneDot(s string, n int) bool {
	_, _, err := boards.ParseCell(s, n)
	return err == nil
}

// inOrder tells whether the three names are dots of one row or column,
// the second between the other two.
func inOrder(names []string, n int) bool {
	var c, r [3]int
	for i, s := range names {
		var err error
		if c[i], r[i], err = boards.ParseCell(s, n); err != nil {
			return false
		}
	}
	between := func(a, b, x int) bool { return (a < x && x < b) || (b < x && x < a) }
	row := r[0] == r[1] && r[1] == r[2] && between(c[0], c[2], c[1])
	col := c[0] == c[1] && c[1] == c[2] && between(r[0], r[2], r[1])
	return row || col
}

// neighbour names a dot next to the dot s, for examples in messages.
func neighbour(s string, n int) string {
	c, r, _ := boards.ParseCell(s, n)
	if c+1 < n {
		return boards.CellName(c+1, r)
	}
	return boards.CellName(c-1, r)
}

// report is the report of a legal round: who drew what, and the scoring
// dots with their weights.
func report(t *scorer.Transcript, i, n int, st *State, segs []*segment, w [][]meeting) *scorer.Round {
	players := len(t.Players)
	off := st.offense
	rd := &scorer.Round{Number: i + 1, Scores: st.Scores()}
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
	scoringDots := []string{}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			dw := w[r][c]
			wt := dw.weight()
			hist[wt]++
			if !scoring(wt) {
				continue
			}
			d := Dot{int8(c), int8(r)}
			scoringDots = append(scoringDots, d.String())
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
	if len(scoringDots) != st.Points() {
		panic(fmt.Sprintf("making-intersections: the report finds %d scoringDots dots, the engine %d", len(scoringDots), st.Points()))
	}
	var hparts []string
	for wt := 0; wt <= 4; wt++ {
		if hist[wt] > 0 {
			hparts = append(hparts, fmt.Sprintf("%d of weight %d", hist[wt], wt))
		}
	}
	switch len(scoringDots) {
	case 0:
		rd.Lines = append(rd.Lines, fmt.Sprintf("no dot of weight 3 or 4: no points for %s", t.Players[off]))
	case 1:
		rd.Lines = append(rd.Lines, fmt.Sprintf("1 dot of weight 3 or 4: 1 point for %s", t.Players[off]))
	default:
		rd.Lines = append(rd.Lines, fmt.Sprintf("%d dots of weight 3 or 4: %d points for %s", len(scoringDots), len(scoringDots), t.Players[off]))
	}
	rd.Lines = append(rd.Lines, "dots: "+strings.Join(hparts, ", "))
	rd.Details = map[string]any{
		"offense":      t.Players[off],
		"segments":     jsegs,
		"scoring_dots": scoringDots,
		"weights":      scorer.Histogram(hist),
	}
	return rd
}

// boardKey is the key the board id hashes: the sheet's and the transcript's
// check must agree.
func boardKey(n int) string { return fmt.Sprintf("making-intersections size=%d", n) }
