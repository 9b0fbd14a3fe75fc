// Command papergames prints board sheets for Leroy Quet's pen-and-paper
// geometry games and scores finished games from transcripts.
//
// This file only wires the command line; the work is done in the packages.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"papergames/games"
	"papergames/input"
	"papergames/internal/safetext"
)

// version is set by the release build; "dev" otherwise.
var version = "0.1.0"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

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
	var ee exitError
	if errors.As(err, &ee) && ee.msg == "" {
		return ee.status
	}
	// Messages quote transcripts and names: escape what would drive the terminal.
	fmt.Fprintf(stderr, "papergames: %s\n", safetext.Message(err.Error()))
	var ge *games.UsageError
	switch {
	case errors.As(err, &ge):
		return exitUsage
	case errors.As(err, &ee):
		return ee.status
	}
	return exitInput
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	onUsage := func(c *cli.Context, err error, _ bool) error { return &games.UsageError{Msg: flagMessage(c, err)} }
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
