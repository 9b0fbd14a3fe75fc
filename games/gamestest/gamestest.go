// Package gamestest has the test helpers every game's tests share: a fuzz
// harness for transcript readers, and a count of what a render draws red.
package gamestest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"papergames/games"
	"papergames/layout"
)

// Fuzz feeds mutated transcripts of sc's game (its examples in
// examples/ID/ and its blank transcript) to the scorer and, where the game
// lists moves, to Moves: they must answer with a result or an error, never
// panic or hang. Each rule variant is tried off and on.
func Fuzz(f *testing.F, sc games.Scorer) {
	id := sc.Info().ID
	files, _ := filepath.Glob("../../examples/" + id + "/*.yaml")
	if len(files) == 0 {
		f.Fatalf("no examples of %s found", id)
	}
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(sc.Example()))
	on := games.Values{}
	for _, p := range sc.Rules() {
		switch p.Kind {
		case games.Bool:
			on[p.Name] = true
		case games.String:
			if p.Name == "sections" {
				on[p.Name] = "1..3j"
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, v := range []games.Values{{}, on} {
			res, d, err := games.Score(sc, "f.yaml", data, v)
			if err == nil && res == nil {
				t.Fatal("no result and no error")
			}
			if d != nil && len(d.Cells) > 0 { // the render, of a refused game too
				if err := d.Sheet(res, layout.Size{W: 210, H: 297}).Draw(&layout.Recorder{}); err != nil {
					t.Fatalf("render: %v", err)
				}
			}
			if err == nil {
				res.JSON()
				res.Text("f.yaml")
			}
			if m, ok := sc.(games.Mover); ok {
				if tr, err := games.ReadTranscript(sc, "f.yaml", data); err == nil {
					if txt, err := m.Moves(tr, v); err == nil && txt == "" {
						t.Fatal("moves: no list and no error")
					}
				}
			}
		}
	})
}

// RedOps draws cells on a recorder and counts the red strokes and fills:
// how a refused render shows the bad move.
func RedOps(cells []layout.Cell) (strokes, fills int) {
	var r layout.Recorder
	for _, c := range cells {
		c.Figure.Draw(&r, layout.Pt(10, 10), 150, layout.Style{Line: 0.3, Guide: layout.Grey})
	}
	for _, p := range r.Pages {
		for _, op := range p.Ops {
			switch {
			case op.Kind == "stroke" && op.Pen.Color == layout.Red:
				strokes++
			case op.Kind == "fill" && op.Color == layout.Red:
				fills++
			}
		}
	}
	return strokes, fills
}

// Transcript writes a transcript of sc's game: header (the lines before
// rounds:, with game and players) and each round's Record.
func Transcript(header string, rounds ...games.Round) string {
	var b strings.Builder
	b.WriteString(strings.TrimRight(header, "\n") + "\nrounds:\n")
	for _, r := range rounds {
		for i, line := range strings.Split(strings.TrimRight(r.Record(), "\n"), "\n") {
			if i == 0 {
				b.WriteString("  - " + line + "\n")
			} else {
				b.WriteString("    " + line + "\n")
			}
		}
	}
	return b.String()
}

// CheckRecord scores the transcript of rounds (see Transcript) with sc and
// fails t unless it is accepted and every round's scores are the engine's.
func CheckRecord(t testing.TB, sc games.Scorer, v games.Values, header string, rounds ...games.Round) {
	t.Helper()
	src := Transcript(header, rounds...)
	res, _, err := games.Score(sc, "playout.yaml", []byte(src), v)
	if err != nil {
		t.Fatalf("the transcript of a playout is refused: %v\n%s", err, src)
	}
	if len(res.Rounds) != len(rounds) {
		t.Fatalf("scored %d rounds, played %d\n%s", len(res.Rounds), len(rounds), src)
	}
	for i, r := range rounds {
		if got, want := fmt.Sprint(res.Rounds[i].Scores), fmt.Sprint(r.Scores()); got != want {
			t.Errorf("round %d: the scorer gives %s, the engine %s\n%s", i+1, got, want, src)
		}
	}
}
