package rings

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

// Reading a round of Crossing The Rings from paper. The cuts a sheet
// prints are known; the divider's cuts by hand are the radial lines across
// each ring the sheet leaves blank, read to the whole degree. The
// segments are tested among every pair of cut ends (the engine's moves)
// for a pencil line along the whole of their visible length. The fills
// are the shading of each section, compared with the players' colour key
// boxes. Which segment is whose follows from the fills: the engine plays
// the segments in every order the seats allow, and the order whose fills
// match the colours seen is the one read.

// Line measures, in mm: pencil is looked at printMargin clear of the
// print; the sides a line's darkness is measured against
// (scan.Ridges), how far from a candidate line a pencil line's centre may
// lie, how far either side its centre is looked for (scan.Centred), and
// the darkness a ridge counts as pencil from.
const (
	printMargin = 0.5
	ridgeSide   = 0.8
	lineHalf    = 0.3
	lineWindow  = 0.8
	lineThresh  = 0.1
)

// A segment is seen when pencil covers segCover of its seen length, with
// no stretch of more than segGap mm without it, over segSeen mm at least
// (a segment wholly along cuts, under the print, cannot be seen). A cut
// by hand is a radial line covering cutCover of its ring's width (a
// line covering weakCover of it is read in doubt).
const (
	segCover  = 0.7
	segGap    = 2.0
	segSeen   = 2.0
	segSure   = 5.0
	cutCover  = 0.7
	weakCover = 0.45
	// A radial is read when minSeen of it is clear of the print (a blur
	// or a shadow hides the rest), minSeenLabel through the ring's
	// number, which hides nearly half of the ring's width.
	minSeen      = 0.6
	minSeenLabel = 0.3
)

// Shading, as density (scan.Tint.Density, absorbance over the paper's):
// below bareMax (and bareShare of the lightest key's) a region is bare,
// from shadedMin (and shadedShare of the lightest key's) it is shaded,
// between both either may be. On a colour scan a grey region (its
// colour within greyTol of neutral) lighter than greyMax may be bare
// too: a shadow's edge or a smudge, not a coloured pencil. Two shadings
// are alike when their colours' angle is within hueTol (radians) and
// their densities' ratio within densTol (as a natural log: a hand
// presses a third lighter or harder; on a grey copy, whose tone curve
// whitens a light colour, within densTolGrey); a section's colour may be any
// key's whose distance is within keyMargin of the nearest key's.
const (
	bareMax     = 0.03
	shadedMin   = 0.14
	bareShare   = 0.1
	shadedShare = 0.5
	greyTol     = 0.2
	greyMax     = 0.6
	hueTol      = 0.12
	densTol     = 0.35
	densTolGrey = 1.0
	keyMargin   = 1.0
	farKey      = 3.0
)

// ReadRound implements games.Reader.
func (g Game) ReadRound(in games.ReadIn) (*games.ReadOut, error) {
	b, tg, ok := boardOfFigure(in.Figure)
	if !ok {
		return nil, fmt.Errorf("the board is a %T, not a ring target", in.Figure)
	}
	if len(in.Players) < 2 || len(in.Players) > 8 {
		return nil, fmt.Errorf("%d players: a round has 2 to 8", len(in.Players))
	}
	rd := &reader{in: in, b: b, tg: tg, n: b.Circles, ctr: b.Center(in.O, in.S), out: &games.ReadOut{}}
	rd.divider = in.Round % len(in.Players)
	rd.read()
	return rd.out, nil
}

// reader is one board being read.
type reader struct {
	in      games.ReadIn
	b       boards.Rings
	tg      *Target
	n       int
	ctr     layout.Point
	divider int
	ridges  *scan.Ridges
	out     *games.ReadOut

	rings []ringRead // ring j at j-1
	st    *State     // the cuts played and done, when they could be
	segs  []*seen    // the segments seen
	keys  []keyRead  // each seat's colour key
	secs  []secRead  // each section's shading, by the engine's section index
	paper [3]float64 // the paper's own absorbance
	clear []bool     // samples printMargin clear of the print
	// assigned is set when the segments were given to the seats: the
	// lines seen but not chosen lie along those chosen.
	assigned bool
}

// ringRead is one ring's cuts: printed, or read by hand.
type ringRead struct {
	printed bool
	cuts    []cutRead
}

// cutRead is a cut: its angle as written and, for a cut by hand, its
// evidence.
type cutRead struct {
	text  string // as the transcript writes it
	deg   *big.Rat
	f     float64 // the angle read, before rounding
	conf  float64
	doubt string
	dark  float64
	weak  bool // a faint or broken line
}

// seen is a segment seen on the board.
type seen struct {
	m      Move
	a, z   end
	pa, pz layout.Point
	tr     scan.Trace
	length float64
	conf   float64
	doubt  string
	secs   []int // the sections it meets (engine indices)
}

// keyRead is a seat's colour key box as shaded.
type keyRead struct {
	tint    scan.Tint
	absorb  [3]float64
	density float64
	shaded  bool
}

// secRead is a section's shading.
type secRead struct {
	ring, sec int
	tint      scan.Tint
	absorb    [3]float64
	density   float64
	at        layout.Point
}

func (rd *reader) players() int { return len(rd.in.Players) }

func (rd *reader) name(seat int) string { return games.SeatName(rd.in.Players, seat) }

func (rd *reader) radius(c int) float64 { return rd.b.Radius(rd.in.S, c) }

func (rd *reader) endAt(c int, deg float64) layout.Point {
	return layout.Compass(rd.ctr, rd.radius(c), deg)
}

// read reads the board into rd.out.
func (rd *reader) read() {
	R := rd.radius(rd.n)
	rd.ridges = rd.in.Ink.Ridges(layout.Rect{Min: layout.Pt(rd.ctr.X-R-1, rd.ctr.Y-R-1), Max: layout.Pt(rd.ctr.X+R+1, rd.ctr.Y+R+1)}, ridgeSide)
	rd.clear = clearOfPrint(rd.in.Ink, printMargin)
	rd.readCuts()
	rd.readKeys()
	hand := 0
	for _, r := range rd.rings {
		if !r.printed {
			hand += len(r.cuts)
		}
	}
	nd := len(rd.out.Doubts)
	ok := rd.play()
	if !ok && rd.dropWeak() {
		rd.out.Doubts = rd.out.Doubts[:nd]
		ok = rd.play()
	}
	if ok {
		rd.readSegments()
		if rd.dropCrossed() {
			rd.st, rd.segs = nil, nil
			rd.out.Doubts = rd.out.Doubts[:nd]
			if rd.play() {
				rd.readSegments()
			}
		}
	}
	if hand == 0 && len(rd.segs) == 0 {
		rd.out.Blank = true
		rd.out.Entry = rd.entry(nil)
		return
	}
	var owners []int
	if rd.st != nil {
		rd.readSections()
		owners = rd.assign()
	}
	rd.out.Entry = rd.entry(owners)
	rd.doubtRound()
	rd.out.Notes = append(rd.out.Notes, "the order of play is not on the paper: it is the seats' (the players after the divider, the divider last), and which segment is whose is read from the colours of the sections each one fills")
}

// doubtRound says the round is in doubt when a move is: the move the
// paper holds may be another (the cut's next degree, another segment),
// and the round's score depends on it.
func (rd *reader) doubtRound() {
	if len(rd.out.Doubts) > 0 {
		return
	}
	var in []string
	for _, m := range rd.out.Moves {
		if m.Doubt != "" {
			in = append(in, m.Text)
		}
	}
	if len(in) > 0 {
		rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("%d move(s) in doubt (%s): the round's score depends on them", len(in), strings.Join(in, ", ")))
	}
}

// readCuts reads every ring's cuts: printed ones from the board, others
// from the pencil.
func (rd *reader) readCuts() {
	rd.rings = make([]ringRead, rd.n-1)
	for j := 1; j < rd.n; j++ {
		if printed(rd.b, j) {
			rd.rings[j-1].printed = true
			for _, a := range rd.b.Cuts[j-1] {
				t := boards.FormatAngle(a)
				d, err := cutAngle(t)
				if err != nil {
					continue // a printed cut is valid: ParseDividers took it
				}
				rd.rings[j-1].cuts = append(rd.rings[j-1].cuts, cutRead{text: t, deg: d, f: a, conf: 1})
			}
			continue
		}
		rd.rings[j-1].cuts = rd.readRing(j)
	}
}

// readRing reads the cuts drawn by hand across ring j: radial lines over
// the ring's width, each at the middle of the run of angles whose radial
// is covered, to the whole degree.
func (rd *reader) readRing(j int) []cutRead {
	r0, r1 := rd.radius(j)+0.4, rd.radius(j+1)-0.4
	if r1-r0 < 1 {
		return nil
	}
	step := 0.06 / r1 * 180 / math.Pi // 0.06 mm at the outer circle
	n := int(math.Ceil(360 / step))
	step = 360 / float64(n)
	cover := make([]float64, n)
	dark := make([]float64, n)
	// The ring's number hides nearly half of the radials through it: there
	// a radial is read from less of its length.
	la, text, lf := rd.b.Label(rd.in.S, j)
	labelHalf := (layout.TextWidth(text, lf)/2 + printMargin + lineHalf) / r0 * 180 / math.Pi
	for i := range n {
		a := float64(i) * step
		tr := scan.AlongWith(rd.at, []layout.Point{layout.Compass(rd.ctr, r0, a), layout.Compass(rd.ctr, r1, a)}, 0.15, lineThresh)
		seen := minSeen
		if math.Abs(math.Mod(a-la+540, 360)-180) <= labelHalf {
			seen = minSeenLabel
		}
		if tr.Seen >= seen && tr.Gap <= 0.25*(r1-r0) {
			cover[i], dark[i] = tr.Cover, tr.Dark
		}
	}
	var cuts []cutRead
	for _, r := range runs(cover, dark, cutCover) {
		mid := math.Mod(float64(r.from)*step+float64(r.n-1)*step/2, 360)
		width := float64(r.n) * step * math.Pi / 180 * r1 // mm at the outer circle
		cuts = append(cuts, rd.cutOf(j, rd.centre(j, mid, r0, r1), r.dark, width))
	}
	// A line covering less of the radial: a cut drawn faintly or broken,
	// or a segment crossing the ring; read, in doubt (readSegments drops
	// it when a segment seen explains it).
	for _, r := range runs(cover, dark, weakCover) {
		if r.cover >= cutCover {
			continue
		}
		mid := math.Mod(float64(r.from)*step+float64(r.n-1)*step/2, 360)
		c := rd.cutOf(j, rd.centre(j, mid, r0, r1), r.dark, 0)
		c.weak = true
		c.conf = math.Min(c.conf, r.cover)
		if c.doubt == "" {
			c.doubt = fmt.Sprintf("ring %d's line at %s degrees is faint or broken (it covers %.0f%% of the ring's width)", j, c.text, 100*r.cover)
		}
		cuts = append(cuts, c)
	}
	sort.Slice(cuts, func(x, y int) bool { return cuts[x].f < cuts[y].f })
	// Two lines read at one whole degree are one cut read twice (or two
	// lines closer than paper shows apart).
	var out []cutRead
	for _, c := range cuts {
		if len(out) > 0 && c.f-out[len(out)-1].f < sameCut {
			// One line read as two runs (a gap across it, shading on
			// one side): one cut, the surer reading.
			if p := &out[len(out)-1]; p.weak && !c.weak {
				*p = c
			}
			continue
		}
		if len(out) > 0 && out[len(out)-1].deg.Cmp(c.deg) == 0 {
			p := &out[len(out)-1]
			p.doubt = fmt.Sprintf("two lines at about %s degrees", p.text)
			p.conf = math.Min(p.conf, 0.3)
			continue
		}
		out = append(out, c)
	}
	if len(out) > 1 && out[0].deg.Sign() == 0 && out[len(out)-1].text == "0" {
		out = out[:len(out)-1]
	}
	return out
}

// centre returns the middle of the line read across ring j at about
// angle a (degrees), from r0 to r1 mm: the middle of its two edges in
// the pencil's darkness across it, each where the profile falls halfway
// from its peak to the level on its own side. Where a section is shaded
// on one side of a cut, graphite over the shading is darker than beside
// it: the ridges (seen against their sides) shift the run of covered
// radials, one level for both sides would too; edges found against
// their own side do not.
func (rd *reader) centre(j int, a, r0, r1 float64) float64 {
	rm := (r0 + r1) / 2
	stepMM := 0.05
	half := 1.2 // mm either side at the ring's middle
	n := int(half / stepMM)
	prof := make([]float64, 2*n+1)
	for i := range prof {
		da := float64(i-n) * stepMM / rm * 180 / math.Pi
		sum, cnt := 0.0, 0
		for r := r0; r <= r1; r += 0.25 {
			if v, ok := rd.in.Ink.At(layout.Compass(rd.ctr, r, a+da)); ok {
				sum += v
				cnt++
			}
		}
		if cnt == 0 {
			return a
		}
		prof[i] = sum / float64(cnt)
	}
	// The peak near the run's middle, and the run above the level round
	// it only (another line within reach does not count).
	pk := n
	for i := n / 2; i <= n+n/2; i++ {
		if prof[i] > prof[pk] {
			pk = i
		}
	}
	// Each edge where the profile falls halfway from the peak to its own
	// side's level (interpolated): the middle of the two.
	peak := prof[pk]
	sideL, sideR := prof[0], prof[len(prof)-1]
	if peak-math.Max(sideL, sideR) < 0.05 {
		return a
	}
	lvlL, lvlR := (peak+sideL)/2, (peak+sideR)/2
	lo := pk
	for lo > 0 && prof[lo-1] >= lvlL {
		lo--
	}
	hi := pk
	for hi < len(prof)-1 && prof[hi+1] >= lvlR {
		hi++
	}
	if lo == 0 || hi == len(prof)-1 {
		return a
	}
	el := float64(lo) - (prof[lo]-lvlL)/(prof[lo]-prof[lo-1])
	er := float64(hi) + (prof[hi]-lvlR)/(prof[hi]-prof[hi+1])
	mid := (el+er)/2 - float64(n)
	c := a + mid*stepMM/rm*180/math.Pi
	return math.Mod(c+360, 360)
}

// run is a run of angles, from the sample from for n, whose radials are
// covered: the best cover and the darkest line in it.
type run struct {
	from, n     int
	cover, dark float64
}

// runs returns the runs of cover at least thr round the circle (none
// when the whole ring is covered: nothing to tell apart).
func runs(cover, dark []float64, thr float64) []run {
	n := len(cover)
	start := -1
	for i := range n {
		if cover[i] < thr {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	var out []run
	for k := 0; k < n; {
		if cover[(start+k)%n] < thr {
			k++
			continue
		}
		r := run{from: start + k}
		for k+r.n < n && cover[(start+k+r.n)%n] >= thr {
			i := (start + k + r.n) % n
			r.cover, r.dark = math.Max(r.cover, cover[i]), math.Max(r.dark, dark[i])
			r.n++
		}
		out = append(out, r)
		k += r.n
	}
	return out
}

// cutMargin is how far from halfway between two whole degrees, in mm
// across its ring's middle, a cut by hand must lie to be read sure.
const cutMargin = 0.1

// sameCut is how close, in degrees, two lines read across a ring are
// one line.
const sameCut = 0.3

// cutOf is the cut of ring j read at angle a (degrees, not rounded), with
// the line's darkness and the width of its run at the outer circle.
func (rd *reader) cutOf(j int, a, dark, width float64) cutRead {
	deg := math.Round(a)
	if deg >= 360 {
		deg -= 360
	}
	off := math.Abs(a - math.Round(a)) // 0 to 0.5 degree
	c := cutRead{text: fmt.Sprint(int(deg)), deg: big.NewRat(int64(deg), 1), f: a, dark: dark}
	c.conf = 1 - off/0.5
	// How far the line lies from halfway between two degrees, in mm
	// across the ring's middle: a degree is a fifth of a mm on the inner
	// rings, where the pencil's width and the shading beside a line move
	// its middle as much.
	margin := (0.5 - off) * math.Pi / 180 * (rd.radius(j) + rd.radius(j+1)) / 2
	if off > 0.3 || margin < cutMargin {
		lo := int(math.Floor(a))
		c.doubt = fmt.Sprintf("ring %d's line lies between %d and %d degrees (%.2f)", j, (lo+360)%360, (lo+361)%360, a)
	}
	// A pencil line is under 1.5 mm wide: a wider run is two lines, or
	// a shading's edge.
	if width > 2.5 && c.doubt == "" {
		c.doubt = fmt.Sprintf("ring %d's line at %s degrees is %.1f mm wide: two lines, or a smudge", j, c.text, width)
		c.conf = math.Min(c.conf, 0.4)
	}
	return c
}

// dropWeak drops the faint lines read as cuts, saying so, when the cuts
// with them do not play: it reports whether there were any.
func (rd *reader) dropWeak() bool {
	any := false
	for j := range rd.rings {
		r := &rd.rings[j]
		keep := r.cuts[:0]
		for _, c := range r.cuts {
			if c.weak {
				any = true
				rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("ring %d: a faint line at about %s degrees, not read as a cut (the cuts with it break the rules)", j+1, c.text))
				continue
			}
			keep = append(keep, c)
		}
		r.cuts = keep
	}
	return any
}

// Crossing measures, in mm: a cut by hand lies along a segment seen when
// the segment passes within crossSure of the middle of its radial across
// the ring, crossEnds of its ends (a line read across the ring is the
// middle of the radials it covers: a line slanting across covers them
// over an angle); a faint line read as a cut: within crossWeak of its
// middle.
const (
	crossSure = 0.5
	crossEnds = 1.0
	crossWeak = 0.8
)

// dropCrossed drops the cuts by hand that are a segment's line crossing
// their ring (a segment nearly through the centre crosses it nearly
// along a radial) and end no segment seen there: it reports whether it
// dropped any. A cut drawn under such a line cannot be told from it on
// paper: a note says which line was taken for the segment's.
func (rd *reader) dropCrossed() bool {
	dropped := false
	for j := 1; j < rd.n; j++ {
		r := &rd.rings[j-1]
		if r.printed {
			continue
		}
		keep := r.cuts[:0]
		for _, c := range r.cuts {
			p0, p1 := rd.endAt(j, c.f), rd.endAt(j+1, c.f)
			in := rd.radius(j+1) - rd.radius(j)
			p0, p1 = lerp(p0, p1, 0.4/in), lerp(p0, p1, 1-0.4/in)
			var along *seen
			for _, sg := range rd.segs {
				if sg.endsAt(j, c.deg) {
					continue
				}
				if (c.weak && distToSeg(lerp(p0, p1, 0.5), sg.pa, sg.pz) < crossWeak) ||
					(distToSeg(lerp(p0, p1, 0.5), sg.pa, sg.pz) < crossSure && distToSeg(p0, sg.pa, sg.pz) < crossEnds && distToSeg(p1, sg.pa, sg.pz) < crossEnds) {
					along = sg
					break
				}
			}
			if along == nil {
				keep = append(keep, c)
				continue
			}
			dropped = true
			if !c.weak {
				rd.out.Notes = append(rd.out.Notes, fmt.Sprintf("ring %d: the line at %s degrees is the segment %s crossing it, not a cut (a cut under it would not show)", j, c.text, canonical(along.m)))
			}
		}
		r.cuts = keep
	}
	return dropped
}

// endsAt reports whether the segment ends at a cut of ring j at deg.
func (s *seen) endsAt(j int, deg *big.Rat) bool {
	for _, e := range []end{s.a, s.z} {
		if (e.circle == j || e.circle == j+1) && e.d.deg.Cmp(deg) == 0 {
			return true
		}
	}
	return false
}

// play plays the cuts read on the engine and ends them; it reports false
// (with a round doubt) when the rules refuse them.
func (rd *reader) play() bool {
	st, err := New(rd.n, rd.in.Players, rd.divider, nil)
	if err != nil {
		rd.out.Doubts = append(rd.out.Doubts, err.Error())
		return false
	}
	any := false
	for j, r := range rd.rings {
		for _, c := range r.cuts {
			any = true
			if err := st.Play(Move{Kind: Cut, Ring: j + 1, Angle: c.deg}); err != nil {
				rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("ring %d, cut at %s: %v", j+1, c.text, err))
			}
		}
	}
	if !any {
		return false
	}
	if err := st.Play(Move{Kind: Done}); err != nil {
		for j := 1; j < rd.n; j++ {
			if k, b := len(st.cuts[j-1]), st.bounds[j-1]; k < b[0] || k > b[1] {
				rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("ring %d: %d cut(s) seen; the ring takes %d to %d (a cut too faint to see, or a line taken for one)", j, k, b[0], b[1]))
			}
		}
		return false
	}
	rd.st = st
	return true
}

// readKeys reads each seat's colour key box, and the paper's own colour
// round the target.
func (rd *reader) readKeys() {
	R := rd.radius(rd.n)
	var boxes []layout.Rect
	if rd.tg != nil {
		for p := range min(rd.players(), rd.tg.players()) {
			boxes = append(boxes, rd.tg.KeyBox(rd.in.O, rd.in.S, p))
		}
	}
	sq := layout.Rect{Min: layout.Pt(rd.ctr.X-R-1, rd.ctr.Y-R-1), Max: layout.Pt(rd.ctr.X+R+1, rd.ctr.Y+R+1)}
	if rd.tg != nil {
		sq = rd.tg.square(rd.in.O, rd.in.S)
	}
	paper := rd.in.Ink.Tint(sq, func(p layout.Point) bool {
		if p.Dist(rd.ctr) < R+0.5 {
			return false
		}
		for _, b := range boxes {
			if p.X > b.Min.X-1 && p.X < b.Max.X+1 && p.Y > b.Min.Y-1 && p.Y < b.Max.Y+1 {
				return false
			}
		}
		return true
	})
	if paper.Colour && paper.Seen > 50 {
		rd.paper = paper.Absorb
	}
	rd.keys = make([]keyRead, rd.players())
	for p, b := range boxes {
		in := 0.8
		t := rd.in.Ink.Tint(layout.Rect{Min: layout.Pt(b.Min.X+in, b.Min.Y+in), Max: layout.Pt(b.Max.X-in, b.Max.Y-in)}, nil)
		k := keyRead{tint: t}
		k.absorb, k.density = rd.less(t)
		k.shaded = t.Seen > 10 && k.density >= shadedMin
		rd.keys[p] = k
	}
}

// less returns a tint's absorbance over the paper's, and its density.
func (rd *reader) less(t scan.Tint) ([3]float64, float64) {
	if !t.Colour {
		return [3]float64{}, t.Density()
	}
	var a [3]float64
	for x := range a {
		a[x] = math.Max(0, t.Absorb[x]-rd.paper[x])
	}
	return a, math.Sqrt(a[0]*a[0]+a[1]*a[1]+a[2]*a[2]) / math.Sqrt(3)
}

// readSegments tests every segment the engine allows between the cut
// ends for a pencil line along it.
func (rd *reader) readSegments() {
	st := rd.st
	var m meeting
	var strong []*seen
	for _, mv := range st.Moves(nil) {
		a, z, err := st.segmentEnds(mv)
		if err != nil {
			continue
		}
		pa, pz := rd.endAt(a.circle, a.d.f), rd.endAt(z.circle, z.d.f)
		l := pa.Dist(pz)
		if !rd.quick(pa, pz, l) {
			continue
		}
		at := rd.at
		if c, zero := turn(a.d, z.d); c == 0 || zero { // on a line through the centre: not along its cuts
			at = rd.offCuts
		}
		tr := along(at, pa, pz)
		if tr.Seen*l < segSeen || tr.Cover < segCover || tr.Gap > segGap {
			continue
		}
		if st.meet(&m, a, z) != nil {
			continue
		}
		s := &seen{m: mv, a: a, z: z, pa: pa, pz: pz, tr: tr, length: l}
		for _, x := range m.secs {
			s.secs = append(s.secs, st.base[x.ring-1]+x.sec)
		}
		strong = append(strong, s)
	}
	rd.segs = strong
	level := 0.0
	var ds []float64
	for _, s := range rd.segs {
		ds = append(ds, s.tr.Dark)
	}
	if len(ds) > 0 {
		level = median(ds)
	}
	for _, s := range rd.segs {
		s.conf = s.tr.Cover
		if s.tr.Dark < 0.4*level {
			s.doubt = fmt.Sprintf("a faint line (%.2f against the board's %.2f)", s.tr.Dark, level)
		}
		for _, e := range []end{s.a, s.z} {
			if c := rd.handCut(e); c != nil && c.doubt != "" {
				s.doubt = fmt.Sprintf("it ends at %s, a cut read in doubt", e.label())
				s.conf = math.Min(s.conf, c.conf)
			}
		}
	}
}

// handCut returns the cut by hand that makes end e, nil when it is
// printed.
func (rd *reader) handCut(e end) *cutRead {
	for _, j := range []int{e.circle - 1, e.circle} {
		if j < 1 || j >= rd.n || rd.rings[j-1].printed {
			continue
		}
		for i := range rd.rings[j-1].cuts {
			if rd.rings[j-1].cuts[i].deg.Cmp(e.d.deg) == 0 {
				return &rd.rings[j-1].cuts[i]
			}
		}
	}
	return nil
}

// at is the ridges clear of the print: next to a printed line the
// print's model may hide a part of a pencil line.
func (rd *reader) at(p layout.Point) (float64, bool) {
	k := rd.in.Ink
	i := int(math.Floor((p.X - k.Box.Min.X) * k.PerMM))
	j := int(math.Floor((p.Y - k.Box.Min.Y) * k.PerMM))
	if i < 0 || j < 0 || i >= k.W || j >= k.H || !rd.clear[j*k.W+i] {
		return 0, false
	}
	return rd.ridges.At(p)
}

// clearOfPrint returns which samples of k lie more than margin mm from
// any printed one.
func clearOfPrint(k *scan.Ink, margin float64) []bool {
	r := int(math.Ceil(margin * k.PerMM))
	near := make([]bool, len(k.Print))
	row := make([]bool, len(k.Print))
	for j := 0; j < k.H; j++ {
		last := -1 << 30 // the last printed sample seen, left to right
		for i := 0; i < k.W; i++ {
			if k.Print[j*k.W+i] != 0 {
				last = i
			}
			row[j*k.W+i] = i-last <= r
		}
		last = 1 << 30
		for i := k.W - 1; i >= 0; i-- {
			if k.Print[j*k.W+i] != 0 {
				last = i
			}
			row[j*k.W+i] = row[j*k.W+i] || last-i <= r
		}
	}
	// Columns: a sample is near when a row-near sample lies within r
	// above or below it (a square neighbourhood).
	for i := 0; i < k.W; i++ {
		last := -1 << 30
		for j := 0; j < k.H; j++ {
			if row[j*k.W+i] {
				last = j
			}
			near[j*k.W+i] = j-last <= r
		}
		last = 1 << 30
		for j := k.H - 1; j >= 0; j-- {
			if row[j*k.W+i] {
				last = j
			}
			near[j*k.W+i] = near[j*k.W+i] || last-j <= r
		}
	}
	for n := range near {
		near[n] = !near[n]
	}
	return near
}

// quick tells at a glance whether a-b may carry a line: most of sixteen
// points along it where the paper shows.
func (rd *reader) quick(a, b layout.Point, l float64) bool {
	if l < 1 {
		return false
	}
	seen, hit := 0, 0
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	for k := range 16 {
		f := (float64(k) + 0.5) / 16 * l
		c := layout.Pt(a.X+ux*f, a.Y+uy*f)
		best, vis := 0.0, false
		for o := -lineHalf; o <= lineHalf+1e-9; o += scan.Step {
			if v, ok := rd.at(layout.Pt(c.X-uy*o, c.Y+ux*o)); ok {
				vis = true
				best = math.Max(best, v)
			}
		}
		if vis {
			seen++
			if best >= lineThresh {
				hit++
			}
		}
	}
	return seen < 4 || 2*hit >= seen
}

// along measures the line between a and b with at: pencil whose line's
// centre lies within lineHalf of it.
func along(at func(layout.Point) (float64, bool), a, b layout.Point) scan.Trace {
	return scan.CentredWith(at, []layout.Point{a, b}, lineWindow, lineHalf, lineThresh)
}

// offCuts is the ridges but near the ring's cuts (printed or by hand):
// a segment on a line through the centre that runs along a cut is seen
// only where it does not.
func (rd *reader) offCuts(p layout.Point) (float64, bool) {
	dx, dy := p.X-rd.ctr.X, p.Y-rd.ctr.Y
	r := math.Hypot(dx, dy)
	ringW := rd.radius(1)
	j := int(r / ringW)
	if j >= 1 && j < rd.n {
		a := math.Atan2(dx, -dy) * 180 / math.Pi
		for _, c := range rd.rings[j-1].cuts {
			d := math.Abs(math.Mod(a-c.f+540, 360) - 180)
			if d*math.Pi/180*r < 0.6 {
				return 0, false
			}
		}
	}
	return rd.at(p)
}

func lerp(a, b layout.Point, t float64) layout.Point {
	return layout.Pt(a.X+(b.X-a.X)*t, a.Y+(b.Y-a.Y)*t)
}

// distToSeg returns the distance from p to the segment a-b.
func distToSeg(p, a, b layout.Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return p.Dist(a)
	}
	t := math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	return p.Dist(layout.Pt(a.X+dx*t, a.Y+dy*t))
}

// readSections measures the shading of every section, inside its circles
// and cuts.
func (rd *reader) readSections() {
	st := rd.st
	rd.secs = rd.secs[:0]
	for j := 1; j < rd.n; j++ {
		r0, r1 := rd.radius(j)+0.6, rd.radius(j+1)-0.6
		for sec := range st.cuts[j-1] {
			as := st.sectionAngles(j, sec)
			in := func(p layout.Point) bool {
				dx, dy := p.X-rd.ctr.X, p.Y-rd.ctr.Y
				r := math.Hypot(dx, dy)
				if r < r0 || r > r1 {
					return false
				}
				a := math.Atan2(dx, -dy) * 180 / math.Pi
				for a < as[0] {
					a += 360
				}
				m := 0.6 / r * 180 / math.Pi
				return a > as[0]+m && a < as[1]-m
			}
			box := sectorBox(rd.ctr, r1, as)
			t := rd.in.Ink.Tint(box, in)
			s := secRead{ring: j, sec: sec, tint: t, at: layout.Compass(rd.ctr, (r0+r1)/2, (as[0]+as[1])/2)}
			s.absorb, s.density = rd.less(t)
			rd.secs = append(rd.secs, s)
		}
	}
}

// sectorBox returns a box holding the sector of radius r between angles
// as (degrees clockwise from the top).
func sectorBox(c layout.Point, r float64, as [2]float64) layout.Rect {
	box := layout.Rect{Min: c, Max: c}
	grow := func(p layout.Point) {
		box.Min.X, box.Min.Y = math.Min(box.Min.X, p.X), math.Min(box.Min.Y, p.Y)
		box.Max.X, box.Max.Y = math.Max(box.Max.X, p.X), math.Max(box.Max.Y, p.Y)
	}
	for a := as[0]; a < as[1]; a += 5 {
		grow(layout.Compass(c, r+1, a))
	}
	grow(layout.Compass(c, r+1, as[1]))
	return box
}

// distance returns how unlike key p section x's shading is, in
// tolerances (0: alike).
func (rd *reader) distance(x secRead, k keyRead) float64 {
	if !k.shaded || x.density <= 0 {
		return math.Inf(1)
	}
	tol := densTolGrey
	if x.tint.Colour && k.tint.Colour {
		tol = densTol
	}
	d := math.Abs(math.Log(x.density/k.density)) / tol
	if x.tint.Colour && k.tint.Colour {
		d += angle(x.absorb, k.absorb) / hueTol
	}
	return d
}

// greyFits reports whether a grey of density dens may be seat p's:
// within keyMargin of the nearest key's distance (densTolGrey), or far
// from every key.
func (rd *reader) greyFits(p int, dens float64) bool {
	d := func(k keyRead) float64 {
		if !k.shaded || dens <= 0 {
			return math.Inf(1)
		}
		return math.Abs(math.Log(dens/k.density)) / densTolGrey
	}
	best := math.Inf(1)
	for _, k := range rd.keys {
		best = math.Min(best, d(k))
	}
	return d(rd.keys[p]) <= best+keyMargin || best > farKey
}

// angle returns the angle between two absorbance vectors.
func angle(a, b [3]float64) float64 {
	dot, na, nb := 0.0, 0.0, 0.0
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	if na == 0 || nb == 0 {
		return math.Pi / 2
	}
	return math.Acos(math.Max(-1, math.Min(1, dot/math.Sqrt(na*nb))))
}

// plausible returns, for section x, the seats whose colour its shading
// may be, and whether it may be bare.
func (rd *reader) plausible(x secRead) (seats []bool, bare bool, filled bool) {
	seats = make([]bool, rd.players())
	lo, hi, greyKey := bareMax, shadedMin, false
	light := math.Inf(1)
	for _, k := range rd.keys {
		if k.shaded {
			light = math.Min(light, k.density)
			greyKey = greyKey || !k.tint.Colour || angle(k.absorb, [3]float64{1, 1, 1}) < greyTol
		}
	}
	if !math.IsInf(light, 1) {
		lo, hi = math.Max(lo, bareShare*light), math.Max(hi, shadedShare*light)
	}
	bare = x.density < hi || (x.tint.Colour && !greyKey && x.density < greyMax && angle(x.absorb, [3]float64{1, 1, 1}) < greyTol)
	filled = x.density > lo
	best := math.Inf(1)
	ds := make([]float64, rd.players())
	for p, k := range rd.keys {
		ds[p] = rd.distance(x, k)
		best = math.Min(best, ds[p])
	}
	for p := range seats {
		seats[p] = ds[p] <= best+keyMargin || best > farKey
	}
	return seats, bare, filled
}

// assignment is an order of play: the segment of each slot of the seats'
// order (an index into rd.segs, -1 for none seen).
type assignment struct {
	seg    []int
	cost   float64
	fits   bool
	scores []int
	owner  []int // each section's seat, -1 bare
}

// Costs of an assignment beyond its colours: a seat without a segment
// seen, and a segment whose pencil the others chosen already explain
// (drawn along another's line, or not drawn at all).
//
// A segment costs too for its length without pencil, so that of two
// segments on one line the one the pencil covers is read; and a rival
// choice fits as well as the best when its cost is within costRival.
//
// A line seen and left unexplained costs costUnexplained for its cover
// and the length left unexplained (up to segSure mm): a stray line is
// faint or short; an assignment leaving strayMax of a line's weight
// (seen.weight) unexplained does not fit. At most maxSeen
// lines, the surest, are considered.
const (
	costNone        = 3
	costRedundant   = 3.5
	costBare        = 4
	costRival       = 1.5
	costUnexplained = 4
	strayMax        = 0.85
	maxSeen         = 12
)

// explains returns, for each segment seen, its points with pencil (every
// half mm, clear of its ends, where a line's centre lies within lineHalf
// of it), each as the set of segments seen whose line passes within
// sameLine of it: a choice of segments explains the pencil of segment c
// when every such point of c has one of them.
func (rd *reader) explains() [][]uint64 {
	out := make([][]uint64, len(rd.segs))
	for c, s := range rd.segs {
		for f := 0.8; f < s.length-0.8; f += 0.5 {
			p, q := lerp(s.pa, s.pz, f/s.length), lerp(s.pa, s.pz, math.Min(1, (f+0.01)/s.length))
			if tr := scan.CentredWith(rd.at, []layout.Point{p, q}, lineWindow, lineHalf, lineThresh); tr.Cover == 0 {
				continue
			}
			var m uint64
			for d, t := range rd.segs {
				if d < 64 && distToSeg(p, t.pa, t.pz) < sameLine {
					m |= 1 << d
				}
			}
			out[c] = append(out[c], m)
		}
	}
	return out
}

// redundant reports whether the pencil of segment si is all explained by
// the others chosen (it has pencil of its own to explain: a segment with
// too little to tell is not).
func redundant(ex [][]uint64, si int, chosen uint64) bool {
	return len(ex[si]) >= 4 && explained(ex[si:si+1], chosen&^(1<<si))
}

// explained reports whether the segments in chosen explain the pencil of
// every segment seen (ex from explains).
func explained(ex [][]uint64, chosen uint64) bool {
	for _, pts := range ex {
		for _, m := range pts {
			if m&chosen == 0 {
				return false
			}
		}
	}
	return true
}

// unexplained returns the share of segment c's pencil points that the
// segments in chosen do not explain.
func unexplained(pts []uint64, chosen uint64) float64 {
	if len(pts) == 0 {
		return 0
	}
	n := 0
	for _, m := range pts {
		if m&chosen == 0 {
			n++
		}
	}
	return float64(n) / float64(len(pts))
}

// weight is how surely segment s is a line drawn, 0 to 1: its cover, for
// segSure mm of it seen.
func (s *seen) weight() float64 { return s.tr.Cover * math.Min(1, s.seenLen()/segSure) }

func (s *seen) seenLen() float64 { return s.tr.Seen * s.length }

// assign decides which segment is whose: every choice of the segments
// seen for the seats' turns that explains all the pencil seen is played
// on the engine's meetings, and the one whose fills best match the
// colours seen is taken. It returns each segment's slot in the order of
// play (-1 for a segment left out).
func (rd *reader) assign() []int {
	P := rd.players()
	segs := rd.segs
	slots := make([]int, len(segs))
	for i := range slots {
		slots[i] = -1
	}
	if len(segs) == 0 {
		return slots
	}
	if len(segs) > maxSeen {
		// The surest lines; the others, faint or mostly hidden, are
		// left out (a round has at most 8 segments).
		sort.SliceStable(segs, func(x, y int) bool { return segs[x].weight() > segs[y].weight() })
		rd.segs, segs = segs[:maxSeen], segs[:maxSeen]
		slots = slots[:maxSeen]
	}
	for p, k := range rd.keys {
		if !k.shaded {
			rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("%s's colour key box is not shaded: their sections cannot be told by colour", rd.name(p)))
		}
	}
	ob := make([]secObs, len(rd.secs))
	for i, x := range rd.secs {
		s, bare, filled := rd.plausible(x)
		d := make([]float64, P)
		for p, k := range rd.keys {
			d[p] = math.Min(6, rd.distance(x, k))
		}
		ob[i] = secObs{s, bare, filled, d}
	}
	ex := rd.explains()
	order := rd.st.order
	// On a grey copy a section's grey alone tells little (a hand presses
	// lighter or harder, the copier's tone curve spreads it): whether
	// the sections a seat fills may be its colour is asked of their
	// median grey.
	grey := true
	for _, k := range rd.keys {
		grey = grey && !(k.shaded && k.tint.Colour)
	}
	groups := make([][]float64, P)
	var all []assignment
	cur := make([]int, P)
	owner := make([]int, len(rd.secs))
	eval := func(chosen uint64) {
		for i := range owner {
			owner[i] = -1
		}
		scores := make([]int, P)
		a := assignment{seg: slices.Clone(cur), fits: true, scores: scores}
		// A line seen that the segments chosen do not explain: noise,
		// a stray line, or a segment left out.
		for c, pts := range ex {
			if u := unexplained(pts, chosen); u > 0 {
				// The cost grows with the pencil's length left out
				// (a half mm a point), the fit with its share.
				a.cost += costUnexplained * segs[c].tr.Cover * math.Min(1, u*float64(len(pts))*0.5/segSure)
				a.fits = a.fits && u*segs[c].weight() < strayMax
			}
		}
		for k, si := range cur {
			if si < 0 {
				a.cost += costNone
				continue
			}
			if redundant(ex, si, chosen) {
				a.cost += costRedundant
			}
			a.cost += costBare * (1 - segs[si].tr.Cover)
			for _, x := range segs[si].secs {
				if owner[x] < 0 {
					owner[x] = order[k]
					scores[order[k]]++
				}
			}
		}
		a.owner = slices.Clone(owner)
		for i, o := range owner {
			switch {
			case o < 0 && ob[i].filled:
				a.cost += 5
				a.fits = a.fits && ob[i].bare
			case o < 0:
			case !ob[i].filled:
				a.cost += 5
				a.fits = false
			case grey:
				a.cost += ob[i].d[o]
				groups[o] = append(groups[o], rd.secs[i].density)
			default:
				a.cost += ob[i].d[o]
				a.fits = a.fits && ob[i].seats[o]
			}
		}
		for p, g := range groups {
			if len(g) > 0 {
				a.fits = a.fits && rd.greyFits(p, median(g))
				groups[p] = g[:0]
			}
		}
		all = append(all, a)
	}
	var dfs func(k int, chosen uint64)
	dfs = func(k int, chosen uint64) {
		if len(all) > 200000 {
			return
		}
		if k == P {
			eval(chosen)
			return
		}
		cur[k] = -1
		dfs(k+1, chosen)
		for i := range segs {
			if chosen&(1<<i) != 0 {
				continue
			}
			cur[k] = i
			dfs(k+1, chosen|1<<i)
		}
	}
	dfs(0, 0)
	if len(all) == 0 {
		rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("%d lines between cut ends (%s) are more than the %d players drew", len(segs), rd.segNames(segs), P))
		for _, s := range segs {
			s.doubt = "the lines seen are more than the players' segments"
		}
		return slots
	}
	sort.SliceStable(all, func(x, y int) bool {
		if all[x].fits != all[y].fits {
			return all[x].fits
		}
		return all[x].cost < all[y].cost
	})
	best := all[0]
	rd.assigned = true
	used := uint64(0)
	for k, si := range best.seg {
		if si >= 0 {
			slots[si] = k
			used |= 1 << si
		}
	}
	for k, si := range best.seg {
		switch {
		case si < 0:
			rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("%s's segment is not seen (too faint, along a cut or over another line)", rd.name(order[k])))
		case redundant(ex, si, used):
			segs[si].doubt = "it lies along other segments' lines: drawn over them, or not drawn at all"
			segs[si].conf = math.Min(segs[si].conf, 0.5)
			rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("%s's segment is not seen apart from the others' lines", rd.name(order[k])))
		}
	}
	if !best.fits {
		why := rd.misfit(best, ob, ex)
		rd.out.Doubts = append(rd.out.Doubts, "the colours seen fit no order of play of the segments seen: "+why)
		for _, si := range best.seg {
			if si >= 0 && segs[si].doubt == "" {
				segs[si].doubt = "the colours seen fit no order of play: " + why
				segs[si].conf = math.Min(segs[si].conf, 0.5)
			}
		}
		return slots
	}
	// Rivals that fit as well: a segment another choice leaves out, or
	// gives to another seat with other scores, is in doubt; a swap of
	// owners that changes no score is only said.
	for _, a := range all[1:] {
		if !a.fits || a.cost > best.cost+costRival {
			break
		}
		for k, si := range best.seg {
			if si < 0 || a.seg[k] == si || segs[si].doubt != "" {
				continue
			}
			other := slotOf(a.seg, si)
			switch {
			case other < 0:
				alt := "none"
				if a.seg[k] >= 0 {
					alt = canonical(segs[a.seg[k]].m)
				}
				segs[si].doubt = fmt.Sprintf("the pencil and the colours fit %s's segment being %s as well", rd.name(order[k]), alt)
				segs[si].conf = math.Min(segs[si].conf, 0.5)
				rd.out.Doubts = append(rd.out.Doubts, fmt.Sprintf("%s's segment: %s, or %s", rd.name(order[k]), canonical(segs[si].m), alt))
			case !slices.Equal(a.scores, best.scores):
				segs[si].doubt = fmt.Sprintf("the colours do not tell whose it is: %s's, or %s's (scores %s or %s)", rd.name(order[k]), rd.name(order[other]), scoresText(best.scores), scoresText(a.scores))
				segs[si].conf = math.Min(segs[si].conf, 0.5)
			default:
				note := fmt.Sprintf("%s's and %s's segments may be the other way round: the colours do not tell, and no score depends on it", rd.name(order[k]), rd.name(order[other]))
				if !slices.Contains(rd.out.Notes, note) {
					rd.out.Notes = append(rd.out.Notes, note)
				}
			}
		}
	}
	return slots
}

func slotOf(seg []int, si int) int {
	for k, x := range seg {
		if x == si {
			return k
		}
	}
	return -1
}

func scoresText(s []int) string {
	var parts []string
	for _, v := range s {
		parts = append(parts, fmt.Sprint(v))
	}
	return strings.Join(parts, "-")
}

// secObs is what a section's shading allows: the seats whose colour it
// may be, whether it may be bare and whether it may be filled, and its
// distance to each seat's colour.
type secObs struct {
	seats        []bool
	bare, filled bool
	d            []float64
}

// misfit names the first section whose colour the assignment does not
// explain.
func (rd *reader) misfit(a assignment, ob []secObs, ex [][]uint64) string {
	var chosen uint64
	for _, si := range a.seg {
		if si >= 0 {
			chosen |= 1 << si
		}
	}
	for c, pts := range ex {
		if w := unexplained(pts, chosen) * rd.segs[c].weight(); w >= strayMax {
			return fmt.Sprintf("the line %s is seen, and no segment of the players' explains it", canonical(rd.segs[c].m))
		}
	}
	for i, o := range a.owner {
		bare, filled, seats := ob[i].bare, ob[i].filled, ob[i].seats
		x := rd.secs[i]
		where := fmt.Sprintf("ring %d section %d", x.ring, x.sec+1)
		switch {
		case o < 0 && filled && !bare:
			return where + " is shaded, and no segment seen fills it"
		case o >= 0 && !filled:
			return fmt.Sprintf("%s is bare, but %s's segment fills it", where, rd.name(o))
		case o >= 0 && !seats[o]:
			return fmt.Sprintf("%s is not shaded in %s's colour", where, rd.name(o))
		}
	}
	return "no section fits"
}

// segNames lists segments by their ends.
func (rd *reader) segNames(segs []*seen) string {
	var parts []string
	for _, s := range segs {
		parts = append(parts, canonical(s.m))
	}
	return strings.Join(parts, ", ")
}

// canonical writes a segment as the engine lists it: its ends by circle,
// then angle.
func canonical(m Move) string {
	a, b := m.A, m.B
	if b.Circle < a.Circle || (b.Circle == a.Circle && b.Angle.Cmp(a.Angle) < 0) {
		a, b = b, a
	}
	return a.String() + "-" + b.String()
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}

// entry writes the round's entry as the blank transcript lays it out,
// and the moves read; slots gives each segment's turn.
func (rd *reader) entry(slots []int) string {
	var e strings.Builder
	fmt.Fprintf(&e, "divider: %s\ncuts:\n", games.YAMLName(rd.name(rd.divider)))
	for j, r := range rd.rings {
		var texts []string
		for _, c := range r.cuts {
			texts = append(texts, c.text)
		}
		fmt.Fprintf(&e, "  %d: %s", j+1, strings.Join(texts, " "))
		switch {
		case r.printed:
			e.WriteString("   # as printed")
		case len(r.cuts) == 0:
			e.WriteString("   # no cut seen")
		default:
			var doubts []string
			conf := 1.0
			for _, c := range r.cuts {
				conf = math.Min(conf, c.conf)
				if c.doubt != "" {
					doubts = append(doubts, c.doubt)
				}
			}
			if len(doubts) > 0 {
				fmt.Fprintf(&e, "   # DOUBT (%.2f): %s", conf, strings.Join(doubts, "; "))
			} else {
				fmt.Fprintf(&e, "   # read %.2f", conf)
			}
		}
		e.WriteString("\n")
		if !r.printed {
			for _, c := range r.cuts {
				at := layout.Compass(rd.ctr, (rd.radius(j+1)+rd.radius(j+2))/2, c.f)
				rd.out.Moves = append(rd.out.Moves, games.ReadMove{Text: fmt.Sprintf("%d:%s", j+1, c.text), Confidence: c.conf, Doubt: c.doubt, At: at})
			}
		}
	}
	if len(rd.segs) == 0 {
		if !rd.out.Blank && rd.st != nil {
			rd.out.Doubts = append(rd.out.Doubts, "the cuts are drawn but no segment is seen")
		}
		e.WriteString("segments: []\n")
		return e.String()
	}
	rd.out.Moves = append(rd.out.Moves, games.ReadMove{Text: "done", Confidence: 1, At: rd.ctr})
	P := rd.players()
	bySlot := make([]*seen, P)
	var extra []*seen
	for i, s := range rd.segs {
		switch {
		case slots != nil && slots[i] >= 0:
			bySlot[slots[i]] = s
		case !rd.assigned:
			extra = append(extra, s)
		}
	}
	e.WriteString("segments:\n")
	order := rd.st.order
	for k := range P {
		s := bySlot[k]
		who := games.YAMLName(rd.name(order[k]))
		if s == nil {
			fmt.Fprintf(&e, "  - %s:   # DOUBT: not seen\n", who)
			continue
		}
		a, z := s.a, s.z
		if z.circle < a.circle || (z.circle == a.circle && cmpDir(z.d, a.d) < 0) {
			a, z = z, a
		}
		fmt.Fprintf(&e, "  - %s: %s %s", who, a.label(), z.label())
		if s.doubt != "" {
			fmt.Fprintf(&e, "   # DOUBT (%.2f): %s\n", s.conf, s.doubt)
		} else {
			fmt.Fprintf(&e, "   # read %.2f\n", s.conf)
		}
		rd.out.Moves = append(rd.out.Moves, games.ReadMove{Text: canonical(s.m), Confidence: s.conf, Doubt: s.doubt, At: lerp(s.pa, s.pz, 0.5)})
	}
	for _, s := range extra {
		d := s.doubt
		if d == "" {
			d = "a line between cut ends that no player's turn takes"
		}
		fmt.Fprintf(&e, "  # DOUBT: also seen: %s (%s)\n", canonical(s.m), d)
		rd.out.Moves = append(rd.out.Moves, games.ReadMove{Text: canonical(s.m), Confidence: s.conf, Doubt: d, At: lerp(s.pa, s.pz, 0.5)})
	}
	return e.String()
}
