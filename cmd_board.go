package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/layout"
	"papergames/sheets"
)

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
	if err := res.Draw(doc); err != nil {
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
		copies := ""
		if o.Class > 0 {
			copies = fmt.Sprintf(", %d numbered copies", o.Class)
		}
		fmt.Fprintf(c.App.ErrWriter, "wrote %s (board %s%s)\n", wroteList(names), res.BoardID, copies)
	}
	return nil
}
