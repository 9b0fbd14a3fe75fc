package analysis

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"papergames/input"
)

// The bounds of analyze's counts. A count sizes what a run allocates
// (units, samples, stored drawings): past its bound a flag, or a shard
// file's parameter, is refused with the bound named, before the job is
// made (--samples 999999999999 allocated until the machine died).
var flagBounds = map[string]map[string][2]int{
	"arcs-and-marks first-move":        {"max": {6, 40}, "multi": {0, 30}, "multi4": {0, 30}, "playouts": {0, 10_000_000}},
	"cross-dont-cross defense":         {"from": {1, 12}, "to": {1, 12}, "random": {0, 10_000}, "budget": {1, 5_000_000}, "playouts": {0, 1_000_000}},
	"cross-dont-cross survey":          {"step": {15, 180}, "chords": {1, 4}, "random": {0, 10_000}, "check": {0, 12}, "check-budget": {1, 5_000_000}, "budget": {1, 5_000_000}, "playouts": {0, 1_000_000}},
	"making-intersections minimum":     {"max": {1, 9}, "engine-max": {0, 6}, "draw": {0, 9}},
	"permutation-grid bias":            {"exact": {2, 14}, "max": {0, 200}, "samples": {0, 10_000_000}},
	"permutation-grid strategy":        {"games": {1, 1_000_000}, "rollouts": {1, 10_000}},
	"polygons-and-dots parity":         {"games": {1, 1_000_000}, "rollouts": {1, 10_000}},
	"crossing-the-rings divider-share": {"players": {2, 8}, "games": {1, 1_000_000}},
}

// MaxUnits bounds the units of work of one run (a run allocates a few
// words for each, a shard file holds each one's result).
const MaxUnits = 1_000_000

// MaxWorkers bounds --workers (each a goroutine with its own scratch).
const MaxWorkers = 1024

// maxListFlag bounds a list flag's text, such as --dots "6,8,10".
const maxListFlag = 1000

// checkParams checks p against q's own flags: every flag given, as its
// kind of value, within its bound; where names where p came from in
// messages ("" for the command line).
func checkParams(q Question, p Params, where string) error {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if q.Flags != nil {
		q.Flags(fs)
	}
	bounds := flagBounds[q.Game+" "+q.Name]
	bad := func(format string, a ...any) error {
		if where == "" {
			return usagef(format, a...)
		}
		return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, a...))
	}
	for name, v := range p {
		f := fs.Lookup(name)
		if f == nil {
			return bad("unknown parameter %q of %s %s", name, q.Game, q.Name)
		}
		if len(v) > maxListFlag {
			return bad("--%s: %d characters; the limit is %d", name, len(v), maxListFlag)
		}
		if err := fs.Set(name, v); err != nil {
			return bad("--%s %q: %v", name, v, err)
		}
		b, ok := bounds[name]
		if _, isInt := f.Value.(flag.Getter).Get().(int); !isInt || !ok {
			continue
		}
		n, _ := strconv.Atoi(v)
		if n < b[0] || n > b[1] {
			return bad("--%s %s: must be from %s to %s (the bound of papergames analyze)", name, v, thousands(b[0]), thousands(b[1]))
		}
	}
	var missing []string
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := p[f.Name]; !ok {
			missing = append(missing, "--"+f.Name)
		}
	})
	if len(missing) > 0 {
		return bad("missing parameters %s", strings.Join(missing, ", "))
	}
	return nil
}

// newJob makes q's job from p after checkParams, refusing one of more
// than MaxUnits units.
func newJob(q Question, p Params, where string) (Job, error) {
	if err := checkParams(q, p, where); err != nil {
		return nil, err
	}
	job, err := q.New(p)
	if err != nil {
		return nil, err
	}
	if n := job.Units(); n > MaxUnits {
		return nil, usagef("%s %s with these flags is %s units of work; the limit is %s (papergames analyze's bound): ask for fewer games or samples, or run it in shards of fewer flags", q.Game, q.Name, thousands(n), thousands(MaxUnits))
	}
	return job, nil
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unitChecker is a job that can tell whether a unit's result, read from a
// shard file, is one its Unit could have returned for unit i: the counts
// its flags fix, lengths, ranges. Merge refuses one that is not, so that
// a shard edited or of another version cannot make a report lie ("P1
// wins 400.0%") or crash it.
type unitChecker interface {
	checkUnit(i int, u any) error
}

// requireFields checks that raw, a unit's JSON, has every field of u's
// type (a struct's fields without omitempty; an array for a slice).
func requireFields(where string, raw json.RawMessage, u any) error {
	t := reflect.TypeOf(u).Elem()
	if t.Kind() != reflect.Struct {
		return nil
	}
	var m map[string]json.RawMessage
	if err := input.DecodeJSON(where, raw, &m); err != nil {
		return err
	}
	var missing []string
	for f := range t.NumField() {
		name, opts, _ := strings.Cut(t.Field(f).Tag.Get("json"), ",")
		if name == "" || name == "-" || strings.Contains(opts, "omitempty") {
			continue
		}
		if _, ok := m[name]; !ok {
			missing = append(missing, strconv.Quote(name))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("missing %s", strings.Join(missing, ", "))
	}
	return nil
}

// count checks that named counts are within 0..hi.
func counts(hi int64, named ...any) error {
	for i := 0; i+1 < len(named); i += 2 {
		var v int64
		switch x := named[i+1].(type) {
		case int:
			v = int64(x)
		case int64:
			v = x
		}
		if v < 0 || v > hi {
			return fmt.Errorf("%s is %d, not from 0 to %s", named[i], v, thousands(int(hi)))
		}
	}
	return nil
}

// countLimit bounds any count in a unit: far above what a unit computes,
// far below where the sums over MaxUnits units overflow.
const countLimit = 1 << 40

func (j *firstMoveJob) checkUnit(i int, x any) error {
	u, w := x.(*arcsUnit), j.work[i]
	switch {
	case u.Players != w.players || u.M != w.m:
		return fmt.Errorf("it is of %d players and %d marks; unit %d is of %d and %d", u.Players, u.M, i, w.players, w.m)
	case len(u.Perfect) != w.players || len(u.Greedy) != w.players || len(u.Expected) != w.players:
		return fmt.Errorf("perfect, greedy and expected must have a total for each of the %d players", w.players)
	case len(u.MCMean) != len(u.MCHalf) || len(u.MCMean) > w.players:
		return fmt.Errorf("mc_mean and mc_half must have as many entries, at most one a player")
	case len(u.Line) > w.m || len(u.GLine) > w.m:
		return fmt.Errorf("a line has at most %d moves", w.m)
	case w.players == 2 && u.Value != u.Perfect[0]-u.Perfect[1]:
		return fmt.Errorf("value %d is not perfect[0] - perfect[1]", u.Value)
	}
	for s := range w.players {
		if err := counts(int64(w.m*w.m), "a perfect total", u.Perfect[s], "a greedy total", u.Greedy[s]); err != nil {
			return err
		}
		if r, ok := new(big.Rat).SetString(u.Expected[s]); !ok || r.Sign() < 0 || len(u.Expected[s]) > 100 {
			return fmt.Errorf("expected %q is not a fraction", u.Expected[s])
		}
	}
	return counts(countLimit, "nodes", u.Nodes)
}

func (j *defenseJob) checkUnit(i int, x any) error {
	u, s := x.(*defUnit), j.sets[i]
	if u.M != s.M || u.Pattern != s.Pattern {
		return fmt.Errorf("it is pattern %q of %d chords; unit %d is %q of %d", u.Pattern, u.M, i, s.Pattern, s.M)
	}
	if u.MinAbove < -1 {
		return fmt.Errorf("min_above is %d", u.MinAbove)
	}
	return counts(countLimit, "min", u.Min, "max", u.Max, "min_above", max(u.MinAbove, 0), "states", u.States, "nodes", u.Nodes,
		"play_min", u.PlayMin, "play_max", u.PlayMax, "play_sum", u.PlaySum, "playouts", u.Playouts)
}

func (j *minimumJob) checkUnit(i int, x any) error {
	u, p := x.(*minUnit), j.pairs[i]
	if u.J != p[0] || u.K != p[1] {
		return fmt.Errorf("it is of a %d-by-%d array; unit %d is %d by %d", u.J, u.K, i, p[0], p[1])
	}
	if n, ok := new(big.Int).SetString(u.Optimal, 10); !ok || n.Sign() < 0 || len(u.Optimal) > 100 {
		return fmt.Errorf("optimal %q is not a count", u.Optimal)
	}
	if u.Engine < -1 {
		return fmt.Errorf("engine is %d", u.Engine)
	}
	for _, s := range u.Layout {
		if s.C1 < 0 || s.C2 < 0 || s.R1 < 0 || s.R2 < 0 || max(s.C1, s.C2) >= u.K || max(s.R1, s.R2) >= u.J {
			return fmt.Errorf("a segment of the layout is off the %d-by-%d array", u.J, u.K)
		}
	}
	if len(u.Layout) > 4*u.J*u.K {
		return fmt.Errorf("the layout has %d segments", len(u.Layout))
	}
	return counts(countLimit, "min", u.Min, "nodes", u.Nodes, "engine", max(u.Engine, 0), "engine_nodes", u.ENodes, "engine_optimal", u.EOpt)
}

func (j *biasJob) checkUnit(i int, x any) error {
	u, w := x.(*Tally), j.units[i]
	want := int64(w.sample)
	if w.exact {
		// An exact unit walks the (n-2)! permutations after its first two
		// values, each standing for its orbit (at most 8 permutations);
		// the run checks that the orbits add up to n! in all.
		want = 8
		for k := int64(2); k <= int64(w.n-2); k++ {
			want *= k
		}
	}
	n2 := int64(w.n * w.n)
	switch {
	case u.N != w.n:
		return fmt.Errorf("it is of n = %d; unit %d is of n = %d", u.N, i, w.n)
	case w.exact && (u.Perms < 0 || u.Perms > want):
		return fmt.Errorf("perms is %d; unit %d stands for at most %d permutations", u.Perms, i, want)
	case !w.exact && u.Perms != want:
		return fmt.Errorf("perms is %d; unit %d scores %d permutations", u.Perms, i, want)
	case u.Wins1 < 0 || u.Wins2 < 0 || u.Ties < 0 || u.Wins1+u.Wins2+u.Ties != u.Perms:
		return fmt.Errorf("wins1 %d, wins2 %d and ties %d do not add up to its %d permutations", u.Wins1, u.Wins2, u.Ties, u.Perms)
	}
	return counts(want*n2*n2, "tri", u.Tri, "big", u.Big, "diff_sq", u.DiffSq, "fallback", u.Fallback)
}

func (j *strategyJob) checkUnit(i int, x any) error {
	u := x.(*[2]int)
	n := j.sizes[i/j.games/len(pairings)]
	return counts(int64(n*n), "a total", u[0], "a total", u[1])
}

func (j *selfPlayJob) checkUnit(i int, x any) error {
	u := x.(*[]int)
	n, pol := j.cell(i)
	if len(*u) != len(pol) {
		return fmt.Errorf("it has %d scores; its game has %d players", len(*u), len(pol))
	}
	for _, v := range *u {
		if err := counts(int64(1)<<min(n+1, 40)+int64(n*n), "a score", v); err != nil {
			return err
		}
	}
	return nil
}
