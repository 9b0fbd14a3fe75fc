package arcs

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

var _ games.Paperer = Game{}

// Reading an arc: its pencil is looked for within arcHalf mm either side
// of where the compass would have drawn it (less where the arcs of the
// neighbouring reaches about the same centre run closer), leaving out
// arcTrim mm at each end, where the mark's tick and dot hide it and the
// arcs ending at that mark crowd together. Within maskR of an arc read
// about another centre, a sample meets that arc's pencil whether the
// candidate is drawn or not, and is weighed as such (model).
const (
	arcHalf    = 0.5
	arcHalfMin = 0.2
	arcTrim    = 2.0
	maskR      = 0.9
	// sureLL is the margin of log-likelihood (in mm of pencil weighed
	// as model does) over the best rival reach at which a reach is read
	// with confidence 0.5, and in doubt below.
	sureLL = 30.0
)

// Reading thresholds, shares of an arc's seen length that carry pencil
// (a hand's pencil skips now and then): an arc is there from arcPresent,
// and sure of its pencil from arcSure.
const (
	arcPresent = 0.45
	arcSure    = 0.7
	// betweenSure is the confidence in its reach from which an arc
	// between two arcs drawn is read sure, however faint.
	betweenSure = 0.7
	// ownShare is the share of the stretch of an arc that no other
	// arc read runs along that carries pencil, from which an arc the
	// model finds likelier not drawn is read between two drawn.
	ownShare = 0.25
)

// Bubbles: the share of a bubble's seen disc darker than the pencil
// threshold, above the board's usual empty bubble. Shaded from
// bubbleShaded; a mark from bubbleFaint is an erased or stray mark to
// doubt, not a choice.
const (
	bubbleShaded = 0.35
	bubbleFaint  = 0.12
	bubbleInset  = 0.4 // mm inside the printed ring
)

// arcGeom is where an arc lies on the page: its circle, the angles it
// runs between, its middle (for the overlay) and how near the arcs of the
// neighbouring reaches about the same centre run.
type arcGeom struct {
	p        layout.Point // its centre, mark c
	r        float64      // its radius
	a0, a1   float64      // it runs from angle a0 to a1 (radians), through the circle's inside
	mid      layout.Point
	neighbor float64 // the distance to the nearest arc of another reach about the same centre
}

// geometry returns the arc of centre c and reach k on board b drawn at o
// with size s: the circle about mark c through marks c-k and c+k, the part
// inside the main circle.
func geometry(b boards.MarkedCircle, o layout.Point, s float64, c, k int) arcGeom {
	m := b.Marks
	wrap := func(i int) int { return ((i-1)%m+m)%m + 1 }
	p := b.Mark(o, s, c)
	e1, e2 := b.Mark(o, s, wrap(c-k)), b.Mark(o, s, wrap(c+k))
	ctr := b.Center(o, s)
	a1 := math.Atan2(e1.Y-p.Y, e1.X-p.X)
	a2 := math.Atan2(e2.Y-p.Y, e2.X-p.X)
	ac := math.Atan2(ctr.Y-p.Y, ctr.X-p.X)
	sweep := math.Mod(a2-a1+4*math.Pi, 2*math.Pi)
	if math.Mod(ac-a1+4*math.Pi, 2*math.Pi) > sweep {
		sweep -= 2 * math.Pi // the other way round passes through the inside
	}
	g := arcGeom{p: p, r: b.Opening(s, k), a0: a1, a1: a1 + sweep}
	mid := a1 + sweep/2
	g.mid = layout.Pt(p.X+g.r*math.Cos(mid), p.Y+g.r*math.Sin(mid))
	g.neighbor = math.Inf(1)
	for _, k2 := range []int{k - 1, k + 1} {
		if k2 >= 1 && 2*k2 < m {
			g.neighbor = math.Min(g.neighbor, math.Abs(b.Opening(s, k2)-g.r))
		}
	}
	return g
}

// points returns the arc's polyline, trim mm short of each end.
func (g arcGeom) points(trim, step float64) []layout.Point {
	t := trim / g.r
	if math.Abs(g.a1-g.a0) <= 2*t {
		return nil
	}
	sgn := math.Copysign(1, g.a1-g.a0)
	return scan.ArcPoints(g.p, g.r, g.a0+sgn*t, g.a1-sgn*t, step)
}

// half is the half width the arc's pencil is looked for within.
func (g arcGeom) half() float64 {
	return math.Max(arcHalfMin, math.Min(arcHalf, 0.4*g.neighbor))
}

// candidate is a reach about one centre, with its evidence.
type candidate struct {
	g  arcGeom
	ct counts
	ll float64 // the log-likelihood ratio of its pencil: drawn, or not
}

// counts is the pencil along a candidate arc, in mm of its length: dark
// (beyond the threshold) or light, where no other arc read runs (own) and
// where one does (shared: a crossing, or the long stretch where the
// near-diameter arcs of neighbouring centres run side by side); the
// print hides the rest.
type counts struct {
	ownDark, ownLight, sharedDark, sharedLight, hidden float64
}

// all is the share of the seen length that is dark.
func (ct counts) all() float64 {
	d := ct.ownDark + ct.sharedDark
	if v := d + ct.ownLight + ct.sharedLight; v > 0 {
		return d / v
	}
	return 0
}

// seen is the share of the length the print leaves visible.
func (ct counts) seen() float64 {
	v := ct.ownDark + ct.ownLight + ct.sharedDark + ct.sharedLight
	if v+ct.hidden > 0 {
		return v / (v + ct.hidden)
	}
	return 0
}

// measure sums the pencil along arc g; shared names the samples another
// arc runs through (nil: none).
func measure(ink *scan.Ink, g arcGeom, thresh float64, shared func(layout.Point) bool) counts {
	var ct counts
	ink.Walk(g.points(arcTrim, 0.5), g.half(), func(s scan.Sample) {
		switch {
		case !s.Seen:
			ct.hidden += s.Len
		case shared != nil && shared(s.At):
			if s.Dark >= thresh {
				ct.sharedDark += s.Len
			} else {
				ct.sharedLight += s.Len
			}
		case s.Dark >= thresh:
			ct.ownDark += s.Len
		default:
			ct.ownLight += s.Len
		}
	})
	return ct
}

// model is how likely a sample is dark: on an arc drawn (p), and off it
// where no other arc runs (qOwn: the board's stray pencil) or where one
// does (qShared: that arc's pencil). All three are the board's own,
// measured on its arcs read and their rivals, so that a board dense with
// arcs (a hundred marks), where any candidate meets pencil at every few
// millimetres, is judged against what a candidate not drawn meets there.
type model struct{ p, qOwn, qShared float64 }

// ll returns the log-likelihood ratio of a candidate's counts, drawn
// against not drawn, per mm.
func (md model) ll(ct counts) float64 {
	return ct.ownDark*math.Log(md.p/md.qOwn) + ct.ownLight*math.Log((1-md.p)/(1-md.qOwn)) +
		ct.sharedDark*math.Log(md.p/md.qShared) + ct.sharedLight*math.Log((1-md.p)/(1-md.qShared))
}

// fit estimates the model from the candidates, best[c] read about each
// centre drawn.
func fit(cands [][]candidate, best []int, drawn []int) model {
	var on []float64
	var od, ol, sd, sl float64
	isDrawn := make([]bool, len(cands))
	for _, c := range drawn {
		isDrawn[c] = true
		on = append(on, cands[c][best[c]-1].ct.all())
	}
	for c := 1; c < len(cands); c++ {
		for k, cd := range cands[c] {
			if isDrawn[c] && k+1 == best[c] {
				continue
			}
			od, ol, sd, sl = od+cd.ct.ownDark, ol+cd.ct.ownLight, sd+cd.ct.sharedDark, sl+cd.ct.sharedLight
		}
	}
	md := model{p: 0.95, qOwn: 0.05, qShared: 0.5}
	if len(on) > 0 {
		md.p = slices.Sorted(slices.Values(on))[len(on)/2]
	}
	if od+ol > 0 {
		md.qOwn = od / (od + ol)
	}
	if sd+sl > 0 {
		md.qShared = sd / (sd + sl)
	}
	// A sample on an arc drawn is likelier dark than one off it: keep the
	// ratios finite and the right way round.
	md.p = math.Min(0.98, math.Max(0.6, md.p))
	md.qOwn = math.Min(md.p-0.1, math.Max(0.01, md.qOwn))
	md.qShared = math.Min(md.p-0.05, math.Max(md.qOwn, md.qShared))
	return md
}

// ReadRound implements games.Reader: the reach drawn about each centre,
// and the first centre from its bubbles. Every mark is the centre of
// exactly one arc of a finished round, and the arcs of one centre are
// concentric, so each centre's reach is the candidate whose whole arc
// (its part inside the circle) is likeliest drawn, against the best rival
// reach about the same centre: its pencil is weighed sample by sample
// against the board's own rates of pencil on an arc drawn, off any, and
// where an arc read about another centre runs (crossing it, or alongside).
// The order of play is the centres' order from the first centre, which
// the drawing does not show: the bubbles give it (none shaded: mark 1, as
// the record form says), and an unfinished round's arcs show where they
// begin.
func (g Game) ReadRound(in games.ReadIn) (*games.ReadOut, error) {
	fig, ok := in.Figure.(Figure)
	if !ok {
		return nil, fmt.Errorf("the board is not an Arcs And Marks board (%T)", in.Figure)
	}
	b, m := fig.MarkedCircle, fig.Marks
	if m < 3 || m > MaxArcMarks || len(in.Players) == 0 {
		return nil, fmt.Errorf("a board of %d marks for %d players is not read", m, len(in.Players))
	}
	// The pencil from the paper's own level: a phone's shadow or falling
	// light reads as faint pencil over whole regions, along every
	// candidate arc there.
	ink := in.Ink.Flatten(2, 2)
	thresh := math.Max(0.1, 0.45*ink.Level(0.15))
	reach := (m - 1) / 2
	cands := make([][]candidate, m+1) // cands[c][k-1]
	best := make([]int, m+1)          // the reach read about each centre
	for c := 1; c <= m; c++ {
		cands[c] = make([]candidate, reach)
		for k := 1; k <= reach; k++ {
			cd := candidate{g: geometry(b, in.O, in.S, c, k)}
			cd.ct = measure(ink, cd.g, thresh, nil)
			cands[c][k-1] = cd
			if best[c] == 0 || cd.ct.all() > cands[c][best[c]-1].ct.all() {
				best[c] = k
			}
		}
	}
	// An arc is drawn about a centre when its pencil covers it and, once
	// weighed, is likelier drawn than not (a short arc where others end
	// meets their pencil along much of its length).
	weighed := false
	drawnOf := func() []int {
		var out []int
		for c := 1; c <= m; c++ {
			if cd := cands[c][best[c]-1]; cd.ct.all() >= arcPresent && (!weighed || cd.ll > 0) {
				out = append(out, c)
			}
		}
		return out
	}
	// Again, with the arcs read so far: where one runs, a candidate of
	// another centre meets its pencil whether drawn or not, and that is
	// weighed as such. Twice at most, while the reading changes.
	drawn := drawnOf()
	for range 2 {
		mask := newArcMask(ink.Box)
		for _, c := range drawn {
			mask.stamp(cands[c][best[c]-1].g, c)
		}
		for c := 1; c <= m; c++ {
			shared := func(p layout.Point) bool {
				v := mask.at(p)
				return v != 0 && int(v) != c
			}
			for k := range cands[c] {
				if cd := &cands[c][k]; cd.ct.all() >= 0.1 {
					cd.ct = measure(ink, cd.g, thresh, shared)
				}
			}
		}
		md := fit(cands, best, drawn)
		changed := false
		for c := 1; c <= m; c++ {
			for k := range cands[c] {
				cands[c][k].ll = md.ll(cands[c][k].ct)
			}
			bk := best[c]
			for k := 1; k <= reach; k++ {
				if cands[c][k-1].ll > cands[c][best[c]-1].ll {
					best[c] = k
				}
			}
			changed = changed || best[c] != bk
		}
		weighed = true
		drawn = drawnOf()
		if !changed {
			break
		}
	}
	out := &games.ReadOut{}
	start := in.Round % len(in.Players)
	fr := readFirst(fig, ink, in, thresh)
	first := fr.first
	if len(drawn) > 0 && len(drawn) < m {
		// The arcs of an unfinished round run on from its first centre:
		// where no arc is seen about the first centre read, they tell
		// where the round began. But a run that ends just before it is a
		// finished round whose first arcs are faint: the first centre
		// stands, as it does where its arc is seen.
		if s, ok := runStart(drawn, m); ok && !slices.Contains(drawn, first) && (s+len(drawn)-1)%m+1 != first {
			switch {
			case fr.shaded:
				out.Doubts = append(out.Doubts, fmt.Sprintf("the first centre's bubbles say %d, but the arcs drawn run from mark %d: they are read from %d", first, s, s))
			default:
				out.Doubts = append(out.Doubts, fmt.Sprintf("no first centre is shaded (mark 1), but the arcs drawn run from mark %d: they are read from %d", s, s))
			}
			first, fr.doubt = s, ""
		}
	}
	if fr.doubt != "" && len(drawn) > 0 {
		out.Doubts = append(out.Doubts, "the first centre: "+fr.doubt)
	}
	// The moves: every centre from the first to the last arc drawn,
	// clockwise.
	n := 0
	for _, c := range drawn {
		n = max(n, (c-first+m)%m+1)
	}
	st, err := New(m, in.Players, start, first)
	if err != nil {
		return nil, err
	}
	var missing []string
	inferred := 0 // arcs read between two drawn that drawn leaves out
	for i := range n {
		c := (first-1+i)%m + 1
		k := best[c]
		cd := cands[c][k-1]
		rival, rk := math.Inf(-1), 0
		for k2, o := range cands[c] {
			if k2+1 != k && o.ll > rival {
				rival, rk = o.ll, k2+1
			}
		}
		mv := Move{Centre: c, Reach: k, marks: m}
		// The evidence against the best rival, in mm of clear pencil:
		// sure from sureLL.
		margin := cd.ll - rival
		conf := margin / (margin + sureLL)
		rm := games.ReadMove{Text: mv.String(), Confidence: math.Max(0, conf), At: cd.g.mid}
		all := cd.ct.all()
		// A centre before the last arc drawn carries one (the round goes
		// round the marks in turn): faint, or mostly under the print, it
		// is drawn all the same, and its reach is the one its pencil
		// favours by far. So too when the model finds it likelier not
		// drawn (a long arc hugging the printed circle loses a light
		// pencil to the print's edge), if some of its pencil is its own:
		// pencil that is all another arc's (a gap before a stray arc)
		// stays in doubt.
		between := i > 0 && i < n-1 && conf >= betweenSure
		own := cd.ct.ownDark + cd.ct.ownLight
		switch {
		case between && all >= arcPresent && cd.ll > 0 && (all < arcSure || cd.ct.seen() < 0.5):
			out.Notes = append(out.Notes, fmt.Sprintf("the arc about mark %d is faint or mostly under the print (pencil along %.0f%% of the %.0f%% seen), but the arcs before and after it say it is drawn, and no other reach fits its pencil as well", c, 100*all, 100*cd.ct.seen()))
		case between && all >= arcPresent && cd.ll <= 0 && own > 0 && cd.ct.ownDark >= ownShare*own:
			out.Notes = append(out.Notes, fmt.Sprintf("the arc about mark %d is likelier not drawn, weighed (pencil along %.0f%% of it, %.0f%% of the stretch no other arc runs along), but the arcs before and after it say it is drawn, and no other reach fits its pencil as well: an arc along the printed circle loses a light pencil to the print", c, 100*all, 100*cd.ct.ownDark/own))
			if !slices.Contains(drawn, c) {
				inferred++
			}
		case all < arcPresent || cd.ll <= 0:
			rm.Doubt = fmt.Sprintf("no arc is seen clearly about mark %d: the likeliest, reach %d, carries pencil along %.0f%% of its length", c, k, 100*all)
			missing = append(missing, strconv.Itoa(c))
		case conf < 0.5:
			rm.Doubt = fmt.Sprintf("about mark %d, reach %d (%s) or reach %d (%s): pencil along %.0f%% and %.0f%% of them", c, k, ends(st.b, c, k), rk, ends(st.b, c, rk), 100*all, 100*cands[c][rk-1].ct.all())
		case all < arcSure:
			rm.Doubt = fmt.Sprintf("a faint or broken arc: pencil along %.0f%% of its length", 100*all)
		case cd.ct.seen() < 0.5:
			rm.Doubt = fmt.Sprintf("the print hides %.0f%% of the arc", 100*(1-cd.ct.seen()))
		}
		if err := st.Play(mv); err != nil {
			return nil, fmt.Errorf("arc %s: %v", mv, err)
		}
		out.Moves = append(out.Moves, rm)
	}
	out.Blank = len(out.Moves) == 0
	var unsure []string
	for _, mv := range out.Moves {
		if c, _, _ := strings.Cut(mv.Text, ":"); mv.Doubt != "" && !slices.Contains(missing, c) {
			unsure = append(unsure, c)
		}
	}
	if len(unsure) > 0 {
		out.Doubts = append(out.Doubts, fmt.Sprintf("the arcs about marks %s are read in doubt", strings.Join(unsure, ", ")))
	}
	switch {
	case out.Blank && fr.shaded:
		out.Doubts = append(out.Doubts, fmt.Sprintf("a first centre is shaded (%d) but no arc is seen", fr.first))
	case !out.Blank && len(drawn)+inferred < m:
		msg := fmt.Sprintf("%d of the %d arcs are seen: an unfinished round, or an arc too faint to read", len(drawn)+inferred, m)
		if len(missing) > 0 {
			msg += " (about marks " + strings.Join(missing, ", ") + ")"
		}
		out.Doubts = append(out.Doubts, msg)
	}
	var e strings.Builder
	fmt.Fprintf(&e, "first: %d\n", first)
	fmt.Fprintf(&e, "starts: %s\n", games.YAMLName(games.SeatName(in.Players, start)))
	e.WriteString(games.ReadList("arcs", out.Moves))
	out.Entry = e.String()
	if !out.Blank {
		out.Notes = append(out.Notes,
			"the order of the arcs is not drawn: it follows from the first centre, each arc centred on the mark after the one before",
			"who drew each arc is not drawn either: the players take turns from the seat this copy's record form names (starts), as the scores assume")
	}
	return out, nil
}

// arcMask marks where the arcs read run, within maskR: each cell holds
// the centre of the arc there, -1 where several run, 0 where none.
type arcMask struct {
	box  layout.Rect
	w, h int
	id   []int16
}

// maskCell is the mask's cell side, mm.
const maskCell = 0.25

func newArcMask(box layout.Rect) *arcMask {
	w, h := int(math.Ceil(box.W()/maskCell)), int(math.Ceil(box.H()/maskCell))
	return &arcMask{box: box, w: w, h: h, id: make([]int16, w*h)}
}

func (a *arcMask) index(p layout.Point) (int, bool) {
	i := int(math.Floor((p.X - a.box.Min.X) / maskCell))
	j := int(math.Floor((p.Y - a.box.Min.Y) / maskCell))
	if i < 0 || j < 0 || i >= a.w || j >= a.h {
		return 0, false
	}
	return j*a.w + i, true
}

// stamp marks the cells within maskR of arc g, centred on mark c.
func (a *arcMask) stamp(g arcGeom, c int) {
	id := int16(c)
	n := max(1, int(math.Ceil(math.Abs(g.a1-g.a0)*g.r/(maskCell/2))))
	for i := 0; i <= n; i++ {
		t := g.a0 + (g.a1-g.a0)*float64(i)/float64(n)
		cs, sn := math.Cos(t), math.Sin(t)
		for o := -maskR; o <= maskR+1e-9; o += maskCell / 2 {
			k, ok := a.index(layout.Pt(g.p.X+(g.r+o)*cs, g.p.Y+(g.r+o)*sn))
			switch {
			case !ok:
			case a.id[k] == 0:
				a.id[k] = id
			case a.id[k] != id:
				a.id[k] = -1
			}
		}
	}
}

// at returns the centre of the arc run at p (0 for none, -1 for several).
func (a *arcMask) at(p layout.Point) int16 {
	if k, ok := a.index(p); ok {
		return a.id[k]
	}
	return 0
}

// runStart returns the first mark of the clockwise run the centres drawn
// form, false when they are not one run.
func runStart(drawn []int, m int) (int, bool) {
	has := make([]bool, m+1)
	for _, c := range drawn {
		has[c] = true
	}
	start, runs := 0, 0
	for c := 1; c <= m; c++ {
		prev := (c+m-2)%m + 1
		if has[c] && !has[prev] {
			start, runs = c, runs+1
		}
	}
	return start, runs == 1
}

// firstRead is the first centre read from its bubbles.
type firstRead struct {
	first  int    // 1 when none is shaded
	shaded bool   // some bubble is shaded
	doubt  string // "" when sure
}

// readFirst reads the first centre's bubbles: the numbered bubble shaded,
// or the digit shaded in each place's column (a column left empty counts
// 0, but the ones must be shaded). A bubble's evidence is the share of
// its disc darker than the pencil threshold, above the board's usual
// empty bubble (a shadow or a smudge darkens them all).
func readFirst(fig Figure, ink *scan.Ink, in games.ReadIn, thresh float64) firstRead {
	bs := fig.Bubbles(in.O, in.S)
	v := make([]float64, len(bs))
	hidden := 0
	for i, bb := range bs {
		sp := ink.Disc(bb.At, BubbleR-bubbleInset, thresh)
		v[i] = sp.Cover
		if sp.Seen < 0.3 {
			hidden++
		}
	}
	floor := slices.Sorted(slices.Values(v))[len(v)/4] // most bubbles are empty
	for i := range v {
		v[i] = math.Max(0, v[i]-floor)
	}
	fr := firstRead{first: 1}
	if hidden > len(bs)/2 {
		fr.doubt = "its bubbles are hidden (off the picture, or under the print)"
		return fr
	}
	name := func(bb Bubble) string {
		if bb.Place == 0 {
			return fmt.Sprintf("bubble %d", bb.Digit)
		}
		return fmt.Sprintf("%d in the %s", bb.Digit, placeHead(bb.Place))
	}
	// pick reads one group of bubbles (all, or one place's column): the
	// index chosen (-1 for none) and a doubt.
	pick := func(idx []int) (int, string) {
		sort.SliceStable(idx, func(a, b int) bool { return v[idx[a]] > v[idx[b]] }) // ties: the first bubble first
		top := idx[0]
		var second float64
		if len(idx) > 1 {
			second = v[idx[1]]
		}
		switch {
		case v[top] < bubbleFaint:
			return -1, ""
		case v[top] < bubbleShaded:
			return top, fmt.Sprintf("%s is marked faintly (%.0f%% of it)", name(bs[top]), 100*v[top])
		case second >= bubbleShaded:
			return top, fmt.Sprintf("%s and %s are both shaded (%.0f%% and %.0f%%)", name(bs[top]), name(bs[idx[1]]), 100*v[top], 100*second)
		case second >= bubbleFaint && second > 0.5*v[top]:
			return top, fmt.Sprintf("%s is shaded, %s marked too (%.0f%% and %.0f%%)", name(bs[top]), name(bs[idx[1]]), 100*v[top], 100*second)
		}
		return top, ""
	}
	if fig.Numbered() {
		idx := make([]int, len(bs))
		for i := range idx {
			idx[i] = i
		}
		i, d := pick(idx)
		if i >= 0 {
			fr.first, fr.shaded = bs[i].Digit, true
		}
		fr.doubt = d
		return fr
	}
	var doubts []string
	value, ones := 0, false
	for _, p := range fig.Places() {
		var idx []int
		for i, bb := range bs {
			if bb.Place == p {
				idx = append(idx, i)
			}
		}
		i, d := pick(idx)
		if d != "" {
			doubts = append(doubts, d)
		}
		if i >= 0 {
			value += p * bs[i].Digit
			fr.shaded = true
			ones = ones || p == 1
		}
	}
	switch {
	case !fr.shaded:
		return fr
	case value < 1 || value > fig.Marks:
		doubts = append(doubts, fmt.Sprintf("the digits shaded make %d, not a mark (1 to %d): read as 1", value, fig.Marks))
		value = 1
	case !ones:
		doubts = append(doubts, fmt.Sprintf("no ones digit is shaded: read as %d", value))
	}
	fr.first, fr.doubt = value, strings.Join(doubts, "; ")
	return fr
}

// Paper implements games.Paperer: each arc drawn with a compass, and the
// first centre shaded in its bubbles when it is not mark 1 (the record
// form asks for nothing then).
func (Game) Paper(r games.Round, fig layout.Figure, o layout.Point, s float64) []scan.Stroke {
	st := state(r)
	f, ok := fig.(Figure)
	if st == nil || !ok {
		return nil
	}
	var out []scan.Stroke
	for i, mv := range st.moves {
		g := geometry(f.MarkedCircle, o, s, mv.Centre, mv.Reach)
		out = append(out, scan.Stroke{Tool: scan.Compass, Points: g.points(0, 0.5), Seat: st.seat(i)})
	}
	if len(st.moves) == 0 || st.moves[0].Centre == 1 {
		return out
	}
	first := st.moves[0].Centre
	for _, bb := range f.Bubbles(o, s) {
		if bb.Place == 0 && bb.Digit == first || bb.Place > 0 && first/bb.Place%10 == bb.Digit {
			out = append(out, scan.Stroke{Tool: scan.Shade, Points: shading(bb.At), Seat: st.start})
		}
	}
	return out
}

// shading is the outline a pencil shades a bubble within: most of it, as
// a hand fills a small circle.
func shading(c layout.Point) []layout.Point {
	var pts []layout.Point
	for i := range 16 {
		a := 2 * math.Pi * float64(i) / 16
		r := (BubbleR - 0.3) * (0.9 + 0.1*math.Cos(3*a))
		pts = append(pts, layout.Pt(c.X+r*math.Cos(a), c.Y+r*math.Sin(a)))
	}
	return pts
}
