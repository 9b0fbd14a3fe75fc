package readtest

import (
	"testing"

	"papergames/games"
)

// TestPageCompareKeys: a Keyer's keys, not the moves' text, are compared;
// without one the text is.
func TestPageCompareKeys(t *testing.T) {
	// Keys that tell a move by its text and the one before it, as a path's
	// step is told by the segment it draws.
	keys := func(ms []string) []string {
		out := make([]string, len(ms))
		for i, m := range ms {
			prev := ""
			if i > 0 {
				prev = ms[i-1]
			}
			out[i] = prev + "-" + m
		}
		return out
	}
	read := &games.ReadOut{Moves: []games.ReadMove{{Text: "b"}, {Text: "a"}, {Text: "c", Doubt: "faint"}}}
	truth := map[int][]string{0: {"a", "b", "c"}}
	for _, c := range []struct {
		keys func([]string) []string
		want Count
	}{
		{nil, Count{Moves: 3, Right: 2, Flagged: 1}},
		// Keys -b, b-a, a-c against -a, a-b, b-c: none right; the doubted
		// one flagged, two read wrong and three missed unsaid.
		{keys, Count{Moves: 3, Flagged: 1, WrongUnflagged: 5}},
	} {
		p := &Page{Truth: truth, keys: c.keys}
		if got := p.Compare(0, read); got != c.want {
			t.Errorf("keys %v: got %+v, want %+v", c.keys != nil, got, c.want)
		}
	}
	if read.Moves[0].Text != "b" {
		t.Errorf("Compare changed the moves read: %q", read.Moves[0].Text)
	}
}
