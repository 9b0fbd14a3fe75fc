package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/templates"
)

// notReadYet are the games whose readers are not written yet (issue 20):
// read says so for their pages.
var notReadYet = map[string]bool{}

// TestNewGameChecklist walks the catalogue: every game has each part
// docs/new-game.md lists, so that an eighth game missing one fails here.
func TestNewGameChecklist(t *testing.T) {
	codes := map[string]string{}
	for _, g := range catalog.Games {
		info := g.Info()
		id := info.ID
		if len(info.Code) != 2 || strings.ToUpper(info.Code) != info.Code {
			t.Errorf("%s: Info.Code %q is not two capital letters", id, info.Code)
		}
		if other, ok := codes[info.Code]; ok {
			t.Errorf("%s and %s share the code %q", id, other, info.Code)
		}
		codes[info.Code] = id
		if _, ok := g.(games.Scorer); !ok {
			t.Errorf("%s is not a games.Scorer", id)
		}
		if _, ok := g.(games.Board); !ok {
			t.Errorf("%s is not a games.Board (the scoring board)", id)
		}
		_, reads := g.(games.Paperer)
		if !reads && id != "within-the-curve" && !notReadYet[id] {
			t.Errorf("%s is not read from paper (games.Reader and games.Paperer): docs/new-game.md", id)
		}
		if reads && notReadYet[id] {
			t.Errorf("%s is read from paper now: take it out of notReadYet", id)
		}
		if txt, err := templates.Rules(id); err != nil || !strings.Contains(txt, "Leroy Quet") {
			t.Errorf("%s: its rules text (templates/rules/%s.txt) is missing or does not credit the author: %v", id, id, err)
		}
		if _, err := os.Stat(filepath.Join("docs", "transcripts", id+".md")); err != nil {
			t.Errorf("%s: no transcript page: %v", id, err)
		}
		scored, _ := filepath.Glob(filepath.Join("examples", id, "*.expected.json"))
		refused, _ := filepath.Glob(filepath.Join("examples", id, "*.expected.txt"))
		if len(scored) < 2 || len(refused) < 1 {
			t.Errorf("%s: %d scored and %d refused examples; want 2 and 1", id, len(scored), len(refused))
		}
	}
}
