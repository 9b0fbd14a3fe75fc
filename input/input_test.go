package input

import (
	"strings"
	"testing"
)

func TestNumbersKeepTheirLiteralText(t *testing.T) {
	n, err := Parse("d.yaml", []byte("segments:\n  - [[0.1, 1/3], [\"25/2\", -7]]\n  - [[1e3, 0x10], [.5, 3.]]\n"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := n.Fields("drawing", "segments")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, seg := range f["segments"].Items {
		for _, pt := range seg.Items {
			for _, c := range pt.Items {
				got = append(got, c.Text)
			}
		}
	}
	want := "0.1 1/3 25/2 -7 1e3 0x10 .5 3."
	if strings.Join(got, " ") != want {
		t.Errorf("literals = %q, want %q", strings.Join(got, " "), want)
	}
	if p := f["segments"].Items[1].Items[0].Items[1].Pos; p.Line != 3 || p.Col != 12 {
		t.Errorf("0x10 at %v, want line 3 column 12", p)
	}
}

func TestJSONIsYAML(t *testing.T) {
	n, err := Parse("d.json", []byte(`{"segments": [[[0, 0], [4, "1/2"]]]}`))
	if err != nil {
		t.Fatal(err)
	}
	if n.Kind != Map || n.Values[0].Items[0].Items[1].Items[1].Text != "1/2" {
		t.Errorf("unexpected tree %+v", n)
	}
}

func TestErrorsArePositioned(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"empty", "  \n", "e.yaml: file is empty"},
		{"syntax", "segments: [[0, 0], [1, 1]\n", "e.yaml:1:"},
		{"unclosed json", `{"segments": [[[0,0],[1,1]]`, "e.yaml:1:"},
		{"tab indent", "a:\n\t- 1\n", "e.yaml:2:"},
		{"dup key", "a: 1\nb: 2\na: 3\n", `e.yaml:3:1: syntax: mapping key "a" already defined`},
		{"alias", "a: &x [1]\nb: *x\n", "anchors and aliases"},
		{"two docs", "a: 1\n---\nb: 2\n", "second one"},
	} {
		_, err := Parse("e.yaml", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestUnknownKeysSuggest(t *testing.T) {
	n, err := Parse("t.yaml", []byte("game: x\nplayres: [a, b]\nrounds: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = n.Fields("the header", "game", "players", "rounds")
	if err == nil || !strings.Contains(err.Error(), `t.yaml:2:1: unknown key "playres" in the header (did you mean "players"?)`) {
		t.Errorf("err = %v", err)
	}
}

func TestDeepNestingIsRefused(t *testing.T) {
	src := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	if _, err := Parse("d.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
		t.Errorf("err = %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"a: 1", "segments: [[[0,0],[1,1]]]", "{\"a\": [1, 2]}", "- a\n- b: c\n", "a: |\n  x\n", "[", "a: &b c\nd: *b"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse("f.yaml", data)
		if err == nil && n == nil {
			t.Fatal("nil node without error")
		}
	})
}

// goccy places a plain value followed by spaces a column late; Parse puts
// every plain value at the column where its text starts.
func TestPlainValueColumns(t *testing.T) {
	root, err := Parse("t.yaml", []byte("a: C1 A2 \nb: [10, 1]   \nc: Zoë Łukasz  \nd:   7  # note\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		n   *Node
		col int
	}{{root.Values[0], 4}, {root.Values[1].Items[0], 5}, {root.Values[1].Items[1], 9}, {root.Values[2], 4}, {root.Values[3], 6}} {
		if tc.n.Pos.Col != tc.col {
			t.Errorf("%q at column %d, want %d", tc.n.Text, tc.n.Pos.Col, tc.col)
		}
	}
}

// A literal block's lines are placed exactly: the scorers point at a
// word inside a grid typed as a block.
func TestLiteralBlockColumn(t *testing.T) {
	for _, tc := range []struct {
		src       string
		line, col int // of the block's first line of text
	}{
		{"a:\n  - rows: |  # comment\n\n        . [1]\n          2\n", 3, 9},
		{"a: |\r\n   x\r\n   y\r\n", 2, 4},
		{"a: |2\n     x\n    y\n", 2, 3},
		{"a: |-\n    x\n\n    y\n\n\nb: 1\n", 2, 5},
		{"- |\n a\n b\n", 2, 2},
	} {
		n, err := Parse("b.yaml", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		for n.Kind != Scalar {
			if n.Kind == Seq {
				n = n.Items[0]
			} else {
				n = n.Values[0]
			}
		}
		if n.Pos.Line+1 != tc.line || n.BlockCol != tc.col {
			t.Errorf("%q: text from line %d column %d, want %d:%d", tc.src, n.Pos.Line+1, n.BlockCol, tc.line, tc.col)
		}
	}
	for _, src := range []string{"a: >\n  x\n  y\n", "a: x\n", "a: \"x\"\n"} {
		n, err := Parse("b.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if c := n.Values[0].BlockCol; c != 0 {
			t.Errorf("%q: BlockCol %d, want 0 (not a literal block)", src, c)
		}
	}
}

// A tab between words of a plain value separates them, as on screen
// (goccy's own value drops it).
func TestTabInPlainValue(t *testing.T) {
	root, err := Parse("t.yaml", []byte("a: c2-C5\tA4-B4\nb: x\ty  # c\nc: [p\tq, r]\n"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"c2-C5\tA4-B4", "x\ty"} {
		if got := root.Values[i].Text; got != want {
			t.Errorf("value %d = %q, want %q", i+1, got, want)
		}
	}
	if got := root.Values[2].Items[0].Text; got != "p\tq" {
		t.Errorf("flow item = %q, want %q", got, "p\tq")
	}
}
