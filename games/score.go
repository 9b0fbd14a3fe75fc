package games

import (
	"errors"
	"fmt"
	"strings"

	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Scorer is a Game whose finished games papergames can score.
type Scorer interface {
	Game
	// HeaderKeys are the game's own transcript header keys.
	HeaderKeys() []string
	// Rules lists the game's rule variants, offered as flags of score and
	// moves (Bool and String parameters; their zero value is the default).
	Rules() []Param
	// Score checks every move of t and scores it under the rule variants
	// v (keys from Rules). The cells draw each round on its board for
	// --render; when a move is illegal they are still returned, drawn up to
	// that move with the move in red.
	Score(t *scorer.Transcript, v Values) (*scorer.Result, []layout.Cell, error)
	// Example returns an example transcript, filled in, with comments.
	Example() string
	// Blank returns a transcript to fill in for exactly the sheet of the
	// board parameters v and the seats players ("" for an unnamed seat):
	// its header filled in, rounds entries laid out empty as on the
	// sheet's record forms, with comments.
	Blank(v Values, players []string, rounds int) string
	// RoundBlank reports whether a round entry has none of its moves
	// written, as Blank lays it out (who starts may be filled in): trailing
	// rounds left so are rounds not played.
	RoundBlank(round *input.Node) bool
	// RenderNote is the sentence under the title of a rendered game,
	// saying how to read the picture.
	RenderNote() string
}

// Mover is a Scorer that can list the legal next moves of an unfinished
// round, to settle "I can't move" disputes.
type Mover interface {
	Scorer
	// Moves checks t like Score and returns a report of the legal next
	// moves in its last round (an empty list when the round is over).
	Moves(t *scorer.Transcript, v Values) (string, error)
}

// ReadTranscript reads a transcript (YAML or JSON) of the game sc: its
// game key must name sc, and its header must be sc's.
func ReadTranscript(sc Scorer, name string, data []byte) (*scorer.Transcript, error) {
	root, id, err := scorer.GameOf(name, data)
	if err != nil {
		return nil, err
	}
	if id != sc.Info().ID {
		return nil, GameNode(root).Errorf("this transcript is of game %q, not %s", id, sc.Info().ID)
	}
	return ReadHeader(sc, name, root)
}

// HeaderInt reads the transcript's header value of the integer board
// parameter p: its default when absent, refused outside p's range.
func HeaderInt(t *scorer.Transcript, p Param) (int, error) {
	return t.Int(p.Name, p.Default, p.Min, p.Max)
}

// ReadHeader reads the header of a transcript of sc's game, parsed to root.
func ReadHeader(sc Scorer, name string, root *input.Node) (*scorer.Transcript, error) {
	info := sc.Info()
	return scorer.ReadHeader(name, root, sc.HeaderKeys(), info.MinPlayers, info.MaxPlayers)
}

// Score scores a transcript of sc's game read from data. The drawing of the
// game for --render comes back whenever the header could be read, also
// when the moves are refused.
func Score(sc Scorer, name string, data []byte, v Values) (*scorer.Result, *scorer.Drawing, error) {
	t, err := ReadTranscript(sc, name, data)
	if err != nil {
		return nil, nil, err
	}
	return ScoreTranscript(sc, t, v)
}

// ScoreTranscript scores a transcript already read (see Score).
func ScoreTranscript(sc Scorer, t *scorer.Transcript, v Values) (*scorer.Result, *scorer.Drawing, error) {
	played := len(t.Rounds)
	for played > 0 && sc.RoundBlank(t.Rounds[played-1]) {
		played--
	}
	var unplayed string
	switch {
	case played == 0:
		// Nothing is filled in: the scorer says what each round lacks.
		played = len(t.Rounds)
	case played == len(t.Rounds)-1:
		unplayed = fmt.Sprintf("round %d was left blank: not played, not counted", played+1)
	case played < len(t.Rounds):
		unplayed = fmt.Sprintf("rounds %d to %d were left blank: not played, not counted", played+1, len(t.Rounds))
	}
	if played < len(t.Rounds) {
		c := *t
		c.Rounds = t.Rounds[:played]
		t = &c
	}
	res, cells, err := sc.Score(t, v)
	if res != nil && unplayed != "" {
		res.Warnings = append([]string{unplayed}, res.Warnings...)
	}
	return res, &scorer.Drawing{Title: sc.Info().Title, Note: sc.RenderNote(), Players: t.Players, Cells: cells}, err
}

// GameNode is the value of a transcript's game key, where messages about
// the game as a whole point (the root when there is none).
func GameNode(root *input.Node) *input.Node {
	for i, k := range root.Keys {
		if k.Text == "game" {
			return root.Values[i]
		}
	}
	return root
}

// RoundKeys reads round i's mapping, checking its keys.
func RoundKeys(t *scorer.Transcript, i int, keys ...string) (map[string]*input.Node, error) {
	f, err := t.Rounds[i].Fields(fmt.Sprintf("round %d", i+1), keys...)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Unequal lists how often each seat took a role, as "Ann 2, Bob 1", when
// the seats did not all take it equally often; "" when they did. Games
// whose rules pass a role round the table (who starts, the offense, the
// divider) word their warnings around it.
func Unequal(players []string, counts []int) string {
	var parts []string
	same := true
	for i, c := range counts {
		parts = append(parts, fmt.Sprintf("%s %d", players[i], c))
		same = same && c == counts[0]
	}
	if same {
		return ""
	}
	return strings.Join(parts, ", ")
}

// FirstPlayer returns the seat that is player 1 in round i of a
// two-player game: given by the round's "player1" key, or else seat 1 in
// odd rounds and seat 2 in even ones, so that roles swap each round.
func FirstPlayer(t *scorer.Transcript, f map[string]*input.Node, i int) (int, error) {
	return RoleSeat(t, f, i, "player1", i%2)
}

// RoleSeat returns the seat a round's role key names (player1, starts,
// divider, defense, offense), or def when the round leaves it out.
func RoleSeat(t *scorer.Transcript, f map[string]*input.Node, i int, key string, def int) (int, error) {
	n, ok := f[key]
	if !ok {
		return def, nil
	}
	seat, err := t.Seat(n)
	if err != nil {
		var ie *input.Error
		if errors.As(err, &ie) {
			return 0, n.Errorf("round %d, %s: %s", i+1, key, ie.Msg)
		}
		return 0, err
	}
	return seat, nil
}

// Moves reads a transcript of m's game and lists the legal next moves of
// its last round.
func Moves(m Mover, name string, data []byte, v Values) (string, error) {
	t, err := ReadTranscript(m, name, data)
	if err != nil {
		return "", err
	}
	return m.Moves(t, v)
}
