package analysis

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot draws r's chart to name (.pdf, .svg or .png), in the manner of a
// figure in a paper: black axes, thin lines, markers, error bars, a
// legend, no background colour.
func Plot(r *Result, name string) error {
	b, err := PlotBytes(r, strings.TrimPrefix(filepath.Ext(name), "."))
	if err != nil {
		return err
	}
	return writeFile(name, b)
}

// A chart's PDF has fixed dates and a sorted catalogue, as every other
// PDF papergames writes, so that the same answer gives the same bytes.
// gonum/plot's PDF canvas keeps its fpdf document to itself: the defaults
// fpdf gives every new document are the way to reach them.
func init() {
	epoch := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	fpdf.SetDefaultCreationDate(epoch)
	fpdf.SetDefaultModificationDate(epoch)
	fpdf.SetDefaultCatalogSort(true)
}

// greys and shapes tell the series apart in print, without colour alone.
var (
	inks = []color.Color{
		color.Black,
		color.RGBA{0x1f, 0x4e, 0x99, 0xff},
		color.RGBA{0xb2, 0x22, 0x22, 0xff},
		color.RGBA{0x2e, 0x7d, 0x32, 0xff},
		color.RGBA{0x6a, 0x3d, 0x9a, 0xff},
		color.RGBA{0x99, 0x66, 0x00, 0xff},
	}
	dashes = [][]vg.Length{nil, {vg.Points(4), vg.Points(2)}, {vg.Points(1), vg.Points(2)}, {vg.Points(6), vg.Points(2), vg.Points(1), vg.Points(2)}}
)

// PlotBytes draws r's chart in format "pdf", "svg" or "png".
func PlotBytes(r *Result, format string) ([]byte, error) {
	c := r.Chart
	if c == nil {
		return nil, fmt.Errorf("%s %s has no chart to draw", r.Game, r.Question)
	}
	p := plot.New()
	p.Title.Text = c.Title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.X.Label.Text = c.X
	p.Y.Label.Text = c.Y
	p.Legend.Top = !strings.HasPrefix(c.Legend, "bottom")
	p.Legend.Left = !strings.HasSuffix(c.Legend, "right")
	switch {
	case strings.HasPrefix(c.Legend, "middle"):
		p.Legend.YOffs = -1.1 * vg.Inch
	case strings.HasPrefix(c.Legend, "upper middle"):
		p.Legend.YOffs = -0.55 * vg.Inch
	case strings.HasPrefix(c.Legend, "lower middle"):
		p.Legend.YOffs = -1.5 * vg.Inch
	}
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	w, h := 5*vg.Inch, 3.4*vg.Inch
	if d := c.Drawing; d != nil {
		drawLayout(p, d)
		w, h = 4*vg.Inch, 4*vg.Inch
		if x0, x1, y0, y1 := d.bounds(); x1 > x0 && y1 > y0 {
			ar := (y1 - y0) / (x1 - x0)
			h = vg.Length(math.Min(6, math.Max(2, 4*ar))) * vg.Inch
		}
	} else {
		p.Add(plotter.NewGrid())
		for i, s := range c.Series {
			xy := make(plotter.XYs, len(s.X))
			for j := range s.X {
				xy[j] = plotter.XY{X: s.X[j], Y: s.Y[j]}
			}
			line, pts, err := plotter.NewLinePoints(xy)
			if err != nil {
				return nil, err
			}
			ink := inks[i%len(inks)]
			line.Color = ink
			line.Width = vg.Points(0.9)
			line.Dashes = dashes[i%len(dashes)]
			pts.Color = ink
			pts.Shape = shapes[i%len(shapes)]
			pts.Radius = vg.Points(2.2)
			p.Add(line, pts)
			p.Legend.Add(s.Name, line, pts)
			if len(s.Lo) == len(s.X) && len(s.Hi) == len(s.X) {
				eb := make(errPoints, len(s.X))
				for j := range s.X {
					eb[j] = errPoint{s.X[j], s.Y[j], s.Y[j] - s.Lo[j], s.Hi[j] - s.Y[j]}
				}
				bars, err := plotter.NewYErrorBars(eb)
				if err != nil {
					return nil, err
				}
				bars.Color = ink
				bars.Width = vg.Points(0.6)
				p.Add(bars)
			}
		}
		// A margin round the data, so that the end points, their error
		// bars and glyphs stay clear of the frame and the title.
		if dx, dy := p.X.Max-p.X.Min, p.Y.Max-p.Y.Min; dx > 0 && dy > 0 {
			p.X.Min, p.X.Max = p.X.Min-0.04*dx, p.X.Max+0.04*dx
			p.Y.Min, p.Y.Max = p.Y.Min-0.06*dy, p.Y.Max+0.08*dy
		}
	}
	wt, err := p.WriterTo(w, h, format)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var shapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}}

type errPoint struct{ x, y, lo, hi float64 }
type errPoints []errPoint

func (e errPoints) Len() int                        { return len(e) }
func (e errPoints) XY(i int) (float64, float64)     { return e[i].x, e[i].y }
func (e errPoints) YError(i int) (float64, float64) { return e[i].lo, e[i].hi }

func (d *Drawing) bounds() (x0, x1, y0, y1 float64) {
	x0, y0 = math.Inf(1), math.Inf(1)
	x1, y1 = math.Inf(-1), math.Inf(-1)
	add := func(x, y float64) {
		x0, x1, y0, y1 = math.Min(x0, x), math.Max(x1, x), math.Min(y0, y), math.Max(y1, y)
	}
	for _, s := range d.Segments {
		add(s[0], s[1])
		add(s[2], s[3])
	}
	for _, p := range d.Dots {
		add(p[0], p[1])
	}
	if d.Circle {
		add(-1, -1)
		add(1, 1)
	}
	return
}

// drawLayout draws a drawing with equal scales and no axes.
func drawLayout(p *plot.Plot, d *Drawing) {
	p.HideAxes()
	if d.Circle {
		var xy plotter.XYs
		for i := 0; i <= 360; i++ {
			t := float64(i) * math.Pi / 180
			xy = append(xy, plotter.XY{X: math.Sin(t), Y: math.Cos(t)})
		}
		l, _ := plotter.NewLine(xy)
		l.Color = color.Gray{0x90}
		l.Width = vg.Points(0.6)
		p.Add(l)
	}
	for i, s := range d.Segments {
		x1, y1, x2, y2 := s[0], s[1], s[2], s[3]
		if n := math.Hypot(x2-x1, y2-y1); d.Gap > 0 && n > 2*d.Gap {
			dx, dy := (x2-x1)/n*d.Gap, (y2-y1)/n*d.Gap
			x1, y1, x2, y2 = x1+dx, y1+dy, x2-dx, y2-dy
		}
		l, _ := plotter.NewLine(plotter.XYs{{X: x1, Y: y1}, {X: x2, Y: y2}})
		l.Width = vg.Points(1.6)
		l.Color = inks[1+i%2]
		if d.Given > 0 {
			l.Color = inks[1+(i-d.Given)%2]
			if i < d.Given {
				l.Color, l.Width = color.Black, vg.Points(2.2)
			}
		}
		p.Add(l)
	}
	if len(d.Dots) > 0 {
		xy := make(plotter.XYs, len(d.Dots))
		for i, q := range d.Dots {
			xy[i] = plotter.XY{X: q[0], Y: q[1]}
		}
		sc, _ := plotter.NewScatter(xy)
		sc.Shape = draw.CircleGlyph{}
		sc.Radius = vg.Points(2.4)
		sc.Color = color.Black
		p.Add(sc)
	}
	if len(d.Labels) > 0 {
		var xy plotter.XYLabels
		for _, l := range d.Labels {
			xy.XYs = append(xy.XYs, plotter.XY{X: l.X, Y: l.Y})
			xy.Labels = append(xy.Labels, l.Text)
		}
		lb, err := plotter.NewLabels(xy)
		if err == nil {
			p.Add(lb)
		}
	}
	x0, x1, y0, y1 := d.bounds()
	m := 0.06 * math.Max(x1-x0, y1-y0)
	p.X.Min, p.X.Max = x0-m, x1+m
	p.Y.Min, p.Y.Max = y0-m, y1+m
}
