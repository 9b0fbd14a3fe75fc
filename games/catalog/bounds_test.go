package catalog

import (
	"fmt"
	"strings"
	"testing"

	"papergames/boards"
	"papergames/games"
)

// TestMovesAreBounded: a transcript of more than MaxMoves moves is refused
// before any is played, at the round that passes the bound (issue 23:
// 1000 rounds of 1,740 segments, 13 MB, took 10 s and 1.15 GB).
func TestMovesAreBounded(t *testing.T) {
	var segs []string
	for r := range 30 {
		for c := range 29 {
			segs = append(segs, boards.CellName(c, r)+"-"+boards.CellName(c+1, r), boards.CellName(r, c)+"-"+boards.CellName(r, c+1))
		}
	}
	round := "  - segments: " + strings.Join(segs, " ") + "\n"
	src := "game: making-intersections\nplayers: [A, B]\nsize: 30\nsegments: 1740\nrounds:\n" + strings.Repeat(round, MaxMoves/1740+1)
	_, _, err := Score("t", []byte(src), games.Values{})
	want := fmt.Sprintf("t:%d:13: round %d: the transcript has more than 300,000 moves by this round, the limit", 5+MaxMoves/1740+1, MaxMoves/1740+1)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("%.300v, want %q", err, want)
	}
	if _, err := Moves("t", []byte(src), games.Values{}); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("moves: %.300v", err)
	}
}
