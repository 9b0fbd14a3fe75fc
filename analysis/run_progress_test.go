package analysis

import (
	"flag"
	"io"
	"strconv"
	"testing"
	"time"
)

// TestLineProgress: a plain line says the units done, the time so far
// and the time left (issue 22).
func TestLineProgress(t *testing.T) {
	l := newLines(io.Discard, 40, "cross-dont-cross defense", time.Hour)
	defer l.Finish()
	if got, want := l.line(10, 10*time.Second), "cross-dont-cross defense: 10 of 40 units (25%), 10s, about 30s left"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	if got, want := l.line(0, 3*time.Second), "cross-dont-cross defense: 0 of 40 units (0%), 3s"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

// TestDefenseDefaultsAreShort: cross-dont-cross defense with no flags
// answers in about a minute (57 s of CPU measured on the shared 2-core
// machine, issue 24): the theorem answers every set at once but the
// star, whose searches the budget bounds; the defaults search at most two
// stars (5 and 6 chords), 1.5 million drawings in all.
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
		stars := 0
		for m := get("from"); m <= get("to"); m++ {
			for _, p := range Patterns(m) {
				if p.Pattern == "star" {
					stars++
				}
			}
		}
		if drawings := stars * get("budget"); drawings > 1500000 {
			t.Errorf("the defaults may store %d drawings (%d stars, budget %d): minutes, not a minute", drawings, stars, get("budget"))
		}
		return
	}
	t.Fatal("no cross-dont-cross defense question")
}
