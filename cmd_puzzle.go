package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/games"
	"papergames/input"
	"papergames/layout"
	"papergames/puzzle"
	"papergames/sheets"
)

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
				printFlag("per-page", "puzzles a page", "the kind's own"),
				printFlag("paper", "paper size: a4, a3, a5, letter, legal, tabloid or WxH"),
				printFlag("landscape", ""),
				printFlag("margin", ""),
				printFlag("no-ruler", ""),
				printFlag("line-width", ""),
				printFlag("grey", "draw light guide lines grey"),
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
				return exitError{status: exitNotOptimal}
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
		return &games.UsageError{Msg: err.Error()}
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
			return &games.UsageError{Msg: "--key: " + err.Error()}
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
