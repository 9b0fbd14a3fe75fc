package sheets

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/layout"
)

// ParseOptions reads the print options of the board command and of the
// web app's designer by their flag names, with the board command's
// messages; an empty value is the default.
func ParseOptions(get games.Lookup) (Options, error) {
	o := Options{Paper: layout.Papers["a4"]}
	text := func(name string) string { v, _ := get(name); return strings.TrimSpace(v) }
	flag := func(name string) bool {
		switch strings.ToLower(text(name)) {
		case "1", "true", "on", "yes":
			return true
		}
		return false
	}
	// zeroMax, when not 0, refuses a given 0 ("the default" is no value).
	num := func(name string, into *int, zeroMax int) error {
		s := text(name)
		if s == "" {
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return usagef("--%s %q: not a whole number", name, s)
		}
		if _, set := get(name); set && n == 0 && zeroMax > 0 {
			return usagef("--%s 0: must be from 1 to %d", name, zeroMax)
		}
		*into = n
		return nil
	}
	length := func(name, def string, into *float64) error {
		s := text(name)
		if s == "" {
			s = def
		}
		if s == "" {
			return nil
		}
		l, err := layout.ParseLength(s, "mm")
		if err != nil {
			return usagef("--%s: %v", name, err)
		}
		*into = l
		return nil
	}
	if s := text("paper"); s != "" {
		p, err := layout.ParsePaper(s)
		if err != nil {
			return o, usagef("--paper: %v", err)
		}
		o.Paper = p
	}
	o.Landscape, o.Rules, o.NoRuler, o.Grey = flag("landscape"), flag("rules"), flag("no-ruler"), flag("grey")
	o.Compact, o.NoTable, o.NoHeader, o.NoRecord = flag("compact"), flag("no-table"), flag("no-header"), flag("no-record")
	o.Names = SplitNames(text("names"))
	for _, err := range []error{
		num("copies", &o.Copies, MaxCopies), num("per-page", &o.PerPage, MaxPerPage), num("rounds", &o.Rounds, MaxRounds), num("players", &o.Players, 0),
		length("margin", "10mm", &o.Margin), length("board-size", "", &o.BoardSize), length("line-width", "0.35mm", &o.LineWidth),
	} {
		if err != nil {
			return o, err
		}
	}
	if _, set := get("board-size"); set && text("board-size") != "" && o.BoardSize <= 0 {
		return o, usagef("--board-size %s: must be positive", text("board-size"))
	}
	return o, nil
}

// Blank returns the blank transcript of g for the sheet the board command
// prints with the same game parameters and seats: the same board id, the
// header filled in, and a round for each row of its score table (the
// --rounds given, else one per copy, else the game's usual match).
func Blank(g games.Game, v games.Values, o Options) (string, error) {
	sc, ok := g.(games.Scorer)
	if !ok {
		return "", fmt.Errorf("papergames cannot score %s yet, so it has no transcript", g.Info().Title)
	}
	players, err := seats(g.Info(), o)
	if err != nil {
		return "", err
	}
	setup, err := g.Setup(v, players)
	if err != nil {
		return "", err
	}
	// Each option is checked against its own bound and named by itself: a
	// sheet of --copies 247 has 247 rows in its score table, and so its
	// transcript 247 rounds, though --rounds stops at MaxRounds.
	rounds := setup.Rounds
	switch {
	case o.Rounds > MaxRounds:
		return "", usagef("--rounds %d: must be from 1 to %d", o.Rounds, MaxRounds)
	case o.Copies > MaxCopies:
		return "", usagef("--copies %d: must be from 1 to %d", o.Copies, MaxCopies)
	case o.Rounds > 0:
		rounds = o.Rounds
	case o.Copies > 1:
		rounds = o.Copies
	}
	return sc.Blank(v, players, rounds), nil
}
