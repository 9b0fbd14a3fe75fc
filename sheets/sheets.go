// Package sheets turns a game and the user's print options into a board
// sheet: it checks the options, asks the game for its boards, and hands the
// result to the layout.
package sheets

import (
	"fmt"
	"strings"

	"papergames/games"
	"papergames/layout"
	"papergames/templates"
)

// Options are the print options every game shares.
type Options struct {
	Paper     layout.Size
	Landscape bool
	Margin    float64 // mm
	BoardSize float64 // mm; 0 for the largest that fits
	Copies    int
	PerPage   int // 0 for the game's default
	Rounds    int // 0 for the game's default
	Players   int // 0 for the game's minimum, or as many as Names
	Names     []string
	Rules     bool
	NoRuler   bool
	LineWidth float64 // mm
	Grey      bool
	Compact   bool // plain boards, as many as fit a page (up to 12)
	NoTable   bool // no score table
	NoHeader  bool // no header
}

// Option limits: beyond them a sheet is unreadable or the file huge.
const (
	MaxCopies   = 500
	MaxPerPage  = 36
	MaxMargin   = 60.0
	MinLine     = 0.05
	MaxLine     = 2.0
	MaxNameRune = 40
)

func usagef(format string, a ...any) error { return &games.UsageError{Msg: fmt.Sprintf(format, a...)} }

// Result is a sheet ready to draw, with anything worth a warning.
type Result struct {
	Sheet    *layout.Sheet
	BoardID  string
	Warnings []string
}

// Build checks the options and lays out g's board sheet.
func Build(g games.Game, v games.Values, o Options) (*Result, error) {
	info := g.Info()
	var warnings []string
	players, err := seats(info, o)
	if err != nil {
		return nil, err
	}
	warnings = append(warnings, NameWarnings(players)...)
	switch {
	case o.Copies < 1 || o.Copies > MaxCopies:
		return nil, usagef("--copies %d: must be from 1 to %d", o.Copies, MaxCopies)
	case o.PerPage < 0 || o.PerPage > MaxPerPage:
		return nil, usagef("--per-page %d: must be from 1 to %d", o.PerPage, MaxPerPage)
	case o.Rounds < 0 || o.Rounds > 100:
		return nil, usagef("--rounds %d: must be from 1 to 100", o.Rounds)
	case o.Margin < 0 || o.Margin > MaxMargin:
		return nil, usagef("--margin %gmm: must be from 0 to %gmm", o.Margin, MaxMargin)
	case o.LineWidth < MinLine || o.LineWidth > MaxLine:
		return nil, usagef("--line-width %gmm: must be from %g to %gmm", o.LineWidth, MinLine, MaxLine)
	case o.BoardSize < 0:
		return nil, usagef("--board-size %gmm: must be positive", o.BoardSize)
	}
	setup, err := g.Setup(v, players)
	if err != nil {
		return nil, err
	}
	warnings = append(warnings, setup.Warnings...)
	paper := o.Paper
	if o.Landscape {
		paper = paper.Landscape()
	}
	style := layout.Style{Line: o.LineWidth, Guide: layout.Black}
	if o.Grey {
		style.Guide = layout.Grey
	}
	s := &layout.Sheet{
		Paper:     paper,
		Margin:    o.Margin,
		Title:     info.Title,
		Credit:    fmt.Sprintf("A game by Leroy Quet, from his blog, %s. Sheet printed by papergames.", info.Posted),
		Params:    setup.Params,
		BoardID:   games.BoardID(setup.Key),
		Players:   players,
		Rounds:    setup.Rounds,
		PerPage:   setup.PerPage,
		BoardSize: o.BoardSize,
		Ruler:     !o.NoRuler,
		Style:     style,
	}
	if o.Copies > 1 && o.PerPage == 0 && len(setup.Cells) == 1 {
		s.PerPage = 1
	}
	if o.PerPage > 0 {
		s.PerPage = o.PerPage
	}
	if o.Copies > 1 {
		s.Rounds = max(s.Rounds, o.Copies)
	}
	if o.Rounds > 0 {
		s.Rounds = o.Rounds
	}
	for i := 0; i < o.Copies; i++ {
		s.Cells = append(s.Cells, setup.Cells...)
	}
	if o.Rules {
		txt, err := templates.Rules(info.ID)
		if err != nil {
			return nil, err
		}
		s.Rules = txt
	}
	if _, err := s.Layout(); err != nil {
		return nil, &games.UsageError{Msg: err.Error()}
	}
	return &Result{Sheet: s, BoardID: s.BoardID, Warnings: warnings}, nil
}

// NameWarnings says which characters of the names will not print: those
// beyond U+FFFF (an emoji), which a PDF cannot hold and shows as U+FFFD,
// and those the sheet's font lacks, which print as boxes.
func NameWarnings(names []string) []string {
	var out []string
	font := "the embedded Go font"
	if layout.CustomFont() {
		font = "the --font font"
	}
	for _, n := range names {
		beyond := layout.BeyondPDF(n)
		if beyond != "" {
			out = append(out, fmt.Sprintf("--names: %q has characters beyond U+FFFF (%s) that a PDF cannot hold: the PDF prints \uFFFD in their place (an SVG sheet keeps them, if the font has them)", n, beyond))
		}
		var missing []rune
		for _, r := range layout.Missing(n) {
			if !strings.ContainsRune(beyond, r) {
				missing = append(missing, r)
			}
		}
		if len(missing) > 0 {
			out = append(out, fmt.Sprintf("--names: %q has characters %s cannot show (%s); they will print as boxes: give a TrueType font that has them with --font FILE.ttf", n, font, string(missing)))
		}
	}
	return out
}

// seats returns the seat names: Names, or as many blanks as Players.
func seats(info games.Info, o Options) ([]string, error) {
	n := o.Players
	if len(o.Names) > 0 {
		if n != 0 && n != len(o.Names) {
			return nil, usagef("--players %d but --names gives %d names", n, len(o.Names))
		}
		n = len(o.Names)
	}
	if n == 0 {
		n = info.MinPlayers
	}
	if n < info.MinPlayers || (info.MaxPlayers > 0 && n > info.MaxPlayers) {
		return nil, usagef("%s is for %s players, not %d", info.ID, info.Players(), n)
	}
	out := make([]string, n)
	seen := map[string]bool{}
	for i, name := range o.Names {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, usagef("--names: name %d is empty", i+1)
		}
		if len([]rune(name)) > MaxNameRune {
			return nil, usagef("--names: %q is longer than %d characters", name, MaxNameRune)
		}
		if seen[name] {
			return nil, usagef("--names: %q is given twice", name)
		}
		seen[name] = true
		out[i] = name
	}
	return out, nil
}

// SplitNames reads "Ann, Bob" into names.
func SplitNames(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return strings.Split(s, ",")
}
