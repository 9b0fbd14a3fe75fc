package games

import (
	"fmt"

	"papergames/input"
	"papergames/layout"
	"papergames/scorer"
)

// Scorer is a Game whose finished games papergames can score.
type Scorer interface {
	Game
	// HeaderKeys are the game's own transcript header keys.
	HeaderKeys() []string
	// Score checks every move of t and scores it. The cells draw each
	// round on its board for --render; when a move is illegal they are
	// still returned, drawn up to that move with the move in red.
	Score(t *scorer.Transcript) (*scorer.Result, []layout.Cell, error)
	// Blank returns a transcript to fill in, with comments.
	Blank() string
}

// Score reads a transcript (YAML or JSON) and scores it with its game. The
// drawing of the game for --render comes back whenever the header could be
// read, also when the moves are refused.
func Score(name string, data []byte) (*scorer.Result, *scorer.Drawing, error) {
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
	res, cells, err := sc.Score(t)
	return res, &scorer.Drawing{Title: info.Title, Players: t.Players, Cells: cells}, err
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
