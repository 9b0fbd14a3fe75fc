package main

import (
	"errors"
	"os"
	"strings"
	"testing"
)

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
	{"board", "arcs-and-marks", "-o", "-", "--format", "svg"},
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
