package input

import (
	"errors"
	"fmt"
	"papergames/internal/testenv"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// oneLineDrawing is a drawing of n segments as one line of JSON, the way
// programs write it.
func oneLineDrawing(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"segments": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "[[%d,0],[%d,1]]", i, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

// linearIn checks that f's time grows linearly with n, not quadratically:
// ten times the input may take at most 30 times as long (quadratic takes
// 100), each size timed at its best of three runs with the garbage
// collector off (its work grows faster than the input), so that a loaded
// machine does not fail it as an absolute bound would.
func linearIn(t *testing.T, f func(n int) time.Duration) {
	t.Helper()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	best := func(n int) time.Duration {
		b := time.Duration(1<<63 - 1)
		for range 3 {
			runtime.GC()
			b = min(b, f(n))
		}
		return b
	}
	// Quadratic work takes 100 times as long every time; a busy machine
	// slows one measurement, seldom three in a row.
	var ratios []string
	for range 3 {
		small, large := best(4000), best(40000)
		t.Logf("4,000: %v; 40,000: %v", small, large)
		if large <= 30*small+50*time.Millisecond {
			return
		}
		ratios = append(ratios, fmt.Sprintf("%.1f", float64(large)/float64(small)))
	}
	t.Errorf("ten times the input took %s times as long, three times over: not linear", strings.Join(ratios, ", "))
}

// A drawing on one line of JSON reads in linear time: the column of every
// value is found near goccy's, looking at the line once. Quadratic, 40,000
// segments took 40 s.
func TestOneLineJSONIsLinear(t *testing.T) {
	linearIn(t, func(n int) time.Duration {
		data := oneLineDrawing(n)
		start := time.Now()
		root, err := Parse("d.json", data)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		last := root.Values[0].Items[n-1].Items[1].Items[0]
		if want := strings.LastIndex(string(data), fmt.Sprintf("[%d,1]", n-1)) + 2; last.Pos.Line != 1 || last.Pos.Col != want {
			t.Errorf("last x at %v, want 1:%d", last.Pos, want)
		}
		return took
	})
}

// A syntax error at the end of a long line is reported without goccy's
// source snippet, whose formatting is quadratic in the line's length
// (20,000 segments took 24 s).
func TestSyntaxErrorOnALongLine(t *testing.T) {
	linearIn(t, func(n int) time.Duration {
		data := oneLineDrawing(n)
		data = data[:len(data)-1] // no closing brace
		start := time.Now()
		_, err := Parse("d.json", data)
		took := time.Since(start)
		if err == nil || !strings.HasPrefix(err.Error(), "d.json:1:1: syntax: ") {
			t.Errorf("err = %v", err)
		}
		return took
	})
}

// manyKeys is a mapping of n keys k0, k1, ..., one a line.
func manyKeys(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "k%d: 1\n", i)
	}
	return []byte(b.String())
}

// Thousands of errors of one kind print as the first few and a count, not
// as megabytes of messages; errors of other kinds still show.
func TestErrorsPrintedAreCapped(t *testing.T) {
	src := append([]byte("segments: []\n"), manyKeys(MaxKeys-1)...) // 10,000 keys, the limit
	root, err := Parse("k.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	_, err = root.Fields("the drawing", "segments")
	var es Errors
	if !errors.As(err, &es) || len(es) != 9999 {
		t.Fatalf("want 9,999 errors, got %v", err)
	}
	es = append(es, &Error{Pos: Pos{File: "k.yaml", Line: 10001, Col: 1}, Msg: "another kind"})
	msg := es.Error()
	lines := strings.Split(msg, "\n")
	if len(lines) != MaxSameKind+2 {
		t.Errorf("%d lines printed, want %d", len(lines), MaxSameKind+2)
	}
	for i, want := range map[int]string{
		0:               `k.yaml:2:1: unknown key "k0" in the drawing; the keys are: segments`,
		MaxSameKind - 1: `k.yaml:11:1: unknown key "k9" in the drawing; the keys are: segments`,
		MaxSameKind:     `k.yaml:10001:1: another kind`,
		MaxSameKind + 1: `k.yaml: ... and 9,989 more errors`,
	} {
		if i >= len(lines) || lines[i] != want {
			t.Errorf("line %d = %q, want %q", i+1, lines[min(i, len(lines)-1)], want)
		}
	}
	// Every kind counts towards MaxShown.
	var all Errors
	for i := range 200 {
		all = append(all, &Error{Pos: Pos{File: "f", Line: i + 1}, Msg: strings.Repeat("x", i)})
	}
	if lines := strings.Split(all.Error(), "\n"); len(lines) != MaxShown+1 || lines[MaxShown] != "f: ... and 150 more errors" {
		t.Errorf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
}

// The duplicate-key check is linear: a mapping of 10,000 keys (the
// limit) is read in well under a second, and a key given twice is still
// found.
func TestManyKeysAreCheckedInLinearTime(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 10000 {
		fmt.Fprintf(&b, "%q: 1, ", fmt.Sprintf("k%d", i))
	}
	b.WriteString(`"k0": 2}`)
	start := time.Now()
	_, err := Parse("k.json", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), `"k0"`) {
		t.Errorf("err = %v, want k0 given twice", err)
	}
	if took := time.Since(start); took > testenv.Bound(5*time.Second) {
		t.Errorf("10,000 keys took %v", took)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 99990: "99,990", 1234567: "1,234,567", -1234: "-1,234"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// allocated is the number of bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Nesting is checked before the parser builds the tree: 40,000 brackets
// (an 80 KB file) took 2.5 GB, 100,000 ran out of memory. Every way YAML
// nests is counted, and the error names the place and the limit.
func TestDeepNestingIsRefusedBeforeParsing(t *testing.T) {
	lines := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, src, at string
	}{
		{"brackets", "segments: " + strings.Repeat("[", 40000) + strings.Repeat("]", 40000) + "\n", "d.yaml:1:74:"},
		{"brackets, 100,000", "segments: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n", "d.yaml:1:74:"},
		{"JSON objects", strings.Repeat(`{"a": `, 40000) + "1" + strings.Repeat("}", 40000), "d.yaml:1:385:"},
		{"JSON on many lines", strings.Repeat("[\n", 40000) + strings.Repeat("]\n", 40000), "d.yaml:65:1:"},
		{"dashes", strings.Repeat("- ", 40000) + "x\n", "d.yaml:1:129:"},
		{"indented keys", lines(1000, func(i int) string { return strings.Repeat(" ", i) + "a:\n" }), "d.yaml:65:65:"},
		{"list of lists", lines(1000, func(i int) string { return strings.Repeat(" ", 2*i) + "-\n" }), "d.yaml:65:129:"},
		{"keys and dashes", lines(1000, func(i int) string { return strings.Repeat(" ", 2*i) + "- a:\n" }), "d.yaml:33:65:"},
		{"dashes in brackets", "[" + strings.Repeat("- ", 40000) + "x]\n", "d.yaml:1:128:"},
		{"pairs in brackets", strings.Repeat("[a: ", 40000) + strings.Repeat("]", 40000) + "\n", "d.yaml:1:129:"},
		{"lists and keys at one column", lines(1000, func(int) string { return "-\nk:\n" }), "d.yaml:65:1:"},
	} {
		var err error
		bytes := allocated(func() { _, err = Parse("d.yaml", []byte(tc.src)) })
		want := tc.at + " nested too deeply: the limit is 64 lists and mappings inside one another"
		if err == nil || err.Error() != want {
			t.Errorf("%s: err = %v, want %s", tc.name, err, want)
		}
		if bytes > 20<<20 {
			t.Fatalf("%s: %d bytes allocated to refuse a %d-byte file", tc.name, bytes, len(tc.src))
		}
	}
}

// The limit is exact for brackets and block structure alike: 64 nested
// lists and mappings are read, 65 refused.
func TestNestingLimitIsExact(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  func(n int) string
	}{
		{"brackets", func(n int) string { return strings.Repeat("[", n) + "1" + strings.Repeat("]", n) }},
		{"key and brackets", func(n int) string { return "a: " + strings.Repeat("[", n-1) + strings.Repeat("]", n-1) }},
		{"dashes", func(n int) string { return strings.Repeat("- ", n) + "1\n" }},
		{"indented keys", func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "%sk%d:\n", strings.Repeat(" ", i), i)
			}
			return b.String()
		}},
		{"compact lists under keys", func(n int) string {
			var b strings.Builder
			for i := 0; i < n; i += 2 {
				fmt.Fprintf(&b, "%sk:\n%s-\n", strings.Repeat(" ", i), strings.Repeat(" ", i))
			}
			return b.String()
		}},
	} {
		if _, err := Parse("d.yaml", []byte(tc.src(MaxDepth))); err != nil {
			t.Errorf("%s, %d deep: %v", tc.name, MaxDepth, err)
		}
		if _, err := Parse("d.yaml", []byte(tc.src(MaxDepth+2))); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
			t.Errorf("%s, %d deep: err = %v", tc.name, MaxDepth+2, err)
		}
		if tc.name != "compact lists under keys" {
			if _, err := Parse("d.yaml", []byte(tc.src(MaxDepth+1))); err == nil || !strings.Contains(err.Error(), "nested too deeply") {
				t.Errorf("%s, %d deep: err = %v", tc.name, MaxDepth+1, err)
			}
		}
	}
}

// What only looks like nesting is not counted: brackets in quotes,
// comments and block scalars, dashes inside words.
func TestNestingIgnoresText(t *testing.T) {
	many := strings.Repeat("[{", 100)
	src := "# " + many + "\n" +
		"a: \"" + many + "\\\" " + many + "\"  # " + many + "\n" +
		"b: '" + many + "'' " + many + "'\n" +
		"c: |\n  " + many + "\n\n  " + many + "\n" +
		"d:\n  - >-\n    " + many + "\n  - x-" + many + "\n" +
		"e: [\"" + many + "\", '" + many + "', x#y]  # " + many + "\n" +
		"f: \"multi\n  line " + many + "\"\n" +
		"g: " + strings.Repeat("-", 100) + "\n"
	root, err := Parse("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(root.Keys) != 7 {
		t.Errorf("%d keys, want 7", len(root.Keys))
	}
}

// A block mapping holds at most 10,000 keys: goccy's parser is quadratic
// in them (100,000 top-level keys, 1 MB, took 54 s with the quadratic
// duplicate check), so more are refused before parsing, at the first key
// past the limit.
func TestManyKeysAreRefusedBeforeParsing(t *testing.T) {
	if _, err := Parse("k.yaml", manyKeys(MaxKeys)); err != nil {
		t.Errorf("%d keys: %v", MaxKeys, err)
	}
	for _, n := range []int{MaxKeys + 1, 100000} {
		start := time.Now()
		_, err := Parse("k.yaml", manyKeys(n))
		if want := "k.yaml:10001:1: more than 10,000 keys in one mapping; the limit is 10,000"; err == nil || err.Error() != want {
			t.Errorf("%d keys: err = %v, want %s", n, err, want)
		}
		if took := time.Since(start); took > testenv.Bound(10*time.Second) {
			t.Fatalf("%d keys took %v to refuse", n, took)
		}
	}
	// Nested and listed mappings count their own keys.
	var b strings.Builder
	for i := range 3 {
		fmt.Fprintf(&b, "- m%d:\n", i)
		for j := range MaxKeys - 1 {
			fmt.Fprintf(&b, "    k%d: 1\n", j)
		}
		fmt.Fprintf(&b, "  n%d: 2\n", i)
	}
	if _, err := Parse("k.yaml", []byte(b.String())); err != nil {
		t.Errorf("three mappings of %d keys each: %v", MaxKeys-1, err)
	}
	// A flow mapping is parsed in linear time, then held to the same limit.
	var f strings.Builder
	f.WriteString("{")
	for i := range MaxKeys + 1 {
		fmt.Fprintf(&f, "k%d: 1, ", i)
	}
	f.WriteString("}")
	if _, err := Parse("k.yaml", []byte(f.String())); err == nil || !strings.Contains(err.Error(), "k.yaml:1:") || !strings.Contains(err.Error(), "the limit is 10,000") {
		t.Errorf("flow mapping of %d keys: err = %v", MaxKeys+1, err)
	}
}

// treeDepth is how many lists and mappings nest in n; maxKeys the most
// keys of one of its mappings.
func treeDepth(n *Node) (depth, maxKeys int) {
	if n.Kind != Seq && n.Kind != Map {
		return 0, 0
	}
	maxKeys = len(n.Keys)
	for _, c := range append(append(append([]*Node(nil), n.Items...), n.Keys...), n.Values...) {
		d, k := treeDepth(c)
		depth, maxKeys = max(depth, d), max(maxKeys, k)
	}
	return depth + 1, maxKeys
}

// countNodes is the number of nodes of n's tree.
func countNodes(n *Node) int {
	c := 1
	for _, k := range append(append(append([]*Node(nil), n.Items...), n.Keys...), n.Values...) {
		c += countNodes(k)
	}
	return c
}

// prescanCases are files where the pre-scan must count what goccy builds,
// one for each way an earlier pre-scan counted too high or too low.
var prescanCases = []struct {
	name, src string
	depth     int // how deep lists and mappings nest
}{
	// An empty "- " item whose value is a scalar at its column: keys that
	// follow end the list, they are not the item's mapping.
	{"empty item, then a value at its column", "0:\n-\n0\n1:\n-", 2},
	{"empty item, then keys at its column", "0:\n-\n0:\n1:", 3},
	{"lists and keys at one column", "-\nk:\n-\nk:\n-\nk:\n-", 7},
	{"key, indentless list, key", "a:\n- b\n- c: [1]\nd: 2\n", 4},
	// goccy reads "#" as a comment right after a quote or a bracket.
	{"comment after a quote", "'q'# ca:\n", 0},
	{"comment after a bracket", "  [1]# ca: {\n\r", 1},
	{"comment after a quote, next line", "- \n\r\n\"q\"# c:\n", 1},
	// goccy skips a character after a double-quoted scalar for each tab
	// inside it that text follows on its line.
	{"tabs in double quotes", "\"a\t\t\": \n", 0},
	{"tabs in double quotes, key after", "\"\t\tb\t\"x:\n", 0},
	{"tabs in double quotes, brackets after", "\"0\t\t\t\t0\"{[{{", 0},
	// After a block scalar of only line breaks, goccy reads the next
	// line's first character as text.
	{"empty block scalar, then -", "a: |\n\n-\t\t- k:\n", 1},
	{"empty block scalar, then [", "0: |\n\n[[[0:", 1},
	{"empty block scalar, then a key", "k:\n-\n- >\n\n: |\n\n\n  |+\n\n\r\n", 2},
	{"block scalar as a key", "  |2\n      # c\r:\r", 1},
	// goccy reads nothing after two "---" in a row.
	{"two document starts", "  -\"q\"\n---\n---\n  [1]]\n", 0},
	// A "-" first on a line that goes on a plain scalar.
	{"raw folded scalar", "}[a: 1]]\n  a:-x\n  --- {\nb: 1- \n", 1},
	// A bracket after a comma is one value, not two.
	{"brackets after commas", "[[],[],[],[],[],[],[]]", 2},
	// Lists and mappings in brackets nest too.
	{"dashes in brackets", "[- - - x]", 4},
	{"pairs in brackets", "x: [a: [b: 1]]", 5},
	{"flow mapping", `{"a": [1, {"b": 2}]}`, 3},
	{"a tab counting nothing", "k:\n \t- a: 1\n   b: 2", 3},
	{"trailing blanks before a line break", "k:\n  -\n  a  \n  - b\n", 2},
}

// The pre-scan counts nesting as goccy builds it, keys and values no
// higher than the tree holds.
func TestPrescanCountsWhatGoccyBuilds(t *testing.T) {
	least := func(data []byte, set func(*scanLimits, int)) int {
		for n := 0; n < 100; n++ {
			lim := scanLimits{1 << 30, 1 << 30, 1 << 30}
			set(&lim, n)
			if prescan("f.yaml", data, lim) == nil {
				return n
			}
		}
		return 100
	}
	for _, c := range prescanCases {
		data := []byte(c.src)
		root, err := parse("f.yaml", data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		d, k := treeDepth(root)
		if d != c.depth {
			t.Errorf("%s: the tree nests %d deep, want %d", c.name, d, c.depth)
		}
		if got := least(data, func(l *scanLimits, n int) { l.depth = n }); got != d {
			t.Errorf("%s: pre-scan depth %d, tree %d", c.name, got, d)
		}
		if got := least(data, func(l *scanLimits, n int) { l.keys = n }); got > k {
			t.Errorf("%s: pre-scan keys %d, tree %d", c.name, got, k)
		}
		if got, n := least(data, func(l *scanLimits, n int) { l.values = n }), countNodes(root); got > n {
			t.Errorf("%s: pre-scan values %d, tree %d", c.name, got, n)
		}
	}
}

// prescan errs on the low side: whatever it refuses with small limits
// either is no valid file or really nests deeper, or has more keys in a
// mapping or more values, than the limits.
func FuzzPrescan(f *testing.F) {
	for _, s := range []string{
		"a: 1", "segments: [[[0,0],[1,1]]]", `{"a": [1, {"b": 2}]}`, "- a\n- b: c\n  d: e\n", "a: |\n  [[[\nb: 1\n",
		"a:\n- b\n- c: [1]\nd: 2\n", "? a\n: b\n", "- - - x\n", "a: \"[[\n  [\"\n", "a: '[''['\n", "a: x # [[[\nb: 1\n",
		"--- [1, [2]]\n", "a: &x [1]\n", "a: !t {b: 1}\n", "a: >-\n  {\n\n  }\nb:\n  c:\n    d: 1\n",
		"k0: 1\nk1: 1\nk2: 1\nk3: 1\n", "- k0: 1\n  k1: 1\n  k2: 1\n- k3: 1\n", "a:\n  b: 1\n  c: 2\nd:\n  e: 3\n",
	} {
		f.Add([]byte(s))
	}
	for _, c := range prescanCases {
		f.Add([]byte(c.src))
	}
	// Inputs where an earlier pre-scan counted too high (the cases above
	// and testdata/fuzz/FuzzPrescan hold more).
	for _, s := range []string{
		"0:\n-\n0\n1:\n-", "'q'# ca:\n", "  [1]# ca: {\n\r", "\"a\t\t\": \n", "\"\t\tb\t\"x:\n",
		"a: |\n\n-\t\t- k:\n", "- \n\r\n\"q\"# c:\n", "  -\"q\"\n---\n---\n  [1]]\n", "[[],[],[],[],[],[],[]]",
		"k:\n-\n- >\n\n: |\n\n\n  |+\n\n\r\n", "}[a: 1]]\n  a:-x\n  --- {\nb: 1- \n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const depth, keys, values = 3, 2, 12
		err := prescan("f.yaml", data, scanLimits{depth, keys, values})
		if err == nil {
			return
		}
		root, perr := func() (root *Node, err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic %v", r)
				}
			}()
			return parse("f.yaml", data)
		}()
		if perr != nil {
			return // not a valid file: any error will do
		}
		if strings.Contains(err.Error(), "values in the file") && countNodes(root) <= values {
			t.Fatalf("prescan: %v, but the file has %d values", err, countNodes(root))
		}
		d, k := treeDepth(root)
		if strings.Contains(err.Error(), "nested too deeply") && d <= depth {
			t.Fatalf("prescan: %v, but lists and mappings nest %d deep", err, d)
		}
		if strings.Contains(err.Error(), "keys in one mapping") && k <= keys {
			t.Fatalf("prescan: %v, but no mapping has more than %d keys", err, k)
		}
	})
}

// A file holds at most 2,000,000 values, counted before parsing: goccy
// takes about 900 bytes for each, and 8 million small values in 16 MB took
// 6.7 GB and 75 s. A drawing of 200,000 segments (1.4 million) is read.
func TestManyValuesAreRefusedBeforeParsing(t *testing.T) {
	list := func(n int) []byte { // n values: the list and n-1 numbers
		return []byte("[" + strings.Repeat("0,", n-2) + "0]")
	}
	if err := prescan("v.json", list(MaxValues), defaultScanLimits); err != nil {
		t.Errorf("%d values: %v", MaxValues, err)
	}
	if err := prescan("v.json", list(MaxValues+1), defaultScanLimits); err == nil || err.Error() != "v.json:1:4000000: more than 2,000,000 values in the file; the limit is 2,000,000" {
		t.Errorf("%d values: %v", MaxValues+1, err)
	}
	big := list(8000000)
	var err error
	start := time.Now()
	bytes := allocated(func() { _, err = Parse("v.json", big) })
	if err == nil || !strings.Contains(err.Error(), "the limit is 2,000,000") {
		t.Errorf("16 MB of values: %v", err)
	}
	if took := time.Since(start); took > testenv.Bound(5*time.Second) || bytes > 100<<20 {
		t.Errorf("16 MB of values refused in %v with %d MB allocated", took, bytes>>20)
	}
	var b strings.Builder
	b.WriteString("segments:\n")
	for i := range 200000 {
		fmt.Fprintf(&b, "- [[%d, 0], [%d, 1]]\n", i, i)
	}
	if err := prescan("d.yaml", []byte(b.String()), defaultScanLimits); err != nil {
		t.Errorf("200,000 segments: %v", err)
	}
}

// BenchmarkPrescan reads a drawing of 200,000 segments, as YAML and as
// one line of JSON.
func BenchmarkPrescan(b *testing.B) {
	var y strings.Builder
	y.WriteString("segments:\n")
	for i := range 200000 {
		fmt.Fprintf(&y, "- [[%d, 0], [%d, 1]]  # %d\n", i, i, i)
	}
	for _, c := range []struct {
		name string
		data []byte
	}{{"yaml", []byte(y.String())}, {"json", oneLineDrawing(200000)}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := prescan("d", c.data, defaultScanLimits); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestManyCommentsAreRefusedBeforeParsing: goccy keeps every comment, so a
// file of nothing but comment lines is bounded like one of values.
func TestManyCommentsAreRefusedBeforeParsing(t *testing.T) {
	lines := func(n int) []byte { return []byte(strings.Repeat("# c\n", n) + "game: x\n") }
	if err := prescan("c.yaml", lines(MaxComments), defaultScanLimits); err != nil {
		t.Errorf("%d comments: %v", MaxComments, err)
	}
	want := fmt.Sprintf("c.yaml:%d:1: more than 1,000,000 comments in the file; the limit is 1,000,000", MaxComments+1)
	if err := prescan("c.yaml", lines(MaxComments+1), defaultScanLimits); err == nil || err.Error() != want {
		t.Errorf("%d comments: %v, want %s", MaxComments+1, err, want)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Parse("c.yaml", []byte(strings.Repeat("#\n", 8_000_000)))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "comments in the file") {
		t.Errorf("8 million comment lines: %v", err)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 100<<20 {
		t.Errorf("8 million comment lines: %d MB allocated before the refusal", a>>20)
	}
}
