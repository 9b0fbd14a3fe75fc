package crossdont

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"papergames/games"
	"papergames/hp"
)

// board is the drawing of one round: the points the offense may use and
// the segments drawn so far. Points are unique: a new crossing that is
// (exactly, see hp) an existing point is merged into it, so index equality
// is point equality. Coordinates are on the unit circle, y up. Segments
// are only ever added at the end and taken back from the end (pop), so a
// point's or segment's index never changes.
type board struct {
	pts    []point
	segs   []segment
	chords int              // the first chords segments are the defense's
	endAt  map[string]int32 // chord end by its angle (exact), to merge shared ends
	pairAt map[pair]int32   // point where segments s < t cross
}

// pair is two segment indices, s < t.
type pair struct{ s, t int32 }

func pairOf(s, t int32) pair { return pair{min(s, t), max(s, t)} }

type point struct {
	p       hp.Point
	x, y    float64  // p rounded, for the filtered orientation
	deg     *big.Rat // angle of a chord end; nil for a crossing
	ends    []Label  // chord-end labels of this point, in chord order (1a, 3b)
	through []int32  // segments crossing here (strictly inside them), ascending
	on      segSet   // segments through or ending at this point
}

type segment struct {
	a, b  int32 // points
	mv    Move  // as played: its String is the text as written
	k     int   // offense move number from 1; 0 for a chord
	pts   int32 // points before it was drawn: pop truncates to it
	cross int32 // the segment an offense move crossed, -1 for none
	at    int32 // the point where it crossed, -1 for none
}

// text is the segment as written (moves lower-cased): "0-180", "1a-2x6".
func (sg *segment) text() string {
	if sg.k == 0 {
		return sg.mv.String()
	}
	return strings.ToLower(sg.mv.String())
}

// segSet is a set of segment indices.
type segSet []uint64

func (s segSet) has(i int) bool { return i/64 < len(s) && s[i/64]&(1<<(i%64)) != 0 }

func (s *segSet) add(i int) {
	for len(*s) <= i/64 {
		*s = append(*s, 0)
	}
	(*s)[i/64] |= 1 << (i % 64)
}

func (s segSet) del(i int) {
	if i/64 < len(s) {
		s[i/64] &^= 1 << (i % 64)
	}
}

func newBoard() *board {
	return &board{endAt: map[string]int32{}, pairAt: map[pair]int32{}}
}

// newPoint appends a point, reusing the slices of a point taken back.
func (bd *board) newPoint(p hp.Point, deg *big.Rat) int {
	n := len(bd.pts)
	if n < cap(bd.pts) {
		bd.pts = bd.pts[:n+1]
	} else {
		bd.pts = append(bd.pts, point{})
	}
	pt := &bd.pts[n]
	pt.p, pt.deg = p, deg
	pt.x, pt.y = p.Float64()
	pt.ends, pt.through = pt.ends[:0], pt.through[:0]
	clear(pt.on)
	return n
}

// circle caches the points of the circle by angle: hp.Polar is costly and
// machines draw chords between a few angles over and over.
var circle sync.Map // angle's RatString -> hp.Point

func onCircle(deg *big.Rat, key string) hp.Point {
	if p, ok := circle.Load(key); ok {
		return p.(hp.Point)
	}
	p := hp.Polar(big.NewRat(1, 1), deg)
	circle.Store(key, p)
	return p
}

// findEnd looks for the point at deg degrees on the circle. Angles in
// [0, 360) are equal points exactly when they are equal numbers: at is
// the chord end there, or -1 with its point pt. A different angle whose
// point cannot be told apart from an end's (closer than hp.Zero) is
// refused: other is that end.
func (bd *board) findEnd(deg *big.Rat) (at, other int, key string, pt hp.Point) {
	key = deg.RatString()
	if i, ok := bd.endAt[key]; ok {
		return int(i), -1, key, pt
	}
	pt = onCircle(deg, key)
	for i := range bd.pts {
		if bd.pts[i].deg != nil && hp.Equal(bd.pts[i].p, pt) {
			return -1, i, key, pt
		}
	}
	return -1, -1, key, pt
}

// addChord draws the chord of mv (its angles different, and no chord joins
// the same two angles: the caller checks). Its error is an end too close
// to another; it panics with *hp.Undecided, leaving the board to be
// rebuilt (State.playChord).
func (bd *board) addChord(mv Move) error {
	a, b := mv.A, mv.B
	pa, oa, ka, ptA := bd.findEnd(a)
	pb, ob, kb, ptB := bd.findEnd(b)
	tooClose := func(d *big.Rat, name string, o *big.Rat) error {
		return fmt.Errorf("its end at %s degrees and %s at %s degrees are closer than %g: papergames cannot tell them apart", games.Exact(d), name, games.Exact(o), hp.Zero)
	}
	switch {
	case oa >= 0:
		return tooClose(a, bd.pts[oa].ends[0].String(), bd.pts[oa].deg)
	case pa < 0 && pb < 0 && ob < 0 && hp.Equal(ptA, ptB):
		return tooClose(b, "its other end", a)
	case ob >= 0:
		return tooClose(b, bd.pts[ob].ends[0].String(), bd.pts[ob].deg)
	}
	n := len(bd.segs)
	mark := int32(len(bd.pts))
	if pa < 0 {
		pa = bd.newPoint(ptA, a)
		bd.endAt[ka] = int32(pa)
	}
	if pb < 0 {
		pb = bd.newPoint(ptB, b)
		bd.endAt[kb] = int32(pb)
	}
	bd.pts[pa].ends = append(bd.pts[pa].ends, Label{S: int32(n + 1)})
	bd.pts[pb].ends = append(bd.pts[pb].ends, Label{S: int32(n + 1), T: 1})
	crossed, _ := bd.classify(pa, pb, nil, nil)
	// The crossings first: an undecided one must leave the board as it was
	// but for the ends, which the rebuild takes back.
	xs := make([]hp.Point, len(crossed))
	for i, s := range crossed {
		xs[i] = hp.LineIntersection(bd.pts[pa].p, bd.pts[pb].p, bd.pts[bd.segs[s].a].p, bd.pts[bd.segs[s].b].p)
	}
	bd.segs = append(bd.segs, segment{a: int32(pa), b: int32(pb), mv: mv, pts: mark, cross: -1, at: -1})
	bd.pts[pa].on.add(n)
	bd.pts[pb].on.add(n)
	for i, s := range crossed {
		at := -1
		for j := range bd.pts {
			if hp.Equal(bd.pts[j].p, xs[i]) {
				at = j
				break
			}
		}
		if at < 0 {
			at = bd.newPoint(xs[i], nil)
		}
		bd.addThrough(at, s)
		bd.addThrough(at, n)
	}
	bd.chords++
	return nil
}

// drawMove draws offense move k from p to q, which crosses the segment
// cross (or none, -1) at the existing point at or, when at < 0, at the new
// point x. Nothing here can fail: plan decided everything.
func (bd *board) drawMove(mv Move, k int, pl *plan) {
	n := len(bd.segs)
	bd.segs = append(bd.segs, segment{a: int32(pl.p), b: int32(pl.q), mv: mv, k: k, pts: int32(len(bd.pts)), cross: int32(pl.cross), at: -1})
	bd.pts[pl.p].on.add(n)
	bd.pts[pl.q].on.add(n)
	if pl.cross < 0 {
		return
	}
	at := pl.at
	if at < 0 {
		at = bd.newPoint(pl.x, nil)
	}
	bd.addThrough(at, pl.cross)
	bd.addThrough(at, n)
	bd.segs[n].at = int32(at)
}

// addThrough records that segment s passes strictly through point i.
func (bd *board) addThrough(i, s int) {
	pt := &bd.pts[i]
	s32 := int32(s)
	if slices.Contains(pt.through, s32) {
		return
	}
	for _, t := range pt.through {
		bd.pairAt[pairOf(s32, t)] = int32(i)
	}
	k, _ := slices.BinarySearch(pt.through, s32)
	pt.through = slices.Insert(pt.through, k, s32)
	pt.on.add(s)
}

// pop takes back the last segment and the points it made.
func (bd *board) pop() {
	n := len(bd.segs) - 1
	sg := &bd.segs[n]
	n32 := int32(n)
	for i := range bd.pts[:sg.pts] {
		pt := &bd.pts[i]
		pt.on.del(n)
		if k := len(pt.through); k > 0 && pt.through[k-1] == n32 {
			for _, t := range pt.through[:k-1] {
				delete(bd.pairAt, pair{t, n32})
			}
			pt.through = pt.through[:k-1]
		}
		if k := len(pt.ends); k > 0 && pt.ends[k-1].S == n32+1 {
			pt.ends = pt.ends[:k-1]
		}
	}
	for i := sg.pts; i < int32(len(bd.pts)); i++ {
		pt := &bd.pts[i]
		for a, s := range pt.through {
			for _, t := range pt.through[a+1:] {
				delete(bd.pairAt, pair{s, t})
			}
		}
		if pt.deg != nil {
			delete(bd.endAt, pt.deg.RatString())
		}
	}
	bd.pts = bd.pts[:sg.pts]
	if sg.k == 0 {
		bd.chords--
	}
	bd.segs = bd.segs[:n]
}

// orientBound is hp.Orient's float64 error bound, 1e-13(1+m)², for points
// of the unit disc (m <= 1): where it decides, hp.Orient decides the same.
const orientBound = 4e-13

// orient is hp.Orient of the points a, b, c, the float64 filter inlined.
func (bd *board) orient(a, b, c int) int {
	A, B, C := &bd.pts[a], &bd.pts[b], &bd.pts[c]
	d := (B.x-A.x)*(C.y-A.y) - (B.y-A.y)*(C.x-A.x)
	switch {
	case d > orientBound:
		return 1
	case d < -orientBound:
		return -1
	}
	return hp.Orient(A.p, B.p, C.p)
}

// relate tells how the segment between the points p and q (p != q) meets
// the drawn segment s. Cross and Coincide are exact; Touch and Apart are
// not told apart (both are harmless). The incidences kept in on make the
// common degenerate cases (an end of pq on s) free of exact arithmetic:
// every point lying on a segment has it in on, because a point strictly
// inside two segments is their crossing, which is recorded when drawn.
func (bd *board) relate(p, q, s int) hp.Relation {
	sg := bd.segs[s]
	pOn, qOn := bd.pts[p].on.has(s), bd.pts[q].on.has(s)
	if pOn && qOn {
		return hp.Coincide
	}
	a, b := int(sg.a), int(sg.b)
	if pOn || qOn {
		if qOn {
			p, q = q, p
		}
		if bd.orient(a, b, q) != 0 {
			return hp.Touch
		}
		// q is on s's line beyond s: pq runs along s unless it leaves s at
		// an end, away from it.
		P, Q := bd.pts[p].p, bd.pts[q].p
		switch p {
		case a:
			if hp.DotSign(P, bd.pts[b].p, Q) < 0 {
				return hp.Touch
			}
		case b:
			if hp.DotSign(P, bd.pts[a].p, Q) < 0 {
				return hp.Touch
			}
		}
		return hp.Coincide
	}
	// hp.Classify with the filtered orientation.
	o1, o2 := bd.orient(p, q, a), bd.orient(p, q, b)
	if o1 == 0 && o2 == 0 {
		return hp.Classify(bd.pts[p].p, bd.pts[q].p, bd.pts[a].p, bd.pts[b].p)
	}
	if o1*o2 > 0 {
		return hp.Apart
	}
	o3, o4 := bd.orient(a, b, p), bd.orient(a, b, q)
	switch {
	case o3*o4 > 0:
		return hp.Apart
	case o1 == 0 || o2 == 0 || o3 == 0 || o4 == 0:
		return hp.Touch
	}
	return hp.Cross
}

// classify appends to crossed and along the drawn segments that pq
// crosses and those it runs along.
func (bd *board) classify(p, q int, crossed, along []int) ([]int, []int) {
	for s := range bd.segs {
		switch bd.relate(p, q, s) {
		case hp.Cross:
			crossed = append(crossed, s)
		case hp.Coincide:
			along = append(along, s)
		}
	}
	return crossed, along
}

// label is the name papergames writes for point p: its first chord-end
// label, else the crossing of its two lowest-numbered segments (the zero
// Label while a refused move is half drawn).
func (bd *board) label(p int) Label {
	pt := &bd.pts[p]
	if len(pt.ends) > 0 {
		return pt.ends[0]
	}
	if len(pt.through) < 2 {
		return Label{}
	}
	return Label{S: pt.through[0] + 1, T: pt.through[1] + 1, Cross: true}
}

func (bd *board) name(p int) string { return bd.label(p).String() }

// names lists every label of point p.
func (bd *board) names(p int) []string {
	pt := bd.pts[p]
	var out []string
	for _, l := range pt.ends {
		out = append(out, l.String())
	}
	for i, s := range pt.through {
		for _, t := range pt.through[i+1:] {
			out = append(out, fmt.Sprintf("%dx%d", s+1, t+1))
		}
	}
	return out
}

// aka names p with its other labels, e.g. "1x2 (also 1x3, 2x3)".
func (bd *board) aka(p int) string {
	n := bd.names(p)
	if len(n) == 1 {
		return n[0]
	}
	return fmt.Sprintf("%s (also %s)", n[0], strings.Join(n[1:], ", "))
}

// seg describes segment s for messages: "chord 2 (60-240)" or
// "segment 7 (move 2, 1a-2x6)".
func (bd *board) seg(s int) string {
	sg := &bd.segs[s]
	if sg.k == 0 {
		return fmt.Sprintf("chord %d (%s)", s+1, sg.text())
	}
	return fmt.Sprintf("segment %d (move %d, %s)", s+1, sg.k, sg.text())
}

// move writes the segment between p and q in labels.
func (bd *board) move(p, q int) string { return bd.name(p) + "-" + bd.name(q) }

// crossings counts the points that are not chord ends.
func (bd *board) crossings() int {
	n := 0
	for _, pt := range bd.pts {
		if len(pt.ends) == 0 {
			n++
		}
	}
	return n
}

// parseLabel reads a point label: 3a, 3b (chord 3's ends) or 1x6.
func parseLabel(label string) (Label, bool) {
	l := strings.ToLower(label)
	num := func(s string) (int32, bool) {
		if s == "" || len(s) > 6 {
			return 0, false
		}
		v, err := strconv.Atoi(s)
		return int32(v), err == nil && s[0] != '+' && s[0] != '-'
	}
	if last := len(l) - 1; last > 0 && (l[last] == 'a' || l[last] == 'b') {
		c, ok := num(l[:last])
		return Label{S: c, T: int32(l[last] - 'a')}, ok
	}
	x := strings.IndexByte(l, 'x')
	if x < 0 {
		return Label{}, false
	}
	i, ok1 := num(l[:x])
	j, ok2 := num(l[x+1:])
	return Label{S: i, T: j, Cross: true}, ok1 && ok2
}

// resolve finds the point a label (written text) names when segment n is
// about to be drawn; why says what is wrong when it names none.
func (bd *board) resolve(text string, n int) (int, string) {
	l, ok := parseLabel(text)
	if !ok {
		return -1, fmt.Sprintf("%q is not a point label: write a chord end as 1a or 1b (chord 1's first or second angle as written), a crossing as 1x3 (where segments 1 and 3 cross)", text)
	}
	return bd.find(l, text, n)
}

// find is resolve for a label already read (text "": as l writes it).
func (bd *board) find(l Label, text string, n int) (int, string) {
	name := func() string { // on demand: the common path formats nothing
		if text != "" {
			return text
		}
		return l.String()
	}
	if !l.Cross {
		c := int(l.S)
		switch {
		case c <= 0 || c > len(bd.segs):
			return -1, fmt.Sprintf("%s: there is no chord %d; the defense drew chords 1 to %d", name(), c, bd.chords)
		case c > bd.chords:
			s := bd.segs[c-1]
			return -1, fmt.Sprintf("%s: segment %d is the offense's (move %d), and only chords have ends named a and b: name its ends as the move did, %s and %s", name(), c, s.k, bd.name(int(s.a)), bd.name(int(s.b)))
		}
		s := bd.segs[c-1]
		if l.T == 0 {
			return int(s.a), ""
		}
		return int(s.b), ""
	}
	i, j := int(l.S), int(l.T)
	for _, s := range []int{i, j} {
		switch {
		case s <= 0:
			return -1, fmt.Sprintf("%s: there is no segment 0; the chords are 1 to %d and the offense's segments follow", name(), bd.chords)
		case s == n+1:
			return -1, fmt.Sprintf("%s: segment %d is the one this move draws; its ends must exist before it", name(), s)
		case s > n+1:
			return -1, fmt.Sprintf("%s: segment %d is not drawn yet (this move draws segment %d)", name(), s, n+1)
		}
	}
	if i == j {
		return -1, fmt.Sprintf("%s: a crossing is named by two different segments", name())
	}
	if p, ok := bd.pairAt[pairOf(int32(i-1), int32(j-1))]; ok {
		return int(p), ""
	}
	return -1, fmt.Sprintf("%s: %s", name(), bd.noCrossing(i-1, j-1))
}

// noCrossing says how segments s and t, which do not cross, meet.
func (bd *board) noCrossing(s, t int) string {
	for _, st := range [][2]int{{s, t}, {t, s}} {
		sg := bd.segs[st[0]]
		for _, e := range []int32{sg.a, sg.b} {
			if bd.pts[e].on.has(st[1]) {
				return fmt.Sprintf("%s and %s do not cross: they only touch, at %s, an end of %s", bd.seg(s), bd.seg(t), bd.name(int(e)), bd.seg(st[0]))
			}
		}
	}
	return fmt.Sprintf("%s and %s do not meet", bd.seg(s), bd.seg(t))
}

// segList names segments: "chord 1 (0-180) and segment 5 (move 1, 1a-2a)".
func (bd *board) segList(ss []int) string {
	var out []string
	for _, s := range ss {
		out = append(out, bd.seg(s))
	}
	return joinAnd(out)
}

// crossList names the segments pq crosses, saying where it passes
// through a point where two or more of them cross.
func (bd *board) crossList(p, q int, crossed []int) string {
	s := bd.segList(crossed)
	seen := map[int32]bool{}
	for i, a := range crossed {
		for _, b := range crossed[i+1:] {
			x, ok := bd.pairAt[pairOf(int32(a), int32(b))]
			if !ok || seen[x] || hp.Orient(bd.pts[p].p, bd.pts[q].p, bd.pts[x].p) != 0 {
				continue
			}
			seen[x] = true
			var there []int
			for _, c := range crossed {
				if slices.Contains(bd.pts[x].through, int32(c)) {
					there = append(there, c)
				}
			}
			each := "both"
			if len(there) > 2 {
				each = "each of them"
			}
			s += fmt.Sprintf("; it passes through %s, where %s cross, and so crosses %s", bd.aka(int(x)), bd.segList(there), each)
		}
	}
	return s
}

func joinAnd(ss []string) string {
	if len(ss) <= 1 {
		return strings.Join(ss, "")
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}
