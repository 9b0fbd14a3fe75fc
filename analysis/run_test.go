package analysis

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"papergames/games"
)

// coins is a test question: heads among 100 fair coins, 20 units.
type coins struct{ units int }

type coinUnit struct{ Heads int }

func (c coins) Units() int   { return c.units }
func (c coins) NewUnit() any { return new(coinUnit) }
func (c coins) Unit(i int, seed uint64) (any, error) {
	rng := Rand(seed, uint64(i))
	h := 0
	for range 100 {
		h += rng.IntN(2)
	}
	return &coinUnit{h}, nil
}
func (c coins) Report(units []any) (*Result, error) {
	t := Table{Columns: []string{"unit", "heads"}}
	for i, u := range units {
		t.Rows = append(t.Rows, []string{string(rune('a' + i%26)), itoa(u.(*coinUnit).Heads)})
	}
	return &Result{Title: "coins", Method: "Monte Carlo", Tables: []Table{t}}, nil
}

func init() {
	register(Question{Game: "test", Name: "coins", Summary: "a test",
		Flags: func(fs *flag.FlagSet) { fs.Int("units", 20, "units") },
		New:   func(p Params) (Job, error) { return coins{p.Int("units")}, nil }})
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

var _ = rand.New

// The answer is the same whatever the number of workers, and the merge of
// shards (in any order) is the answer of one run.
func TestShardsMergeToOneRun(t *testing.T) {
	q, _ := Find("test", "coins")
	p := Params{"units": "20"}
	one, err := Run(q, p, 7, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	many, _ := Run(q, p, 7, 5, nil)
	if !reflect.DeepEqual(one, many) {
		t.Fatal("1 and 5 workers disagree")
	}
	other, _ := Run(q, p, 8, 1, nil)
	if reflect.DeepEqual(one, other) {
		t.Fatal("seeds 7 and 8 agree")
	}
	dir := t.TempDir()
	var files []string
	for k := 3; k >= 1; k-- {
		var out, errw bytes.Buffer
		f := filepath.Join(dir, "part"+itoa(k)+".json")
		if err := Answer(q, nil, Options{Seed: 7, Shard: itoa(k) + "/3", Out: f, Workers: k}, &out, &errw); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var merged, single, errw bytes.Buffer
	if err := MergeFiles(files, true, "", &merged, &errw); err != nil {
		t.Fatal(err)
	}
	if err := Answer(q, nil, Options{JSON: true, Seed: 7}, &single, &errw); err != nil {
		t.Fatal(err)
	}
	if merged.String() != single.String() {
		t.Fatalf("merged:\n%s\none run:\n%s", merged.String(), single.String())
	}
	// a missing or repeated shard is refused
	if err := MergeFiles(files[:2], false, "", &merged, &errw); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("two of three shards: %v", err)
	}
	if err := MergeFiles([]string{files[0], files[0], files[1], files[2]}, false, "", &merged, &errw); err == nil || !strings.Contains(err.Error(), "shard 3/3 is also "+files[0]) {
		t.Errorf("a shard twice: %v", err)
	}
	// a shard of another seed is refused
	var out bytes.Buffer
	f := filepath.Join(dir, "other.json")
	if err := Answer(q, nil, Options{Seed: 8, Shard: "1/3", Out: f}, &out, &errw); err != nil {
		t.Fatal(err)
	}
	if err := MergeFiles([]string{f, files[0], files[1]}, false, "", &merged, &errw); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Errorf("another seed: %v", err)
	}
}

// TestUsage: mistakes in the options or the flags' values are usage
// errors (exit status 2); the command line's own are package main's.
func TestUsage(t *testing.T) {
	q, _ := Find("making-intersections", "minimum")
	for _, tc := range []struct {
		p Params
		o Options
	}{
		{nil, Options{Seed: 1, Shard: "4/3"}},
		{Params{"max": "0"}, Options{Seed: 1}},
		{nil, Options{Seed: 1, Plot: "x.png2"}},
		{nil, Options{Seed: 1, Out: "x.json"}},
		{nil, Options{Seed: 1, Workers: -1}},
		{Params{"bogus": "1"}, Options{Seed: 1}},
	} {
		err := Answer(q, tc.p, tc.o, io.Discard, io.Discard)
		if ue := (*games.UsageError)(nil); !errors.As(err, &ue) {
			t.Errorf("%v %+v: %v, want a usage error", tc.p, tc.o, err)
		}
	}
}

func TestPlotFormats(t *testing.T) {
	q, _ := Find("making-intersections", "minimum")
	r, err := Run(q, Params{"max": "3", "engine-max": "3", "draw": "3"}, 1, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, ext := range []string{"pdf", "svg"} {
		name := filepath.Join(dir, "chart."+ext)
		if err := Plot(r, name); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(name)
		if len(b) < 200 {
			t.Errorf("%s: %d bytes", ext, len(b))
		}
	}
}

// TestPlotIsReproducible: a chart's PDF carries no date of its own (issue
// 23: it had the current one, so two runs differed).
func TestPlotIsReproducible(t *testing.T) {
	r := &Result{Game: "g", Question: "q", Chart: &Chart{Title: "t", X: "x", Y: "y", Series: []Series{{Name: "s", X: []float64{1, 2, 3}, Y: []float64{1, 4, 9}}}}}
	a, err := PlotBytes(r, "pdf")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := PlotBytes(r, "pdf")
	if !bytes.Equal(a, b) || !bytes.Contains(a, []byte("/CreationDate (D:20260101000000)")) || !bytes.Contains(a, []byte("/ModDate (D:20260101000000)")) {
		t.Errorf("the chart's PDF is not fixed: %d and %d bytes, dates %q", len(a), len(b), regexp.MustCompile(`/CreationDate \([^)]*\)`).Find(a))
	}
}

// Without a terminal a long run says how far it is in plain lines, from
// its own goroutine, even while a unit takes long; none after Finish.
func TestProgressLines(t *testing.T) {
	var mu sync.Mutex
	var b strings.Builder
	w := writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return b.Write(p)
	})
	l := newLines(w, 7, "game question", 10*time.Millisecond)
	l.Add(3)
	time.Sleep(60 * time.Millisecond)
	l.Finish()
	mu.Lock()
	out := b.String()
	mu.Unlock()
	if !strings.Contains(out, "game question: 3 of 7 units (42%), ") || strings.Count(out, "\n") < 2 {
		t.Fatalf("%q", out)
	}
	time.Sleep(30 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if b.String() != out {
		t.Fatalf("lines after Finish: %q", b.String()[len(out):])
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestOutputKeepsModeAndLink: -o writes as every papergames file is
// written: the old file's mode kept, a link followed (issue 21: it wrote
// 0644 over a 0600 file and replaced a link by a file).
func TestOutputKeepsModeAndLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.json")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	q, _ := Find("permutation-grid", "bias")
	err := Answer(q, Params{"exact": "4", "max": "4", "samples": "0"}, Options{Seed: 1, Shard: "1/2", Out: link}, io.Discard, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	fi, err := os.Stat(target)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("target: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(target); !bytes.Contains(b, []byte("papergames-analysis-partial")) {
		t.Errorf("target holds %q", b)
	}
}
