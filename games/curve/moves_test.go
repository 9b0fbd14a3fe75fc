package curve

import (
	"strings"
	"testing"

	"papergames/games"
)

func TestMoves(t *testing.T) {
	blank := []string{". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."}
	src := source(5, annCurve, bobCurve, typedGrid{"Ann", "Ann", ring}, typedGrid{"Ann", "Bob", blank},
		typedGrid{"Bob", "Ann", bobSix}, typedGrid{"Bob", "Bob", edit(bobFull, 3, 1, "1")})
	got, err := games.Moves(Game{}, "t.yaml", []byte(src), games.Values{})
	if err != nil {
		t.Fatal(err)
	}
	want := "t.yaml: round 1: 4 grids, each player filling each curve.\n" +
		"Ann's curve (a loop of 8 squares, 1 inside):\n" +
		"  filled by Ann: finished at K = 1: 2 fits nowhere, no legal move.\n" +
		"  filled by Bob: not begun: number the loop, [1] on any of its 8 squares and [2] next to it either way (16 ways).\n" +
		"Bob's curve (a loop of 16 squares, 9 inside):\n" +
		"  filled by Ann: K = 6; 7 fits at 2 square(s):\n" +
		"    C4 D4\n" +
		"  filled by Bob: invalid (papergames score lists its problems): no legal move.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A transcript the scorer refuses is refused here too.
	if _, err := games.Moves(Game{}, "t.yaml", []byte(source(5, "B2 C2 C3", bobCurve)), games.Values{}); err == nil || !strings.Contains(err.Error(), "a curve is a loop of at least 4") {
		t.Errorf("a bad curve: %v", err)
	}
}
