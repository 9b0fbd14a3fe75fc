package analysis

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"papergames/input"
)

// UsageError is a mistake on the command line (exit status 2).
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, a ...any) error { return &UsageError{fmt.Sprintf(format, a...)} }

// Help lists the questions, for papergames analyze --help.
func Help() string {
	var b strings.Builder
	b.WriteString(`usage: papergames analyze GAME QUESTION [flags]
       papergames analyze merge [--json] [--plot FILE] PARTIAL.json...
       papergames analyze plot ANSWER.json FILE.pdf|svg   (redraw the chart of a --json answer)

Answers the open questions of the games' posts, exactly where possible;
every answer states its method (exhaustive, search with its pruning, or
Monte Carlo with its samples and seed).

questions:
`)
	w := 0
	for _, q := range Questions() {
		w = max(w, len(q.Game)+1+len(q.Name))
	}
	for _, q := range Questions() {
		id := q.Game + " " + q.Name
		fmt.Fprintf(&b, "  %-*s  %s\n", w, id, q.Summary)
	}
	b.WriteString(`
flags of every question:
  --json            print the answer as JSON
  --plot FILE       draw its chart to FILE (.pdf or .svg)
  --seed N          seed of the random numbers (default 1)
  --workers N       goroutines (default 0: one per core); the answer does not depend on it
  --shard K/N       compute part K of N and write a partial result (to -o FILE or standard output)
  -o FILE           where --shard writes
  --quiet           no progress (a bar on a terminal, else a line every 10 s)

papergames analyze GAME QUESTION --help lists the question's own flags.
`)
	return b.String()
}

// common are the flags of every question.
type common struct {
	json    bool
	plot    string
	seed    uint64
	workers int
	shard   string
	out     string
	quiet   bool
}

func (c *common) define(fs *flag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print the answer as JSON")
	fs.StringVar(&c.plot, "plot", "", "draw the answer's chart to `FILE` (.pdf or .svg)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the random numbers")
	fs.IntVar(&c.workers, "workers", 0, "goroutines (0: one per core); the answer does not depend on it")
	fs.StringVar(&c.shard, "shard", "", "compute part `K/N` only and write a partial result")
	fs.StringVar(&c.out, "o", "", "write the partial result of --shard to `FILE`")
	fs.BoolVar(&c.quiet, "quiet", false, "no progress (a bar on a terminal, else a line every 10 s)")
}

// parseArgs parses flags written anywhere among the arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// Main runs papergames analyze with args (after the word analyze).
func Main(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" || args[0] == "help" {
		_, err := io.WriteString(stdout, Help())
		return err
	}
	if args[0] == "merge" {
		return mainMerge(args[1:], stdout, stderr)
	}
	if args[0] == "plot" {
		return mainPlot(args[1:], stderr)
	}
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		return usagef("analyze needs a game and a question, e.g. papergames analyze making-intersections minimum (papergames analyze --help lists them)")
	}
	q, ok := Find(args[0], args[1])
	if !ok {
		var names []string
		for _, q := range Questions() {
			if q.Game == args[0] {
				names = append(names, q.Name)
			}
		}
		if len(names) == 0 {
			return usagef("no questions about %q (papergames analyze --help lists them)", args[0])
		}
		return usagef("no question %q about %s: ask %s", args[1], args[0], strings.Join(names, ", "))
	}
	fs := flag.NewFlagSet("papergames analyze "+q.Game+" "+q.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var c common
	c.define(fs)
	if q.Flags != nil {
		q.Flags(fs)
	}
	pos, err := parseArgs(fs, args[2:])
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "papergames analyze %s %s: %s\n\nflags:\n", q.Game, q.Name, q.Summary)
		_, err := io.WriteString(stdout, flagHelp(fs))
		return err
	}
	if err != nil {
		return usagef("%v", err)
	}
	if len(pos) > 0 {
		return usagef("unexpected argument %q", pos[0])
	}
	var empty error
	fs.Visit(func(f *flag.Flag) {
		if _, isBool := f.Value.(interface{ IsBoolFlag() bool }); !isBool && f.Value.String() == "" && empty == nil {
			empty = usagef("--%s is given with no value: give one, or leave the flag out for its default", f.Name)
		}
	})
	if empty != nil {
		return empty
	}
	if c.workers < 0 || c.workers > MaxWorkers {
		return usagef("--workers %d: from 0 (one per core) to %d", c.workers, MaxWorkers)
	}
	common := map[string]bool{"json": true, "plot": true, "seed": true, "workers": true, "shard": true, "o": true, "quiet": true}
	p := Params{}
	fs.VisitAll(func(f *flag.Flag) {
		if !common[f.Name] {
			p[f.Name] = f.Value.String()
		}
	})
	if c.plot != "" {
		if err := checkPlotName(c.plot); err != nil {
			return err
		}
	}
	prog := func(total int) Progress {
		if c.quiet {
			return nil
		}
		return NewProgress(stderr, total, q.Game+" "+q.Name)
	}
	start := time.Now()
	if c.shard != "" {
		sh, err := ParseShard(c.shard)
		if err != nil {
			return err
		}
		part, err := RunShard(q, p, c.seed, sh, c.workers, prog)
		if err != nil {
			return err
		}
		b, _ := json.MarshalIndent(part, "", " ")
		b = append(b, '\n')
		if c.out == "" || c.out == "-" {
			_, err = stdout.Write(b)
			return err
		}
		if err := writeFile(c.out, b); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote shard %s (%d of %d units) to %s in %s\n", part.Shard, len(part.Units), part.Total, c.out, took(start))
		return nil
	}
	if c.out != "" {
		return usagef("-o is where --shard writes its partial result; without --shard the answer goes to standard output")
	}
	r, err := Run(q, p, c.seed, c.workers, prog)
	if err != nil {
		return err
	}
	return show(r, c.json, c.plot, start, stdout, stderr)
}

// flagHelp lists fs's flags as the other commands' help does: --name,
// its kind of value, its usage and its default.
func flagHelp(fs *flag.FlagSet) string {
	type row struct{ head, usage string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		head := "--" + f.Name
		if len(f.Name) == 1 {
			head = "-" + f.Name
		}
		if kind != "" {
			head += " " + kind
		}
		if d := f.DefValue; d != "" && d != "0" && d != "false" && !strings.Contains(usage, "(default") {
			usage += " (default " + d + ")"
		}
		rows = append(rows, row{head, usage})
		width = max(width, len(head))
	})
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, r.head, r.usage)
	}
	return b.String()
}

// took is a run's time, for standard error (never in the answer, which
// must be the same on every run).
func took(start time.Time) string {
	return time.Since(start).Round(time.Millisecond).String()
}

func show(r *Result, asJSON bool, plot string, start time.Time, stdout, stderr io.Writer) error {
	var err error
	if asJSON {
		b, _ := json.MarshalIndent(r, "", "  ")
		_, err = stdout.Write(append(b, '\n'))
	} else {
		_, err = io.WriteString(stdout, r.Text())
	}
	if err != nil {
		return err
	}
	if plot != "" {
		if err := Plot(r, plot); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s\n", plot)
	}
	fmt.Fprintf(stderr, "took %s\n", took(start))
	return nil
}

func checkPlotName(name string) error {
	if !strings.HasSuffix(name, ".pdf") && !strings.HasSuffix(name, ".svg") && !strings.HasSuffix(name, ".png") {
		return usagef("--plot %q: the file name must end in .pdf, .svg or .png", name)
	}
	return nil
}

// ParseShard reads K/N, 1 <= K <= N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	K, err1 := strconv.Atoi(k)
	N, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || N < 1 || K < 1 || K > N {
		return Shard{}, usagef("--shard %q: write K/N with 1 <= K <= N, e.g. 2/8", s)
	}
	return Shard{K, N}, nil
}

func mainMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("papergames analyze merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	plot := fs.String("plot", "", "draw the answer's chart to `FILE` (.pdf or .svg)")
	files, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(stdout, "usage: papergames analyze merge [--json] [--plot FILE] PARTIAL.json...\n\nCombines the partial results of --shard K/N runs into the answer of one run.\n")
		return nil
	}
	if err != nil {
		return usagef("%v", err)
	}
	if len(files) == 0 {
		return usagef("merge needs the partial result files of the shards")
	}
	if *plot != "" {
		if err := checkPlotName(*plot); err != nil {
			return err
		}
	}
	start := time.Now()
	var parts []*Partial
	for _, f := range files {
		p, err := ReadPartial(f)
		if err != nil {
			return err
		}
		parts = append(parts, p)
	}
	r, err := Merge(parts)
	if err != nil {
		return err
	}
	return show(r, *asJSON, *plot, start, stdout, stderr)
}

// mainPlot redraws the chart of an answer saved with --json.
func mainPlot(args []string, stderr io.Writer) error {
	if len(args) != 2 {
		return usagef("plot needs an answer saved with --json and the chart's file, e.g. papergames analyze plot answer.json chart.svg")
	}
	if err := checkPlotName(args[1]); err != nil {
		return err
	}
	b, err := input.ReadFile(args[0], nil)
	if err != nil {
		return err
	}
	var r Result
	if err := input.DecodeJSON(args[0], b, &r); err != nil {
		return fmt.Errorf("not an answer of papergames analyze --json: %v", err)
	}
	if r.Question == "" {
		return fmt.Errorf("%s: not an answer of papergames analyze --json (no question)", args[0])
	}
	if err := Plot(&r, args[1]); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", args[1])
	return nil
}

// Complete lists what may follow words (the arguments after "analyze",
// the last one being completed) for shell completion: the games with
// questions, then a game's questions, then the question's flags.
func Complete(words []string) []string {
	var pos []string
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			pos = append(pos, w)
		}
	}
	var out []string
	switch len(pos) {
	case 0:
		seen := map[string]bool{}
		for _, q := range Questions() {
			if !seen[q.Game] {
				seen[q.Game] = true
				out = append(out, q.Game)
			}
		}
		out = append(out, "merge", "plot")
	case 1:
		for _, q := range Questions() {
			if q.Game == pos[0] {
				out = append(out, q.Name)
			}
		}
	default:
		q, ok := Find(pos[0], pos[1])
		if !ok {
			return nil
		}
		fs := flag.NewFlagSet("", flag.ContinueOnError)
		var c common
		c.define(fs)
		if q.Flags != nil {
			q.Flags(fs)
		}
		fs.VisitAll(func(f *flag.Flag) {
			if len(f.Name) > 1 {
				out = append(out, "--"+f.Name)
			}
		})
	}
	return out
}
