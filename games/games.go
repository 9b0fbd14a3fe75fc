// Package games is papergames' catalogue: every game implements Game, so
// adding a game touches one file and the table in catalog.go.
package games

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"papergames/input"
	"papergames/layout"
)

// Info describes a game for listings and sheet headers.
type Info struct {
	ID         string
	Title      string
	Posted     string // date of Leroy Quet's blog post
	MinPlayers int
	MaxPlayers int // 0 for no upper limit
	BoardKind  string
}

// Players describes the allowed number of players.
func (i Info) Players() string {
	switch {
	case i.MaxPlayers == i.MinPlayers:
		return strconv.Itoa(i.MinPlayers)
	case i.MaxPlayers == 0:
		return fmt.Sprintf("%d+", i.MinPlayers)
	}
	return fmt.Sprintf("%d-%d", i.MinPlayers, i.MaxPlayers)
}

// Kind is the type of a board parameter.
type Kind int

// Parameter kinds.
const (
	Int Kind = iota
	String
	Bool
)

// Param is one board parameter, offered as a command-line flag.
type Param struct {
	Name     string
	Usage    string
	Kind     Kind
	Default  int // for Int
	Min, Max int // for Int: the allowed range
}

// Values holds the parameters a user chose, by name.
type Values map[string]any

// Int returns the integer parameter name.
func (v Values) Int(name string) int { i, _ := v[name].(int); return i }

// String returns the string parameter name.
func (v Values) String(name string) string { s, _ := v[name].(string); return s }

// Bool returns the boolean parameter name.
func (v Values) Bool(name string) bool { b, _ := v[name].(bool); return b }

// UsageError is a bad parameter value; the CLI exits with status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, a ...any) error { return &UsageError{fmt.Sprintf(format, a...)} }

// CheckRanges checks every Int parameter of ps against its range.
func CheckRanges(ps []Param, v Values) error {
	for _, p := range ps {
		if p.Kind != Int {
			continue
		}
		if n := v.Int(p.Name); n < p.Min || n > p.Max {
			return usagef("--%s %d: must be from %d to %d", p.Name, n, p.Min, p.Max)
		}
	}
	return nil
}

// Setup is what a game contributes to a board sheet.
type Setup struct {
	Params   string        // one line describing the parameters
	Key      string        // canonical parameter string the board id hashes
	Cells    []layout.Cell // one round's boards (repeated for --copies)
	Rounds   int           // default rows of the score table
	PerPage  int           // default boards per page
	Warnings []string      // things worth telling, not errors
}

// BoardID is the short id printed on a sheet: a hash of the game and the
// parameters that shape its board, so a transcript can name its sheet.
func BoardID(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])[:8]
}

// Game is one game of the catalogue.
type Game interface {
	Info() Info
	// Params lists the game's own board parameters.
	Params() []Param
	// Setup validates v and returns the sheet's boards. players holds the
	// seat names ("" where none was given).
	Setup(v Values, players []string) (*Setup, error)
}

// Lookup returns the game with the given id, or an error that lists the
// games and suggests the closest id.
func Lookup(id string) (Game, error) {
	for _, g := range Catalog {
		if g.Info().ID == id {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q%s; the games are: %s", id, Suggest(id), strings.Join(IDs(), ", "))
}

// IDs returns the game ids in catalogue order.
func IDs() []string {
	var ids []string
	for _, g := range Catalog {
		ids = append(ids, g.Info().ID)
	}
	return ids
}

// Suggest returns " (did you mean X?)" for the id nearest to s, or "".
func Suggest(s string) string {
	type cand struct {
		id string
		d  int
	}
	var cs []cand
	for _, id := range IDs() {
		d := input.Distance(strings.ToLower(s), id)
		if strings.Contains(id, strings.ToLower(s)) && len(s) >= 3 {
			d = 1
		}
		cs = append(cs, cand{id, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	if len(cs) > 0 && cs[0].d <= max(3, len(s)/2) {
		return fmt.Sprintf(" (did you mean %s?)", cs[0].id)
	}
	return ""
}

// seatName names seat i for captions.
func seatName(players []string, i int) string {
	if players[i] != "" {
		return players[i]
	}
	return fmt.Sprintf("player %d", i+1)
}
