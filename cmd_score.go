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
	"papergames/games/catalog"
	"papergames/geom"
	"papergames/input"
	"papergames/internal/safetext"
	"papergames/layout"
	"papergames/scorer"
)

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
