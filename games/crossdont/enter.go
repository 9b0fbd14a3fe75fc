package crossdont

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"papergames/boards"
	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

var _ games.Board = Game{}

// OpenRound implements games.Board: the round's defense (defense, or the
// second seat in odd rounds), then its chords and its offense moves as
// written, in that order.
func (g Game) OpenRound(t *scorer.Transcript, i int, _ games.Values) (games.Round, []*input.Node, error) {
	m, err := games.HeaderInt(t, g.Params()[0])
	if err != nil {
		return nil, nil, err
	}
	o, err := open(t, i)
	if err == nil {
		err = cmp.Or(o.badDefense, o.chordsErr, o.movesErr)
	}
	if err != nil {
		return nil, nil, err
	}
	words := append(append([]*input.Node(nil), o.chordWords...), o.moveWords...)
	return games.Erase[Move](New(m, o.defense, t.Players...)), words, nil
}

// opening is round i of a transcript as written, before any move is
// played: the scorer, Moves and the scoring board all read a round's keys
// here.
type opening struct {
	where   string
	defense int
	// badDefense: the defense written names no player (defense is then
	// the default seat); the roles do not change which moves are legal,
	// so the scorer still checks the round.
	badDefense error
	chords     *input.Node // nil when the round has no chords key
	chordWords []*input.Node
	chordsErr  error
	moves      *input.Node // nil when the round has no moves key
	moveWords  []*input.Node
	movesErr   error // unreadable, or more than MaxMoves
}

// open reads round i of t: the defense (the second seat in odd rounds
// unless given), the chords one word each, and the offense's moves.
func open(t *scorer.Transcript, i int) (*opening, error) {
	f, err := games.RoundKeys(t, i, "defense", "chords", "moves")
	if err != nil {
		return nil, err
	}
	o := &opening{where: fmt.Sprintf("round %d", i+1), defense: (i + 1) % 2}
	if o.defense, err = games.RoleSeat(t, f, i, "defense", o.defense); err != nil {
		o.defense, o.badDefense = (i+1)%2, err
	}
	if o.chords = f["chords"]; o.chords != nil {
		o.chordWords, o.chordsErr = scorer.Words(o.chords, o.where+" chords")
		o.chordWords = chordWords(o.chordWords)
	}
	if o.moves = f["moves"]; o.moves != nil {
		o.moveWords, o.movesErr = scorer.Words(o.moves, o.where+" moves")
		if o.movesErr == nil && len(o.moveWords) > MaxMoves {
			o.movesErr = o.moves.Errorf("%s: %d moves; the limit is %d a round", o.where, len(o.moveWords), MaxMoves)
		}
	}
	return o, nil
}

// Targets implements games.Board: every point drawn, by its label (chord
// ends 2a, crossings 1x5); while the defense draws its chords, the chord
// ends so far (a new chord may share one).
func (Game) Targets(r games.Round, o layout.Point, s float64) []games.Target {
	st := state(r)
	if st == nil {
		return nil
	}
	ctr, rad := boards.DegreeCircle{}.Center(o, s), s/2
	var out []games.Target
	for p := range st.bd.pts {
		pt := &st.bd.pts[p]
		kind := "crossing"
		if pt.deg != nil {
			kind = "end"
		}
		x, y := pt.p.Float64()
		tg := games.Target{Name: st.bd.name(p), X: ctr.X + x*rad, Y: ctr.Y - y*rad, Kind: kind}
		for _, n := range st.bd.names(p) {
			if n != tg.Name {
				tg.Also = append(tg.Also, n)
			}
		}
		out = append(out, tg)
	}
	return out
}

// Pick implements games.Board: a chord is two clicks on the degree circle
// (each snapped to a whole degree, or a chord end drawn already); an
// offense move is two points.
func (Game) Pick(r games.Round, picks []games.Pick, o layout.Point, s float64) (string, error) {
	st := state(r)
	if st == nil || len(picks) < 2 {
		return "", nil
	}
	picks = picks[len(picks)-2:]
	if st.bd.chords >= st.m {
		for _, p := range picks {
			if p.Point {
				return "", fmt.Errorf("click on a point: a chord end (1a) or a crossing (1x5)")
			}
		}
		return picks[0].Name + "-" + picks[1].Name, nil
	}
	ctr := boards.DegreeCircle{}.Center(o, s)
	var angles []string
	for _, p := range picks {
		if !p.Point {
			l, ok := parseLabel(p.Name)
			if !ok || l.Cross {
				return "", fmt.Errorf("%q is not a chord end", p.Name)
			}
			found := ""
			for q := range st.bd.pts {
				if pt := &st.bd.pts[q]; pt.deg != nil && st.bd.name(q) == l.String() {
					found = games.Exact(pt.deg)
				}
			}
			if found == "" {
				return "", fmt.Errorf("there is no chord end %s yet", p)
			}
			angles = append(angles, found)
			continue
		}
		x, y := p.At.X, p.At.Y
		deg := math.Round(math.Atan2(x-ctr.X, ctr.Y-y) * 180 / math.Pi)
		if deg < 0 {
			deg += 360
		}
		if deg >= 360 {
			deg -= 360
		}
		angles = append(angles, strconv.Itoa(int(deg)))
	}
	return angles[0] + "-" + angles[1], nil
}

func state(r games.Round) *State {
	return games.StateOf[Move, *State](r)
}

// MoveName implements games.Namer: the defense's chords and the offense's
// moves are numbered apart.
func (Game) MoveName(r games.Round, _ string) string {
	st := state(r)
	if st == nil {
		return ""
	}
	if st.bd.chords < st.m {
		return fmt.Sprintf("chord %d", st.bd.chords+1)
	}
	return fmt.Sprintf("move %d", st.moves()+1)
}

// Cells implements games.Board: the chords and segments drawn, and while
// the offense plays, a legal move still left (dashed), as the scorer
// draws them.
func (Game) Cells(r games.Round) []layout.Cell {
	st := state(r)
	if st == nil {
		return nil
	}
	rd := &round{st: st, defense: st.defense, offense: st.Offense(), bad: [2]int{-1, -1}, chordErr: st.bd.chords < st.m}
	if !rd.chordErr {
		if mv, ok := st.first(); ok {
			rd.left = &mv
		}
	}
	return []layout.Cell{rd.cell(nil)}
}
