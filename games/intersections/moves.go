package intersections

import (
	"fmt"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/scorer"
)

var _ games.Mover = Game{}

// Moves implements games.Mover: it checks the transcript like Score, its
// last round allowed to stop short of its segments, and lists every legal
// next segment of that round, row by row, then column by column.
func (g Game) Moves(t *scorer.Transcript, _ games.Values) (string, error) {
	_, _, pl, err := g.play(t, true)
	if err != nil {
		return "", err
	}
	if pl == nil || pl.st == nil {
		return "", fmt.Errorf("%s: no round to list the moves of", t.File)
	}
	st := pl.st
	var b strings.Builder
	fmt.Fprintf(&b, "%s: round %d: %s is the offense and has %s so far; %s of %d drawn.\n",
		t.File, len(t.Rounds), t.Players[st.offense], count(st.Points(), "point", "points"), count(len(st.segs), "segment", "segments"), pl.m)
	if len(st.segs) >= pl.m {
		fmt.Fprintf(&b, "The round is over: its %s drawn. No legal move.\n", count(pl.m, "segment is", "segments are"))
		return b.String(), nil
	}
	st.m = pl.m
	found := st.Moves(nil)
	if len(found) == 0 {
		fmt.Fprintf(&b, "Every gap between neighbouring dots is covered: no segment can be drawn, so the round cannot reach its %d segments. No legal move.\n", pl.m)
		return b.String(), nil
	}
	fmt.Fprintf(&b, "%s draws segment %d: %s (meeting at a dot where one of them ends is allowed). %s:\n",
		t.Players[st.ToMove()], len(st.segs)+1, st.Constraint(), count(len(found), "legal move", "legal moves"))
	var words []string
	group := ""
	flush := func() {
		if len(words) > 0 {
			head := "  " + group + ": "
			b.WriteString(games.WrapWords(head, words, strings.Repeat(" ", len(head)), 76))
			words = words[:0]
		}
	}
	for _, mv := range found {
		g := "row " + fmt.Sprint(mv.A.R+1)
		if !mv.horizontal() {
			g = "column " + boards.Column(int(mv.A.C))
		}
		if g != group {
			flush()
			group = g
		}
		words = append(words, mv.String())
	}
	flush()
	return b.String(), nil
}
