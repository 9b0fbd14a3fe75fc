package layout

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Raster is a Canvas that paints into an image: the third writer beside
// PDF and SVG, for what papergames shows as pixels (the overlay of a read
// scan) and for the reader's tests, which print sheets to images and draw
// on them as a pencil would. Page millimetres reach the image through
// Map, which may be any smooth map (a scan's perspective); widths and
// curves are scaled by the map's size at the point drawn.
type Raster struct {
	Img *image.RGBA
	// Map takes page millimetres to image pixels.
	Map func(Point) (float64, float64)
	// Scale is the map's pixels per millimetre, for pen widths and the
	// flattening tolerance.
	Scale float64
	// Opacity, when above 0 and below 1, paints translucently: an
	// overlay over a photo lets the photo show through.
	Opacity float64
}

// NewRaster returns a white page w by h millimetres at dpm pixels per
// millimetre, its top left corner at pixel (0, 0).
func NewRaster(w, h, dpm float64) *Raster {
	img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(w*dpm)), int(math.Ceil(h*dpm))))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	return &Raster{Img: img, Map: func(p Point) (float64, float64) { return p.X * dpm, p.Y * dpm }, Scale: dpm}
}

// RasterDoc is a Document of Raster pages.
type RasterDoc struct {
	DPM   float64
	Pages []*Raster
	// Only, when set, keeps the pages it holds (from 1): the others are
	// nil, and drawing on them costs nothing.
	Only map[int]bool
	cur  *Raster
}

// NewRasterDoc returns an empty document painted at dpm pixels per mm.
func NewRasterDoc(dpm float64) *RasterDoc { return &RasterDoc{DPM: dpm} }

// AddPage implements Document.
func (d *RasterDoc) AddPage(w, h float64) {
	d.cur = nil
	if d.Only == nil || d.Only[len(d.Pages)+1] {
		d.cur = NewRaster(w, h, d.DPM)
	}
	d.Pages = append(d.Pages, d.cur)
}

// Stroke implements Canvas.
func (d *RasterDoc) Stroke(p *Path, pen Pen) {
	if d.cur != nil {
		d.cur.Stroke(p, pen)
	}
}

// Fill implements Canvas.
func (d *RasterDoc) Fill(p *Path, c Color) {
	if d.cur != nil {
		d.cur.Fill(p, c)
	}
}

// Text implements Canvas.
func (d *RasterDoc) Text(at Point, s string, f Font, a Align, c Color) {
	if d.cur != nil {
		d.cur.Text(at, s, f, a, c)
	}
}

// tolerance is the flattening tolerance in pixels.
const tolerance = 0.1

// flatten returns the subpaths of p as polylines in millimetres, each
// closed one with its first point repeated at its end.
func (r *Raster) flatten(p *Path) [][]Point {
	var out [][]Point
	var cur []Point
	flush := func() {
		if len(cur) > 1 {
			out = append(out, cur)
		}
		cur = nil
	}
	for _, c := range p.Comps {
		switch c.Kind {
		case MoveTo:
			flush()
			cur = []Point{c.Pos}
		case LineTo:
			cur = append(cur, c.Pos)
		case ArcTo:
			// Segments of a chord error below the tolerance: the sagitta of
			// an angle step a is r(1-cos(a/2)) ~ r a^2/8.
			rpx := c.Radius * r.Scale
			step := math.Pi / 2
			if rpx > tolerance {
				step = math.Min(step, 2*math.Sqrt(2*tolerance/rpx))
			}
			n := max(1, int(math.Ceil(math.Abs(c.Sweep)/step)))
			for i := 1; i <= n; i++ {
				a := c.Start + c.Sweep*float64(i)/float64(n)
				cur = append(cur, Point{c.Center.X + c.Radius*math.Cos(a), c.Center.Y + c.Radius*math.Sin(a)})
			}
		case Close:
			if len(cur) > 0 {
				cur = append(cur, cur[0])
			}
			flush()
		}
	}
	flush()
	return out
}

// px maps a polyline to pixels.
func (r *Raster) px(pl []Point) [][2]float64 {
	out := make([][2]float64, len(pl))
	for i, p := range pl {
		x, y := r.Map(p)
		out[i] = [2]float64{x, y}
	}
	return out
}

// paint fills the polygons (pixel coordinates, each closed implicitly)
// with c, anti-aliased. Polygons are summed with their orientation and the
// coverage clamped, so callers orient them: all alike for a union, holes
// the other way.
func (r *Raster) paint(polys [][][2]float64, c Color) {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, pl := range polys {
		for _, q := range pl {
			minX, maxX = math.Min(minX, q[0]), math.Max(maxX, q[0])
			minY, maxY = math.Min(minY, q[1]), math.Max(maxY, q[1])
		}
	}
	b := r.Img.Bounds()
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1).Intersect(b)
	if box.Empty() || math.IsNaN(minX) {
		return
	}
	z := vector.NewRasterizer(box.Dx(), box.Dy())
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	for _, pl := range polys {
		if len(pl) < 3 {
			continue
		}
		z.MoveTo(float32(pl[0][0]-ox), float32(pl[0][1]-oy))
		for _, q := range pl[1:] {
			z.LineTo(float32(q[0]-ox), float32(q[1]-oy))
		}
		z.ClosePath()
	}
	z.DrawOp = draw.Over
	src := image.Image(image.NewUniform(color.RGBA{c.R, c.G, c.B, 255}))
	if r.Opacity > 0 && r.Opacity < 1 {
		a := r.Opacity
		src = image.NewUniform(color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)})
	}
	z.Draw(r.Img, box, src, image.Point{})
}

// area2 is twice the signed area of a polygon in pixels.
func area2(pl [][2]float64) float64 {
	a := 0.0
	for i := range pl {
		j := (i + 1) % len(pl)
		a += pl[i][0]*pl[j][1] - pl[j][0]*pl[i][1]
	}
	return a
}

func reversed(pl [][2]float64) [][2]float64 {
	out := make([][2]float64, len(pl))
	for i, q := range pl {
		out[len(pl)-1-i] = q
	}
	return out
}

// inside reports whether q is inside the polygon pl (even-odd).
func inside(q [2]float64, pl [][2]float64) bool {
	in := false
	for i := range pl {
		a, b := pl[i], pl[(i+1)%len(pl)]
		if (a[1] > q[1]) != (b[1] > q[1]) && q[0] < a[0]+(q[1]-a[1])*(b[0]-a[0])/(b[1]-a[1]) {
			in = !in
		}
	}
	return in
}

// Fill implements Canvas with the even-odd rule: subpaths nested an odd
// number of times in others are holes (subpaths that cross each other are
// painted as a union, which the sheets never draw).
func (r *Raster) Fill(p *Path, c Color) {
	var polys [][][2]float64
	for _, pl := range r.flatten(p) {
		polys = append(polys, r.px(pl))
	}
	out := make([][][2]float64, 0, len(polys))
	for i, pl := range polys {
		depth := 0
		for j, o := range polys {
			if j != i && len(pl) > 0 && inside(pl[0], o) {
				depth++
			}
		}
		if (area2(pl) > 0) != (depth%2 == 0) {
			pl = reversed(pl)
		}
		out = append(out, pl)
	}
	r.paint(out, c)
}

// Stroke implements Canvas: butt ends, round joins, dashes as the pen says.
func (r *Raster) Stroke(p *Path, pen Pen) {
	w := math.Max(pen.Width*r.Scale, 0.5) / 2
	var polys [][][2]float64
	for _, pl := range r.flatten(p) {
		for _, piece := range dashes(pl, pen.Dash) {
			q := r.px(piece)
			polys = append(polys, strokePolys(q, w)...)
		}
	}
	r.paint(polys, pen.Color)
}

// dashes cuts a polyline (mm) into its dashes; pattern nil for none.
func dashes(pl []Point, pattern []float64) [][]Point {
	total := 0.0
	for _, d := range pattern {
		total += d
	}
	if len(pattern) == 0 || total <= 0 {
		return [][]Point{pl}
	}
	var out [][]Point
	k, left, on := 0, pattern[0], true
	cur := []Point{pl[0]}
	for i := 1; i < len(pl); i++ {
		a, b := pl[i-1], pl[i]
		seg := a.Dist(b)
		pos := 0.0
		for seg-pos > left {
			pos += left
			t := pos / seg
			m := Point{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t}
			if on {
				out = append(out, append(cur, m))
			}
			cur = []Point{m}
			on = !on
			k = (k + 1) % len(pattern)
			left = pattern[k]
		}
		left -= seg - pos
		cur = append(cur, b)
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// strokePolys returns the polygons covering a polyline stroked at half
// width w: a quadrilateral per piece and a disc at each inner joint, all
// oriented alike.
func strokePolys(q [][2]float64, w float64) [][][2]float64 {
	var out [][][2]float64
	add := func(pl [][2]float64) {
		if area2(pl) < 0 {
			pl = reversed(pl)
		}
		out = append(out, pl)
	}
	for i := 1; i < len(q); i++ {
		a, b := q[i-1], q[i]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*w, dx/l*w
		add([][2]float64{{a[0] + nx, a[1] + ny}, {b[0] + nx, b[1] + ny}, {b[0] - nx, b[1] - ny}, {a[0] - nx, a[1] - ny}})
	}
	closed := len(q) > 2 && q[0] == q[len(q)-1]
	for i := 1; i < len(q); i++ {
		if i == len(q)-1 && !closed {
			break
		}
		add(disc(q[i], w))
	}
	return out
}

// disc is a polygon close to the circle of radius w about c.
func disc(c [2]float64, w float64) [][2]float64 {
	n := max(8, min(64, int(w*4)))
	pl := make([][2]float64, n)
	for i := range pl {
		a := 2 * math.Pi * float64(i) / float64(n)
		pl[i] = [2]float64{c[0] + w*math.Cos(a), c[1] + w*math.Sin(a)}
	}
	return pl
}

// Text implements Canvas: the glyph outlines the SVG writer uses, filled
// with the nonzero rule as fonts are.
func (r *Raster) Text(at Point, s string, f Font, a Align, c Color) {
	x := at.X
	switch a {
	case Center:
		x -= TextWidth(s, f) / 2
	case Right:
		x -= TextWidth(s, f)
	}
	var buf sfnt.Buffer
	var polys [][][2]float64
	for _, ch := range s {
		fc, _ := faceFor(f, ch)
		upem := float64(fc.UnitsPerEm())
		gi, err := fc.GlyphIndex(&buf, ch)
		if err != nil || gi == 0 {
			continue
		}
		adv, err := fc.GlyphAdvance(&buf, gi, fixed.Int26_6(fc.UnitsPerEm())<<6, 0)
		if err != nil {
			continue
		}
		segs, err := fc.LoadGlyph(&buf, gi, fixed.Int26_6(fc.UnitsPerEm())<<6, nil)
		if err == nil {
			k := f.Size / upem / 64 // 26.6 font units to mm
			pt := func(p fixed.Point26_6) Point { return Point{x + float64(p.X)*k, at.Y + float64(p.Y)*k} }
			polys = append(polys, r.glyph(segs, pt)...)
		}
		x += float64(adv) / 64 / upem * f.Size
	}
	r.paint(polys, c)
}

// glyph flattens a glyph's outline (font units through pt to mm) into
// pixel polygons, keeping the font's orientation.
func (r *Raster) glyph(segs sfnt.Segments, pt func(fixed.Point26_6) Point) [][][2]float64 {
	var out [][][2]float64
	var cur []Point
	last := Point{}
	flush := func() {
		if len(cur) > 2 {
			out = append(out, r.px(cur))
		}
		cur = nil
	}
	curve := func(ctrl ...Point) {
		// Enough steps that the chords stay within the tolerance.
		l := 0.0
		prev := last
		for _, p := range ctrl {
			l += prev.Dist(p)
			prev = p
		}
		n := max(2, min(32, int(math.Ceil(math.Sqrt(l*r.Scale/tolerance)/2))))
		for i := 1; i <= n; i++ {
			t := float64(i) / float64(n)
			var q Point
			if len(ctrl) == 2 {
				u := 1 - t
				q = Point{u*u*last.X + 2*u*t*ctrl[0].X + t*t*ctrl[1].X, u*u*last.Y + 2*u*t*ctrl[0].Y + t*t*ctrl[1].Y}
			} else {
				q = Bezier{last, ctrl[0], ctrl[1], ctrl[2]}.At(t)
			}
			cur = append(cur, q)
		}
		last = ctrl[len(ctrl)-1]
	}
	for _, sg := range segs {
		switch sg.Op {
		case sfnt.SegmentOpMoveTo:
			flush()
			last = pt(sg.Args[0])
			cur = []Point{last}
		case sfnt.SegmentOpLineTo:
			last = pt(sg.Args[0])
			cur = append(cur, last)
		case sfnt.SegmentOpQuadTo:
			curve(pt(sg.Args[0]), pt(sg.Args[1]))
		case sfnt.SegmentOpCubeTo:
			curve(pt(sg.Args[0]), pt(sg.Args[1]), pt(sg.Args[2]))
		}
	}
	flush()
	return out
}
