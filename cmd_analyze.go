package main

import (
	"errors"
	"flag"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/analysis"
	"papergames/games"
)

// analyzeCommand is papergames analyze GAME QUESTION, a subcommand per
// game and under it one per question (analysis.Questions), and analyze
// merge and analyze plot.
func analyzeCommand() *cli.Command {
	cmd := &cli.Command{
		Name:               "analyze",
		Usage:              "answer the open questions of the games' posts: exact values by search, statistics by simulation",
		ArgsUsage:          "GAME QUESTION [flags] (papergames analyze --help lists the questions)",
		HideHelpCommand:    true,
		CustomHelpTemplate: analyzeHelp(),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 || c.NArg() == 1 && c.Args().First() == "help" {
				return cli.ShowSubcommandHelp(c)
			}
			return analyzeErr(usage("no questions about %q (papergames analyze --help lists them)", c.Args().First()))
		},
	}
	var game *cli.Command
	for _, q := range analysis.Questions() { // by game, then name
		if game == nil || game.Name != q.Game {
			game = gameQuestionsCommand(q.Game)
			cmd.Subcommands = append(cmd.Subcommands, game)
		}
		game.Subcommands = append(game.Subcommands, questionCommand(q))
	}
	cmd.Subcommands = append(cmd.Subcommands, analyzeMergeCommand(), analyzePlotCommand())
	return cmd
}

// gameQuestionsCommand is papergames analyze GAME, whose subcommands are
// the game's questions.
func gameQuestionsCommand(game string) *cli.Command {
	return &cli.Command{
		Name:            game,
		Usage:           "questions about " + game,
		HideHelpCommand: true,
		CustomHelpTemplate: `usage: {{.HelpName}} QUESTION [flags]

questions:
{{range .VisibleCommands}}  {{.Name}}` + "\t" + `{{.Usage}}
{{end}}
{{.HelpName}} QUESTION --help lists the question's own flags; papergames analyze --help, the flags of every question.
`,
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return analyzeErr(usage("analyze needs a game and a question, e.g. papergames analyze making-intersections minimum (papergames analyze --help lists them)"))
			}
			var names []string
			for _, q := range c.Command.VisibleCommands() {
				names = append(names, q.Name)
			}
			return analyzeErr(usage("no question %q about %s: ask %s", c.Args().First(), game, strings.Join(names, ", ")))
		},
	}
}

// leafHelp is the help of a question, of merge and of plot.
const leafHelp = `{{.HelpName}}: {{.Usage}}

usage: {{.HelpName}} [flags]{{with .ArgsUsage}} {{.}}{{end}}

flags:
{{range .VisibleFlags}}  {{.}}
{{end}}`

// questionCommand is papergames analyze GAME QUESTION: the question's own
// flags and the flags of every question.
func questionCommand(q analysis.Question) *cli.Command {
	own := flag.NewFlagSet(q.Game+" "+q.Name, flag.ContinueOnError)
	if q.Flags != nil {
		q.Flags(own)
	}
	var o analysis.Options
	common := flag.NewFlagSet("", flag.ContinueOnError)
	o.Flags(common)
	flags := append(goFlags(own), goFlags(common)...)
	return &cli.Command{
		Name:               q.Name,
		Usage:              q.Summary,
		HideHelpCommand:    true,
		CustomHelpTemplate: leafHelp,
		Flags:              flags,
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return analyzeErr(usage("unexpected argument %q", c.Args().First()))
			}
			if err := noEmptyValue(c, flags); err != nil {
				return analyzeErr(err)
			}
			p := analysis.Params{}
			own.VisitAll(func(f *flag.Flag) { p[f.Name] = f.Value.String() })
			return analyzeErr(analysis.Answer(q, p, o, c.App.Writer, c.App.ErrWriter))
		},
	}
}

func analyzeMergeCommand() *cli.Command {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	plot := fs.String("plot", "", "draw the answer's chart to `FILE` (.pdf or .svg)")
	return &cli.Command{
		Name:               "merge",
		Usage:              "combine the partial results of --shard K/N runs into the answer of one run",
		ArgsUsage:          "PARTIAL.json...",
		HideHelpCommand:    true,
		CustomHelpTemplate: leafHelp,
		Flags:              goFlags(fs),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return analyzeErr(usage("merge needs the partial result files of the shards"))
			}
			return analyzeErr(analysis.MergeFiles(c.Args().Slice(), *asJSON, *plot, c.App.Writer, c.App.ErrWriter))
		},
	}
}

func analyzePlotCommand() *cli.Command {
	return &cli.Command{
		Name:               "plot",
		Usage:              "redraw the chart of an answer saved with --json",
		ArgsUsage:          "ANSWER.json FILE.pdf|svg",
		HideHelpCommand:    true,
		CustomHelpTemplate: leafHelp,
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return analyzeErr(usage("plot needs an answer saved with --json and the chart's file, e.g. papergames analyze plot answer.json chart.svg"))
			}
			return analyzeErr(analysis.Replot(c.Args().Get(0), c.Args().Get(1), c.App.ErrWriter))
		},
	}
}

// analyzeHelp is the help of papergames analyze: the questions with their
// summaries, and the flags of every question.
func analyzeHelp() string {
	var o analysis.Options
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	o.Flags(fs)
	var common strings.Builder
	for _, f := range goFlags(fs) {
		common.WriteString("  " + f.String() + "\n")
	}
	return `usage: papergames analyze GAME QUESTION [flags]
       papergames analyze merge [--json] [--plot FILE] PARTIAL.json...
       papergames analyze plot ANSWER.json FILE.pdf|svg   (redraw the chart of a --json answer)

Answers the open questions of the games' posts, exactly where possible;
every answer states its method (exhaustive, search with its pruning, or
Monte Carlo with its samples and seed).

questions:
{{range .VisibleCommands}}{{$game := .Name}}{{range .VisibleCommands}}  {{$game}} {{.Name}}` + "\t" + `{{.Usage}}
{{end}}{{end}}
flags of every question:
` + templateText(common.String()) + `
papergames analyze GAME QUESTION --help lists the question's own flags.
`
}

// templateText is s as the text of a help template.
func templateText(s string) string { return strings.ReplaceAll(s, "{{", `{{"{{"}}`) }

// analyzeErr words analyze's usage errors as they always were: after
// "analyze: ".
func analyzeErr(err error) error {
	var ue *games.UsageError
	if errors.As(err, &ue) {
		return usage("analyze: %s", ue.Msg)
	}
	return err
}

// noEmptyValue refuses a flag given an empty value (--chords ""), which
// would quietly stand for its default or for nothing.
func noEmptyValue(c *cli.Context, flags []cli.Flag) error {
	var given []goFlag
	for _, f := range flags {
		if g, ok := f.(goFlag); ok && g.TakesValue() && c.IsSet(g.f.Name) && g.f.Value.String() == "" {
			given = append(given, g)
		}
	}
	if len(given) == 0 {
		return nil
	}
	g := slices.MinFunc(given, func(a, b goFlag) int { return strings.Compare(a.f.Name, b.f.Name) })
	return usage("%s is given with no value: give one, or leave the flag out for its default", g.dashed())
}

// goFlag is a flag of the standard flag package as a urfave/cli flag.
// analyze's questions declare their flags on a flag.FlagSet; parsing into
// the same flag.Value keeps each flag's kind, default and usage, and the
// text of its value, which a question's Params (and shard files) hold.
type goFlag struct{ f *flag.Flag }

func goFlags(fs *flag.FlagSet) []cli.Flag {
	var flags []cli.Flag
	fs.VisitAll(func(f *flag.Flag) { flags = append(flags, goFlag{f}) })
	return flags
}

func (g goFlag) Apply(set *flag.FlagSet) error {
	set.Var(g.f.Value, g.f.Name, g.f.Usage)
	return nil
}

func (g goFlag) Names() []string { return []string{g.f.Name} }

// IsSet: only the command line sets these, and urfave/cli asks its flag
// set about that first.
func (g goFlag) IsSet() bool     { return false }
func (g goFlag) IsVisible() bool { return true }

func (g goFlag) TakesValue() bool {
	b, ok := g.f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

func (g goFlag) dashed() string {
	if len(g.f.Name) == 1 {
		return "-" + g.f.Name
	}
	return "--" + g.f.Name
}

// String is the flag's line of help: --name, its kind of value, its
// usage and its default.
func (g goFlag) String() string {
	kind, use := flag.UnquoteUsage(g.f)
	head := g.dashed()
	if kind != "" {
		head += " " + kind
	}
	if d := g.f.DefValue; d != "" && d != "0" && d != "false" && !strings.Contains(use, "(default") {
		use += " (default " + d + ")"
	}
	return head + "\t" + use
}
