package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// papergames puzzle: a sheet and its key, the key in a file of its own,
// a blank transcript that checks (not optimal), and the usage errors.
func TestPuzzleCommand(t *testing.T) {
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	if st, _, e := runCLI(t, "puzzle", "curve-fill", "--count", "2", "--seed", "3", "-o", out("a.pdf")); st != 0 || !strings.Contains(e, "wrote") {
		t.Fatalf("status %d: %s", st, e)
	}
	if st, _, e := runCLI(t, "puzzle", "permgrid-most", "--difficulty", "easy", "--count", "2", "-o", out("b.svg"), "--key", out("key.pdf")); st != 0 {
		t.Fatalf("status %d: %s", st, e)
	}
	for _, f := range []string{"a.pdf", "b.svg", "key.pdf"} {
		if _, err := os.Stat(out(f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	st, blank, e := runCLI(t, "puzzle", "arcs-reaches", "--difficulty", "easy", "--transcript", "1")
	if st != 0 || !strings.Contains(blank, "# puzzle: m=8") {
		t.Fatalf("status %d: %s%s", st, blank, e)
	}
	if err := os.WriteFile(out("mine.yaml"), []byte(strings.ReplaceAll(blank, "?", "1")), 0o666); err != nil {
		t.Fatal(err)
	}
	st, report, e := runCLI(t, "puzzle", "check", out("mine.yaml"))
	if want := map[bool]int{true: 0, false: 3}[strings.Contains(report, "\noptimal:")]; st != want || !strings.Contains(report, "the fewest is") {
		t.Errorf("check: status %d, want %d: %s%s", st, want, report, e)
	}
	// A blank fill, checked before writing any number: scored, unfinished,
	// not optimal: status 3, so that a script can tell (issue 22).
	st, blank, e = runCLI(t, "puzzle", "curve-fill", "--seed", "1", "--transcript", "2")
	if st != 0 {
		t.Fatalf("status %d: %s", st, e)
	}
	if err := os.WriteFile(out("fill.yaml"), []byte(blank), 0o666); err != nil {
		t.Fatal(err)
	}
	if st, report, e := runCLI(t, "puzzle", "check", out("fill.yaml")); st != 3 || !strings.Contains(report, "not optimal: 9 short of the maximum") || e != "" {
		t.Errorf("check of an unfinished fill: status %d, want 3: %s%s", st, report, e)
	}
	for _, args := range [][]string{
		{"puzzle", "curve-fill", "--difficulty", "fiendish", "-o", out("x.pdf")},
		{"puzzle", "curve-fill", "--count", "0", "-o", out("x.pdf")},
		{"puzzle", "curve-fill", "--transcript", "9", "--count", "2"},
		{"puzzle", "check"},
		{"puzzle", "sudoku"},
	} {
		if st, _, _ := runCLI(t, args...); st != 2 {
			t.Errorf("%v: status %d, want 2", args, st)
		}
	}
	if st, _, _ := runCLI(t, "puzzle", "check", out("nothing.yaml")); st != 1 {
		t.Errorf("check of a missing file: status %d, want 1", st)
	}
}

// Within The Curve takes 1 to 12 players, but a board sheet and its blank
// transcript stay for two unless --players says otherwise.
func TestWithinTheCurveDefaultsToTwoPlayers(t *testing.T) {
	st, out, e := runCLI(t, "transcript", "within-the-curve")
	if st != 0 || !strings.Contains(out, "players: [player 1, player 2]") {
		t.Errorf("status %d: %s%s", st, out, e)
	}
	st, out, e = runCLI(t, "transcript", "within-the-curve", "--players", "1")
	if st != 0 || !strings.Contains(out, "players: [player 1]") {
		t.Errorf("--players 1: status %d: %s%s", st, out, e)
	}
}
