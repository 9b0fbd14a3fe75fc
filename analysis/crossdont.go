package analysis

import (
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/games/crossdont"
	"papergames/hp"
)

// cross-dont-cross defense: for a set of chords, the fewest segments the
// offense can be held to when it plays to draw as few as it can (it must
// move while a legal move remains), and the most it can be made to draw;
// then the author's patterns of chords for m = 3 to 6.
//
// The search plays the game's engine (games/crossdont: Moves, Play, Undo)
// depth first over every offense move, with a transposition table: two
// orders of moves that leave the same drawing (the same segments between
// the same points) have the same future. A drawing's key is its set of
// segments between points interned exactly (hp.Equal, the engine's own
// rule for "the same point"): a chord end by its angle, a crossing as the
// meeting of the two segments its label names.

func init() {
	register(Question{
		Game:    "cross-dont-cross",
		Name:    "defense",
		Summary: "fewest and most offense segments for given chords (exact search); which of the author's patterns forces the most",
		Flags: func(fs *flag.FlagSet) {
			fs.String("chords", "", `one set of chords to solve, e.g. "0-180,60-240,120-300" (default: the author's patterns)`)
			fs.Int("from", 3, "fewest chords of the patterns")
			// The theorem answers every set but the star at once; the
			// star's searches take the time (the pentagram 604,277 drawings).
			fs.Int("to", 6, "most chords of the patterns")
			fs.Int("random", 4, "random chord sets (ends at multiples of 15 degrees) for each number of chords")
			fs.Int("budget", 700000, "most drawings the star's search may store before it stops (then bounds are reported)")
			fs.Int("playouts", 200, "random playouts per set of chords (bounds, and the mean of random play)")
		},
		New: newDefense,
	})
}

// chordSet is a named set of chords: pairs of angles in degrees.
type chordSet struct {
	Pattern string
	M       int
	Chords  [][2]*big.Rat
}

func (c chordSet) String() string {
	var s []string
	for _, ch := range c.Chords {
		s = append(s, games.Exact(ch[0])+"-"+games.Exact(ch[1]))
	}
	return strings.Join(s, ",")
}

func deg(num, den int64) *big.Rat { return big.NewRat(num, den) }

// Patterns are the author's named patterns of m chords, each a set the
// engine accepts (no two chords alike): a pattern with no m-chord form is
// left out (the m-gon below 3, the star below 5).
func Patterns(m int) []chordSet {
	mm := int64(m)
	var out []chordSet
	// m parallel (horizontal) chords, evenly spaced: ends at a and 360-a.
	var par [][2]*big.Rat
	for i := int64(1); i <= mm; i++ {
		a := deg(180*i, mm+1)
		par = append(par, [2]*big.Rat{a, new(big.Rat).Sub(deg(360, 1), a)})
	}
	out = append(out, chordSet{"parallel", m, par})
	// m diameters through the centre, evenly turned.
	var dia [][2]*big.Rat
	for i := int64(0); i < mm; i++ {
		a := deg(180*i, mm)
		dia = append(dia, [2]*big.Rat{a, new(big.Rat).Add(a, deg(180, 1))})
	}
	out = append(out, chordSet{"one point", m, dia})
	// m chords crossing pairwise, no three through a point: the ends
	// 180i/m and 180 + 180i/m + 90/m alternate around the circle, and
	// the chords are not diameters.
	if m >= 2 {
		var cr [][2]*big.Rat
		for i := int64(0); i < mm; i++ {
			cr = append(cr, [2]*big.Rat{deg(180*i, mm), new(big.Rat).Add(deg(180, 1), deg(360*i+180, 2*mm))})
		}
		out = append(out, chordSet{"crossing", m, cr})
	}
	// the sides of the regular m-gon (m >= 3: two points have one
	// chord between them, not two).
	if m >= 3 {
		var gon [][2]*big.Rat
		for i := int64(0); i < mm; i++ {
			gon = append(gon, [2]*big.Rat{deg(360*i, mm), deg(360*((i+1)%mm), mm)})
		}
		out = append(out, chordSet{"m-gon", m, gon})
	}
	// the star {m/2}: each of m points joined to the next but one (m >= 5).
	if m >= 5 {
		var star [][2]*big.Rat
		for i := int64(0); i < mm; i++ {
			star = append(star, [2]*big.Rat{deg(360*i, mm), deg(360*((i+2)%mm), mm)})
		}
		out = append(out, chordSet{"star", m, star})
	}
	return out
}

// randomSet draws m chords the way the engine's RandomMove does (ends at
// multiples of 15 degrees, no two alike).
func randomSet(m int, seed, unit uint64) chordSet {
	rng := Rand(seed, unit)
	st := crossdont.New(m, 0)
	var cs [][2]*big.Rat
	for range m {
		mv, _ := st.RandomMove(rng)
		st.Play(mv)
		cs = append(cs, [2]*big.Rat{mv.A, mv.B})
	}
	return chordSet{"random", m, cs}
}

func parseChordSet(s string) (chordSet, error) {
	var cs [][2]*big.Rat
	for _, part := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(part), "-")
		ra, ok1 := new(big.Rat).SetString(a)
		rb, ok2 := new(big.Rat).SetString(b)
		if !ok || !ok1 || !ok2 {
			return chordSet{}, usagef("--chords: %q is not a chord; write its two end angles joined by '-', e.g. 30-210", part)
		}
		cs = append(cs, [2]*big.Rat{ra, rb})
	}
	return chordSet{"given", len(cs), cs}, nil
}

type defenseJob struct {
	sets     []chordSet // nil Chords: random, drawn in Unit
	random   int
	budget   int
	playouts int
	given    bool
}

func newDefense(p Params) (Job, error) {
	j := &defenseJob{random: p.Int("random"), budget: p.Int("budget"), playouts: p.Int("playouts")}
	if j.budget < 1 || j.playouts < 0 || j.random < 0 {
		return nil, usagef("--budget must be positive, --playouts and --random at least 0")
	}
	if s := p["chords"]; s != "" {
		cs, err := parseChordSet(s)
		if err != nil {
			return nil, err
		}
		st := crossdont.New(cs.M, 0)
		for _, c := range cs.Chords {
			if err := st.Play(crossdont.Chord(c[0], c[1])); err != nil {
				return nil, usagef("--chords: chord %s-%s: %v", games.Exact(c[0]), games.Exact(c[1]), err)
			}
		}
		j.sets, j.given = []chordSet{cs}, true
		return j, nil
	}
	from, to := p.Int("from"), p.Int("to")
	if from < 1 || to < from || to > 12 {
		return nil, usagef("--from %d --to %d: 1 <= from <= to <= 12", from, to)
	}
	for m := from; m <= to; m++ {
		j.sets = append(j.sets, Patterns(m)...)
		for range j.random {
			j.sets = append(j.sets, chordSet{Pattern: "random", M: m})
		}
	}
	return j, nil
}

// defUnit is one set of chords solved.
type defUnit struct {
	Pattern  string       `json:"pattern"`
	M        int          `json:"m"`
	Chords   string       `json:"chords"`
	Deficit  int          `json:"deficit"` // every game has at most twice it
	How      string       `json:"how"`     // the theorem, or the search
	Long     string       `json:"long"`    // a longest game
	Exact    bool         `json:"exact"`   // Min and Max exact
	MaxExact bool         `json:"max_exact"`
	MinExact bool         `json:"min_exact"`
	MinAbove int          `json:"min_above"` // when the fewest is not exact: more than this
	Min      int          `json:"min"`       // exact when MinExact, else the fewest seen in playouts
	Max      int          `json:"max"`
	States   int          `json:"states"`
	Nodes    int64        `json:"nodes"`
	Line     string       `json:"line"`     // a shortest game
	PlayMin  int          `json:"play_min"` // playouts: fewest, most, total
	PlayMax  int          `json:"play_max"`
	PlaySum  int64        `json:"play_sum"`
	Playouts int          `json:"playouts"`
	Drawing  [][4]float64 `json:"drawing,omitempty"`
	LineXY   [][4]float64 `json:"line_xy,omitempty"`
}

func (j *defenseJob) Units() int   { return len(j.sets) }
func (j *defenseJob) NewUnit() any { return new(defUnit) }

func (j *defenseJob) Unit(i int, seed uint64) (any, error) {
	cs := j.sets[i]
	if cs.Chords == nil {
		cs = randomSet(cs.M, seed, uint64(i))
	}
	u := &defUnit{Pattern: cs.Pattern, M: cs.M, Chords: cs.String()}
	d, err := ExactDefense(cs.Chords, j.budget)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", cs.Pattern, cs, err)
	}
	u.LineXY = d.lineXY(cs.Chords)
	u.Exact, u.MinExact, u.MinAbove, u.Min, u.Max, u.States, u.Nodes, u.Line = d.Exact, d.MinExact, d.MinAbove, d.Min, d.Max, d.States, d.Nodes, strings.Join(d.Line, " ")
	u.Deficit, u.How, u.Long = d.Deficit, d.How, strings.Join(d.Long, " ")
	u.MaxExact = d.Exact || d.Long != nil && d.Max == 2*d.Deficit
	st, err := newDefenseState(cs.Chords)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", cs.Pattern, cs, err)
	}
	rng := Rand(seed, uint64(i)+1<<32)
	var buf []crossdont.Move
	u.PlayMin = math.MaxInt
	for range j.playouts {
		n, b := games.Playout[crossdont.Move](st, rng, -1, buf)
		buf = b
		u.PlayMin, u.PlayMax, u.PlaySum = min(u.PlayMin, n), max(u.PlayMax, n), u.PlaySum+int64(n)
		for range n {
			st.Undo()
		}
		if n > 2*d.Deficit || d.MinExact && n < d.Min || d.Exact && n > d.Max {
			return nil, fmt.Errorf("%s %s: a random game of %d moves, outside %d..%d", cs.Pattern, cs, n, d.Min, d.Max)
		}
	}
	u.Playouts = j.playouts
	if j.playouts == 0 {
		u.PlayMin = 0
	}
	if !u.MinExact {
		u.Min = u.PlayMin
	}
	if !u.MaxExact {
		u.Max = max(u.Max, u.PlayMax)
	}
	for _, c := range cs.Chords {
		x1, y1 := angleXY(c[0])
		x2, y2 := angleXY(c[1])
		u.Drawing = append(u.Drawing, [4]float64{x1, y1, x2, y2})
	}
	return u, nil
}

func angleXY(a *big.Rat) (x, y float64) {
	f, _ := a.Float64()
	return math.Sin(f * math.Pi / 180), math.Cos(f * math.Pi / 180)
}

// newDefenseState draws the chords on a new round; an error when the
// engine refuses one (two alike, an angle out of range).
func newDefenseState(chords [][2]*big.Rat) (*crossdont.State, error) {
	st := crossdont.New(len(chords), 0)
	for i, c := range chords {
		if c[0] == nil || c[1] == nil {
			return nil, fmt.Errorf("chord %d: no angle", i+1)
		}
		if err := st.Play(crossdont.Chord(c[0], c[1])); err != nil {
			return nil, fmt.Errorf("chord %d (%s-%s): %v", i+1, games.Exact(c[0]), games.Exact(c[1]), err)
		}
	}
	return st, nil
}

func (j *defenseJob) Report(units []any) (*Result, error) {
	r := &Result{
		Title: "how many segments the chords of the defense force the offense to draw",
		Method: fmt.Sprintf("exact by the theorem of docs/analysis.md (every game has at most 2D moves, D the chords' deficit, exactly 2D unless it ends stuck before an even move, which needs the chords' ends to be 4 or fewer, or no chord inside their polygon, or every segment between two ends with one end between them a chord: the star); "+
			"the star by search through the game's engine: the shortest game by iterative deepening over odd lengths, a table of drawings (segments between exactly interned points, sides of the ends' polygon by number only), at most %d drawings; a longest game by depth-first search. "+
			"Every game reported is replayed on the engine; %d random playouts a set must lie within the answer (bounds from them where the search stops: fewest as lo..hi). Random sets: %d a size, ends at multiples of 15 degrees, drawn from the seed",
			j.budget, j.playouts, j.random),
	}
	t := Table{Columns: []string{"pattern", "m", "chords", "2D", "fewest (offense plays well)", "most", "decided by", "random play mean", "drawings searched", "shortest game"}}
	type best struct {
		lo, hi  int // the fewest segments the set forces lies in lo..hi
		exact   bool
		pattern string
	}
	byM := map[int][]best{}
	var ms []int
	series := map[string]*Series{}
	var order []string
	for _, x := range units {
		u := x.(*defUnit)
		minCell, maxCell := strconv.Itoa(u.Min), strconv.Itoa(u.Max)
		if !u.MinExact {
			minCell = fmt.Sprintf("%d..%d", u.MinAbove+1, u.Min)
		}
		if !u.MaxExact {
			maxCell = fmt.Sprintf(">= %d", u.Max)
		}
		mean := "-"
		if u.Playouts > 0 {
			mean = fmt.Sprintf("%.2f", float64(u.PlaySum)/float64(u.Playouts))
		}
		line := u.Line
		if !u.MinExact {
			line = fmt.Sprintf("(search stopped: no game shorter than %d)", u.MinAbove+1)
		} else if line == "" {
			line = "(no move)"
		}
		t.Rows = append(t.Rows, []string{u.Pattern, strconv.Itoa(u.M), u.Chords, strconv.Itoa(2 * u.Deficit), minCell, maxCell, u.How, mean, strconv.Itoa(u.States), line})
		lo := u.Min // what the set surely forces
		if !u.MinExact {
			lo = u.MinAbove + 1
		}
		if _, ok := byM[u.M]; !ok {
			ms = append(ms, u.M)
		}
		byM[u.M] = append(byM[u.M], best{lo, u.Min, u.MinExact, u.Pattern + " (" + u.Chords + ")"})
		name := u.Pattern
		s, ok := series[name]
		if !ok {
			s = &Series{Name: name}
			series[name] = s
			order = append(order, name)
		}
		if name == "random" { // the random set proven to force the most, of each size
			if n := len(s.X); n > 0 && s.X[n-1] == float64(u.M) {
				if float64(lo) > s.Lo[n-1] {
					s.Y[n-1], s.Lo[n-1], s.Hi[n-1] = float64(u.Min), float64(lo), float64(u.Min)
				}
				continue
			}
		}
		s.X = append(s.X, float64(u.M))
		s.Y = append(s.Y, float64(u.Min))
		s.Lo = append(s.Lo, float64(lo))
		s.Hi = append(s.Hi, float64(u.Min))
	}
	r.Tables = []Table{t}
	r.Answer = append(r.Answer, "no set of m chords forces more than (m-1)(m+6) offense segments (18, 30, 44, 60 for m = 3 to 6): every game has at most 2D moves and D <= 3m - 3 + m(m-1)/2; for m >= 3 the chords with 2m different ends that cross pairwise, no three through a point, force exactly that, every game having that length (the pattern \"crossing\")")
	for _, m := range ms {
		// the set proven to force the most, and the sets that might force more
		var top best
		for i, b := range byM[m] {
			if i == 0 || b.lo > top.lo {
				top = b
			}
		}
		var rivals []string
		for _, b := range byM[m] {
			if b.pattern != top.pattern && b.hi > top.lo {
				rivals = append(rivals, b.pattern)
			}
		}
		what := fmt.Sprintf("exactly %d", top.lo)
		if !top.exact {
			what = fmt.Sprintf("at least %d (at most %d)", top.lo, top.hi)
		}
		a := fmt.Sprintf("m = %d: the defense's best of these sets, %s, forces %s offense segments when the offense plays to draw the fewest", m, top.pattern, what)
		if len(rivals) > 0 {
			a += fmt.Sprintf("; not separated from %s, whose bounds reach higher", strings.Join(rivals, "; "))
		}
		r.Answer = append(r.Answer, a)
	}
	if j.given && len(units) == 1 {
		u := units[0].(*defUnit)
		d := &Drawing{Segments: append(append([][4]float64(nil), u.Drawing...), u.LineXY...), Circle: true, Given: len(u.Drawing)}
		for i, g := range u.LineXY {
			d.Labels = append(d.Labels, Label{X: (g[0] + g[2]) / 2, Y: (g[1] + g[3]) / 2, Text: strconv.Itoa(i + 1)})
		}
		title := "Chords " + u.Chords
		if u.MinExact {
			title = fmt.Sprintf("A shortest game: %d segments (chords in black)", u.Min)
		}
		r.Chart = &Chart{Title: title, Drawing: d}
		return r, nil
	}
	c := &Chart{Title: "Segments the chords force (bars: proven range where not exact)", X: "chords m", Y: "fewest offense segments", Legend: "top left"}
	for _, n := range order {
		if n == "random" {
			series[n].Name = "random (the set proven to force most)"
		}
		c.Series = append(c.Series, *series[n])
	}
	r.Chart = c
	return r, nil
}

// Defense is the exact answer for one set of chords.
type Defense struct {
	Exact    bool         // false: the search stored its budget of drawings and gave up
	Min, Max int          // fewest and most offense segments over all legal play
	MinExact bool         // Min is exact (by the whole search, or by iterative deepening)
	MinAbove int          // when neither finished: every game has more than MinAbove moves
	States   int          // drawings stored
	Nodes    int64        // moves played by the search
	Line     []string     // a game of Min segments
	LineXY   [][4]float64 // its segments, for drawing
}

// SolveDefense searches every legal offense play after the chords.
func SolveDefense(chords [][2]*big.Rat, budget int) (d Defense, err error) {
	defer func() {
		if r := recover(); r != nil {
			u, ok := r.(*hp.Undecided)
			if !ok {
				panic(r)
			}
			err = u
		}
	}()
	st, err := newDefenseState(chords)
	if err != nil {
		return Defense{}, err
	}
	s := &defSearch{st: st, memo: map[string][2]int{}, budget: budget, bucket: map[[2]int64][]int32{}}
	for _, c := range chords {
		a := s.intern(hp.Polar(big.NewRat(1, 1), c[0]))
		b := s.intern(hp.Polar(big.NewRat(1, 1), c[1]))
		s.segs = append(s.segs, [2]int32{a, b})
		s.chordEnds = append(s.chordEnds, [2]int32{a, b})
	}
	s.m = len(chords)
	mn, mx, ok := s.dfs()
	d = Defense{Exact: ok, Min: mn, Max: mx, States: len(s.memo), Nodes: s.nodes}
	if ok {
		d.Line = s.line()
		d.LineXY = s.lineXY
		d.MinExact = true
		return d, nil
	}
	// The whole tree is too large: iterative deepening finds the fewest
	// alone when a short game exists.
	s.memo = map[string][2]int{}
	s.seen = map[string]int{}
	for limit := 0; ; limit++ {
		found, ok := s.shortest(limit)
		if !ok {
			d.MinAbove = limit - 1 // every game is longer than limit-1 moves
			break
		}
		if found != nil {
			d.Min, d.MinExact, d.Line = limit, true, found
			break
		}
	}
	d.States = max(d.States, len(s.seen))
	d.Nodes = s.nodes
	return d, nil
}

// shortest looks for a game of limit moves from the current drawing
// (none shorter exists: the caller deepens one move at a time); seen
// keeps, for each drawing, the moves left that found no end from it. ok
// is false when the budget ran out.
func (s *defSearch) shortest(limit int) (line []string, ok bool) {
	key := s.drawingKey()
	if r, ok := s.seen[key]; ok && r >= limit {
		return nil, true
	}
	if len(s.seen) >= s.budget {
		return nil, false
	}
	depth := len(s.segs) - s.m
	if s.caps != nil && s.faceDeficit(depth) > (depth+limit+1)/2-(depth+1)/2 {
		// an early end is a triangulation: every face still to cut
		// takes an odd move, and too few are left
		return nil, true
	}
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, nil)
	}
	moves := s.st.Moves(s.bufs[depth][:0])
	s.bufs[depth] = moves
	if len(moves) == 0 {
		if limit == 0 {
			return []string{}, true
		}
		s.seen[key] = 1 << 30 // an end: no longer game passes here
		return nil, true
	}
	if limit == 0 {
		return nil, true
	}
	sideDone := false
	for i := 0; i < len(s.bufs[depth]); i++ {
		mv := s.bufs[depth][i]
		p, q := s.point(mv.P), s.point(mv.Q)
		if s.skip(p, q, depth+1, &sideDone) {
			continue
		}
		if err := s.st.Play(mv); err != nil {
			panic("a listed move was refused: " + err.Error())
		}
		s.nodes++
		s.segs = append(s.segs, [2]int32{p, q})
		l, fine := s.shortest(limit - 1)
		s.segs = s.segs[:len(s.segs)-1]
		s.st.Undo()
		if !fine {
			return nil, false
		}
		if l != nil {
			return append([]string{mv.String()}, l...), true
		}
	}
	s.seen[key] = limit
	return nil, true
}

type defSearch struct {
	st        *crossdont.State
	m         int
	pts       []hp.Point
	bucket    map[[2]int64][]int32
	segs      [][2]int32 // chords then offense segments: interned ends
	chordEnds [][2]int32
	cross     map[[4]int32]int32
	memo      map[string][2]int
	seen      map[string]int
	lineXY    [][4]float64
	budget    int
	nodes     int64
	bufs      [][]crossdont.Move
	key       []byte
	scratch   [][2]int32
	// With passes, the sides of the ends' polygon count only by number:
	// a side crosses nothing, nothing can cross it and no point lies on
	// it, so which sides are drawn changes nothing but the count (see
	// docs/analysis.md), and a search tries one side a position.
	passes bool
	hull   map[int32]int // position around the circle of each chord end
	// caps (the star's shortest game): for each end p, the chord p⁻p⁺
	// and p; an even move crossing that chord must end at p (prune).
	caps [][3]int32
	d0   int // the chords' deficit
}

// faceDeficit is what the faces lack of a triangulation after depth
// offense moves: the deficit less the sides of the ends' polygon not yet
// drawn (each odd move takes one from the deficit).
func (s *defSearch) faceDeficit(depth int) int {
	sides := 0
	for _, g := range s.segs {
		if s.side(g[0], g[1]) {
			sides++
		}
	}
	return s.d0 - (depth+1)/2 - (len(s.hull) - sides)
}

// side reports whether the segment pq is a side of the ends' polygon.
func (s *defSearch) side(p, q int32) bool {
	a, ok1 := s.hull[p]
	b, ok2 := s.hull[q]
	if !ok1 || !ok2 {
		return false
	}
	h := len(s.hull)
	d := (a - b + h) % h
	return h <= 3 || d == 1 || d == h-1
}

// skip reports whether the search leaves out move pq, the k-th offense
// move, at a position where a side was tried already (sideDone).
func (s *defSearch) skip(p, q int32, k int, sideDone *bool) bool {
	if s.passes && s.side(p, q) {
		if *sideDone {
			return true
		}
		*sideDone = true
		return false
	}
	if k%2 == 0 {
		for _, c := range s.caps {
			if p != c[2] && q != c[2] && !s.apart(p, q, c[0], c[1]) && hp.Classify(s.pts[p], s.pts[q], s.pts[c[0]], s.pts[c[1]]) == hp.Cross {
				return true
			}
		}
	}
	return false
}

// apart reports whether the segments ab and cd surely do not meet: c and
// d on one side of ab by a margin far above float64's error on points of
// the unit disc (false when unsure; the exact test decides then).
func (s *defSearch) apart(a, b, c, d int32) bool {
	ax, ay := s.pts[a].Float64()
	bx, by := s.pts[b].Float64()
	cx, cy := s.pts[c].Float64()
	dx, dy := s.pts[d].Float64()
	o1 := (bx-ax)*(cy-ay) - (by-ay)*(cx-ax)
	o2 := (bx-ax)*(dy-ay) - (by-ay)*(dx-ax)
	const margin = 1e-9
	if o1 > margin && o2 > margin || o1 < -margin && o2 < -margin {
		return true
	}
	o3 := (dx-cx)*(ay-cy) - (dy-cy)*(ax-cx)
	o4 := (dx-cx)*(by-cy) - (dy-cy)*(bx-cx)
	return o3 > margin && o4 > margin || o3 < -margin && o4 < -margin
}

const grid = 1e6 // buckets of 1e-6: equal points (within 1e-9) fall in a bucket or its neighbour

func (s *defSearch) intern(p hp.Point) int32 {
	x, y := p.Float64()
	bx, by := int64(math.Floor(x*grid)), int64(math.Floor(y*grid))
	for dx := int64(-1); dx <= 1; dx++ {
		for dy := int64(-1); dy <= 1; dy++ {
			for _, i := range s.bucket[[2]int64{bx + dx, by + dy}] {
				if hp.Equal(s.pts[i], p) {
					return i
				}
			}
		}
	}
	i := int32(len(s.pts))
	s.pts = append(s.pts, p)
	s.bucket[[2]int64{bx, by}] = append(s.bucket[[2]int64{bx, by}], i)
	return i
}

// point resolves a label of the engine to an interned point.
func (s *defSearch) point(l crossdont.Label) int32 {
	if !l.Cross {
		return s.chordEnds[l.S-1][l.T]
	}
	a, b := s.segs[l.S-1], s.segs[l.T-1]
	k := [4]int32{a[0], a[1], b[0], b[1]}
	if s.cross == nil {
		s.cross = map[[4]int32]int32{}
	}
	if i, ok := s.cross[k]; ok {
		return i
	}
	i := s.intern(hp.LineIntersection(s.pts[a[0]], s.pts[a[1]], s.pts[b[0]], s.pts[b[1]]))
	s.cross[k] = i
	return i
}

// drawingKey is the set of offense segments, each as its two interned
// ends, sorted.
func (s *defSearch) drawingKey() string {
	segs := append(s.scratch[:0], s.segs[s.m:]...)
	sides := 0
	if s.passes {
		segs = slices.DeleteFunc(segs, func(g [2]int32) bool {
			if s.side(g[0], g[1]) {
				sides++
				return true
			}
			return false
		})
	}
	for i, g := range segs {
		if g[0] > g[1] {
			segs[i] = [2]int32{g[1], g[0]}
		}
	}
	slices.SortFunc(segs, func(a, b [2]int32) int {
		if a[0] != b[0] {
			return int(a[0] - b[0])
		}
		return int(a[1] - b[1])
	})
	s.scratch = segs
	s.key = s.key[:0]
	if s.passes {
		s.key = binary.AppendUvarint(s.key, uint64(sides))
	}
	for _, g := range segs {
		s.key = binary.AppendUvarint(s.key, uint64(g[0]))
		s.key = binary.AppendUvarint(s.key, uint64(g[1]))
	}
	return string(s.key)
}

// dfs returns the fewest and most moves left from the current drawing;
// ok false when the budget ran out.
func (s *defSearch) dfs() (mn, mx int, ok bool) {
	key := s.drawingKey()
	if v, ok := s.memo[key]; ok {
		return v[0], v[1], true
	}
	if len(s.memo) >= s.budget {
		return 0, 0, false
	}
	depth := len(s.segs) - s.m
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, nil)
	}
	moves := s.st.Moves(s.bufs[depth][:0])
	s.bufs[depth] = moves
	mn, mx = 0, 0
	if len(moves) > 0 {
		mn = math.MaxInt
	}
	sideDone := false
	for _, mv := range moves {
		p, q := s.point(mv.P), s.point(mv.Q)
		if s.passes && s.skip(p, q, depth+1, &sideDone) {
			continue
		}
		if err := s.st.Play(mv); err != nil {
			panic("a listed move was refused: " + err.Error())
		}
		s.nodes++
		s.segs = append(s.segs, [2]int32{p, q})
		a, b, fine := s.dfs()
		s.segs = s.segs[:len(s.segs)-1]
		s.st.Undo()
		if !fine {
			return 0, 0, false
		}
		mn, mx = min(mn, a+1), max(mx, b+1)
	}
	s.memo[key] = [2]int{mn, mx}
	return mn, mx, true
}

// line replays a shortest game from the table; lineXY gets its
// segments' ends (for drawing only).
func (s *defSearch) line() []string {
	s.lineXY = s.lineXY[:0]
	var out []string
	n := 0
	for {
		v := s.memo[s.drawingKey()]
		if v[0] == 0 {
			break
		}
		moves := s.st.Moves(nil)
		played := false
		for _, mv := range moves {
			p, q := s.point(mv.P), s.point(mv.Q)
			s.st.Play(mv)
			s.segs = append(s.segs, [2]int32{p, q})
			if w, ok := s.memo[s.drawingKey()]; ok && w[0] == v[0]-1 {
				out = append(out, mv.String())
				x1, y1 := s.pts[p].Float64()
				x2, y2 := s.pts[q].Float64()
				s.lineXY = append(s.lineXY, [4]float64{x1, y1, x2, y2})
				played = true
				n++
				break
			}
			s.segs = s.segs[:len(s.segs)-1]
			s.st.Undo()
		}
		if !played {
			break
		}
	}
	for range n {
		s.segs = s.segs[:len(s.segs)-1]
		s.st.Undo()
	}
	return out
}

// ShortestDefense is the shortest game alone after the chords: the fewest
// segments the offense can draw before it has no legal move, and one game
// of that length (its moves as a transcript writes them), by iterative
// deepening on the offense's segments over the game's engine, with a
// table of drawings (segments between exactly interned points) that
// found no end within the moves left. Only odd lengths below twice the
// chords' deficit are searched: every game stuck on an odd move has
// exactly that length (see deficit). It is proven minimal: no game of
// fewer moves exists. budget bounds the drawings stored; an error when it
// runs out, or when the engine refuses a chord.
func ShortestDefense(chords [][2]*big.Rat, budget int) (fewest int, line []string, err error) {
	s, err := shortestSearch(chords, budget)
	if err != nil {
		return 0, nil, err
	}
	return s.fewest, s.line, nil
}

// Shortest is ShortestDefense's answer with its effort.
type Shortest struct {
	Fewest int
	Line   []string
	// Deficit is the odd moves of a game that ends stuck on an odd move:
	// every such game has 2*Deficit moves, every other an odd number fewer.
	Deficit int
	States  int   // drawings stored
	Nodes   int64 // moves played by the search
	// LineXY is the game's segments, ends on the unit circle (x right, y
	// up), for drawing.
	LineXY [][4]float64
}

// SolveShortest is ShortestDefense with the search's effort.
func SolveShortest(chords [][2]*big.Rat, budget int) (Shortest, error) {
	s, err := shortestSearch(chords, budget)
	if err != nil {
		return Shortest{}, err
	}
	out := Shortest{Fewest: s.fewest, Line: s.line, Deficit: s.deficit, States: len(s.seen), Nodes: s.nodes}
	for _, w := range s.line {
		mv, err := s.st.Parse(w)
		if err == nil {
			p, q := s.point(mv.P), s.point(mv.Q)
			err = s.st.Play(mv)
			s.segs = append(s.segs, [2]int32{p, q})
			x1, y1 := s.pts[p].Float64()
			x2, y2 := s.pts[q].Float64()
			out.LineXY = append(out.LineXY, [4]float64{x1, y1, x2, y2})
		}
		if err != nil {
			return Shortest{}, fmt.Errorf("the engine refuses the shortest game's move %s: %v", w, err)
		}
	}
	return out, nil
}

// Deficit is the chords' deficit (see Shortest): a game that ends stuck
// on an odd move has twice it; an error when the engine refuses a chord.
func Deficit(chords [][2]*big.Rat) (d int, err error) {
	r, err := shortestSearch(chords, -1)
	return r.deficit, err
}

type shortestResult struct {
	*defSearch
	deficit int
	fewest  int
	line    []string
}

func shortestSearch(chords [][2]*big.Rat, budget int) (r shortestResult, err error) {
	st, err := newDefenseState(chords)
	if err != nil {
		return r, err
	}
	defer func() {
		if x := recover(); x != nil {
			u, ok := x.(*hp.Undecided)
			if !ok {
				panic(x)
			}
			err = u
		}
	}()
	s := &defSearch{st: st, budget: budget, bucket: map[[2]int64][]int32{}, seen: map[string]int{}}
	for _, c := range chords {
		a := s.intern(hp.Polar(big.NewRat(1, 1), c[0]))
		b := s.intern(hp.Polar(big.NewRat(1, 1), c[1]))
		s.segs = append(s.segs, [2]int32{a, b})
		s.chordEnds = append(s.chordEnds, [2]int32{a, b})
	}
	s.m = len(chords)
	r.defSearch = s
	d0 := s.deficit()
	r.deficit = d0
	if budget < 0 {
		return r, nil // the deficit alone
	}
	// A game stuck on an odd move has exactly 2*d0 moves; any other ends
	// stuck on an even move, after an odd number. So only odd limits
	// below 2*d0 need a search: when none ends, every game has 2*d0.
	for limit := 1; limit < 2*d0; limit += 2 {
		found, ok := s.shortest(limit)
		if !ok {
			return r, fmt.Errorf("the search stored its budget of %d drawings with no game of %d moves or fewer found", budget, limit)
		}
		if found != nil {
			r.fewest, r.line = limit, found
			return r, nil
		}
	}
	// Every game has 2*d0 moves: play the first legal move until stuck.
	var line []string
	for {
		moves := s.st.Moves(nil)
		if len(moves) == 0 {
			break
		}
		line = append(line, moves[0].String())
		if err := s.st.Play(moves[0]); err != nil {
			return r, fmt.Errorf("a listed move was refused: %v", err)
		}
	}
	for range line {
		s.st.Undo()
	}
	if len(line) != 2*d0 {
		return r, fmt.Errorf("a game of %d moves, not the %d the chords' deficit gives: the count is wrong", len(line), 2*d0)
	}
	r.fewest, r.line = len(line), line
	return r, nil
}

// deficit is the offense's odd moves in a game stuck on an odd move: the
// edges a triangulation of the points adds to the chords' drawing. The
// drawing is a plane graph on n points (chord ends and crossings), h of
// them on the circle, with e edges (the chords cut at their crossings); a
// triangulation of n points with h on their convex hull has 3n - 3 - h
// edges, the circle's neighbours joined. An odd move adds an edge and no
// point, so the deficit 3n - 3 - h - e drops by one; an even move adds a
// point, cuts the segment it crosses and is cut there itself: 3 edges,
// and the deficit stays. No odd move is left exactly when every face is a
// triangle, at deficit 0. (Faces are convex: every inner point is a
// crossing, so no angle reaches 180 degrees.)
func (s *defSearch) deficit() int {
	h := len(s.pts)
	if h < 3 {
		return 0 // one chord: both ends joined, nothing to draw
	}
	on := make([]map[int32]bool, s.m) // inner points of each chord
	for i := range s.m {
		on[i] = map[int32]bool{}
	}
	for i := range s.m {
		a, b := s.pts[s.segs[i][0]], s.pts[s.segs[i][1]]
		for j := i + 1; j < s.m; j++ {
			c, d := s.pts[s.segs[j][0]], s.pts[s.segs[j][1]]
			if hp.Classify(a, b, c, d) != hp.Cross {
				continue
			}
			x := s.intern(hp.LineIntersection(a, b, c, d))
			on[i][x], on[j][x] = true, true
		}
	}
	e := 0
	for i := range s.m {
		e += len(on[i]) + 1
	}
	return 3*len(s.pts) - 3 - h - e
}
