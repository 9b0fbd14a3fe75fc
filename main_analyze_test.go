package main

import (
	"path/filepath"
	"strings"
	"testing"
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
