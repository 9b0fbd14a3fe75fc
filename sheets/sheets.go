// Package sheets turns a game and the user's print options into a board
// sheet: it checks the options, asks the game for its boards, and hands the
// result to the layout.
package sheets

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

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
	Copies    int     // 0 for a board per round of the match (Copies)
	PerPage   int     // 0 for the game's default
	Rounds    int     // 0 for the game's default
	Players   int     // 0 for the game's minimum, or as many as Names
	Names     []string
	Rules     bool
	NoRuler   bool
	LineWidth float64 // mm
	Grey      bool
	Compact   bool // plain boards, as many as fit a page (up to 12)
	NoTable   bool // no score table
	NoHeader  bool // no header
	NoRecord  bool // no record forms
	// Class prints that many copies of the sheet, each numbered in its
	// code and its header (a class set): read then pairs each copy's
	// pages by number, in whatever order they are given. 0 for one.
	Class int
}

// Option limits: beyond them a sheet is unreadable or the file huge.
const (
	MaxCopies   = 500
	MaxClass    = 200
	MaxPerPage  = 36
	MaxRounds   = 100
	MaxMargin   = 60.0
	MinLine     = 0.05
	MaxLine     = 2.0
	MaxNameRune = 40
	// MaxPages bounds a sheet's pages (boards, record forms, score table,
	// rules), counted from the layout before anything is drawn: a
	// 500-page PDF takes a few seconds and a few hundred MB, while every
	// option at its own limit could ask for 72,000 pages (98 s, 4.8 GB).
	MaxPages = 500
)

func usagef(format string, a ...any) error { return &games.UsageError{Msg: fmt.Sprintf(format, a...)} }

// ErrTooManyPages is in the error of a sheet past MaxPages (errors.Is), so
// that the web app answers it as work too large rather than a bad option.
var ErrTooManyPages = errors.New("more pages than sheets.MaxPages")

// pagesError is a usage error that is also ErrTooManyPages.
type pagesError struct{ error }

func (e pagesError) Unwrap() []error { return []error{e.error, ErrTooManyPages} }

// Result is a sheet ready to draw, with anything worth a warning.
type Result struct {
	Sheet    *layout.Sheet
	BoardID  string
	Pages    int // pages the sheet draws (every copy's), at most MaxPages
	Warnings []string
	// class is the copies of a class set (Options.Class), 0 for one;
	// codeFor gives copy k's codes.
	class   int
	codeFor func(k int) func(layout.BoardPage) string
	// setupCells are one round's boards, to tell a board's round.
	setupCells []layout.Cell
}

// Pages returns the number of pages g's sheet with v and o would have,
// without drawing it, or why the options are refused (more than MaxPages
// among them).
func Pages(g games.Game, v games.Values, o Options) (int, error) {
	res, err := Build(g, v, o)
	if err != nil {
		return 0, err
	}
	return res.Pages, nil
}

// Build checks the options and lays out g's board sheet. A sheet whose
// board does not fit says what would: the largest value of each size
// parameter that fits, and the flags or paper that fit the one asked for.
func Build(g games.Game, v games.Values, o Options) (*Result, error) {
	res, err := build(g, v, o)
	var fe *layout.FitError
	if errors.As(err, &fe) {
		return nil, &games.UsageError{Msg: fe.Reason() + advise(g, v, o, fe)}
	}
	if err != nil {
		return nil, err
	}
	if res.Pages > MaxPages {
		return nil, pagesError{usagef("the sheet would have %d pages, more than the limit of %d (sheets.MaxPages)%s", res.Pages, MaxPages, lowerPages(g, v, o, res.Pages))}
	}
	return res, nil
}

// lowerPages says what to lower for a sheet of too many pages: the most
// --copies that stay within MaxPages, and the flags that drop pages.
func lowerPages(g games.Game, v games.Values, o Options, total int) string {
	var tips []string
	pages := func(copies int) int {
		w := o
		w.Copies = copies
		res, err := build(g, v, w)
		if err != nil {
			return MaxPages + 1
		}
		return res.Pages
	}
	if o.Copies > 1 {
		// Pages grow about in proportion to the copies: try that many
		// first, and search only past it (each try builds the sheet).
		lo, hi := 0, o.Copies // lo fits (0: none known), hi does not
		if est := o.Copies * MaxPages / total; est >= 1 && pages(est) <= MaxPages {
			lo = est
			if est+1 < hi && pages(est+1) > MaxPages {
				hi = est + 1
			}
		} else if est >= 1 {
			hi = est
		}
		if lo == 0 && pages(1) <= MaxPages {
			lo = 1
		}
		for lo > 0 && hi-lo > 1 {
			if mid := (lo + hi) / 2; pages(mid) <= MaxPages {
				lo = mid
			} else {
				hi = mid
			}
		}
		if lo > 0 {
			tips = append(tips, fmt.Sprintf("--copies %d or fewer", lo))
		}
	}
	if o.Class > 0 {
		// Every copy of a class set has the same pages.
		if n := MaxPages / (total / o.Class); n >= 1 {
			tips = append(tips, fmt.Sprintf("--class %d or fewer (several runs)", n))
		}
	}
	if w := o; !o.NoRecord {
		w.NoRecord = true
		if res, err := build(g, v, w); err == nil && res.Pages <= MaxPages {
			tips = append(tips, "--no-record")
		}
	}
	if o.Rules {
		tips = append(tips, "no --rules")
	}
	if len(tips) == 0 {
		return ": lower --copies, --rounds, the players or the board's size parameters"
	}
	return ": lower it with " + strings.Join(tips, " or ")
}

// fits reports whether g's sheet with v and o lays out.
func fits(g games.Game, v games.Values, o Options) bool {
	_, err := build(g, v, o)
	return err == nil
}

// largerPapers are offered, in order, when a board needs more room.
var largerPapers = []struct {
	flag string
	size layout.Size
}{{"a3", layout.Size{W: 297, H: 420}}, {"420x594mm (A2)", layout.Size{W: 420, H: 594}}, {"594x841mm (A1)", layout.Size{W: 594, H: 841}}, {"841x1189mm (A0)", layout.Size{W: 841, H: 1189}}}

// paperName names the paper of o for a message: "A4 portrait".
func paperName(o Options) string {
	name := fmt.Sprintf("%gx%g mm paper", o.Paper.W, o.Paper.H)
	for _, n := range layout.PaperNames() {
		if layout.Papers[n] == o.Paper {
			name = strings.ToUpper(n[:1]) + n[1:]
			if len(n) == 2 {
				name = strings.ToUpper(n)
			}
		}
	}
	if o.Landscape {
		return name + " landscape"
	}
	return name + " portrait"
}

// advise explains how to make a sheet that does not fit print.
func advise(g games.Game, v games.Values, o Options, fe *layout.FitError) string {
	var b strings.Builder
	request := "it"
	// The largest value of each size parameter that fits as it is.
	for _, p := range g.Params() {
		cur := v.Int(p.Name)
		if p.Kind != games.Int || p.Name == "seed" || cur <= p.Min {
			continue
		}
		try := func(n int) bool {
			w := games.Values{}
			for k, x := range v {
				w[k] = x
			}
			w[p.Name] = n
			return fits(g, w, o)
		}
		if !try(p.Min) {
			continue
		}
		lo, hi := p.Min, cur // lo fits, hi does not
		for hi-lo > 1 {
			if mid := (lo + hi) / 2; try(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		fmt.Fprintf(&b, "; the largest --%s that fits %s is %d", p.Name, paperName(o), lo)
		request = fmt.Sprintf("--%s %d", p.Name, cur)
	}
	// What fits the request as it stands.
	var fixes []string
	for n := fe.PerPage - 1; n >= 1; n-- {
		w := o
		w.PerPage = n
		if fits(g, v, w) {
			fixes = append(fixes, fmt.Sprintf("--per-page %d", n))
			break
		}
	}
	for _, alt := range []struct {
		flag       string
		land, rule bool
	}{{"--landscape", true, false}, {"--no-ruler", false, true}, {"--landscape --no-ruler", true, true}} {
		w := o
		w.Landscape = o.Landscape || alt.land
		w.NoRuler = o.NoRuler || alt.rule
		if (alt.land && o.Landscape) || (alt.rule && o.NoRuler) || (len(fixes) > 0 && alt.land && alt.rule) {
			continue
		}
		if fits(g, v, w) {
			fixes = append(fixes, alt.flag)
		}
	}
	for _, lp := range largerPapers {
		if lp.size.W*lp.size.H <= o.Paper.W*o.Paper.H*1.01 {
			continue
		}
		w := o
		w.Paper = lp.size
		if fits(g, v, w) {
			fixes = append(fixes, "--paper "+lp.flag)
			break
		}
	}
	switch {
	case len(fixes) == 0:
		fmt.Fprintf(&b, "; no paper up to A0 holds %s: make the board smaller", request)
	default:
		fmt.Fprintf(&b, "; to print %s, use %s", request, strings.Join(fixes, " or "))
	}
	return b.String()
}

func build(g games.Game, v games.Values, o Options) (*Result, error) {
	info := g.Info()
	var warnings []string
	players, err := seats(info, o)
	if err != nil {
		return nil, err
	}
	nw, err := NameWarnings(players)
	if err != nil {
		return nil, err
	}
	warnings = append(warnings, nw...)
	switch {
	case o.Copies < 0 || o.Copies > MaxCopies:
		return nil, usagef("--copies %d: must be from 1 to %d", o.Copies, MaxCopies)
	case o.PerPage < 0 || o.PerPage > MaxPerPage:
		return nil, usagef("--per-page %d: must be from 1 to %d", o.PerPage, MaxPerPage)
	case o.Rounds < 0 || o.Rounds > MaxRounds:
		return nil, usagef("--rounds %d: must be from 1 to %d", o.Rounds, MaxRounds)
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
		Group:     setup.Group,
		BoardSize: o.BoardSize,
		Ruler:     !o.NoRuler,
		NoTable:   o.NoTable,
		NoHeader:  o.NoHeader,
		Compact:   o.Compact,
		Style:     style,
	}
	s.Code = codeFunc(g, v, len(players), s.BoardID, 0, 0)
	if o.Class > 0 {
		// Laid out as the last copy: every copy's code and header is as
		// long.
		s.Code = codeFunc(g, v, len(players), s.BoardID, o.Class, o.Class)
		s.Copy = copyLabel(o.Class, o.Class)
	}
	copies := Copies(setup, o)
	if copies > 1 && o.PerPage == 0 && len(setup.Cells) == 1 {
		s.PerPage = 1
	}
	if o.PerPage > 0 {
		s.PerPage = o.PerPage
	}
	if copies > 1 {
		s.Rounds = max(s.Rounds, copies)
	}
	if o.Rounds > 0 {
		s.Rounds = o.Rounds
	}
	if o.Compact {
		// As many plain boards as fit a page, up to MaxCompact; without
		// --copies, one page of them.
		if o.PerPage == 0 {
			s.PerPage = compactPerPage(s, setup.Cells, trialCopies(g, v, players, o, setup.Cells))
		}
		if o.Copies <= 1 {
			copies = (s.PerPage + len(setup.Cells) - 1) / len(setup.Cells)
		}
	} else if copies > 1 {
		// Say why there are several boards, so that nobody plays the
		// second round on the first round's board.
		s.Params += fmt.Sprintf(" · %d boards, a fresh one for each round", copies)
		if setup.Match != "" {
			s.Params += " (" + setup.Match + ")"
		}
	}
	cp, differs := g.(games.Copier)
	for i := 0; i < copies; i++ {
		cells := setup.Cells
		if differs && copies > 1 {
			if cells, err = cp.CopyCells(v, players, i); err != nil {
				return nil, err
			}
		}
		for _, c := range cells {
			if o.NoRecord || o.Compact {
				c.Record = nil // compact sheets are plain boards to photocopy
			}
			s.Cells = append(s.Cells, c)
		}
	}
	if o.Rules {
		txt, err := templates.Rules(info.ID)
		if err != nil {
			return nil, err
		}
		s.Rules = txt
	}
	_, err = s.Layout()
	var fe *layout.FitError
	if errors.As(err, &fe) && o.PerPage == 0 && !o.Compact && s.PerPage > 1 {
		// The game's own boards per page (four grids) are too many for
		// this board on this paper: print fewer, and say so.
		asked := s.PerPage
		for s.PerPage > 1 && errors.As(err, &fe) {
			s.PerPage--
			_, err = s.Layout()
		}
		if err == nil {
			warnings = append(warnings, fmt.Sprintf("%d boards a page would be below readable size here: printing %d a page (--per-page sets it)", asked, s.PerPage))
		} else {
			s.PerPage = asked
			_, err = s.Layout()
		}
	}
	if err != nil {
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, &games.UsageError{Msg: err.Error()}
	}
	pages, err := s.Pages()
	if err != nil {
		return nil, &games.UsageError{Msg: err.Error()}
	}
	res := &Result{Sheet: s, BoardID: s.BoardID, Pages: pages, Warnings: warnings, setupCells: setup.Cells}
	if o.Class > 0 {
		res.class, res.Pages = o.Class, pages*o.Class
		res.codeFor = func(k int) func(layout.BoardPage) string {
			return codeFunc(g, v, len(players), s.BoardID, k, o.Class)
		}
	}
	return res, nil
}

// copyLabel is what a page of copy k of a class set says in its header.
func copyLabel(k, class int) string { return fmt.Sprintf("copy %d of %d", k, class) }

// Draw draws the sheet on d: each copy of a class set in turn.
func (r *Result) Draw(d layout.Document) error {
	if r.class == 0 {
		return r.Sheet.Draw(d)
	}
	s := r.Sheet
	code, label := s.Code, s.Copy
	defer func() { s.Code, s.Copy = code, label }()
	for k := 1; k <= r.class; k++ {
		s.Code, s.Copy = r.codeFor(k), copyLabel(k, r.class)
		if err := s.Draw(d); err != nil {
			return err
		}
	}
	return nil
}

func init() { games.PrintedSize = printedSize }

// printed caches printedSize by game and board key.
var printed sync.Map

// printedSize is games.PrintedSize: the board size of the default sheet.
// Failures are cached too: a board too large for A4 has no printed size,
// and finding that out costs a layout (without the search for what
// would fit, which Build adds).
func printedSize(g games.Game, v games.Values) (float64, error) {
	setup, err := g.Setup(v, make([]string, max(g.Info().MinPlayers, 2)))
	if err != nil {
		return 0, err
	}
	key := g.Info().ID + "\x00" + setup.Key
	type sized struct {
		s   float64
		err error
	}
	if c, ok := printed.Load(key); ok {
		return c.(sized).s, c.(sized).err
	}
	c := sized{}
	o, err := ParseOptions(func(string) (string, bool) { return "", false })
	if err == nil {
		var res *Result
		if res, err = build(g, v, o); err == nil {
			var p *layout.Plan
			if p, err = res.Sheet.Layout(); err == nil {
				c.s = p.Size
			}
		}
	}
	c.err = err
	printed.Store(key, c)
	return c.s, c.err
}

// Copies returns the boards a sheet of setup prints with o: o.Copies,
// or by default one for each round of the match (--rounds, else the
// game's usual match), since each round is played on a fresh board; a
// compact sheet without --copies prints one (a page of them).
func Copies(setup *games.Setup, o Options) int {
	switch {
	case o.Copies > 0:
		return o.Copies
	case o.Compact:
		return 1
	case o.Rounds > 0:
		return o.Rounds
	}
	return max(setup.Rounds, 1)
}

// MaxCompact is the most boards --compact puts on a page by itself;
// MinCompact the fewest it aims for (issue 11: 6 to 12 on A4).
const (
	MaxCompact = 12
	MinCompact = 6
)

// trialCopies are the cells of the first MaxCompact copies when each copy
// has a board of its own (random cuts), for compactPerPage to try: the key
// of a page keeps what its boards share, and a page of one copy repeated
// shares its cuts (twelve rings' cut lines), which left no room for more
// than one board a page.
func trialCopies(g games.Game, v games.Values, players []string, o Options, round []layout.Cell) []layout.Cell {
	cp, ok := g.(games.Copier)
	if !ok || o.Copies < 2 {
		return nil
	}
	var out []layout.Cell
	for i := 0; len(out) < MaxCompact && i < MaxCompact; i++ {
		cells, err := cp.CopyCells(v, players, i)
		if err != nil {
			return nil
		}
		for _, c := range cells {
			c.Record = nil
			out = append(out, c)
		}
	}
	return out
}

// compactPerPage returns the most boards, up to MaxCompact, that fit a
// page of s at a readable size with the page's score table on the same
// page; when that is fewer than MinCompact but MinCompact or more fit
// with the table on a page of its own, those; else the most that fit (1
// if none but one does).
func compactPerPage(s *layout.Sheet, round, copies []layout.Cell) int {
	foot, apart := 0, 0
	for n := MaxCompact; n > 1; n-- {
		t := *s
		t.PerPage, t.Cells = n, append([]layout.Cell(nil), copies[:min(n, len(copies))]...)
		for len(t.Cells) < n {
			t.Cells = append(t.Cells, round...)
		}
		// A page's table has the rounds of its boards.
		t.Rounds = min(s.Rounds, (n+len(round)-1)/len(round))
		p, err := t.Layout()
		switch {
		case err != nil:
		case !p.TableApart && foot == 0:
			foot = n
		case p.TableApart && apart == 0:
			apart = n
		}
	}
	switch {
	case foot >= MinCompact:
		return foot
	case apart >= MinCompact || foot == 0:
		return max(apart, 1)
	}
	return foot
}

// NameWarnings says which characters of the names will not print: those
// beyond U+FFFF (an emoji), which a PDF cannot hold and shows as U+FFFD (a
// warning), and those the sheet's font lacks, which would print as boxes:
// a name on a sheet must print, so that is a usage error that says to give
// a font that has them.
func NameWarnings(names []string) ([]string, error) {
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
			return nil, usagef("--names: %q has characters %s cannot show (%s), which would print as boxes: give a TrueType font that has them with --font FILE.ttf: it draws what Go's font lacks (for Chinese, Japanese or Korean, e.g. Droid Sans Fallback, /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf from Debian's fonts-droid-fallback)", n, font, string(missing))
		}
	}
	return out, nil
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
		// The game's minimum, but two for a game that may also be played
		// alone (Within The Curve's one-player puzzles): a board sheet is
		// for a game between players unless --players 1 says otherwise.
		n = max(info.MinPlayers, 2)
		if info.MaxPlayers > 0 {
			n = min(n, info.MaxPlayers)
		}
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
		if i := strings.IndexFunc(name, unicode.IsControl); i >= 0 {
			// An escape or other control character prints as a box and
			// drops the name from an SVG's label: refuse it, as a script
			// the font lacks is refused.
			return nil, usagef("--names: %q has a control character (%U), which cannot print: names are letters, digits, spaces and punctuation", name, []rune(name[i:])[0])
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
