package crossdont

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"

	"papergames/games"
	"papergames/hp"
	"papergames/layout"
	"papergames/scan"
)

// A round read from its segments grown on the pencil can miss a segment
// that lies along others (a fan of lines from one point), and is then in
// doubt. The engine knows what may be drawn after what: replay plays the
// round again from its chords, each legal move whose length carries
// pencil in turn, the move that explains most pencil not yet explained
// first, and takes the first finished round (no legal move left) that
// leaves no pencil unexplained. It keeps looking, within a budget, for
// another such round: one found (of the same length so far, but other
// lines) leaves the first reading, in doubt.

// walkBudget bounds the rounds (sets of lines) replay visits on a board.
const walkBudget = 6000

// firstBudget bounds the rounds visited from each choice of chords
// first: from the chords drawn, the search nearly always goes straight
// down to a finished round.
const firstBudget = 40

// choiceBudget bounds the rounds visited from one choice of chords.
const choiceBudget = 600

// maxTests bounds the moves whose length replay tests for pencil: a
// finished round of 5 chords takes a few thousand; a scribbled board
// would take without end.
const maxTests = 20000

// maxWork bounds the pairs of points whose moves replay looks at, over
// all the rounds it visits: a finished round of 5 chords has 100 to 200
// points, 5,000 to 20,000 pairs a round.
const maxWork = 100_000_000

// An offense segment that replay plays, and an orphan that the first
// reading weighs (see grow), has the pencil's core, not widened, within
// coreHalf mm of it along coreMin of its seen length (see LineMap.Core;
// with a stroke's own width, a segment 0.3 mm off a thin stroke's middle
// passes, one 0.4 mm off does not): the widened pencil lets lines up to
// half a millimetre beside a stroke run on it, and each opens a round
// that was not drawn. Measured on the corpus (READ_CORPUS=5, 28
// November): in replay, 0.8 took the copier pages from 162 to 189 moves
// right of 799 and the phone pages from 147 to 176 of 512, none wrong
// unflagged (0.95 read the phone pages worse, 12 MP from 51% of moves
// right to 27%, 8 MP from 19% to 9%: a wobbling stroke leaves the core);
// for orphans too, the copier pages from 189 to 218.
const (
	coreMin  = 0.8
	coreHalf = 0.1
)

// maxExtra bounds the lines between chord ends beyond the chords that
// replay reads from: more are a scribble, not a round.
const maxExtra = 12

// maxChoices bounds the choices of chords tried: the longest of the
// first 4*maxChoices found, within maxChoiceCalls steps.
const (
	maxChoices     = 64
	maxChoiceCalls = 100_000
)

// chordChoices returns the choices of m lines of circ that meet every
// chord end of ends, the longest (summed) first.
func chordChoices(circ []circLine, ends map[int]endRead, m int) [][]circLine {
	arc := func(c circLine) float64 {
		d := min(c.b-c.a, 360-c.b+c.a)
		return math.Sin(float64(d) * math.Pi / 360)
	}
	if len(ends) > 2*m {
		return nil // more ends than m chords have
	}
	var out [][]circLine
	var pick []circLine
	calls := 0
	// uncovered counts the ends no line of pick meets.
	uncovered := func() int {
		n := 0
		for d := range ends {
			if !slices.ContainsFunc(pick, func(c circLine) bool { return c.a == d || c.b == d }) {
				n++
			}
		}
		return n
	}
	var rec func(i int)
	rec = func(i int) {
		calls++
		if calls > maxChoiceCalls || len(out) >= 4*maxChoices {
			return
		}
		left := uncovered()
		if left > 2*(m-len(pick)) {
			return // the chords left cannot meet them all
		}
		if len(pick) == m {
			if left == 0 {
				out = append(out, slices.Clone(pick))
			}
			return
		}
		if len(circ)-i < m-len(pick) {
			return
		}
		pick = append(pick, circ[i])
		rec(i + 1)
		pick = pick[:len(pick)-1]
		rec(i + 1)
	}
	rec(0)
	sum := func(ch []circLine) float64 {
		t := 0.0
		for _, c := range ch {
			t += arc(c)
		}
		return t
	}
	slices.SortStableFunc(out, func(a, b []circLine) int { return cmp.Compare(sum(b), sum(a)) })
	if len(out) > maxChoices {
		out = out[:maxChoices]
	}
	return out
}

// coverStep is the spacing, in mm, of the pencil samples that cover
// counts.
const coverStep = 0.25

// cover is the board's pencil inside the circle, sampled every coverStep
// mm, with the number of lines drawn within reach (explainMM and the
// pencil's widening) of each sample.
type cover struct {
	rd     *reader
	px     int     // ink samples a cover sample
	w, h   int     // the grid of cover samples
	grid   []int32 // index into at, -1 for no pencil
	at     []int32 // grid cell of each sample
	n      []int32 // lines near each sample
	byLine map[[4]float64][]int32
	stamp  []int32
	gen    int32
}

func newCover(rd *reader) *cover {
	k := rd.in.Ink
	px := max(1, int(math.Round(coverStep*k.PerMM)))
	c := &cover{rd: rd, px: px, w: (k.W + px - 1) / px, h: (k.H + px - 1) / px, byLine: map[[4]float64][]int32{}}
	c.grid = make([]int32, c.w*c.h)
	inside := rd.rad - 1.5
	for gj := range c.h {
		for gi := range c.w {
			g := gj*c.w + gi
			c.grid[g] = -1
			i, j := gi*px, gj*px
			if rd.lm.Mark[j*k.W+i] != scan.MarkPencil || k.Pos(i, j).Dist(rd.ctr) > inside {
				continue
			}
			c.grid[g] = int32(len(c.at))
			c.at = append(c.at, int32(g))
		}
	}
	c.n = make([]int32, len(c.at))
	c.stamp = make([]int32, len(c.at))
	return c
}

// pos is the page place of grid cell g.
func (c *cover) pos(g int32) layout.Point {
	return c.rd.in.Ink.Pos(int(g)%c.w*c.px, int(g)/c.w*c.px)
}

// near returns the samples within reach of the line key (see lineKey).
func (c *cover) near(key [4]float64) []int32 {
	if s, ok := c.byLine[key]; ok {
		return s
	}
	a, b := c.rd.at(key[0], key[1]), c.rd.at(key[2], key[3])
	r := explainMM + widen
	k := c.rd.in.Ink
	c.gen++
	var out []int32
	span := int(math.Ceil(r/coverStep)) + 1
	steps := int(a.Dist(b)/(2*coverStep)) + 1
	for s := 0; s <= steps; s++ {
		f := float64(s) / float64(steps)
		gi := int((a.X + (b.X-a.X)*f - k.Box.Min.X) * k.PerMM / float64(c.px))
		gj := int((a.Y + (b.Y-a.Y)*f - k.Box.Min.Y) * k.PerMM / float64(c.px))
		for y := max(0, gj-span); y <= min(c.h-1, gj+span); y++ {
			for x := max(0, gi-span); x <= min(c.w-1, gi+span); x++ {
				g := int32(y*c.w + x)
				i := c.grid[g]
				if i < 0 || c.stamp[i] == c.gen {
					continue
				}
				c.stamp[i] = c.gen
				if distSeg(c.pos(g), a, b) <= r {
					out = append(out, i)
				}
			}
		}
	}
	c.byLine[key] = out
	return out
}

// add counts the line key drawn (d 1) or rubbed out (d -1).
func (c *cover) add(key [4]float64, d int32) {
	for _, i := range c.near(key) {
		c.n[i] += d
	}
}

// fresh counts the samples near the line key that no line drawn is near.
func (c *cover) fresh(key [4]float64) int {
	n := 0
	for _, i := range c.near(key) {
		if c.n[i] == 0 {
			n++
		}
	}
	return n
}

// widest is the extent, in mm, of the widest patch of pencil that no
// line drawn is near.
func (c *cover) widest() float64 {
	seen := make([]bool, len(c.at))
	best := 0.0
	var stack []int32
	for s := range c.at {
		if c.n[s] != 0 || seen[s] {
			continue
		}
		seen[s] = true
		stack = append(stack[:0], int32(s))
		g0 := int(c.at[s])
		minX, maxX, minY, maxY := g0%c.w, g0%c.w, g0/c.w, g0/c.w
		for len(stack) > 0 {
			t := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			g := int(c.at[t])
			x, y := g%c.w, g/c.w
			minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					u, v := x+dx, y+dy
					if u < 0 || v < 0 || u >= c.w || v >= c.h {
						continue
					}
					if i := c.grid[v*c.w+u]; i >= 0 && !seen[i] && c.n[i] == 0 {
						seen[i] = true
						stack = append(stack, i)
					}
				}
			}
		}
		best = math.Max(best, math.Hypot(float64(maxX-minX+1), float64(maxY-minY+1))*coverStep)
	}
	return best
}

// lineKey names the segment between the board's points p and q by their
// places, as pairKey does a sketch's.
func (st *State) lineKey(p, q int) [4]float64 {
	ax, ay := st.bd.pts[p].p.Float64()
	bx, by := st.bd.pts[q].p.Float64()
	if cmp.Or(cmp.Compare(ax, bx), cmp.Compare(ay, by)) > 0 {
		ax, ay, bx, by = bx, by, ax, ay
	}
	return [4]float64{ax, ay, bx, by}
}

// lineKeys returns the keys of the lines on the board, sorted.
func lineKeys(st *State) [][4]float64 {
	var ks [][4]float64
	for _, sg := range st.bd.segs {
		ks = append(ks, st.lineKey(int(sg.a), int(sg.b)))
	}
	slices.SortFunc(ks, func(a, b [4]float64) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]), cmp.Compare(a[2], b[2]), cmp.Compare(a[3], b[3]))
	})
	return ks
}

// walk is replay's search.
type walk struct {
	rd      *reader
	cv      *cover
	seen    map[string]bool
	sets    [][][4]float64 // the finished rounds found, each as its lines; two are enough to refuse
	first   []found        // the moves of the first, after its chords
	nodes   int
	tests   int  // moves tested for pencil along their length
	work    int  // pairs of points looked at
	limit   int  // nodes at which the search of this choice of chords stops
	cut     bool // some choice of chords was not searched whole
	stopped bool // this choice's search ran out of nodes
	drawn   map[[4]float64]bool
	path    []found
	offCore []offCore // segments on pencil passed over off their stroke's core
}

// offCore is a segment on pencil that replay passed over, its pencil's
// core not under it: its ends, and how far they lie off the stroke.
type offCore struct {
	a, b layout.Point
	off  float64
}

// onPencil reports whether the move f may be drawn: pencil along its
// length, or a line between chord ends under the printed circle.
func (w *walk) onPencil(st *State, f found) bool {
	key := st.lineKey(f.p, f.q)
	if ok, hit := w.drawn[key]; hit {
		return ok
	}
	a, b := w.rd.at(key[0], key[1]), w.rd.at(key[2], key[3])
	_, ok := w.rd.drawn(a, b)
	var off float64
	if ok {
		off, ok = w.rd.offStroke(a, b)
	}
	if ok && (st.bd.pts[f.p].deg == nil || st.bd.pts[f.q].deg == nil) {
		// An offense segment lies on its stroke's core, not merely on
		// the widened pencil beside it. Those passed over are kept: a
		// wobbling stroke may leave the core of the one drawn.
		if ok = w.rd.onCore(a, b); !ok {
			w.offCore = append(w.offCore, offCore{a, b, off})
		}
	}
	if !ok {
		if da, db := st.bd.pts[f.p].deg, st.bd.pts[f.q].deg; da != nil && db != nil && da.IsInt() && db.IsInt() {
			a, b := int(da.Num().Int64()), int(db.Num().Int64())
			ok = w.rd.hiddenPair(a, b)
		}
	}
	w.drawn[key] = ok
	w.tests++
	return ok
}

// run visits the round on st and the rounds after it.
func (w *walk) run(st *State) {
	w.work += len(st.bd.pts) * len(st.bd.pts) / 2
	if w.nodes >= w.limit || w.tests >= maxTests || w.work >= maxWork || len(w.sets) > 1 {
		w.stopped = true
		return
	}
	ks := lineKeys(st)
	k := fmt.Sprint(ks)
	if w.seen[k] {
		return
	}
	w.seen[k] = true
	w.nodes++
	type cand struct {
		f     found
		fresh int
	}
	var cands []cand
	for _, f := range st.legal(nil, false) {
		if w.onPencil(st, f) {
			cands = append(cands, cand{f, w.cv.fresh(st.lineKey(f.p, f.q))})
		}
	}
	if len(cands) == 0 {
		if st.Over() && w.cv.widest() < strayMM && !slices.ContainsFunc(w.sets, func(s [][4]float64) bool { return slices.Equal(s, ks) }) {
			if len(w.sets) == 0 {
				w.first = slices.Clone(w.path)
			}
			w.sets = append(w.sets, ks)
		}
		return
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].fresh > cands[j].fresh })
	for _, c := range cands {
		key := st.lineKey(c.f.p, c.f.q)
		if st.Play(Move{P: st.bd.label(c.f.p), Q: st.bd.label(c.f.q)}) != nil {
			continue
		}
		w.cv.add(key, 1)
		w.path = append(w.path, c.f)
		w.run(st)
		w.path = w.path[:len(w.path)-1]
		w.cv.add(key, -1)
		_ = st.Undo()
	}
}

// replay reads the round again on the engine (see the comment above
// walkBudget), from every choice of m lines between chord ends read
// (circ) as the chords that meets every chord end, the longest first;
// nil unless it finds exactly one finished round, sure.
func (rd *reader) replay(circ []circLine, ends map[int]endRead, m, defense int, players []string) (out *attempt, err error) {
	defer hp.Guard(&err)
	if len(circ) > m+maxExtra {
		return nil, nil
	}
	lines := slices.Clone(circ)
	var degs []int
	for d := range ends {
		degs = append(degs, d)
	}
	slices.Sort(degs)
	for i, a := range degs {
		for _, b := range degs[i+1:] {
			if rd.hiddenPair(a, b) && !slices.ContainsFunc(circ, func(c circLine) bool { return c.a == a && c.b == b }) {
				lines = append(lines, circLine{a: a, b: b})
			}
		}
	}
	choices := chordChoices(lines, ends, m)
	w := &walk{rd: rd, cv: newCover(rd), seen: map[string]bool{}, drawn: map[[4]float64]bool{}}
	var first []Move
	tried := make([]bool, len(choices))
	for _, per := range []int{firstBudget, choiceBudget} {
		for i, ch := range choices {
			if w.nodes >= walkBudget || w.tests >= maxTests || w.work >= maxWork || len(w.sets) > 1 {
				w.cut = true
				break
			}
			if tried[i] {
				continue // searched whole before
			}
			st := New(m, defense, players...)
			var chords []Move
			for _, c := range ch {
				mv := Chord(big.NewRat(int64(c.a), 1), big.NewRat(int64(c.b), 1))
				if st.Play(mv) != nil {
					break
				}
				chords = append(chords, mv)
			}
			if len(chords) != m {
				tried[i] = true
				continue
			}
			for _, sg := range st.bd.segs {
				w.cv.add(st.lineKey(int(sg.a), int(sg.b)), 1)
			}
			w.seen = map[string]bool{}
			w.limit = min(walkBudget, w.nodes+per)
			w.stopped = false
			n := len(w.sets)
			w.run(st)
			for _, sg := range st.bd.segs {
				w.cv.add(st.lineKey(int(sg.a), int(sg.b)), -1)
			}
			tried[i] = !w.stopped
			if n == 0 && len(w.sets) > 0 {
				first = chords
			}
		}
	}
	for _, t := range tried {
		if !t {
			w.cut = true
		}
	}
	// Taken only when sure: one finished round found (others found are
	// of one length, but draw other lines).
	if len(w.sets) != 1 {
		return nil, nil
	}
	st := New(m, defense, players...)
	for _, mv := range first {
		if err := st.Play(mv); err != nil {
			return nil, err
		}
	}
	for _, f := range w.first {
		if err := st.Play(Move{P: st.bd.label(f.p), Q: st.bd.label(f.q)}); err != nil {
			return nil, err
		}
	}
	sk := sketchOf(st)
	wr := write(sk, m, defense, players)
	if !wr.ok || !wr.st.Over() {
		return nil, nil
	}
	by := map[int]games.ReadMove{}
	for l, ln := range sk.lines {
		a, b := rd.pos(sk, ln.a), rd.pos(sk, ln.b)
		rm := games.ReadMove{At: mid(a, b)}
		if r, ok := rd.drawn(a, b); ok {
			rm.Confidence = r.Cover
		} else if sk.circleLine(l) {
			da, _ := sk.pts[ln.a].deg.Float64()
			db, _ := sk.pts[ln.b].deg.Float64()
			rm.Confidence = 0.5
			rm.Doubt = fmt.Sprintf("the line from %.0f to %.0f degrees lies under the printed circle: not seen, taken as the round found finishes with it", da, db)
		}
		if !sk.circleLine(l) && rd.rival(sk, l, &rm) {
			// Taken only when sure: no segment that a rival on its
			// stroke fits nearly as well.
			return nil, nil
		}
		for _, p := range []int{ln.a, ln.b} {
			if d := sk.pts[p].deg; d != nil {
				dd, _ := d.Float64()
				endDoubt(ends, &rm, int(dd))
			}
		}
		by[l] = rm
	}
	// Taken only when sure: no segment passed over off its stroke's
	// core fits the stroke of a segment taken nearly as well (the
	// stroke may wobble off the core of the one drawn).
	for l, ln := range sk.lines {
		if sk.circleLine(l) {
			continue
		}
		a, b := rd.pos(sk, ln.a), rd.pos(sk, ln.b)
		off, ok := rd.offStroke(a, b)
		if !ok {
			continue
		}
		for _, o := range w.offCore {
			if oneStroke(a, b, o.a, o.b) && o.off-off < segSure*rivalMargin {
				return nil, nil
			}
		}
	}
	// A finished round leaves no pencil unexplained, as the first
	// reading measures it.
	if _, ext := rd.unexplained(sk); ext >= strayMM {
		return nil, nil
	}
	note := fmt.Sprintf("read by playing the round again from its chords, every legal move on pencil in turn: the only finished round found that leaves no pencil unexplained (%d rounds visited", w.nodes)
	if w.cut {
		note += ", the search cut short: another such round may exist that it did not reach"
	}
	note += ")"
	at := &attempt{w: wr, by: by, notes: []string{note}}
	return at, nil
}

// hiddenPair reports whether a line between the chord ends at degrees
// a and b may be drawn unseen under the printed circle: 6 degrees apart
// or more (closer, it is no line of a round), and the print hides it.
func (rd *reader) hiddenPair(a, b int) bool {
	return min((b-a+360)%360, (a-b+360)%360) >= 6 && rd.underPrint(a, b)
}

// rival lowers the confidence of the segment l of sk when a segment
// between two other points of sk, on the same stroke, fits the stroke
// nearly as well; it reports whether one fits it well enough to doubt.
func (rd *reader) rival(sk *sketch, l int, rm *games.ReadMove) (doubt bool) {
	ln := sk.lines[l]
	a, b := rd.pos(sk, ln.a), rd.pos(sk, ln.b)
	off, ok := rd.offStroke(a, b)
	if !ok {
		return false
	}
	for q := range sk.pts {
		for p := range q {
			if (p == ln.a && q == ln.b) || (p == ln.b && q == ln.a) {
				continue
			}
			if sk.pts[p].deg != nil && sk.pts[q].deg != nil {
				continue
			}
			if !rd.rivals(sk, p, q, ln.a, ln.b) || sk.along(p, q) || sk.throughCrossing(p, q) {
				continue
			}
			P, Q := rd.pos(sk, p), rd.pos(sk, q)
			if _, ok := rd.drawn(P, Q); !ok {
				continue
			}
			ro, ok := rd.offStroke(P, Q)
			if !ok {
				continue
			}
			if c := (ro - off) / rivalMargin; c < rm.Confidence {
				rm.Confidence = math.Max(0, c)
				doubt = doubt || c < segSure
			}
		}
	}
	return doubt
}
