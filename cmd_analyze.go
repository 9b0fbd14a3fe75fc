package main

import (
	"errors"

	"github.com/urfave/cli/v2"

	"papergames/analysis"
)

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
