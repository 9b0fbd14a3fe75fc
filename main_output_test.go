package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"papergames/games"
	"papergames/games/arcs"
)

// A --render that fails (a file that cannot be written, paper too small
// for the board) makes score exit 1, after the report.
func TestRenderFailureExits1(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "r.pdf")
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
	}{
		{[]string{"score", "examples/permutation-grid/hand-checked.yaml", "--render", missing}, "winner: Ann", "--render: writing " + missing},
		{[]string{"score", "examples/arcs-and-marks/hand-checked.yaml", "--paper", "90x90mm", "--render", filepath.Join(dir, "small.pdf")}, "winner:", "use larger paper"},
		{[]string{"score", "examples/permutation-grid/bad-row.yaml", "--render", missing}, "", "--render: writing " + missing},
		{[]string{"score", "--render", filepath.Join(dir, "folder.svg"), "examples/permutation-grid/hand-checked.yaml"}, "winner: Ann", "folder-1.svg: it is a folder"},
		{[]string{"faces", "examples/drawings/star.yaml", "--render", missing}, "faces", "writing " + missing},
	} {
		os.Mkdir(filepath.Join(dir, "folder-1.svg"), 0o755) // hand-checked has 3 rounds: 3 pages
		st, out, e := runCLI(t, tc.args...)
		if st != 1 || !strings.Contains(out, tc.stdout) || !strings.Contains(e, tc.stderr) {
			t.Errorf("papergames %s: status %d (want 1)\n stdout %.200q\n stderr %q (want %q)", strings.Join(tc.args, " "), st, out, e, tc.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "small.pdf")); err == nil {
		t.Error("a failed render wrote small.pdf")
	}
}

// Where main reports what it wrote, a sheet of several SVG pages names
// every one of them.
func TestRenderReportsEveryPage(t *testing.T) {
	r := filepath.Join(t.TempDir(), "r.svg")
	st, _, e := runCLI(t, "score", "examples/permutation-grid/hand-checked.yaml", "--render", r)
	base := strings.TrimSuffix(r, ".svg")
	if want := "wrote " + base + "-1.svg, " + base + "-2.svg, " + base + "-3.svg\n"; st != 0 || !strings.Contains(e, want) {
		t.Errorf("status %d, stderr %q, want %q", st, e, want)
	}
}

// failingWriter fails every write, like a full disk.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

var outputCommands = [][]string{
	{"list"},
	{"--version"},
	{"--help"},
	{"rules", "arcs-and-marks"},
	{"transcript", "permutation-grid"},
	{"completion", "bash"},
	{"board", "arcs-and-marks", "-o", "-", "--format", "svg", "--no-record", "--copies", "1"},
	{"board", "arcs-and-marks", "-o", "-", "--format", "pdf"},
	{"faces", "examples/drawings/star.yaml"},
	{"faces", "examples/drawings/star.yaml", "--json"},
	{"score", "examples/permutation-grid/hand-checked.yaml"},
	{"score", "--json", "examples/permutation-grid/hand-checked.yaml"},
	{"score", "--json", "examples/permutation-grid/hand-checked.yaml", "examples/polygons-and-dots/match.yaml"},
	{"moves", "examples/cross-dont-cross/unfinished.yaml"},
}

// A command whose standard output cannot be written exits 1 and says so,
// whether or not it looked at the error of each write.
func TestFailedStandardOutputExits1(t *testing.T) {
	for _, args := range outputCommands {
		var e strings.Builder
		st := run(append([]string{"papergames"}, args...), strings.NewReader(""), failingWriter{}, &e)
		if st != 1 || !strings.Contains(e.String(), "writing standard output: no space left on device") {
			t.Errorf("papergames %s to a failing writer: status %d, stderr %q", strings.Join(args, " "), st, e.String())
		}
	}
}

// The same with the real thing: /dev/full, where the system has one.
func TestDevFullExits1(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"list"}, {"score", "--json", "examples/permutation-grid/hand-checked.yaml"}} {
		var e strings.Builder
		st := run(append([]string{"papergames"}, args...), strings.NewReader(""), full, &e)
		if st != 1 || !strings.Contains(e.String(), "papergames: writing standard output: write /dev/full: no space left on device") {
			t.Errorf("papergames %s >/dev/full: status %d, stderr %q", strings.Join(args, " "), st, e.String())
		}
	}
}

// The marks the help says fit A4 fit it, and one more does not (the help
// said 105 after the sheet grew its registration marks and code; 104 fit).
func TestArcsMarksHelp(t *testing.T) {
	var p games.Param
	for _, q := range (arcs.Game{}).Params() {
		if q.Name == "marks" {
			p = q
		}
	}
	var n int
	if _, err := fmt.Sscanf(p.Print, "on A4 up to %d;", &n); err != nil {
		t.Fatalf("the help %q gives no figure: %v", p.Print, err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "a.pdf")
	if status, _, stderr := runCLI(t, "board", "arcs-and-marks", "--marks", fmt.Sprint(n), "-o", out); status != 0 {
		t.Errorf("--marks %d, as the help says: status %d\n%s", n, status, stderr)
	}
	if status, _, stderr := runCLI(t, "board", "arcs-and-marks", "--marks", fmt.Sprint(n+1), "-o", out); status == 0 || !strings.Contains(stderr, fmt.Sprintf("largest --marks that fits A4 portrait is %d", n)) {
		t.Errorf("--marks %d, one past the help's: status %d\n%s", n+1, status, stderr)
	}
}
