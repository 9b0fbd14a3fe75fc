package layout

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	svg "github.com/ajstarks/svgo"
)

// TestShapesAsSvgo: Stroke and Fill write their elements themselves, and
// must write svgo's bytes: the path data formatted as fmt would, the
// attributes as svgo's endstyle joins them.
func TestShapesAsSvgo(t *testing.T) {
	c := Pt(20.004, 31.5)
	paths := map[string]*Path{
		"circle":  (&Path{}).Arc(c, 7.25, 0, 2*math.Pi).Close(),
		"line":    Segment(Pt(1.2, 3.4), Pt(50.55, -2.01)),
		"sector":  (&Path{}).Arc(c, 9, -1, 2.5).Arc(c, 4, 1.5, -2.5).Close(),
		"big arc": (&Path{}).Arc(c, 12, 0.3, -5.9),
	}
	pens := []Pen{{Width: 0.35, Color: Black}, {Width: 0.2, Color: RGB(205, 100, 7), Dash: []float64{1, 0.55}}}
	for name, p := range paths {
		for _, pen := range pens {
			var want bytes.Buffer
			s := svg.New(&want)
			attrs := []string{`fill="none"`, fmt.Sprintf(`stroke="#%02x%02x%02x"`, pen.Color.R, pen.Color.G, pen.Color.B), fmt.Sprintf(`stroke-width="%d"`, u(pen.Width))}
			if len(pen.Dash) > 0 {
				var ds []string
				for _, v := range pen.Dash {
					ds = append(ds, fmt.Sprint(u(v)))
				}
				attrs = append(attrs, `stroke-dasharray="`+strings.Join(ds, " ")+`"`)
			}
			fill := []string{fmt.Sprintf(`fill="#%02x%02x%02x"`, pen.Color.R, pen.Color.G, pen.Color.B), `stroke="none"`}
			if cc, ok := singleCircle(p); ok {
				s.Circle(u(cc.Center.X), u(cc.Center.Y), u(cc.Radius), attrs...)
				s.Circle(u(cc.Center.X), u(cc.Center.Y), u(cc.Radius), fill...)
			} else {
				s.Path(fmtPathData(p), attrs...)
				s.Path(fmtPathData(p), append(fill, `fill-rule="evenodd"`)...)
			}
			var got bytes.Buffer
			d := &SVG{cur: svg.New(&got)}
			d.Stroke(p, pen)
			d.Fill(p, pen.Color)
			if got.String() != want.String() {
				t.Errorf("%s, %v:\n got %s\nwant %s", name, pen, got.String(), want.String())
			}
		}
	}
}

// fmtPathData is the path data as fmt formats it.
func fmtPathData(p *Path) string {
	var b strings.Builder
	for _, c := range p.Comps {
		switch c.Kind {
		case MoveTo:
			fmt.Fprintf(&b, "M%d %d", u(c.Pos.X), u(c.Pos.Y))
		case LineTo:
			fmt.Fprintf(&b, "L%d %d", u(c.Pos.X), u(c.Pos.Y))
		case ArcTo:
			n := max(int(math.Ceil(math.Abs(c.Sweep)/(math.Pi*0.999))), 1)
			sweep := 1
			if c.Sweep < 0 {
				sweep = 0
			}
			for i := 1; i <= n; i++ {
				a := c.Start + c.Sweep*float64(i)/float64(n)
				fmt.Fprintf(&b, "A%d %d 0 0 %d %d %d", u(c.Radius), u(c.Radius), sweep, u(c.Center.X+c.Radius*math.Cos(a)), u(c.Center.Y+c.Radius*math.Sin(a)))
			}
		case Close:
			b.WriteString("Z")
		}
	}
	return b.String()
}
