package arcs

import (
	"errors"
	"fmt"
	"strings"

	"papergames/games"
	"papergames/scorer"
)

// Moves implements games.Mover: it checks the transcript, whose last
// round may be unfinished, and lists the legal next arcs of that round:
// for a free first arc every centre with every reach, grouped by centre;
// later every reach about the forced centre, grouped by how many earlier
// arcs each would meet (what it would score).
func (g Game) Moves(t *scorer.Transcript, _ games.Values) (string, error) {
	_, _, r, err := g.play(t, true)
	if err != nil {
		return "", err
	}
	if r == nil {
		return "", errors.New(t.File + ": no round to list the moves of")
	}
	st := r.st
	m, k := st.b.m, len(st.moves)+1
	var b strings.Builder
	fmt.Fprintf(&b, "%s: round %d: ", t.File, len(t.Rounds))
	if st.Over() {
		fmt.Fprintf(&b, "all %d arcs are drawn: the round is over, no move remains.\n", m)
		return b.String(), nil
	}
	var score []string
	for s, v := range st.scores {
		score = append(score, fmt.Sprintf("%s %d", t.Players[s], v))
	}
	fmt.Fprintf(&b, "%s draws move %d of %d (this round so far: %s).\n", t.Players[st.ToMove()], k, m, strings.Join(score, ", "))
	moves := st.Moves(nil)
	c := st.centre()
	if c == 0 {
		fmt.Fprintf(&b, "The first arc may be centred on any mark, with a reach of 1 to %d, and meets nothing. %d legal move(s); write the centre in front (1:%s) or as first:\n", st.b.reach, len(moves), ends(st.b, 1, 1))
		for len(moves) > 0 { // listed centre by centre
			c, n := moves[0].Centre, 0
			var words []string
			for ; n < len(moves) && moves[n].Centre == c; n++ {
				words = append(words, ends(st.b, c, moves[n].Reach))
			}
			b.WriteString(games.WrapWords(fmt.Sprintf("  centre %d:", c), words, "    ", 76))
			moves = moves[n:]
		}
		return b.String(), nil
	}
	fmt.Fprintf(&b, "Move %d is centred on mark %d (%s), with a reach of 1 to %d. %d legal move(s), by the number of earlier arcs each would meet (its score):\n", k, c, st.forced(c), st.b.reach, len(moves))
	by := map[int][]string{}
	most := 0
	for _, mv := range moves {
		n, err := st.cost(c, mv.Reach)
		if err != nil {
			var u *undecided
			errors.As(err, &u)
			return "", fmt.Errorf("%s: round %d, move %d (%s) against move %d: %v", t.File, len(t.Rounds), k, mv, u.earlier+1, u.err)
		}
		by[n] = append(by[n], ends(st.b, c, mv.Reach))
		most = max(most, n)
	}
	for n := 0; n <= most; n++ {
		if len(by[n]) > 0 {
			head := fmt.Sprintf("  meeting %d earlier arcs:", n)
			switch n {
			case 0:
				head = "  meeting no earlier arc:"
			case 1:
				head = "  meeting 1 earlier arc:"
			}
			b.WriteString(games.WrapWords(head, by[n], "    ", 76))
		}
	}
	return b.String(), nil
}

// ends writes the arc c±k by its end marks.
func ends(b *board, c, k int) string {
	e1, e2 := b.ends(c, k)
	return fmt.Sprintf("%d-%d", e1, e2)
}
