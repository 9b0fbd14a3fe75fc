package analysis

import (
	"math"
	"math/rand/v2"

	"papergames/games"
)

// Policies of simulated players, for any engine:
//
//   - "random": a legal move drawn uniformly (games.Sampler's RandomMove
//     where the engine has one, else from Moves);
//   - "greedy": the listed move that raises the player's own score most
//     at once (each tried with Play and taken back with Undo; ties to the
//     first listed);
//   - "rollout": 1-ply flat Monte Carlo search: each listed move followed
//     by R random playouts to the end of the round, the move with the best
//     total of own points minus the best other player's (ties to the
//     first listed).
//
// Where the legal moves are not listed (Finite false: a dot anywhere on
// the paper), every policy plays at random.

// Choose returns the move policy picks for the player to move in e.
func Choose[M games.Move](e games.Engine[M], policy string, rng *rand.Rand, rollouts int, buf []M) (M, []M) {
	var zero M
	if policy == "random" || !e.Finite() {
		if s, ok := e.(games.Sampler[M]); ok {
			m, _ := s.RandomMove(rng)
			return m, buf
		}
		buf = e.Moves(buf[:0])
		if len(buf) == 0 {
			return zero, buf
		}
		return buf[rng.IntN(len(buf))], buf
	}
	seat := e.ToMove()
	moves := e.Moves(nil)
	if len(moves) == 0 {
		return zero, buf
	}
	best, bestVal := moves[0], math.MinInt
	before := e.Scores()[seat]
	for _, m := range moves {
		if err := e.Play(m); err != nil {
			panic("a listed move was refused: " + err.Error())
		}
		val := 0
		switch policy {
		case "greedy":
			val = e.Scores()[seat] - before
		case "rollout":
			for range rollouts {
				var n int
				n, buf = games.Playout(e, rng, -1, buf)
				val += margin(e.Scores(), seat)
				for range n {
					e.Undo()
				}
			}
		}
		e.Undo()
		if val > bestVal {
			best, bestVal = m, val
		}
	}
	return best, buf
}

// margin is seat's points minus the most of any other seat.
func margin(sc []int, seat int) int {
	other := math.MinInt
	for i, v := range sc {
		if i != seat {
			other = max(other, v)
		}
	}
	return sc[seat] - other
}

// PlayRound plays e to the end, each seat by its policy, and returns the
// scores.
func PlayRound[M games.Move](e games.Engine[M], policies []string, rng *rand.Rand, rollouts int) ([]int, error) {
	var buf []M
	for !e.Over() {
		seat := e.ToMove()
		var m M
		m, buf = Choose(e, policies[seat], rng, rollouts, buf)
		if err := e.Play(m); err != nil {
			return nil, err
		}
	}
	return e.Scores(), nil
}
