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
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/drawing"
	"papergames/games"
	"papergames/geom"
	"papergames/input"
	"papergames/layout"
	"papergames/sheets"
	"papergames/templates"
)

// version is set by the release build; "dev" otherwise.
var version = "0.1.0"

// Exit statuses.
const (
	exitOK    = 0
	exitInput = 1 // bad input: a file, a transcript, an I/O failure
	exitUsage = 2 // bad command line: flags, names, values
)

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usageError marks command-line mistakes (exit status 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usage(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "papergames: internal error: %v (please report this with the command you ran)\n", r)
			status = exitInput
		}
	}()
	app := newApp(stdin, stdout, stderr)
	err := app.Run(reorder(app, args))
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(stderr, "papergames: %v\n", err)
	var ue usageError
	var ge *games.UsageError
	if errors.As(err, &ue) || errors.As(err, &ge) {
		return exitUsage
	}
	return exitInput
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	onUsage := func(c *cli.Context, err error, _ bool) error { return usageError{err.Error()} }
	app := &cli.App{
		Name:                 "papergames",
		Usage:                "print board sheets for Leroy Quet's pen-and-paper geometry games, and score finished games",
		Version:              version,
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		HideHelpCommand:      true,
		OnUsageError:         onUsage,
		ExitErrHandler:       func(*cli.Context, error) {},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usage("unknown command %q; the commands are list, board, rules, faces, score, moves, transcript, completion (see papergames --help)", c.Args().First())
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
			completionCommand(),
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
			for _, g := range games.Catalog {
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
		return nil, usage("%s needs one game id: %s", cmd, strings.Join(games.IDs(), ", "))
	}
	g, err := games.Lookup(c.Args().First())
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return g, nil
}

func rulesCommand() *cli.Command {
	return gameTextCommand("rules", "print a game's rules, with the rulings papergames scores by", templates.Rules)
}

func transcriptCommand() *cli.Command {
	return gameTextCommand("transcript", "print a blank transcript of a game to fill in after playing", games.Blank)
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
	paper := "a4"
	if p := os.Getenv("PAPERGAMES_PAPER"); p != "" {
		paper = p
	}
	return []cli.Flag{
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (.pdf or .svg; - for standard output)"},
		&cli.StringFlag{Name: "format", Usage: "pdf or svg (needed with -o -)"},
		&cli.StringFlag{Name: "paper", Value: paper, Usage: "a4, a3, a5, letter, legal, tabloid, or WxH such as 210x297mm or 8.5x11in (default from $PAPERGAMES_PAPER)"},
		&cli.BoolFlag{Name: "landscape", Usage: "turn the paper sideways"},
		&cli.StringFlag{Name: "margin", Value: "10mm", Usage: "page margin"},
		&cli.StringFlag{Name: "board-size", Usage: "size of the board (circle diameter, grid side), e.g. 150mm; default: the largest that fits"},
		&cli.IntFlag{Name: "copies", Value: 1, Usage: "boards to print, one per round"},
		&cli.IntFlag{Name: "per-page", Usage: "boards per page, tiled with cut lines between them"},
		&cli.IntFlag{Name: "rounds", Usage: "rows of the score table (default: the game's usual match, or --copies)"},
		&cli.IntFlag{Name: "players", Usage: "number of players (default: the game's minimum, or as many as --names)"},
		&cli.StringFlag{Name: "names", Usage: `player names in seat order, e.g. "Ann,Bob"`},
		&cli.BoolFlag{Name: "rules", Usage: "add the rules on a page of their own"},
		&cli.BoolFlag{Name: "no-ruler", Usage: "leave out the calibration ruler"},
		&cli.StringFlag{Name: "line-width", Value: "0.35mm", Usage: "width of the game lines"},
		&cli.BoolFlag{Name: "grey", Usage: "draw light guide lines grey (game lines stay black)"},
	}
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
			_, err := gameArg(c, "board")
			if err == nil {
				err = usage("board: put the game id first")
			}
			return err
		},
	}
	for _, g := range games.Catalog {
		cmd.Subcommands = append(cmd.Subcommands, boardGameCommand(g))
	}
	return cmd
}

func boardGameCommand(g games.Game) *cli.Command {
	info := g.Info()
	flags := printFlags()
	for _, p := range g.Params() {
		switch p.Kind {
		case games.Int:
			flags = append(flags, &cli.IntFlag{Name: p.Name, Value: p.Default, Usage: fmt.Sprintf("%s (%d to %d)", p.Usage, p.Min, p.Max)})
		case games.String:
			flags = append(flags, &cli.StringFlag{Name: p.Name, Usage: p.Usage})
		case games.Bool:
			flags = append(flags, &cli.BoolFlag{Name: p.Name, Usage: p.Usage})
		}
	}
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
	v := games.Values{}
	for _, p := range g.Params() {
		switch p.Kind {
		case games.Int:
			v[p.Name] = c.Int(p.Name)
		case games.String:
			v[p.Name] = c.String(p.Name)
		case games.Bool:
			v[p.Name] = c.Bool(p.Name)
		}
	}
	paper, err := layout.ParsePaper(c.String("paper"))
	if err != nil {
		return usage("--paper: %v", err)
	}
	length := func(name string) (float64, error) {
		if c.String(name) == "" {
			return 0, nil
		}
		l, err := layout.ParseLength(c.String(name), "mm")
		if err != nil {
			return 0, usage("--%s: %v", name, err)
		}
		return l, nil
	}
	o := sheets.Options{
		Paper: paper, Landscape: c.Bool("landscape"),
		Copies: c.Int("copies"), PerPage: c.Int("per-page"), Rounds: c.Int("rounds"),
		Players: c.Int("players"), Names: sheets.SplitNames(c.String("names")),
		Rules: c.Bool("rules"), NoRuler: c.Bool("no-ruler"), Grey: c.Bool("grey"),
	}
	if c.IsSet("per-page") && o.PerPage == 0 {
		return usage("--per-page 0: must be from 1 to %d", sheets.MaxPerPage)
	}
	if c.IsSet("rounds") && o.Rounds == 0 {
		return usage("--rounds 0: must be from 1 to 100")
	}
	if o.Margin, err = length("margin"); err != nil {
		return err
	}
	if o.BoardSize, err = length("board-size"); err != nil {
		return err
	}
	if c.IsSet("board-size") && o.BoardSize <= 0 {
		return usage("--board-size %s: must be positive", c.String("board-size"))
	}
	if o.LineWidth, err = length("line-width"); err != nil {
		return err
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
	res, err := sheets.Build(g, v, o)
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(c.App.ErrWriter, "papergames: warning: %s\n", w)
	}
	doc := layout.NewDocument(format, g.Info().Title+" — board "+res.BoardID)
	if err := res.Sheet.Draw(doc); err != nil {
		return err
	}
	names, err := layout.Save(doc, out, c.App.Writer)
	if err != nil {
		return err
	}
	if out != "-" {
		fmt.Fprintf(c.App.ErrWriter, "wrote %s (board %s)\n", strings.Join(names, ", "), res.BoardID)
	}
	return nil
}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash or zsh): source <(papergames completion bash)",
		ArgsUsage: "bash|zsh",
		Action: func(c *cli.Context) error {
			switch c.Args().First() {
			case "bash":
				_, err := io.WriteString(c.App.Writer, bashCompletion)
				return err
			case "zsh":
				_, err := io.WriteString(c.App.Writer, "autoload -U bashcompinit && bashcompinit\n"+bashCompletion)
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
complete -o filenames -F _papergames_complete papergames
`

// reorder moves flags written after positional arguments in front of them,
// so that "papergames faces drawing.json --json" works as users expect
// (urfave/cli stops reading flags at the first argument).
func reorder(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	cmds := app.Commands
	var flags []cli.Flag
	i := 1
	for i < len(args) {
		found := false
		for _, c := range cmds {
			if c.HasName(args[i]) {
				out = append(out, args[i])
				cmds, flags = c.Subcommands, c.Flags
				found = true
				i++
				break
			}
		}
		if !found {
			break
		}
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
	var r io.Reader = c.App.Reader
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, input.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", input.FileLabel(name), err)
	}
	if len(b) > input.MaxBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes; refused", input.FileLabel(name), input.MaxBytes)
	}
	return b, nil
}

// reportFlags are the flags of the commands that report on a file:
// --json, and --render with its --paper (read back by renderFlags).
func reportFlags(jsonUsage, renderUsage string) []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "json", Usage: jsonUsage},
		&cli.StringFlag{Name: "render", Usage: renderUsage},
		&cli.StringFlag{Name: "paper", Value: "a4", Usage: "paper for --render"},
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
	paper, err := layout.ParsePaper(c.String("paper"))
	if err != nil {
		return "", layout.Size{}, usage("--paper: %v", err)
	}
	return format, paper, nil
}

func facesCommand() *cli.Command {
	return &cli.Command{
		Name:      "faces",
		Usage:     "count exactly the polygons (faces) that straight segments cut out, and their sides",
		ArgsUsage: "FILE (JSON or YAML: {\"segments\": [[[x1, y1], [x2, y2]], ...]}; - for standard input)",
		Flags: reportFlags("print {faces, sides_histogram, holes, vertices, edges, components} as JSON",
			"also draw the faces, shaded and labelled, to `FILE` (.pdf or .svg)"),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usage("faces needs one drawing file (or - for standard input)")
			}
			name := c.Args().First()
			format, paper, err := renderFlags(c)
			if err != nil {
				return err
			}
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
			arr, err := geom.Arrange(segs)
			if err != nil {
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
				if _, err := layout.Save(doc, out, c.App.Writer); err != nil {
					return err
				}
				fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", out)
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
			opts := ruleOptions(c)
			out := c.String("render")
			if out != "" && c.NArg() > 1 {
				return usage("--render draws one transcript; %d were given", c.NArg())
			}
			format, paper, err := renderFlags(c)
			if err != nil {
				return err
			}
			failed := 0
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
				res, drawing, err := games.Score(label, data, opts)
				if ue := (*games.UsageError)(nil); errors.As(err, &ue) {
					return err // a bad rule flag (e.g. --sections): usage, status 2
				}
				if out != "" && drawing != nil && len(drawing.Cells) > 0 {
					doc := layout.NewDocument(format, drawing.Title)
					if derr := drawing.Sheet(res, paper).Draw(doc); derr != nil {
						fmt.Fprintf(c.App.ErrWriter, "papergames: --render: %v\n", derr)
					} else if _, serr := layout.Save(doc, out, c.App.Writer); serr != nil {
						fmt.Fprintf(c.App.ErrWriter, "papergames: --render: %v\n", serr)
					} else {
						fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", out)
					}
				}
				if err != nil {
					fmt.Fprintf(c.App.ErrWriter, "%v\n", err)
					failed++
					continue
				}
				if c.Bool("json") {
					jsons = append(jsons, res.JSON())
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
				return fmt.Errorf("%d of %d transcript(s) could not be scored", failed, c.NArg())
			}
			return nil
		},
	}
}

// ruleFlags choose rule variants and strictness; score and moves share
// them, and each game reads the ones that are its own.
func ruleFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "strict", Usage: "Cross, Don't Cross: a round that stops while a legal move remains is an error, not a provisional result"},
		&cli.BoolFlag{Name: "ban-along-cuts", Usage: "Crossing The Rings: refuse a segment that runs along a cut (default: it fills neither neighbour)"},
		&cli.StringFlag{Name: "sections", Usage: "Crossing The Rings: sections allowed in ring j, as `MIN..MAX` in numbers and j (e.g. j..2^j, the default; 2..3j; 4..8)"},
	}
}

func ruleOptions(c *cli.Context) games.Options {
	return games.Options{Strict: c.Bool("strict"), BanAlongCuts: c.Bool("ban-along-cuts"), Sections: c.String("sections")}
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
			txt, err := games.Moves(label, data, ruleOptions(c))
			if err != nil {
				return err
			}
			_, err = io.WriteString(c.App.Writer, txt)
			return err
		},
	}
}
