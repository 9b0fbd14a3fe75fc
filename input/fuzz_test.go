package input

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// deepSeeds are files nested 10,000 deep in each way YAML nests.
func deepSeeds() []string {
	const n = 10000
	var keys, dashes strings.Builder
	for i := range 300 { // indentation grows with depth: 300 lines are enough
		fmt.Fprintf(&keys, "%sk:\n", strings.Repeat(" ", i))
		fmt.Fprintf(&dashes, "%s- a:\n", strings.Repeat(" ", 2*i))
	}
	return []string{
		"segments: " + strings.Repeat("[", n) + strings.Repeat("]", n),
		strings.Repeat(`{"a": `, n) + "1" + strings.Repeat("}", n),
		strings.Repeat("[\n", n) + strings.Repeat("]\n", n),
		strings.Repeat("- ", n) + "x\n",
		keys.String(),
		dashes.String(),
		"a: |\n" + strings.Repeat("  [[[[\n", n) + "b: " + strings.Repeat("[", 60) + strings.Repeat("]", 60),
	}
}

// FuzzParseDeep: however deep the input, Parse refuses it with a
// positioned error naming the limit, without building the tree, or
// returns a tree within the limits.
func FuzzParseDeep(f *testing.F) {
	for _, s := range deepSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var root *Node
		var err error
		bytes := allocated(func() { root, err = Parse("f.yaml", data) })
		// goccy takes a few hundred bytes for each byte of input; a tree
		// built 10,000 deep took a thousand times more.
		if limit := 2000*uint64(len(data)) + 1<<20; bytes > limit {
			t.Fatalf("%d bytes allocated for %d bytes of input", bytes, len(data))
		}
		var e *Error
		switch {
		case err == nil:
			if d, k := treeDepth(root); d > MaxDepth || k > MaxKeys {
				t.Fatalf("tree %d deep with %d keys in a mapping", d, k)
			}
		case !errors.As(err, &e):
			t.Fatalf("unpositioned error %v", err)
		case strings.Contains(e.Msg, "nested too deeply") && (e.Pos.Line == 0 || !strings.Contains(e.Msg, "the limit is 64")):
			t.Fatalf("error %v: no place or no limit", err)
		}
	})
}

// FuzzParseLarge: on long lines of many values, every plain value is
// placed where its text is.
func FuzzParseLarge(f *testing.F) {
	f.Add(oneLineDrawing(10000))
	f.Add([]byte(`{"segments": [[[0, 0], [1, 1]], [["1/2", 0.5], [3, 4]]], "note": "Zoë"}`))
	f.Add([]byte("a: [x, y, Łódź, z]   \nb: [1, 2]  # c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := Parse("f.json", data)
		if err != nil {
			return
		}
		// YAML's line breaks: \r\n, a lone \r, \n.
		lines := regexp.MustCompile("\r\n|\r|\n").Split(string(data), -1)
		runes := map[int][]rune{}
		var walk func(n *Node)
		walk = func(n *Node) {
			for _, c := range append(append(append([]*Node(nil), n.Keys...), n.Values...), n.Items...) {
				walk(c)
			}
			if n.Kind != Scalar || n.Quoted || n.Text == "" || strings.ContainsAny(n.Text, "\n\t") || n.Pos.Line < 1 || n.Pos.Line > len(lines) {
				return
			}
			line := lines[n.Pos.Line-1]
			rs, ok := runes[n.Pos.Line]
			if !ok {
				rs = []rune(line)
				runes[n.Pos.Line] = rs
			}
			if n.Pos.Col < 1 || n.Pos.Col > len(rs)+1 {
				t.Fatalf("%q at %v, outside its line", n.Text, n.Pos)
			}
			at := rs[n.Pos.Col-1 : min(len(rs), n.Pos.Col-1+utf8.RuneCountInString(n.Text))]
			if string(at) == n.Text {
				return
			}
			// goccy's place is kept when the text is not near it (a
			// value it normalized, such as a folded one).
			if strings.Contains(line, n.Text) && utf8.ValidString(line) && !strings.ContainsAny(line, "'\"\\") {
				t.Fatalf("%q at %v, but the line there reads %.40q", n.Text, n.Pos, string(at))
			}
		}
		walk(root)
	})
}
