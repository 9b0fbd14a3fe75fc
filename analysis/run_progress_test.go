package analysis

import (
	"bytes"
	"flag"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestLineProgress: where standard error is not a terminal, progress is
// plain lines, at most one every LineEvery, none before (issue 22).
func TestLineProgress(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf, 40, "cross-dont-cross defense")
	lp, ok := p.(*lineProgress)
	if !ok {
		t.Fatalf("NewProgress on a buffer: %T, want plain lines", p)
	}
	now := lp.start
	lp.now = func() time.Time { return now }
	for i := 0; i < 40; i++ {
		now = now.Add(time.Second)
		if err := p.Add(1); err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines in 40 s, want 4:\n%s", len(lines), buf.String())
	}
	if want := "cross-dont-cross defense: 10 of 40 units (25%), 10s, about 30s left"; lines[0] != want {
		t.Errorf("first line %q, want %q", lines[0], want)
	}
	if NewProgress(&buf, 1, "x") != nil {
		t.Error("progress for a single unit")
	}
}

// TestDefenseDefaultsAreShort: cross-dont-cross defense with no flags
// answers in seconds (about 8 s measured on the shared 2-core machine,
// issue 22): its defaults bound the drawings stored to 20,000 a search over
// at most a dozen chord sets. The long runs are docs/analysis.md's.
func TestDefenseDefaultsAreShort(t *testing.T) {
	for _, q := range Questions() {
		if q.Game != "cross-dont-cross" || q.Name != "defense" {
			continue
		}
		fs := flag.NewFlagSet("defense", flag.ContinueOnError)
		q.Flags(fs)
		get := func(name string) int {
			n, err := strconv.Atoi(fs.Lookup(name).DefValue)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		sets := 0
		for m := get("from"); m <= get("to"); m++ {
			sets += len(Patterns(m)) + get("random")
		}
		if drawings := sets * 2 * get("budget"); drawings > 500000 {
			t.Errorf("the defaults may store %d drawings (%d sets, budget %d): minutes, not seconds", drawings, sets, get("budget"))
		}
		return
	}
	t.Fatal("no cross-dont-cross defense question")
}
