package games

import (
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
	// Score checks every move of t and scores it under the rule variants
	// of o. The cells draw each round on its board for --render; when a
	// move is illegal they are still returned, drawn up to that move with
	// the move in red.
	Score(t *scorer.Transcript, o Options) (*scorer.Result, []layout.Cell, error)
	// Blank returns a transcript to fill in, with comments.
	Blank() string
	// RenderNote is the sentence under the title of a rendered game,
	// saying how to read the picture.
	RenderNote() string
}

// Options are the rule variants and strictness the score command's flags
// choose. A game ignores the ones that are not its own.
type Options struct {
	// Strict turns an unfinished round (a legal move remains) from a
	// warning with a provisional result into an error.
	Strict bool
	// BanAlongCuts refuses a Crossing The Rings segment that runs along a
	// cut, instead of letting it fill neither neighbour.
	BanAlongCuts bool
	// Sections are the Crossing The Rings bounds on the sections per ring,
	// as written on the command line ("" for the default, j..2^j).
	Sections string
}

// Mover is a Scorer that can list the legal next moves of an unfinished
// round, to settle "I can't move" disputes.
type Mover interface {
	Scorer
	// Moves checks t like Score and returns a report of the legal next
	// moves in its last round (an empty list when the round is over).
	Moves(t *scorer.Transcript, o Options) (string, error)
}

// Score reads a transcript (YAML or JSON) and scores it with its game. The
// drawing of the game for --render comes back whenever the header could be
// read, also when the moves are refused.
func Score(name string, data []byte, o Options) (*scorer.Result, *scorer.Drawing, error) {
	sc, t, err := read(name, data)
	if err != nil {
		return nil, nil, err
	}
	res, cells, err := sc.Score(t, o)
	return res, &scorer.Drawing{Title: sc.Info().Title, Note: sc.RenderNote(), Players: t.Players, Cells: cells}, err
}

// Moves reads a transcript and lists the legal next moves of its last
// round, for the games that can (see Mover).
func Moves(name string, data []byte, o Options) (string, error) {
	sc, t, err := read(name, data)
	if err != nil {
		return "", err
	}
	m, ok := sc.(Mover)
	if !ok {
		var can []string
		for _, g := range Catalog {
			if _, ok := g.(Mover); ok {
				can = append(can, g.Info().Title)
			}
		}
		return "", gameNode(t.Root).Errorf("%s has no moves to list: its players are never stuck for a move (papergames moves lists them for %s)", sc.Info().Title, strings.Join(can, ", "))
	}
	return m.Moves(t, o)
}

// read reads a transcript's header with the game it names.
func read(name string, data []byte) (Scorer, *scorer.Transcript, error) {
	root, id, err := scorer.GameOf(name, data)
	if err != nil {
		return nil, nil, err
	}
	g, err := Lookup(id)
	if err != nil {
		return nil, nil, gameNode(root).Errorf("%v", err)
	}
	sc, ok := g.(Scorer)
	if !ok {
		return nil, nil, gameNode(root).Errorf("papergames cannot score %s yet", g.Info().Title)
	}
	info := g.Info()
	t, err := scorer.ReadHeader(name, root, sc.HeaderKeys(), info.MinPlayers, info.MaxPlayers)
	if err != nil {
		return nil, nil, err
	}
	return sc, t, nil
}

func gameNode(root *input.Node) *input.Node {
	for i, k := range root.Keys {
		if k.Text == "game" {
			return root.Values[i]
		}
	}
	return root
}

// Blank returns the blank transcript of the game with the given id.
func Blank(id string) (string, error) {
	g, err := Lookup(id)
	if err != nil {
		return "", &UsageError{err.Error()}
	}
	sc, ok := g.(Scorer)
	if !ok {
		return "", fmt.Errorf("papergames cannot score %s yet, so it has no transcript", g.Info().Title)
	}
	return sc.Blank(), nil
}

// roundKeys reads a round's mapping, checking its keys.
func roundKeys(t *scorer.Transcript, i int, keys ...string) (map[string]*input.Node, error) {
	f, err := t.Rounds[i].Fields(fmt.Sprintf("round %d", i+1), keys...)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// firstPlayer returns the seat that is player 1 in round i of a
// two-player game: given by the round's "player1" key, or else seat 1 in
// odd rounds and seat 2 in even ones, so that roles swap each round.
func firstPlayer(t *scorer.Transcript, f map[string]*input.Node, i int) (int, error) {
	if n, ok := f["player1"]; ok {
		seat, err := t.Seat(n)
		if err != nil {
			return 0, n.Errorf("round %d, player1: %v", i+1, err.(*input.Error).Msg)
		}
		return seat, nil
	}
	return i % 2, nil
}
