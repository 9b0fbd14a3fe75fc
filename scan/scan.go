// Package scan is what a reader of paper sees of one printed board: the
// pencil a player added to it, on a grid of page millimetres, and the
// printed ink that hides the pencil where both lie. The games' readers
// (each game's read.go) test their finite sets of candidate moves against
// it, as Auto Multiple Choice and OMRChecker test each box of a form: a
// move's evidence is how much pencil lies where that move would have put
// it, measured where the print leaves the paper visible.
//
// Package read fills an Ink from a photo or a scan (registration, the
// page-to-image transform, the paper's white); the tests fill one from a
// sheet drawn with synthetic pencil. This package depends on layout alone.
package scan

import (
	"image/color"
	"math"
	"sort"

	"papergames/layout"
)

// Ink is one board's pencil: samples on a grid of page millimetres.
type Ink struct {
	// Box is the page area covered: sample (i, j) is at
	// Box.Min + ((i+0.5)/PerMM, (j+0.5)/PerMM).
	Box   layout.Rect
	PerMM float64
	W, H  int
	// Pencil is the darkness a player added, 0 (paper) to 255 (black),
	// with the sheet's print removed; 0 where Print hides the paper.
	Pencil []uint8
	// Print is 255 where the sheet printed ink (widened by the
	// registration's error): pencil there cannot be told from print.
	Print []uint8
	// Colour is the paper's colour at each sample, white balanced (the
	// paper is white), or nil for a grey scan; Crossing The Rings tells
	// its players' pencils apart by it.
	Colour []color.RGBA
}

// New returns an empty Ink covering box at perMM samples a millimetre.
func New(box layout.Rect, perMM float64, colour bool) *Ink {
	w, h := int(math.Ceil(box.W()*perMM)), int(math.Ceil(box.H()*perMM))
	k := &Ink{Box: box, PerMM: perMM, W: w, H: h, Pencil: make([]uint8, w*h), Print: make([]uint8, w*h)}
	if colour {
		k.Colour = make([]color.RGBA, w*h)
	}
	return k
}

// Pos returns the page position of sample (i, j).
func (k *Ink) Pos(i, j int) layout.Point {
	return layout.Point{X: k.Box.Min.X + (float64(i)+0.5)/k.PerMM, Y: k.Box.Min.Y + (float64(j)+0.5)/k.PerMM}
}

// index returns the sample nearest p, false outside the grid.
func (k *Ink) index(p layout.Point) (int, bool) {
	i := int(math.Floor((p.X - k.Box.Min.X) * k.PerMM))
	j := int(math.Floor((p.Y - k.Box.Min.Y) * k.PerMM))
	if i < 0 || j < 0 || i >= k.W || j >= k.H {
		return 0, false
	}
	return j*k.W + i, true
}

// At returns the pencil's darkness at p (0 to 1) and whether the paper
// is visible there (not printed on, inside the grid).
func (k *Ink) At(p layout.Point) (float64, bool) {
	n, ok := k.index(p)
	if !ok || k.Print[n] != 0 {
		return 0, false
	}
	return float64(k.Pencil[n]) / 255, true
}

// ColourAt returns the paper's colour at p (white where there is none).
func (k *Ink) ColourAt(p layout.Point) color.RGBA {
	n, ok := k.index(p)
	if !ok || k.Colour == nil {
		return color.RGBA{255, 255, 255, 255}
	}
	return k.Colour[n]
}

// Trace is the evidence of pencil along a path.
type Trace struct {
	// Seen is the share of the path's length where the paper is visible
	// (not printed on): the rest says nothing.
	Seen float64
	// Cover is the share of the seen length that carries pencil: at some
	// point across the path, within its half width, darker than the
	// threshold.
	Cover float64
	// Dark is the mean of the darkest sample across the path, over the
	// seen length.
	Dark float64
	// Gap is the longest run of seen length without pencil, in mm.
	Gap float64
}

// Step is the spacing of samples along paths and across them, in mm.
const Step = 0.2

// Along measures the pencil along a polyline: at every Step, the darkest
// sample across the path within half (mm) of it, counted as pencil when
// darker than thresh (0 to 1).
func (k *Ink) Along(pl []layout.Point, half, thresh float64) Trace {
	return AlongWith(k.At, pl, half, thresh)
}

// Spot is the evidence of pencil in a disc.
type Spot struct {
	Seen  float64 // share of the disc's area where the paper is visible
	Cover float64 // share of the seen area darker than the threshold
	Dark  float64 // mean darkness over the seen area
}

// Disc measures the pencil in the disc of radius r about c.
func (k *Ink) Disc(c layout.Point, r, thresh float64) Spot {
	var sp Spot
	n, seen, cov, dark := 0, 0, 0, 0.0
	step := 1 / k.PerMM
	for y := -r; y <= r; y += step {
		for x := -r; x <= r; x += step {
			if x*x+y*y > r*r {
				continue
			}
			n++
			v, ok := k.At(layout.Point{X: c.X + x, Y: c.Y + y})
			if !ok {
				continue
			}
			seen++
			dark += v
			if v >= thresh {
				cov++
			}
		}
	}
	if n > 0 {
		sp.Seen = float64(seen) / float64(n)
	}
	if seen > 0 {
		sp.Cover = float64(cov) / float64(seen)
		sp.Dark = dark / float64(seen)
	}
	return sp
}

// Level returns the pencil's usual darkness on the board: the median of
// the samples darker than floor, or floor when there are none. Readers
// set their thresholds from it, since a 2B pencil on a dark copy and an
// HB pencil photographed in dim light differ threefold.
func (k *Ink) Level(floor float64) float64 {
	var hist [256]int
	lo := int(math.Ceil(floor * 255))
	total := 0
	for n, v := range k.Pencil {
		if k.Print[n] == 0 && int(v) >= lo {
			hist[v]++
			total++
		}
	}
	if total == 0 {
		return floor
	}
	c := 0
	for v := lo; v < 256; v++ {
		c += hist[v]
		if 2*c >= total {
			return float64(v) / 255
		}
	}
	return floor
}

// ArcPoints returns the polyline of the arc of the circle (c, r) from
// angle a0 to a1 (radians, +x towards +y), with pieces of about step mm.
func ArcPoints(c layout.Point, r, a0, a1, step float64) []layout.Point {
	n := max(1, int(math.Ceil(math.Abs(a1-a0)*r/step)))
	out := make([]layout.Point, n+1)
	for i := range out {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		out[i] = layout.Point{X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a)}
	}
	return out
}

// Tool is what a player draws a stroke with.
type Tool int

// Tools.
const (
	Freehand Tool = iota // a pencil line drawn by hand
	Ruler                // a straight line along a ruler
	Compass              // an arc drawn with a compass
	Dot                  // a dot: Points holds its centre
	Shade                // a region shaded in: Points is its outline
)

// Stroke is one thing a player draws on the paper, in page millimetres:
// what a game's Paper returns and the tests' pencil draws.
type Stroke struct {
	Tool   Tool
	Points []layout.Point
	Seat   int // who drew it
	// Colour: shaded with the seat's coloured pencil (Crossing The
	// Rings' sections and key boxes); else graphite (an exam bubble).
	Colour bool
}

// Sectors measures the pencil round c in n equal angular sectors of the
// ring from sectorInner to r: in each, the mean of the darkest third of
// its seen samples (a dot need not fill the ring), -1 for a sector the print
// hides entirely. A dot darkens every sector; a line through c only the
// two it crosses, which is how a dot on a crossing is told from the lines
// drawn through it.
func (k *Ink) Sectors(c layout.Point, r float64, n int) []float64 {
	vals := make([][]float64, n)
	step := 1 / k.PerMM
	for y := -r; y <= r; y += step {
		for x := -r; x <= r; x += step {
			if d := x*x + y*y; d > r*r || d < sectorInner*sectorInner {
				continue
			}
			v, ok := k.At(layout.Point{X: c.X + x, Y: c.Y + y})
			if !ok {
				continue
			}
			a := math.Atan2(y, x)
			s := int(math.Floor((a + math.Pi) / (2 * math.Pi) * float64(n)))
			s = min(max(s, 0), n-1)
			vals[s] = append(vals[s], v)
		}
	}
	out := make([]float64, n)
	for i, vs := range vals {
		out[i] = -1
		if len(vs) == 0 {
			continue
		}
		sort.Sort(sort.Reverse(sort.Float64Slice(vs)))
		q := max(1, len(vs)/3)
		sum := 0.0
		for _, v := range vs[:q] {
			sum += v
		}
		out[i] = sum / float64(q)
	}
	return out
}

// sectorInner is the radius, in mm, within which Sectors looks at no
// sample: there a line through the centre falls in every sector.
const sectorInner = 0.35

// Blob is the evidence of a filled dot round c: the k-th darkest of the
// n sectors of the disc of radius r (sectors the print hides are left
// out; 0 when fewer than k are seen).
func (k *Ink) Blob(c layout.Point, r float64, n, kth int) float64 {
	s := k.Sectors(c, r, n)
	var seen []float64
	for _, v := range s {
		if v >= 0 {
			seen = append(seen, v)
		}
	}
	if len(seen) < kth {
		return 0
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(seen)))
	return seen[kth-1]
}
