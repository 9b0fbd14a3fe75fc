package sheets

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/layout"
)

// PrintOption is one print option every game's sheet takes: a flag of
// the board command (and of puzzle and transcript, which take some of
// them), a query parameter of the web app's sheets, and a field of its
// designer. ParseOptions reads them all from this table, so each default
// is written here once.
type PrintOption struct {
	Name  string     // the flag's name, the query parameter's, the form field's
	Kind  games.Kind // Int, String or Bool
	Usage string     // the flag's help
	// Default is the value when none is given ("" for none: DefaultText
	// says what then happens); Env names a variable that changes it on the
	// command line.
	Default     string
	DefaultText string
	Env         string
	// Label is the designer's name of the field, which the web's messages
	// use for the flag ("Copies" 247); Form is the field's label where it
	// says more, Hint the note under it, Choices a select's values.
	Label   string
	Form    string
	Hint    string
	Choices []string
	// set reads the option's text (its default when none is given) into o;
	// given says whether it was given.
	set func(o *Options, s string, given bool) error
}

// PrintOptions are the print options, in the order of the board command's
// help and of the designer's form.
var PrintOptions = []PrintOption{
	{Name: "paper", Kind: games.String, Default: "a4", Env: "PAPERGAMES_PAPER",
		Usage: "a4, a3, a5, letter, legal, tabloid, or WxH such as 210x297mm or 8.5x11in",
		Label: "Paper", Hint: "or WxH such as 210x297mm", Choices: []string{"a4", "a3", "a5", "letter", "legal", "tabloid"},
		set: func(o *Options, s string, _ bool) error {
			p, err := layout.ParsePaper(s)
			if err != nil {
				return usagef("--paper: %v", err)
			}
			o.Paper = p
			return nil
		}},
	flagOption("landscape", "turn the paper sideways", "Landscape", "", func(o *Options) *bool { return &o.Landscape }),
	{Name: "margin", Kind: games.String, Default: fmt.Sprintf("%gmm", layout.DefaultMargin), Usage: "page margin", Label: "Margin",
		set: length("margin", func(o *Options) *float64 { return &o.Margin })},
	{Name: "board-size", Kind: games.String, Usage: "size of the board (circle diameter, grid side), e.g. 150mm", DefaultText: "the largest that fits",
		Label: "Board size", Hint: "e.g. 150mm; empty: the largest that fits",
		set: func(o *Options, s string, given bool) error {
			if err := length("board-size", func(o *Options) *float64 { return &o.BoardSize })(o, s, given); err != nil {
				return err
			}
			if given && s != "" && o.BoardSize <= 0 {
				return usagef("--board-size %s: must be positive", s)
			}
			return nil
		}},
	{Name: "copies", Kind: games.Int, Usage: "boards to print, one per round (each round is played on a fresh board)",
		DefaultText: "one per round of --rounds, or of the game's usual match; with --compact a page of them",
		Label:       "Copies", Form: "Copies (one board per round)", Hint: "empty: one per round of the match (each round is played on a fresh board)",
		set: count("copies", MaxCopies, func(o *Options) *int { return &o.Copies })},
	{Name: "per-page", Kind: games.Int, Usage: "boards per page, tiled with cut lines between them", DefaultText: "the game's own; with --compact as many as fit, up to 12",
		Label: "Boards per page", set: count("per-page", MaxPerPage, func(o *Options) *int { return &o.PerPage })},
	{Name: "rounds", Kind: games.Int, Usage: "rows of the score table", DefaultText: "the game's usual match, or --copies",
		Label: "Rows of the score table", set: count("rounds", MaxRounds, func(o *Options) *int { return &o.Rounds })},
	{Name: "players", Kind: games.Int, Usage: "number of players", DefaultText: "the game's minimum, or as many as --names",
		Label: "Players", set: count("players", 0, func(o *Options) *int { return &o.Players })},
	{Name: "names", Kind: games.String, Usage: `player names in seat order, e.g. "Ann,Bob"`, Label: "Player names", Hint: "comma-separated, in seat order",
		set: func(o *Options, s string, _ bool) error { o.Names = SplitNames(s); return nil }},
	{Name: "class", Kind: games.Int, Usage: "print N numbered copies of the sheet, one for each pair or group of players: read pairs each copy's pages by its number, in whatever order they are scanned",
		DefaultText: "one copy, unnumbered", Label: "Class set", Form: "Numbered copies (a class set)", Hint: "empty: one copy; photocopies of one copy are told apart only by the order they are scanned in",
		set: func(o *Options, s string, given bool) error {
			if err := count("class", MaxClass, func(o *Options) *int { return &o.Class })(o, s, given); err != nil {
				return err
			}
			if o.Class < 0 || o.Class > MaxClass {
				return usagef("--class %d: must be from 1 to %d", o.Class, MaxClass)
			}
			return nil
		}},
	flagOption("rules", "add the rules on a page of their own", "Add the rules page", "", func(o *Options) *bool { return &o.Rules }),
	flagOption("no-ruler", "leave out the calibration ruler", "Leave out the calibration ruler", "", func(o *Options) *bool { return &o.NoRuler }),
	{Name: "line-width", Kind: games.String, Default: fmt.Sprintf("%gmm", layout.DefaultStyle.Line), Usage: "width of the game lines", Label: "Line width",
		set: length("line-width", func(o *Options) *float64 { return &o.LineWidth })},
	flagOption("grey", "draw light guide lines grey (game lines stay black)", "Grey guide lines", "", func(o *Options) *bool { return &o.Grey }),
	flagOption("compact", "plain boards only, as many as fit a page (up to 12), with cut lines; keys and score table once per page",
		"Compact", "Compact: plain boards, as many as fit a page (up to 12)", func(o *Options) *bool { return &o.Compact }),
	flagOption("no-table", "leave out the score table", "No score table", "", func(o *Options) *bool { return &o.NoTable }),
	flagOption("no-header", "leave out the header (title, parameters, player names)", "No header", "", func(o *Options) *bool { return &o.NoHeader }),
	flagOption("no-record", "leave out the record forms (the pages to write the moves on while playing)", "No record form", "", func(o *Options) *bool { return &o.NoRecord }),
}

// PrintOptionNamed returns the print option of that name; it panics on a
// name the table lacks (a programming error).
func PrintOptionNamed(name string) PrintOption {
	for _, p := range PrintOptions {
		if p.Name == name {
			return p
		}
	}
	panic("sheets: no print option " + name)
}

// FormLabel is the label of the designer's field: Form, else Label.
func (p PrintOption) FormLabel() string {
	if p.Form != "" {
		return p.Form
	}
	return p.Label
}

// flagOption is an on/off option.
func flagOption(name, usage, label, form string, into func(*Options) *bool) PrintOption {
	return PrintOption{Name: name, Kind: games.Bool, Usage: usage, Label: label, Form: form,
		set: func(o *Options, s string, _ bool) error {
			switch strings.ToLower(s) {
			case "1", "true", "on", "yes":
				*into(o) = true
			}
			return nil
		}}
}

// count is a whole-number option; a given 0 is refused when zeroMax is
// not 0 (no value is the default, 0 is not).
func count(name string, zeroMax int, into func(*Options) *int) func(*Options, string, bool) error {
	return func(o *Options, s string, given bool) error {
		if s == "" {
			return nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return usagef("--%s %q: not a whole number", name, s)
		}
		if given && n == 0 && zeroMax > 0 {
			return usagef("--%s 0: must be from 1 to %d", name, zeroMax)
		}
		*into(o) = n
		return nil
	}
}

// length is a length option, in mm unless it names its unit.
func length(name string, into func(*Options) *float64) func(*Options, string, bool) error {
	return func(o *Options, s string, _ bool) error {
		if s == "" {
			return nil
		}
		l, err := layout.ParseLength(s, "mm")
		if err != nil {
			return usagef("--%s: %v", name, err)
		}
		*into(o) = l
		return nil
	}
}

// ParseOptions reads the print options of the board command and of the
// web app's designer by their flag names, with the board command's
// messages; an empty value is the default.
func ParseOptions(get games.Lookup) (Options, error) {
	var o Options
	for _, p := range PrintOptions {
		s, given := get(p.Name)
		s = strings.TrimSpace(s)
		if s == "" {
			s = p.Default
		}
		if err := p.set(&o, s, given); err != nil {
			return o, err
		}
	}
	return o, nil
}
