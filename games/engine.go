package games

import (
	"errors"
	"math/rand/v2"
	"strings"
)

// A rules engine plays one round of a game move by move, in the manner of
// Simon Tatham's puzzle collection (new game, validate a move, execute it,
// status), so that the scorer, the web app, the analysis and the puzzle
// solvers all apply the same implementation of every rule. Each game
// package has a typed engine: a State made from the round's parameters
// (New...), a Move value type, and the methods of Engine. Round erases the
// types for callers that handle every game alike.

// Move is one move of a game. String writes it in the transcript's
// notation, so that a move read from a transcript and written back reads
// the same.
type Move interface {
	String() string
}

// Engine is the typed rules engine of one game: a round in progress.
// Checking never changes the state; Play changes it only when the move is
// legal; Undo takes back the last move played, so that a search can explore
// the state without copying it.
type Engine[M Move] interface {
	// Phase names the part of the round now being played, e.g. "dots"
	// then "path", "cuts" then "segments", "chords" then "moves"; "over"
	// when the round has ended.
	Phase() string
	// ToMove is the seat (0-based, in the transcript's players order) that
	// plays next, or -1 when the round is over.
	ToMove() int
	// Over reports whether the round has ended: no move remains to play.
	Over() bool
	// Scores are the seats' points so far (the round's final score once
	// it is over).
	Scores() []int
	// Parse reads a move in the transcript's notation, for the player to
	// move now (so a bare reach, a dot's name or a label can be resolved).
	Parse(s string) (M, error)
	// Check says why m may not be played now, in the words the scorer's
	// messages use after their position (nil when it is legal).
	Check(m M) error
	// Play checks m and plays it.
	Play(m M) error
	// Undo takes back the last move played (ErrNothingToUndo when none).
	Undo() error
	// Moves appends the legal moves to buf and returns it. When the set is
	// not finite (a dot placed anywhere on the paper), it appends a finite
	// candidate set for machines and Finite reports false.
	Moves(buf []M) []M
	// Finite reports whether Moves lists every legal move now; when it
	// does not, Constraint says in a sentence what a legal move must be.
	Finite() bool
	Constraint() string
	// Record writes the moves played so far as the round's entry of a
	// transcript (the YAML mapping under rounds:, unindented), so that
	// scoring the transcript replays exactly this round.
	Record() string
}

// Refusal is Check's error when a move breaks several rules at once: one
// sentence for each, which the scorer reports as separate messages.
type Refusal []string

func (r Refusal) Error() string { return strings.Join(r, "\n") }

// ErrNothingToUndo is Undo's error at the start of a round.
var ErrNothingToUndo = errors.New("no move to take back")

// Round is an Engine with its move type erased, for the callers that treat
// every game alike (the web app, the analysis tables).
type Round interface {
	Phase() string
	ToMove() int
	Over() bool
	Scores() []int
	Parse(s string) (Move, error)
	Check(m Move) error
	Play(m Move) error
	Undo() error
	Moves() []Move
	Finite() bool
	Constraint() string
	Record() string
}

// Erase returns e as a Round.
func Erase[M Move](e Engine[M]) Round { return erased[M]{e} }

type erased[M Move] struct{ e Engine[M] }

func (r erased[M]) Phase() string      { return r.e.Phase() }
func (r erased[M]) ToMove() int        { return r.e.ToMove() }
func (r erased[M]) Over() bool         { return r.e.Over() }
func (r erased[M]) Scores() []int      { return r.e.Scores() }
func (r erased[M]) Undo() error        { return r.e.Undo() }
func (r erased[M]) Finite() bool       { return r.e.Finite() }
func (r erased[M]) Constraint() string { return r.e.Constraint() }
func (r erased[M]) Record() string     { return r.e.Record() }

func (r erased[M]) Parse(s string) (Move, error) {
	m, err := r.e.Parse(s)
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (r erased[M]) typed(m Move) (M, error) {
	t, ok := m.(M)
	if !ok {
		var zero M
		return zero, errors.New("not a move of this game: " + m.String())
	}
	return t, nil
}

func (r erased[M]) Check(m Move) error {
	t, err := r.typed(m)
	if err != nil {
		return err
	}
	return r.e.Check(t)
}

func (r erased[M]) Play(m Move) error {
	t, err := r.typed(m)
	if err != nil {
		return err
	}
	return r.e.Play(t)
}

func (r erased[M]) Moves() []Move {
	ms := r.e.Moves(nil)
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

// Sampler is an Engine that can draw a random legal move without listing
// every one (a dot placed anywhere on the paper). Playout prefers it.
type Sampler[M Move] interface {
	// RandomMove returns a random legal move, false when there is none.
	RandomMove(rng *rand.Rand) (M, bool)
}

// Playout plays uniformly random moves from Moves (or Sampler's) until the round is over
// or limit moves have been played (limit < 0: no limit), and returns the
// number played. buf is scratch space for the move lists, returned for
// reuse. An engine whose Moves is not Finite draws from its candidates.
func Playout[M Move](e Engine[M], rng *rand.Rand, limit int, buf []M) (int, []M) {
	n := 0
	s, sampled := e.(Sampler[M])
	for !e.Over() && n != limit {
		if sampled {
			m, ok := s.RandomMove(rng)
			if !ok {
				break
			}
			if err := e.Play(m); err != nil {
				panic("games.Playout: a sampled move was refused: " + err.Error())
			}
			n++
			continue
		}
		buf = e.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		if err := e.Play(buf[rng.IntN(len(buf))]); err != nil {
			panic("games.Playout: a listed move was refused: " + err.Error())
		}
		n++
	}
	return n, buf
}
