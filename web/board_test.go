package web

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
)

// postBoard sends a board request and decodes the answer.
func postBoard(t testing.TB, path string, req any) (int, *boardJSON, string) {
	t.Helper()
	body, _ := json.Marshal(req)
	w := post(t, Handler(), path, string(body))
	var out boardJSON
	if w.Code == 200 {
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return w.Code, &out, w.Body.String()
}

// boardExamples are the examples of the games the board enters, each
// scored without rule variants (no .args file).
func boardExamples(t testing.TB) map[string][]string {
	out := map[string][]string{}
	for _, g := range catalog.Games {
		if _, ok := g.(games.Board); !ok {
			continue
		}
		files, _ := filepath.Glob(filepath.Join("..", "examples", g.Info().ID, "*.yaml"))
		for _, f := range files {
			if _, err := os.Stat(strings.TrimSuffix(f, ".yaml") + ".args"); err == nil {
				continue
			}
			out[g.Info().ID] = append(out[g.Info().ID], f)
		}
	}
	if len(out) == 0 {
		t.Fatal("no examples")
	}
	return out
}

// TestBoardRoundTrip: every example replayed on the board and exported
// scores as the example itself does (same totals, winners and round
// scores); a refused one is refused at a move, and what comes before it
// is exported.
func TestBoardRoundTrip(t *testing.T) {
	for id, files := range boardExamples(t) {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, _, werr := catalog.Score(f, data, nil)
			code, out, body := postBoard(t, "/api/board", boardRequest{Transcript: string(data)})
			if code != 200 {
				t.Errorf("%s: %d %s", f, code, body)
				continue
			}
			if werr != nil {
				if out.Refused == nil && out.Errors == "" {
					t.Errorf("%s: refused by the scorer (%v), accepted on the board", f, werr)
				}
				continue
			}
			if out.Refused != nil {
				// A mistake the rules let a player make on paper, losing
				// the match (Within The Curve), is refused on the board.
				if len(want.Disqualified) == 0 {
					t.Errorf("%s: refused on the board: %s", f, out.Refused.Message)
				}
				continue
			}
			got, _, err := catalog.Score("export", []byte(out.Transcript), nil)
			if err != nil {
				t.Errorf("%s (%s): the export does not score: %v\n%s", f, id, err, out.Transcript)
				continue
			}
			if fmt.Sprint(got.Totals(), got.Winners()) != fmt.Sprint(want.Totals(), want.Winners()) {
				t.Errorf("%s: export totals %v winners %v, the example's %v %v", f, got.Totals(), got.Winners(), want.Totals(), want.Winners())
			}
			for i := range want.Rounds {
				if !slices.Equal(got.Rounds[i].Scores, want.Rounds[i].Scores) {
					t.Errorf("%s: round %d scores %v, want %v", f, i+1, got.Rounds[i].Scores, want.Rounds[i].Scores)
				}
			}
			if !slices.Equal(out.Totals, want.Totals()) {
				t.Errorf("%s: running totals %v, the scorer's %v", f, out.Totals, want.Totals())
			}
		}
	}
}

func TestBoardRefusedExamples(t *testing.T) {
	for _, files := range boardExamples(t) {
		for _, f := range files {
			if !strings.Contains(f, "refused") && !strings.Contains(f, "bad") {
				continue
			}
			data, _ := os.ReadFile(f)
			code, out, body := postBoard(t, "/api/board", boardRequest{Transcript: string(data)})
			if code != 200 {
				t.Errorf("%s: %d %s", f, code, body)
				continue
			}
			if out.Refused == nil {
				t.Errorf("%s: no move refused; the scorer says %s", f, out.Errors)
				continue
			}
			t.Logf("%s: %s", f, out.Refused.Message)
		}
	}
}
