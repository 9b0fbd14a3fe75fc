package readtest

import (
	"math"
	"math/rand/v2"

	"papergames/layout"
	"papergames/scan"
)

// Pencil is how a hand draws: the grey of its graphite (or the colours of
// its coloured pencils), the width of its line, how much its freehand
// lines wander, and the accidents of paper.
type Pencil struct {
	Dark      float64 // darkness of a stroke's core, 0 to 1 (an HB pencil about 0.5)
	Width     float64 // mm
	Wobble    float64 // mm a freehand line strays
	Overshoot float64 // mm a ruled line may run past its ends
	Gaps      float64 // chance a mm of a stroke skips a bit of paper
	Smudges   int     // grey smudges on the page
	Stray     int     // stray lines where no move is
	Erased    int     // lines drawn and rubbed out (a faint trace)
	// Colours, when set, are the seats' coloured pencils (shading).
	Colours []layout.Color
}

// Pencils are the usual hands: a light HB, a firm 2B, a hurried one,
// each player with a coloured pencil of their own for shading.
var Pencils = []Pencil{
	{Dark: 0.45, Width: 0.45, Wobble: 0.15, Overshoot: 0.8, Gaps: 0.03, Colours: ColouredPencils},
	{Dark: 0.75, Width: 0.6, Wobble: 0.25, Overshoot: 1.2, Gaps: 0.01, Smudges: 1, Colours: ColouredPencils},
	{Dark: 0.55, Width: 0.5, Wobble: 0.35, Overshoot: 1.5, Gaps: 0.05, Smudges: 2, Stray: 1, Erased: 1, Colours: ColouredPencils},
}

// ColouredPencils are the seats' coloured pencils as they shade white
// paper at an even pressure: blue, orange, green, red, purple, brown,
// pink, teal. On a grey copy the first two stay apart (a dark and a light
// grey); among more, several greys come close, as they do on paper.
var ColouredPencils = []layout.Color{
	{R: 70, G: 110, B: 210}, {R: 245, G: 150, B: 50}, {R: 60, G: 165, B: 80}, {R: 215, G: 55, B: 60},
	{R: 150, G: 80, B: 180}, {R: 150, G: 100, B: 60}, {R: 240, G: 130, B: 180}, {R: 40, G: 160, B: 170},
}

// Draw draws the strokes on the page, darkening it as graphite does
// (multiplied into the print). Shading, lines and accidents lie on layers
// of their own: graphite drawn across a coloured pencil's shading darkens
// it further, and a smudge darkens the lines under it (on one layer,
// what is drawn later paints over what is under it).
func (pen Pencil) Draw(page *layout.Raster, strokes []scan.Stroke, rng *rand.Rand) {
	b := page.Img.Bounds()
	w, h := float64(b.Dx())/page.Scale, float64(b.Dy())/page.Scale
	layer := layout.NewRaster(w, h, page.Scale)
	layer.Map = page.Map
	var shade *layout.Raster
	for _, s := range strokes {
		if s.Tool == scan.Shade {
			if shade == nil {
				shade = layout.NewRaster(w, h, page.Scale)
				shade.Map = page.Map
			}
			pen.stroke(shade, s, rng)
			continue
		}
		pen.stroke(layer, s, rng)
	}
	if shade != nil {
		multiply(page, shade)
	}
	// The accidents of paper darken what is drawn, as graphite does,
	// never paint over it: they lie on a layer of their own.
	multiply(page, layer)
	layer = layout.NewRaster(w, h, page.Scale)
	layer.Map = page.Map
	for range pen.Smudges {
		c := layout.Point{X: w * (0.2 + 0.6*rng.Float64()), Y: h * (0.2 + 0.6*rng.Float64())}
		r := 2 + 4*rng.Float64()
		for k := 6; k >= 1; k-- { // a soft edge: rings of lighter grey
			layer.Fill((&layout.Path{}).Circle(c, r*float64(k)/6), grey(0.025))
		}
	}
	for range pen.Stray {
		a := layout.Point{X: w * (0.15 + 0.7*rng.Float64()), Y: h * (0.15 + 0.7*rng.Float64())}
		ang := rng.Float64() * 2 * math.Pi
		l := 3 + 6*rng.Float64()
		z := layout.Point{X: a.X + l*math.Cos(ang), Y: a.Y + l*math.Sin(ang)}
		pen.line(layer, []layout.Point{a, z}, pen.Wobble*2, grey(pen.Dark*0.8), rng)
	}
	for range pen.Erased {
		if len(strokes) == 0 {
			break
		}
		s := strokes[rng.IntN(len(strokes))]
		if len(s.Points) < 2 {
			continue
		}
		// A line drawn, rubbed out: a faint trace beside a real one.
		off := 4 + 6*rng.Float64()
		var pts []layout.Point
		for _, p := range s.Points {
			pts = append(pts, layout.Point{X: p.X + off, Y: p.Y + off*0.5})
		}
		pen.line(layer, pts, pen.Wobble, grey(0.08), rng)
	}
	multiply(page, layer)
}

// pressed is colour c laid down k times as densely (Beer and Lambert: a
// channel's transmittance to the power k), as a hand presses lighter or
// harder from one shading to the next.
func pressed(c layout.Color, k float64) layout.Color {
	ch := func(v uint8) uint8 { return uint8(math.Round(255 * math.Pow(float64(v)/255, k))) }
	return layout.Color{R: ch(c.R), G: ch(c.G), B: ch(c.B)}
}

func grey(dark float64) layout.Color {
	v := uint8(math.Round(255 * (1 - math.Min(1, math.Max(0, dark)))))
	return layout.Color{R: v, G: v, B: v}
}

// stroke draws one stroke as the hand would.
func (pen Pencil) stroke(layer *layout.Raster, s scan.Stroke, rng *rand.Rand) {
	dark := pen.Dark * (0.8 + 0.35*rng.Float64())
	c := grey(dark)
	if pen.Colours != nil && s.Tool == scan.Shade && s.Colour {
		c = pressed(pen.Colours[s.Seat%len(pen.Colours)], 0.75+0.4*rng.Float64())
	}
	switch s.Tool {
	case scan.Dot:
		p := s.Points[0]
		r := 0.8 + 0.5*rng.Float64()
		// A dot is pressed, round-ish: a polygon with a jittered rim.
		var pts []layout.Point
		for k := range 12 {
			a := 2 * math.Pi * float64(k) / 12
			rr := r * (0.85 + 0.25*rng.Float64())
			pts = append(pts, layout.Point{X: p.X + rr*math.Cos(a), Y: p.Y + rr*math.Sin(a)})
		}
		layer.Fill(layout.Polygon(pts...), grey(math.Min(1, dark*1.3)))
	case scan.Shade:
		layer.Fill(layout.Polygon(s.Points...), c)
	case scan.Ruler:
		pts := s.Points
		a, z := pts[0], pts[len(pts)-1]
		l := a.Dist(z)
		if l == 0 {
			return
		}
		u := layout.Point{X: (z.X - a.X) / l, Y: (z.Y - a.Y) / l}
		o0 := pen.Overshoot * (rng.Float64()*1.2 - 0.2) // slightly short or past the end
		o1 := pen.Overshoot * (rng.Float64()*1.2 - 0.2)
		a = layout.Point{X: a.X - u.X*o0, Y: a.Y - u.Y*o0}
		z = layout.Point{X: z.X + u.X*o1, Y: z.Y + u.Y*o1}
		pen.line(layer, []layout.Point{a, z}, 0.05, c, rng)
	case scan.Compass:
		pen.line(layer, s.Points, 0.03, c, rng)
	default:
		pen.line(layer, s.Points, pen.Wobble, c, rng)
	}
}

// line draws a polyline that wanders up to wobble mm, with gaps.
func (pen Pencil) line(layer *layout.Raster, pts []layout.Point, wobble float64, c layout.Color, rng *rand.Rand) {
	// Resample every 0.5 mm, displaced by a slow random walk across.
	var path []layout.Point
	phase, freq := rng.Float64()*6, 0.15+0.2*rng.Float64()
	dist := 0.0
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		l := a.Dist(b)
		if l == 0 {
			continue
		}
		n := max(1, int(l/0.5))
		nx, ny := -(b.Y-a.Y)/l, (b.X-a.X)/l
		for k := 0; k <= n; k++ {
			if k == 0 && i > 1 {
				continue
			}
			t := float64(k) / float64(n)
			d := dist + t*l
			off := wobble * math.Sin(phase+freq*d) * math.Min(1, math.Min(d, 1e9)/3)
			path = append(path, layout.Point{X: a.X + (b.X-a.X)*t + nx*off, Y: a.Y + (b.Y-a.Y)*t + ny*off})
		}
		dist += l
	}
	width := pen.Width * (0.85 + 0.3*rng.Float64())
	var cur []layout.Point
	flush := func() {
		if len(cur) > 1 {
			p := &layout.Path{}
			p.Move(cur[0])
			for _, q := range cur[1:] {
				p.Line(q)
			}
			layer.Stroke(p, layout.Pen{Width: width, Color: c})
		}
		cur = nil
	}
	for i, p := range path {
		// A gap: the pencil skips about half a millimetre.
		if i > 0 && i < len(path)-1 && rng.Float64() < pen.Gaps*0.5 {
			flush()
			continue
		}
		cur = append(cur, p)
	}
	flush()
}

// multiply darkens page by layer, channel by channel.
func multiply(page, layer *layout.Raster) {
	d, s := page.Img.Pix, layer.Img.Pix
	for i := 0; i+3 < len(d) && i+3 < len(s); i += 4 {
		for k := range 3 {
			d[i+k] = uint8(int(d[i+k]) * int(s[i+k]) / 255)
		}
	}
}
