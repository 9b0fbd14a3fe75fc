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

// Exit statuses.
const (
	exitOK    = 0
	exitInput = 1 // bad input: a file, a transcript, an I/O failure
	exitUsage = 2 // bad command line: flags, names, values
	// exitNotOptimal: puzzle check read and scored the solution, and it
	// is not optimal (short of the optimum, unfinished, or a grid that
	// breaks a rule and scores 0).
	exitNotOptimal = 3
)

// flagMessage rewrites the flag package's "flag provided but not
// defined: -markz" to name the flag as typed (--markz), with the nearest
// flag of the command.
func flagMessage(c *cli.Context, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return err.Error()
	}
	typed := "-" + name
	if args, ok := c.App.Metadata["args"].([]string); ok {
		for _, a := range args {
			if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
				typed = "--" + name
			}
		}
	}
	var names []string
	flags := c.App.Flags
	where := "papergames"
	if c.Command != nil && c.Command.Name != "" {
		flags = c.Command.Flags
		where = c.Command.HelpName
	}
	for _, f := range flags {
		for _, n := range f.Names() {
			if len(n) > 1 {
				names = append(names, n)
			}
		}
	}
	sugg := input.Suggest(name, names)
	if sugg != "" {
		sugg = strings.Replace(sugg, `"`, `"--`, 1)
	}
	return fmt.Sprintf("unknown flag %s%s (see %s --help)", typed, sugg, where)
}

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }

// usage is a command-line mistake (exit status 2): games.UsageError, the
// one type every package uses for them.
func usage(format string, a ...any) error { return games.Usagef(format, a...) }

// exitError ends a command with an exit status of its own (puzzle
// check's 3: not optimal; read's 3: moves in doubt), and a message unless
// msg is empty (what went wrong is then in the command's report).
type exitError struct {
	msg    string
	status int
}

func (e exitError) Error() string {
	if e.msg == "" {
		return fmt.Sprintf("exit status %d", e.status)
	}
	return e.msg
}

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

// outWriter is the standard output of the commands. It remembers the
// first failed write (a full disk, /dev/full, a closed pipe), so that a
// command whose output was lost exits 1 even where it did not check.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = fmt.Errorf("writing standard output: %v", err)
	}
	return n, o.err
}

// finish returns the first failed write, or else the error of syncing
// standard output when it is a regular file (where a full disk or quota
// may only show then).
func (o *outWriter) finish() error {
	if o.err != nil {
		return o.err
	}
	if f, ok := o.w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			if err := f.Sync(); err != nil {
				return fmt.Errorf("writing standard output: %v", err)
			}
		}
	}
	return nil
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
	if args[1] == "analyze" {
		return args // parses its own flags, written anywhere
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

// wroteList names the files written: all of them when few, else the
// first and last with their count (an SVG sheet of 240 pages).
func wroteList(names []string) string {
	if len(names) <= 4 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, %s, ... %s (%d files)", names[0], names[1], names[len(names)-1], len(names))
}
