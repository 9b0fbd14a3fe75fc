package analysis

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/games/crossdont"
)

// cross-dont-cross survey: the theorem of the defense question checked on
// every small set of chords and on random larger ones. Every set is
// answered exactly by ExactDefense (its games replayed on the engine),
// its random playouts must lie within the answer, and the small ones are
// searched again by the plain search that knows nothing of the theorem
// (SolveDefense: every order of play, a table of drawings), which must
// agree.

func init() {
	register(Question{
		Game:    "cross-dont-cross",
		Name:    "survey",
		Summary: "every set of up to --chords chords with ends on multiples of --step degrees (up to symmetry) and random larger sets, each solved exactly and checked",
		Flags: func(fs *flag.FlagSet) {
			fs.Int("step", 60, "chord ends at multiples of this many degrees (a divisor of 360 from 15)")
			fs.Int("chords", 3, "every set of 1 up to this many chords on those ends, one per orbit of the circle's symmetries")
			fs.String("sizes", "4,5", "sizes of the random sets (ends at multiples of 15 degrees, drawn from the seed)")
			fs.Int("random", 10, "random sets of each size")
			fs.Int("check", 5, "sets whose deficit D is at most this are searched again by the plain search, which must agree")
			fs.Int("check-budget", 100000, "drawings the plain search may store (a set it cannot finish is left unchecked)")
			fs.Int("budget", 700000, "drawings ExactDefense's search may store (the star only)")
			fs.Int("playouts", 20, "random playouts a set, each within the answer")
			fs.Bool("list", false, "list every set (a row each)")
		},
		New: newSurvey,
	})
}

type surveyJob struct {
	sets                                 []chordSet // nil Chords: random, drawn in Unit
	step, chords, random                 int
	check, checkBudget, budget, playouts int
	list                                 bool
	sizes                                []int
}

func newSurvey(p Params) (Job, error) {
	j := &surveyJob{step: p.Int("step"), chords: p.Int("chords"), random: p.Int("random"), check: p.Int("check"),
		checkBudget: p.Int("check-budget"), budget: p.Int("budget"), playouts: p.Int("playouts"), list: p["list"] == "true"}
	if j.step < 15 || 360%j.step != 0 {
		return nil, usagef("--step %d: a divisor of 360 from 15 up", j.step)
	}
	if j.chords < 0 || j.chords > 4 || j.random < 0 || j.playouts < 0 || j.budget < 1 || j.checkBudget < 1 {
		return nil, usagef("--chords from 0 to 4, --random and --playouts at least 0, budgets positive")
	}
	// The sets are enumerated before the run starts: bound their number
	// (--step 15 --chords 4 is 240 million sets, hours before a unit).
	if sets := chordSetsUpTo(360/j.step, j.chords); sets > MaxSurveySets {
		return nil, usagef("--step %d --chords %d: %d chord sets to enumerate, more than %d; take a larger --step or fewer --chords", j.step, j.chords, sets, MaxSurveySets)
	}
	for _, f := range splitList(p["sizes"]) {
		m, err := strconv.Atoi(f)
		if err != nil || m < 1 || m > 12 {
			return nil, usagef("--sizes: %q is not a number of chords from 1 to 12", f)
		}
		j.sizes = append(j.sizes, m)
	}
	j.sets = symmetricSets(360/j.step, j.chords, j.step)
	for _, m := range j.sizes {
		for range j.random {
			j.sets = append(j.sets, chordSet{Pattern: "random", M: m})
		}
	}
	return j, nil
}

// symmetricSets is every set of 1 to k chords between n points evenly
// spaced on the circle (step degrees apart), one per orbit of the
// circle's symmetries that map the points to themselves (rotations and
// reflections): the least in lexicographic order.
// MaxSurveySets bounds the chord sets a survey enumerates (before the
// circle's symmetries): --step 15 --chords 3 is 3.5 million, minutes.
const MaxSurveySets = 5_000_000

// chordSetsUpTo is the number of sets of 1 to k chords between n points.
func chordSetsUpTo(n, k int) int64 {
	pairs := int64(n * (n - 1) / 2)
	var total, c int64 = 0, 1
	for i := int64(1); i <= int64(k); i++ {
		c = c * (pairs - i + 1) / i
		total += c
	}
	return total
}

func symmetricSets(n, k, step int) []chordSet {
	var pairs [][2]int
	for a := range n {
		for b := a + 1; b < n; b++ {
			pairs = append(pairs, [2]int{a, b})
		}
	}
	norm := func(cs [][2]int) [][2]int {
		out := slices.Clone(cs)
		for i, c := range out {
			out[i] = [2]int{min(c[0], c[1]), max(c[0], c[1])}
		}
		slices.SortFunc(out, func(x, y [2]int) int {
			if x[0] != y[0] {
				return x[0] - y[0]
			}
			return x[1] - y[1]
		})
		return out
	}
	less := func(x, y [][2]int) bool {
		for i := range x {
			if x[i] != y[i] {
				return x[i][0] < y[i][0] || x[i][0] == y[i][0] && x[i][1] < y[i][1]
			}
		}
		return false
	}
	canonical := func(cs [][2]int) bool {
		for r := range n {
			for _, refl := range []bool{false, true} {
				img := make([][2]int, len(cs))
				for i, c := range cs {
					a, b := c[0], c[1]
					if refl {
						a, b = (n-a)%n, (n-b)%n
					}
					img[i] = [2]int{(a + r) % n, (b + r) % n}
				}
				if less(norm(img), cs) {
					return false
				}
			}
		}
		return true
	}
	var out []chordSet
	var rec func(start int, cur [][2]int)
	rec = func(start int, cur [][2]int) {
		if len(cur) > 0 && canonical(cur) {
			var cs [][2]*big.Rat
			for _, c := range cur {
				cs = append(cs, [2]*big.Rat{big.NewRat(int64(step*c[0]), 1), big.NewRat(int64(step*c[1]), 1)})
			}
			out = append(out, chordSet{"every", len(cur), cs})
		}
		if len(cur) == k {
			return
		}
		for i := start; i < len(pairs); i++ {
			rec(i+1, append(cur, pairs[i]))
		}
	}
	rec(0, nil)
	// by size, then as enumerated
	slices.SortStableFunc(out, func(x, y chordSet) int { return x.M - y.M })
	return out
}

type surveyUnit struct {
	Kind     string `json:"kind"` // "every" or "random"
	M        int    `json:"m"`
	Chords   string `json:"chords"`
	H        int    `json:"ends"`
	Deficit  int    `json:"deficit"`
	Min      int    `json:"min"`
	Max      int    `json:"max"`
	MinExact bool   `json:"min_exact"`
	MaxExact bool   `json:"max_exact"`
	MinAbove int    `json:"min_above"`
	How      string `json:"how"`
	Class    string `json:"class"`
	Checked  bool   `json:"checked"` // the plain search agreed
	PlayMin  int    `json:"play_min"`
	PlayMax  int    `json:"play_max"`
}

func (j *surveyJob) Units() int   { return len(j.sets) }
func (j *surveyJob) NewUnit() any { return new(surveyUnit) }

func (j *surveyJob) Unit(i int, seed uint64) (any, error) {
	cs := j.sets[i]
	if cs.Chords == nil {
		cs = randomSet(cs.M, seed, uint64(i))
	}
	a, err := ExactDefense(cs.Chords, j.budget)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", cs, err)
	}
	u := &surveyUnit{Kind: cs.Pattern, M: cs.M, Chords: cs.String(), H: a.Shape.H, Deficit: a.Deficit, Min: a.Min, Max: a.Max,
		MinExact: a.MinExact, MaxExact: a.Exact || a.Long != nil && a.Max == 2*a.Deficit, MinAbove: a.MinAbove, How: a.How, Class: a.Shape.class(a.Deficit)}
	if a.Deficit <= j.check {
		x, err := SolveDefense(cs.Chords, j.checkBudget)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", cs, err)
		}
		if x.Exact {
			if x.Min != a.Min || x.Max != a.Max {
				return nil, fmt.Errorf("%s: the plain search finds %d..%d, ExactDefense %d..%d (%s)", cs, x.Min, x.Max, a.Min, a.Max, a.How)
			}
			u.Checked = true
		}
	}
	st, err := newDefenseState(cs.Chords)
	if err != nil {
		return nil, err
	}
	rng := Rand(seed, uint64(i)+1<<32)
	var buf []crossdont.Move
	u.PlayMin = math.MaxInt
	for range j.playouts {
		n, b := games.Playout[crossdont.Move](st, rng, -1, buf)
		buf = b
		for range n {
			st.Undo()
		}
		u.PlayMin, u.PlayMax = min(u.PlayMin, n), max(u.PlayMax, n)
		if n > 2*a.Deficit || a.MinExact && n < a.Min || u.MaxExact && n > a.Max {
			return nil, fmt.Errorf("%s: a random game of %d moves, outside %d..%d", cs, n, a.Min, a.Max)
		}
	}
	if j.playouts == 0 {
		u.PlayMin = 0
	}
	return u, nil
}

// class names what the theorem says of chords of this shape.
func (s chordShape) class(d int) string {
	switch {
	case d == 0:
		return "no move (D = 0)"
	case !s.Interior && s.Undrawn() >= 1:
		return "no chord inside the ends' polygon: 1 move"
	case s.H >= 5 && s.Star:
		return "star: searched"
	case s.H <= 4:
		return "4 ends or fewer"
	}
	return "every game 2D"
}

func (j *surveyJob) Report(units []any) (*Result, error) {
	r := &Result{
		Title: "Cross, Don't Cross: the defense's theorem on every small set of chords",
		Method: fmt.Sprintf("every set of 1 to %d chords with ends at multiples of %d degrees, one per orbit of the circle's symmetries, and %d random sets of each of %s chords (ends at multiples of 15 degrees): fewest and most offense segments by ExactDefense (the theorem; the star by search, at most %d drawings), both games replayed on the engine; "+
			"sets with D <= %d searched again by the plain search over every order of play (no theorem; at most %d drawings), which must agree; %d random playouts a set, each within the answer",
			j.chords, j.step, j.random, joinInts(j.sizes), j.budget, j.check, j.checkBudget, j.playouts),
	}
	type row struct {
		sets, exact, checked, theorem int
		fewest, most                  map[string]int
	}
	rows := map[string]*row{}
	var keys []string
	all := Table{Title: "every set", Columns: []string{"kind", "m", "chords", "ends", "2D", "fewest", "most", "decided by", "plain search agrees", "random play"}}
	var sets, exact, checked, unfinished int
	for _, x := range units {
		u := x.(*surveyUnit)
		k := fmt.Sprintf("%s\x00%d\x00%s", u.Kind, u.M, u.Class)
		rw, ok := rows[k]
		if !ok {
			rw = &row{fewest: map[string]int{}, most: map[string]int{}}
			rows[k] = rw
			keys = append(keys, k)
		}
		rw.sets++
		sets++
		rel := func(v int) string {
			if v == 2*u.Deficit {
				return "2D"
			}
			return strconv.Itoa(v)
		}
		if u.MinExact && u.MaxExact {
			rw.exact++
			exact++
			rw.fewest[rel(u.Min)]++
			rw.most[rel(u.Max)]++
		} else {
			unfinished++
		}
		if u.Checked {
			rw.checked++
			checked++
		}
		if strings.HasPrefix(u.How, "theorem") {
			rw.theorem++
		}
		if j.list {
			f, m := strconv.Itoa(u.Min), strconv.Itoa(u.Max)
			if !u.MinExact {
				f = fmt.Sprintf("%d..%d", u.MinAbove+1, u.Min)
			}
			if !u.MaxExact {
				m = ">= " + m
			}
			chk := "-"
			if u.Checked {
				chk = "yes"
			}
			all.Rows = append(all.Rows, []string{u.Kind, strconv.Itoa(u.M), u.Chords, strconv.Itoa(u.H), strconv.Itoa(2 * u.Deficit), f, m, u.How, chk, fmt.Sprintf("%d..%d", u.PlayMin, u.PlayMax)})
		}
	}
	sum := Table{Title: "by size and shape", Columns: []string{"kind", "m", "shape (what the theorem says)", "sets", "exact", "by the theorem", "checked by the plain search", "fewest", "most"}}
	sort.SliceStable(keys, func(a, b int) bool {
		ka, kb := strings.Split(keys[a], "\x00"), strings.Split(keys[b], "\x00")
		if ka[0] != kb[0] {
			return ka[0] == "every"
		}
		ma, _ := strconv.Atoi(ka[1])
		mb, _ := strconv.Atoi(kb[1])
		if ma != mb {
			return ma < mb
		}
		return ka[2] < kb[2]
	})
	hist := func(h map[string]int) string {
		var ks []string
		for k := range h {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		var out []string
		for _, k := range ks {
			out = append(out, fmt.Sprintf("%s (%d)", k, h[k]))
		}
		return strings.Join(out, ", ")
	}
	for _, k := range keys {
		rw := rows[k]
		f := strings.Split(k, "\x00")
		sum.Rows = append(sum.Rows, []string{f[0], f[1], f[2], strconv.Itoa(rw.sets), strconv.Itoa(rw.exact), strconv.Itoa(rw.theorem), strconv.Itoa(rw.checked), hist(rw.fewest), hist(rw.most)})
	}
	r.Tables = []Table{sum}
	if j.list {
		r.Tables = append(r.Tables, all)
	}
	r.Answer = append(r.Answer,
		fmt.Sprintf("%d sets, %d with fewest and most exact, %d not finished; %d searched again by the plain search, which agrees on every one", sets, exact, unfinished, checked),
		"every game reported was replayed on the engine, and every random playout lies within its set's answer")
	return r, nil
}
