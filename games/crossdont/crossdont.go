// Package crossdont is Leroy Quet's Cross, Don't Cross Circle Game (2008):
// the board sheet, the rules engine (State: the defense's chords, then the
// offense's segments, move by move with Undo), and the scorer and move
// lister of transcripts, which replay the engine.
package crossdont

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
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
		MinPlayers: 2, MaxPlayers: 2, BoardKind: "circle with degree scale", Code: "CD"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "chords", Usage: "chords the defense draws each round", Kind: games.Int, Default: 5, Min: 1, Max: MaxChords}}
}

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	m := v.Int("chords")
	return &games.Setup{
		Params:  fmt.Sprintf("defense draws %d chords · offense: odd moves cross nothing, even moves cross exactly one · fewest offense segments wins", m),
		Key:     key(m),
		Cells:   []layout.Cell{{Figure: boards.DegreeCircle{}, Record: record(m)}},
		Rounds:  2,
		Match:   "rounds in pairs, roles swapped",
		PerPage: 1,
	}, nil
}

// MaxChords is the most chords a sheet and a transcript may have.
const MaxChords = 30

// MaxMoves bounds the offense moves of one round in a transcript: the
// longest round on the most chords (1,044 moves; replayed and searched
// for a legal move left in about a second).
const MaxMoves = (MaxChords + 6) * (MaxChords - 1)

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

// Example implements Scorer.
func (Game) Example() string {
	return strings.Replace(blankCrossDontCross, "BOARD", games.BoardID(key(3)), 1)
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

// round is one round of a transcript, replayed on the engine as far as
// its moves are legal.
type round struct {
	i                int
	defense, offense int
	st               *State
	chordErr         bool     // the chords were refused: nothing to search
	before           int      // points before the offense's first move
	lines            []string // the report
	bad              [2]int   // points of the refused move, -1 when unknown
	badSet           bool
	left             *found // a legal move still left (unfinished round)
	noDefense        bool   // the defense was written but is not a player
	movesNode        *input.Node
}

func (r *round) bd() *board { return r.st.bd }

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
		offense[r.offense]++
		res.Rounds = append(res.Rounds, scorer.Round{Number: r.i + 1, Scores: r.st.Scores(), Lines: r.lines, Details: r.details(t)})
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
	bd := r.bd()
	var b strings.Builder
	moves := r.st.moves()
	k := moves + 1
	fmt.Fprintf(&b, "%s: round %d: %s defends, %s is offense and has drawn %d segment(s).\n",
		t.File, r.i+1, t.Players[r.defense], t.Players[r.offense], moves)
	var all []found
	err = guard(r.movesNode, fmt.Sprintf("round %d, listing the legal moves %d", r.i+1, k), func() error {
		all = r.st.legal(nil, false)
		return nil
	})
	if err != nil {
		return "", err
	}
	if len(all) == 0 {
		fmt.Fprintf(&b, "No legal move %d (%s) remains: the round is over; %s drew %d segment(s).\n", k, parity(k), t.Players[r.offense], moves)
		return b.String(), nil
	}
	fmt.Fprintf(&b, "Move %d is %s. %d legal move(s), between %d points:\n", k, parity(k), len(all), len(bd.pts))
	if k%2 == 1 {
		var words []string
		for _, mv := range all {
			words = append(words, bd.move(mv.p, mv.q))
		}
		b.WriteString(games.WrapWords("  ", words, "  ", 76))
		return b.String(), nil
	}
	var order []int
	by := map[int][]string{}
	for _, mv := range all {
		if _, ok := by[mv.cross]; !ok {
			order = append(order, mv.cross)
		}
		by[mv.cross] = append(by[mv.cross], bd.move(mv.p, mv.q))
	}
	sort.Ints(order)
	for _, s := range order {
		fmt.Fprintf(&b, "  crossing %s:\n", bd.seg(s))
		b.WriteString(games.WrapWords("    ", by[s], "    ", 76))
	}
	return b.String(), nil
}

// play checks every round. For Moves (listing) the last round may stop
// while moves are left even under --strict: that is what it lists.
func (g Game) play(t *scorer.Transcript, o games.Values, listing bool) ([]*round, []layout.Cell, error) {
	m, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	var errs input.Errors
	errs.Add(t.CheckBoard(games.BoardID(key(m))), t.File)
	var rounds []*round
	var cells []layout.Cell
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, nil, err
		}
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

// guard runs f, turning a refusal of hp's (a quantity too close to call)
// into an error at n.
func guard(n *input.Node, where string, f func() error) error {
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

// refusal places the engine's reasons for refusing a move at w, after
// where: one error for each.
func refusal(w *input.Node, where string, err error) error {
	var es input.Errors
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			es = append(es, w.Errorf("%s: %v", where, e))
		}
		return es.Err()
	}
	return w.Errorf("%s: %v", where, err)
}

// round checks round i. It returns the round (for drawing) whenever its
// chords could be read, and an error for every rule broken.
func (g Game) round(t *scorer.Transcript, i, m int) (_ *round, err error) {
	o, err := open(t, i)
	if err != nil {
		return nil, err
	}
	where := o.where
	r := &round{i: i, defense: o.defense, bad: [2]int{-1, -1}, movesNode: t.Rounds[i]}
	if o.badDefense != nil {
		// Reported with whatever else is wrong: the roles do not change
		// which moves are legal, so the round is still checked.
		r.noDefense = true
		defer func() {
			var es input.Errors
			es.Add(o.badDefense, t.File)
			es.Add(err, t.File)
			err = es.Err()
		}()
	}
	r.offense = 1 - r.defense
	cn := o.chords
	if cn == nil {
		return nil, t.Rounds[i].Errorf("%s: missing chords: the defense's %d chords by their end angles, e.g. chords: 0-180 60-240", where, m)
	}
	if o.chordsErr != nil {
		return nil, o.chordsErr
	}
	words := o.chordWords
	// Every chord is read and compared with the earlier ones first, so that
	// all such problems are listed, numbered as written.
	var errs input.Errors
	type chord struct {
		mv Move
		w  *input.Node
		k  int // number as written
	}
	var chords []chord
	for k, w := range words {
		a, b, err := parseChord(w.Text)
		if err != nil {
			errs = append(errs, w.Errorf("%s, chord %d (%s): %v", where, k+1, w.Text, err))
			continue
		}
		dup := false
		for _, c := range chords {
			if sameChord(c.mv.A, c.mv.B, a, b) {
				errs = append(errs, w.Errorf("%s, chord %d (%s) %s", where, k+1, w.Text, alongReason(c.k, c.w.Text)))
				dup = true
			}
		}
		if !dup {
			chords = append(chords, chord{Move{A: a, B: b, text: w.Text}, w, k + 1})
		}
	}
	if len(errs) == 0 && len(words) != m {
		errs = append(errs, cn.Errorf("%s: %d chord(s); this match has chords: %d (the header), the same number every round", where, len(words), m))
	}
	// A wrong number of chords is drawn as written, for the picture.
	r.st = New(max(m, len(chords)), r.defense, t.Players...)
	for _, c := range chords {
		at := fmt.Sprintf("%s, chord %d (%s)", where, c.k, c.w.Text)
		if err := r.st.Play(c.mv); err != nil {
			errs.Add(refusal(c.w, at, err), t.File)
			break
		}
	}
	if len(errs) > 0 {
		r.chordErr = true
		return r, errs.Err()
	}
	bd := r.bd()
	r.before = len(bd.pts)
	r.lines = append(r.lines,
		fmt.Sprintf("%s defends, %s is offense (odd moves cross nothing, even moves cross exactly one)", t.Players[r.defense], t.Players[r.offense]),
		"chords: "+r.chordList(),
		fmt.Sprintf("before the offense moves: %s", r.pointsLine(true)))

	if o.moves != nil {
		r.movesNode = o.moves
	}
	if o.movesErr != nil {
		return r, o.movesErr
	}
	for k, w := range o.moveWords {
		if err := r.move(w, k+1, where); err != nil {
			r.badSet = true
			return r, err
		}
	}
	moves := r.st.moves()
	k := moves + 1
	err = guard(r.movesNode, fmt.Sprintf("%s, searching for a legal move %d left", where, k), func() error {
		if mv, ok := r.st.first(); ok {
			r.left = &mv
		}
		return nil
	})
	if err != nil {
		return r, err
	}
	end := fmt.Sprintf("after %s: %s", plural(moves, "move"), r.pointsLine(false))
	if r.left == nil {
		end += fmt.Sprintf("; no legal move %d (%s) remains: the round is over", k, parity(k))
	} else {
		end += fmt.Sprintf("; the round is unfinished: move %d (%s) is still possible, e.g. %s", k, strings.SplitN(parity(k), ":", 2)[0], r.leftText())
	}
	r.lines = append(r.lines, end)
	return r, nil
}

// move replays offense move k, written in w, on the engine.
func (r *round) move(w *input.Node, k int, where string) error {
	bd := r.bd()
	n := len(bd.segs) // the segment this move draws
	at := fmt.Sprintf("%s, move %d (%s)", where, k, w.Text)
	mv, err := r.st.Parse(w.Text)
	if err == nil {
		p, q, _ := r.st.ends(mv)
		r.bad = [2]int{p, q}
		err = r.st.Play(mv)
	}
	if err != nil {
		return refusal(w, at, err)
	}
	text := strings.ToLower(w.Text)
	sg := &bd.segs[n]
	line := fmt.Sprintf("move %d (segment %d): %s", k, n+1, text)
	if c := bd.move(int(sg.a), int(sg.b)); c != text {
		line += " = " + c
	}
	if sg.cross < 0 {
		line += ", crosses nothing"
	} else {
		line += fmt.Sprintf(", crosses %s at %s, a new point", bd.seg(int(sg.cross)), bd.name(int(sg.at)))
	}
	r.lines = append(r.lines, line)
	return nil
}

// chordList writes the chords: "1 = 0-180, 2 = 60-240".
func (r *round) chordList() string {
	var out []string
	for s := range r.bd().chords {
		out = append(out, fmt.Sprintf("%d = %s", s+1, r.bd().segs[s].text()))
	}
	return strings.Join(out, ", ")
}

// pointsLine counts the points; with crossings set it names the crossing
// points with all their labels.
func (r *round) pointsLine(crossings bool) string {
	bd := r.bd()
	ends, cs := 0, []string{}
	for p, pt := range bd.pts {
		if len(pt.ends) > 0 {
			ends++
			continue
		}
		cs = append(cs, strings.Join(bd.names(p), "="))
	}
	s := fmt.Sprintf("%d points (%d chord ends, %s)", len(bd.pts), ends, plural(len(cs), "crossing"))
	if crossings && len(cs) > 0 {
		s += ": " + strings.Join(cs, ", ")
	}
	return s
}

// leftText writes the legal move left: "1a-3x7, crossing chord 3 (60-240)".
func (r *round) leftText() string {
	s := r.bd().move(r.left.p, r.left.q)
	if r.left.cross >= 0 {
		s += ", crossing " + r.bd().seg(r.left.cross)
	} else {
		s += ", crossing nothing"
	}
	return s
}

// unfinished is the warning for a round that stops with a legal move left.
func (r *round) unfinished(t *scorer.Transcript) string {
	moves := r.st.moves()
	k := moves + 1
	return fmt.Sprintf("round %d is unfinished: %s (offense) stopped after %d move(s), but move %d (%s) is still possible, e.g. %s; the offense must move while it can",
		r.i+1, t.Players[r.offense], moves, k, strings.SplitN(parity(k), ":", 2)[0], r.leftText())
}

// details are the round's figures for the JSON report.
func (r *round) details(t *scorer.Transcript) map[string]any {
	bd := r.bd()
	var chords []string
	for s := range bd.chords {
		chords = append(chords, bd.segs[s].text())
	}
	moves := []map[string]any{}
	for s := bd.chords; s < len(bd.segs); s++ {
		sg := &bd.segs[s]
		mv := map[string]any{"move": sg.text(), "crosses": nil}
		if sg.cross >= 0 {
			mv["crosses"] = int(sg.cross) + 1
			mv["at"] = bd.name(int(sg.at))
		}
		moves = append(moves, mv)
	}
	var left any
	if r.left != nil {
		left = bd.move(r.left.p, r.left.q)
	}
	return map[string]any{
		"defense":         t.Players[r.defense],
		"offense":         t.Players[r.offense],
		"chords":          chords,
		"chord_crossings": r.before - len(bd.endAt),
		"moves":           moves,
		"segments":        r.st.moves(),
		"points":          len(bd.pts),
		"unfinished_move": left,
	}
}

// plural writes n things: "1 crossing", "3 crossings".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// key is the key the board id hashes: the sheet's and the transcript's
// check must agree.
func key(m int) string { return fmt.Sprintf("cross-dont-cross chords=%d", m) }

// chordWords returns the chords of words written as the transcript has
// them (0-180 60-240) or as the report prints them (1 = 0-180, 2 = 60-240):
// a chord's number and "=" before it are left out.
func chordWords(words []*input.Node) []*input.Node {
	var out []*input.Node
	for k := 0; k < len(words); k++ {
		w := words[k]
		text := strings.TrimSuffix(w.Text, ",")
		if text == "=" {
			continue
		}
		if _, err := strconv.Atoi(text); err == nil && k+1 < len(words) && strings.HasPrefix(words[k+1].Text, "=") {
			continue // "1 = ..." or "1 =0-180"
		}
		if num, rest, ok := strings.Cut(text, "="); ok {
			if _, err := strconv.Atoi(strings.TrimSpace(num)); err == nil || num == "" {
				text = rest // "1=0-180", "=0-180"
			}
		}
		if text == "" {
			continue
		}
		if text != w.Text {
			c := *w
			c.Pos.Col += strings.Index(w.Text, text)
			c.Text = text
			w = &c
		}
		out = append(out, w)
	}
	return out
}
