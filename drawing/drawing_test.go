package drawing

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"papergames/geom"
	"papergames/layout"
)

func count(t *testing.T, src string) Report {
	t.Helper()
	segs, err := Read("d.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	a, err := geom.Arrange(segs)
	if err != nil {
		t.Fatal(err)
	}
	return Summarize(a, len(segs))
}

func TestHandCheckedDrawings(t *testing.T) {
	for _, tc := range []struct {
		name, src, json string
	}{
		{"square with both diagonals, fractions and decimals",
			`segments: [[[0,0],[1,0]], [[1,0],[1,1]], [[1,1],["0","1"]], [[0,1],[0,0]], [["0","0"],["1","1"]], [[0,1],["2/2","0.0"]]]`,
			`{"faces":4,"sides_histogram":{"3":4},"holes":0,"vertices":5,"edges":8,"components":1}`},
		{"exact tenths: 0.1+0.2 lies on the line",
			`segments: [[[0,0],[0.3,0.3]], [[0.1,0.2],[0.2,0.1]], [[0, 0.3], [0.3, 0]]]`,
			`{"faces":0,"sides_histogram":{},"holes":0,"vertices":7,"edges":6,"components":1}`}, // ends of A and C, ends of B lying on C, and the crossing
		{"island with a bridge",
			"segments:\n- [[0,0],[9,0]]\n- [[9,0],[9,9]]\n- [[9,9],[0,9]]\n- [[0,9],[0,0]]\n- [[3,3],[6,3]]\n- [[6,3],[6,6]]\n- [[6,6],[3,6]]\n- [[3,6],[3,3]]\n- [[0,0],[3,3]]\n",
			`{"faces":2,"sides_histogram":{"4":2},"holes":1,"vertices":8,"edges":9,"components":1}`},
		{"empty list", `segments: []`, `{"faces":0,"sides_histogram":{},"holes":0,"vertices":0,"edges":0,"components":0}`},
	} {
		got := strings.TrimSpace(string(count(t, tc.src).JSON()))
		if got != tc.json {
			t.Errorf("%s:\n got  %s\n want %s", tc.name, got, tc.json)
		}
	}
}

func TestJSONKeysAreExactlyTheDocumentedOnes(t *testing.T) {
	r := count(t, `{"segments": [[[0,0],[4,0]], [[4,0],[0,3]], [[0,3],[0,0]]]}`)
	var m map[string]json.RawMessage
	if err := json.Unmarshal(r.JSON(), &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	for _, k := range []string{"faces", "sides_histogram", "holes", "vertices", "edges", "components"} {
		if _, ok := m[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	if len(m) != 6 {
		t.Errorf("keys %v, want exactly six", keys)
	}
	if !bytes.HasPrefix(r.JSON(), []byte(`{"faces":1,"sides_histogram":{"3":1}`)) {
		t.Errorf("JSON = %s", r.JSON())
	}
}

func TestBadDrawingsArePositioned(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"empty file", "", "d.yaml: file is empty"},
		{"no segments key", "lines: []", `d.yaml:1:1: unknown key "lines"`},
		{"missing segments", "{}", `needs a "segments" list`},
		{"not a list", "segments: 3", "d.yaml:1:11: segments must be a list"},
		{"one point", "segments:\n  - [[0, 0]]\n", "d.yaml:2:5: segment 1 must be two points"},
		{"point of three", "segments:\n  - [[0, 0, 1], [1, 1]]\n", "d.yaml:2:6: segment 1 must be two points [[x1, y1], [x2, y2]]: end 1 is not [x, y]"},
		{"bad number", "segments:\n  - [[0, 0], [1, 1]]\n  - [[0, 1/0], [2, 2]]\n", `d.yaml:3:10: segment 2, end 1: y = "1/0"`},
		{"exponent", "segments:\n  - [[1e3, 0], [1, 1]]\n", `d.yaml:2:7: segment 1, end 1: x = "1e3"`},
		{"bool", "segments:\n  - [[true, 0], [1, 1]]\n", `segment 1, end 1: x = "true"`},
		{"zero length", "segments:\n  - [[0, 0], [1, 1]]\n  - [[2, 1/2], [2, 0.5]]\n", "d.yaml:3:5: segment 2 has zero length"},
		{"syntax", "segments: [[[0,0],[1,1]]\n", "d.yaml:"},
	} {
		_, err := Read("d.yaml", []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
	// Every bad segment is listed, not only the first.
	_, err := Read("d.yaml", []byte("segments:\n  - [[0, 0], [0, 0]]\n  - [[1, x], [2, 2]]\n  - [[3, 3], [4, 4]]\n"))
	if err == nil || !strings.Contains(err.Error(), "d.yaml:2:") || !strings.Contains(err.Error(), "d.yaml:3:") {
		t.Errorf("not every error listed: %v", err)
	}
}

func TestLabelsLandInsideTheirFaces(t *testing.T) {
	segs, _ := Read("d.yaml", []byte("segments:\n- [[0,0],[10,0]]\n- [[10,0],[10,10]]\n- [[10,10],[0,10]]\n- [[0,10],[0,0]]\n- [[0,0],[10,10]]\n- [[0,10],[10,0]]\n- [[2,2],[2,8]]\n"))
	a, err := geom.Arrange(segs)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range a.Faces() {
		x, y, w, h := labelSpot(f)
		if w <= 0 || h <= 0 {
			t.Errorf("face %v: no room found", f.Outer)
		}
		xs := crossings(rings(f), 1, y)
		inside := false
		for j := 0; j+1 < len(xs); j += 2 {
			inside = inside || (xs[j] < x && x < xs[j+1])
		}
		if !inside {
			t.Errorf("label of face %v at (%g, %g) is outside it", f.Outer, x, y)
		}
	}
	rec := &layout.Recorder{}
	s := Sheet("d.yaml", layout.Papers["a4"], segs, a, Summarize(a, len(segs)))
	if err := s.Draw(rec); err != nil {
		t.Fatal(err)
	}
	labels := 0
	for _, op := range rec.Pages[0].Ops {
		if op.Kind == "text" && (op.Text == "3" || op.Text == "4") {
			labels++
		}
	}
	if labels != len(a.Faces()) {
		t.Errorf("%d side labels drawn for %d faces", labels, len(a.Faces()))
	}
}

func FuzzRead(f *testing.F) {
	f.Add([]byte(`segments: [[[0,0],[1,1]], [[0,1],[1,0]]]`))
	f.Add([]byte(`{"segments": [[["1/2","0.5"],[3,4]]]}`))
	f.Add([]byte("segments:\n  - [[0, 0], [1, 1]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		segs, err := Read("f.yaml", data)
		if err != nil || len(segs) > 50 {
			return
		}
		a, err := geom.Arrange(segs)
		if err != nil {
			t.Fatalf("Read accepted segments Arrange refused: %v", err)
		}
		if a.Vertices()-a.Edges()+len(a.Faces()) != a.Components() {
			t.Fatalf("Euler fails")
		}
	})
}

// A long number is cut in messages (input.Quote), not repeated whole.
func TestLongNumbersAreCutInMessages(t *testing.T) {
	long := strings.Repeat("9", 990) // within geom.MaxDigits
	for _, tc := range []struct{ src, want string }{
		{"segments: [[[" + long + "z, 0], [1, 1]]]", `d.yaml:1:14: segment 1, end 1: x = "` + strings.Repeat("9", 60) + `…" (991 characters): unexpected character 'z'`},
		{"segments: [[[" + long + ", 0], [" + long + ", 0]]]", "d.yaml:1:12: segment 1 has zero length: both ends are (" + strings.Repeat("9", 59) + "… (995 characters)"},
		{"segments: [[[" + strings.Repeat("9", 60000) + ", 0], [1, 1]]]", `d.yaml:1:14: segment 1, end 1: x = "` + strings.Repeat("9", 60) + `…" (60,000 characters): more than 1,000 digits; the limit is 1,000`},
	} {
		_, err := Read("d.yaml", []byte(tc.src))
		if err == nil || err.Error() != tc.want {
			t.Errorf("err = %.300v\nwant  %s", err, tc.want)
		}
	}
}

func TestStdinIsNamed(t *testing.T) {
	if _, err := Read("-", []byte("segments: [[[0, 0], [0, 0]]]")); err == nil || !strings.HasPrefix(err.Error(), "<stdin>:1:12: segment 1 has zero length") {
		t.Errorf("err = %v", err)
	}
}
