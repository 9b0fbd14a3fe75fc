package web

import (
	"strings"
	"testing"
	"time"
)

// TestSheetWorkIsBounded: a sheet past the web's drawing bound is refused
// with a 413 naming the bound, before it is drawn, at once; one inside it
// is drawn. (The campaign's sheet took 81 s and 3.8 GB.)
func TestSheetWorkIsBounded(t *testing.T) {
	h := Handler()
	for _, tc := range []struct {
		query string
		code  int
		msg   string
	}{
		{"within-the-curve?copies=500&size=40&players=12&format=pdf", 413, "the web app draws at most 200 boards"},
		{"within-the-curve?copies=3&size=40&players=12", 413, "the web app draws at most"},
		{"arcs-and-marks?copies=300&marks=360&paper=1200x1200mm&format=pdf", 413, "the web app draws at most 200 boards"},
		{"arcs-and-marks?copies=150&marks=360&paper=1200x1200mm&format=pdf", 413, "pages of these boards"},
		{"crossing-the-rings?copies=150&circles=12&random-dividers=1&paper=1200x1200mm", 413, "pages of these boards"},
		{"within-the-curve?size=40&players=12&format=pdf", 200, ""},
		{"arcs-and-marks?copies=20&marks=360&paper=1200x1200mm&format=pdf", 200, ""},
		{"within-the-curve?copies=50&format=pdf", 200, ""},
	} {
		start := time.Now()
		w := get(t, h, "/api/sheet/"+tc.query)
		took := time.Since(start)
		if w.Code != tc.code || (tc.msg != "" && !strings.Contains(w.Body.String(), tc.msg)) {
			t.Errorf("%s: %d %.300s, want %d with %q", tc.query, w.Code, w.Body, tc.code, tc.msg)
		}
		if w.Code == 413 && !strings.Contains(w.Body.String(), "papergames board") {
			t.Errorf("%s: the refusal does not say how to print it: %s", tc.query, w.Body)
		}
		t.Logf("%s: %d, %d bytes, %v", tc.query, w.Code, w.Body.Len(), took)
	}
}
