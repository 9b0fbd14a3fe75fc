package arcs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// detailMoves is the most moves of a round whose earlier arcs met are
// listed one by one in the report and the JSON details: every round of a
// printed sheet (up to 360 marks) is reported in full; the later moves of
// a larger round give their count only, which keeps the largest rounds
// (1000 arcs, 499,500 pairs) to about a megabyte of JSON (was 9 MB) and
// half a megabyte of report.
const detailMoves = 360

// written is a move of a transcript: the word, who drew it, its centre
// (the one the rules force) and its reach, 0 when refused.
type written struct {
	word   *input.Node
	seat   int
	centre int
	reach  int
	red    *refusal // why it was refused, and what to draw in red
}

// round is a round whose moves have been read and replayed on the
// engine: reported by result, drawn by cell.
type round struct {
	st     *State
	moves  []written
	bad    int // index of the first refused move, or -1
	first  int
	start  int
	scored bool
}

// Score implements games.Scorer.
func (g Game) Score(t *scorer.Transcript, _ games.Values) (*scorer.Result, []layout.Cell, error) {
	res, cells, _, err := g.play(t, false)
	return res, cells, err
}

// play checks and scores every round of t. When listing (for Moves), the
// last round may stop short of m arcs, and is returned.
func (g Game) play(t *scorer.Transcript, listing bool) (*scorer.Result, []layout.Cell, *round, error) {
	res := &scorer.Result{Game: "arcs-and-marks", Title: g.Info().Title, Players: t.Players, Goal: scorer.Fewest,
		Rule: "fewest wins: each arc scores one for every earlier arc of its round that it meets"}
	m, err := marksOf(t)
	if err != nil {
		return nil, nil, nil, err
	}
	if pairs := int64(len(t.Rounds)) * int64(m) * int64(m-1) / 2; pairs > MaxPairs {
		return nil, nil, nil, t.Rounds[0].Errorf("%d rounds of %d marks: %s pairs of arcs to decide; papergames decides at most %s in one transcript (arcs.MaxPairs), %d rounds of %d marks: score the rounds in several files",
			len(t.Rounds), m, input.Thousands(int(pairs)), input.Thousands(MaxPairs), MaxPairs/(m*(m-1)/2), m)
	}
	var errs input.Errors
	errs.Add(t.CheckBoard(games.BoardID(key(m))), t.File)
	n := len(t.Players)
	starts := make([]int, n)
	var cells []layout.Cell
	var last *round
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, nil, nil, err
		}
		rd, r, cell, start, err := g.round(t, i, m, listing && i == len(t.Rounds)-1)
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
		last = r
	}
	if err := errs.Err(); err != nil {
		return nil, cells, nil, err
	}
	if m%n != 0 {
		res.Warnings = append(res.Warnings, fmt.Sprintf("%d marks is not a multiple of %d players: the players did not all draw the same number of arcs in a round", m, n))
	}
	if u := games.Unequal(t.Players, starts); u != "" {
		res.Warnings = append(res.Warnings, fmt.Sprintf("first moves are unequal (%s): moving first is an advantage, so the rules suggest every player starts equally often", u))
	}
	return res, cells, last, nil
}

// marksOf reads the marks parameter: the printed sheets go from 3 to 360
// marks, and papergames scores up to MaxArcMarks.
func marksOf(t *scorer.Transcript) (int, error) {
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

// round checks and scores round i on m marks by replaying it on the
// engine. It returns the seat that moved first (-1 when unknown) and,
// whenever the moves could be read, the drawing of the round up to its
// first bad move. An open round (the last one, for Moves) may have fewer
// than m arcs, and no first centre when it has none; it is returned
// unscored and undrawn.
func (g Game) round(t *scorer.Transcript, i, m int, unfinished bool) (*scorer.Round, *round, *layout.Cell, int, error) {
	o, err := open(t, i, m)
	if o == nil {
		return nil, nil, nil, -1, err
	}
	where, start, words, first := o.where, o.start, o.words, o.first
	var errs input.Errors
	fail := func(err error) (*scorer.Round, *round, *layout.Cell, int, error) {
		errs.Add(err, t.File)
		return nil, nil, nil, start, errs.Err()
	}
	// An unknown player is reported, and the moves are still checked.
	errs.Add(o.badStart, t.File)
	if o.arcs == nil && !unfinished {
		return fail(t.Rounds[i].Errorf("%s: missing arcs: the %d arcs in the order drawn, e.g. arcs: 11-3 2 1-5 (end marks, or the reach alone)", where, m))
	}
	if err != nil {
		return fail(err)
	}
	if first == 0 {
		first = o.written
	}
	if first == 0 && !(unfinished && len(words) == 0) {
		return fail(t.Rounds[i].Errorf("%s: missing first: the mark the first arc is centred on, 1 to %d", where, m))
	}
	st, err := New(m, t.Players, start, first)
	if err != nil {
		return fail(err)
	}
	r := &round{st: st, bad: -1, first: first, start: start}
	for k, w := range words {
		what := fmt.Sprintf("%s, move %d (%s)", where, k+1, w.Text)
		if st.Over() {
			errs = append(errs, w.Errorf("%s: %s", what, tooMany(m, len(words)-m)))
			break
		}
		c := st.centre()
		wm := written{word: w, seat: st.ToMove(), centre: c}
		mv, ref := st.parse(w.Text)
		if ref == nil {
			ref = st.check(mv)
		}
		if ref == nil {
			if err := st.Play(mv); err != nil {
				var u *undecided
				if errors.As(err, &u) {
					err = fmt.Errorf("against move %d (%s): %v", u.earlier+1, words[u.earlier].Text, u.err)
				}
				errs = append(errs, w.Errorf("%s %v", what, err))
				break
			}
			wm.centre, wm.reach = st.moves[k].Centre, mv.Reach
			r.moves = append(r.moves, wm)
			continue
		}
		errs = append(errs, w.Errorf("%s: %s", what, ref.msg))
		wm.red = ref
		r.moves = append(r.moves, wm)
		if r.bad < 0 {
			r.bad = k
		}
		// The later moves are still checked: their centres follow on
		// whatever this one was, so an arc of reach 1 stands in for it.
		if c == 0 || st.Play(Move{Centre: c, Reach: 1}) != nil {
			break
		}
	}
	if len(words) < m && !unfinished {
		errs = append(errs, arcsMissing(o.arcs, where, m, len(words), first, st.b.wrap))
	}
	caption := fmt.Sprintf("round %d: %s starts, first centre mark %d", i+1, t.Players[start], first)
	if o.badStart != nil {
		caption = fmt.Sprintf("round %d: first centre mark %d", i+1, first)
	}
	switch {
	case len(errs) > 0:
		return nil, r, r.cell(caption), start, errs.Err()
	case unfinished:
		return nil, r, nil, start, nil
	}
	r.scored = true
	rd, err := r.result(t, i, where)
	if err != nil {
		r.scored = false
		return nil, r, r.cell(caption), start, err
	}
	var parts []string
	for s, v := range rd.Scores {
		parts = append(parts, fmt.Sprintf("%s %d", t.Players[s], v))
	}
	return rd, r, r.cell(caption + " · " + strings.Join(parts, ", ")), start, nil
}

// moveJSON is one move in the JSON details. Met and How are null for the
// moves after detailMoves, which give their count only.
type moveJSON struct {
	Move   int      `json:"move"`
	Player string   `json:"player"`
	Centre int      `json:"centre"`
	Ends   [2]int   `json:"ends"`
	Reach  int      `json:"reach"`
	Met    []int    `json:"met"`
	How    []string `json:"how"`
	Count  int      `json:"count"`
}

// result reports the scored round: its scores are the engine's; the
// earlier arcs each move met are the engine's, and how it met them is
// decided again at the arcs' own places, for the words and the points.
func (r *round) result(t *scorer.Transcript, i int, where string) (*scorer.Round, error) {
	b, st := r.st.b, r.st
	rd := &scorer.Round{Number: i + 1, Scores: st.Scores()}
	var order []string
	for k := range t.Players {
		order = append(order, t.Players[(r.start+k)%len(t.Players)])
	}
	rd.Lines = append(rd.Lines, fmt.Sprintf("first centre mark %d; %d arcs, drawn in turn by %s", r.first, b.m, strings.Join(order, ", ")))
	js := make([]moveJSON, 0, len(r.moves))
	for k, mv := range r.moves {
		e1, e2 := b.ends(mv.centre, mv.reach)
		j := moveJSON{Move: k + 1, Player: t.Players[mv.seat], Centre: mv.centre, Ends: [2]int{e1, e2}, Reach: mv.reach, Count: st.counts[k]}
		line := fmt.Sprintf("move %d, %s: centre %d, arc %d-%d (reach %d): ", k+1, j.Player, mv.centre, e1, e2, mv.reach)
		if k >= detailMoves {
			if k == detailMoves {
				rd.Lines = append(rd.Lines, fmt.Sprintf("(the moves after move %d: how many earlier arcs each meets, not which; a round of more than %d arcs is summarised)", detailMoves, detailMoves))
			}
			switch j.Count {
			case 0:
				line += "meets no earlier arc"
			default:
				line += fmt.Sprintf("meets %d earlier arc%s", j.Count, plural(j.Count))
			}
			rd.Lines = append(rd.Lines, line)
			js = append(js, j)
			continue
		}
		j.Met, j.How = []int{}, []string{}
		var met []string
		for e := range k {
			if !st.met(k, e) {
				continue
			}
			am, ok, err := b.meet(mv.centre, mv.reach, r.moves[e].centre, r.moves[e].reach)
			if err == nil && !ok {
				err = errors.New("internal error: the table of meetings and the arcs' own places disagree")
			}
			if err != nil {
				return nil, mv.word.Errorf("%s, move %d (%s) against move %d (%s): %v", where, k+1, mv.word.Text, e+1, r.moves[e].word.Text, err)
			}
			how := strings.Join(am.how, ", ")
			j.Met = append(j.Met, e+1)
			j.How = append(j.How, how)
			met = append(met, fmt.Sprintf("%d %s (%s)", e+1, t.Players[r.moves[e].seat], how))
		}
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
	if len(r.moves) > detailMoves {
		rd.Details["summarised_after"] = detailMoves
	}
	return rd, nil
}

// arcsMissing is the error of a round with fewer than m arcs.
func arcsMissing(an *input.Node, where string, m, have, first int, wrap func(int) int) *input.Error {
	missing := fmt.Sprintf("the %d arcs centred on marks %d to %d are missing", m-have, wrap(first+have), wrap(first+m-1))
	if m-have == 1 {
		missing = fmt.Sprintf("the arc centred on mark %d is missing", wrap(first+m-1))
	}
	return an.Errorf("%s: %d arcs, but a round on %d marks has %d, one centred on each mark: %s", where, have, m, m, missing)
}
