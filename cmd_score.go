package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"papergames/drawing"
	"papergames/games"
	"papergames/games/catalog"
	"papergames/geom"
	"papergames/internal/safetext"
	"papergames/layout"
	"papergames/scorer"
)

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
