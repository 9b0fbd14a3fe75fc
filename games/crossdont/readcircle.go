package crossdont

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

// reader reads one board: the pencil prepared for lines, and where the
// circle lies on the page.
type reader struct {
	in   games.ReadIn
	lm   *scan.LineMap
	ctr  layout.Point
	rad  float64
	circ [360]layout.Point // the circle's point at each whole degree
	// tries bounds the readings that weigh orphans, over the whole board
	// (see holds; strayEnds reads the round again up to five times).
	tries int
}

// Reading thresholds. Darkness is from 0 (paper) to 1 (black), above the
// paper's own level.
const (
	// A sample is pencil when it reaches inkShare of the board's usual
	// stroke, and at least inkFloor; pencil is widened by widen mm, for
	// the registration's error and a player's hand.
	inkFloor = 0.06
	inkShare = 0.4
	widen    = 0.3
	// A line is drawn when at least seenMin mm of it are seen, coverMin
	// of that on pencil, with no gap longer than gapMax mm.
	seenMin   = 3.0
	seenShare = 0.4
	coverMin  = 0.85
	gapMax    = 2.5
	// A longer gap is a smudge rubbed over the line, when short against
	// the line.
	gapShare = 0.15
	// skipEnd mm at each end of a segment are left out: other lines meet
	// there.
	skipEnd = 1.0
	// A candidate whose pencil lies explainedMax or more within explainMM
	// of the lines taken is one of their rivals.
	explainedMax = 0.6
	explainMM    = 0.7
	// Ends read within endLink degrees of each other are one end.
	endLink = 3
	// A line meeting the circle at steepMin (the sine of the angle) or
	// more places its end; such meetings within anchorLink degrees are
	// one end.
	steepMin   = 0.34
	anchorLink = 0.6
	// A line reaches the circle when reachMin of its last reachMax mm
	// to it carry pencil, seen over reachSeen mm at least (a line ending
	// at a crossing nearer the circle than a pencil's overshoot cannot be
	// told from one reaching it).
	reachMin  = 0.6
	reachMax  = 5.0
	reachSeen = 2.0
	// fitHalf mm either side of a line are searched for its pencil's
	// middle.
	fitHalf = 0.8
)

func newReader(in games.ReadIn) *reader {
	rd := &reader{in: in, ctr: boards.DegreeCircle{}.Center(in.O, in.S), rad: in.S / 2, tries: orphanTries}
	rd.lm = in.Ink.LineMap(inkFloor, inkShare, widen)
	for d := range 360 {
		rd.circ[d] = layout.Compass(rd.ctr, rd.rad, float64(d))
	}
	return rd
}

// at returns the page position of the point (x, y) of the unit circle's
// plane (y up).
func (rd *reader) at(x, y float64) layout.Point {
	return layout.Pt(rd.ctr.X+x*rd.rad, rd.ctr.Y-y*rd.rad)
}

// probes are the fractions of a segment's length looked at first.
var probes = []float64{0.5, 0.3, 0.7, 0.4, 0.6, 0.2, 0.8, 0.35, 0.65, 0.45, 0.55, 0.25, 0.75, 0.15, 0.85, 0.1, 0.9}

// drawn tests the segment from a to b for pencil along its length: a
// few probes first, then the whole length.
func (rd *reader) drawn(a, b layout.Point) (scan.LineRun, bool) {
	on, off := rd.lm.Probe(a, b, probes, 3)
	if off >= 3 || on < 2 {
		return scan.LineRun{}, false
	}
	r := rd.lm.Run(a, b, skipEnd, 0.25)
	return r, r.Seen >= math.Max(seenMin, seenShare*(a.Dist(b)-2*skipEnd)) && r.Cover >= coverMin &&
		(r.Gap <= gapMax || r.Gap <= gapShare*r.Seen) && r.Head <= gapMax && r.Tail <= gapMax
}

// circLine is a line read between two whole degrees of the circle.
type circLine struct {
	a, b   int // degrees
	run    scan.LineRun
	centre float64
}

// circleCands finds every line between two whole degrees of the circle
// that runs on pencil (a chord and its rivals a degree or two off).
func (rd *reader) circleCands() []circLine {
	var out []circLine
	for a := range 360 {
		for b := a + 1; b < 360; b++ {
			if arc := min(b-a, 360-b+a); arc < 6 {
				continue // under the printed circle
			}
			r, ok := rd.drawn(rd.circ[a], rd.circ[b])
			if !ok {
				continue
			}
			out = append(out, circLine{a: a, b: b, run: r, centre: rd.centre(rd.circ[a], rd.circ[b])})
		}
	}
	return out
}

// centre is how well the segment from a to b lies on its pencil's middle.
func (rd *reader) centre(a, b layout.Point) float64 {
	return rd.lm.Centre(a, b, skipEnd, 0.1, 0.25)
}

// meet is where a line read meets the circle: the angle (degrees,
// clockwise from 12, not rounded) and its weight, more for a line steep
// to the circle and well measured.
type meet struct {
	deg, w    float64
	steep     float64 // the sine of the angle between the line and the circle
	reach     float64 // the share of the line's last millimetres to the circle on pencil (1 when hidden)
	line, end int
}

// meets measures the line drawn near the segment from a to b, and
// returns where it meets the circle near a and near b.
func (rd *reader) meets(a, b layout.Point) ([2]meet, bool) {
	f, ok := rd.lm.Fit(a, b, fitHalf, 0.5, skipEnd)
	if !ok {
		return [2]meet{}, false
	}
	// |A + t(B-A) - C|² = R²
	dx, dy := f.B.X-f.A.X, f.B.Y-f.A.Y
	ox, oy := f.A.X-rd.ctr.X, f.A.Y-rd.ctr.Y
	qa, qb, qc := dx*dx+dy*dy, 2*(ox*dx+oy*dy), ox*ox+oy*oy-rd.rad*rd.rad
	disc := qb*qb - 4*qa*qc
	if disc <= 0 {
		return [2]meet{}, false
	}
	sq := math.Sqrt(disc)
	var out [2]meet
	l := math.Sqrt(qa)
	var at [2]layout.Point
	for k, t := range []float64{(-qb - sq) / (2 * qa), (-qb + sq) / (2 * qa)} {
		px, py := ox+t*dx, oy+t*dy
		at[k] = layout.Pt(rd.ctr.X+px, rd.ctr.Y+py)
		deg := math.Atan2(px, -py) * 180 / math.Pi
		if deg < 0 {
			deg += 360
		}
		// The sine of the angle between the line and the tangent.
		sn := math.Abs(px*dx+py*dy) / (rd.rad * l)
		out[k] = meet{deg: deg, steep: sn, w: sn * sn * float64(f.N) / (1 + f.RMS*f.RMS/0.01)}
	}
	cand := [2]layout.Point{a, b}
	for k := range 2 {
		c, seen := rd.reach(at[k], at[1-k])
		// Measured along the candidate too: where lines crowd at an
		// end, the stroke's fit can miss its own end by most of a
		// millimetre, and the stretch to the circle with it.
		if c2, s2 := rd.reach(cand[k], cand[1-k]); s2 >= reachSeen && c2 > c {
			c, seen = c2, s2
		}
		out[k].reach = c
		if seen < reachSeen {
			out[k].reach = 1 // the print hides it: nothing to say
		}
	}
	return out, true
}

// reach is the share of the first reachMax mm from a towards b (the
// print's edge left out) that carries pencil on the line's middle, and
// the length seen: a line that ends at a crossing near the circle, not
// on it, leaves the stretch to the circle bare but for the lines that
// cross it.
func (rd *reader) reach(a, b layout.Point) (cover, seen float64) {
	l := a.Dist(b)
	u := layout.Pt((b.X-a.X)/l, (b.Y-a.Y)/l)
	on := 0.0
	const step = 0.1
	for t := 0.3; t < reachMax; t += step {
		c := layout.Pt(a.X+u.X*t, a.Y+u.Y*t)
		vis, hit := false, false
		for _, o := range []float64{0, -0.12, 0.12} {
			if v, ok := rd.lm.FineAt(layout.Pt(c.X-u.Y*o, c.Y+u.X*o)); ok {
				vis = true
				hit = hit || v >= rd.lm.Thresh
			}
		}
		if vis {
			seen += step
			if hit {
				on += step
			}
		}
	}
	if seen == 0 {
		return 1, 0
	}
	return on / seen, seen
}

// groupMeets gathers the meetings within endLink degrees of the next
// into one end each.
func groupMeets(ms []meet) [][]meet {
	var sharp, blunt []meet
	for _, m := range ms {
		if m.steep >= steepMin {
			sharp = append(sharp, m)
		} else {
			blunt = append(blunt, m)
		}
	}
	out := link(sharp, anchorLink)
	var left []meet
	for _, m := range blunt {
		best, bd := -1, float64(endLink)
		for g, gm := range out {
			if d := angDist(m.deg, readEnd(gm).at); d <= bd {
				best, bd = g, d
			}
		}
		if best < 0 {
			left = append(left, m)
			continue
		}
		out[best] = append(out[best], m)
	}
	return append(out, link(left, endLink)...)
}

// angDist is the distance between two angles in degrees.
func angDist(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 360)
	return math.Min(d, 360-d)
}

// link gathers the meetings within gap degrees of the next.
func link(ms []meet, gap float64) [][]meet {
	if len(ms) == 0 {
		return nil
	}
	s := slices.Clone(ms)
	slices.SortFunc(s, func(a, b meet) int { return cmp.Compare(a.deg, b.deg) })
	// Start after the widest gap, so that no group wraps past 0.
	start, widest := 0, -1.0
	for i := range s {
		prev := s[(i+len(s)-1)%len(s)].deg
		if g := math.Mod(s[i].deg-prev+360, 360); g > widest || len(s) == 1 {
			start, widest = i, g
		}
	}
	var out [][]meet
	for k := range s {
		m := s[(start+k)%len(s)]
		if k == 0 || math.Mod(m.deg-s[(start+k-1)%len(s)].deg+360, 360) > gap {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], m)
	}
	return out
}

// readEnd reads the degree of an end from the meetings of its lines:
// their weighted mean, rounded; the nearer it lies to a half degree, the
// less sure.
func readEnd(g []meet) endRead {
	ref := g[0].deg
	sw, sd := 0.0, 0.0
	for _, m := range g {
		d := math.Mod(m.deg-ref+540, 360) - 180
		sw += m.w
		sd += m.w * d
	}
	phi := ref
	if sw > 0 {
		phi += sd / sw
	}
	r := math.Round(phi)
	e := endRead{deg: (int(r)%360 + 360) % 360, conf: 1 - 2*math.Abs(phi-r)}
	if phi > r {
		e.rival = (e.deg + 1) % 360
	} else {
		e.rival = (e.deg + 359) % 360
	}
	e.at = math.Mod(phi+360, 360)
	e.lines = len(g)
	return e
}

// endRead is a chord end read: its degree, and how sure the reading is
// (the pencil of the lines reaching it centred there against a degree
// off).
type endRead struct {
	deg   int
	conf  float64
	rival int     // the next best degree
	at    float64 // the angle measured
	lines int     // the lines read that meet it
}

// circleLines reads the lines between chord ends: the candidates, one
// of each group of rivals, then each end's degree from all the lines
// that reach it (a line nearly tangent to the circle hides its ends under
// the print; a steeper one through the same end places it).
func (rd *reader) circleLines() ([]circLine, map[int]endRead) {
	cands := rd.circleCands()
	sort.Slice(cands, func(i, j int) bool { return cands[i].centre > cands[j].centre })
	var kept []circLine
	var by []pseg
	var meets []meet
	for _, c := range cands {
		a, b := rd.circ[c.a], rd.circ[c.b]
		if rd.explained(a, b, by) >= explainedMax {
			continue
		}
		// Where it meets the circle, measured on its pencil: a stroke
		// that is not straight (where lines crowd at an end) or does not
		// reach the circle (it ends at a crossing near it) is no line
		// between chord ends.
		ms, ok := rd.meets(a, b)
		if !ok || ms[0].reach < reachMin || ms[1].reach < reachMin {
			continue
		}
		for k := range ms {
			ms[k].line, ms[k].end = len(kept), k
		}
		meets = append(meets, ms[:]...)
		kept = append(kept, c)
		by = append(by, pseg{a, b})
	}
	groups := groupMeets(meets)
	at := map[[2]int]int{} // line, end -> degree read
	ends := map[int]endRead{}
	for _, g := range groups {
		e := readEnd(g)
		if old, ok := ends[e.deg]; !ok || e.conf > old.conf {
			ends[e.deg] = e
		}
		for _, mt := range g {
			at[[2]int{mt.line, mt.end}] = e.deg
		}
	}
	// The lines between the ends read, each once, still on pencil.
	var out []circLine
	seen := map[[2]int]bool{}
	for i := range kept {
		a, b := at[[2]int{i, 0}], at[[2]int{i, 1}]
		if a == b {
			continue
		}
		if a > b {
			a, b = b, a
		}
		if seen[[2]int{a, b}] {
			continue
		}
		seen[[2]int{a, b}] = true
		r, ok := rd.drawn(rd.circ[a], rd.circ[b])
		if !ok {
			continue
		}
		out = append(out, circLine{a: a, b: b, run: r, centre: rd.centre(rd.circ[a], rd.circ[b])})
	}
	return out, ends
}
