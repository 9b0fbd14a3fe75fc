package polydots

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

// Reading thresholds. Darkness is from 0 (paper) to 1 (black) over the
// paper round it (scan.Ink.Flat); lengths are page mm.
const (
	// maskShare of the board's usual pencil (scan.Ink.Level) is pencil: half
	// a line's darkness, so a line keeps its drawn width.
	maskShare = 0.45
	maskFloor = 0.1
	// maskReach: pencil goes on under a printed line this wide (mm, its
	// blurred edge included) when it shows on both sides: a dot on a
	// crossing of the sheet's heaviest lines.
	maskReach = 1.3
	// coreR is the disc a dot holds and a line does not: a ruled pencil
	// line is 0.4 to 0.7 mm wide, and two crossing hold a disc of at most
	// sqrt(2) times their half width; a pencil dot is 1.3 mm across or more.
	coreR = 0.5
	// apart: marks closer than this are one dot (a dot and the wedge of
	// the two lines drawn from it at a small angle).
	apart = 2.0
	// lineHalf is the half width of the strip a path segment is looked
	// for in: the ruled line's width and the dots' error.
	lineHalf = 0.35
	// A segment is drawn when strongCover of its seen length carries
	// pencil, with no gap longer than strongGap; it may be drawn (and is
	// doubted if the path needs it) from weakCover.
	strongCover = 0.7
	strongGap   = 3.0
	// A segment nearly all drawn may skip a longer stretch: longGap of
	// its length.
	longCover = 0.85
	longGap   = 0.2
	weakCover = 0.35
	// onLine: a mark this near a drawn segment between two other dots is
	// on that line (a crossing, a line's blot) unless it is a sure dot.
	onLine = 0.6
	// crossLine: the blot where two lines cross at a small angle is
	// centred between them, up to this far (mm) from each.
	crossLine = 0.8
	// lineReach: the marks a line through a mark runs between lie this
	// far (mm) from it at least, so the line is straight to 7 degrees.
	lineReach = 5.0
	// readPerMM: dots are read to the sheet's millimetre, the grid it
	// prints; roundMargin: a dot whose centre is nearer than this (mm) to
	// halfway between two points of that grid may be read on either (a
	// centre is found to about 0.1 mm: the dot's ragged rim, the
	// registration of a phone's page).
	readPerMM   = 1
	roundMargin = 0.25
	// searchLimit bounds the search for the closed path (nodes visited).
	searchLimit = 200000
	// sureRim: a dot whose rim is less round or smaller than this
	// confidence (mark.confidence) is placed in doubt.
	sureRim = 0.9
	// raggedRim: a dot whose rim is less round than this has a centre
	// that may be half a millimetre off, so halfway between two points
	// it is doubted even when either scores the same.
	raggedRim = 0.9
	// spoilt: a blob holding a disc this wide (mm) is a dot even when its
	// rim is not found: two ruled lines crossing hold at most coreR.
	spoilt = 0.8
)

// mark is a blob of pencil that may be a dot.
type mark struct {
	at      layout.Point // page mm: the centre of the circle fitted to its rim
	r       float64      // that circle's radius, mm
	inner   float64      // the largest disc inside it, mm
	core    layout.Point // that disc's centre
	round   float64      // share of rim rays on the circle
	gap     float64      // the widest angle with no rim seen, radians
	dark    float64      // mean darkness over the board's usual pencil
	through int          // directions in which a line runs on through it
	sure    bool         // a dot whatever lies round it
}

// strength orders marks by how much like a dot they are.
func (m mark) strength() float64 { return m.r * m.round }

// ReadRound implements games.Reader: the dots, each to the sheet's millimetre,
// and the closed path through them. A dot is a filled blob of pencil: a
// disc no ruled line or crossing of two holds. Its centre is that of the
// circle fitted to its rim (the lines drawn from it left out), rounded to
// the sheet's millimetre. The path's candidate segments are the pairs of dots
// read, each tested for pencil along it; a finished round's path is the
// one cycle through every dot that the drawn segments allow (two at each
// dot), found by an exhaustive search. The order of play is not on the
// paper and no score depends on it: the dots are written in the order the
// path visits them, from the dot nearest the sheet's origin.
func (g Game) ReadRound(in games.ReadIn) (*games.ReadOut, error) {
	n := in.Values.Int("dots")
	p1 := in.Round % 2
	bd, err := analyse(in, n)
	if err != nil {
		return nil, err
	}
	sh, marks := bd.sh, bd.marks
	out := &games.ReadOut{}
	head := fmt.Sprintf("player1: %s\n", games.YAMLName(in.Players[p1]))
	if len(bd.dots) == 0 {
		out.Blank = true
		out.Entry = head + games.ReadList("dots", nil)
		return out, nil
	}
	if len(bd.dots) > MaxDots {
		return nil, fmt.Errorf("%d marks are read as dots, more than a round holds (%d): is this a Polygons-&-Dots sheet?", len(bd.dots), MaxDots)
	}
	order := slices.Clone(bd.dots)
	if bd.cyc != nil {
		order = rotate(bd.cyc, func(i int) float64 { x, y := sh.sheet(bd.centre(i)); return math.Hypot(x, y) })
	} else {
		slices.SortFunc(order, func(i, j int) int {
			xi, yi := sh.sheet(bd.centre(i))
			xj, yj := sh.sheet(bd.centre(j))
			return cmp.Or(cmp.Compare(yj, yi), cmp.Compare(xi, xj))
		})
	}
	// The dots, rounded, played on the engine in that order.
	st := newState(len(order)+len(order)%2, in.Players, p1, DefaultGrid)
	var dm []games.ReadMove
	near := make([][]Point, len(order)) // the other points a dot's centre is near
	met := bd.meets(in.Ink, order, n)
	for k, i := range order {
		x, y := sh.sheet(bd.centre(i))
		var pt Point
		pt, near[k] = roundGrid(x, y, sh.xside(), sh.side())
		rm := games.ReadMove{Text: pt.yaml(), At: bd.centre(i), Confidence: marks[i].confidence()}
		rm.Doubt = bd.chosen[i]
		byMeet := false
		if m, ok := met[i]; ok && rm.Doubt == "" {
			// A ragged rim, and the segments ruled to the dot meet
			// clearly on one point of the grid (readmeet.go): read
			// there when the rim allows it, doubted when not.
			mx, my := sh.sheet(m)
			mp, _ := roundGrid(mx, my, sh.xside(), sh.side())
			switch {
			case !mp.Equal(pt) && !slices.ContainsFunc(near[k], mp.Equal):
				rm.Doubt = fmt.Sprintf("its rim (radius %.2f mm, %.0f%% of it round) has its centre at (%.2f, %.2f), on %s, but the segments ruled to it meet on %s, at (%.2f, %.2f)", marks[i].r, 100*marks[i].round, x, y, pt.yaml(), mp.yaml(), mx, my)
			case !mp.Equal(pt) || len(near[k]) > 0 || rm.Confidence < sureRim:
				out.Notes = append(out.Notes, fmt.Sprintf("dot %d's rim is ragged, small or partly hidden (radius %.2f mm, %.0f%% of it round, its centre (%.2f, %.2f)): the dot is read where the segments ruled to it meet, (%.2f, %.2f)", k+1, marks[i].r, 100*marks[i].round, x, y, mx, my))
				pt, near[k], rm.Text, rm.At, byMeet = mp, nil, mp.yaml(), m, true
				// As sure as the crossing is near the grid's point.
				gx, gy := mp.Float()
				rm.Confidence = math.Round(100*(1-math.Hypot(mx-gx, my-gy))) / 100
			}
		}
		if !byMeet && rm.Doubt == "" && rm.Confidence < sureRim {
			rm.Doubt = fmt.Sprintf("its rim is ragged or partly hidden (radius %.2f mm, %.0f%% of it round): its centre may be a millimetre off", marks[i].r, 100*marks[i].round)
		}
		if err := st.Check(Move{At: pt}); err != nil {
			rm.Doubt = fmt.Sprintf("the engine refuses it: %v", err)
		}
		st.play(Move{At: pt})
		dm = append(dm, rm)
	}
	var pm []games.ReadMove
	if bd.cyc != nil && len(order) == n {
		// One segment hidden by the print, the others drawn: they make a
		// path through every dot, which the rules close with it (drawn
		// or not, it is the path's).
		hidden, weak := 0, false
		for k := range order {
			prev := order[(k+len(order)-1)%len(order)]
			if bd.seg[prev][order[k]].Seen < 0.3 {
				hidden++
			}
			weak = weak || bd.weak[key(prev, order[k])]
		}
		for k := range order {
			prev := order[(k+len(order)-1)%len(order)]
			e := bd.seg[prev][order[k]]
			rm := games.ReadMove{Text: strconv.Itoa(k + 1), At: mid(bd.centre(prev), bd.centre(order[k])), Confidence: math.Round(100*e.Cover) / 100}
			from := (k+len(order)-1)%len(order) + 1
			switch {
			case e.Seen < 0.3 && hidden == 1 && !weak && !bd.rivalled(prev, order[k]) && !bd.nearDropped(prev, order[k]):
				rm.Confidence = 1
				out.Notes = append(out.Notes, fmt.Sprintf("the segment from dot %d to dot %d runs along the sheet's print, which hides it: the others make a path through every dot, which the rules close with it", from, k+1))
			case e.Seen < 0.3:
				rm.Doubt = fmt.Sprintf("the segment from dot %d to dot %d runs along the sheet's print, which hides it", from, k+1)
			case bd.weak[key(prev, order[k])]:
				rm.Doubt = fmt.Sprintf("the segment from dot %d to dot %d is faint or broken (%.0f%% of it seen drawn, a gap of %.1f mm)", from, k+1, 100*e.Cover, e.Gap)
			case bd.rivalled(prev, order[k]):
				rm.Doubt = fmt.Sprintf("the drawing allows another closed path, without the segment from dot %d to dot %d", from, k+1)
			case bd.nearDropped(prev, order[k]):
				rm.Doubt = fmt.Sprintf("the segment from dot %d to dot %d runs by a dot-like mark the closed path leaves out", from, k+1)
			}
			st.play(Move{To: k + 1})
			pm = append(pm, rm)
		}
	}
	// A dot near halfway between two millimetres of the sheet is
	// doubted when reading it on the other point would change the score.
	var offNote []string
	for k := range order {
		for _, q := range near[k] {
			why := rounding(st, k, q)
			if why == "" && marks[order[k]].round < raggedRim {
				// A ragged rim's centre may be half a millimetre off:
				// the other point is as likely, and the transcript
				// would name the wrong one.
				why = fmt.Sprintf("may lie as well (its rim is ragged, %.0f%% round; either scores the same)", 100*marks[order[k]].round)
			}
			if why == "" {
				offNote = append(offNote, fmt.Sprintf("dot %d (or %v)", k+1, q))
				continue
			}
			if dm[k].Doubt == "" {
				x, y := sh.sheet(bd.centre(order[k]))
				dm[k].Doubt = fmt.Sprintf("its centre (%.2f, %.2f) is nearly halfway to %v, where it %s", x, y, q, why)
			}
		}
	}
	// More dots than the form's: some mark is not a dot. The suspects are
	// doubted (a blot, a mark a line runs through), else every dot.
	if len(order) > n {
		var sus []int
		for k, i := range order {
			if m := bd.marks[i]; !m.sure || m.through > 0 || bd.onLine(i) {
				sus = append(sus, k)
			}
		}
		if len(sus) == 0 {
			sus = make([]int, len(order))
			for k := range sus {
				sus[k] = k
			}
		}
		for _, k := range sus {
			if dm[k].Doubt == "" {
				dm[k].Doubt = fmt.Sprintf("%d dots are seen, %d more than the form's: this one may be a blot or where lines cross", len(order), len(order)-n)
			}
		}
	}
	// A segment's step is in doubt with the dots at its ends: a dot read
	// elsewhere moves the segment.
	for k := range pm {
		prev := (k + len(pm) - 1) % len(pm)
		for _, d := range []int{prev, k} {
			if pm[k].Doubt == "" && dm[d].Doubt != "" {
				pm[k].Doubt = fmt.Sprintf("dot %d, an end of its segment, is in doubt", d+1)
			}
		}
	}
	// Where a dot-like mark is left out, the set of dots is in question,
	// and with it every step.
	if len(bd.dropped) > 0 {
		games.DoubtRest(dm, "the set of dots is in doubt (see the round's doubts)")
		games.DoubtRest(pm, "the set of dots is in doubt (see the round's doubts), and with it the path")
	}
	out.Moves = append(dm, pm...)
	// A dot in doubt may be read where it is not, and its true place
	// then missed: the round says so.
	var unsure []string
	for k := range dm {
		if dm[k].Doubt != "" {
			unsure = append(unsure, strconv.Itoa(k+1))
		}
	}
	if len(unsure) > 0 {
		which := "dot " + unsure[0] + " is"
		if len(unsure) > 1 {
			which = "dots " + strings.Join(unsure, ", ") + " are"
		}
		out.Doubts = append(out.Doubts, which+" in doubt: a dot read a millimetre off, or a mark taken for a dot, takes the place of the true one")
	}
	switch {
	case len(order) != n:
		out.Doubts = append(out.Doubts, fmt.Sprintf("%d dots are seen; the sheet's form has %d: a dot missed or a mark taken for one, or an unfinished round", len(order), n))
	case bd.cyc == nil:
		out.Doubts = append(out.Doubts, fmt.Sprintf("the drawn segments make no closed path through the %d dots: the path is unfinished, or a segment is not seen", len(order)))
	}
	for _, i := range bd.dropped {
		x, y := sh.sheet(bd.centre(i))
		out.Doubts = append(out.Doubts, fmt.Sprintf("a mark like a dot at (%.1f, %.1f) is left out, as the closed path has no room for it: a blot where lines cross, or a dot missed", x, y))
	}
	out.Entry = head + games.ReadList("dots", dm)
	if len(pm) > 0 {
		out.Entry += games.ReadList("path", pm)
	}
	out.Notes = append(out.Notes, "the order of play is not on the paper: the dots are written in the order the path visits them, from the dot nearest the sheet's origin; who placed which dot and drew which segment changes no score (the faces of the closed path do not depend on it)")
	if len(offNote) > 0 {
		out.Notes = append(out.Notes, "read on the nearer of two millimetres of the sheet, where the other would score the same: "+strings.Join(offNote, ", "))
	}
	return out, nil
}

// centre is where dot i is read: its rim's centre.
func (bd *board) centre(i int) layout.Point { return bd.marks[i].at }

// prepare takes the paper's level out of the board's pencil (scan.Ink.Flat)
// and returns it with the usual darkness of its lines (the upper quartile
// of the pencil seen, so a blurred photo's grey halo does not lower it),
// the threshold of pencil and the mask of the pencil.
func prepare(k *scan.Ink) (ink *scan.Ink, level, thr float64, mask []bool) {
	ink = k.Flat(2)
	var hist [256]int
	total := 0
	for n, v := range ink.Pencil {
		if ink.Print[n] == 0 && v >= 30 {
			hist[v]++
			total++
		}
	}
	level = 30.0 / 255
	for v, c := 255, 0; v >= 30 && total > 0; v-- {
		if c += hist[v]; 4*c >= total {
			level = float64(v) / 255
			break
		}
	}
	thr = math.Max(maskFloor, maskShare*level)
	return ink, level, thr, ink.Mask(thr, maskReach)
}

// sheetMap maps page mm to the sheet's mm and back.
type sheetMap struct {
	b interface {
		At(o layout.Point, s, x, y float64) layout.Point
		Side(s float64) float64
		XSide(s float64) float64
	}
	o layout.Point
	s float64
}

func (m sheetMap) side() float64  { return m.b.Side(m.s) }
func (m sheetMap) xside() float64 { return m.b.XSide(m.s) }

// sheet returns the sheet coordinates of page point p.
func (m sheetMap) sheet(p layout.Point) (x, y float64) {
	a, c := m.b.At(m.o, m.s, 0, 0), m.b.At(m.o, m.s, 1, 1)
	return (p.X - a.X) / (c.X - a.X), (p.Y - a.Y) / (c.Y - a.Y)
}

// box is the sheet's area on the page, grown by pad mm.
func (m sheetMap) box(pad float64) layout.Rect {
	tl, br := m.b.At(m.o, m.s, 0, m.side()), m.b.At(m.o, m.s, m.xside(), 0)
	return layout.Rect{Min: layout.Point{X: tl.X - pad, Y: tl.Y - pad}, Max: layout.Point{X: br.X + pad, Y: br.Y + pad}}
}

// roundGrid returns the point of the sheet's grid (readPerMM) nearest
// (x, y), kept on the sheet, and the other points the centre is within
// roundMargin of halfway to.
func roundGrid(x, y, xside, side float64) (Point, []Point) {
	r := func(v, hi float64) (int64, []int64) {
		h := math.Round(readPerMM * v)
		k := int64(math.Max(0, math.Min(readPerMM*hi, h)))
		var alt []int64
		if d := readPerMM*v - h; math.Abs(d) > 0.5-readPerMM*roundMargin {
			o := k + int64(math.Copysign(1, d))
			if o >= 0 && float64(o) <= readPerMM*hi {
				alt = append(alt, o)
			}
		}
		return k, alt
	}
	i, ai := r(x, xside)
	j, aj := r(y, side)
	var near []Point
	for _, a := range ai {
		near = append(near, GridPoint(a, j, readPerMM))
	}
	for _, a := range aj {
		near = append(near, GridPoint(i, a, readPerMM))
	}
	return GridPoint(i, j, readPerMM), near
}

// rounding says what would change if dot k of the round st (its path
// drawn or not) were at q: "" when nothing would.
func rounding(st *State, k int, q Point) string {
	alt := newState(st.n, st.seats, st.p1, st.grid)
	for j, p := range st.dots {
		if j == k {
			p = q
		}
		if err := alt.Check(Move{At: p}); err != nil {
			return "the engine would refuse: " + err.Error()
		}
		alt.play(Move{At: p})
	}
	if !st.Over() {
		return ""
	}
	for _, t := range st.path {
		alt.play(Move{To: int(t) + 1})
	}
	a, b := st.Scores(), alt.Scores()
	if a[0] != b[0] || a[1] != b[1] {
		return fmt.Sprintf("would score %d-%d instead of %d-%d", b[0], b[1], a[0], a[1])
	}
	return ""
}

// confidence is how sure a mark is a dot, 0 to 1.
func (m mark) confidence() float64 {
	c := math.Min(1, m.round/0.6) * math.Min(1, m.r/0.8)
	return math.Round(100*c) / 100
}

func mid(a, b layout.Point) layout.Point { return layout.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2} }

// rotate returns the cycle started at its vertex of least key, going on
// to the neighbour of lesser key.
func rotate(cyc []int, key func(int) float64) []int {
	s := 0
	for i := range cyc {
		if key(cyc[i]) < key(cyc[s]) {
			s = i
		}
	}
	n := len(cyc)
	out := make([]int, n)
	fwd := key(cyc[(s+1)%n]) <= key(cyc[(s+n-1)%n])
	for i := range n {
		if fwd {
			out[i] = cyc[(s+i)%n]
		} else {
			out[i] = cyc[(s-i+n)%n]
		}
	}
	return out
}

// findMarks returns the blobs of the mask in box that may be dots, each
// with its rim fitted, merged where two are closer than apart.
func findMarks(ink *scan.Ink, mask []bool, thr, level float64, box layout.Rect) []mark {
	var out []mark
	for _, bl := range ink.Blobs(mask, box, coreR) {
		m := mark{at: bl.Inner, inner: bl.Radius, core: bl.Inner, dark: bl.Dark / level}
		fit, ok := ink.FitRim(mask, bl.Inner, thr)
		m.at, m.r, m.round, m.gap = fit.C, fit.R, fit.Round, fit.Gap
		if (!ok || m.r < 0.75*bl.Radius) && bl.Radius >= spoilt {
			// A disc no line holds, whose rim the fit lost (the print
			// crossing it hides a quarter of it): the disc is the dot,
			// never sure, so any use of it is doubted.
			m.at, m.r, m.round, m.gap, ok = bl.Inner, bl.Radius, 0.3, math.Pi, true
		}
		if !ok || m.r < coreR || m.r > 2.5 || !inside(box, m.at) {
			continue
		}
		m.through = throughs(ink, m.at, thr)
		// Where two lines cross, both run on through the blot: never sure.
		// Where one seems to (the path goes on nearly straight through a
		// dot), a small dot is sure when its rim is round.
		m.sure = m.through == 0 && m.r >= 0.6 && m.round >= 0.35 || m.through < 2 && (m.r >= 0.85 && m.round >= 0.6 || m.r >= 0.75 && m.round >= 0.9)
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b mark) int { return cmp.Compare(b.strength(), a.strength()) })
	var kept []mark
	for _, m := range out {
		dup := false
		for _, k := range kept {
			dup = dup || k.at.Dist(m.at) < apart
		}
		if !dup {
			kept = append(kept, m)
		}
	}
	return kept
}

// throughs counts the directions in which a line runs on through c: pencil
// on both sides of it, from 1.5 to 3.5 mm out (past a dot and the
// overshoot of the lines ruled to it).
func throughs(ink *scan.Ink, c layout.Point, thr float64) int {
	const n = 90
	var on [n]bool
	for a := range n {
		th := math.Pi * float64(a) / n
		ux, uy := math.Cos(th), math.Sin(th)
		r1 := ink.Along([]layout.Point{{X: c.X + 1.5*ux, Y: c.Y + 1.5*uy}, {X: c.X + 3.5*ux, Y: c.Y + 3.5*uy}}, 0.25, thr)
		if r1.Seen < 0.3 || r1.Cover < 0.7 {
			continue
		}
		r2 := ink.Along([]layout.Point{{X: c.X - 1.5*ux, Y: c.Y - 1.5*uy}, {X: c.X - 3.5*ux, Y: c.Y - 3.5*uy}}, 0.25, thr)
		on[a] = r2.Seen >= 0.3 && r2.Cover >= 0.7
	}
	cnt := 0
	for a := range n {
		if on[a] && !on[(a+n-1)%n] {
			cnt++
		}
	}
	if cnt == 0 && on[0] {
		cnt = 1
	}
	return cnt
}

// board is what a board's pencil shows: the marks, the pencil between
// them, the dots and the closed path read.
type board struct {
	sh    sheetMap
	ink   *scan.Ink
	thr   float64
	mask  []bool
	marks []mark
	seg   [][]scan.Trace // the mask along the segment between two marks
	dots  []int          // the marks read as dots
	cyc   []int          // the closed path through them (marks), nil for none
	// rivals are the segments of the other closed paths the drawing
	// allows (on these dots or others); weak the segments of cyc that
	// are only maybe drawn.
	rivals []map[[2]int]bool
	weak   map[[2]int]bool
	// dropped are the marks that look like dots and are left out.
	dropped []int
	// chosen says why a mark that is not a sure dot was read as one (or
	// a sure one left out), for its doubt.
	chosen map[int]string
}

// analyse reads the board: marks, segments, dots and path. n is the
// number of dots the sheet's form has.
func analyse(in games.ReadIn, n int) (*board, error) {
	b, ok := sheetOf(in.Figure)
	if !ok {
		return nil, fmt.Errorf("the board is not a coordinate sheet")
	}
	bd := &board{sh: sheetMap{b: b, o: in.O, s: in.S}, chosen: map[int]string{}}
	var level float64
	bd.ink, level, bd.thr, bd.mask = prepare(in.Ink)
	bd.marks = findMarks(bd.ink, bd.mask, bd.thr, level, bd.sh.box(1.5))
	bd.segments()
	bd.choose(n)
	return bd, nil
}

// segments measures the pencil between every two marks, between their
// rims.
func (bd *board) segments() {
	n := len(bd.marks)
	bd.seg = make([][]scan.Trace, n)
	for i := range bd.seg {
		bd.seg[i] = make([]scan.Trace, n)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := bd.marks[i], bd.marks[j]
			l := a.at.Dist(b.at)
			ra, rb := a.r+0.3, b.r+0.3
			if l-ra-rb < 0.5 {
				ra, rb = 0, 0
			}
			u := layout.Point{X: (b.at.X - a.at.X) / l, Y: (b.at.Y - a.at.Y) / l}
			t := bd.ink.Covered(bd.mask, []layout.Point{{X: a.at.X + u.X*ra, Y: a.at.Y + u.Y*ra}, {X: b.at.X - u.X*rb, Y: b.at.Y - u.Y*rb}}, lineHalf)
			bd.seg[i][j], bd.seg[j][i] = t, t
		}
	}
}

// drawn says whether the segment between marks i and j is drawn: 2 sure,
// 1 maybe (faint, broken or hidden by the print), 0 not.
func (bd *board) drawn(i, j int) int {
	t := bd.seg[i][j]
	switch {
	case t.Seen < 0.3:
		// Along a printed line, which hides it: the closed path may
		// take it (doubted).
		return 2
	case t.Cover >= strongCover && t.Gap <= strongGap:
		return 2
	case t.Seen >= 0.3 && t.Cover >= longCover && t.Gap <= longGap*bd.marks[i].at.Dist(bd.marks[j].at):
		return 2 // a long line the pencil skipped a little of
	case t.Seen < 0.3 || t.Cover >= weakCover:
		return 1
	}
	return 0
}

// onLine reports whether mark c lies on a drawn segment between two other
// marks, inside it.
func (bd *board) onLine(c int) bool { return bd.lines(c, 1, onLine) > 0 }

// lines counts the drawn segments between two other marks that mark c
// lies within near of, inside them, up to most: two are where lines
// cross.
func (bd *board) lines(c, most int, near float64) int {
	n := 0
	p := bd.marks[c].at
	for a := range bd.marks {
		for b := a + 1; b < len(bd.marks); b++ {
			if a == c || b == c || bd.drawn(a, b) < 2 {
				continue
			}
			pa, pb := bd.marks[a].at, bd.marks[b].at
			l := pa.Dist(pb)
			ux, uy := (pb.X-pa.X)/l, (pb.Y-pa.Y)/l
			s := (p.X-pa.X)*ux + (p.Y-pa.Y)*uy
			d := math.Abs((p.X-pa.X)*uy - (p.Y-pa.Y)*ux)
			// The line runs on through c: drawn on both sides of it (a
			// long line may skip a few millimetres, but not all the way
			// from a dot to a blot beyond it), and straight through it:
			// the blots a few millimetres either side of a dot where the
			// path bends a little lie in line with it as well.
			if d < near && s > max(bd.marks[a].r+0.5, lineReach) && s < l-max(bd.marks[b].r+0.5, lineReach) && bd.drawn(a, c) == 2 && bd.drawn(c, b) == 2 {
				if n++; n == most {
					return n
				}
			}
		}
	}
	return n
}

// maxTried bounds the marks that are not sure dots tried as dots, and
// maxChanges the dots taken in or left out against the sure ones.
const (
	maxTried   = 16
	maxChanges = 3
)

// choose decides which marks are the dots, and the closed path. The sure
// dots are dots; when they are not the n dots of a finished round with a
// closed path along drawn segments, the fewest changes that make one are
// looked for: the other marks taken in (a dot the print or a line spoils)
// or sure ones left out (a blot where lines cross). Without a closed path
// (an unfinished round), the dots are the sure ones and the marks on no
// drawn segment between two others.
func (bd *board) choose(n int) {
	var sure, other []int
	for i, m := range bd.marks {
		if m.sure {
			sure = append(sure, i)
		} else if len(other) < maxTried {
			other = append(other, i)
		}
	}
	// The sure marks most like a crossing's blot are tried first as the
	// ones left out: where many marks are sure, the search stops at a few
	// sets, and the true one is then among them.
	crossLike := map[int]int{}
	for i := range bd.marks {
		crossLike[i] = bd.lines(i, 2, crossLine)
	}
	slices.SortStableFunc(sure, func(a, b int) int {
		return cmp.Or(cmp.Compare(crossLike[b], crossLike[a]), cmp.Compare(bd.marks[b].through, bd.marks[a].through), cmp.Compare(bd.marks[a].strength(), bd.marks[b].strength()))
	})
	type found struct {
		dots []int
		cyc  []int
		alt  map[[2]int]bool
	}
	var hits []found
	for changes := 0; changes <= maxChanges && len(hits) == 0; changes++ {
		for out := 0; out <= changes; out++ {
			in := changes - out
			if len(sure)-out+in != n {
				continue
			}
			eachSubset(len(sure), out, func(drop []int) {
				eachSubset(len(other), in, func(add []int) {
					if len(hits) > 4 {
						return
					}
					var v []int
					for k, i := range sure {
						if !slices.Contains(drop, k) {
							v = append(v, i)
						}
					}
					for _, k := range add {
						v = append(v, other[k])
					}
					if cyc, alt := bd.cycle(v, 2); cyc != nil {
						hits = append(hits, found{v, cyc, alt})
					}
				})
			})
		}
	}
	if len(hits) > 0 {
		// Of the sets of dots the drawing allows, the one with the
		// fewest lines running on through its dots (a crossing's); of
		// those, the one whose dots lie on the fewest drawn lines between
		// other marks, two counting for a crossing (whose lines the
		// pencil broke near it, so that none seems to run on through
		// it), one for a blot on a line (three dots in line are rare).
		through := func(f found) int {
			t, x := 0, 0
			for _, i := range f.dots {
				t += bd.marks[i].through
				x += crossLike[i]
			}
			return t*(2*len(bd.marks)+1) + x
		}
		slices.SortStableFunc(hits, func(a, b found) int { return cmp.Compare(through(a), through(b)) })
		h := hits[0]
		bd.dots, bd.cyc = h.dots, h.cyc
		if h.alt != nil {
			bd.rivals = append(bd.rivals, h.alt)
		}
		for _, o := range hits[1:] {
			if through(o) > through(h) {
				// Its closed path turns at more marks that a line
				// runs on through (where lines cross): no rival.
				continue
			}
			bd.rivals = append(bd.rivals, segsOf(o.cyc))
		}
		for _, i := range sure {
			if !slices.Contains(h.dots, i) && bd.marks[i].through == 0 && bd.crossing(i, h.cyc) < 2 {
				bd.dropped = append(bd.dropped, i)
			}
		}
		// A dot on a drawn line between two other marks may be where
		// lines cross, or a blot on a line.
		for _, i := range h.dots {
			if bd.chosen[i] == "" && bd.onLine(i) {
				bd.chosen[i] = "it lies on a line drawn between two other marks: it may be where lines cross"
			}
		}
		for _, i := range h.dots {
			if !bd.marks[i].sure {
				bd.chosen[i] = fmt.Sprintf("a small or spoilt blot (radius %.2f mm, %.0f%% of its rim round), read as a dot because the closed path needs it", bd.marks[i].r, 100*bd.marks[i].round)
			}
		}
		if len(hits) > 1 {
			for _, o := range hits[1:] {
				if through(o) > through(h) {
					continue
				}
				for _, i := range h.dots {
					if !slices.Contains(o.dots, i) && bd.chosen[i] == "" {
						bd.chosen[i] = "the drawing allows another set of dots with a closed path, without this one"
					}
				}
			}
		}
		return
	}
	for i := range bd.marks {
		if bd.marks[i].sure || !bd.onLine(i) {
			bd.dots = append(bd.dots, i)
		}
	}
	if len(bd.dots) == n {
		var alt map[[2]int]bool
		bd.cyc, alt = bd.cycle(bd.dots, 1)
		if alt != nil {
			bd.rivals = append(bd.rivals, alt)
		}
		if bd.cyc != nil {
			bd.weak = map[[2]int]bool{}
			for k := range bd.cyc {
				i, j := bd.cyc[k], bd.cyc[(k+1)%n]
				if bd.drawn(i, j) < 2 {
					bd.weak[key(i, j)] = true
				}
			}
		}
	}
}

func key(i, j int) [2]int { return [2]int{min(i, j), max(i, j)} }

// segsOf returns the segments of a closed path.
func segsOf(cyc []int) map[[2]int]bool {
	out := map[[2]int]bool{}
	for k := range cyc {
		out[key(cyc[k], cyc[(k+1)%len(cyc)])] = true
	}
	return out
}

// crossNear: the blot where two lines cross at a small angle is centred
// up to this far (mm) from either line.
const crossNear = 1.0

// crossing counts the segments of the closed path cyc that run through
// mark c (within crossNear of it, between their ends): two where they
// cross.
func (bd *board) crossing(c int, cyc []int) int {
	n := 0
	p := bd.marks[c].at
	for k := range cyc {
		a, b := bd.marks[cyc[k]], bd.marks[cyc[(k+1)%len(cyc)]]
		if distSeg(p, a.at, b.at) < crossNear && p.Dist(a.at) > a.r+0.5 && p.Dist(b.at) > b.r+0.5 {
			n++
		}
	}
	return n
}

// rivalled reports whether another closed path the drawing allows goes
// without the segment between marks i and j.
func (bd *board) rivalled(i, j int) bool {
	for _, r := range bd.rivals {
		if !r[key(i, j)] {
			return true
		}
	}
	return false
}

// nearDropped reports whether the segment between marks i and j runs
// within apart of a dot-like mark left out of the dots.
func (bd *board) nearDropped(i, j int) bool {
	a, b := bd.marks[i].at, bd.marks[j].at
	for _, c := range bd.dropped {
		if distSeg(bd.marks[c].at, a, b) < apart {
			return true
		}
	}
	return false
}

// distSeg is the distance from p to the segment ab.
func distSeg(p, a, b layout.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return p.Dist(layout.Point{X: a.X + t*dx, Y: a.Y + t*dy})
}

// eachSubset calls f with every k-subset of 0..n-1, in order.
func eachSubset(n, k int, f func([]int)) {
	s := make([]int, k)
	var rec func(at, from int)
	rec = func(at, from int) {
		if at == k {
			f(s)
			return
		}
		for i := from; i <= n-(k-at); i++ {
			s[at] = i
			rec(at+1, i+1)
		}
	}
	rec(0, 0)
}

// cycle finds the closed path through the dots along segments drawn at
// least as need says (drawn): the cycle with the most pencil, and the
// segments of a second one when there is one (nil when it is the only
// one).
func (bd *board) cycle(dots []int, need int) ([]int, map[[2]int]bool) {
	n := len(dots)
	if n < 3 {
		return nil, nil
	}
	adj := make([][]int, n)
	for i := range n {
		for j := range n {
			if i != j && bd.drawn(dots[i], dots[j]) >= need {
				adj[i] = append(adj[i], j)
			}
		}
		if len(adj[i]) < 2 {
			return nil, nil
		}
		slices.SortFunc(adj[i], func(a, b int) int {
			return cmp.Compare(bd.seg[dots[i]][dots[b]].Cover, bd.seg[dots[i]][dots[a]].Cover)
		})
	}
	found, done := hamilton(adj, 2, searchLimit)
	if len(found) == 0 {
		return nil, nil
	}
	score := func(c []int) (int, float64) {
		w, s := 0, 0.0
		for k := range c {
			i, j := dots[c[k]], dots[c[(k+1)%n]]
			if bd.drawn(i, j) < 2 {
				w++
			}
			s += bd.seg[i][j].Cover
		}
		return w, s
	}
	slices.SortStableFunc(found, func(a, b []int) int {
		wa, sa := score(a)
		wb, sb := score(b)
		return cmp.Or(cmp.Compare(wa, wb), cmp.Compare(sb, sa))
	})
	cyc := make([]int, n)
	for k, v := range found[0] {
		cyc[k] = dots[v]
	}
	var alt map[[2]int]bool
	if !done && len(found) == 1 {
		// The search stopped short: another closed path may go without
		// any of its segments.
		alt = map[[2]int]bool{}
	}
	if len(found) > 1 {
		alt = map[[2]int]bool{}
		for k := range found[1] {
			alt[key(dots[found[1][k]], dots[found[1][(k+1)%n]])] = true
		}
	}
	return cyc, alt
}

func inside(r layout.Rect, p layout.Point) bool {
	return p.X >= r.Min.X && p.X <= r.Max.X && p.Y >= r.Min.Y && p.Y <= r.Max.Y
}

// hamilton returns up to most Hamiltonian cycles of the graph adj (each
// once, from vertex 0, in one direction), searching at most limit nodes,
// and whether the search is settled: most found, or no node left.
func hamilton(adj [][]int, most, limit int) ([][]int, bool) {
	n := len(adj)
	var out [][]int
	path := []int{0}
	on := make([]bool, n)
	on[0] = true
	nodes := 0
	// free counts the neighbours v could still be joined to.
	free := func(v int) int {
		c := 0
		for _, w := range adj[v] {
			if !on[w] || w == path[len(path)-1] || w == 0 {
				c++
			}
		}
		return c
	}
	var dfs func()
	dfs = func() {
		nodes++
		if len(out) >= most || nodes > limit {
			return
		}
		last := path[len(path)-1]
		if len(path) == n {
			if slices.Contains(adj[last], 0) && path[1] < path[n-1] {
				out = append(out, slices.Clone(path))
			}
			return
		}
		for _, w := range adj[last] {
			if on[w] {
				continue
			}
			on[w] = true
			path = append(path, w)
			ok := true
			for _, v := range adj[w] { // no vertex left with fewer than two ways
				if !on[v] && free(v) < 2 {
					ok = false
					break
				}
			}
			if ok {
				dfs()
			}
			path = path[:len(path)-1]
			on[w] = false
			if len(out) >= most || nodes > limit {
				return
			}
		}
	}
	dfs()
	return out, len(out) >= most || nodes <= limit
}
