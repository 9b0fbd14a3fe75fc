package input

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// compareBlockPaths checks that the block fast path, when it reads data,
// builds goccy's tree, and reports whether it read it.
func compareBlockPaths(t *testing.T, data []byte) (fast bool) {
	t.Helper()
	if prescan("f.yaml", data, defaultScanLimits) != nil {
		return false // Parse never gets to the fast path
	}
	got, err := parseBlock("f.yaml", data)
	if errors.As(err, new(errNotFast)) {
		return false
	}
	want, werr := goccyPath("f.yaml", data)
	switch {
	case err != nil:
		t.Fatalf("%.300q: the fast path fails: %v", data, err)
	case werr != nil:
		t.Fatalf("%.300q: the fast path reads it, goccy refuses it: %v", data, werr)
	}
	if d := sameTree(got, want, "root"); d != "" {
		t.Fatalf("%.300q: %s", data, d)
	}
	return true
}

// comment is a comment, its own line or after a value.
var comment = regexp.MustCompile(`(?m)^ *#.*\n| +#[^"\n]*$`)

// blank is blank lines; name is a plain name in a list of names.
var blank, name = regexp.MustCompile(`\n\n+`), regexp.MustCompile(`([\[,] ?)([A-Z][a-z]+)`)

// blockSeeds are the transcripts papergames writes (the examples without
// their comments, as the engines write them back) and shapes at the edges
// of what the fast path reads.
func blockSeeds(t testing.TB) []string {
	files, _ := filepath.Glob("../examples/*/*.yaml")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// As the engines write it back: no comments, no blank lines, names
		// quoted.
		w := comment.ReplaceAllString(string(data), "")
		w = blank.ReplaceAllString(w, "\n")
		w = name.ReplaceAllString(w, `$1"$2"`)
		out = append(out, string(data), w)
	}
	return append(out,
		"game: x\nplayers: [\"Ann\", \"Bob\"]\nrounds:\n  - {}\n",
		"game: x\nplayers: []\nrounds:\n  - {}\n  - a: 1\n    b: [\"x\"]\n  - \"q\"\n  - 4@30 4@150\n  - 2024-03-09\n  - 0x1F\n  - 1e3\n  - yes\n  - 1_000\nz: x-1\n",
		"a:\n  b:\n    - c: |\n        . [1]\n        2 .\n      d: e\n  f: g\n",
		"a: |\n  x\n   y\n  z\nb: 1\n", "a: |\n  x\n y\nb: 1\n", "a:\n- b\n", "a: b\n  c\n", "a: b\nb: c\na: d\n",
		"a: null\n", "a: ~\n", "null: 1\n", "a:\nb: 1\n", "a: \"x\" \n", "a: [\"x\",\"y\"]\n", "a: [\"x\", y]\n",
		"a: {}\nb: {a: 1}\n", "rounds:\n  - - a\n", "rounds:\n  -\n    a: 1\n", "a: b: c\n", "a: (1) x/y +z\n",
		"a: 1\n\nb: 2\n", "a: 1", "a:  1\n", "a: 1  2\n", "1: 0 180\n2: 90\n", "a-b_c: 1\n-a: 1\n", "a: -1\n",
		"a: \"x: y, [z]\"\n", "a:\n  - b: 1\n    c: 2\n  - b: 3\n", "a:\n    - b\n    - c\n  d: 1\n", "a: |\n",
	)
}

// The fast path reads what papergames writes exactly as goccy does.
func TestBlockFastPath(t *testing.T) {
	n := 0
	for _, s := range blockSeeds(t) {
		if compareBlockPaths(t, []byte(s)) {
			n++
		}
	}
	if n < 25 {
		t.Errorf("the fast path read %d seeds, want 25 or more", n)
	}
	for _, s := range []string{
		"game: crossing-the-rings\nplayers: [\"Ann\", \"Bob\", \"Cy\"]\ncircles: 4\nrounds:\n  - divider: Ann\n    cuts:\n      1: 0 180\n    segments:\n      - Bob: 4@30 4@150\n  - {}\n",
		"game: within-the-curve\nplayers: [\"Ann\", \"Bob\"]\nsize: 8\ndate: \"2024-03-09\"\nrounds:\n  - curves:\n      Ann: B2 C2\n    grids:\n      - curve: Ann\n        filler: Ann\n        rows: |\n          . . [1]\n          . [2] 3\n",
	} {
		if !compareBlockPaths(t, []byte(s)) {
			t.Errorf("%q: left to goccy", s)
		}
	}
}

// FuzzBlockPath: whatever the fast path reads, goccy reads to the same
// tree.
func FuzzBlockPath(f *testing.F) {
	for _, s := range blockSeeds(f) {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<12 || strings.Contains(string(data), "\x00") {
			return
		}
		compareBlockPaths(t, data)
	})
}
