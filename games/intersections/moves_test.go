package intersections

import (
	"strings"
	"testing"

	"papergames/games"
)

func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"a round in progress", transcript(3, 4, "Ann, Bob", "A1-C1 B1-B2 A3-C3 C2-C3", "A2-C2 B1-B2"),
			"t.yaml: round 2: Bob is the offense and has 1 point so far; 2 segments of 4 drawn.\n" +
				"Bob draws segment 3: a segment along one row or column between two different dots, crossing no drawn segment and coinciding with none (meeting at a dot where one of them ends is allowed). 13 legal moves:\n" +
				"  row 1: A1-B1 A1-C1 B1-C1\n" +
				"  row 3: A3-B3 A3-C3 B3-C3\n" +
				"  column A: A1-A2 A1-A3 A2-A3\n" +
				"  column B: B2-B3\n" +
				"  column C: C1-C2 C1-C3 C2-C3\n"},
		{"the first segment of a round", transcript(2, 2, "Ann, Bob, Cy", "A1-B1 A2-B2", "A1-B1 A2-B2", ""),
			"t.yaml: round 3: Cy is the offense and has 0 points so far; 0 segments of 2 drawn.\n" +
				"Cy draws segment 1: a segment along one row or column between two different dots, crossing no drawn segment and coinciding with none (meeting at a dot where one of them ends is allowed). 4 legal moves:\n" +
				"  row 1: A1-B1\n  row 2: A2-B2\n  column A: A1-A2\n  column B: B1-B2\n"},
		{"over", transcript(3, 2, "Ann, Bob", "A1-C1 B1-B3"),
			"t.yaml: round 1: Ann is the offense and has 1 point so far; 2 segments of 2 drawn.\nThe round is over: its 2 segments are drawn. No legal move.\n"},
		{"stuck", transcript(2, 4, "Ann, Bob", "A1-B1 A2-B2 A1-A2"),
			"t.yaml: round 1: Ann is the offense and has 0 points so far; 3 segments of 4 drawn.\n" +
				"Bob draws segment 4: a segment along one row or column between two different dots, crossing no drawn segment and coinciding with none (meeting at a dot where one of them ends is allowed). 1 legal move:\n  column B: B1-B2\n"},
		{"a long row wraps", transcript(12, 1, "Ann, Bob", ""), "  row 1: A1-B1 A1-C1 A1-D1 A1-E1 A1-F1 A1-G1 A1-H1 A1-I1 A1-J1 A1-K1 A1-L1\n" +
			"         B1-C1 B1-D1"},
		{"an illegal segment", transcript(3, 4, "Ann, Bob", "A2-C2 B1-B3"), "error: t.yaml:6:21: round 1, segment 2 (B1-B3) crosses segment 1 (A2-C2) at B2"},
		{"an earlier round short", transcript(3, 2, "Ann, Bob", "A2-C2", "A1-A2"), "error: t.yaml:6:15: round 1 has 1 segment; every round has 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := games.Moves(Game{}, "t.yaml", []byte(tc.src), games.Values{})
			if err != nil {
				got = "error: " + err.Error()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
