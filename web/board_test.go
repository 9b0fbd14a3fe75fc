package web

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
)

// postBoard sends a board request and decodes the answer.
func postBoard(t *testing.T, path string, req any) (int, *boardJSON, string) {
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

func TestBoardSmoke(t *testing.T) {
	code, out, body := postBoard(t, "/api/board/new", newRequest{Game: "arcs-and-marks", Players: []string{"Ann", "Bob"}, Params: map[string]string{"marks": "8"}})
	if code != 200 {
		t.Fatal(code, body)
	}
	t.Log(out.Transcript, len(out.Targets), out.Legal, out.Phase)
	code, out, body = postBoard(t, "/api/board", boardRequest{Transcript: out.Transcript, Picks: []string{"1", "8"}})
	t.Log(code, out.Transcript, out.Refused, out.Totals, out.Errors)
	_ = games.Target{}
	_ = catalog.Games
	_ = os.ReadFile
	_ = strings.Contains
	_ = httptest.NewRecorder
}
