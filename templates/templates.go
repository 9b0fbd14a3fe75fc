// Package templates holds the texts printed on sheets and shown by
// `papergames rules`: the project's own wording of each game's rules,
// embedded in the binary.
package templates

import (
	"embed"
	"fmt"
)

//go:embed rules/*.txt
var rules embed.FS

// Rules returns the rule text of the game with the given id.
func Rules(id string) (string, error) {
	b, err := rules.ReadFile("rules/" + id + ".txt")
	if err != nil {
		return "", fmt.Errorf("no rules text for %q", id)
	}
	return string(b), nil
}
