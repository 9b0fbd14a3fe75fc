package analysis

import (
	"math/rand/v2"
	"testing"

	"papergames/games"
	"papergames/games/rings"
)

// Greedy takes the move that scores most at once: on a target whose rings
// are cut, the first segment of a greedy player colours at least as many
// sections as any other segment.
func TestGreedyTakesTheMost(t *testing.T) {
	st, err := rings.New(3, []string{"a", "b"}, 0, games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for st.Phase() == "cuts" {
		m, _ := st.RandomMove(rng)
		if err := st.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	seat := st.ToMove()
	best := 0
	for _, m := range st.Moves(nil) {
		st.Play(m)
		best = max(best, st.Scores()[seat])
		st.Undo()
	}
	m, _ := Choose[rings.Move](st, "greedy", rng, 0, nil)
	st.Play(m)
	if got := st.Scores()[seat]; got != best || best == 0 {
		t.Fatalf("greedy coloured %d, the most is %d", got, best)
	}
}

// Self-play is deterministic whatever the number of workers.
func TestSelfPlayWorkers(t *testing.T) {
	for _, c := range []struct {
		game, q string
		p       Params
	}{
		{"crossing-the-rings", "divider-share", Params{"circles": "3", "players": "3", "games": "4"}},
		{"polygons-and-dots", "parity", Params{"dots": "4", "games": "3", "rollouts": "1"}},
	} {
		q, _ := Find(c.game, c.q)
		a, err := Run(q, c.p, 5, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Run(q, c.p, 5, 3, nil)
		if a.Text() != b.Text() {
			t.Errorf("%s: 1 worker:\n%s\n3 workers:\n%s", c.game, a.Text(), b.Text())
		}
	}
}
