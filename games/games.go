// Package games holds what every game of papergames implements (Game,
// Scorer and the rules engine interfaces) and the few helpers the games
// really share. Each game is a package of its own below this one, and the
// catalogue in package catalog lists them: adding a game touches one new
// folder and one row of that table.
package games

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

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
	// Code is the game's two capital letters in the QR code of its sheets
	// (sheets.Code): short, and never changed once sheets are printed.
	Code string
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
	Name  string
	Usage string // what it is, for every help, form and transcript comment
	// Print is advice on printing its sheet (which paper a value fits),
	// for the board command's help and the sheet designer only.
	Print    string
	Kind     Kind
	Default  int // for Int
	Min, Max int // for Int: the allowed range
	// Check, for String, refuses a value whose form is wrong (a usage
	// error) when it is given, before any work: what depends on the
	// board (a rule for every ring) is checked with the board.
	Check func(string) error
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

// Usagef returns a UsageError.
func Usagef(format string, a ...any) error { return &UsageError{fmt.Sprintf(format, a...)} }

// CheckRanges checks every Int parameter of ps against its range.
func CheckRanges(ps []Param, v Values) error {
	for _, p := range ps {
		if p.Kind != Int {
			continue
		}
		if n := v.Int(p.Name); n < p.Min || n > p.Max {
			return Usagef("--%s %d: must be from %d to %d", p.Name, n, p.Min, p.Max)
		}
	}
	return nil
}

// Setup is what a game contributes to a board sheet.
type Setup struct {
	Params   string        // one line describing the parameters
	Key      string        // canonical parameter string the board id hashes
	Cells    []layout.Cell // one round's boards (repeated for --copies)
	Rounds   int           // default rows of the score table, and boards printed
	Match    string        // how the rounds of a match go, for the header when a fresh board serves each ("rounds in pairs, roles swapped")
	PerPage  int           // default boards per page
	Group    int           // boards in sets that never share a page (layout.Sheet.Group); 0 for none
	Warnings []string      // things worth telling, not errors
}

// PrintedSize, set by package sheets, returns the board size in mm (the
// circle's diameter, the grid's side) of the sheet papergames board
// prints for g and v with no print options (A4): the size of a player's
// paper board, for pictures drawn at another scale that give measures to
// take off the paper (Arcs And Marks' compass openings).
var PrintedSize func(g Game, v Values) (float64, error)

// PrintScaled is a board figure whose picture gives measures to take off
// the paper (Arcs And Marks' compass openings): drawn at another size than
// the printed board's (the scoring board, a render), WithPrinted(d) gives
// them for the printed board of size d (PrintedSize).
type PrintScaled interface {
	WithPrinted(d float64) layout.Figure
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

// SeatName names seat i for captions: its player's name, or "player N".
func SeatName(players []string, i int) string {
	if players[i] != "" {
		return players[i]
	}
	return fmt.Sprintf("player %d", i+1)
}

// Exact writes r exactly: as a decimal when it has a finite one (80.5),
// else as a fraction (1/3).
func Exact(r *big.Rat) string {
	if r.IsInt() && r.Num().IsInt64() { // most angles and coordinates: no big arithmetic
		return strconv.FormatInt(r.Num().Int64(), 10)
	}
	if s, ok := exactSmall(r); ok {
		return s
	}
	return exactBig(r)
}

// exactSmall is Exact in int64 arithmetic, for the crossings of
// segments between grid points that every click names; ok is false when
// r does not fit.
func exactSmall(r *big.Rat) (string, bool) {
	if !r.Num().IsInt64() || !r.Denom().IsInt64() {
		return "", false
	}
	n, d := r.Num().Int64(), r.Denom().Int64()
	if n == math.MinInt64 {
		return "", false // -n does not fit
	}
	rest, c2, c5 := d, 0, 0
	for rest%2 == 0 {
		rest, c2 = rest/2, c2+1
	}
	for rest%5 == 0 {
		rest, c5 = rest/5, c5+1
	}
	if rest != 1 {
		return strconv.FormatInt(n, 10) + "/" + strconv.FormatInt(d, 10), true
	}
	digits := max(c2, c5)
	if digits > 18 {
		return "", false
	}
	pow := int64(1)
	for range digits {
		pow *= 10
	}
	mult := pow / d // exact: d divides 10^digits
	abs := n
	if abs < 0 {
		abs = -abs
	}
	if abs > math.MaxInt64/mult {
		return "", false
	}
	scaled := abs * mult
	frac := strconv.FormatInt(scaled%pow, 10)
	out := make([]byte, 0, 24)
	if n < 0 {
		out = append(out, '-')
	}
	out = strconv.AppendInt(out, scaled/pow, 10)
	out = append(out, '.')
	for range digits - len(frac) {
		out = append(out, '0')
	}
	return string(append(out, frac...)), true
}

// exactBig is Exact for any r.
func exactBig(r *big.Rat) string {
	d := new(big.Int).Set(r.Denom())
	digits := 0
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		m := new(big.Int)
		for n := 0; ; n++ {
			q, rem := new(big.Int).QuoRem(d, bp, m)
			if rem.Sign() != 0 {
				digits = max(digits, n)
				break
			}
			d = q
		}
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.RatString()
	}
	return r.FloatString(digits)
}

// Copier is a Game whose boards differ from copy to copy (cuts drawn at
// random from a seed and the copy number): a sheet of several copies asks
// it for the cells of each.
type Copier interface {
	Game
	CopyCells(v Values, players []string, copy int) ([]layout.Cell, error)
}

// Lookup gives a parameter by its flag name: its text ("" when not given)
// and whether the user gave it.
type Lookup func(name string) (value string, set bool)

// ParseValues reads a game's parameters ps by their flag names; an empty
// value is the parameter's default.
func ParseValues(ps []Param, get Lookup) (Values, error) {
	v := Values{}
	for _, p := range ps {
		s, _ := get(p.Name)
		s = strings.TrimSpace(s)
		switch p.Kind {
		case Int:
			n := p.Default
			if s != "" {
				var err error
				if n, err = strconv.Atoi(s); err != nil {
					return nil, Usagef("--%s %q: not a whole number", p.Name, s)
				}
			}
			v[p.Name] = n
		case String:
			if s != "" && p.Check != nil {
				if err := p.Check(s); err != nil {
					return nil, err
				}
			}
			v[p.Name] = s
		case Bool:
			b, err := strconv.ParseBool(strings.NewReplacer("on", "true", "yes", "true", "off", "false", "no", "false").Replace(strings.ToLower(s)))
			if s != "" && err != nil {
				return nil, Usagef("--%s %q: not on or off", p.Name, s)
			}
			v[p.Name] = b
		}
	}
	return v, nil
}
