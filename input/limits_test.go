package input

import (
	"errors"
	"fmt"
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

// A drawing of 200,000 segments (drawing.MaxSegments) on one line of JSON
// reads in linear time: the column of every value is found near goccy's,
// looking at the line once. Quadratic, 40,000 segments took 40 s.
func TestOneLineJSONIsLinear(t *testing.T) {
	for _, n := range []int{40000, 200000} {
		data := oneLineDrawing(n)
		start := time.Now()
		root, err := Parse("d.json", data)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d segments, %d bytes: %v", n, len(data), took)
		last := root.Values[0].Items[n-1].Items[1].Items[0]
		if want := strings.LastIndex(string(data), fmt.Sprintf("[%d,1]", n-1)) + 2; last.Pos.Line != 1 || last.Pos.Col != want {
			t.Errorf("last x at %v, want 1:%d", last.Pos, want)
		}
		if took > 20*time.Second {
			t.Fatalf("%d segments on one line took %v; linear time is well under a second", n, took)
		}
	}
}

// A syntax error at the end of a long line is reported without goccy's
// source snippet, whose formatting is quadratic in the line's length
// (20,000 segments took 24 s).
func TestSyntaxErrorOnALongLine(t *testing.T) {
	for _, n := range []int{40000, 200000} {
		data := oneLineDrawing(n)
		data = data[:len(data)-1] // no closing brace
		start := time.Now()
		_, err := Parse("d.json", data)
		took := time.Since(start)
		if err == nil || !strings.HasPrefix(err.Error(), "d.json:1:1: syntax: ") {
			t.Errorf("err = %v", err)
		}
		if took > 20*time.Second {
			t.Fatalf("%d segments with a syntax error took %v; linear time is well under a second", n, took)
		}
	}
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
	src := append([]byte("segments: []\n"), manyKeys(10000)...)
	root, err := Parse("k.yaml", src)
	if err != nil {
		t.Fatal(err)
	}
	_, err = root.Fields("the drawing", "segments")
	var es Errors
	if !errors.As(err, &es) || len(es) != 10000 {
		t.Fatalf("want 10,000 errors, got %v", err)
	}
	es = append(es, &Error{Pos: Pos{File: "k.yaml", Line: 10002, Col: 1}, Msg: "another kind"})
	msg := es.Error()
	lines := strings.Split(msg, "\n")
	if len(lines) != MaxSameKind+2 {
		t.Errorf("%d lines printed, want %d", len(lines), MaxSameKind+2)
	}
	for i, want := range map[int]string{
		0:               `k.yaml:2:1: unknown key "k0" in the drawing; the keys are: segments`,
		MaxSameKind - 1: `k.yaml:11:1: unknown key "k9" in the drawing; the keys are: segments`,
		MaxSameKind:     `k.yaml:10002:1: another kind`,
		MaxSameKind + 1: `k.yaml: ... and 9,990 more errors`,
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
	if took := time.Since(start); took > 5*time.Second {
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
