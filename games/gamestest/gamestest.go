// Package gamestest has the test helpers every game's tests share: a fuzz
// harness for transcript readers, and a count of what a render draws red.
package gamestest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
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

// placeholder is a line of a blank transcript waiting for a value: a list
// item or a key with nothing before its comment.
var placeholder = regexp.MustCompile(`^(\s*(?:-|(?:- )?[^#\s][^#]*:))(\s+)#`)

// Fill fills the placeholders of a blank transcript in order with values,
// as a player copies a record form into it ("" leaves one blank).
func Fill(blank string, values []string) (string, error) {
	lines := strings.Split(blank, "\n")
	k := 0
	for i, l := range lines {
		m := placeholder.FindStringSubmatch(l)
		if m == nil || strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if k == len(values) {
			break
		}
		if values[k] != "" {
			lines[i] = m[1] + " " + values[k] + "   " + l[len(m[1])+len(m[2]):]
		}
		k++
	}
	if k < len(values) {
		return "", fmt.Errorf("%d values for %d placeholders", len(values), k)
	}
	return strings.Join(lines, "\n"), nil
}

// Played plays a random round on e and returns its moves in order.
func Played[M games.Move](e games.Engine[M], rng *rand.Rand) []M {
	var played []M
	var buf []M
	for !e.Over() {
		var m M
		if s, ok := e.(games.Sampler[M]); ok {
			var found bool
			if m, found = s.RandomMove(rng); !found {
				break
			}
		} else {
			if buf = e.Moves(buf[:0]); len(buf) == 0 {
				break
			}
			m = buf[rng.IntN(len(buf))]
		}
		if err := e.Play(m); err != nil {
			panic(err)
		}
		played = append(played, m)
	}
	return played
}

// CheckBlank fills sc's blank transcript for the sheet of v and players
// with values (the rounds played on engines, copied as from the record
// forms) and checks that the scorer takes it without edits and gives the
// engines' scores.
func CheckBlank(t testing.TB, sc games.Scorer, v games.Values, players []string, values []string, rounds ...games.Round) {
	t.Helper()
	src, err := Fill(sc.Blank(v, players, len(rounds)), values)
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := games.Score(sc, "filled.yaml", []byte(src), games.Values{})
	if err != nil {
		t.Fatalf("the filled-in blank transcript is refused: %v\n%s", err, src)
	}
	for i, r := range rounds {
		if got, want := fmt.Sprint(res.Rounds[i].Scores), fmt.Sprint(r.Scores()); got != want {
			t.Errorf("round %d: the scorer gives %s, the engine %s\n%s", i+1, got, want, src)
		}
	}
	// The same with two more rounds on the blank, left as printed: rounds
	// not played, which change nothing but a warning.
	src, err = Fill(sc.Blank(v, players, len(rounds)+2), values)
	if err != nil {
		t.Fatal(err)
	}
	more, _, err := games.Score(sc, "filled.yaml", []byte(src), games.Values{})
	if err != nil {
		t.Fatalf("a blank transcript with its last rounds left blank is refused: %v\n%s", err, src)
	}
	want := fmt.Sprintf("rounds %d to %d were left blank: not played, not counted", len(rounds)+1, len(rounds)+2)
	if len(more.Warnings) == 0 || more.Warnings[0] != want {
		t.Errorf("warnings %q, want first %q", more.Warnings, want)
	}
	if got, want := fmt.Sprint(more.Totals()), fmt.Sprint(res.Totals()); len(more.Rounds) != len(res.Rounds) || got != want {
		t.Errorf("with two blank rounds more: %d rounds, totals %s; without: %d rounds, totals %s", len(more.Rounds), got, len(res.Rounds), want)
	}
}

// Players writes names as a transcript's players list: [Ann, "B: b"].
func Players(names []string) string {
	out := make([]string, len(names))
	for i, s := range names {
		out[i] = games.YAMLName(s)
	}
	return "[" + strings.Join(out, ", ") + "]"
}
