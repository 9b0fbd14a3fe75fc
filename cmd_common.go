// What the commands share: exit statuses and errors, standard output,
// and the flags several commands take (reading inputs, rendering,
// printing, rules).

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/input"
	"papergames/layout"
	"papergames/sheets"
)

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

// wroteList names the files written: all of them when few, else the
// first and last with their count (an SVG sheet of 240 pages).
func wroteList(names []string) string {
	if len(names) <= 4 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, %s, ... %s (%d files)", names[0], names[1], names[len(names)-1], len(names))
}

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
		printFlag("paper", "paper for --render"),
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
	if env := os.Getenv(sheets.PrintOptionNamed("paper").Env); env != "" && c.String("paper") == env {
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

// printFlags are the flags every board subcommand shares: the output,
// the print options (sheets.PrintOptions) and --font.
func printFlags() []cli.Flag {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (.pdf or .svg; - for standard output)"},
		&cli.StringFlag{Name: "format", Usage: "pdf or svg (needed with -o -)"},
	}
	for _, p := range sheets.PrintOptions {
		flags = append(flags, optionFlag(p))
	}
	return append(flags, fontFlag())
}

// printFlag is the print option name as a flag of a command that says
// what it means there in its own words (usage and, when given, what no
// value does); its default is the table's.
func printFlag(name, usage string, defaultText ...string) cli.Flag {
	p := sheets.PrintOptionNamed(name)
	if usage != "" {
		p.Usage = usage
	}
	if len(defaultText) > 0 {
		p.DefaultText = defaultText[0]
	}
	return optionFlag(p)
}

// optionFlag is a print option as a flag.
func optionFlag(p sheets.PrintOption) cli.Flag {
	var env []string
	if p.Env != "" {
		env = []string{p.Env}
	}
	switch p.Kind {
	case games.Int:
		return &cli.IntFlag{Name: p.Name, Usage: p.Usage, DefaultText: p.DefaultText, EnvVars: env}
	case games.Bool:
		return &cli.BoolFlag{Name: p.Name, Usage: p.Usage, EnvVars: env}
	}
	return &cli.StringFlag{Name: p.Name, Value: p.Default, Usage: p.Usage, DefaultText: p.DefaultText, EnvVars: env}
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

func gameArg(c *cli.Context, cmd string) (games.Game, error) {
	if c.NArg() != 1 {
		return nil, usage("%s needs one game id: %s", cmd, strings.Join(catalog.IDs(), ", "))
	}
	g, err := catalog.Lookup(strings.ToLower(c.Args().First()))
	if err != nil {
		return nil, &games.UsageError{Msg: err.Error()}
	}
	return g, nil
}

// article puts "a" or "an" before a title: "an Arcs And Marks".
func article(title string) string {
	if title != "" && strings.ContainsRune("AEIOUaeiou", rune(title[0])) {
		return "an " + title
	}
	return "a " + title
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
