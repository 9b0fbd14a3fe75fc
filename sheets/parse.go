package sheets

import (
	"fmt"

	"papergames/games"
)

// Blank returns the blank transcript of g for the sheet the board command
// prints with the same game parameters and seats: the same board id, the
// header filled in, and a round for each row of its score table (the
// --rounds given, else one per copy, else the game's usual match).
func Blank(g games.Game, v games.Values, o Options) (string, error) {
	sc, ok := g.(games.Scorer)
	if !ok {
		return "", fmt.Errorf("papergames cannot score %s yet, so it has no transcript", g.Info().Title)
	}
	players, err := seats(g.Info(), o)
	if err != nil {
		return "", err
	}
	setup, err := g.Setup(v, players)
	if err != nil {
		return "", err
	}
	// Each option is checked against its own bound and named by itself: a
	// sheet of --copies 247 has 247 rows in its score table, and so its
	// transcript 247 rounds, though --rounds stops at MaxRounds.
	rounds := setup.Rounds
	switch {
	case o.Rounds > MaxRounds:
		return "", usagef("--rounds %d: must be from 1 to %d", o.Rounds, MaxRounds)
	case o.Copies > MaxCopies:
		return "", usagef("--copies %d: must be from 1 to %d", o.Copies, MaxCopies)
	case o.Rounds > 0:
		rounds = o.Rounds
	case o.Copies > 1:
		rounds = o.Copies
	}
	return sc.Blank(v, players, rounds), nil
}
