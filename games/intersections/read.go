package intersections

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

var _ games.Paperer = Game{}

// Reading a gap: the pencil is sought within reach mm of the line between
// two neighbouring dots, over the gap's middle (endFree mm off each dot's
// centre, so that a line through the dot, or one ending there and
// overshooting, is not taken for this gap's).
const (
	reach   = 2.0
	endFree = 2.2
)

// Thresholds. A step of a gap carries pencil when its line is darker
// than the paper beside it by inkShare of the board's usual line (the
// median contrast of the gaps that carry one, at least inkFloor); pencil
// skips shorter than bridge mm are closed. A player rules a segment from
// dot to dot, so a gap carries a line along all of it or none of it, and
// a gap is read (gapRead.judge):
//   - inked, sure, when the line covers full of it;
//   - inked, sure, when the line reaches in from both ends, together
//     endLine mm (or endShare of the gap) and some of it: a line with a
//     hole (a smudge, a rubbed patch), which no stroke but a ruled line
//     makes;
//   - inked when it reaches in that far from one end only: sure when the
//     line goes on past the dot at the blank end (a rubbed-out end), else
//     in doubt (a stroke stopping short?);
//   - blank, sure, when it carries less than some of it and no stroke of
//     stroke mm;
//   - anything between is read as its cover says, and doubted.
const (
	inkFloor = 0.06
	inkShare = 0.4
	bridge   = 1.5
	full     = 0.75
	some     = 0.3
	endLine  = 6.0
	endShare = 0.35
	stroke   = 3.0
	touch    = 0.75 // mm from a gap's end within which a run touches it
)

// gapRead is the evidence of one gap and what it is read as.
type gapRead struct {
	c, r  int
	down  bool
	seen  float64 // share of its middle the print leaves visible
	cover float64 // share of its seen middle carrying pencil
	// fromA and fromB are the mm of line reaching into its middle from
	// its first (top or left) and its second end.
	fromA, fromB float64
	longest      float64      // mm of its longest stretch of line
	length       float64      // mm of its middle
	mid          layout.Point // its middle on the page
	inked        bool
	conf         float64 // how clearly it reads as inked or blank, 0 to 1
	doubt        string  // why it reads unclearly; "" when it does not
	// short is set when the line reaches in from one end only (1: from
	// the first, 2: from the second): a line with a rubbed-out end, or a
	// stroke stopping short, which the gap beyond its blank end decides.
	short int
}

// judge reads the gap from its evidence.
func (g *gapRead) judge() {
	g.inked = g.cover >= 0.5
	line := math.Min(endLine, endShare*g.length)
	switch {
	case g.seen < 0.5:
		g.conf = 0
		g.doubt = fmt.Sprintf("the gap %s is mostly hidden (%.0f%% of it seen)", g, 100*g.seen)
	case g.cover >= full:
		g.inked, g.conf = true, math.Min(1, (g.cover-some)/(1-some))
	case g.cover >= some && g.fromA > 0 && g.fromB > 0 && g.fromA+g.fromB >= line:
		g.inked, g.conf = true, 0.6 // a hole in a line from dot to dot
	case g.cover >= some && max(g.fromA, g.fromB) >= line:
		g.inked, g.conf = true, 0.5
		a, b := g.ends()
		from := a
		g.short = 1
		if g.fromB > g.fromA {
			from, g.short = b, 2
		}
		g.doubt = fmt.Sprintf("the gap %s is inked from %s only (%.0f%% of it): a line with a rubbed-out end, or a stroke stopping short?", g, from, 100*g.cover)
	case g.inked:
		g.conf = (g.cover - some) / (1 - some)
		g.doubt = fmt.Sprintf("the gap %s is only partly inked (%.0f%% of it, not from dot to dot)", g, 100*g.cover)
	case g.cover >= some || g.longest >= stroke:
		g.conf = 1 - g.cover
		g.doubt = fmt.Sprintf("the gap %s has a stroke along it (%.1f mm, %.0f%% of it): a line, or a stray mark?", g, g.longest, 100*g.cover)
	default:
		g.conf = 1 - g.cover/some
	}
}

func (g *gapRead) ends() (Dot, Dot) {
	if g.down {
		return Dot{int8(g.c), int8(g.r)}, Dot{int8(g.c), int8(g.r + 1)}
	}
	return Dot{int8(g.c), int8(g.r)}, Dot{int8(g.c + 1), int8(g.r)}
}

func (g *gapRead) String() string {
	a, b := g.ends()
	return a.String() + "-" + b.String()
}

// ReadRound implements games.Reader: the gaps between neighbouring dots
// that carry a pencil line, written as the round's segments. Each gap's
// middle is measured on its own; the lines they make are split into the
// round's number of segments as the engine allows (splitLines), which
// changes no score. Every segment is replayed on the engine. A segment
// is in doubt when one of its gaps, or the gap beyond an end, reads
// neither clearly inked nor clearly blank; a round is in doubt when its
// lines cannot make its number of segments, or a blank gap away from
// every line reads unclearly.
func (g Game) ReadRound(in games.ReadIn) (*games.ReadOut, error) {
	n, m := in.Values.Int("size"), in.Values.Int("segments")
	if len(in.Players) == 0 {
		return nil, fmt.Errorf("no players")
	}
	off := in.Round % len(in.Players)
	st, err := New(n, m, in.Players, off)
	if err != nil {
		return nil, err
	}
	reads := readGaps(in, n)
	l := newLines(n)
	byGap := map[[3]int]*gapRead{}
	for i := range reads {
		gr := &reads[i]
		byGap[gapKey(gr.c, gr.r, gr.down)] = gr
		if gr.inked {
			l.set(gr.c, gr.r, gr.down)
		}
	}
	// A line reaching into a gap from one end only is a line with a
	// rubbed-out end when it goes on past the dot at its blank end: no
	// stroke but a ruled line runs from dot to dot that far.
	var sure []*gapRead
	for i := range reads {
		gr := &reads[i]
		if gr.short == 0 {
			continue
		}
		c, r := gr.c, gr.r
		switch {
		case gr.short == 1 && gr.down:
			r += 1
		case gr.short == 1:
			c += 1
		case gr.down:
			r -= 1
		default:
			c -= 1
		}
		if next := byGap[gapKey(c, r, gr.down)]; next != nil && next.inked && next.doubt == "" {
			sure = append(sure, gr)
		}
	}
	for _, gr := range sure {
		gr.doubt = ""
	}
	sp := splitLines(l, m)
	out := &games.ReadOut{}
	b := boards.DotArray{N: n}
	st.m = max(m, len(sp.segs)) // the scorer too plays past m, and says so
	said := map[*gapRead]bool{}
	for _, mv := range sp.segs {
		rm := games.ReadMove{Text: mv.String(), Confidence: 1}
		a, z := b.Dot(in.O, in.S, int(mv.A.C), int(mv.A.R)), b.Dot(in.O, in.S, int(mv.B.C), int(mv.B.R))
		rm.At = layout.Point{X: (a.X + z.X) / 2, Y: (a.Y + z.Y) / 2}
		var why []string
		_, lo, hi := mv.span()
		for x := lo; x < hi; x++ {
			d := mv.at(x)
			gr := byGap[gapKey(int(d.C), int(d.R), !mv.horizontal())]
			rm.Confidence = min(rm.Confidence, gr.conf)
			if gr.doubt != "" {
				if len(why) == 0 {
					rm.At = gr.mid // where to look
				}
				why = append(why, gr.doubt)
				said[gr] = true
			}
		}
		// The gaps beyond its ends: a line read short would be a
		// segment ending at the wrong dot.
		for _, x := range []int{lo - 1, hi} {
			if x < 0 || x >= n-1 {
				continue
			}
			d := mv.at(x)
			gr := byGap[gapKey(int(d.C), int(d.R), !mv.horizontal())]
			if gr.inked {
				continue
			}
			rm.Confidence = min(rm.Confidence, gr.conf)
			if gr.doubt != "" {
				far, _ := gr.ends()
				if x >= hi {
					_, far = gr.ends()
				}
				if len(why) == 0 {
					rm.At = gr.mid
				}
				why = append(why, fmt.Sprintf("it may go on to %s: %s", far, gr.doubt))
				said[gr] = true
			}
		}
		rm.Doubt = strings.Join(why, "; ")
		if err := st.Play(mv); err != nil {
			// splitLines makes legal segments only: a failure here is a
			// defect of the reader, said rather than scored.
			return nil, fmt.Errorf("segment %s: %v", mv, err)
		}
		out.Moves = append(out.Moves, rm)
	}
	// Unclear gaps not said on a segment: a segment missed, or a mark.
	for i := range reads {
		if gr := &reads[i]; gr.doubt != "" && !said[gr] {
			out.Doubts = append(out.Doubts, gr.doubt)
		}
	}
	out.Blank = len(sp.segs) == 0 && len(out.Doubts) == 0
	switch {
	case len(sp.segs) == 0:
	case sp.most() < m:
		out.Doubts = append(out.Doubts, fmt.Sprintf("the lines read cover %s, which make at most %s; the round has %d: a segment not seen, or an unfinished round", count(sp.gaps, "gap", "gaps"), count(sp.most(), "segment", "segments"), m))
	case sp.fewest() > m:
		why := ""
		if len(sp.crossings) > 0 {
			var at []string
			for _, d := range sp.crossings {
				at = append(at, d.String())
			}
			why = fmt.Sprintf(" (%s, and %s crossed at %s, where one of the two must end)", count(sp.runs, "straight line", "straight lines"), count(len(sp.crossings), "pair", "pairs"), strings.Join(at, ", "))
		}
		out.Doubts = append(out.Doubts, fmt.Sprintf("the lines read make at least %s%s; the round has %d: a line read that is not there, or a round drawn past its segments", count(sp.fewest(), "segment", "segments"), why, m))
	}
	var e strings.Builder
	fmt.Fprintf(&e, "offense: %s\n", games.YAMLName(in.Players[off]))
	e.WriteString(games.ReadList("segments", out.Moves))
	out.Entry = e.String()
	if !out.Blank {
		out.Notes = append(out.Notes,
			"segments meeting end to end in a row or column draw one line, so each line is split into the round's segments at its middle dots (a dot inside a line counts 2, as one segment or two: no score depends on it)",
			"the order of drawing is not on the paper: segments are written row by row, then column by column (only the offense scores: no score depends on it)",
			fmt.Sprintf("the offense is round %d's by the rules (%s); write offense: if another player was", in.Round+1, in.Players[off]))
	}
	return out, nil
}

func gapKey(c, r int, down bool) [3]int {
	d := 0
	if down {
		d = 1
	}
	return [3]int{c, r, d}
}

// readGaps measures every gap's middle: the share of it where the
// pencil is darker than the paper beside it by a share of the board's
// usual line (the median contrast of the gaps that carry one).
func readGaps(in games.ReadIn, n int) []gapRead {
	b := boards.DotArray{N: n}
	step := in.S / float64(n-1)
	free := math.Min(endFree, step*0.3)
	var out []gapRead
	var stripes []scan.Stripe
	var lines []float64
	for r := range n {
		for c := range n {
			for _, down := range []bool{false, true} {
				c2, r2 := c+1, r
				if down {
					c2, r2 = c, r+1
				}
				if c2 >= n || r2 >= n {
					continue
				}
				p, q := b.Dot(in.O, in.S, c, r), b.Dot(in.O, in.S, c2, r2)
				ux, uy := (q.X-p.X)/step, (q.Y-p.Y)/step
				a := layout.Point{X: p.X + ux*free, Y: p.Y + uy*free}
				z := layout.Point{X: q.X - ux*free, Y: q.Y - uy*free}
				st := in.Ink.Stripe(a, z, reach)
				stripes = append(stripes, st)
				if st.Contrast >= inkFloor {
					lines = append(lines, st.Contrast)
				}
				out = append(out, gapRead{c: c, r: r, down: down, seen: st.Seen,
					mid: layout.Point{X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}})
			}
		}
	}
	level := inkFloor
	if len(lines) > 0 {
		slices.Sort(lines)
		level = lines[len(lines)/2]
	}
	thresh := math.Max(inkFloor, inkShare*level)
	for i := range out {
		g, st := &out[i], stripes[i]
		g.cover = st.Cover(thresh)
		g.length = float64(len(st.Line)) / st.PerMM
		for _, r := range st.Runs(thresh, bridge) {
			g.longest = max(g.longest, r.Len())
			if r.From <= touch {
				g.fromA = r.Len()
			}
			if r.To >= g.length-touch {
				g.fromB = r.Len()
			}
		}
		g.judge()
	}
	return out
}

// Paper implements games.Paperer: each segment ruled from dot to dot.
func (Game) Paper(r games.Round, _ layout.Figure, o layout.Point, s float64) []scan.Stroke {
	st := state(r)
	if st == nil {
		return nil
	}
	b := boards.DotArray{N: st.n}
	var out []scan.Stroke
	for i, e := range st.segs {
		if e.skipped {
			continue
		}
		a, z := b.Dot(o, s, int(e.A.C), int(e.A.R)), b.Dot(o, s, int(e.B.C), int(e.B.R))
		out = append(out, scan.Stroke{Tool: scan.Ruler, Points: []layout.Point{a, z}, Seat: (st.offense + i) % len(st.players)})
	}
	return out
}

// PaperMoves implements readtest.PaperMover: the segments of r as the
// reader writes the lines they draw (splitLines, into as many segments).
func (Game) PaperMoves(r games.Round) []string {
	st := state(r)
	if st == nil {
		return nil
	}
	drawn := 0
	for _, e := range st.segs {
		if !e.skipped {
			drawn++
		}
	}
	var out []string
	for _, mv := range splitLines(linesOf(st), drawn).segs {
		out = append(out, mv.String())
	}
	return out
}
