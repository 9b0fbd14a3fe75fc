package analysis

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestEveryCountIsBounded: each integer flag of each question has a bound
// in flagBounds, so that no count sizes a run without one.
func TestEveryCountIsBounded(t *testing.T) {
	for _, q := range Questions() {
		if q.Game == "test" {
			continue
		}
		fs := flag.NewFlagSet("", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		q.Flags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			if _, isInt := f.Value.(flag.Getter).Get().(int); isInt {
				if _, ok := flagBounds[q.Game+" "+q.Name][f.Name]; !ok {
					t.Errorf("%s %s --%s has no bound in flagBounds", q.Game, q.Name, f.Name)
				}
			}
		})
	}
}

// TestHugeCountsAreRefused: a count past its bound is refused at once,
// naming the bound (issue 23: --samples 999999999999 took 3 to 4 GB in
// seconds, then crashed).
func TestHugeCountsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"permutation-grid", "bias", "--samples", "999999999999"}, "--samples 999999999999: must be from 0 to 10,000,000"},
		{[]string{"permutation-grid", "strategy", "--games", "999999999999"}, "--games 999999999999: must be from 1 to 1,000,000"},
		{[]string{"cross-dont-cross", "defense", "--random", "999999999999"}, "--random 999999999999: must be from 0 to 10,000"},
		{[]string{"polygons-and-dots", "parity", "--games", "999999999999"}, "--games 999999999999: must be from 1 to 1,000,000"},
		{[]string{"polygons-and-dots", "parity", "--games", "1000000"}, "units of work; the limit is 1,000,000"},
		{[]string{"polygons-and-dots", "parity", "--dots", strings.Repeat("4,", 600)}, "--dots: 1200 characters; the limit is 1000"},
		{[]string{"crossing-the-rings", "divider-share", "--games", "-5"}, "--games -5: must be from 1"},
		{[]string{"crossing-the-rings", "divider-share", "--workers", "1000000000"}, "--workers 1000000000: from 0 (one per core) to 1024"},
	} {
		start := time.Now()
		err := Main(tc.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
		if _, ok := err.(*UsageError); !ok {
			t.Errorf("%v: %T, want a usage error", tc.args, err)
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%v: refused after %v", tc.args, el)
		}
	}
}

// TestMergeChecksEveryField: a shard whose fields could not come from
// the run its parameters and label describe is refused, naming its file
// (issue 23: perms of 2^63-1 printed "P1 wins 400.0%"; negative counts,
// missing fields and shards of different cuts merged).
func TestMergeChecksEveryField(t *testing.T) {
	dir := t.TempDir()
	args := []string{"permutation-grid", "bias", "--exact", "4", "--max", "5", "--samples", "1500", "--quiet"}
	var parts [2]map[string]any
	var files [2]string
	for k := range 2 {
		files[k] = filepath.Join(dir, "part"+itoa(k+1)+".json")
		if err := Main(append(args, "--shard", itoa(k+1)+"/2", "-o", files[k]), io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(files[k])
		if err := json.Unmarshal(b, &parts[k]); err != nil {
			t.Fatal(err)
		}
	}
	if err := Main([]string{"merge", files[0], files[1]}, io.Discard, io.Discard); err != nil {
		t.Fatalf("the shards as written: %v", err)
	}
	// unit 0 is shard 1's: an exact unit of n = 3, one orbit
	for _, tc := range []struct {
		name string
		edit func(p map[string]any)
		want string
	}{
		{"perms", func(p map[string]any) { unit(p)["perms"] = int64(1<<63 - 1) }, "unit 0: perms is 9223372036854775807; unit 0 stands for at most 8 permutations"},
		{"negative", func(p map[string]any) { unit(p)["tri"] = -3 }, "unit 0: tri is -3, not from 0"},
		{"missing", func(p map[string]any) { delete(unit(p), "ties") }, `unit 0: missing "ties"`},
		{"unknown", func(p map[string]any) { unit(p)["extra"] = 1 }, `unit 0: JSON: json: unknown field "extra"`},
		{"wins", func(p map[string]any) { unit(p)["wins1"] = 5 }, "do not add up"},
		{"n", func(p map[string]any) { unit(p)["n"] = 1000000000 }, "it is of n = 1000000000; unit 0 is of n = 3"},
		{"label", func(p map[string]any) { p["shard"] = "1/1" }, "shard 1/1 one of 1: merge the shards of one run"},
		{"bad label", func(p map[string]any) { p["shard"] = "x" }, `shard "x": write K/N`},
		{"samples", func(p map[string]any) {
			p["params"].(map[string]any)["samples"] = "999999999999"
			parts[1]["params"].(map[string]any)["samples"] = "999999999999"
		}, "--samples 999999999999: must be from 0 to 10,000,000"},
		{"unknown param", func(p map[string]any) {
			p["params"].(map[string]any)["bogus"] = "1"
			parts[1]["params"].(map[string]any)["bogus"] = "1"
		}, `unknown parameter "bogus"`},
		{"seed", func(p map[string]any) { p["seed"] = 99 }, "is of another run"},
	} {
		var p0, p1 map[string]any
		for k, p := range []*map[string]any{&p0, &p1} {
			b, _ := json.Marshal(parts[k])
			json.Unmarshal(b, p)
		}
		saved := parts[1]
		parts[1] = p1
		tc.edit(p0)
		b0, _ := json.Marshal(p0)
		b1, _ := json.Marshal(parts[1])
		parts[1] = saved
		f0, f1 := filepath.Join(dir, tc.name+"-1.json"), filepath.Join(dir, tc.name+"-2.json")
		os.WriteFile(f0, b0, 0o644)
		os.WriteFile(f1, b1, 0o644)
		var out bytes.Buffer
		err := Main([]string{"merge", f0, f1}, &out, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || (!strings.Contains(err.Error(), f0) && tc.name != "seed") {
			t.Errorf("%s: %v (%.200s), want %q naming %s", tc.name, err, out.String(), tc.want, f0)
		}
	}
}

// unit is the first unit of a shard's results.
func unit(p map[string]any) map[string]any {
	return p["results"].(map[string]any)["0"].(map[string]any)
}

// TestSurveySetsBounded: a survey whose chord sets would take hours to
// enumerate is refused at once, the bound named (issue 23's campaign).
func TestSurveySetsBounded(t *testing.T) {
	if got := chordSetsUpTo(24, 3); got != 276+37950+3466100 {
		t.Errorf("sets of up to 3 chords between 24 points: %d", got)
	}
	err := Main([]string{"cross-dont-cross", "survey", "--step", "15", "--chords", "4"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "more than 5000000") {
		t.Errorf("--step 15 --chords 4: %v", err)
	}
}
