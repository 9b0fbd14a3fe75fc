package input

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// oneLineDrawing is a drawing of n segments as one line of JSON, the way
// programs write it.
func oneLineDrawing(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"segments": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "[[%d,0],[%d,1]]", i, i)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

// A drawing of 200,000 segments (drawing.MaxSegments) on one line of JSON
// reads in linear time: the column of every value is found near goccy's,
// looking at the line once. Quadratic, 40,000 segments took 40 s.
func TestOneLineJSONIsLinear(t *testing.T) {
	for _, n := range []int{40000, 200000} {
		data := oneLineDrawing(n)
		start := time.Now()
		root, err := Parse("d.json", data)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d segments, %d bytes: %v", n, len(data), took)
		last := root.Values[0].Items[n-1].Items[1].Items[0]
		if want := strings.LastIndex(string(data), fmt.Sprintf("[%d,1]", n-1)) + 2; last.Pos.Line != 1 || last.Pos.Col != want {
			t.Errorf("last x at %v, want 1:%d", last.Pos, want)
		}
		if took > 20*time.Second {
			t.Fatalf("%d segments on one line took %v; linear time is well under a second", n, took)
		}
	}
}
