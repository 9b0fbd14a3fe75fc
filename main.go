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
	"strings"

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

func setUsage(cmds []*cli.Command, f cli.OnUsageErrorFunc) {
	for _, c := range cmds {
		c.OnUsageError = f
		setUsage(c.Subcommands, f)
	}
}

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
		for _, n := range f.Names() {
			takesValue[n] = flagTakesValue(f)
		}
	}
	var fl, pos []string
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			// Kept, so that what follows is never read as flags ("analyze merge -- -1.json").
			fl = append(fl, "--")
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

// flagTakesValue tells whether f reads the argument after it as its value.
func flagTakesValue(f cli.Flag) bool {
	v, ok := f.(interface{ TakesValue() bool })
	return ok && v.TakesValue()
}
