package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/input"
	"papergames/layout"
	"papergames/sheets"
)

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
				return &games.UsageError{Msg: err.Error()}
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
		return &games.UsageError{Msg: err.Error()}
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
