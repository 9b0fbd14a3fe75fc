package games

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// YAMLName writes a player's name (or any short text) as a YAML scalar
// that reads back as written: plain when it is letters, digits and a few
// safe marks, and not a word YAML gives a meaning (true, null, ...);
// double-quoted (Go's escapes are YAML's) otherwise.
func YAMLName(s string) string {
	plain := s != "" && strings.TrimSpace(s) == s
	for i, r := range s {
		ok := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r > 0x7f && (unicode.IsLetter(r) || unicode.IsMark(r)) ||
			(i > 0 && (r == ' ' || r == '.' || r == '-' || (r >= '0' && r <= '9')))
		plain = plain && ok
	}
	switch strings.ToLower(s) {
	case "true", "false", "null", "yes", "no", "on", "off", "y", "n":
		plain = false
	}
	if plain {
		return s
	}
	return strconv.Quote(s)
}

// BlankHeader writes the header of a blank transcript for the sheet of v:
// the game, its players, each of the game's header keys with the value
// printed on the sheet, and the board id of key; then "rounds:".
func BlankHeader(sc Scorer, v Values, players []string, key string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s transcript, for the sheet of board %s.\n", sc.Info().Title, BoardID(key))
	b.WriteString("# Copy each round's record form into its entry below (rows left blank at\n")
	b.WriteString("# the end of a list are rows not played, and so are rounds left blank at\n")
	b.WriteString("# the end), then check and score it with\n#   papergames score THIS-FILE\n")
	b.WriteString(SheetHeader(sc, v, players, BoardID(key)))
	return b.String()
}

// SheetHeader writes the keys of a transcript of the sheet of v and board
// id: the game, its players, each of the game's header keys with the value
// printed on the sheet, and the board id; then "rounds:".
func SheetHeader(sc Scorer, v Values, players []string, id string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "game: %s\n", sc.Info().ID)
	names := make([]string, len(players))
	for i := range players {
		names[i] = YAMLName(SeatName(players, i))
	}
	fmt.Fprintf(&b, "players: [%s]   # in seat order\n", strings.Join(names, ", "))
	for _, k := range sc.HeaderKeys() {
		for _, p := range sc.Params() {
			if p.Name == k && p.Kind == Int {
				fmt.Fprintf(&b, "%s: %d   # %s\n", k, v.Int(k), p.Usage)
			}
		}
	}
	fmt.Fprintf(&b, "board: %s   # the board id printed on the sheet\n", id)
	b.WriteString("rounds:\n")
	return b.String()
}

// WrapWords writes head and then words, separated by spaces, in lines of at
// most width characters (a word longer than that gets a line of its own),
// the later lines starting with indent. A head of spaces only with no
// words writes nothing.
func WrapWords(head string, words []string, indent string, width int) string {
	var b strings.Builder
	line := head
	blank := strings.TrimSpace(head) == "" // no text on the line yet
	for _, w := range words {
		if !blank && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line, blank = indent, true
		}
		if !blank && !strings.HasSuffix(line, " ") {
			line += " "
		}
		line += w
		blank = false
	}
	if !blank {
		b.WriteString(line + "\n")
	}
	return b.String()
}
