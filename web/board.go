package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/games/catalog"
	pginput "papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// The scoring board's API is stateless: the page keeps the transcript
// (the record of the game) and sends it with each action; the answer is
// the new transcript, written by the engines' Record exactly as `papergames
// score` reads it, with the current round drawn and its clickable targets.
// Undo is the page dropping the last move (upto), redo and jump replay a
// prefix of the transcript it kept.

// boardSize is the size, in mm, the scoring board draws a board at (the
// figure's own minimum when larger).
const boardSize = 120

// svgUnits is the SVG pages' user units per millimetre (layout's viewBox
// counts micrometres); targets and clicks are in those units.
const svgUnits = 1000

// boardRequest is one action on a transcript.
type boardRequest struct {
	Transcript string `json:"transcript"`
	// Upto keeps only the first Upto moves of the transcript (undo, jump);
	// nil keeps all of them.
	Upto *int `json:"upto"`
	// Move is a move to play, in the transcript's notation.
	Move string `json:"move"`
	// Picks are the targets clicked for the next move (names, or "@x,y"
	// in the SVG's units for a click elsewhere on the board).
	Picks []string `json:"picks"`
	// NewRound starts a new round after the last one, once Move (when
	// given) has ended it.
	NewRound bool `json:"new_round"`
	// Round is the round to draw (from 0); nil for the last one.
	Round *int `json:"round"`
}

// newRequest starts a game on the board of the designer's options.
type newRequest struct {
	Game    string            `json:"game"`
	Players []string          `json:"players"`
	Params  map[string]string `json:"params"`
}

type roundJSON struct {
	Moves  []string `json:"moves"`
	Scores []int    `json:"scores"`
	Over   bool     `json:"over"`
	Phase  string   `json:"phase"`
}

type refusalJSON struct {
	Round   int    `json:"round"` // from 0
	Move    int    `json:"move"`  // from 0, within the round
	Text    string `json:"text"`
	Message string `json:"message"`
}

type boardJSON struct {
	Game       string         `json:"game"`
	Title      string         `json:"title"`
	Goal       string         `json:"goal,omitempty"`
	Players    []string       `json:"players"`
	Colours    []string       `json:"colours"`
	Transcript string         `json:"transcript"`
	Rounds     []roundJSON    `json:"rounds"`
	Round      int            `json:"round"`   // the round drawn, from 0
	Playing    int            `json:"playing"` // the round being played: the first not over
	Played     int            `json:"played"`
	Totals     []int          `json:"totals"`
	ToMove     int            `json:"to_move"`
	Phase      string         `json:"phase"`
	Over       bool           `json:"over"`
	Constraint string         `json:"constraint"`
	SVG        string         `json:"svg"`
	Targets    []games.Target `json:"targets"`
	Picks      []string       `json:"picks"`
	Legal      []string       `json:"legal"`
	Finite     bool           `json:"finite"`
	Hot        []string       `json:"hot"` // targets of the legal moves (from the picks made)
	// Words are the words the board offers now beside its clicks (done,
	// stop), each a button of the page.
	Words    []games.Word `json:"words"`
	Refused  *refusalJSON `json:"refused,omitempty"`
	Unplayed []string     `json:"unplayed"`
	// Scored is the scorer's verdict on the whole transcript: its JSON
	// result when every round is finished and every move legal, else its
	// messages.
	Scored  json.RawMessage `json:"scored,omitempty"`
	Winners []string        `json:"winners"`
	Errors  string          `json:"errors,omitempty"`
}

// badRequest is a request the board cannot act on: a 4xx with a message.
type badRequest struct {
	code int
	msg  string
}

func (e *badRequest) Error() string { return e.msg }

func bad(format string, a ...any) error {
	return &badRequest{http.StatusBadRequest, fmt.Sprintf(format, a...)}
}

func handleBoard(w http.ResponseWriter, r *http.Request) {
	var req boardRequest
	if !readJSON(w, r, &req) {
		return
	}
	v, err := ruleValues(r)
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	out, err := act(r.Context(), req, v)
	if err != nil {
		var b *badRequest
		if errors.As(err, &b) {
			fail(w, b.code, b.msg)
			return
		}
		fail(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	replyCapped(w, http.StatusOK, out)
}

// handleBoardNew starts a transcript on the board of a game's parameters
// (as the designer and the board command take them), with one empty round.
func handleBoardNew(w http.ResponseWriter, r *http.Request) {
	var req newRequest
	if !readJSON(w, r, &req) {
		return
	}
	g, err := lookup(req.Game)
	if err != nil {
		fail(w, http.StatusNotFound, err.Error())
		return
	}
	info := g.Info()
	var players []string
	for _, p := range req.Players {
		if p = strings.TrimSpace(p); p != "" {
			players = append(players, p)
		}
	}
	if len(players) == 0 {
		for i := range info.MinPlayers {
			players = append(players, fmt.Sprintf("Player %d", i+1))
		}
	}
	for k := range req.Params {
		if !hasParam(g.Params(), k) {
			fail(w, http.StatusBadRequest, fmt.Sprintf("unknown parameter %q of %s", k, info.Title))
			return
		}
	}
	vals, err := games.ParseValues(g.Params(), func(name string) (string, bool) { s, ok := req.Params[name]; return s, ok })
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	setup, err := g.Setup(vals, make([]string, len(players)))
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "game: %s\n", info.ID)
	var qs []string
	for _, p := range players {
		j, _ := json.Marshal(p)
		qs = append(qs, string(j))
	}
	fmt.Fprintf(&b, "players: [%s]\n", strings.Join(qs, ", "))
	sc, ok := g.(games.Scorer)
	if !ok {
		fail(w, http.StatusBadRequest, info.Title+" cannot be scored yet")
		return
	}
	for _, k := range sc.HeaderKeys() {
		if p, ok := paramOf(g.Params(), k); ok && p.Kind == games.Int {
			fmt.Fprintf(&b, "%s: %d\n", k, vals.Int(k))
		}
	}
	fmt.Fprintf(&b, "board: %s\nrounds:\n  - {}\n", games.BoardID(setup.Key))
	out, err := act(r.Context(), boardRequest{Transcript: b.String()}, games.Values{})
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	reply(w, out)
}

func hasParam(ps []games.Param, name string) bool { _, ok := paramOf(ps, name); return ok }

func paramOf(ps []games.Param, name string) (games.Param, bool) {
	for _, p := range ps {
		if p.Name == name {
			return p, true
		}
	}
	return games.Param{}, false
}

// readJSON reads a request's JSON body into v through package input's
// checks, answering 4xx when it cannot.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	data, ok := readBody(w, r, "the request")
	if !ok {
		return false
	}
	if err := pginput.DecodeJSON("request", data, v); err != nil {
		fail(w, http.StatusBadRequest, "reading the request (JSON): "+err.Error())
		return false
	}
	return true
}

// act replays the transcript, does the request's action, and answers the
// board's state.
func act(ctx context.Context, req boardRequest, v games.Values) (*boardJSON, error) {
	if strings.TrimSpace(req.Transcript) == "" {
		return nil, bad("no transcript: start a game from a sheet, or import a transcript")
	}
	w, err := boardWork(ctx, req.Transcript)
	if err != nil {
		return nil, err
	}
	if err := w.check(); err != nil {
		return nil, err
	}
	sc, t, b := games.Scorer(w.sc), w.t, w.sc
	t.Ctx = ctx
	limit := -1
	if req.Upto != nil {
		if *req.Upto < 0 {
			return nil, bad("upto %d: the number of moves to keep is 0 or more", *req.Upto)
		}
		limit = *req.Upto
	}
	rp, err := games.Replay(b, t, v, limit)
	if err != nil {
		return nil, err
	}
	out := &boardJSON{Game: sc.Info().ID, Title: sc.Info().Title, Players: t.Players, Picks: []string{}, Unplayed: []string{}, Winners: []string{}}
	var refusal *refusalJSON
	if rp.Refused != nil {
		refusal = &refusalJSON{rp.Refused.Round, rp.Refused.Move, rp.Refused.Text, rp.Refused.Message()}
		out.Unplayed = rp.Unplayed
	}
	// The round being played: the first one not over (a blank transcript
	// lays out several), else the last.
	at := playing(rp)
	last := rp.Rounds[at]
	switch {
	case req.NewRound:
		if refusal != nil {
			return nil, bad("the transcript has a refused move (%s): take it back before starting a round", refusal.Message)
		}
		if req.Move != "" { // the move that ends the round and leaves no trace in its record (a grid stopped)
			m, err := last.Parse(req.Move)
			if err == nil {
				err = last.Play(m)
			}
			if err != nil {
				return nil, bad("%s: %v", req.Move, err)
			}
		}
		if !last.Over() {
			return nil, bad("round %d is not over: %s", at+1, last.Constraint())
		}
		if len(rp.Rounds) >= scorer.MaxRounds {
			return nil, bad("a transcript has at most %d rounds", scorer.MaxRounds)
		}
		text := games.Write(sc, t, rp.Rounds) + "  - {}\n"
		if t, err = games.ReadHeader(sc, "transcript", mustRoot(text)); err != nil {
			return nil, err
		}
		t.Ctx = ctx
		if rp, err = games.Replay(b, t, v, -1); err != nil {
			return nil, err
		}
		at = playing(rp)
		last = rp.Rounds[at]
	case req.Move != "" || len(req.Picks) > 0:
		if refusal != nil {
			return nil, bad("the transcript has a refused move (%s): take it back first", refusal.Message)
		}
		if len(req.Picks) > 2000 || len(req.Move) > 20000 {
			return nil, bad("too many clicks or too long a move")
		}
		text := strings.TrimSpace(req.Move)
		if text == "" {
			picks, err := readPicks(req.Picks)
			if err != nil {
				return nil, err
			}
			size := sizeOf(sc, t, last)
			picks = snap(picks, b.Targets(last, origin, size))
			text, err = b.Pick(last, picks, origin, size)
			if err != nil {
				refusal = &refusalJSON{at, len(rp.Moves[at]), strings.Join(req.Picks, " "), err.Error()}
				break
			}
			if text == "" {
				out.Picks = req.Picks
				break
			}
		}
		k := len(rp.Moves[at])
		ref := func(err error) *refusalJSON {
			return &refusalJSON{at, k, text, games.Refuse(b, last, at, k, text, err).Message()}
		}
		if last.Over() {
			refusal = ref(errors.New("the round is over: start a new round"))
			break
		}
		m, err := last.Parse(text)
		if err == nil {
			err = last.Play(m)
		}
		if err != nil {
			refusal = ref(err)
			break
		}
		rp.Moves[at] = append(rp.Moves[at], m.String())
	}
	out.Refused = refusal
	// The transcript: the rounds as their engines write them, and a
	// refused imported move with the moves after it kept as written is
	// left to the page (it still has the text it sent).
	out.Transcript = games.Write(sc, t, rp.Rounds)
	totals := make([]int, len(t.Players))
	for i, r := range rp.Rounds {
		rj := roundJSON{Moves: rp.Moves[i], Scores: r.Scores(), Over: r.Over(), Phase: r.Phase()}
		if rj.Moves == nil {
			rj.Moves = []string{}
		}
		for s, v := range rj.Scores {
			if s < len(totals) {
				totals[s] += v
			}
		}
		out.Rounds = append(out.Rounds, rj)
		out.Played += len(rj.Moves)
	}
	out.Totals = totals
	for i := range t.Players {
		out.Colours = append(out.Colours, colour(scorer.Ink(i)))
	}
	show := playing(rp)
	if req.Round != nil {
		if *req.Round < 0 || *req.Round >= len(rp.Rounds) {
			return nil, bad("round %d: the transcript's rounds are 0 to %d (\"round\" counts from 0)", *req.Round, len(rp.Rounds)-1)
		}
		show = *req.Round
	}
	out.Round, out.Playing = show, playing(rp)
	cur := rp.Rounds[show]
	out.ToMove, out.Phase, out.Over, out.Constraint = cur.ToMove(), cur.Phase(), cur.Over(), cur.Constraint()
	svg, size, err := picture(sc, t, cur)
	if err != nil {
		return nil, err
	}
	out.SVG = svg
	out.Targets = []games.Target{}
	for _, tg := range b.Targets(cur, origin, size) {
		tg.X, tg.Y = math.Round(tg.X*svgUnits), math.Round(tg.Y*svgUnits)
		out.Targets = append(out.Targets, tg)
	}
	out.Legal, out.Hot, out.Words = []string{}, []string{}, []games.Word{}
	if w, ok := b.(games.Worder); ok && show == playing(rp) {
		out.Words = append(out.Words, w.Words(cur)...)
	}
	if show == playing(rp) && !cur.Over() {
		out.Finite = cur.Finite()
		if out.Finite {
			out.Legal, out.Hot = legal(cur, out.Targets, out.Picks)
		}
	}
	// The scorer's verdict on the whole transcript, as `papergames score`
	// gives it.
	// An imported transcript with a refused move is judged as sent: the
	// CLI's messages, each at its place.
	judged := out.Transcript
	if rp.Refused != nil {
		judged = req.Transcript
	}
	res, _, err := catalog.ScoreContext(ctx, "transcript", []byte(judged), v)
	if err != nil {
		out.Errors = err.Error()
		if rp.Refused == nil {
			out.Errors = unplaced(judged, out.Errors)
		}
	} else {
		out.Scored = res.JSON()
		out.Goal = string(res.Goal)
		for _, s := range res.Winners() {
			out.Winners = append(out.Winners, t.Players[s])
		}
	}
	return out, nil
}

// placeRE is the place "transcript:LINE:COL: " a scorer's message starts
// with.
var placeRE = regexp.MustCompile(`^transcript:(\d+):\d+: `)

// unplaced rewrites the scorer's messages on a transcript the page built
// (which the user never saw as text) without their line and column: each
// names its round, or is given the round of its line.
func unplaced(text, msgs string) string {
	starts := roundLines(text)
	lines := strings.Split(msgs, "\n")
	for i, l := range lines {
		m := placeRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		l = l[len(m[0]):]
		if !strings.HasPrefix(l, "round ") {
			line, _ := strconv.Atoi(m[1])
			if r := sort.SearchInts(starts, line+1); r > 0 {
				l = fmt.Sprintf("round %d: %s", r, l)
			}
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// roundLines are the lines the rounds of a transcript start on, in order.
func roundLines(text string) []int {
	root, _, err := scorer.GameOf("transcript", []byte(text))
	if err != nil || root.Kind != pginput.Map {
		return nil
	}
	var out []int
	for i, k := range root.Keys {
		if k.Text == "rounds" {
			for _, it := range root.Values[i].Items {
				out = append(out, it.Pos.Line)
			}
		}
	}
	return out
}

// pageFoot is room below the figure's extent, where the last line of a
// legend's text descends.
const pageFoot = 4

// playing is the round being played: the first one not over, else the
// last.
func playing(rp *games.Replayed) int {
	for i, r := range rp.Rounds {
		if !r.Over() {
			return i
		}
	}
	return len(rp.Rounds) - 1
}

// origin is where the board's figure is drawn on its SVG page.
var origin = layout.Pt(0, 0)

// boardWork reads the transcript of a board request and counts its moves,
// or takes the gate's reading of the same text (see class).
func boardWork(ctx context.Context, text string) (*work, error) {
	if w, _ := ctx.Value(workKey{}).(*work); w != nil && w.text == text {
		return w, nil
	}
	return newWork(text)
}

// readBoard reads a transcript of a game the board can enter.
func readBoard(text string) (games.Scorer, *scorer.Transcript, error) {
	root, id, err := scorer.GameOf("transcript", []byte(text))
	if err != nil {
		return nil, nil, &badRequest{http.StatusUnprocessableEntity, err.Error()}
	}
	g, err := catalog.Lookup(id)
	if err != nil {
		return nil, nil, &badRequest{http.StatusUnprocessableEntity, err.Error()}
	}
	sc, ok := g.(games.Scorer)
	if !ok {
		return nil, nil, &badRequest{http.StatusUnprocessableEntity, g.Info().Title + " cannot be scored yet"}
	}
	if _, ok := sc.(games.Board); !ok {
		return nil, nil, &badRequest{http.StatusUnprocessableEntity, g.Info().Title + " cannot be entered on the board yet: score its transcript instead"}
	}
	t, err := games.ReadHeader(sc, "transcript", root)
	if err != nil {
		return nil, nil, &badRequest{http.StatusUnprocessableEntity, err.Error()}
	}
	return sc, t, nil
}

func mustRoot(text string) *pginput.Node {
	root, _, err := scorer.GameOf("transcript", []byte(text))
	if err != nil {
		panic("web: a written transcript does not read back: " + err.Error())
	}
	return root
}

// readPicks reads the clicks of a request, once, into the values the
// games take: a target's name, or "@x,y", a click elsewhere on the board
// in the SVG's units, which becomes a point in millimetres.
func readPicks(picks []string) ([]games.Pick, error) {
	out := make([]games.Pick, len(picks))
	for i, p := range picks {
		if !strings.HasPrefix(p, "@") {
			out[i] = games.Named(p)
			continue
		}
		xs, ys, ok := strings.Cut(p[1:], ",")
		x, err1 := strconv.ParseFloat(strings.TrimSpace(xs), 64)
		y, err2 := strconv.ParseFloat(strings.TrimSpace(ys), 64)
		if !ok || err1 != nil || err2 != nil || math.IsNaN(x+y) || math.IsInf(x+y, 0) || math.Abs(x)+math.Abs(y) > 1e9 {
			return nil, bad("click %q: write a click as @x,y in the board picture's units", p)
		}
		out[i] = games.PointAt(layout.Pt(x/svgUnits, y/svgUnits))
	}
	return out, nil
}

// snapRadius is how near a click must be to a target, in mm, to be a
// click on it (a finger on a phone is about 7 mm wide).
const snapRadius = 4.0

// snap turns a click near a target into a click on it.
func snap(picks []games.Pick, targets []games.Target) []games.Pick {
	for i, p := range picks {
		if !p.Point {
			continue
		}
		best := float64(snapRadius)
		for _, t := range targets {
			if d := math.Hypot(t.X-p.At.X, t.Y-p.At.Y); d <= best {
				best, picks[i] = d, games.Named(t.Name)
			}
		}
	}
	return picks
}

// roundCells draws round r alone, from its engine's state (Board.Cells);
// before its first move, as the sheet's empty board.
func roundCells(sc games.Scorer, t *scorer.Transcript, r games.Round) []layout.Cell {
	if cells := sc.(games.Board).Cells(r); len(cells) > 0 {
		return cells
	}
	return sheetCells(sc, t)
}

// sheetCells are the boards of t's sheet, empty, at the printed sheet's
// measures.
func sheetCells(sc games.Scorer, t *scorer.Transcript) []layout.Cell {
	vals, err := games.ParseValues(sc.Params(), func(name string) (string, bool) {
		if n, ok := t.Params[name]; ok {
			return n.Text, true
		}
		return "", false
	})
	if err != nil {
		return nil
	}
	setup, err := sc.Setup(vals, make([]string, len(t.Players)))
	if err != nil {
		return nil
	}
	cells := slices.Clone(setup.Cells)
	for i, c := range cells {
		// Measures to take off the paper are the printed board's.
		if ps, ok := c.Figure.(games.PrintScaled); ok && games.PrintedSize != nil {
			if d, err := games.PrintedSize(sc, vals); err == nil {
				cells[i].Figure = ps.WithPrinted(d)
			}
		}
	}
	return cells
}

// sizeOf is the size the round's board is drawn at.
func sizeOf(sc games.Scorer, t *scorer.Transcript, r games.Round) float64 {
	s := float64(boardSize)
	if cells := roundCells(sc, t, r); len(cells) > 0 {
		s = math.Max(s, cells[shown(sc, r, len(cells))].Figure.MinSize())
	}
	return s
}

// shown is the index of the round's cell being played, of n.
func shown(sc games.Scorer, r games.Round, n int) int {
	if sh, ok := sc.(games.Shower); ok {
		return min(max(sh.Shown(r), 0), n-1)
	}
	return 0
}

// picture draws the round's board as one SVG page, at the size it
// returns.
func picture(sc games.Scorer, t *scorer.Transcript, r games.Round) (string, float64, error) {
	return pictureOf(sc, r, roundCells(sc, t, r))
}

// pictureOf draws the cell of cells being played in r as one SVG page.
func pictureOf(sc games.Scorer, r games.Round, cells []layout.Cell) (string, float64, error) {
	if len(cells) == 0 {
		return "", 0, errors.New("the round cannot be drawn")
	}
	f := cells[shown(sc, r, len(cells))].Figure
	s := math.Max(boardSize, f.MinSize())
	ext := f.Extent(s)
	doc := layout.NewSVG(sc.Info().Title)
	doc.AddPage(ext.W, ext.H+pageFoot)
	f.Draw(doc, origin, s, layout.Style{Line: layout.DefaultStyle.Line, Guide: layout.Grey})
	return string(doc.Pages()[0]), s, nil
}

// legal lists the legal moves and the targets they use (those that
// include every pick made, when some are).
func legal(r games.Round, targets []games.Target, picks []string) (moves, hot []string) {
	names := map[string]bool{}
	for _, t := range targets {
		names[t.Name] = true
	}
	seen := map[string]bool{}
	moves, hot = []string{}, []string{}
	for _, m := range r.Moves() {
		s := m.String()
		words := strings.FieldsFunc(s, func(c rune) bool { return c == '-' || c == ':' || c == ' ' || c == ',' })
		ok := true
		for _, p := range picks {
			ok = ok && containsWord(words, p)
		}
		if !ok {
			continue
		}
		moves = append(moves, s)
		for _, w := range words {
			if names[w] && !seen[w] && !containsWord(picks, w) {
				seen[w] = true
				hot = append(hot, w)
			}
		}
	}
	return moves, hot
}

func containsWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

func colour(c layout.Color) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
