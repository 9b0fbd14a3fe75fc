package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
	"golang.org/x/image/font/gofont/gomono"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/input"
	"papergames/sheets"
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
		{[]string{"board", "arcs-and-marks", "-o", "-", "--format", "svg", "--no-record", "--copies", "1"}, 0, "<svg", ""},
		{[]string{"board", "arcs-and-marks", "-o", "-", "--format", "svg"}, 1, "", "--no-record"},
		{[]string{"board", "arcs-and-marks", "-o", "-"}, 2, "", "--format pdf or --format svg"},
		{[]string{"board", "arcs-and-marks", "-o", out("a.png")}, 2, "", "must end in .pdf or .svg"},
		{[]string{"board", "arcs-and-marks", "--marks", "2", "-o", out("bad.pdf")}, 2, "", "--marks 2: must be from 3 to 360"},
		{[]string{"board", "making-intersections", "--size", "1", "-o", out("bad.pdf")}, 2, "", "--size 1: must be from 2 to 30"},
		{[]string{"board", "arcs-and-marks", "--paper", "b7", "-o", out("bad.pdf")}, 2, "", `unknown paper "b7"`},
		{[]string{"board", "arcs-and-marks", "--board-size", "300mm", "-o", out("bad.pdf")}, 2, "", "largest that fits this page is"},
		{[]string{"board", "arcs-and-marks", "--board-size", "12furlongs", "-o", out("bad.pdf")}, 2, "", "not a length"},
		{[]string{"board", "arcs-and-marks", "--marks", "twelve"}, 2, "", "invalid value"},
		{[]string{"board", "arcs-and-marks", "--bogus"}, 2, "", "unknown flag --bogus (see papergames board arcs-and-marks --help)"},
		{[]string{"board", "arcs-and-marks", "--markz", "3"}, 2, "", `unknown flag --markz (did you mean "--marks"?)`},
		{[]string{"board", "arcs-and-marks", "-markz", "3"}, 2, "", `unknown flag -markz (did you mean "--marks"?)`},
		{[]string{"scor", "x.yaml"}, 2, "", `unknown command "scor" (did you mean "score"?)`},
		{[]string{"board", "arcs-and-markz"}, 2, "", "did you mean arcs-and-marks?"},
		{[]string{"board"}, 2, "", "board needs one game id"},
		{[]string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{[]string{"board", "arcs-and-marks", "--names", "Ann,Bob,Cy", "--players", "2", "-o", out("bad.pdf")}, 2, "", "--players 2 but --names gives 3"},
		{[]string{"board", "arcs-and-marks", "--names", "Ann,李雷", "-o", out("cjk.pdf")}, 2, "", "would print as boxes: give a TrueType font that has them with --font FILE.ttf"},
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
	if st, _, e := runCLI(t, "board", "permutation-grid", "--no-record", "--copies", "1", "-o", name); st != 0 {
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

// TestScoreExamples scores every transcript under examples/ and compares
// with the expected result beside it: NAME.expected.json for a game that
// scores, NAME.expected.txt (the messages) for one that must be refused.
func TestScoreExamples(t *testing.T) {
	files, _ := filepath.Glob("examples/*/*.yaml")
	scored := map[string]int{}
	for _, f := range files {
		if strings.HasPrefix(f, filepath.Join("examples", "drawings")) {
			continue
		}
		base := strings.TrimSuffix(f, ".yaml")
		// NAME.args holds the flags the example is scored with, if any.
		var flags []string
		if b, err := os.ReadFile(base + ".args"); err == nil {
			flags = strings.Fields(string(b))
		}
		if want, err := os.ReadFile(base + ".expected.json"); err == nil {
			st, out, e := runCLI(t, append(append([]string{"score", "--json"}, flags...), f)...)
			if st != 0 || out != string(want) {
				t.Errorf("score %s: status %d, stderr %q\n got  %s\n want %s", f, st, e, out, want)
			}
			if st, _, e := runCLI(t, append(append([]string{"score", "--render", filepath.Join(t.TempDir(), "r.pdf")}, flags...), f)...); st != 0 {
				t.Errorf("score --render %s: status %d, %s", f, st, e)
			}
			scored[filepath.Base(filepath.Dir(f))]++
			continue
		}
		want, err := os.ReadFile(base + ".expected.txt")
		if err != nil {
			t.Errorf("%s has neither .expected.json nor .expected.txt beside it", f)
			continue
		}
		st, out, e := runCLI(t, append(append([]string{"score"}, flags...), f)...)
		if st != 1 || out != "" || e != string(want) {
			t.Errorf("score %s: status %d, stdout %q\n got  %s\n want %s", f, st, out, e, want)
		}
	}
	for _, g := range catalog.Games {
		if _, ok := g.(games.Scorer); !ok {
			continue
		}
		id := g.Info().ID
		if scored[id] < 2 {
			t.Errorf("%s scores transcripts but has %d scored example(s) under examples/%s/; every game needs at least two", id, scored[id], id)
		}
		if _, err := os.Stat(filepath.Join("docs", "transcripts", id+".md")); err != nil {
			t.Errorf("%s scores transcripts but docs/transcripts/%s.md does not describe them", id, id)
		}
	}
}

func TestBlankTranscriptsScore(t *testing.T) {
	for _, g := range catalog.Games {
		if _, ok := g.(games.Scorer); !ok {
			if st, _, e := runCLI(t, "transcript", g.Info().ID); st != 1 || !strings.Contains(e, "cannot score") {
				t.Errorf("transcript %s: %d %q", g.Info().ID, st, e)
			}
			continue
		}
		st, blank, e := runCLI(t, "transcript", g.Info().ID, "--example")
		if st != 0 {
			t.Fatalf("transcript %s: %s", g.Info().ID, e)
		}
		var o, eb bytes.Buffer
		if st := run([]string{"papergames", "score", "-"}, strings.NewReader(blank), &o, &eb); st != 0 {
			t.Errorf("the example transcript of %s does not score: %s", g.Info().ID, eb.String())
		}
	}
}

func TestMovesCommand(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"moves"}, 2, "moves needs one transcript file"},
		{[]string{"moves", "a.yaml", "b.yaml"}, 2, "moves needs one transcript file"},
		{[]string{"moves", "examples/permutation-grid/hand-checked.yaml"}, 0, ""},
		{[]string{"moves", "examples/polygons-and-dots/match.yaml"}, 1, "match.yaml:2:7: Polygons-&-Dots has no moves to list: its moves are not a finite list"},
		{[]string{"moves", "nonexistent.yaml"}, 1, "nonexistent.yaml"},
	} {
		st, _, e := runCLI(t, tc.args...)
		if st != tc.status || !strings.Contains(e, tc.stderr) {
			t.Errorf("%v: status %d, stderr %q; want %d and %q", tc.args, st, e, tc.status, tc.stderr)
		}
	}
}

func TestScoreCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args           []string
		status         int
		stdout, stderr string
	}{
		{[]string{"score", "examples/permutation-grid/hand-checked.yaml"}, 0, "winner: Ann (most points wins", ""},
		{[]string{"score", "--json", "examples/permutation-grid/hand-checked.yaml", "examples/polygons-and-dots/match.yaml"}, 0, "[\n{", ""},
		{[]string{"score", "examples/permutation-grid/hand-checked.yaml", "--render", filepath.Join(dir, "r.pdf")}, 0, "totals", "wrote"},
		{[]string{"score", "examples/permutation-grid/bad-row.yaml", "--render", filepath.Join(dir, "bad.svg")}, 1, "", "wrote"},
		{[]string{"score", "examples/permutation-grid/hand-checked.yaml", "examples/permutation-grid/bad-row.yaml"}, 1, "winner: Ann", "1 of 2 transcript(s) could not be scored"},
		{[]string{"score"}, 2, "", "score needs one or more transcript files"},
		{[]string{"score", "a.yaml", "b.yaml", "--render", "x.pdf"}, 2, "", "--render draws one transcript"},
		{[]string{"score", "--sections", "3..2", "examples/crossing-the-rings/two-players.yaml"}, 2, "", `--sections "3..2": ring 1 would allow 3 to 2 sections, MAX below MIN`},
		{[]string{"score", "--sections", "2..3j", "examples/crossing-the-rings/custom-sections.yaml"}, 0, "winner: Bob", ""},
	} {
		st, out, e := runCLI(t, tc.args...)
		if st != tc.status || !strings.Contains(out, tc.stdout) || !strings.Contains(e, tc.stderr) {
			t.Errorf("papergames %s: status %d (want %d)\n stdout %.300q\n stderr %q", strings.Join(tc.args, " "), st, tc.status, out, e)
		}
	}
	// A refused transcript is drawn with its real title and players, and
	// says it is not scored (it must not report totals or a tie).
	if st, _, _ := runCLI(t, "score", "examples/permutation-grid/bad-row.yaml", "--render", filepath.Join(dir, "refused.svg")); st != 1 {
		t.Fatalf("bad-row scored")
	}
	svg, err := os.ReadFile(filepath.Join(dir, "refused.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Polygons In Permutation Grid", "not scored", `aria-label="Ann"`, `aria-label="Bob"`} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the refused render lacks %q", want)
		}
	}
	if strings.Contains(string(svg), "totals") || strings.Contains(string(svg), "tie") {
		t.Error("the refused render reports totals")
	}
	many := func(n int, item string) string { return strings.TrimSuffix(strings.Repeat(item+", ", n), ", ") }
	for _, tc := range []struct{ src, want string }{
		{"game: polygons-and-dots\nplayers: [a, b]\nrounds:\n  - dots: [" + many(201, "[1, 2]") + "]\n    path: 1\n", "201 dots; the limit is 200"},
		{"game: permutation-grid\nplayers: [a, b]\nrounds: [" + many(1001, "{dots: A1}") + "]\n", "1001 rounds; the limit is 1000"},
		{"game: nope\nplayers: [a, b]\nrounds: []\n", `<stdin>:1:7: unknown game "nope"`},
		{"game: arcs-and-marks\nplayers: [a, b]\nrounds: [x]\n", "<stdin>:3:10: round 1 must be a mapping of keys (first, starts, arcs), not a single value"},
		{"players: [a, b]\n", `starts with "game: ID"`},
		{"game: permutation-grid\nplayers: [a]\nrounds: [{dots: A1}]\n", "<stdin>:2:10: 1 players; this game is for 2"},
		{"game: permutation-grid\nplayers: [a, b]\nsize: 3\nrounds:\n  - dots: A1 B2 C3 D4\n", "<stdin>:5:20: round 1, dot 4 (D4): the grid has 3 lines each way"},
		{"game: permutation-grid\nplayers: [a, b]\nsize: 3\nrounds:\n  - dots: A1 B2\n", "round 1: 2 dots placed; a 3-line grid takes 3"},
		{"game: permutation-grid\nplayers: [a, b]\nsize: 3\nboard: 123\nrounds:\n  - {dots: A1 B2 C3}\n", "<stdin>:4:8: board 123 does not match"},
		{"game: permutation-grid\nplayers: [a, b]\nsize: two\nrounds:\n  - {dots: A1 B2 C3}\n", "<stdin>:3:7: size must be a whole number"},
		{"game: permutation-grid\nplayers: [a, b]\nrounds:\n  - {dots: A1 B2 C3, colour: red}\n", `<stdin>:4:22: unknown key "colour" in round 1`},
		{"game: polygons-and-dots\nplayers: [a, b]\nrounds:\n  - dots: [[0,0],[1,0],[0,1]]\n    path: 1 2 3\n", "3 dots; each player places the same number"},
		{"game: polygons-and-dots\nplayers: [a, b]\nrounds:\n  - dots: [[0,0],[1,0],[0,1],[0,0]]\n    path: 1 2 3 4\n", "dot 4 (0, 0): dot 1 is already there"},
		{"game: polygons-and-dots\nplayers: [a, b]\nrounds:\n  - dots: [[0,0],[1,0],[0,1],[2,3]]\n    path: 1 2 9\n", `path step 3: "9" is not a dot number from 1 to 4`},
		{"game: polygons-and-dots\nplayers: [a, b]\nrounds:\n  - dots: [[0,0],[1,0],[0,1],[2,3]]\n    path: 1 2 3\n", "never reaches dot(s) 4"},
		{"game: polygons-and-dots\nplayers: [a, b]\nrounds:\n  - dots: [[0,0],[1,0],[0,1],[-2,3]]\n    path: 1 2 3 4\n", "dot 4 (-2, 3): coordinates are read off the sheet"},
	} {
		var o, e bytes.Buffer
		st := run([]string{"papergames", "score", "-"}, strings.NewReader(tc.src), &o, &e)
		if st != 1 || !strings.Contains(e.String(), tc.want) {
			t.Errorf("score of\n%s\nstatus %d, stderr %q, want %q", tc.src, st, e.String(), tc.want)
		}
	}
}

func TestOversizedInputIsRefusedUnread(t *testing.T) {
	big := bytes.Repeat([]byte("#"), input.MaxBytes+1)
	var o, e bytes.Buffer
	for _, cmd := range []string{"faces", "score"} {
		o.Reset()
		e.Reset()
		if st := run([]string{"papergames", cmd, "-"}, bytes.NewReader(big), &o, &e); st != 1 || !strings.Contains(e.String(), "larger than") {
			t.Errorf("%s of %d bytes: status %d, %q", cmd, len(big), st, e.String())
		}
	}
	if _, err := input.Parse("big.yaml", big); err == nil || !strings.Contains(err.Error(), "the limit is") {
		t.Errorf("input.Parse of %d bytes: %v", len(big), err)
	}
}

// The command-line fixes of "Sheets that fit every setting they accept".
func TestCommandLineFit(t *testing.T) {
	dir := t.TempDir()
	font := filepath.Join(dir, "mono.ttf")
	if err := os.WriteFile(font, gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		{[]string{"help", "board"}, 0, "papergames board", ""},
		{[]string{"help", "board", "arcs-and-marks"}, 0, "--marks", ""},
		{[]string{"help"}, 0, "COMMANDS", ""},
		{[]string{"--help"}, 0, "--version", ""},
		{[]string{"-h"}, 0, "COMMANDS", ""},
		{[]string{"board", "arcs-and-mark", "-o", filepath.Join(dir, "x.pdf")}, 2, "", `unknown game "arcs-and-mark" (did you mean arcs-and-marks?)`},
		{[]string{"board", "-o", filepath.Join(dir, "y.pdf"), "arcs-and-marks"}, 0, "", "wrote"},
		{[]string{"board", "Arcs-And-Marks", "-o", filepath.Join(dir, "z.pdf")}, 0, "", "wrote"},
		{[]string{"rules", "ARCS-AND-MARKS"}, 0, "Leroy Quet", ""},
		{[]string{"board", "arcs-and-marks", "--format", "svg", "-o", filepath.Join(dir, "a.pdf")}, 2, "", "--format svg but -o"},
		{[]string{"board", "arcs-and-marks", "--format", "pdf", "-o", filepath.Join(dir, "a.pdf")}, 0, "", "wrote"},
		{[]string{"board", "arcs-and-marks", "--names", "Ann,B😀", "-o", filepath.Join(dir, "e.pdf")}, 0, "", "beyond U+FFFF"},
		{[]string{"board", "arcs-and-marks", "--font", font, "--names", "Ann,Zoë", "-o", filepath.Join(dir, "f.svg")}, 0, "", "wrote"},
		{[]string{"board", "arcs-and-marks", "--font", filepath.Join(dir, "x.pdf"), "-o", filepath.Join(dir, "g.pdf")}, 2, "", "--font"},
	} {
		status, stdout, stderr := runCLI(t, tc.args...)
		if status != tc.status || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("papergames %s\n status %d (want %d)\n stdout %.300q (want %q)\n stderr %q (want %q)", strings.Join(tc.args, " "), status, tc.status, stdout, tc.stdout, stderr, tc.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "a.pdf")); err != nil {
		t.Error(err)
	}
	// Help shows each default once.
	var cmds [][]string
	for _, g := range catalog.IDs() {
		cmds = append(cmds, []string{"board", g})
	}
	for _, c := range []string{"score", "moves", "faces", "rules", "transcript", "list"} {
		cmds = append(cmds, []string{c})
	}
	for _, g := range cmds {
		_, out, _ := runCLI(t, append(g, "--help")...)
		for _, l := range strings.Split(out, "\n") {
			if n := strings.Count(strings.ToLower(l), "default"); n > 1 {
				t.Errorf("%s --help: %q says default %d times", strings.Join(g, " "), l, n)
			}
		}
	}
}

func TestEnvironmentPaperForRender(t *testing.T) {
	t.Setenv("PAPERGAMES_PAPER", "letter")
	name := filepath.Join(t.TempDir(), "r.svg")
	if st, _, e := runCLI(t, "score", "--render", name, "examples/permutation-grid/straight-through.yaml"); st != 0 {
		t.Fatal(e)
	}
	b, _ := os.ReadFile(strings.TrimSuffix(name, ".svg") + "-1.svg")
	if !strings.Contains(string(b), `width="215.9mm" height="279.4mm"`) {
		t.Error("PAPERGAMES_PAPER=letter did not make a Letter render")
	}
}

// TestTranscriptMatchesTheSheet: transcript GAME with the board's flags
// names the board id the sheet prints, with no flags the default sheet's.
func TestTranscriptMatchesTheSheet(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range [][]string{
		{"arcs-and-marks"}, {"arcs-and-marks", "--marks", "20", "--names", "Ann,Bob,Cy"},
		{"polygons-and-dots"}, {"crossing-the-rings"}, {"crossing-the-rings", "--circles", "4"},
		{"within-the-curve", "--players", "3"}, {"permutation-grid", "--size", "7"},
		{"cross-dont-cross"}, {"cross-dont-cross", "--chords", "3"}, {"making-intersections", "--size", "5", "--segments", "6"},
	} {
		out := filepath.Join(dir, "s.pdf")
		st, _, e := runCLI(t, append([]string{"board", tc[0], "-o", out}, tc[1:]...)...)
		if st != 0 {
			t.Fatalf("board %v: %s", tc, e)
		}
		id := regexp.MustCompile(`board ([0-9a-f]{8})`).FindStringSubmatch(e)
		st, blank, e := runCLI(t, append([]string{"transcript"}, tc...)...)
		if st != 0 || id == nil || !strings.Contains(blank, "board: "+id[1]) {
			t.Errorf("transcript %v: status %d %s; want board %v in\n%s", tc, st, e, id, blank)
		}
	}
}

func TestStdinIsNamedInMessages(t *testing.T) {
	for _, tc := range []struct {
		args []string
		src  string
		want string
	}{
		{[]string{"faces", "-"}, strings.Repeat(" ", input.MaxBytes+1), "papergames: <stdin>: larger than 16,777,216 bytes (16 MB), the limit; refused"},
		{[]string{"score", "-"}, strings.Repeat(" ", input.MaxBytes+1), "papergames: <stdin>: larger than 16,777,216 bytes (16 MB), the limit; refused"},
		{[]string{"faces", "-"}, "segments: [[[0, 0], [0, 0]]]", "papergames: <stdin>:1:12: segment 1 has zero length"},
	} {
		var o, e bytes.Buffer
		if st := run(append([]string{"papergames"}, tc.args...), strings.NewReader(tc.src), &o, &e); st != 1 || !strings.HasPrefix(e.String(), tc.want) {
			t.Errorf("%v: status %d, stderr %.200q, want %q", tc.args, st, e.String(), tc.want)
		}
	}
}

func TestFacesRefusesTooManyCrossings(t *testing.T) {
	var b strings.Builder
	b.WriteString("segments:\n")
	for i := range 4000 {
		fmt.Fprintf(&b, "- [[-1, %d], [4000, %d]]\n- [[%d, -1], [%d, 4000]]\n", i, i, i, i)
	}
	var o, e bytes.Buffer
	st := run([]string{"papergames", "faces", "-"}, strings.NewReader(b.String()), &o, &e)
	if want := "papergames: <stdin>: more than 5,000,000 pairs of segments cross or touch; the limit is 5,000,000"; st != 1 || !strings.HasPrefix(e.String(), want) {
		t.Errorf("status %d, stderr %q, want %q", st, e.String(), want)
	}
}

// TestMessagesEscapeTerminalControls: a name with an escape sequence is
// shown escaped in every message and list, never sent to the terminal.
func TestMessagesEscapeTerminalControls(t *testing.T) {
	bad := "game: permutation-grid\nplayers: [\"A\\e[31mnn\", Bob]\nsize: 4\nrounds:\n  - player1: \"Zed\\e[2J\"\n    dots: C1 A2\n"
	unfinished := "game: permutation-grid\nplayers: [\"A\\e[31mnn\", Bob]\nsize: 4\nrounds:\n  - dots: C1 A2\n"
	for _, tc := range []struct {
		args []string
		src  string
	}{{[]string{"score", "-"}, bad}, {[]string{"moves", "-"}, bad}, {[]string{"moves", "-"}, unfinished}} {
		args, src := tc.args, tc.src
		var o, e bytes.Buffer
		run(append([]string{"papergames"}, args...), strings.NewReader(src), &o, &e)
		if strings.ContainsRune(o.String()+e.String(), 0x1b) {
			t.Errorf("%v: an escape sequence reached the terminal: %q %q", args, o.String(), e.String())
		}
	}
}

// TestCompletion: the shell completes commands, game ids, each game's
// flags, and the values of --paper and --format.
func TestCompletion(t *testing.T) {
	for _, tc := range []struct {
		words []string
		want  []string
		not   []string
	}{
		{nil, []string{"board", "score", "serve", "transcript"}, []string{"help"}},
		{[]string{"board"}, []string{"arcs-and-marks", "making-intersections"}, nil},
		{[]string{"board", "arcs-and-marks"}, []string{"--marks", "--paper", "--no-record"}, []string{"--size"}},
		{[]string{"board", "making-intersections"}, []string{"--size", "--segments"}, []string{"--marks"}},
		{[]string{"board", "arcs-and-marks", "--paper"}, []string{"a4", "letter"}, []string{"--marks"}},
		{[]string{"score", "--render", "x.pdf", "--format"}, nil, nil},
		{[]string{"board", "rings", "--format"}, nil, nil},
		{[]string{"board", "arcs-and-marks", "--format"}, []string{"pdf", "svg"}, nil},
		{[]string{"rules"}, []string{"cross-dont-cross"}, nil},
		{[]string{"transcript", "cross-dont-cross"}, []string{"--chords", "--example", "--names"}, nil},
		{[]string{"score"}, []string{"--strict", "--sections", "--render"}, nil},
		{[]string{"score", "--render"}, nil, []string{"--strict"}},
		{[]string{"analyze"}, []string{"arcs-and-marks", "permutation-grid", "merge"}, []string{"within-the-curve"}},
		{[]string{"analyze", "permutation-grid"}, []string{"bias", "strategy"}, []string{"minimum"}},
		{[]string{"analyze", "making-intersections", "minimum"}, []string{"--max", "--json", "--plot"}, []string{"-o", "--games"}},
	} {
		_, out, _ := runCLI(t, append(tc.words, "--generate-bash-completion")...)
		got := strings.Fields(out)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%v: %q not offered in %v", tc.words, w, got)
			}
		}
		for _, w := range tc.not {
			if slices.Contains(got, w) {
				t.Errorf("%v: %q offered", tc.words, w)
			}
		}
	}
}

// TestFacesMaxCrossings: --max-crossings moves the crossing limit, and the
// refusal says how.
func TestFacesMaxCrossings(t *testing.T) {
	var b strings.Builder
	b.WriteString("segments:\n")
	for i := range 5 {
		fmt.Fprintf(&b, "- [[-1, %d], [5, %d]]\n- [[%d, -1], [%d, 5]]\n", i, i, i, i)
	}
	for _, tc := range []struct {
		limit  string
		status int
		want   string
	}{{"10", 1, "the limit is 10 (they take about 2 KB of memory); --max-crossings raises it"}, {"25", 0, ""}, {"0", 0, ""}, {"-1", 2, "--max-crossings -1"}} {
		var o, e bytes.Buffer
		st := run([]string{"papergames", "faces", "--max-crossings", tc.limit, "--json", "-"}, strings.NewReader(b.String()), &o, &e)
		if st != tc.status || !strings.Contains(e.String(), tc.want) {
			t.Errorf("--max-crossings %s: status %d, %q", tc.limit, st, e.String())
		}
	}
}

// TestPaperFromTheEnvironment: $PAPERGAMES_PAPER only matters where a
// paper is used, and a bad one is named as such, not as --paper.
func TestPaperFromTheEnvironment(t *testing.T) {
	t.Setenv("PAPERGAMES_PAPER", "bogus")
	if status, _, stderr := runCLI(t, "score", "examples/arcs-and-marks/hand-checked.yaml"); status != 0 {
		t.Errorf("score without --render: exit %d, %s", status, stderr)
	}
	out := filepath.Join(t.TempDir(), "r.svg")
	for _, args := range [][]string{
		{"score", "examples/arcs-and-marks/hand-checked.yaml", "--render", out},
		{"board", "arcs-and-marks", "-o", filepath.Join(t.TempDir(), "b.pdf")},
	} {
		status, _, stderr := runCLI(t, args...)
		if status != 2 || !strings.Contains(stderr, `$PAPERGAMES_PAPER: unknown paper "bogus"`) {
			t.Errorf("%v: exit %d, %q; want 2 and $PAPERGAMES_PAPER named", args, status, stderr)
		}
	}
	if status, _, stderr := runCLI(t, "board", "arcs-and-marks", "--paper", "a3", "-o", filepath.Join(t.TempDir(), "b.pdf")); status != 0 {
		t.Errorf("--paper a3 over a bad $PAPERGAMES_PAPER: exit %d, %s", status, stderr)
	}
}

// TestCompletionWhateverTheName: the completion script completes the
// program under the name it was run by (a binary built as pg, or run by a
// path), and papergames; in bash it completes subcommands (issue 22).
func TestCompletionWhateverTheName(t *testing.T) {
	var o, e bytes.Buffer
	if st := run([]string{"/some/where/pg", "completion", "bash", "--name", "my games"}, strings.NewReader(""), &o, &e); st != 0 {
		t.Fatalf("status %d: %s", st, e.String())
	}
	if !strings.Contains(o.String(), "complete -o filenames -F _papergames_complete papergames pg 'my games'\n") {
		t.Fatalf("the script does not complete pg:\n%s", o.String())
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	// The test binary plays the program (TestMain runs it as papergames
	// when PAPERGAMES_AS_CLI is set), under the name pg.
	dir := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(dir, "pg")); err != nil {
		t.Skip(err)
	}
	script := o.String() + `COMP_WORDS=(pg boa); COMP_CWORD=1; _papergames_complete; echo "${COMPREPLY[@]}"`
	cmd := exec.Command(bash, "--norc", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"), "PAPERGAMES_AS_CLI=1")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "board" {
		t.Errorf("pg boa<TAB>: %q %v, want board", out, err)
	}
}

// TestMain runs the test binary as papergames itself when
// PAPERGAMES_AS_CLI is set, for tests that need the program as a command,
// and as the hostile campaign's child under its limits when
// PAPERGAMES_CHILD is.
func TestMain(m *testing.M) {
	switch {
	case os.Getenv("PAPERGAMES_AS_CLI") != "":
		os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
	case os.Getenv("PAPERGAMES_CHILD") == "1":
		os.Exit(run(append([]string{"papergames"}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestTextSlips: "an Arcs And Marks sheet", not "a Arcs And Marks".
func TestTextSlips(t *testing.T) {
	_, out, _ := runCLI(t, "transcript", "--help")
	if !strings.Contains(out, "blank transcript of an Arcs And Marks sheet") || strings.Contains(out, " a Arcs") {
		t.Errorf("transcript --help:\n%s", out)
	}
}

// TestPrintFlagsAreTheTable: the board command's print flags are
// sheets.PrintOptions, in order, each with the table's default; puzzle and
// transcript take theirs from the same table.
func TestPrintFlagsAreTheTable(t *testing.T) {
	app := newApp(nil, io.Discard, io.Discard)
	find := func(path ...string) *cli.Command {
		cmds := app.Commands
		var c *cli.Command
		for _, name := range path {
			c = nil
			for _, x := range cmds {
				if x.Name == name {
					c = x
				}
			}
			if c == nil {
				t.Fatalf("no command %v", path)
			}
			cmds = c.Subcommands
		}
		return c
	}
	flags := map[string]cli.Flag{}
	var order []string
	for _, f := range find("board", "arcs-and-marks").Flags {
		flags[f.Names()[0]] = f
		order = append(order, f.Names()[0])
	}
	var want []string
	for _, p := range sheets.PrintOptions {
		want = append(want, p.Name)
		f, ok := flags[p.Name]
		if !ok {
			t.Errorf("board has no --%s", p.Name)
			continue
		}
		if d, ok := f.(cli.DocGenerationFlag); ok && p.Default != "" && d.GetValue() != p.Default {
			t.Errorf("board --%s: default %q, the table's %q", p.Name, d.GetValue(), p.Default)
		}
	}
	if got := strings.Join(order, " "); !strings.Contains(got, strings.Join(want, " ")) {
		t.Errorf("board's flags %s, want the table's in order: %s", got, strings.Join(want, " "))
	}
	for _, cmd := range [][]string{{"puzzle", "curve-fill"}, {"transcript", "arcs-and-marks"}, {"score"}} {
		for _, f := range find(cmd...).Flags {
			name := f.Names()[0]
			for _, p := range sheets.PrintOptions {
				d, ok := f.(cli.DocGenerationFlag)
				if p.Name == name && ok && d.GetValue() != p.Default && p.Kind == games.String {
					t.Errorf("%v --%s: default %q, the table's %q", cmd, name, d.GetValue(), p.Default)
				}
			}
		}
	}
}
