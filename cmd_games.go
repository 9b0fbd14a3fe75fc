package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/sheets"
	"papergames/templates"
)

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
				return &games.UsageError{Msg: err.Error()}
			}
			return usage("transcript: put the game id first")
		},
	}
	for _, g := range catalog.Games {
		g := g
		flags := append(paramFlags(g.Params(), nil),
			printFlag("names", ""),
			printFlag("players", ""),
			printFlag("rounds", "rounds to lay out", "one per --copies, or the game's usual match"),
			printFlag("copies", "boards printed, one per round", "one per round of --rounds, or of the game's usual match"),
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
