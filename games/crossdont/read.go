package crossdont

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/hp"
	"papergames/layout"
	"papergames/scan"
)

var _ games.Paperer = Game{}

// Paper implements games.Paperer: the chords and the offense's segments,
// each ruled from end to end.
func (Game) Paper(r games.Round, _ layout.Figure, o layout.Point, s float64) []scan.Stroke {
	st := state(r)
	if st == nil {
		return nil
	}
	ctr, rad := boards.DegreeCircle{}.Center(o, s), s/2
	at := func(p int32) layout.Point {
		x, y := st.bd.pts[p].p.Float64()
		return layout.Pt(ctr.X+x*rad, ctr.Y-y*rad)
	}
	var out []scan.Stroke
	for _, sg := range st.bd.segs {
		seat := st.defense
		if sg.k > 0 {
			seat = st.Offense()
		}
		out = append(out, scan.Stroke{Tool: scan.Ruler, Points: []layout.Point{at(sg.a), at(sg.b)}, Seat: seat})
	}
	return out
}

// Confidence below which a move is doubted: a chord end's degree against
// the next (endSure), a segment's pencil against its rival's (segSure).
const (
	endSure = 0.2
	segSure = 0.25
	// A rival whose ends lie rivalMargin mm further off the stroke than
	// the segment's is sure to be the wrong one.
	rivalMargin = 0.2
	// A rival whose ends lie rivalBetter mm nearer the stroke than the
	// segment's replaces it.
	rivalBetter = 0.03
)

// ReadRound implements games.Reader: the lines between whole degrees of
// the circle, then the offense's segments between points (chord ends and
// the crossings of the lines found, the candidates growing as segments
// found cross), each tested for pencil along its length. The paper shows
// neither the order of the segments nor which lines between chord ends
// are the defense's: the round is written with chords and an order the
// engine accepts (write), and the engine checks that no legal move is
// left.
func (g Game) ReadRound(in games.ReadIn) (out *games.ReadOut, err error) {
	defer hp.Guard(&err)
	m := in.Values.Int("chords")
	defense := (in.Round + 1) % 2
	rd := newReader(in)
	circ, ends := rd.circleLines()
	at := rd.attempt(circ, ends, m, defense, in.Players)
	var repaired []string
	if at.w != nil && len(at.doubts) > 0 {
		if alt, notes := rd.strayEnds(circ, ends, m, defense, in.Players); alt != nil {
			at, repaired = alt, notes
		}
	}
	if at.w != nil && len(at.doubts) > 0 {
		// Played again on the engine (walk.go): taken only when sure.
		// An error (a crossing too close to call) leaves the first
		// reading, in doubt.
		if alt, err := rd.replay(circ, ends, m, defense, in.Players); err == nil && alt != nil && len(alt.doubts) == 0 {
			at = alt
		}
	}
	w, byLine := at.w, at.by
	out = &games.ReadOut{}
	var e strings.Builder
	fmt.Fprintf(&e, "defense: %s\n", games.YAMLName(games.SeatName(in.Players, defense)))
	if w == nil {
		out.Blank = true
		e.WriteString("chords: []\nmoves: []\n")
		out.Entry = e.String()
		return out, nil
	}
	var chords, moves []games.ReadMove
	for _, c := range w.chords {
		rm := byLine[c]
		rm.Text = w.texts[c]
		chords = append(chords, rm)
	}
	placed := w.st.moves()
	for k, l := range w.moves {
		rm := byLine[l]
		rm.Text = w.texts[l]
		if !w.ok && k >= placed && rm.Doubt == "" {
			rm.Doubt = "no legal order of the segments read reaches it (a segment missed, or one taken in error)"
		}
		moves = append(moves, rm)
	}
	out.Moves = append(chords, moves...)
	out.Doubts = at.doubts
	if len(out.Doubts) > 0 {
		// The crossings are named after the order: a segment missed or
		// taken in error renames those after it.
		// The chords are chosen among the lines between chord ends by
		// the order found: with the round in doubt, so are they.
		games.DoubtRest(chords, "the round is in doubt (see its doubts): which lines between chord ends are the chords follows from the segments read")
		games.DoubtRest(moves, "the round is in doubt (see its doubts): the names of its crossings may be off")
		out.Moves = append(chords, moves...)
	}
	e.WriteString(games.ReadList("chords", chords))
	e.WriteString(games.ReadList("moves", moves))
	out.Entry = e.String()
	out.Notes = append(out.Notes,
		"the order of the offense's segments is not on the paper, nor which lines between chord ends are the defense's chords: they are written in an order the engine accepts (no score depends on it: the offense's count is the lines drawn less the chords)",
		"the segment numbers written beside the segments are handwriting and are not read: the crossings are named after the order written here",
		"a chord end whose lines all run to chord ends about 15 degrees away or less lies, with them, under the printed circle, and is not read: the round is read as if there were none (look along the circle for one)")
	out.Notes = append(out.Notes, repaired...)
	out.Notes = append(out.Notes, at.notes...)
	return out, nil
}

// attempt is a round read from the lines between chord ends given: the
// lines drawn, the round written, each line's evidence, and the round's
// doubts.
type attempt struct {
	w      *written // nil for a blank board
	by     map[int]games.ReadMove
	doubts []string
	notes  []string
}

// attempt reads the round on the lines between chord ends circ: the
// offense's segments grown from their points, a rival taken where the
// pencil cannot choose and the engine can, the lines the printed circle
// hides, the legal moves left that are drawn; then whether the round
// is in doubt.
func (rd *reader) attempt(circ []circLine, ends map[int]endRead, m, defense int, players []string) *attempt {
	d, ban := rd.settle(circ, ends)
	sk, byLine := d.sk, d.by
	if len(sk.lines) == 0 {
		return &attempt{}
	}
	w := write(sk, m, defense, players)
	// A segment the pencil cannot tell from a rival: when the round has
	// no legal order, the engine decides between them.
	if !w.ok {
		tries := 0
		for _, sg := range d.segs {
			if len(sg.rivals) == 0 || tries >= maxSwaps {
				continue
			}
			tries++
			ban2 := maps.Clone(ban)
			ban2[pairKey(sk, sg.p, sg.q)] = true
			d2 := rd.build(circ, ends, ban2)
			if w2 := write(d2.sk, m, defense, players); w2.ok {
				d, ban, sk, byLine, w = d2, ban2, d2.sk, d2.by, w2
				break
			}
		}
	}
	sk, w, ambiguous, _ := rd.complete(sk, byLine, w, ends, m, defense, players)
	finished := w.ok && w.st.Over() && ambiguous == ""
	orphan, passed := rd.orphan(d, ban, sk, finished, ends, m, defense, players)
	at := &attempt{w: w, by: byLine, notes: passed}
	placed := w.st.moves()
	stray, ext := rd.unexplained(sk)
	switch {
	case len(w.chords) < m:
		at.doubts = append(at.doubts, fmt.Sprintf("%d of the %d chords are seen between chord ends (a chord under the printed circle, or an unfinished round)", len(w.chords), m))
	case orphan != "":
		at.doubts = append(at.doubts, fmt.Sprintf("pencil runs all along the segment %s, which no line read is, though the lines beside it may be what darkens it: a segment may be missed", orphan))
	case ext >= strayMM:
		at.doubts = append(at.doubts, fmt.Sprintf("pencil %.0f mm across about (%.1f, %.1f) mm from the circle's centre lies on no line read: a line may be missed", ext, stray.X-rd.ctr.X, rd.ctr.Y-stray.Y))
	case !w.ok:
		at.doubts = append(at.doubts, fmt.Sprintf("the %d segments read cannot all be played in a legal order (odd moves cross nothing, even moves exactly one): %d can; a segment may be missed or taken in error", len(sk.lines)-len(w.chords), placed))
	default:
		if mv, ok := w.st.first(); ok {
			k := placed + 1
			at.doubts = append(at.doubts, fmt.Sprintf("move %d (%s) is still legal, e.g. %s: a segment may be missed, or the round stopped early", k, strings.SplitN(parity(k), ":", 2)[0], w.st.bd.move(mv.p, mv.q)))
		}
	}
	if ambiguous != "" {
		at.doubts = append(at.doubts, ambiguous)
	}
	return at
}

// underPrint reports whether the line between the degrees a and b lies
// under the printed circle: too little of it is seen to say whether it
// is drawn.
func (rd *reader) underPrint(a, b int) bool {
	l := rd.circ[a].Dist(rd.circ[b])
	r := rd.lm.Run(rd.circ[a], rd.circ[b], skipEnd, 0.25)
	return r.Seen < math.Max(seenMin, seenShare*(l-2*skipEnd))
}

// maxStrayEnds bounds the ends met by one line each that strayEnds
// tries without.
const maxStrayEnds = 4

// strayEnds reads the round again without the ends of the circle that
// one line alone meets, for a round in doubt. A segment ruled to a
// crossing a millimetre inside the circle often runs on to the print,
// and reads as a line between chord ends, its end a degree no chord
// has; every end of a chord is met by its chord, and in a finished
// round nearly always by segments too. Each such end is tried alone,
// then all of them at once, and a reading is taken when exactly one of
// them is in no doubt; the notes say which ends were left out.
func (rd *reader) strayEnds(circ []circLine, ends map[int]endRead, m, defense int, players []string) (*attempt, []string) {
	var lone []int
	for d, e := range ends {
		if e.lines != 1 {
			continue
		}
		for _, c := range circ {
			if c.a == d || c.b == d {
				lone = append(lone, d)
				break
			}
		}
	}
	if len(lone) == 0 || len(lone) > maxStrayEnds {
		return nil, nil
	}
	slices.Sort(lone)
	tries := [][]int{}
	for _, d := range lone {
		tries = append(tries, []int{d})
	}
	if len(lone) > 1 {
		tries = append(tries, lone)
	}
	var found *attempt
	var foundDrop []int
	for _, drop := range tries {
		var circ2 []circLine
		for _, c := range circ {
			if !slices.Contains(drop, c.a) && !slices.Contains(drop, c.b) {
				circ2 = append(circ2, c)
			}
		}
		ends2 := maps.Clone(ends)
		for _, d := range drop {
			delete(ends2, d)
		}
		at := rd.attempt(circ2, ends2, m, defense, players)
		if at.w == nil || len(at.doubts) > 0 {
			continue
		}
		if found != nil && !slices.Equal(sortedTexts(found.w), sortedTexts(at.w)) {
			return nil, nil // two readings: the paper does not say which
		}
		if found == nil {
			found, foundDrop = at, drop
		}
	}
	if found == nil {
		return nil, nil
	}
	var notes []string
	for _, d := range foundDrop {
		notes = append(notes, fmt.Sprintf("the pencil meets the circle at %d degrees, where no other line does: read as a segment run on past a crossing near the circle, not as a chord's end", d))
	}
	return found, notes
}

// hiddenLine is a line between chord ends taken from under the print.
type hiddenLine struct{ a, b, line int }

// hidden tries the lines between two chord ends read that the printed
// circle hides (too little of them seen to say whether they are drawn),
// in every choice of them, fewest first (chord ends a few degrees apart
// hide several in a round), for the rounds they finish (every line in a
// legal order, no legal move left); w is the round without them. When
// exactly one of these rounds, w among them, is finished, and it is not
// w, it returns the sketch with its hidden lines and the round written.
// When more than one is, it says so: the paper cannot tell them apart.
// unknown: there were too many choices to try, so whether any finishes
// the round is not known.
func (rd *reader) hidden(sk *sketch, ends map[int]endRead, m, defense int, players []string, w *written) (_ *sketch, _ *written, _ []hiddenLine, ambiguous string, unknown bool) {
	var degs []int
	for d := range ends {
		degs = append(degs, d)
	}
	slices.Sort(degs)
	var cands [][2]int
	for i, a := range degs {
		for _, b := range degs[i+1:] {
			pa, pb := sk.end(big.NewRat(int64(a), 1)), sk.end(big.NewRat(int64(b), 1))
			if sk.along(pa, pb) {
				continue
			}
			if !rd.underPrint(a, b) {
				continue // seen: the pencil says
			}
			cands = append(cands, [2]int{a, b})
		}
	}
	base := w.ok && w.st.Over()
	if len(cands) == 0 {
		return nil, nil, nil, "", false
	}
	tooMany := func() (*sketch, *written, []hiddenLine, string, bool) {
		if base {
			return nil, nil, nil, fmt.Sprintf("%d lines between chord ends lie under the printed circle, too many to try: whether they are drawn is not known", len(cands)), true
		}
		return nil, nil, nil, "", true
	}
	if len(cands) > maxHidden {
		return tooMany()
	}
	// One budget for the searches of every choice: a choice's search
	// cut short says nothing, so none is taken once it runs out.
	budget := hiddenBudget
	try := func(pick [][2]int) (*sketch, *written, []hiddenLine) {
		sk2 := sk.clone()
		var added []hiddenLine
		for _, c := range pick {
			pa, pb := sk2.end(big.NewRat(int64(c[0]), 1)), sk2.end(big.NewRat(int64(c[1]), 1))
			if sk2.along(pa, pb) || sk2.throughCrossing(pa, pb) {
				return nil, nil, nil
			}
			added = append(added, hiddenLine{c[0], c[1], sk2.addLine(pa, pb)})
		}
		w := writeWithin(sk2, m, defense, players, &budget)
		if !w.ok || !w.st.Over() {
			return nil, nil, nil
		}
		return sk2, w, added
	}
	found := 0
	if base {
		found = 1
	}
	var bs *sketch
	var bw *written
	var ba []hiddenLine
	for size := 1; size <= len(cands); size++ {
		pick := make([]int, size)
		for i := range pick {
			pick[i] = i
		}
		for {
			var p [][2]int
			for _, i := range pick {
				p = append(p, cands[i])
			}
			if s2, w2, a2 := try(p); w2 != nil {
				found++
				bs, bw, ba = s2, w2, a2
			}
			if budget <= 0 {
				return tooMany()
			}
			if found > 1 {
				var where []string
				for _, c := range cands {
					where = append(where, fmt.Sprintf("%d-%d", c[0], c[1]))
				}
				how := "with more than one choice of them"
				if base {
					how = "with some of them and without"
				}
				return nil, nil, nil, fmt.Sprintf("the lines between chord ends under the printed circle (%s degrees) cannot be seen, and the round is finished %s: the paper cannot say which are drawn", strings.Join(where, ", "), how), false
			}
			if !nextPick(pick, len(cands)) {
				break
			}
		}
	}
	if found == 1 && !base {
		return bs, bw, ba, "", false
	}
	return nil, nil, nil, "", false
}

// maxHidden bounds the hidden lines tried: every choice of them is,
// 255 at most.
const maxHidden = 8

// hiddenBudget bounds the nodes of the searches for an order over all
// the choices of hidden lines: four rounds' worth.
const hiddenBudget = 4 * searchBudget

// complete finishes the round read in sk (written as w): the lines
// between chord ends that the printed circle hides, taken when exactly
// one choice of them finishes the round, then the engine's legal moves
// left that are drawn. byLine, when not nil, gets the evidence of the
// lines taken. ambiguous says why the round is in doubt when more than
// one choice of hidden lines finishes it; unknown, that there were too
// many to try.
func (rd *reader) complete(sk *sketch, byLine map[int]games.ReadMove, w *written, ends map[int]endRead, m, defense int, players []string) (_ *sketch, _ *written, ambiguous string, unknown bool) {
	// Lines between chord ends that the printed circle hides: taken
	// when exactly one choice of them finishes the round; when more than
	// one does (none among them, perhaps), the paper cannot say which.
	sk2, w2, added, ambiguous, unknown := rd.hidden(sk, ends, m, defense, players, w)
	if w2 != nil {
		sk, w = sk2, w2
		for _, h := range added {
			if byLine != nil {
				byLine[h.line] = games.ReadMove{Confidence: 0.5, At: mid(rd.circ[h.a], rd.circ[h.b]),
					Doubt: fmt.Sprintf("the line from %d to %d degrees lies under the printed circle: not seen, taken as the only lines that finish the round", h.a, h.b)}
			}
		}
	}
	// The engine's legal moves left are the last candidates: one drawn
	// on the paper that the search passed over (its pencil along lines
	// taken, or too short to fit) is taken, and the round written again.
	for range maxLeft {
		if !w.ok || ambiguous != "" {
			break
		}
		sk2 := sk.clone()
		l, rm, ok := rd.left(sk2, w.st)
		if !ok {
			break
		}
		// Taken only when the lines read are written as before: the
		// line cannot then change what the others are read as, whether
		// or not it is drawn.
		w2 := write(sk2, m, defense, players)
		if !w2.ok || !sameTexts(w, w2) {
			break
		}
		sk, w = sk2, w2
		if byLine != nil {
			byLine[l] = rm
		}
	}
	return sk, w, ambiguous, unknown
}

// maxOrphans bounds the orphans tried as drawn: every choice of them is.
const maxOrphans = 3

// orphan weighs the orphans of d's last build that are no lines of the
// round read (sk, finished or not): candidates on pencil that the lines
// read explain, rivals of none. A segment drawn along others may be
// missed that way, and with it the round's order; and the pencil cannot
// tell such a candidate drawn from one not drawn (on perfect pencil
// both lie 0.2 to 0.7 mm from the lines beside them). The rules can:
// every choice of them is tried as drawn (see holds). When the round
// read is finished and no choice finishes it too, they are passed over
// (passed says so). Otherwise name says where the first one lies: the
// round is in doubt. (A round not finished is not finished from them:
// taking the one choice that finishes it read some rounds wrong.)
//
// The lines the print hides between the chord ends read are tried with
// them. A chord end no line seen meets is not (docs/rulings.md): seed
// 267 of the perfect-pencil rounds has one, and an orphan not drawn,
// and is read without its end, finished and legal. The candidates that
// the lines taken after the growth make (hidden lines, legal moves left)
// and the rivals are not tried as drawn, only those of the growth.
func (rd *reader) orphan(d *drawing, ban map[[4]float64]bool, sk *sketch, finished bool, ends map[int]endRead, m, defense int, players []string) (name string, passed []string) {
	lines := map[[4]float64]bool{}
	for _, ln := range sk.lines {
		lines[pairKey(sk, ln.a, ln.b)] = true
	}
	var left [][4]float64
	for _, o := range d.orphans {
		if !lines[o] && !slices.Contains(left, o) {
			left = append(left, o)
		}
	}
	if len(left) == 0 {
		return "", nil
	}
	where := func(o [4]float64) string {
		a, b := rd.at(o[0], o[1]), rd.at(o[2], o[3])
		return fmt.Sprintf("from (%.1f, %.1f) to (%.1f, %.1f) mm from the circle's centre", a.X-rd.ctr.X, rd.ctr.Y-a.Y, b.X-rd.ctr.X, rd.ctr.Y-b.Y)
	}
	if !finished || len(left) > maxOrphans {
		return where(left[0]), nil
	}
	known := map[[4]float64]bool{}
	for _, o := range left {
		known[o] = true
	}
	for _, sg := range d.segs {
		for _, r := range sg.rivals {
			known[pairKey(d.sk, r.p, r.q)] = true
		}
	}
	// The candidates that the lines read explain, grown again over the
	// whole round (the lines taken after the growth make points too).
	base, ok := rd.regrow(sk, ban)
	if !ok {
		return where(left[0]), nil
	}
	for _, o := range base {
		known[o] = true
	}
	if pick := firstChoice(left, func(pick [][4]float64) bool {
		return rd.holds(sk, ban, known, pick, ends, m, defense, players)
	}); pick != nil {
		return where(pick[0]), nil
	}
	for _, o := range left {
		passed = append(passed, fmt.Sprintf("pencil runs all along the segment %s, but the lines beside it explain that pencil, and no finished round in a legal order holds it: read as not drawn", where(o)))
	}
	return "", passed
}

// holds reports whether the round read in sk, with the segments pick
// drawn too, may be finished in a legal order: pick is drawn into a copy
// of sk, the segments to the crossings they make are grown from the
// pencil (none in ban), and the round is written and completed as the
// reading was. The candidates that this growth finds explained by the
// lines, and that were not known before (the crossings of pick make
// them), are tried as drawn in turn, every choice of them, within the
// board's budget rd.tries. It answers true too whenever it cannot tell
// (the budget spent among them): a segment of pick
// that the lines read leave no room for, a crossing too close to call,
// too many candidates, a search cut short.
func (rd *reader) holds(sk *sketch, ban, known map[[4]float64]bool, pick [][4]float64, ends map[int]endRead, m, defense int, players []string) (open bool) {
	if rd.tries <= 0 {
		return true
	}
	rd.tries--
	var err error
	defer func() {
		if err != nil {
			open = true
		}
	}()
	defer hp.Guard(&err)
	sk = sk.clone()
	for _, o := range pick {
		p, q := -1, -1
		for i, pt := range sk.pts {
			if pt.x == o[0] && pt.y == o[1] {
				p = i
			}
			if pt.x == o[2] && pt.y == o[3] {
				q = i
			}
		}
		if p < 0 || q < 0 || sk.along(p, q) || sk.throughCrossing(p, q) {
			return true
		}
		sk.addLine(p, q)
	}
	_, orphans := rd.grow(sk, ban)
	var fresh [][4]float64
	for _, o := range orphans {
		if known[o] || slices.Contains(fresh, o) {
			continue
		}
		// On one stroke with a line read: its pencil is that line's, as a
		// rival's is, unless it fits the stroke better (settle would
		// take it instead, and the round read would change).
		if l := rd.onLine(sk, o); l >= 0 {
			if rd.fitsBetter(o, rd.pos(sk, sk.lines[l].a), rd.pos(sk, sk.lines[l].b)) {
				return true
			}
			continue
		}
		fresh = append(fresh, o)
	}
	w := write(sk, m, defense, players)
	_, w, ambiguous, unknown := rd.complete(sk, nil, w, ends, m, defense, players)
	if (w.ok && w.st.Over()) || w.cut || ambiguous != "" || unknown {
		return true
	}
	if len(fresh) == 0 {
		return false
	}
	if len(fresh) > maxOrphans {
		return true
	}
	known = maps.Clone(known)
	for _, o := range fresh {
		known[o] = true
	}
	return firstChoice(fresh, func(more [][4]float64) bool {
		return rd.holds(sk, ban, known, more, ends, m, defense, players)
	}) != nil
}

// firstChoice returns the first non-empty choice of xs (every subset, in
// the order of a binary count) for which f is true, nil when none is.
func firstChoice(xs [][4]float64, f func([][4]float64) bool) [][4]float64 {
	for set := 1; set < 1<<len(xs); set++ {
		var pick [][4]float64
		for i, x := range xs {
			if set&(1<<i) != 0 {
				pick = append(pick, x)
			}
		}
		if f(pick) {
			return pick
		}
	}
	return nil
}

// onLine returns a line of sk on one stroke with the candidate o (each
// end of one within rivalMM of the other), -1 when there is none.
func (rd *reader) onLine(sk *sketch, o [4]float64) int {
	P, Q := rd.at(o[0], o[1]), rd.at(o[2], o[3])
	for l, ln := range sk.lines {
		if oneStroke(P, Q, rd.pos(sk, ln.a), rd.pos(sk, ln.b)) {
			return l
		}
	}
	return -1
}

// fitsBetter reports whether the stroke fits the candidate o better than
// the line from a to b, by settle's margin (or cannot be measured).
func (rd *reader) fitsBetter(o [4]float64, a, b layout.Point) bool {
	off, ok := rd.offStroke(rd.at(o[0], o[1]), rd.at(o[2], o[3]))
	lineOff, lok := rd.offStroke(a, b)
	return ok && (!lok || off+rivalBetter < lineOff)
}

// regrow grows the segments of sk's pencil again over a copy of it, and
// returns the candidates that its lines explain; false when a crossing
// is too close to call.
func (rd *reader) regrow(sk *sketch, ban map[[4]float64]bool) (orphans [][4]float64, ok bool) {
	var err error
	defer func() { ok = err == nil }()
	defer hp.Guard(&err)
	_, orphans = rd.grow(sk.clone(), ban)
	return orphans, true
}

// orphanTries bounds the readings holds tries for a board's orphans.
const orphanTries = 48

// maxLeft bounds the legal moves left that are taken from the paper
// after the search.
const maxLeft = 4

// left tests the engine's legal moves after the round written in st
// for pencil along their length, and draws the best one drawn into sk.
// It returns the line added and its evidence.
func (rd *reader) left(sk *sketch, st *State) (int, games.ReadMove, bool) {
	bd := st.bd
	pt := func(i int) int {
		if d := bd.pts[i].deg; d != nil {
			return sk.end(d)
		}
		return sk.find(bd.pts[i].p)
	}
	var by []pseg
	for _, ln := range sk.lines {
		by = append(by, pseg{rd.pos(sk, ln.a), rd.pos(sk, ln.b)})
	}
	best, bp, bq := -1.0, -1, -1
	var bex float64
	for _, f := range st.legal(nil, false) {
		p, q := pt(f.p), pt(f.q)
		if p < 0 || q < 0 {
			continue
		}
		a, b := rd.pos(sk, p), rd.pos(sk, q)
		r, ok := rd.drawn(a, b)
		if !ok {
			continue
		}
		if r.Cover > best {
			best, bp, bq, bex = r.Cover, p, q, rd.explained(a, b, by)
		}
	}
	if bp < 0 {
		return 0, games.ReadMove{}, false
	}
	if bex >= explainedMax {
		// Its pencil may be the lines beside it: taking it could finish
		// a round read wrong elsewhere, which would then pass unflagged.
		return 0, games.ReadMove{}, false
	}
	rm := games.ReadMove{Confidence: best, At: mid(rd.pos(sk, bp), rd.pos(sk, bq))}
	return sk.addLine(bp, bq), rm, true
}

// sameTexts reports whether every line of a is written as in b.
func sameTexts(a, b *written) bool {
	for l, t := range a.texts {
		if b.texts[l] != t {
			return false
		}
	}
	return true
}

// sortedTexts returns the moves of a round written, sorted.
func sortedTexts(w *written) []string {
	return slices.Sorted(maps.Values(w.texts))
}

// maxSwaps bounds the rivals tried in place of a segment when the
// segments read have no legal order.
const maxSwaps = 6

// drawing is the lines read from a board's pencil.
type drawing struct {
	sk      *sketch
	by      map[int]games.ReadMove // each line's evidence, by its index
	segs    []segRead
	orphans [][4]float64 // see grow
}

// settle builds the sketch of the lines read, and builds it again
// while a segment taken before a rival that fits the stroke better was
// found (its point appeared later) gives way to it. It returns the
// segments given up.
func (rd *reader) settle(circ []circLine, ends map[int]endRead) (*drawing, map[[4]float64]bool) {
	ban := map[[4]float64]bool{}
	d := rd.build(circ, ends, ban)
	for range maxSwaps {
		changed := false
		for _, sg := range d.segs {
			for _, r := range sg.rivals {
				if r.off+rivalBetter < sg.off && !ban[pairKey(d.sk, sg.p, sg.q)] {
					ban[pairKey(d.sk, sg.p, sg.q)] = true
					changed = true
				}
			}
		}
		if !changed {
			break
		}
		d = rd.build(circ, ends, ban)
	}
	return d, ban
}

// build draws the lines read into a sketch: the lines between chord
// ends, then the offense's segments grown from their points (none in
// ban).
func (rd *reader) build(circ []circLine, ends map[int]endRead, ban map[[4]float64]bool) *drawing {
	sk := &sketch{}
	byLine := map[int]games.ReadMove{}
	endDoubt := func(rm *games.ReadMove, d int) { endDoubt(ends, rm, d) }
	for _, c := range circ {
		a, b := sk.end(big.NewRat(int64(c.a), 1)), sk.end(big.NewRat(int64(c.b), 1))
		l := sk.addLine(a, b)
		rm := games.ReadMove{Confidence: c.run.Cover, At: mid(rd.circ[c.a], rd.circ[c.b])}
		endDoubt(&rm, c.a)
		endDoubt(&rm, c.b)
		byLine[l] = rm
	}
	segs, orphans := rd.grow(sk, ban)
	for _, sg := range segs {
		l := -1
		for k, ln := range sk.lines {
			if (ln.a == sg.p && ln.b == sg.q) || (ln.a == sg.q && ln.b == sg.p) {
				l = k
			}
		}
		rm := games.ReadMove{Confidence: sg.cover, At: mid(rd.pos(sk, sg.p), rd.pos(sk, sg.q))}
		for _, r := range sg.rivals {
			if c := (r.off - sg.off) / rivalMargin; c < rm.Confidence {
				rm.Confidence = math.Max(0, c)
				if c < segSure {
					rm.Doubt = fmt.Sprintf("the stroke fits the segment %s nearly as well (its ends %.2f mm off the stroke, against %.2f mm)", rd.near(sk, r.p, r.q), r.off, sg.off)
				}
			}
		}
		for _, p := range []int{sg.p, sg.q} {
			if d := sk.pts[p].deg; d != nil {
				dd, _ := d.Float64()
				endDoubt(&rm, int(dd))
			}
		}
		byLine[l] = rm
	}
	return &drawing{sk: sk, by: byLine, segs: segs, orphans: orphans}
}

// endDoubt lowers a line's confidence to that of its end at d degrees,
// and doubts it when the end may be at the next degree.
func endDoubt(ends map[int]endRead, rm *games.ReadMove, d int) {
	e, ok := ends[d]
	if !ok {
		return
	}
	if e.conf < rm.Confidence {
		rm.Confidence = e.conf
	}
	if e.conf < endSure && rm.Doubt == "" {
		rm.Doubt = fmt.Sprintf("its end at %d degrees may be at %d: the pencil meets the circle at %.1f degrees", d, e.rival, e.at)
	}
}

// near describes a rival segment for a doubt: where its ends lie on the
// page, from the circle's centre.
func (rd *reader) near(sk *sketch, p, q int) string {
	f := func(i int) string {
		if d := sk.pts[i].deg; d != nil {
			return fmt.Sprintf("from %s degrees", d.RatString())
		}
		return fmt.Sprintf("(%.1f, %.1f) mm", sk.pts[i].x*rd.rad, sk.pts[i].y*rd.rad)
	}
	return f(p) + " to " + f(q)
}

// mid is the middle of a and b.
func mid(a, b layout.Point) layout.Point { return layout.Pt((a.X+b.X)/2, (a.Y+b.Y)/2) }

// PaperMoves implements readtest.PaperMover: the round's moves as the
// reader writes what the paper shows of them (chords and an order chosen
// by write from the lines alone).
func (Game) PaperMoves(r games.Round) (out []string) {
	st := state(r)
	if st == nil || len(st.bd.segs) == 0 {
		return nil
	}
	var truth []string
	for _, sg := range st.bd.segs {
		truth = append(truth, sg.mv.String())
	}
	defer func() {
		if recover() != nil {
			out = truth
		}
	}()
	w := write(sketchOf(st), st.m, st.defense, st.players)
	if !w.ok {
		return truth
	}
	for _, l := range append(w.chords, w.moves...) {
		out = append(out, w.texts[l])
	}
	return out
}
