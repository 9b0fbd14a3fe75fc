// Package scorer holds what every game's scorer shares: the transcript
// header, per-round and match results, winners, the text report, the JSON
// schema, and helpers for positioned errors and rendered results. Each
// game's own rules live in its file in package games.
package scorer

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"papergames/input"
)

// Transcript is a parsed transcript: one match of one game.
type Transcript struct {
	File    string // as messages name it: input.FileLabel
	Root    *input.Node
	Game    *input.Node
	Players []string
	// PlayerNodes are the nodes of the names, for positioned errors.
	PlayerNodes []*input.Node
	Params      map[string]*input.Node // the game's board parameters given
	BoardID     *input.Node            // nil when not given
	Rounds      []*input.Node
	Date, Place string

	// Ctx, when set, bounds the work on the transcript (the web app's
	// request deadline): the scorers check Err between rounds and in their
	// long loops, and stop with its error.
	Ctx context.Context
}

// Err is the error of t's Ctx once it is done (the deadline passed), else
// nil.
func (t *Transcript) Err() error {
	if t.Ctx == nil {
		return nil
	}
	return t.Ctx.Err()
}

// HeaderKeys are the keys every transcript may have.
var HeaderKeys = []string{"game", "players", "board", "date", "place", "rounds"}

// GameOf returns the game id a transcript names, before the rest is read.
func GameOf(name string, data []byte) (*input.Node, string, error) {
	root, err := input.Parse(name, data)
	if err != nil {
		return nil, "", err
	}
	if root.Kind != input.Map {
		return nil, "", root.Errorf("a transcript is a mapping with keys %s", strings.Join(HeaderKeys, ", "))
	}
	for i, k := range root.Keys {
		if k.Text == "game" {
			id, err := root.Values[i].Value("game")
			return root, id, err
		}
	}
	return nil, "", root.Errorf(`a transcript starts with "game: ID" naming the game`)
}

// ReadHeader reads the common header of root; params are the names of the
// game's own header keys (its board parameters), minP and maxP the allowed
// number of players.
func ReadHeader(name string, root *input.Node, params []string, minP, maxP int) (*Transcript, error) {
	keys := append(append([]string(nil), HeaderKeys...), params...)
	f, err := root.Fields("the transcript", keys...)
	if err != nil {
		return nil, err
	}
	t := &Transcript{File: input.FileLabel(name), Root: root, Game: f["game"], Params: map[string]*input.Node{}, BoardID: f["board"]}
	var errs input.Errors
	for _, p := range params {
		if n, ok := f[p]; ok {
			t.Params[p] = n
		}
	}
	if n, ok := f["date"]; ok {
		t.Date, _ = n.Value("date")
	}
	if n, ok := f["place"]; ok {
		t.Place, _ = n.Value("place")
	}
	pn, ok := f["players"]
	if !ok {
		errs = append(errs, root.Errorf(`missing "players": the names in seat order, e.g. players: [Ann, Bob]`))
	} else if items, err := pn.List("players"); err != nil {
		errs.Add(err, name)
	} else {
		seen := map[string]int{}
		for _, it := range items {
			s, err := it.Value("a player's name")
			if err != nil {
				errs.Add(err, name)
				continue
			}
			s = strings.TrimSpace(s)
			if s == "" {
				errs = append(errs, it.Errorf("a player's name is empty"))
				continue
			}
			if j, dup := seen[s]; dup {
				errs = append(errs, it.Errorf("player %s is named twice (seats %d and %d)", input.Quote(s), j+1, len(t.Players)+1))
				continue
			}
			seen[s] = len(t.Players)
			t.Players = append(t.Players, s)
			t.PlayerNodes = append(t.PlayerNodes, it)
		}
		if len(errs) == 0 && (len(t.Players) < minP || (maxP > 0 && len(t.Players) > maxP)) {
			want := fmt.Sprintf("%d to %d", minP, maxP)
			if minP == maxP {
				want = strconv.Itoa(minP)
			}
			errs = append(errs, pn.Errorf("%d players; this game is for %s", len(t.Players), want))
		}
	}
	rn, ok := f["rounds"]
	if !ok {
		errs = append(errs, root.Errorf(`missing "rounds": the list of rounds played`))
	} else if items, err := rn.List("rounds"); err != nil {
		errs.Add(err, name)
	} else if len(items) == 0 {
		errs = append(errs, rn.Errorf("no rounds: a transcript records at least one round"))
	} else if len(items) > MaxRounds {
		errs = append(errs, rn.Errorf("%d rounds; the limit is %d", len(items), MaxRounds))
	} else {
		t.Rounds = items
	}
	return t, errs.Err()
}

// MaxRounds bounds a match.
const MaxRounds = 1000

// Int reads an integer parameter, with a default when absent, checked
// against [lo, hi].
func (t *Transcript) Int(name string, def, lo, hi int) (int, error) {
	n, ok := t.Params[name]
	if !ok {
		return def, nil
	}
	s, err := n.Value(name)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, n.Errorf("%s must be a whole number, not %s", name, input.Quote(s))
	}
	if v < lo || v > hi {
		return 0, n.Errorf("%s %d: must be from %d to %d", name, v, lo, hi)
	}
	return v, nil
}

// Seat returns the seat of the named player, or an error at n.
func (t *Transcript) Seat(n *input.Node) (int, error) {
	s, err := n.Value("a player")
	if err != nil {
		return 0, err
	}
	name := strings.TrimSpace(s)
	for i, p := range t.Players {
		if p == name {
			return i, nil
		}
	}
	// "bob" for Bob, unless the case is all that tells two players apart.
	seat := -1
	for i, p := range t.Players {
		if strings.EqualFold(p, name) {
			if seat >= 0 {
				seat = -2
				break
			}
			seat = i
		}
	}
	if seat >= 0 {
		return seat, nil
	}
	names := make([]string, len(t.Players))
	for i, p := range t.Players {
		names[i] = input.Clip(p)
	}
	return 0, n.Errorf("%s is not one of the players (%s)", input.Quote(s), strings.Join(names, ", "))
}

// CheckBoard checks a board id given in the header against the id the
// parameters give.
func (t *Transcript) CheckBoard(want string) error {
	if t.BoardID == nil {
		return nil
	}
	got, err := t.BoardID.Value("board")
	if err != nil {
		return err
	}
	if strings.TrimSpace(got) != want {
		return t.BoardID.Errorf("board %s does not match this transcript's parameters, whose sheet is board %s: check the parameters against the sheet", input.Clip(got), want)
	}
	return nil
}

// Rows returns the list n without its empty items at the end: the rows of a
// record form left blank because they were not played (a blank transcript
// lays out as many as the form has).
func Rows(n *input.Node) *input.Node {
	if n.Kind != input.Seq {
		return n
	}
	k := len(n.Items)
	for k > 0 && n.Items[k-1].Kind == input.Null {
		k--
	}
	if k == len(n.Items) {
		return n
	}
	c := *n
	c.Items = n.Items[:k]
	return &c
}

// Blank reports whether n holds nothing written: null, an empty scalar,
// or a list or mapping whose every value is blank (a record form's rows
// and keyed rows, like Crossing The Rings' "player 2:", left empty).
func Blank(n *input.Node) bool {
	if n == nil {
		return true
	}
	switch n.Kind {
	case input.Null:
		return true
	case input.Scalar:
		return strings.TrimSpace(n.Text) == ""
	case input.Seq:
		for _, it := range n.Items {
			if !Blank(it) {
				return false
			}
		}
		return true
	case input.Map:
		for _, v := range n.Values {
			if !Blank(v) {
				return false
			}
		}
		return true
	}
	return false
}

// BlankKeys reports whether round (a mapping) has every one of keys, with
// nothing written under any; other keys (who starts, who divides) may be
// filled in, as a blank transcript fills them. A round without one of the
// keys is not blank but wrong, and is reported as such by its scorer.
func BlankKeys(round *input.Node, keys ...string) bool {
	if round == nil || round.Kind != input.Map {
		return false
	}
	for _, want := range keys {
		found := false
		for i, k := range round.Keys {
			if k.Text == want {
				if !Blank(round.Values[i]) {
					return false
				}
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Words splits a list written either as a YAML list or as one string of
// words ("C1 A2 D3"), keeping each word's position (exact for plain
// one-line strings). A dash written with spaces round it joins its
// neighbours, as on paper: "3 - 9" and "3- 9" read as "3-9".
func Words(n *input.Node, what string) ([]*input.Node, error) {
	switch n.Kind {
	case input.Seq:
		n = Rows(n)
		for _, it := range n.Items {
			if it.Kind == input.Null {
				return nil, it.Errorf("%s: an empty row before filled ones: fill it in or remove it", what)
			}
			if it.Kind != input.Scalar {
				return nil, it.Errorf("%s: each item must be a single value, not a list or mapping", what)
			}
		}
		return n.Items, nil
	case input.Scalar:
		var out []*input.Node
		off := 0
		if n.Quoted {
			off = 1
		}
		text := n.Text
		oneLine := !strings.Contains(text, "\n")
		col, counted := n.Pos.Col+off, 0 // col is the column of text[counted]
		for i := 0; i < len(text); {
			for i < len(text) && (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
				i++
			}
			j := i
			for j < len(text) && text[j] != ' ' && text[j] != ',' && text[j] != '\t' {
				j++
			}
			if j > i {
				p := n.Pos
				if oneLine {
					col += utf8.RuneCountInString(text[counted:i])
					counted = i
					p.Col = col
				}
				out = append(out, &input.Node{Kind: input.Scalar, Pos: p, Text: text[i:j]})
			}
			i = j
		}
		out = joinDashes(out)
		return out, nil
	case input.Null:
		return nil, nil
	}
	return nil, n.Errorf("%s must be a list, or words in one line", what)
}

// joinDashes joins "a", "-", "b" and "a-", "b" into one word "a-b" at a's
// position. A word starting with a dash is left alone after a word that
// is whole ("3 -9" stays two words unless the dash stands alone), since it
// may be a negative number.
func joinDashes(ws []*input.Node) []*input.Node {
	var out []*input.Node
	for k := 0; k < len(ws); k++ {
		w := ws[k]
		switch {
		case (w.Text == "-" || w.Text == "–") && len(out) > 0 && k+1 < len(ws):
			prev := out[len(out)-1]
			out[len(out)-1] = &input.Node{Kind: input.Scalar, Pos: prev.Pos, Text: prev.Text + "-" + ws[k+1].Text}
			k++
		case len(w.Text) > 1 && (strings.HasSuffix(w.Text, "-") || strings.HasSuffix(w.Text, "–")) && k+1 < len(ws):
			out = append(out, &input.Node{Kind: input.Scalar, Pos: w.Pos, Text: strings.TrimSuffix(strings.TrimSuffix(w.Text, "-"), "–") + "-" + ws[k+1].Text})
			k++
		default:
			out = append(out, w)
		}
	}
	return out
}
