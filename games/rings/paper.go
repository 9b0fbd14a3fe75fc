package rings

import (
	"math"
	"math/big"
	"math/rand/v2"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

var _ games.PaperPlayer = Game{}

// boardOfFigure returns the ring target a figure prints and its key
// boxes (nil for a bare boards.Rings).
func boardOfFigure(fig layout.Figure) (boards.Rings, *Target, bool) {
	switch f := fig.(type) {
	case Target:
		return f.Rings, &f, true
	case boards.Rings:
		return f, nil, true
	}
	return boards.Rings{}, nil, false
}

// printed reports whether ring j's cuts are printed on b.
func printed(b boards.Rings, j int) bool { return j-1 < len(b.Cuts) && len(b.Cuts[j-1]) > 0 }

// PaperMove implements games.PaperPlayer. While cutting: the rings the
// board leaves blank are cut by hand, at whole degrees, each end on a
// circle either one with an end already there or GapDegrees clear of the
// others (as --random-dividers prints them), up to min(2^j, 4j) cuts a
// ring; a printed ring gets no more; "done" is as likely as each ring
// still open once every ring has its least. Then a segment of the
// engine's whose pencil paper shows (see shows): never one drawn over
// printed lines or cuts nearly all along, or one that looks on paper
// like another segment; those are the reader's tests' (read_test.go).
func (Game) PaperMove(r games.Round, fig layout.Figure, size float64, rng *rand.Rand) (games.Move, bool) {
	st := state(r)
	b, _, ok := boardOfFigure(fig)
	if st == nil || !ok || st.Over() {
		return nil, false
	}
	if st.done {
		ms := st.Moves(nil)
		pg := paperGeom{st: st, ringW: size / 2 / float64(st.n)}
		for _, k := range rng.Perm(len(ms)) {
			a, z, err := st.segmentEnds(ms[k])
			if err == nil && !st.drawnBefore(a, z) && pg.shows(a, z, ms) {
				return ms[k], true
			}
		}
		return nil, false
	}
	var open []int
	done := true
	for j := 1; j < st.n; j++ {
		k := len(st.cuts[j-1])
		done = done && k >= st.bounds[j-1][0]
		if !printed(b, j) && k < min(st.bounds[j-1][1], 4*j) && len(st.handAngles(j)) > 0 {
			open = append(open, j)
		}
	}
	pick := rng.IntN(len(open) + 1)
	if !done {
		if len(open) == 0 {
			return nil, false
		}
		pick = rng.IntN(len(open))
	}
	if pick == len(open) {
		return Move{Kind: Done}, true
	}
	j := open[pick]
	as := st.handAngles(j)
	return Move{Kind: Cut, Ring: j, Angle: big.NewRat(int64(as[rng.IntN(len(as))]), 1)}, true
}

// What paper shows of a segment, in mm: pencil within lineHidden of a
// printed circle or a cut (printed or drawn) is lost in it, on a photo
// (the print's own width, its blur and the registration's error); a
// segment shows when minShown of its length is clear of them, and is
// told from another when some of its points clear of them lie more than
// sameLine from the other (or the other's from it).
const (
	lineHidden = 1.0
	minShown   = 4.0
	sameLine   = 0.7
)

// paperGeom is a round's target in mm, its centre at the origin.
type paperGeom struct {
	st    *State
	ringW float64
}

func (g paperGeom) point(e end) layout.Point {
	return layout.Compass(layout.Point{}, g.ringW*float64(e.circle), e.d.f)
}

// clear returns the points of the segment a-z, every half mm, that lie
// clear of the circles and the cuts.
func (g paperGeom) clear(a, z end) []layout.Point {
	pa, pz := g.point(a), g.point(z)
	l := pa.Dist(pz)
	var out []layout.Point
	for f := 0.25; f < l; f += 0.5 {
		p := lerp(pa, pz, f/l)
		r := math.Hypot(p.X, p.Y)
		if c := math.Round(r / g.ringW); math.Abs(r-c*g.ringW) < lineHidden && c >= 1 {
			continue
		}
		j := int(r / g.ringW)
		hidden := false
		if j >= 1 && j < g.st.n {
			deg := math.Atan2(p.X, -p.Y) * 180 / math.Pi
			for _, c := range g.st.cuts[j-1] {
				if d := math.Abs(math.Mod(deg-c.f+540, 360) - 180); d*math.Pi/180*r < lineHidden {
					hidden = true
					break
				}
			}
		}
		if !hidden {
			out = append(out, p)
		}
	}
	return out
}

// shows reports whether the segment a-z shows on paper, drawn after the
// round's segments so far: enough of it clear of the printed lines, the
// cuts and the segments before it, and no other of the moves ms the same
// on paper with them.
func (g paperGeom) shows(a, z end, ms []Move) bool {
	var before [][2]layout.Point
	for _, p := range g.st.segs {
		before = append(before, [2]layout.Point{g.point(p.a), g.point(p.b)})
	}
	near := func(p layout.Point, segs ...[2]layout.Point) bool {
		for _, s := range segs {
			if distToSeg(p, s[0], s[1]) <= sameLine {
				return true
			}
		}
		return false
	}
	var pts []layout.Point
	for _, p := range g.clear(a, z) {
		if !near(p, before...) {
			pts = append(pts, p)
		}
	}
	if float64(len(pts))*0.5 < minShown {
		return false
	}
	az := [2]layout.Point{g.point(a), g.point(z)}
	for _, m := range ms {
		x, y, err := g.st.segmentEnds(m)
		if err != nil || (x.circle == a.circle && x.d == a.d && y.circle == z.circle && y.d == z.d) {
			continue
		}
		xy := [2]layout.Point{g.point(x), g.point(y)}
		same := true
		for _, p := range pts {
			if !near(p, xy) {
				same = false
				break
			}
		}
		if !same {
			continue
		}
		for _, p := range g.clear(x, y) {
			if !near(p, append(before, az)...) {
				same = false
				break
			}
		}
		if same {
			return false
		}
	}
	return true
}

// handAngles returns the whole degrees ring j may be cut at by hand: not
// cut there yet, and on each of its circles either at an end already
// there or GapDegrees clear of every end.
func (s *State) handAngles(j int) []int {
	var out []int
	for a := range 360 {
		ok := true
		for _, c := range []int{j, j + 1} {
			gap := float64(GapDegrees(s.n, c))
			for _, ring := range []int{c - 1, c} {
				if ring < 1 || ring >= s.n {
					continue
				}
				for _, d := range s.cuts[ring-1] {
					diff := math.Abs(math.Mod(float64(a)-d.f+540, 360) - 180)
					if (diff < gap && (diff > 0 || ring == j)) || (diff == 0 && ring == j) {
						ok = false
					}
				}
			}
		}
		if ok {
			out = append(out, a)
		}
	}
	return out
}

// drawnBefore reports whether the segment a-b was drawn earlier in the
// round.
func (s *State) drawnBefore(a, b end) bool {
	for _, p := range s.segs {
		if (p.a.circle == a.circle && p.a.d == a.d && p.b.circle == b.circle && p.b.d == b.d) ||
			(p.a.circle == b.circle && p.a.d == b.d && p.b.circle == a.circle && p.b.d == a.d) {
			return true
		}
	}
	return false
}

// Paper implements games.Paperer: once anything is drawn, every player's
// key box shaded in their colour; the cuts the board does not print,
// ruled; each segment ruled and the sections it filled shaded by its
// player, up to its lines (the shading first, under them).
func (Game) Paper(r games.Round, fig layout.Figure, o layout.Point, s float64) []scan.Stroke {
	st := state(r)
	b, tg, ok := boardOfFigure(fig)
	if st == nil || !ok {
		return nil
	}
	var shades, lines []scan.Stroke
	ctr := b.Center(o, s)
	for j := 1; j < st.n; j++ {
		if printed(b, j) {
			continue
		}
		for _, d := range st.cuts[j-1] {
			lines = append(lines, scan.Stroke{Tool: scan.Ruler, Seat: st.divider,
				Points: []layout.Point{layout.Compass(ctr, b.Radius(s, j), d.f), layout.Compass(ctr, b.Radius(s, j+1), d.f)}})
		}
	}
	if len(lines) == 0 && len(st.segs) == 0 {
		return nil
	}
	if tg != nil {
		for p := range tg.players() {
			box := tg.KeyBox(o, s, p)
			in := 0.3
			shades = append(shades, scan.Stroke{Tool: scan.Shade, Seat: p, Colour: true, Points: []layout.Point{
				{X: box.Min.X + in, Y: box.Min.Y + in}, {X: box.Max.X - in, Y: box.Min.Y + in},
				{X: box.Max.X - in, Y: box.Max.Y - in}, {X: box.Min.X + in, Y: box.Max.Y - in}}})
		}
	}
	for k, p := range st.segs {
		seat := st.order[k]
		lines = append(lines, scan.Stroke{Tool: scan.Ruler, Seat: seat, Points: []layout.Point{
			layout.Compass(ctr, b.Radius(s, p.a.circle), p.a.d.f), layout.Compass(ctr, b.Radius(s, p.b.circle), p.b.d.f)}})
		for _, i := range st.fill[p.from:p.to] {
			j, sec := st.sectionOf(int(i))
			shades = append(shades, scan.Stroke{Tool: scan.Shade, Seat: seat, Colour: true, Points: sectorOutline(b, ctr, s, st.sectionAngles(j, sec), j, 0)})
		}
	}
	return append(shades, lines...)
}

// sectionOf returns the ring and section (0-based) of section index i.
func (s *State) sectionOf(i int) (int, int) {
	j := 1
	for j < len(s.base) && s.base[j] <= i {
		j++
	}
	return j, i - s.base[j-1]
}

// sectionAngles returns where section sec of ring j runs, clockwise from
// its first cut to the next, in degrees (the second above the first; a
// ring of one cut runs all the way round).
func (s *State) sectionAngles(j, sec int) [2]float64 {
	cs := s.cuts[j-1]
	a0, a1 := cs[sec].f, cs[(sec+1)%len(cs)].f
	if a1 <= a0 {
		a1 += 360
	}
	return [2]float64{a0, a1}
}

// sectorOutline returns the outline of the section of ring j between
// angles as[0] and as[1] (degrees clockwise from the top), inset by in mm
// from its circles and cuts.
func sectorOutline(b boards.Rings, ctr layout.Point, s float64, as [2]float64, j int, in float64) []layout.Point {
	r0, r1 := b.Radius(s, j)+in, b.Radius(s, j+1)-in
	var pts []layout.Point
	for _, r := range []float64{r0, r1} {
		da := in / r * 180 / math.Pi
		a0, a1 := as[0]+da, as[1]-da
		n := max(2, int(math.Ceil((a1-a0)*math.Pi/180*r/0.5)))
		for k := 0; k <= n; k++ {
			a := a0 + (a1-a0)*float64(k)/float64(n)
			if r == r1 {
				a = a1 - (a1-a0)*float64(k)/float64(n)
			}
			pts = append(pts, layout.Compass(ctr, r, a))
		}
	}
	return pts
}
