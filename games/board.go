package games

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Board is a Scorer whose rounds can be entered by clicking on the board:
// the web app's scoring board. The game says how a round of a transcript
// starts on its engine and which points of its drawn board can be clicked;
// the engine (Parse, Check, Play) decides every move, and Record writes
// the transcript back. The browser does no geometry: clicks reach Pick as
// target names, or as positions on the board in millimetres (Pick).
type Board interface {
	Scorer
	// OpenRound starts round i (from 0) of t on a new engine, with the
	// round's own keys read (who starts, a fixed first centre, the cuts
	// when they are not moves) and none of its moves played, and returns
	// the moves written in it in the order played, each a word of the
	// transcript's notation at its place. A round with no keys ({}) starts
	// with the defaults of a round in that place.
	OpenRound(t *scorer.Transcript, i int, v Values) (Round, []*input.Node, error)
	// Targets lists the board's clickable points in the state r, for the
	// board figure the render draws at size s with its top left at o.
	Targets(r Round, o layout.Point, s float64) []Target
	// Pick turns the clicks made so far into the text of a move, in the
	// transcript's notation. It returns "" and no error while another
	// click is needed.
	Pick(r Round, picks []Pick, o layout.Point, s float64) (string, error)
	// Cells draws round r from its engine's state, as Simon Tatham's
	// game_redraw draws from game_state: the cells the scorer's render
	// gives for the round played so far, from the same drawing code,
	// without writing, reading or scoring a transcript, so that a click
	// costs one replay. Captions are left to the caller. None before the
	// first move (the sheet's board is drawn then).
	Cells(r Round) []layout.Cell
}

// Pick is one click on a drawn board: a target, by its name (a Target's
// Name or one of its Also), or a point of the board off the targets, in
// millimetres as Targets' positions. A click is read once, where it comes
// in (the web app's request), and reaches the game as this value.
type Pick struct {
	Name  string
	At    layout.Point
	Point bool // a point of the board, not a target
}

// Named is a click on the target of that name.
func Named(name string) Pick { return Pick{Name: name} }

// PointAt is a click at p, off the targets.
func PointAt(p layout.Point) Pick { return Pick{At: p, Point: true} }

// String writes the click for messages: the target's name, or "@x,y" in
// millimetres.
func (p Pick) String() string {
	if !p.Point {
		return p.Name
	}
	return "@" + strconv.FormatFloat(p.At.X, 'f', -1, 64) + "," + strconv.FormatFloat(p.At.Y, 'f', -1, 64)
}

// Word is a word a board offers beside its clicks (done, stop): the
// scoring board shows it as a button that plays it as the next move, so
// that the page names no game and no phase.
type Word struct {
	Word  string `json:"word"`  // the move's text
	Label string `json:"label"` // the button's
	Title string `json:"title"` // what it means
	// Again is set for a word whose move ends the round and leaves no
	// trace in its record (the last grid stopped): the page sends it
	// again with the action that starts the next round.
	Again bool `json:"again,omitempty"`
}

// Worder is a Board that offers words beside its clicks: Words are those
// the round r takes now (none once it is over).
type Worder interface {
	Words(r Round) []Word
}

// Shower is a Board whose round the render draws on several boards (a
// grid per curve and filler): Shown is the index, among the round's cells,
// of the board being played now.
type Shower interface {
	Shown(r Round) int
}

// Namer is a Board whose scorer names a round's moves its own way (chord
// 2, then move 1; ring 3; path step 4): MoveName names the move written
// text, to be played next in r, as the scorer's messages do. Without it a
// move is "move K", counting the round's moves from 1.
type Namer interface {
	MoveName(r Round, text string) string
}

// Target is a clickable point of a drawn board: its name in the
// transcript's notation and its place in millimetres.
type Target struct {
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	// Kind says what it is (mark, end, crossing, dot, cell), for the
	// page's labels and styles.
	Kind string `json:"kind"`
	// Also are the point's other names (a crossing that is also a chord
	// end), each as good as Name in a move.
	Also []string `json:"also,omitempty"`
}

// GridTargets are the n by n points of a board's grid, named as moves
// name them (A1 top left): at places each, kind says what they are.
func GridTargets(n int, kind string, at func(c, row int) layout.Point) []Target {
	out := make([]Target, 0, n*n)
	for row := range n {
		for c := range n {
			p := at(c, row)
			out = append(out, Target{Name: boards.CellName(c, row), X: p.X, Y: p.Y, Kind: kind})
		}
	}
	return out
}

// Engine returns the typed engine under a Round made by Erase.
func EngineOf[M Move](r Round) (Engine[M], bool) {
	e, ok := r.(erased[M])
	if !ok {
		return nil, false
	}
	return e.e, true
}

// StateOf returns the engine state of type S behind r (e.g. a game's
// *State), or the zero S when r is not one.
func StateOf[M Move, S any](r Round) S {
	var zero S
	e, ok := EngineOf[M](r)
	if !ok {
		return zero
	}
	st, _ := e.(S)
	return st
}

// Refused is the first move of a replayed transcript that could not be
// played: where it is and why, in the scorer's words.
type Refused struct {
	Round int    // from 0
	Move  int    // from 0, within the round
	Name  string // the move as the scorer names it ("move 3", "chord 2"), "" for "move K"
	Text  string // as written
	Err   error
}

// Message is the refusal as the scorer puts it after its position.
func (r *Refused) Message() string {
	name := r.Name
	if name == "" {
		name = fmt.Sprintf("move %d", r.Move+1)
	}
	head := fmt.Sprintf("%s (%s)", name, r.Text)
	if msg := r.Err.Error(); strings.HasPrefix(msg, head) {
		// The engine named the move already: "segment 3 (A4-H4) crosses".
		return fmt.Sprintf("round %d, %s", r.Round+1, msg)
	}
	return fmt.Sprintf("round %d, %s: %v", r.Round+1, head, r.Err)
}

// Refuse returns the refusal of text, to be played next in round i (r)
// as its move k (from 0), named as b's scorer names it.
func Refuse(b Board, r Round, i, k int, text string, err error) *Refused {
	name := ""
	if n, ok := b.(Namer); ok {
		name = n.MoveName(r, text)
	}
	return &Refused{Round: i, Move: k, Name: name, Text: text, Err: err}
}

// Replayed is a transcript replayed move by move on its game's engines.
type Replayed struct {
	T      *scorer.Transcript
	Rounds []Round
	// Moves are each round's moves played, as the engine writes them.
	Moves [][]string
	// Unplayed are the moves written after the refused one (none when
	// nothing was refused), the refused one first.
	Unplayed []string
	Refused  *Refused
}

// Replay plays t's rounds on b's engines, move by move, up to limit moves
// in all (limit < 0: every move), stopping at the first move refused. An
// error comes back when a round cannot even be started (a bad key). A word
// whose move writes as "" changes nothing and is not counted.
func Replay(b Board, t *scorer.Transcript, v Values, limit int) (*Replayed, error) {
	out := &Replayed{T: t}
	played := 0
	for i := range t.Rounds {
		if err := t.Err(); err != nil { // a request's deadline
			return nil, err
		}
		if limit >= 0 && played >= limit && i > 0 {
			break
		}
		r, words, err := b.OpenRound(t, i, v)
		if err != nil {
			return nil, err
		}
		out.Rounds = append(out.Rounds, r)
		var ms []string
		for k, w := range words {
			if limit >= 0 && played >= limit {
				break
			}
			m, err := r.Parse(w.Text)
			if err == nil {
				err = r.Play(m)
			}
			if err != nil {
				out.Refused = Refuse(b, r, i, len(ms), w.Text, err)
				for _, u := range words[k:] {
					out.Unplayed = append(out.Unplayed, u.Text)
				}
				out.Moves = append(out.Moves, ms)
				return out, nil
			}
			if m.String() == "" {
				continue // a word that plays no move
			}
			ms = append(ms, m.String())
			played++
		}
		out.Moves = append(out.Moves, ms)
	}
	return out, nil
}

// Played counts the moves played in all rounds.
func (p *Replayed) Played() int {
	n := 0
	for _, ms := range p.Moves {
		n += len(ms)
	}
	return n
}

// Header writes t's header (game, players, the game's parameters, board,
// date, place) as a transcript starts, without the rounds.
func Header(sc Scorer, t *scorer.Transcript) string {
	var b strings.Builder
	q := func(s string) string { j, _ := json.Marshal(s); return string(j) } // a JSON string is a YAML scalar
	fmt.Fprintf(&b, "game: %s\n", sc.Info().ID)
	var ps []string
	for _, p := range t.Players {
		ps = append(ps, q(p))
	}
	fmt.Fprintf(&b, "players: [%s]\n", strings.Join(ps, ", "))
	for _, k := range sc.HeaderKeys() {
		if n, ok := t.Params[k]; ok && n.Kind == input.Scalar {
			fmt.Fprintf(&b, "%s: %s\n", k, plain(n.Text))
		}
	}
	if t.BoardID != nil && t.BoardID.Kind == input.Scalar {
		fmt.Fprintf(&b, "board: %s\n", q(t.BoardID.Text))
	}
	if t.Date != "" {
		fmt.Fprintf(&b, "date: %s\n", q(t.Date))
	}
	if t.Place != "" {
		fmt.Fprintf(&b, "place: %s\n", q(t.Place))
	}
	return b.String()
}

// plain writes a parameter's value unquoted when it is a plain word or
// number, quoted otherwise.
func plain(s string) string {
	s = strings.TrimSpace(s)
	ok := s != ""
	for _, r := range s {
		ok = ok && (r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '.' || r == '/')
	}
	if ok {
		return s
	}
	j, _ := json.Marshal(s)
	return string(j)
}

// Write writes a transcript: t's header and the rounds' records, each
// the YAML mapping its engine's Record writes, as an item of rounds.
func Write(sc Scorer, t *scorer.Transcript, rounds []Round) string {
	var b strings.Builder
	b.WriteString(Header(sc, t))
	b.WriteString("rounds:\n")
	for _, r := range rounds {
		b.WriteString(Item(r.Record()))
	}
	return b.String()
}

// Item indents a round's record as an item of the rounds list.
func Item(rec string) string {
	var b strings.Builder
	lines := strings.Split(strings.TrimRight(rec, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return "  - {}\n"
	}
	for i, l := range lines {
		if i == 0 {
			b.WriteString("  - " + l + "\n")
		} else {
			b.WriteString("    " + l + "\n")
		}
	}
	return b.String()
}
