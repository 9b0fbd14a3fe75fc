package drawing

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"papergames/geom"
)

// permGridDrawing is the Polygons In Permutation Grid drawing of a random
// permutation of n, as a `papergames faces` input file.
func permGridDrawing(n int) []byte {
	p := rand.New(rand.NewPCG(1, 2)).Perm(n)
	type pt struct{ x, y int }
	dots := make([]pt, n)
	for i := range dots {
		dots[i] = pt{i, p[i]}
	}
	var b strings.Builder
	b.WriteString(`{"segments": [`)
	first := true
	join := func(d []pt) {
		for i := 0; i+1 < len(d); i++ {
			if !first {
				b.WriteString(",")
			}
			first = false
			fmt.Fprintf(&b, "[[%d,%d],[%d,%d]]", d[i].x, d[i].y, d[i+1].x, d[i+1].y)
		}
	}
	join(dots) // column order
	byRow := append([]pt(nil), dots...)
	sort.Slice(byRow, func(i, j int) bool { return byRow[i].y < byRow[j].y })
	join(byRow)
	b.WriteString("]}")
	return []byte(b.String())
}

// BenchmarkFacesPermGrid1000 is the whole of `papergames faces --json` on
// the permutation-grid drawing of n = 1000 (1998 segments, about 110,000
// crossings): reading the file, the arrangement, the report.
func BenchmarkFacesPermGrid1000(b *testing.B) {
	data := permGridDrawing(1000)
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		segs, err := Read("perm.json", data)
		if err != nil {
			b.Fatal(err)
		}
		a, err := geom.Arrange(segs)
		if err != nil {
			b.Fatal(err)
		}
		Summarize(a, len(segs)).JSON()
	}
}
