package arcs

import (
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"

	"papergames/hp"
)

// board is the circle of m marks in exact form: mark i (1..m) at
// (i-1)·360/m degrees on the unit circle, the squared radius of an arc of
// each reach k (the squared chord from a mark to the mark k further on),
// and the table of which arcs meet.
//
// Whether two arcs meet depends only on how far apart their centres are
// and on their reaches: turning the board by a mark, or mirroring it
// about the diameter through a centre, changes neither. So the table is
// indexed by (d, k1, k2) with d = min(c2-c1, c1-c2 mod m) in 1..m/2 and
// k1 <= k2 (mirroring swaps the arcs' roles), and filled lazily: each
// entry is decided once, exactly (meet, with package hp), at centres
// mark 1 and mark 1+d, on first use. That makes a playout a few table
// reads per pair of arcs, and the table of the largest board (1000
// marks) 15.6 MB.
type board struct {
	m     int
	marks []hp.Point // marks[i-1] is mark i
	r2    []hp.Real  // r2[k] for 1 <= k < m/2
	reach int        // the largest reach, (m-1)/2
	tri   int        // entries per distance: reach·(reach+1)/2
	// met holds two bits per entry: known, and met.
	met []uint32
}

// cache keeps the boards in use, so that the sines are computed and
// the table filled once per number of marks.
var cache struct {
	sync.Mutex
	by    map[int]*board
	order []int // least recently asked first
}

// tableBudget bounds the bytes of tables the cache keeps: a board that no
// State uses any more is dropped, least recently asked first, beyond it
// (a board in use stays valid: a state holds its own pointer).
const tableBudget = 64 << 20

// boardOf returns the board of m marks, from the cache when it is there.
func boardOf(m int) *board {
	cache.Lock()
	defer cache.Unlock()
	if cache.by == nil {
		cache.by = map[int]*board{}
	}
	b, ok := cache.by[m]
	for i, x := range cache.order {
		if x == m {
			cache.order = append(cache.order[:i], cache.order[i+1:]...)
			break
		}
	}
	if !ok {
		b = newBoard(m)
		cache.by[m] = b
	}
	cache.order = append(cache.order, m)
	total := 0
	for _, x := range cache.order {
		total += 4 * len(cache.by[x].met)
	}
	for total > tableBudget && len(cache.order) > 1 {
		old := cache.order[0]
		total -= 4 * len(cache.by[old].met)
		delete(cache.by, old)
		cache.order = cache.order[1:]
	}
	return b
}

func newBoard(m int) *board {
	b := &board{m: m, marks: make([]hp.Point, m), r2: make([]hp.Real, (m+1)/2), reach: (m - 1) / 2}
	b.tri = b.reach * (b.reach + 1) / 2
	b.met = make([]uint32, (m/2*b.tri+15)/16)
	// sin and cos of 360·i/m degrees, each from sin and cos of an angle in
	// [0, 45] by exact quadrant turns and the swap at 45 (as hp.SinCos
	// does), computing each of those once: 46 series instead of 360 on a
	// board of 360 marks.
	type sc struct{ s, c hp.Real }
	memo := map[string]sc{}
	ninety, fortyFive := big.NewRat(90, 1), big.NewRat(45, 1)
	for i := range b.marks {
		a := big.NewRat(int64(360*i), int64(m))
		q := 0
		for a.Cmp(ninety) >= 0 {
			a.Sub(a, ninety)
			q++
		}
		swap := a.Cmp(fortyFive) > 0
		if swap {
			a.Sub(ninety, a)
		}
		v, ok := memo[a.String()]
		if !ok {
			v.s, v.c = hp.SinCos(a)
			memo[a.String()] = v
		}
		s, c := v.s, v.c
		if swap {
			s, c = c, s
		}
		for ; q > 0; q-- {
			s, c = c, s.Neg()
		}
		b.marks[i] = hp.Pt(s, c)
	}
	for k := 1; 2*k < m; k++ {
		b.r2[k] = b.marks[0].Sub(b.marks[k]).Norm2()
	}
	return b
}

// wrap returns mark i reduced to 1..m.
func (b *board) wrap(i int) int { return ((i-1)%b.m+b.m)%b.m + 1 }

// ends returns the end marks of the arc centred at c with reach k: the
// one k marks anticlockwise, then the one k marks clockwise.
func (b *board) ends(c, k int) (int, int) { return b.wrap(c - k), b.wrap(c + k) }

// throughCentre reports whether an arc of reach k passes through the
// centre of the main circle: its radius 2·sin(πk/m) is 1 exactly when
// k/m = 1/6, for 1 <= k < m/2.
func (b *board) throughCentre(k int) bool { return 6*k == b.m }

// entry returns the table index of the arcs c1±k1 and c2±k2 (c1 != c2).
func (b *board) entry(c1, k1, c2, k2 int) int {
	d := c2 - c1
	if d < 0 {
		d += b.m
	}
	if 2*d > b.m {
		d = b.m - d
	}
	if k1 > k2 {
		k1, k2 = k2, k1
	}
	return (d-1)*b.tri + (k2-1)*k2/2 + k1 - 1
}

// meets reports whether the arcs c1±k1 and c2±k2 (distinct centres, valid
// reaches) meet, from the table, deciding the entry first if it is new.
// The error is hp's refusal to decide (never met up to MaxArcMarks).
func (b *board) meets(c1, k1, c2, k2 int) (bool, error) {
	e := b.entry(c1, k1, c2, k2)
	w, shift := &b.met[e/16], uint(e%16)*2
	if v := atomic.LoadUint32(w) >> shift; v&1 != 0 {
		return v&2 != 0, nil
	}
	d := c2 - c1
	if d < 0 {
		d += b.m
	}
	_, met, err := b.meet(1, k1, 1+d, k2)
	if err != nil {
		return false, err
	}
	v := uint32(1)
	if met {
		v = 3
	}
	atomic.OrUint32(w, v<<shift)
	return met, nil
}

// meeting is how a new arc meets an earlier one: how many times and
// where, in words, with the common points for drawing.
type meeting struct {
	how    []string // e.g. "end mark 3", "crossing", "tangent"
	points [][2]float64
}

// meet decides whether the arc centred at c1 with reach k1 meets the arc
// centred at c2 with reach k2 (c1 != c2): whether their circles share a
// point inside or on the main circle. The decisions are exact (hp); the
// shared end marks and the centre, known from the integers, are checked
// against them.
func (b *board) meet(c1, k1, c2, k2 int) (am meeting, met bool, err error) {
	defer hp.Guard(&err)
	cm := hp.MeetInUnitDisc(b.marks[c1-1], b.r2[k1], b.marks[c2-1], b.r2[k2])
	var shared []int
	e1, e2 := b.ends(c1, k1)
	f1, f2 := b.ends(c2, k2)
	for _, e := range []int{e1, e2} {
		if e == f1 || e == f2 {
			shared = append(shared, e)
		}
	}
	centre := b.throughCentre(k1) && b.throughCentre(k2)
	inside, on := 0, 0
	for i := 0; i < cm.Common; i++ {
		switch cm.Side[i] {
		case -1:
			inside++
		case 0:
			on++
		}
		if cm.Side[i] <= 0 {
			am.points = append(am.points, cm.Approx[i])
		}
	}
	if on != len(shared) || (centre && inside == 0) {
		return am, false, fmt.Errorf("internal error: arcs %d±%d and %d±%d: %d common points on the circle and %d inside, but %d shared end marks%s", c1, k1, c2, k2, on, inside, len(shared), map[bool]string{true: " and both through the centre"}[centre])
	}
	switch len(shared) {
	case 1:
		am.how = append(am.how, fmt.Sprintf("end mark %d", shared[0]))
	case 2:
		am.how = append(am.how, fmt.Sprintf("ends %d and %d", shared[0], shared[1]))
	}
	word := "crossing"
	if cm.Common == 1 {
		word = "tangent"
	}
	if centre {
		am.how = append(am.how, word+" at the centre")
		inside--
	}
	switch inside {
	case 1:
		am.how = append(am.how, word)
	case 2:
		am.how = append(am.how, "crossing twice")
	}
	return am, len(am.how) > 0, nil
}
