package crossdont

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/gamestest"
)

// TestBlankFromRecordForms: a blank transcript filled in from the record
// forms of played rounds, without edits (rows not played left blank),
// scores as the engines did.
func TestBlankFromRecordForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	players := []string{"Ann", "Bob"}
	for _, m := range []int{2, 3, 5, 6, 12} {
		var rounds []games.Round
		var values []string
		for r := 0; r < 2; r++ {
			st := New(m, (r+1)%2, players...)
			var played []Move
			if r == 1 {
				// Round 2: chords that all cross, the longest rounds.
				played = crossingChords(t, st, m)
			}
			played = append(played, gamestest.Played(games.Engine[Move](st), rng)...)
			slots := m + MaxRoundMoves(m)
			if len(played) > slots {
				t.Fatalf("%d chords: %d moves, more than the form's %d rows", m, len(played)-m, MaxRoundMoves(m))
			}
			for _, mv := range played {
				values = append(values, mv.String())
			}
			for k := len(played); k < slots; k++ {
				values = append(values, "")
			}
			rounds = append(rounds, games.Erase(games.Engine[Move](st)))
		}
		gamestest.CheckBlank(t, Game{}, games.Values{"chords": m}, players, values, rounds...)
	}
}

// crossingChords plays m chords that cross each other pairwise, each
// pair at a point of its own (ends at 6i and 181+6i degrees).
func crossingChords(t *testing.T, st *State, m int) []Move {
	t.Helper()
	var out []Move
	for i := 0; i < m; i++ {
		mv := Chord(big.NewRat(int64(6*i), 1), big.NewRat(int64(181+6*i), 1))
		if err := st.Play(mv); err != nil {
			t.Fatal(err)
		}
		out = append(out, mv)
	}
	return out
}

// TestLongestRound: on chords that all cross, random play lasts the
// (m+6)(m-1) moves the forms and blank transcripts have rows for (the
// deficit bound is reached: the round ends stuck on an odd move), never
// more, and the scorer takes a round that long on the most chords.
func TestLongestRound(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, m := range []int{2, 5, 6, 9, 20, MaxChords} {
		st := New(m, 1, "Ann", "Bob")
		crossingChords(t, st, m)
		played := gamestest.Played(games.Engine[Move](st), rng)
		// A round may end stuck after an odd count, earlier (two chords:
		// after one move); from 5 chords these seeded rounds go the whole way.
		if len(played) > MaxRoundMoves(m) || (m >= 5 && len(played) != MaxRoundMoves(m)) {
			t.Errorf("%d chords that all cross: a random round of %d moves, want %d", m, len(played), MaxRoundMoves(m))
		}
		if MaxRoundMoves(m) > MaxMoves {
			t.Errorf("%d chords: a round of %d moves is past MaxMoves %d", m, MaxRoundMoves(m), MaxMoves)
		}
		if n := len(record(m).Parts[2].Rows); n != MaxRoundMoves(m) {
			t.Errorf("%d chords: the record form has %d move rows, want %d", m, n, MaxRoundMoves(m))
		}
		blank := Game{}.Blank(games.Values{"chords": m}, []string{"Ann", "Bob"}, 1)
		if n := strings.Count(blank, "# move "); n != MaxRoundMoves(m) {
			t.Errorf("%d chords: the blank transcript has %d move rows, want %d", m, n, MaxRoundMoves(m))
		}
	}
}
