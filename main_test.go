package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	status = run(append([]string{"papergames"}, args...), strings.NewReader(""), &o, &e)
	return status, o.String(), e.String()
}

func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		args   []string
		status int
		stdout string // substring expected on stdout
		stderr string // substring expected on stderr
	}{
		{[]string{"list"}, 0, "arcs-and-marks         Arcs And Marks", ""},
		{[]string{"--version"}, 0, "papergames version", ""},
		{[]string{"rules", "arcs-and-marks"}, 0, "Leroy Quet", ""},
		{[]string{"rules", "permutation-grd"}, 2, "", `did you mean permutation-grid?`},
		{[]string{"rules"}, 2, "", "rules needs one game id"},
		{[]string{"board", "arcs-and-marks", "-o", out("a.pdf")}, 0, "", "wrote " + out("a.pdf")},
		{[]string{"board", "arcs-and-marks", "--marks", "8", "-o", out("a.svg")}, 0, "", "wrote"},
		{[]string{"board", "within-the-curve", "--players", "3", "-o", out("w.svg")}, 0, "", "w-3.svg"},
		{[]string{"board", "arcs-and-marks", "-o", "-", "--format", "svg"}, 0, "<svg", ""},
		{[]string{"board", "arcs-and-marks", "-o", "-"}, 2, "", "--format pdf or --format svg"},
		{[]string{"board", "arcs-and-marks", "-o", out("a.png")}, 2, "", "must end in .pdf or .svg"},
		{[]string{"board", "arcs-and-marks", "--marks", "2", "-o", out("bad.pdf")}, 2, "", "--marks 2: must be from 3 to 360"},
		{[]string{"board", "making-intersections", "--size", "1", "-o", out("bad.pdf")}, 2, "", "--size 1: must be from 2 to 30"},
		{[]string{"board", "arcs-and-marks", "--paper", "b7", "-o", out("bad.pdf")}, 2, "", `unknown paper "b7"`},
		{[]string{"board", "arcs-and-marks", "--board-size", "300mm", "-o", out("bad.pdf")}, 2, "", "largest that fits this page is"},
		{[]string{"board", "arcs-and-marks", "--board-size", "12furlongs", "-o", out("bad.pdf")}, 2, "", "not a length"},
		{[]string{"board", "arcs-and-marks", "--marks", "twelve"}, 2, "", "invalid value"},
		{[]string{"board", "arcs-and-marks", "--bogus"}, 2, "", "flag provided but not defined"},
		{[]string{"board", "arcs-and-markz"}, 2, "", "did you mean arcs-and-marks?"},
		{[]string{"board"}, 2, "", "board needs one game id"},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{[]string{"board", "arcs-and-marks", "--names", "Ann,Bob,Cy", "--players", "2", "-o", out("bad.pdf")}, 2, "", "--players 2 but --names gives 3"},
		{[]string{"board", "arcs-and-marks", "--names", "Ann,李雷", "-o", out("cjk.pdf")}, 0, "", "will print as boxes"},
		{[]string{"board", "arcs-and-marks", "--marks", "10", "--players", "3", "-o", out("w.pdf")}, 0, "", "not a multiple of 3 players"},
		{[]string{"board", "arcs-and-marks", "-o", filepath.Join(dir, "nope", "x.pdf")}, 1, "", "x.pdf"},
		{[]string{"completion", "bash"}, 0, "complete -o filenames", ""},
	} {
		status, stdout, stderr := runCLI(t, tc.args...)
		if status != tc.status || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("papergames %s\n status %d (want %d)\n stdout %.200q (want %q)\n stderr %q (want %q)", strings.Join(tc.args, " "), status, tc.status, stdout, tc.stdout, stderr, tc.stderr)
		}
	}
	if _, err := os.Stat(out("bad.pdf")); err == nil {
		t.Error("a failed run left bad.pdf behind")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func TestEnvironmentPaper(t *testing.T) {
	t.Setenv("PAPERGAMES_PAPER", "letter")
	name := filepath.Join(t.TempDir(), "x.svg")
	if st, _, e := runCLI(t, "board", "permutation-grid", "-o", name); st != 0 {
		t.Fatal(e)
	}
	b, _ := os.ReadFile(name)
	if !strings.Contains(string(b), `width="215.9mm" height="279.4mm"`) {
		t.Error("PAPERGAMES_PAPER=letter did not make a Letter sheet")
	}
}

func TestFlagsMayFollowArguments(t *testing.T) {
	got := reorder(newApp(nil, nil, nil), []string{"papergames", "rules", "arcs-and-marks", "--help"})
	want := []string{"papergames", "rules", "--help", "arcs-and-marks"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("reorder = %q, want %q", got, want)
	}
	got = reorder(newApp(nil, nil, nil), []string{"papergames", "board", "arcs-and-marks", "x", "-o", "a.pdf", "--grey", "y"})
	want = []string{"papergames", "board", "arcs-and-marks", "-o", "a.pdf", "--grey", "x", "y"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("reorder = %q, want %q", got, want)
	}
}

func TestFacesExamples(t *testing.T) {
	files, _ := filepath.Glob("examples/drawings/*.yaml")
	if len(files) < 2 {
		t.Fatalf("examples missing: %v", files)
	}
	for _, f := range files {
		want, err := os.ReadFile(strings.TrimSuffix(f, ".yaml") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		st, out, e := runCLI(t, "faces", f, "--json")
		if st != 0 || strings.TrimSpace(out) != strings.TrimSpace(string(want)) {
			t.Errorf("faces %s: status %d, stderr %q\n got  %s\n want %s", f, st, e, out, want)
		}
	}
}

func TestFacesCommand(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("segments:\n  - [[0, 0], [1, 1]]\n  - [[0, 0], [0, 0]]\n"), 0o644)
	for _, tc := range []struct {
		args           []string
		status         int
		stdout, stderr string
	}{
		{[]string{"faces", "examples/drawings/star.yaml"}, 0, "faces       6 (5 triangles, 1 pentagon)", ""},
		{[]string{"faces", "examples/drawings/star.yaml", "--render", filepath.Join(dir, "s.svg")}, 0, "components  1", "wrote"},
		{[]string{"faces", "--render", filepath.Join(dir, "s.pdf"), "examples/drawings/island.yaml"}, 0, "holes       1", "wrote"},
		{[]string{"faces", bad}, 1, "", bad + ":3:5: segment 2 has zero length"},
		{[]string{"faces", filepath.Join(dir, "missing.yaml")}, 1, "", "no such file"},
		{[]string{"faces"}, 2, "", "faces needs one drawing file"},
		{[]string{"faces", "examples/drawings/star.yaml", "--render", "x.png"}, 2, "", "--render"},
	} {
		st, out, e := runCLI(t, tc.args...)
		if st != tc.status || !strings.Contains(out, tc.stdout) || !strings.Contains(e, tc.stderr) {
			t.Errorf("papergames %s: status %d (want %d), stdout %q, stderr %q", strings.Join(tc.args, " "), st, tc.status, out, e)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "s.pdf")); err != nil {
		t.Error("render did not write s.pdf")
	}
	var o, e bytes.Buffer
	st := run([]string{"papergames", "faces", "--json", "-"}, strings.NewReader(`{"segments": [[[0,0],[2,0]], [[2,0],[0,2]], [[0,2],[0,0]]]}`), &o, &e)
	if st != 0 || !strings.HasPrefix(o.String(), `{"faces":1,"sides_histogram":{"3":1}`) {
		t.Errorf("faces from stdin: %d %q %q", st, o.String(), e.String())
	}
}
