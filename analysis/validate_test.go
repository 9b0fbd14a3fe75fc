package analysis

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"papergames/games"
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
		game, name string
		p          Params
		workers    int
		want       string
	}{
		{"permutation-grid", "bias", Params{"samples": "999999999999"}, 0, "--samples 999999999999: must be from 0 to 10,000,000"},
		{"permutation-grid", "strategy", Params{"games": "999999999999"}, 0, "--games 999999999999: must be from 1 to 1,000,000"},
		{"cross-dont-cross", "defense", Params{"random": "999999999999"}, 0, "--random 999999999999: must be from 0 to 10,000"},
		{"polygons-and-dots", "parity", Params{"games": "999999999999"}, 0, "--games 999999999999: must be from 1 to 1,000,000"},
		{"polygons-and-dots", "parity", Params{"games": "1000000"}, 0, "units of work; the limit is 1,000,000"},
		{"polygons-and-dots", "parity", Params{"dots": strings.Repeat("4,", 600)}, 0, "--dots: 1200 characters; the limit is 1000"},
		{"crossing-the-rings", "divider-share", Params{"games": "-5"}, 0, "--games -5: must be from 1"},
		{"crossing-the-rings", "divider-share", nil, 1000000000, "--workers 1000000000: from 0 (one per core) to 1024"},
	} {
		start := time.Now()
		q, _ := Find(tc.game, tc.name)
		err := Answer(q, tc.p, Options{Seed: 1, Workers: tc.workers}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s %v: %v, want %q", tc.game, tc.name, tc.p, err, tc.want)
		}
		if ue := (*games.UsageError)(nil); !errors.As(err, &ue) {
			t.Errorf("%s %s %v: %T, want a usage error", tc.game, tc.name, tc.p, err)
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%s %s %v: refused after %v", tc.game, tc.name, tc.p, el)
		}
	}
}

// TestMergeChecksEveryField: a shard whose fields could not come from
// the run its parameters and label describe is refused, naming its file
// (issue 23: perms of 2^63-1 printed "P1 wins 400.0%"; negative counts,
// missing fields and shards of different cuts merged).
func TestMergeChecksEveryField(t *testing.T) {
	dir := t.TempDir()
	q, _ := Find("permutation-grid", "bias")
	p := Params{"exact": "4", "max": "5", "samples": "1500"}
	var parts [2]map[string]any
	var files [2]string
	for k := range 2 {
		files[k] = filepath.Join(dir, "part"+itoa(k+1)+".json")
		if err := Answer(q, p, Options{Seed: 1, Quiet: true, Shard: itoa(k+1) + "/2", Out: files[k]}, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(files[k])
		if err := json.Unmarshal(b, &parts[k]); err != nil {
			t.Fatal(err)
		}
	}
	if err := MergeFiles(files[:], false, "", io.Discard, io.Discard); err != nil {
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
		err := MergeFiles([]string{f0, f1}, false, "", &out, io.Discard)
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
	q, _ := Find("cross-dont-cross", "survey")
	err := Answer(q, Params{"step": "15", "chords": "4"}, Options{Seed: 1}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "more than 5000000") {
		t.Errorf("--step 15 --chords 4: %v", err)
	}
}
