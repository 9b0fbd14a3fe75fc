// Command papergames prints board sheets for Leroy Quet's pen-and-paper
// geometry games and scores finished games from transcripts.
//
// This file only wires the command line; the work is done in the packages.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/urfave/cli/v2"

	"papergames/analysis"
	"papergames/drawing"
	"papergames/games"
	"papergames/games/catalog"
	"papergames/geom"
	"papergames/input"
	"papergames/internal/safetext"
	"papergames/layout"
	"papergames/puzzle"
	"papergames/scorer"
	"papergames/sheets"
	"papergames/templates"
	"papergames/web"
)

// version is set by the release build; "dev" otherwise.
var version = "0.1.0"

// Exit statuses.
const (
	exitOK    = 0
	exitInput = 1 // bad input: a file, a transcript, an I/O failure
	exitUsage = 2 // bad command line: flags, names, values
	// exitNotOptimal: puzzle check read and scored the solution, and it
	// is not optimal (short of the optimum, unfinished, or a grid that
	// breaks a rule and scores 0).
	exitNotOptimal = 3
)

// flagMessage rewrites the flag package's "flag provided but not
// defined: -markz" to name the flag as typed (--markz), with the nearest
// flag of the command.
func flagMessage(c *cli.Context, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err.Error()
	}
	typed := "-" + name
	if args, ok := c.App.Metadata["args"].([]string); ok {
		for _, a := range args {
			if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
				typed = "--" + name
			}
		}
	}
	var names []string
	flags := c.App.Flags
	where := "papergames"
	if c.Command != nil && c.Command.Name != "" {
		flags = c.Command.Flags
		where = c.Command.HelpName
	}
	for _, f := range flags {
		for _, n := range f.Names() {
			if len(n) > 1 {
				names = append(names, n)
			}
		}
	}
	sugg := input.Suggest(name, names)
	if sugg != "" {
		sugg = strings.Replace(sugg, `"`, `"--`, 1)
	}
	return fmt.Sprintf("unknown flag %s%s (see %s --help)", typed, sugg, where)
}

// statusError ends a command with its status and no message: what went
// wrong is in the command's report.
type statusError int

func (e statusError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks command-line mistakes (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usage(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// exitError is an error with a message and an exit status of its own
// (read's 3: read with doubts).
type exitError struct {
	msg    string
	status int
}

func (e exitError) Error() string { return e.msg }

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "papergames: internal error: %v (please report this with the command you ran)\n", r)
			status = exitInput
		}
	}()
	out := &outWriter{w: stdout}
	app := newApp(stdin, out, stderr)
	app.Metadata = map[string]any{"args": args}
	if n := len(args); n > 1 && args[n-1] == "--generate-bash-completion" {
		complete(app, args[1:n-1], out)
		return exitOK
	}
	err := app.Run(reorder(app, args))
	if err == nil {
		err = out.finish()
	}
	if err == nil {
		return exitOK
	}
	var se statusError
	if errors.As(err, &se) {
		return int(se)
	}
	// Messages quote transcripts and names: escape what would drive the terminal.
	fmt.Fprintf(stderr, "papergames: %s\n", safetext.Message(err.Error()))
	var ue usageError
	var ge *games.UsageError
	var ee exitError
	switch {
	case errors.As(err, &ue) || errors.As(err, &ge):
		return exitUsage
	case errors.As(err, &ee):
		return ee.status
	}
	return exitInput
}

// outWriter is the standard output of the commands. It remembers the
// first failed write (a full disk, /dev/full, a closed pipe), so that a
// command whose output was lost exits 1 even where it did not check.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = fmt.Errorf("writing standard output: %v", err)
	}
	return n, o.err
}

// finish returns the first failed write, or else the error of syncing
// standard output when it is a regular file (where a full disk or quota
// may only show then).
func (o *outWriter) finish() error {
	if o.err != nil {
		return o.err
	}
	if f, ok := o.w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if err := f.Sync(); err != nil {
				return fmt.Errorf("writing standard output: %v", err)
			}
		}
	}
	return nil
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	onUsage := func(c *cli.Context, err error, _ bool) error { return usageError{flagMessage(c, err)} }
	app := &cli.App{
		Name:                 "papergames",
		Usage:                "print board sheets for Leroy Quet's pen-and-paper geometry games, and score finished games",
		Version:              version,
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		HideHelpCommand:      true,
		Flags:                []cli.Flag{cli.HelpFlag}, // hidden with urfave/cli's help command by ours
		OnUsageError:         onUsage,
		ExitErrHandler:       func(*cli.Context, error) {},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				var names []string
				for _, cmd := range c.App.Commands {
					names = append(names, cmd.Name)
				}
				return usage("unknown command %q%s; the commands are list, board, rules, faces, score, moves, transcript, serve, analyze, puzzle, read, completion, help (see papergames --help)", c.Args().First(), input.Suggest(c.Args().First(), names))
			}
			return cli.ShowAppHelp(c)
		},
		Commands: []*cli.Command{
			listCommand(),
			boardCommand(),
			rulesCommand(),
			facesCommand(),
			scoreCommand(),
			movesCommand(),
			transcriptCommand(),
			serveCommand(),
			analyzeCommand(),
			puzzleCommand(),
			readCommand(),
			completionCommand(),
			helpCommand(),
		},
	}
	setUsage(app.Commands, onUsage)
	return app
}

func setUsage(cmds []*cli.Command, f cli.OnUsageErrorFunc) {
	for _, c := range cmds {
		c.OnUsageError = f
		setUsage(c.Subcommands, f)
	}
}

// helpCommand is "papergames help [COMMAND [GAME]]": the same as adding
// --help (urfave/cli's own help command is hidden with the app's).
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show the help of a command, e.g. papergames help board arcs-and-marks",
		ArgsUsage: "[COMMAND [GAME]]",
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return cli.ShowAppHelp(c)
			}
			args := append(append([]string{c.App.Name}, c.Args().Slice()...), "--help")
			return c.App.RunContext(c.Context, reorder(c.App, args))
		},
	}
}

func listCommand() *cli.Command {
	return &cli.Command{
		Name:  "list",
		Usage: "list the games",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usage("list takes no arguments")
			}
			w := c.App.Writer
			fmt.Fprintf(w, "%-22s %-32s %-8s %-28s %s\n", "ID", "TITLE", "PLAYERS", "BOARD", "DEFAULTS")
			for _, g := range catalog.Games {
				info := g.Info()
				var defs []string
				for _, p := range g.Params() {
					if p.Kind == games.Int && p.Name != "seed" {
						defs = append(defs, fmt.Sprintf("--%s %d", p.Name, p.Default))
					}
				}
				fmt.Fprintf(w, "%-22s %-32s %-8s %-28s %s\n", info.ID, info.Title, info.Players(), info.BoardKind, strings.Join(defs, " "))
			}
			return nil
		},
	}
}

func gameArg(c *cli.Context, cmd string) (games.Game, error) {
	if c.NArg() != 1 {
		return nil, usage("%s needs one game id: %s", cmd, strings.Join(catalog.IDs(), ", "))
	}
	g, err := catalog.Lookup(strings.ToLower(c.Args().First()))
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return g, nil
}

func rulesCommand() *cli.Command {
	return gameTextCommand("rules", "print a game's rules, with the rulings papergames scores by", templates.Rules)
}

func transcriptCommand() *cli.Command {
	cmd := &cli.Command{
		Name:      "transcript",
		Usage:     "print a blank transcript for a sheet, to copy its record forms into after playing",
		ArgsUsage: "GAME [flags]",
		Description: "Takes the board command's game flags and seats, and prints the transcript of exactly\n" +
			"that sheet: its board id, the header filled in, the rounds laid out as on its record forms.\n" +
			"--example prints a filled-in example instead.",
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usage("transcript needs one game id: %s", strings.Join(catalog.IDs(), ", "))
			}
			if _, err := catalog.Lookup(strings.ToLower(c.Args().First())); err != nil {
				return usageError{err.Error()}
			}
			return usage("transcript: put the game id first")
		},
	}
	for _, g := range catalog.Games {
		g := g
		flags := append(paramFlags(g.Params(), nil),
			&cli.StringFlag{Name: "names", Usage: `player names in seat order, e.g. "Ann,Bob"`},
			&cli.IntFlag{Name: "players", Usage: "number of players", DefaultText: "the game's minimum, or as many as --names"},
			&cli.IntFlag{Name: "rounds", Usage: "rounds to lay out", DefaultText: "one per --copies, or the game's usual match"},
			&cli.IntFlag{Name: "copies", Usage: "boards printed, one per round", DefaultText: "one per round of --rounds, or of the game's usual match"},
			&cli.BoolFlag{Name: "example", Usage: "print a filled-in example transcript instead"},
		)
		cmd.Subcommands = append(cmd.Subcommands, &cli.Command{
			Name:  g.Info().ID,
			Usage: "blank transcript of " + article(g.Info().Title) + " sheet",
			Flags: flags,
			Action: func(c *cli.Context) error {
				if c.NArg() > 0 {
					return usage("unexpected argument %q (flags only after the game id)", c.Args().First())
				}
				var txt string
				var err error
				if c.Bool("example") {
					txt, err = catalog.Example(g.Info().ID)
				} else {
					get := func(name string) (string, bool) { return c.String(name), c.IsSet(name) }
					var v games.Values
					var o sheets.Options
					if v, err = games.ParseValues(g.Params(), get); err == nil {
						if o, err = sheets.ParseOptions(get); err == nil {
							txt, err = sheets.Blank(g, v, o)
						}
						err = paperErr(c, err)
					}
				}
				if err != nil {
					return err
				}
				_, err = io.WriteString(c.App.Writer, txt)
				return err
			},
		})
	}
	return cmd
}

// gameTextCommand is a command that prints text(id) for one game.
func gameTextCommand(name, use string, text func(id string) (string, error)) *cli.Command {
	return &cli.Command{
		Name:      name,
		Usage:     use,
		ArgsUsage: "GAME",
		Action: func(c *cli.Context) error {
			g, err := gameArg(c, name)
			if err != nil {
				return err
			}
			txt, err := text(g.Info().ID)
			if err != nil {
				return err
			}
			_, err = io.WriteString(c.App.Writer, txt)
			return err
		},
	}
}

// printFlags are the flags every board subcommand shares.
func printFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (.pdf or .svg; - for standard output)"},
		&cli.StringFlag{Name: "format", Usage: "pdf or svg (needed with -o -)"},
		paperFlag("a4, a3, a5, letter, legal, tabloid, or WxH such as 210x297mm or 8.5x11in"),
		&cli.BoolFlag{Name: "landscape", Usage: "turn the paper sideways"},
		&cli.StringFlag{Name: "margin", Value: "10mm", Usage: "page margin"},
		&cli.StringFlag{Name: "board-size", Usage: "size of the board (circle diameter, grid side), e.g. 150mm", DefaultText: "the largest that fits"},
		&cli.IntFlag{Name: "copies", Usage: "boards to print, one per round (each round is played on a fresh board)", DefaultText: "one per round of --rounds, or of the game's usual match; with --compact a page of them"},
		&cli.IntFlag{Name: "per-page", Usage: "boards per page, tiled with cut lines between them", DefaultText: "the game's own; with --compact as many as fit, up to 12"},
		&cli.IntFlag{Name: "rounds", Usage: "rows of the score table", DefaultText: "the game's usual match, or --copies"},
		&cli.IntFlag{Name: "players", Usage: "number of players", DefaultText: "the game's minimum, or as many as --names"},
		&cli.StringFlag{Name: "names", Usage: `player names in seat order, e.g. "Ann,Bob"`},
		&cli.BoolFlag{Name: "rules", Usage: "add the rules on a page of their own"},
		&cli.BoolFlag{Name: "no-ruler", Usage: "leave out the calibration ruler"},
		&cli.StringFlag{Name: "line-width", Value: "0.35mm", Usage: "width of the game lines"},
		&cli.BoolFlag{Name: "grey", Usage: "draw light guide lines grey (game lines stay black)"},
		&cli.BoolFlag{Name: "compact", Usage: "plain boards only, as many as fit a page (up to 12), with cut lines; keys and score table once per page"},
		&cli.BoolFlag{Name: "no-table", Usage: "leave out the score table"},
		&cli.BoolFlag{Name: "no-header", Usage: "leave out the header (title, parameters, player names)"},
		&cli.BoolFlag{Name: "no-record", Usage: "leave out the record forms (the pages to write the moves on while playing)"},
		fontFlag(),
	}
}

// paperFlag is --paper, whose default $PAPERGAMES_PAPER changes.
func paperFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: "paper", Value: "a4", EnvVars: []string{"PAPERGAMES_PAPER"}, Usage: usage}
}

func fontFlag() cli.Flag {
	return &cli.StringFlag{Name: "font", Usage: "TrueType `FILE.ttf` for names in scripts Go's font lacks (CJK, ...): it draws what Go's font lacks, or all text if it has Latin letters", DefaultText: "Go's own fonts, embedded"}
}

// maxFontBytes bounds the --font file read: Debian's Droid Sans Fallback
// is 3.9 MB, Noto Sans CJK's collection 19 MB.
const maxFontBytes = 32 << 20

// useFont reads --font, if given, and makes it the face of all text.
func useFont(c *cli.Context) error {
	name := c.String("font")
	if name == "" {
		return nil
	}
	b, err := input.ReadFileMax(name, nil, maxFontBytes)
	if err != nil {
		return usage("--font: %v", err)
	}
	if err := layout.SetFont(b); err != nil {
		return usage("--font %s: %v", name, err)
	}
	return nil
}

// checkFormat refuses --format that contradicts the file name's extension.
func checkFormat(out, explicit string, f layout.Format) error {
	if explicit == "" || out == "-" {
		return nil
	}
	ext := strings.ToLower(filepath.Ext(out))
	if (ext == ".pdf" || ext == ".svg") && ext[1:] != string(f) {
		return usage("--format %s but -o %s names a %s file: give one or the other, or make them agree", explicit, out, strings.ToUpper(ext[1:]))
	}
	return nil
}

func boardCommand() *cli.Command {
	cmd := &cli.Command{
		Name:      "board",
		Usage:     "write a game's board sheet as PDF or SVG",
		ArgsUsage: "GAME [flags]",
		Description: "Writes a sheet ready to print at actual size: the board(s), a header with the " +
			"parameters and board id, player names, a score table and a calibration ruler.\n" +
			"Run papergames board GAME --help for a game's own flags.",
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usage("board needs one game id: %s", strings.Join(catalog.IDs(), ", "))
			}
			if _, err := catalog.Lookup(strings.ToLower(c.Args().First())); err != nil {
				return usageError{err.Error()}
			}
			return usage("board: put the game id first")
		},
	}
	for _, g := range catalog.Games {
		cmd.Subcommands = append(cmd.Subcommands, boardGameCommand(g))
	}
	return cmd
}

func boardGameCommand(g games.Game) *cli.Command {
	info := g.Info()
	flags := append(printFlags(), paramFlags(g.Params(), nil)...)
	flags = append(flags, &cli.StringFlag{Name: "geometry", Usage: "also write where every board page's marks, code, boards and printed points lie, in mm, to `FILE.json` (docs/geometry.md)"})
	return &cli.Command{
		Name:   info.ID,
		Usage:  fmt.Sprintf("%s sheet (%s)", info.Title, info.BoardKind),
		Flags:  flags,
		Action: func(c *cli.Context) error { return writeBoard(c, g) },
	}
}

func writeBoard(c *cli.Context, g games.Game) error {
	if c.NArg() > 0 {
		return usage("unexpected argument %q (flags only after the game id)", c.Args().First())
	}
	get := func(name string) (string, bool) { return c.String(name), c.IsSet(name) }
	v, err := games.ParseValues(g.Params(), get)
	if err != nil {
		return err
	}
	o, err := sheets.ParseOptions(get)
	if err != nil {
		return paperErr(c, err)
	}
	out := c.String("output")
	if out == "" {
		out = g.Info().ID + ".pdf"
		if c.String("format") == "svg" {
			out = g.Info().ID + ".svg"
		}
	}
	format, err := layout.FormatFor(out, c.String("format"))
	if err != nil {
		return usageError{err.Error()}
	}
	if err := checkFormat(out, c.String("format"), format); err != nil {
		return err
	}
	if err := useFont(c); err != nil {
		return err
	}
	defer layout.SetFont(nil)
	res, err := sheets.Build(g, v, o)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(c.App.ErrWriter, "papergames: warning: %s\n", w)
	}
	var geometry []byte
	if gname := c.String("geometry"); gname != "" {
		if !strings.EqualFold(filepath.Ext(gname), ".json") && gname != "-" {
			return usage("--geometry %s: the geometry is JSON: name a .json file", gname)
		}
		gm, err := res.Geometry(g)
		if err != nil {
			return err
		}
		geometry = gm.JSON()
	}
	doc := layout.NewDocument(format, g.Info().Title+" — board "+res.BoardID)
	if err := res.Sheet.Draw(doc); err != nil {
		return err
	}
	if geometry != nil {
		if gname := c.String("geometry"); gname == "-" {
			if out == "-" {
				return usage("--geometry - and -o -: only one can have standard output")
			}
			c.App.Writer.Write(geometry)
		} else if err := layout.WriteFiles([]string{gname}, [][]byte{geometry}); err != nil {
			return fmt.Errorf("--geometry: %v", err)
		} else {
			fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", gname)
		}
	}
	names, err := layout.Save(doc, out, c.App.Writer)
	if err != nil {
		if out == "-" && format == layout.FormatSVG && !o.NoRecord {
			return fmt.Errorf("%v; --no-record leaves out the record pages", err)
		}
		return err
	}
	if out != "-" {
		fmt.Fprintf(c.App.ErrWriter, "wrote %s (board %s)\n", wroteList(names), res.BoardID)
	}
	return nil
}

// puzzleCommand is papergames puzzle KIND (a sheet of puzzles and their
// answer key) and papergames puzzle check FILE.
func puzzleCommand() *cli.Command {
	cmd := &cli.Command{Name: "puzzle", Usage: "print a sheet of solitaire puzzles with a proven answer key, or check a solved one",
		ArgsUsage: "KIND [flags] -o FILE.pdf|svg, or check FILE",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				var kinds []string
				for _, k := range puzzle.Kinds() {
					kinds = append(kinds, k.Name)
				}
				return usage("unknown puzzle kind %q; the kinds are %s (or check FILE)", c.Args().First(), strings.Join(kinds, ", "))
			}
			return cli.ShowSubcommandHelp(c)
		}}
	for _, k := range puzzle.Kinds() {
		cmd.Subcommands = append(cmd.Subcommands, &cli.Command{
			Name: k.Name, Usage: k.Title + " puzzles", HideHelpCommand: true,
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (.pdf or .svg; - for standard output)"},
				&cli.StringFlag{Name: "format", Usage: "pdf or svg (needed with -o -)"},
				&cli.StringFlag{Name: "key", Usage: "write the answer key to `FILE` instead of the pages after the puzzles"},
				&cli.StringFlag{Name: "difficulty", Value: "medium", Usage: "easy, medium or hard"},
				&cli.IntFlag{Name: "count", Value: 6, Usage: fmt.Sprintf("puzzles on the sheet (1 to %d)", puzzle.MaxCount)},
				&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed the puzzles are made from (same seed, same sheet)"},
				&cli.IntFlag{Name: "per-page", Usage: "puzzles a page", DefaultText: "the kind's own"},
				paperFlag("paper size: a4, a3, a5, letter, legal, tabloid or WxH"),
				&cli.BoolFlag{Name: "landscape", Usage: "turn the paper sideways"},
				&cli.StringFlag{Name: "margin", Value: "10mm", Usage: "page margin"},
				&cli.BoolFlag{Name: "no-ruler", Usage: "leave out the calibration ruler"},
				&cli.StringFlag{Name: "line-width", Value: "0.35mm", Usage: "width of the game lines"},
				&cli.BoolFlag{Name: "grey", Usage: "draw light guide lines grey"},
				&cli.IntFlag{Name: "transcript", Usage: "print puzzle `N`'s blank transcript (to fill in and check) instead of the sheet"},
			},
			Action: func(c *cli.Context) error { return writePuzzles(c, k) },
		})
	}
	cmd.Subcommands = append(cmd.Subcommands, &cli.Command{
		Name: "check", Usage: "score a solved puzzle written as a transcript and say whether it reaches the optimum (exit status 0 optimal, 3 not optimal, 1 refused)", ArgsUsage: "FILE",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usage("puzzle check needs one transcript file (or - for standard input)")
			}
			data, err := readInput(c, c.Args().First())
			if err != nil {
				return err
			}
			report, optimal, err := puzzle.Check(input.FileLabel(c.Args().First()), data)
			if err != nil {
				return err
			}
			fmt.Fprint(c.App.Writer, report)
			if !optimal {
				return statusError(exitNotOptimal)
			}
			return nil
		},
	})
	return cmd
}

func writePuzzles(c *cli.Context, k puzzle.Kind) error {
	if c.NArg() > 0 {
		return usage("unexpected argument %q", c.Args().First())
	}
	d, err := puzzle.ParseDifficulty(c.String("difficulty"))
	if err != nil {
		return usage("--%v", err)
	}
	get := func(name string) (string, bool) { return c.String(name), c.IsSet(name) }
	o, err := sheets.ParseOptions(get)
	if err != nil {
		return paperErr(c, err)
	}
	if o.Landscape {
		o.Paper = o.Paper.Landscape()
	}
	out := c.String("output")
	if out == "" {
		out = k.Name + ".pdf"
	}
	format, err := layout.FormatFor(out, c.String("format"))
	if err != nil {
		return usageError{err.Error()}
	}
	if err := checkFormat(out, c.String("format"), format); err != nil {
		return err
	}
	style := layout.Style{Line: o.LineWidth, Guide: layout.Black}
	if o.Grey {
		style.Guide = layout.Grey
	}
	s, err := puzzle.Build(k, puzzle.Options{Difficulty: d, Count: c.Int("count"), Seed: c.Uint64("seed"), Paper: o.Paper, Margin: o.Margin,
		PerPage: o.PerPage, NoRuler: o.NoRuler, Style: style})
	if err != nil {
		return err
	}
	if n := c.Int("transcript"); c.IsSet("transcript") {
		if n < 1 || n > len(s.Items) {
			return usage("--transcript %d: the sheet has puzzles 1 to %d", n, len(s.Items))
		}
		fmt.Fprint(c.App.Writer, s.Items[n-1].Blank)
		return nil
	}
	for _, w := range s.Warnings {
		fmt.Fprintf(c.App.ErrWriter, "papergames: warning: %s\n", w)
	}
	doc := layout.NewDocument(format, k.Title+" puzzles "+s.ID)
	var keyDoc layout.Document
	keyOut := c.String("key")
	if keyOut != "" {
		keyFormat, err := layout.FormatFor(keyOut, "")
		if err != nil {
			return usageError{"--key: " + err.Error()}
		}
		keyDoc = layout.NewDocument(keyFormat, k.Title+" answer key "+s.ID)
	}
	if err := s.Draw(doc, keyDoc); err != nil {
		return err
	}
	names, err := layout.Save(doc, out, c.App.Writer)
	if err != nil {
		return err
	}
	if keyDoc != nil {
		keyNames, err := layout.Save(keyDoc, keyOut, c.App.Writer)
		if err != nil {
			return err
		}
		names = append(names, keyNames...)
	}
	if out != "-" {
		fmt.Fprintf(c.App.ErrWriter, "wrote %s (sheet %s)\n", wroteList(names), s.ID)
	}
	return nil
}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash or zsh) for this program under the name it was run by (and papergames): source <(papergames completion bash)",
		ArgsUsage: "bash|zsh",
		Flags:     []cli.Flag{&cli.StringFlag{Name: "name", Usage: "complete the command `NAME` too (e.g. an alias)"}},
		Action: func(c *cli.Context) error {
			names := []string{"papergames"}
			if args, ok := c.App.Metadata["args"].([]string); ok && len(args) > 0 {
				names = append(names, filepath.Base(args[0]))
			}
			if n := c.String("name"); n != "" {
				names = append(names, n)
			}
			script := bashCompletion + "complete -o filenames -F _papergames_complete"
			seen := map[string]bool{}
			for _, n := range names {
				if !seen[n] && n != "" && n != "." && n != "/" {
					seen[n] = true
					script += " " + shellWord(n)
				}
			}
			script += "\n"
			switch c.Args().First() {
			case "bash":
				_, err := io.WriteString(c.App.Writer, script)
				return err
			case "zsh":
				_, err := io.WriteString(c.App.Writer, "autoload -U bashcompinit && bashcompinit\n"+script)
				return err
			}
			return usage("completion needs bash or zsh")
		},
	}
}

const bashCompletion = `_papergames_complete() {
  local cur opts
  cur="${COMP_WORDS[COMP_CWORD]}"
  opts=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$COMP_CWORD-1}" --generate-bash-completion 2>/dev/null)
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
  [ ${#COMPREPLY[@]} -eq 0 ] && COMPREPLY=($(compgen -f -- "${cur}"))
  return 0
}
`

// article puts "a" or "an" before a title: "an Arcs And Marks".
func article(title string) string {
	if title != "" && strings.ContainsRune("AEIOUaeiou", rune(title[0])) {
		return "an " + title
	}
	return "a " + title
}

// shellWord quotes s for a shell command line when it is not a plain word.
func shellWord(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.+", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// complete prints the words the shell may complete after words (the
// command line so far, less the word being typed): the subcommands and
// flags of the command they name, the paper sizes after --paper, the
// formats after --format, the game ids after rules; nothing after another
// flag that takes a value, and nothing for a file name (the script then
// completes file names).
func complete(app *cli.App, words []string, w io.Writer) {
	cmds, flags := app.Commands, app.Flags
	var cmd *cli.Command
	for _, word := range words {
		for _, c := range cmds {
			if !strings.HasPrefix(word, "-") && (c.HasName(word) || strings.EqualFold(c.Name, word)) {
				cmd, cmds, flags = c, c.Subcommands, c.Flags
				break
			}
		}
	}
	var out []string
	if cmd != nil && cmd.Name == "analyze" {
		i := slices.Index(words, "analyze")
		for _, o := range analysis.Complete(words[i+1:]) {
			fmt.Fprintln(w, o)
		}
		return
	}
	prev := ""
	if len(words) > 0 {
		prev = strings.TrimLeft(words[len(words)-1], "-")
	}
	takesValue := false
	for _, f := range flags {
		if _, isBool := f.(*cli.BoolFlag); !isBool && slices.Contains(f.Names(), prev) && strings.HasPrefix(words[len(words)-1], "-") {
			takesValue = true
		}
	}
	switch {
	case takesValue && prev == "paper":
		for name := range layout.Papers {
			out = append(out, name)
		}
		slices.Sort(out)
	case takesValue && prev == "format":
		out = []string{"pdf", "svg"}
	case takesValue:
	default:
		for _, c := range cmds {
			if !c.Hidden && c.Name != "help" {
				out = append(out, c.Name)
			}
		}
		if cmd != nil && cmd.Name == "rules" {
			out = append(out, catalog.IDs()...)
		}
		for _, f := range flags {
			out = append(out, "--"+f.Names()[0])
		}
	}
	for _, o := range out {
		fmt.Fprintln(w, o)
	}
}

// reorder moves flags written after positional arguments in front of them,
// so that "papergames faces drawing.json --json" works as users expect
// (urfave/cli stops reading flags at the first argument).
func reorder(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	if args[1] == "analyze" {
		return args // parses its own flags, written anywhere
	}
	out := []string{args[0]}
	cmds := app.Commands
	var flags []cli.Flag
	args = append([]string(nil), args...)
	i := 1
	for i < len(args) && len(cmds) > 0 {
		// The subcommand may follow flags ("board -o x.pdf GAME"); it
		// moves first. Names match without regard to case.
		at := -1
		for j := i; j < len(args) && at < 0 && args[j] != "--"; j++ {
			for _, c := range cmds {
				if c.HasName(args[j]) || strings.EqualFold(c.Name, args[j]) {
					at, args[j] = j, c.Name
					break
				}
			}
		}
		if at < 0 {
			// No subcommand (a misspelt game, or none): leave the rest as
			// it is, so that the command itself says what is wrong.
			return append(out, args[i:]...)
		}
		name := args[at]
		copy(args[i+1:at+1], args[i:at])
		args[i] = name
		for _, c := range cmds {
			if c.Name == name {
				out = append(out, name)
				cmds, flags = c.Subcommands, c.Flags
				break
			}
		}
		i++
	}
	takesValue := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var fl, pos []string
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			fl = append(fl, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(args) {
				fl = append(fl, args[i+1])
				i++
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(append(out, fl...), pos...)
}

// readInput reads a named file, or standard input for "-", refusing
// anything over input.MaxBytes.
func readInput(c *cli.Context, name string) ([]byte, error) {
	return input.ReadFile(name, c.App.Reader)
}

// reportFlags are the flags of the commands that report on a file:
// --json, and --render with its --paper (read back by renderFlags).
func reportFlags(jsonUsage, renderUsage string) []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "json", Usage: jsonUsage},
		&cli.StringFlag{Name: "render", Usage: renderUsage},
		paperFlag("paper for --render"),
		fontFlag(),
	}
}

// renderFlags reads the --render file's format and the --paper it is
// drawn on.
func renderFlags(c *cli.Context) (layout.Format, layout.Size, error) {
	var format layout.Format
	if out := c.String("render"); out != "" {
		var err error
		if format, err = layout.FormatFor(out, ""); err != nil {
			return "", layout.Size{}, usage("--render %q: the file name must end in .pdf or .svg", out)
		}
	}
	if c.String("render") == "" {
		return format, layout.Size{}, nil // the paper only matters to a render
	}
	paper, err := layout.ParsePaper(c.String("paper"))
	if err != nil {
		return "", layout.Size{}, usage("%s: %v", paperSource(c), err)
	}
	if err := useFont(c); err != nil {
		return "", layout.Size{}, err
	}
	return format, paper, nil
}

// paperSource names where --paper's value came from, for messages: the
// flag, or $PAPERGAMES_PAPER when the value is the variable's (the flag,
// if given the same, says the same).
func paperSource(c *cli.Context) string {
	if env := os.Getenv("PAPERGAMES_PAPER"); env != "" && c.String("paper") == env {
		return "$PAPERGAMES_PAPER"
	}
	return "--paper"
}

// paperErr renames --paper in err to $PAPERGAMES_PAPER when that gave it.
func paperErr(c *cli.Context, err error) error {
	if err == nil || paperSource(c) == "--paper" || !strings.HasPrefix(err.Error(), "--paper: ") {
		return err
	}
	return usage("$PAPERGAMES_PAPER: %s", strings.TrimPrefix(err.Error(), "--paper: "))
}

func facesCommand() *cli.Command {
	return &cli.Command{
		Name:      "faces",
		Usage:     "count exactly the polygons (faces) that straight segments cut out, and their sides",
		ArgsUsage: "FILE (JSON or YAML: {\"segments\": [[[x1, y1], [x2, y2]], ...]}; - for standard input)",
		Flags: append(reportFlags("print {faces, sides_histogram, holes, vertices, edges, components} as JSON",
			"also draw the faces, shaded and labelled, to `FILE` (.pdf or .svg)"),
			&cli.Int64Flag{Name: "max-crossings", Value: geom.MaxCrossings, Usage: "refuse a drawing with more pairs of segments that cross or touch (each takes about 150 bytes; 0: no limit)"}),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usage("faces needs one drawing file (or - for standard input)")
			}
			name := c.Args().First()
			format, paper, err := renderFlags(c)
			if err != nil {
				return err
			}
			defer layout.SetFont(nil)
			data, err := readInput(c, name)
			if err != nil {
				return err
			}
			label := name
			if name == "-" {
				label = "<stdin>"
			}
			segs, err := drawing.Read(label, data)
			if err != nil {
				return err
			}
			lim := geom.DefaultLimits
			if lim.Crossings = c.Int64("max-crossings"); lim.Crossings < 0 {
				return usage("--max-crossings %d: must be 0 (no limit) or more", lim.Crossings)
			}
			arr, err := geom.ArrangeWithin(segs, lim)
			if err != nil {
				// Only the crossings bound is the flag's to raise.
				if le := (*geom.LimitError)(nil); errors.As(err, &le) && le.Crossings && lim.Crossings > 0 {
					return fmt.Errorf("%s: %v; --max-crossings raises it", label, err)
				}
				return fmt.Errorf("%s: %v", label, err)
			}
			rep := drawing.Summarize(arr, len(segs))
			if c.Bool("json") {
				_, err = c.App.Writer.Write(rep.JSON())
			} else {
				_, err = io.WriteString(c.App.Writer, rep.Text(label))
			}
			if err != nil {
				return err
			}
			if out := c.String("render"); out != "" {
				doc := layout.NewDocument(format, "Faces of "+label)
				if err := drawing.Sheet(label, paper, segs, arr, rep).Draw(doc); err != nil {
					return err
				}
				names, err := layout.Save(doc, out, c.App.Writer)
				if err != nil {
					return err
				}
				fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", wroteList(names))
			}
			return nil
		},
	}
}

func scoreCommand() *cli.Command {
	return &cli.Command{
		Name:      "score",
		Usage:     "check every move of finished games and score them",
		ArgsUsage: "FILE... (transcripts, YAML or JSON; - for standard input)",
		Flags: append(reportFlags("print the results as JSON (schema in docs/transcripts.md)",
			"draw the finished game on its board to `FILE` (.pdf or .svg; one transcript)"), ruleFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usage("score needs one or more transcript files (or - for standard input)")
			}
			opts, err := ruleOptions(c)
			if err != nil {
				return err
			}
			out := c.String("render")
			if out != "" && c.NArg() > 1 {
				return usage("--render draws one transcript; %d were given", c.NArg())
			}
			format, paper, err := renderFlags(c)
			if err != nil {
				return err
			}
			defer layout.SetFont(nil)
			failed := 0
			var renderErr error // --render failed: status 1 even if the transcript scored
			var jsons [][]byte
			for _, name := range c.Args().Slice() {
				data, err := readInput(c, name)
				if err != nil {
					fmt.Fprintf(c.App.ErrWriter, "papergames: %v\n", err)
					failed++
					continue
				}
				label := name
				if name == "-" {
					label = "<stdin>"
				}
				res, drawing, err := catalog.Score(label, data, opts)
				if ue := (*games.UsageError)(nil); errors.As(err, &ue) {
					return err // a bad rule flag (e.g. --sections): usage, status 2
				}
				if out != "" && drawing != nil && len(drawing.Cells) > 0 {
					doc := layout.NewDocument(format, drawing.Title)
					var names []string
					rerr := drawing.CheckRender()
					if rerr == nil {
						rerr = drawing.Sheet(res, paper).Draw(doc)
					}
					if rerr == nil {
						names, rerr = layout.Save(doc, out, c.App.Writer)
					}
					if rerr != nil {
						renderErr = fmt.Errorf("--render: %v", rerr)
					} else {
						fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", wroteList(names))
					}
				} else if out != "" && err == nil {
					renderErr = fmt.Errorf("--render %s: the transcript has no round to draw; nothing written", out)
				}
				if err != nil {
					fmt.Fprintf(c.App.ErrWriter, "%s\n", safetext.Message(err.Error()))
					failed++
					continue
				}
				if err := res.CheckReport(); err != nil {
					fmt.Fprintf(c.App.ErrWriter, "papergames: %s: %v\n", label, err)
					failed++
					continue
				}
				if c.Bool("json") {
					j := res.JSON()
					if err := scorer.CheckJSON(j); err != nil {
						fmt.Fprintf(c.App.ErrWriter, "papergames: %s: %v\n", label, err)
						failed++
						continue
					}
					jsons = append(jsons, j)
				} else {
					io.WriteString(c.App.Writer, res.Text(label))
				}
			}
			if c.Bool("json") {
				switch {
				case len(jsons) == 1 && c.NArg() == 1:
					c.App.Writer.Write(jsons[0])
				case len(jsons) > 0:
					io.WriteString(c.App.Writer, "[\n")
					for i, j := range jsons {
						c.App.Writer.Write(bytes.TrimRight(j, "\n"))
						if i+1 < len(jsons) {
							io.WriteString(c.App.Writer, ",")
						}
						io.WriteString(c.App.Writer, "\n")
					}
					io.WriteString(c.App.Writer, "]\n")
				}
			}
			if failed > 0 {
				if renderErr != nil {
					fmt.Fprintf(c.App.ErrWriter, "papergames: %v\n", renderErr)
				}
				return fmt.Errorf("%d of %d transcript(s) could not be scored", failed, c.NArg())
			}
			return renderErr
		},
	}
}

// paramFlags are the flags of a game's parameters (board or rules); owners,
// when given, names the games a flag belongs to in its usage.
func paramFlags(ps []games.Param, owners map[string][]string) []cli.Flag {
	var flags []cli.Flag
	for _, p := range ps {
		use := p.Usage
		if o := owners[p.Name]; len(o) == 1 {
			use = strings.Join(o, ", ") + ": " + use
		}
		switch p.Kind {
		case games.Int:
			rng := fmt.Sprintf("%d to %d", p.Min, p.Max)
			if p.Print != "" {
				rng += "; " + p.Print
			}
			flags = append(flags, &cli.IntFlag{Name: p.Name, Value: p.Default, Usage: fmt.Sprintf("%s (%s)", use, rng)})
		case games.String:
			flags = append(flags, &cli.StringFlag{Name: p.Name, Usage: use})
		case games.Bool:
			flags = append(flags, &cli.BoolFlag{Name: p.Name, Usage: use})
		}
	}
	return flags
}

// ruleFlags are the rule variants every game declares (games.Scorer's
// Rules); score and moves share them, and a game reads its own.
func ruleFlags() []cli.Flag {
	ps, owners := catalog.Rules()
	return paramFlags(ps, owners)
}

func ruleOptions(c *cli.Context) (games.Values, error) {
	ps, _ := catalog.Rules()
	return games.ParseValues(ps, func(name string) (string, bool) { return c.String(name), c.IsSet(name) })
}

func movesCommand() *cli.Command {
	return &cli.Command{
		Name:      "moves",
		Usage:     "list the legal next moves of an unfinished round, to settle \"I can't move\"",
		ArgsUsage: "FILE (a transcript, YAML or JSON; - for standard input)",
		Flags:     ruleFlags(),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usage("moves needs one transcript file (or - for standard input)")
			}
			name := c.Args().First()
			data, err := readInput(c, name)
			if err != nil {
				return err
			}
			label := name
			if name == "-" {
				label = "<stdin>"
			}
			opts, err := ruleOptions(c)
			if err != nil {
				return err
			}
			txt, err := catalog.Moves(label, data, opts)
			if err != nil {
				return err
			}
			_, err = io.WriteString(c.App.Writer, safetext.Lines(txt))
			return err
		},
	}
}

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "start the local web app: the games, a sheet designer, and scoring",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "port", Usage: "port on 127.0.0.1 (0: a free one)"},
			&cli.StringFlag{Name: "listen", Usage: "listen on `ADDR` (host:port, e.g. 0.0.0.0:8080) instead of 127.0.0.1, so that other machines can reach the app; it then answers requests for that address too"},
			&cli.BoolFlag{Name: "open", Usage: "open the app in the web browser"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usage("serve takes no arguments")
			}
			port := c.Int("port")
			if port < 0 || port > 65535 {
				return usage("--port %d: must be from 0 to 65535", port)
			}
			addr := fmt.Sprintf("127.0.0.1:%d", port)
			if c.IsSet("listen") {
				if c.IsSet("port") {
					return usage("--listen gives the port: use --listen HOST:PORT without --port")
				}
				addr = c.String("listen")
				if _, _, err := net.SplitHostPort(addr); err != nil {
					return usage("--listen %q: write HOST:PORT, e.g. 0.0.0.0:8080 or 192.168.1.5:8080", addr)
				}
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("serve: %v", err)
			}
			url := "http://" + ln.Addr().String() + "/"
			fmt.Fprintf(c.App.Writer, "papergames is at %s (Ctrl-C stops it)\n", url)
			if c.Bool("open") {
				if err := web.Open(url); err != nil {
					fmt.Fprintf(c.App.ErrWriter, "papergames: could not open a browser (%v): open %s yourself\n", err, url)
				}
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
			defer stop()
			return web.Run(ctx, ln)
		},
	}
}

func analyzeCommand() *cli.Command {
	return &cli.Command{
		Name:            "analyze",
		Usage:           "answer the open questions of the games' posts: exact values by search, statistics by simulation",
		ArgsUsage:       "GAME QUESTION [flags] (papergames analyze --help lists the questions)",
		SkipFlagParsing: true,
		Action: func(c *cli.Context) error {
			err := analysis.Main(c.Args().Slice(), c.App.Writer, c.App.ErrWriter)
			var ue *analysis.UsageError
			if errors.As(err, &ue) {
				return usage("analyze: %s", ue.Msg)
			}
			return err
		},
	}
}

// wroteList names the files written: all of them when few, else the
// first and last with their count (an SVG sheet of 240 pages).
func wroteList(names []string) string {
	if len(names) <= 4 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, %s, ... %s (%d files)", names[0], names[1], names[len(names)-1], len(names))
}
