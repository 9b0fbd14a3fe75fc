package analysis

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"strconv"
	"strings"
	"time"

	"papergames/games"
	"papergames/input"
)

// usagef is a mistake on the command line (exit status 2), of the one
// type papergames has for them.
func usagef(format string, a ...any) error { return games.Usagef(format, a...) }

// Options are the values of the flags every question takes.
type Options struct {
	JSON    bool   // print the answer as JSON
	Plot    string // draw the answer's chart to this file
	Seed    uint64 // the flag's default is 1
	Workers int    // 0: one per core
	Shard   string // "K/N": compute that part and write a partial result
	Out     string // where Shard's partial result goes ("" or "-": stdout)
	Quiet   bool   // no progress
}

// Flags declares the flags of every question on fs, their values going
// to o.
func (o *Options) Flags(fs *flag.FlagSet) {
	fs.BoolVar(&o.JSON, "json", false, "print the answer as JSON")
	fs.StringVar(&o.Plot, "plot", "", "draw the answer's chart to `FILE` (.pdf or .svg)")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the random numbers")
	fs.IntVar(&o.Workers, "workers", 0, "goroutines (0: one per core); the answer does not depend on it")
	fs.StringVar(&o.Shard, "shard", "", "compute part `K/N` only and write a partial result")
	fs.StringVar(&o.Out, "o", "", "write the partial result of --shard to `FILE`")
	fs.BoolVar(&o.Quiet, "quiet", false, "no progress (a bar on a terminal, else a line every 10 s)")
}

// Answer answers q with p, the values of its own flags (those left out
// take their defaults), and o: the answer goes to stdout, or with
// o.Shard the partial result to o.Out; progress and the time taken go
// to stderr.
func Answer(q Question, p Params, o Options, stdout, stderr io.Writer) error {
	p = maps.Clone(p)
	if p == nil {
		p = Params{}
	}
	if q.Flags != nil {
		fs := flag.NewFlagSet("", flag.ContinueOnError)
		q.Flags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			if _, ok := p[f.Name]; !ok {
				p[f.Name] = f.DefValue
			}
		})
	}
	if o.Workers < 0 || o.Workers > MaxWorkers {
		return usagef("--workers %d: from 0 (one per core) to %d", o.Workers, MaxWorkers)
	}
	if o.Plot != "" {
		if err := checkPlotName(o.Plot); err != nil {
			return err
		}
	}
	prog := func(total int) Progress {
		if o.Quiet {
			return nil
		}
		return NewProgress(stderr, total, q.Game+" "+q.Name)
	}
	start := time.Now()
	if o.Shard != "" {
		sh, err := ParseShard(o.Shard)
		if err != nil {
			return err
		}
		part, err := RunShard(q, p, o.Seed, sh, o.Workers, prog)
		if err != nil {
			return err
		}
		b, _ := json.MarshalIndent(part, "", " ")
		b = append(b, '\n')
		if o.Out == "" || o.Out == "-" {
			_, err = stdout.Write(b)
			return err
		}
		if err := writeFile(o.Out, b); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote shard %s (%d of %d units) to %s in %s\n", part.Shard, len(part.Units), part.Total, o.Out, took(start))
		return nil
	}
	if o.Out != "" {
		return usagef("-o is where --shard writes its partial result; without --shard the answer goes to standard output")
	}
	r, err := Run(q, p, o.Seed, o.Workers, prog)
	if err != nil {
		return err
	}
	return show(r, o.JSON, o.Plot, start, stdout, stderr)
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

// MergeFiles combines the partial results in files (of --shard runs) into
// the answer of one run, shown as Answer shows it.
func MergeFiles(files []string, asJSON bool, plot string, stdout, stderr io.Writer) error {
	if plot != "" {
		if err := checkPlotName(plot); err != nil {
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
	return show(r, asJSON, plot, start, stdout, stderr)
}

// Replot redraws the chart of an answer saved with --json to chart.
func Replot(answer, chart string, stderr io.Writer) error {
	if err := checkPlotName(chart); err != nil {
		return err
	}
	b, err := input.ReadFile(answer, nil)
	if err != nil {
		return err
	}
	var r Result
	if err := input.DecodeJSON(answer, b, &r); err != nil {
		return fmt.Errorf("not an answer of papergames analyze --json: %v", err)
	}
	if r.Question == "" {
		return fmt.Errorf("%s: not an answer of papergames analyze --json (no question)", answer)
	}
	if err := Plot(&r, chart); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", chart)
	return nil
}
