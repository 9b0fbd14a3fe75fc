package input

import (
	"encoding/json"
	"errors"
	"fmt"
	"papergames/internal/testenv"
	"strings"
	"testing"
	"time"
)

// goccyPath is Parse without the fast path: prescan, then goccy and convert.
func goccyPath(name string, data []byte) (root *Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, fmt.Errorf("panic %v", r)
		}
	}()
	if err := prescan(name, data, defaultScanLimits); err != nil {
		return nil, err
	}
	return parse(name, data)
}

// sameTree is "" when a and b are equal node by node, positions
// included, or else where they first differ.
func sameTree(a, b *Node, at string) string {
	switch {
	case a == nil || b == nil:
		if a != b {
			return at + ": one is nil"
		}
		return ""
	case a.Kind != b.Kind || a.Pos != b.Pos || a.Text != b.Text || a.Quoted != b.Quoted || a.BlockCol != b.BlockCol:
		return fmt.Sprintf("%s: %v %v %q quoted %v, want %v %v %q quoted %v", at, a.Kind, a.Pos, a.Text, a.Quoted, b.Kind, b.Pos, b.Text, b.Quoted)
	case len(a.Items) != len(b.Items) || len(a.Keys) != len(b.Keys) || len(a.Values) != len(b.Values):
		return fmt.Sprintf("%s: %d items, %d keys, want %d, %d", at, len(a.Items), len(a.Keys), len(b.Items), len(b.Keys))
	case (a.Items == nil) != (b.Items == nil) || (a.Keys == nil) != (b.Keys == nil) || (a.Values == nil) != (b.Values == nil):
		return at + ": nil and empty lists differ"
	}
	for i := range a.Items {
		if d := sameTree(a.Items[i], b.Items[i], fmt.Sprintf("%s[%d]", at, i)); d != "" {
			return d
		}
	}
	for i := range a.Keys {
		if d := sameTree(a.Keys[i], b.Keys[i], fmt.Sprintf("%s key %d", at, i)); d != "" {
			return d
		}
		if d := sameTree(a.Values[i], b.Values[i], fmt.Sprintf("%s.%s", at, a.Keys[i].Text)); d != "" {
			return d
		}
	}
	return ""
}

// compareJSONPaths checks that the fast path gives what goccy's gives for
// data, or hands it to goccy; it tells which.
func compareJSONPaths(t *testing.T, data []byte) (fast bool) {
	t.Helper()
	got, err := parseJSON("f.json", data, defaultScanLimits)
	if errors.As(err, new(errNotFast)) {
		return false
	}
	want, werr := goccyPath("f.json", data)
	switch {
	case err != nil || werr != nil:
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("%.200q:\nfast:  %v\ngoccy: %v", data, err, werr)
		}
	default:
		if d := sameTree(got, want, "root"); d != "" {
			t.Fatalf("%.200q: %s", data, d)
		}
	}
	return true
}

// jsonSeeds are JSON files of each shape the fast path reads, and some it
// hands to goccy.
func jsonSeeds() []string {
	deep := func(n int) string { return strings.Repeat(`{"a": [`, n/2) + "1" + strings.Repeat("]}", n/2) }
	return []string{
		`{"segments": [[[0, 0], [1, 1]], [["1/2", 0.5], [3, 4]]], "note": "Zoë"}`,
		string(oneLineDrawing(100)),
		"{\n  \"segments\": [\n    [\n      [0, 0],\n      [1, 1]\n    ]\n  ],\n  \"names\": [\"Ann\", \"Bo\"]\n}\n",
		"{\r\n  \"a\": [1,\r\n 2],\r\"b\": {}\r\n}",
		`["\u00e9\ud83d\ude00", "a\/b\b\f\n\r\t\"\\", "", "\u0000x", "\u2028", "é😀 ü"]`, `["\ud83d"]`, `["\ude00\ud83d"]`, `["\ud83d\u0041"]`,
		`[1e5, -0, 1E+2, 12345678901234567890123, 0.5e-3, -1.5, 0, 1.0e+400, -12345678901234567890.000001]`,
		`[true, false, null, [], {}, [[]], [{}], {"a": {}}, {"a": []}]`,
		`{"a": 1, "b": 2, "a": 3}`, `{"a\u00e9": 1, "aé": 2}`, `[{"x": 1}, {"x": 2}, {"x": {"x": {"x": 3}}}]`,
		`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k3":10}`,
		`{"": 1, "a b": "c: d", "#": "- x", "x\"y": "'"}`, `{"a.b": 1}`, `{"$": [1]}`,
		deep(MaxDepth), deep(MaxDepth + 2), strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
		strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1),
		`{"<<": {"a": 1}, "~": null, "?": "-", "&a": "*b", "!t": "%x", "-": [-1, -0.0e-0, 1E400]}`,
		"{\n\"a\": [\n1,\n2\n],\n\"b\": 3\n}", "[\n  {\"a\":\n    {\"b\": [\n\"c\"]}},\n{}\n  ]",
		`{"` + strings.Repeat("k", 300) + `": 1, "` + strings.Repeat("k", 300) + `": 2}`,
		"[\"\x7f\", \"\\u007f\", \"\\ufeff\", \"\\uFFFF\", 99999999999999999999999999999]",
		"[1   ,1]", "[1,   1  ]", "[null  , null  ,true  ]", "{\"a\"  :  1  , \"b\":\"x\"  }", "[ ]", "{ }",
		"[\n\t1,\n\t\"x\"\t,\tnull\n]", "{\"a\":\t[1,\t2]}", "  \n [1]\n\n",
		"{\"a\"\n:\n1\n,\"b\"\n:\"c\"}", "[\"x\"\n,\n\"y\"]", `{"a":"é","b":"😀😀","c":[1,"ü",2]}`,
	}
}

// FuzzJSONPath: on every JSON file (encoding/json.Valid), the fast path
// builds the tree goccy's path builds, node by node with positions, or
// gives the same error, or hands the file to goccy; on anything else it
// builds nothing.
func FuzzJSONPath(f *testing.F) {
	for _, s := range jsonSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<12 || !looksJSON(data) {
			return
		}
		if !json.Valid(data) {
			// Not JSON: handed to goccy, or refused past a limit as
			// prescan refuses it.
			if root, err := parseJSON("f.json", data, defaultScanLimits); err == nil {
				t.Fatalf("%.200q is no JSON, but the fast path read %v", data, root.Kind)
			}
		}
		if !compareJSONPaths(t, data) {
			return
		}
		// Past small limits, the fast path refuses what prescan refuses,
		// at the same place.
		lim := scanLimits{depth: 3, keys: 1 << 30, values: 12}
		_, err := parseJSON("f.json", data, lim)
		perr := prescan("f.json", data, lim)
		switch {
		case perr != nil && fmt.Sprint(err) != perr.Error():
			t.Fatalf("%.200q: fast %v, prescan %v", data, err, perr)
		case perr == nil && err != nil && (strings.Contains(err.Error(), "values in the file") || strings.Contains(err.Error(), "nested too deeply")):
			t.Fatalf("%.200q: fast %v, prescan no error", data, err)
		}
	})
}

// The fast path reads the JSON programs write, and hands goccy only what
// it cannot read as goccy does.
func TestJSONFastPath(t *testing.T) {
	for _, tc := range []struct {
		src  string
		fast bool
	}{
		{string(oneLineDrawing(1000)), true},
		{"{\n  \"segments\": [\n    [[0, 0], [1, 1]]\n  ],\n  \"names\": [\"Zoë\", \"😀\"]\n}\n", true},
		{"{\r\n  \"a\": [1,\r\n 2],\r\"b\": {}\r\n}", true},
		{`["\u00e9\ud83d\ude00", "\"\\\/\b\f\n\r\t"]`, true},
		{`[1e5, -0, 1E+2, 12345678901234567890123, 0.5e-3, 1.0e+400, true, false, null, [], {}]`, true},
		{`{"a": 1, "b": 2, "a": 3}`, true},                          // goccy's message, at the second "a"
		{`{"a": [{"a": 1}, {"a": 2}], "b": {"a": {"a": 3}}}`, true}, // keys of different mappings
		{strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1), true},
		{"[\n\t1\n]", false},       // a tab: goccy counts it oddly
		{"{\"a\":\t1}", false},     // and refuses it after a colon
		{`["\ud83d"]`, false},      // half a surrogate pair: goccy refuses it
		{`{"a.b": 1}`, false},      // goccy finds keys given twice by a path
		{"[1, 2,]", false},         // not JSON
		{"{a: 1}", false},          // YAML
		{"[1] # c", false},         // YAML
		{"[\"\xff\"]", false},      // not UTF-8
		{"[1]\n---\n[2]\n", false}, // two documents
	} {
		if fast := compareJSONPaths(t, []byte(tc.src)); fast != tc.fast {
			t.Errorf("%.60q: fast path %v, want %v", tc.src, fast, tc.fast)
		}
	}
}

// After a byte order mark the fast path reads JSON, columns counted from
// after the mark (goccy reads the mark as text: a key "\ufeff{\"a\"").
func TestJSONAfterByteOrderMark(t *testing.T) {
	root, err := Parse("b.json", []byte("\ufeff{\"a\": [1]}"))
	if err != nil {
		t.Fatal(err)
	}
	if root.Kind != Map || root.Pos.Col != 1 || root.Keys[0].Text != "a" || root.Keys[0].Pos.Col != 2 || root.Values[0].Items[0].Pos.Col != 8 {
		t.Errorf("tree %+v", root)
	}
}

// A mapping past MaxKeys is refused as convert refuses it: the first such
// mapping in convert's order, at its first key past the limit.
func TestJSONKeysLimit(t *testing.T) {
	keys := func(n int, prefix string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%q: 1, ", fmt.Sprintf("%s%d", prefix, i))
		}
		return b.String()
	}
	for _, src := range []string{
		"{" + keys(MaxKeys, "k") + `"last": 2}`,
		"{" + keys(MaxKeys+1, "k") + `"last": 2}`,
		`{"inner": {` + keys(MaxKeys+1, "i") + `"x": 1}, ` + keys(MaxKeys, "k") + `"last": 2}`,
		`{"inner": {` + keys(MaxKeys+1, "i") + `"x": 1}, ` + keys(MaxKeys-2, "k") + `"last": 2}`,
		`[{"a": 1}, {` + keys(MaxKeys+1, "i") + `"x": 1}]`,
	} {
		if !compareJSONPaths(t, []byte(src)) {
			t.Errorf("%.60q: handed to goccy", src)
		}
	}
	src := `{"inner": {` + keys(MaxKeys+1, "i") + `"x": 1}, ` + keys(MaxKeys-2, "k") + `"last": 2}`
	_, err := Parse("k.json", []byte(src))
	want := fmt.Sprintf("k.json:1:%d: more than 10,000 keys in one mapping", strings.Index(src, `"i10000"`)+1)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// A drawing of 200,000 segments (drawing.MaxSegments) on one line of
// JSON, 1.4 million values, is read in a fraction of a second and about
// 230 MB: goccy took 5.5 s and 1.9 GB.
func TestJSONDrawingAtTheLimit(t *testing.T) {
	data := oneLineDrawing(200000)
	var err error
	start := time.Now()
	bytes := allocated(func() { _, err = Parse("d.json", data) })
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if bytes > 300<<20 || took > testenv.Bound(5*time.Second) {
		t.Errorf("200,000 segments read in %v with %d MB allocated", took, bytes>>20)
	}
}

// BenchmarkParseJSONDrawing reads a drawing of 200,000 segments as one
// line of JSON (1.4 million values), by the fast path and by goccy's.
func BenchmarkParseJSONDrawing(b *testing.B) {
	data := oneLineDrawing(200000)
	for _, c := range []struct {
		name  string
		parse func(string, []byte) (*Node, error)
	}{{"fast", Parse}, {"goccy", goccyPath}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.parse("d.json", data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
