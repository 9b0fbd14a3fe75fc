package main

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"papergames/analysis"
)

// papergames analyze: the questions listed, flags anywhere, usage errors
// exit 2, a small answer with its chart, shards merged.
func TestAnalyzeCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"analyze", "--help"}, 0, "arcs-and-marks first-move", ""},
		{[]string{"analyze"}, 0, "permutation-grid bias", ""},
		{[]string{"analyze", "making-intersections", "minimum", "--max", "3", "--engine-max", "3", "--draw", "3", "--plot", filepath.Join(dir, "m.svg")}, 0, "post j*k-j-k+4", "wrote"},
		{[]string{"analyze", "making-intersections", "minimum", "--json", "--max", "2", "--draw", "2"}, 0, `"question": "minimum"`, ""},
		{[]string{"analyze", "making-intersections", "nope"}, 2, "", "no question"},
		{[]string{"analyze", "making-intersections", "minimum", "--shard", "0/2"}, 2, "", "--shard"},
		{[]string{"analyze", "making-intersections", "minimum", "--bogus"}, 2, "", "bogus"},
		{[]string{"analyze", "merge", filepath.Join(dir, "missing.json")}, 1, "", "missing.json"},
	} {
		status, stdout, stderr := runCLI(t, tc.args...)
		if status != tc.status || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%v: status %d\nstdout: %s\nstderr: %s", tc.args, status, stdout, stderr)
		}
	}
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	args := []string{"analyze", "permutation-grid", "bias", "--exact", "6", "--max", "8", "--samples", "1500"}
	for i, f := range []string{a, b} {
		if st, _, e := runCLI(t, append(args, "--shard", []string{"1/2", "2/2"}[i], "-o", f)...); st != 0 {
			t.Fatal(e)
		}
	}
	_, one, _ := runCLI(t, args...)
	st, merged, e := runCLI(t, "analyze", "merge", a, b)
	if st != 0 || merged != one {
		t.Fatalf("merge (status %d, %s):\n%s\none run:\n%s", st, e, merged, one)
	}
	if st, out, e := runCLI(t, "analyze", "merge", a, "--json", b); st != 0 || !strings.Contains(out, `"question": "bias"`) {
		t.Errorf("merge with --json after a file: status %d, %s\n%s", st, e, out)
	}
}

// TestAnalyzeRefusals: flags given with no value or out of range are
// refused by name, and a question's help lists its flags as --name.
func TestAnalyzeRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"analyze", "cross-dont-cross", "defense", "--chords", ""}, "--chords is given with no value"},
		{[]string{"analyze", "crossing-the-rings", "divider-share", "--games", "0"}, "--games 0: must be from 1 to 1,000,000"},
	} {
		status, _, stderr := runCLI(t, tc.args...)
		if status != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, status, stderr, tc.want)
		}
	}
	status, stdout, _ := runCLI(t, "analyze", "making-intersections", "minimum", "--help")
	if status != 0 || !strings.Contains(stdout, "\n  --max int ") || strings.Contains(stdout, "\n  -max") {
		t.Errorf("question help: exit %d\n%s", status, stdout)
	}
}

// TestAnalyzeSubcommands: every question is a subcommand of its game
// whose help lists the question's own flags and those of every question;
// analyze's help and the game's list the questions with their summaries.
func TestAnalyzeSubcommands(t *testing.T) {
	_, all, _ := runCLI(t, "analyze", "--help")
	for _, q := range analysis.Questions() {
		id := q.Game + " " + q.Name
		if !strings.Contains(all, id) || !strings.Contains(all, q.Summary) {
			t.Errorf("analyze --help leaves out %s", id)
		}
		status, game, _ := runCLI(t, "analyze", q.Game, "--help")
		if status != 0 || !strings.Contains(game, "\n  "+q.Name+" ") || !strings.Contains(game, q.Summary) {
			t.Errorf("analyze %s --help: exit %d\n%s", q.Game, status, game)
		}
		status, help, stderr := runCLI(t, "analyze", q.Game, q.Name, "--help")
		if status != 0 || !strings.Contains(help, q.Summary) {
			t.Errorf("analyze %s --help: exit %d %s\n%s", id, status, stderr, help)
			continue
		}
		fs := flag.NewFlagSet("", flag.ContinueOnError)
		q.Flags(fs)
		var o analysis.Options
		o.Flags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			head := "\n  --" + f.Name + " "
			if len(f.Name) == 1 {
				head = "\n  -" + f.Name + " "
			}
			_, use := flag.UnquoteUsage(f)
			if !strings.Contains(help, head) || !strings.Contains(help, use) {
				t.Errorf("analyze %s --help leaves out %s", id, strings.TrimSpace(head))
			}
		})
	}
}

// TestAnalyzeCommandLine: mistakes name what is wrong (exit 2), and flags
// may be written before, between and after the words.
func TestAnalyzeCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"analyze", "nogame", "x"}, 2, "", `analyze: no questions about "nogame" (papergames analyze --help lists them)`},
		{[]string{"analyze", "making-intersections", "nope"}, 2, "", `analyze: no question "nope" about making-intersections: ask minimum`},
		{[]string{"analyze", "permutation-grid", "nope", "--json"}, 2, "", `no question "nope" about permutation-grid: ask bias, strategy`},
		{[]string{"analyze", "making-intersections"}, 2, "", "analyze needs a game and a question"},
		{[]string{"analyze", "making-intersections", "minimum", "extra", "--max", "2"}, 2, "", `unexpected argument "extra"`},
		{[]string{"analyze", "making-intersections", "minimum", "--plot", ""}, 2, "", "--plot is given with no value"},
		{[]string{"analyze", "making-intersections", "minimum", "-o", ""}, 2, "", "-o is given with no value"},
		{[]string{"analyze", "making-intersections", "minimum", "-o", "x.json"}, 2, "", "-o is where --shard writes"},
		{[]string{"analyze", "making-intersections", "minimum", "--workers", "-1"}, 2, "", "--workers -1: from 0"},
		{[]string{"analyze", "plot", "x.json"}, 2, "", "plot needs an answer saved with --json"},
		{[]string{"analyze", "merge", "--json"}, 2, "", "merge needs the partial result files"},
		{[]string{"analyze", "merge", "--", "-x.json"}, 1, "", "-x.json"},
		{[]string{"analyze", "--json", "making-intersections", "--max", "2", "minimum", "--draw", "2", "--quiet"}, 0, `"question": "minimum"`, ""},
		{[]string{"analyze", "Making-Intersections", "minimum", "--draw=2", "--max", "2", "--quiet"}, 0, "making-intersections minimum", ""},
		{[]string{"help", "analyze", "making-intersections", "minimum"}, 0, "\n  --engine-max int ", ""},
		{[]string{"analyze", "help"}, 0, "permutation-grid bias", ""},
	} {
		status, stdout, stderr := runCLI(t, tc.args...)
		if status != tc.status || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%q: status %d\nstdout: %s\nstderr: %s", tc.args, status, stdout, stderr)
		}
	}
}
