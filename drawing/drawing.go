// Package drawing is `papergames faces`: it reads a drawing of straight
// segments (JSON or YAML), counts its faces exactly with package geom, and
// reports or renders them.
package drawing

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"papergames/geom"
	"papergames/input"
)

// MaxSegments bounds a drawing, so a huge file is refused, not a hang.
const MaxSegments = 200000

// Read reads {"segments": [[[x1, y1], [x2, y2]], ...]}, each coordinate an
// integer, a decimal or a fraction (as a number or a string), exactly.
// Every bad coordinate or segment is reported with its line and column.
func Read(name string, data []byte) ([]geom.Segment, error) {
	root, err := input.Parse(name, data)
	if err != nil {
		return nil, err
	}
	f, err := root.Fields("the drawing", "segments")
	if err != nil {
		return nil, err
	}
	sn, ok := f["segments"]
	if !ok {
		return nil, root.Errorf(`the drawing needs a "segments" list: segments: [[[x1, y1], [x2, y2]], ...]`)
	}
	items, err := sn.List("segments")
	if err != nil {
		return nil, err
	}
	if len(items) > MaxSegments {
		return nil, sn.Errorf("%d segments; the limit is %d", len(items), MaxSegments)
	}
	var errs input.Errors
	segs := make([]geom.Segment, 0, len(items))
	for i, it := range items {
		s, err := readSegment(it, i)
		if err != nil {
			errs.Add(err, name)
			continue
		}
		segs = append(segs, s)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return segs, nil
}

func readSegment(n *input.Node, i int) (geom.Segment, error) {
	shape := fmt.Sprintf("segment %d must be two points [[x1, y1], [x2, y2]]", i+1)
	if n.Kind != input.Seq || len(n.Items) != 2 {
		return geom.Segment{}, n.Errorf("%s", shape)
	}
	var pts [2]geom.Point
	for e, pn := range n.Items {
		if pn.Kind != input.Seq || len(pn.Items) != 2 {
			return geom.Segment{}, pn.Errorf("%s: end %d is not [x, y]", shape, e+1)
		}
		var xy [2]string
		for c, cn := range pn.Items {
			if cn.Kind != input.Scalar {
				return geom.Segment{}, cn.Errorf("segment %d, end %d: %s must be a number", i+1, e+1, "xy"[c:c+1])
			}
			if _, err := geom.ParseNumber(cn.Text); err != nil {
				why := err.Error()
				if ne := (*geom.NumberError)(nil); errors.As(err, &ne) {
					why = ne.Msg // without the text again
				}
				return geom.Segment{}, cn.Errorf("segment %d, end %d: %s = %s: %s", i+1, e+1, "xy"[c:c+1], input.Quote(cn.Text), why)
			}
			xy[c] = cn.Text
		}
		p, _ := geom.ParsePoint(xy[0], xy[1])
		pts[e] = p
	}
	if pts[0].Equal(pts[1]) {
		return geom.Segment{}, n.Errorf("segment %d has zero length: both ends are %s", i+1, input.Clip(pts[0].String()))
	}
	return geom.Segment{A: pts[0], B: pts[1]}, nil
}

// Report is what `papergames faces` prints.
type Report struct {
	Segments   int
	Faces      int
	Histogram  map[int]int
	Holes      int // faces with at least one hole
	Vertices   int
	Edges      int
	Components int
}

// Summarize counts the faces of a.
func Summarize(a *geom.Arrangement, segments int) Report {
	// The counts only: listing the faces (exact corners, sorted) is left to
	// whoever draws them.
	return Report{Segments: segments, Faces: a.FaceCount(), Histogram: a.SidesHistogram(),
		Holes: a.FacesWithHoles(), Vertices: a.Vertices(), Edges: a.Edges(), Components: a.Components()}
}

// JSON returns the report as {"faces": N, "sides_histogram": {"3": a, ...},
// "holes": H, "vertices": V, "edges": E, "components": C}.
func (r Report) JSON() []byte {
	h := map[string]int{}
	for k, v := range r.Histogram {
		if v > 0 {
			h[strconv.Itoa(k)] = v
		}
	}
	b, _ := json.Marshal(struct {
		Faces      int            `json:"faces"`
		Histogram  map[string]int `json:"sides_histogram"`
		Holes      int            `json:"holes"`
		Vertices   int            `json:"vertices"`
		Edges      int            `json:"edges"`
		Components int            `json:"components"`
	}{r.Faces, h, r.Holes, r.Vertices, r.Edges, r.Components})
	return append(b, '\n')
}

// PolygonName names an n-sided polygon.
func PolygonName(n int) string {
	names := map[int]string{3: "triangle", 4: "quadrilateral", 5: "pentagon", 6: "hexagon", 7: "heptagon", 8: "octagon", 9: "nonagon", 10: "decagon"}
	if s, ok := names[n]; ok {
		return s
	}
	return fmt.Sprintf("%d-gon", n)
}

// Text returns the report for people.
func (r Report) Text(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d segments\n", name, r.Segments)
	var keys []int
	for k := range r.Histogram {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var parts []string
	for _, k := range keys {
		n := r.Histogram[k]
		word := PolygonName(k)
		if n != 1 {
			word += "s"
		}
		parts = append(parts, fmt.Sprintf("%d %s", n, word))
	}
	fmt.Fprintf(&b, "faces       %d", r.Faces)
	if len(parts) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	}
	b.WriteString("\n")
	if len(keys) > 0 {
		b.WriteString("  sides  faces\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "  %5d  %5d\n", k, r.Histogram[k])
		}
	}
	fmt.Fprintf(&b, "holes       %d face(s) with islands inside that enclose area\n", r.Holes)
	fmt.Fprintf(&b, "vertices    %d\nedges       %d\ncomponents  %d\n", r.Vertices, r.Edges, r.Components)
	return b.String()
}
