package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyWayIn: package input is the only way a user's file or a request
// body comes in (its size bound, its pre-scan of nesting and values
// before any parser builds a tree, its positioned errors). Any other call
// that reads a whole file or stream, or decodes YAML or JSON, outside
// package input is a door around those bounds (issue 23: puzzle check's
// plain yaml.Unmarshal ran out of memory on 400 KB of brackets).
func TestOnlyWayIn(t *testing.T) {
	doors := map[string][]string{
		"encoding/json":                   {"Unmarshal", "NewDecoder"},
		"encoding/xml":                    {"Unmarshal", "NewDecoder"},
		"encoding/gob":                    {"NewDecoder"},
		"github.com/goccy/go-yaml":        {"Unmarshal", "UnmarshalWithOptions", "UnmarshalContext", "NewDecoder", "NodeToValue"},
		"github.com/goccy/go-yaml/parser": {"ParseBytes", "ParseFile", "Parse"},
		"gopkg.in/yaml.v3":                {"Unmarshal", "NewDecoder"},
		"os":                              {"ReadFile"},
		"io":                              {"ReadAll"},
		"io/ioutil":                       {"ReadAll", "ReadFile"},
	}
	// Helpers of the tests only, reading what the tests themselves wrote.
	allowed := map[string]string{
		"internal/pdfcheck": "reads back the PDFs the tests write",
		"games/gamestest":   "reads the examples of the repository for the games' tests",
	}
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || path == "input") {
				return filepath.SkipDir
			}
			if _, ok := allowed[filepath.ToSlash(path)]; ok {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		names := map[string]string{} // local name -> import path
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			name := p[strings.LastIndex(p, "/")+1:]
			if p == "github.com/goccy/go-yaml" {
				name = "yaml"
			}
			if im.Name != nil {
				name = im.Name.Name
			}
			names[name] = p
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			for _, fn := range doors[names[id.Name]] {
				if sel.Sel.Name == fn {
					t.Errorf("%s: %s.%s reads or decodes around package input (use input.ReadFile, input.ReadAll, input.Parse, input.Unmarshal or input.DecodeJSON)", fset.Position(sel.Pos()), names[id.Name], fn)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("only %d Go files looked at", files)
	}
}

// TestByteOrderMarkEverywhere: a file that starts with a UTF-8 byte order
// mark (Windows editors write one) reads as the same file without it, in
// YAML and JSON, by every command that reads one.
func TestByteOrderMarkEverywhere(t *testing.T) {
	blank := func(args ...string) string {
		st, out, e := runCLI(t, args...)
		if st != 0 {
			t.Fatalf("%v: %s", args, e)
		}
		return out
	}
	for _, tc := range []struct {
		cmd  []string
		file string
		src  string
	}{
		{[]string{"faces"}, "examples/drawings/star.yaml", ""},
		{[]string{"faces"}, "examples/drawings/star.json", ""},
		{[]string{"score"}, "examples/permutation-grid/straight-through.yaml", ""},
		{[]string{"score", "--json"}, "examples/arcs-and-marks/hand-checked.yaml", ""},
		{[]string{"moves"}, "examples/cross-dont-cross/unfinished.yaml", ""},
		{[]string{"puzzle", "check"}, "", blank("puzzle", "curve-fill", "--transcript", "1")},
	} {
		src := []byte(tc.src)
		if tc.file != "" {
			var err error
			if src, err = os.ReadFile(tc.file); err != nil {
				t.Fatal(err)
			}
		}
		var o1, e1, o2, e2 bytes.Buffer
		s1 := run(append(append([]string{"papergames"}, tc.cmd...), "-"), bytes.NewReader(src), &o1, &e1)
		s2 := run(append(append([]string{"papergames"}, tc.cmd...), "-"), bytes.NewReader(append([]byte("\ufeff"), src...)), &o2, &e2)
		if s1 != s2 || o1.String() != o2.String() || e1.String() != e2.String() {
			t.Errorf("%v %s: with a byte order mark: status %d, %q %q; without: %d, %q %q", tc.cmd, tc.file, s2, o2.String(), e2.String(), s1, o1.String(), e1.String())
		}
	}
}

// TestReadersAreBounded: puzzle check reads through package input's
// pre-scan (400 KB of brackets took 4.2 GB and a runtime trace), and the
// files analyze merge, analyze plot and --font read are capped, each with
// a message naming the bound.
func TestReadersAreBounded(t *testing.T) {
	dir := t.TempDir()
	brackets := filepath.Join(dir, "brackets.yaml")
	if err := os.WriteFile(brackets, []byte("game: within-the-curve\nrounds: "+strings.Repeat("[", 200_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	keys := filepath.Join(dir, "keys.yaml")
	var b strings.Builder
	for i := range 100_000 {
		fmt.Fprintf(&b, "k%d: 1\n", i)
	}
	if err := os.WriteFile(keys, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzle", "check", brackets}, "nested too deeply: the limit is 64"},
		{[]string{"puzzle", "check", keys}, "more than 10,000 keys in one mapping; the limit is 10,000"},
		{[]string{"analyze", "merge", "/dev/zero"}, "/dev/zero: larger than 16,777,216 bytes (16 MB), the limit"},
		{[]string{"analyze", "plot", "/dev/zero", filepath.Join(dir, "p.svg")}, "/dev/zero: larger than 16,777,216 bytes (16 MB), the limit"},
		{[]string{"board", "arcs-and-marks", "--font", "/dev/zero", "-o", filepath.Join(dir, "b.pdf")}, "--font: /dev/zero: larger than 33,554,432 bytes (32 MB), the limit"},
		{[]string{"analyze", "merge", brackets}, "nested too deeply"},
	} {
		st, _, e := runCLI(t, tc.args...)
		if st == 0 || !strings.Contains(e, tc.want) || strings.Contains(e, "goroutine") {
			t.Errorf("%v: status %d, %.300q, want %q", tc.args, st, e, tc.want)
		}
	}
}

// TestFacesLimitMessages: of the kernel's bounds only the crossings one
// says that --max-crossings raises it (issue 23: the denominator and
// comparison bounds said so too, wrongly).
func TestFacesLimitMessages(t *testing.T) {
	var b strings.Builder
	b.WriteString("segments:\n")
	big := "1" + strings.Repeat("0", 99)
	for i := range 1000 {
		fmt.Fprintf(&b, "- [[\"1/%s%d\", 0], [1, \"1/%s%d\"]]\n", big[:96], 1000+i, big[:96], 3000+i)
	}
	var o, e bytes.Buffer
	st := run([]string{"papergames", "faces", "-"}, strings.NewReader(b.String()), &o, &e)
	if st != 1 || !strings.Contains(e.String(), "the segments times the bits of their common denominator pass 600,000") || strings.Contains(e.String(), "--max-crossings") {
		t.Errorf("status %d, %q", st, e.String())
	}
}

// TestBlankTranscriptOfManyCopies: a sheet of N copies has a score table
// of N rows, so its blank transcript N rounds, up to --copies' own bound;
// a refusal names the flag given (issue 23: --copies 500 blamed --rounds
// 500).
func TestBlankTranscriptOfManyCopies(t *testing.T) {
	st, out, e := runCLI(t, "transcript", "arcs-and-marks", "--copies", "500")
	if st != 0 || strings.Count(out, "\n  - ") != 500 {
		t.Errorf("--copies 500: status %d, %d rounds, %s", st, strings.Count(out, "\n  - "), e)
	}
	for _, tc := range [][]string{{"--copies", "501"}, {"--rounds", "101"}, {"--copies", "3", "--rounds", "101"}} {
		st, _, e := runCLI(t, append([]string{"transcript", "arcs-and-marks"}, tc...)...)
		if want := "papergames: " + tc[len(tc)-2] + " " + tc[len(tc)-1] + ": must be from 1 to"; st != 2 || !strings.HasPrefix(e, want) {
			t.Errorf("%v: status %d, %q, want %q", tc, st, e, want)
		}
	}
}

// TestScoreRenderIsBounded: score --render refuses a picture of more
// pages than a sheet may have, before drawing it, and still scores.
func TestScoreRenderIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("game: making-intersections\nplayers: [A, B]\nsize: 3\nsegments: 2\nrounds:\n")
	for range 501 {
		b.WriteString("  - segments: A1-B1 A2-B2\n")
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "t.yaml")
	os.WriteFile(f, []byte(b.String()), 0o644)
	out := filepath.Join(dir, "r.pdf")
	st, _, e := runCLI(t, "score", f, "--render", out)
	if _, err := os.Stat(out); st != 1 || !strings.Contains(e, "--render: the picture would have 501 pages (a round a page), more than the limit of 500") || err == nil {
		t.Errorf("status %d, %s", st, e)
	}
}
