package web

import (
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
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
		{"crossing-the-rings?copies=150&circles=12&paper=1200x1200mm", 413, "pages of these boards"},
		{"within-the-curve?compact=1&size=40&players=12&copies=2", 413, "288 boards (144 a copy): the web app draws at most 200 boards"},
		{"within-the-curve?compact=1&size=40&players=12", 200, ""},
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

// arcsTranscript is a random Arcs And Marks transcript: rounds of arcs
// reaches on marks marks.
func arcsTranscript(rounds, arcs, marks int) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	fmt.Fprintf(&b, "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: %d\nrounds:\n", marks)
	for range rounds {
		b.WriteString("  - first: 1\n    arcs: ")
		for i := range arcs {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, 1+r.IntN(marks/2-1))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestScoreWorkIsBounded: a transcript with more pairs of moves than the
// web scores is refused at once with a 413 naming the bound, on the
// scoring page and on the board; one inside it is scored. (The campaign's
// 240 rounds of 1000 arcs took 59 s, 2.2 GB and a 268 MB answer.)
func TestScoreWorkIsBounded(t *testing.T) {
	h := Handler()
	for _, tc := range []struct {
		rounds, arcs, marks int
		code                int
	}{
		{240, 1000, 1000, 413},
		{1, 1000, 1000, 413},
		{4, 360, 360, 413},
		{3, 360, 360, 200},
		{10, 112, 112, 200},
	} {
		tr := arcsTranscript(tc.rounds, tc.arcs, tc.marks)
		start := time.Now()
		w := post(t, h, "/api/score", tr)
		took := time.Since(start)
		if w.Code != tc.code {
			t.Errorf("%d rounds of %d arcs: %d %.300s, want %d", tc.rounds, tc.arcs, w.Code, w.Body.String(), tc.code)
		}
		if w.Code == 413 && !strings.Contains(w.Body.String(), "the web app scores at most 200000 pairs") {
			t.Errorf("%d rounds of %d arcs: the refusal does not name the bound: %s", tc.rounds, tc.arcs, w.Body)
		}
		if w.Body.Len() > MaxAnswer {
			t.Errorf("%d rounds of %d arcs: a %d-byte answer", tc.rounds, tc.arcs, w.Body.Len())
		}
		t.Logf("%d rounds of %d arcs: %d, %d bytes, %v", tc.rounds, tc.arcs, w.Code, w.Body.Len(), took)
		if tc.code == 413 {
			b := post(t, h, "/api/board", mustJSON(boardRequest{Transcript: tr}))
			if b.Code != 413 || !strings.Contains(b.Body.String(), "pairs") {
				t.Errorf("board, %d rounds of %d arcs: %d %.300s", tc.rounds, tc.arcs, b.Code, b.Body.String())
			}
		}
	}
}

// TestAnswerIsCapped: an answer larger than MaxAnswer is a 413 with a
// message, not the answer.
func TestAnswerIsCapped(t *testing.T) {
	w := httptest.NewRecorder()
	replyCapped(w, 200, strings.Repeat("x", MaxAnswer))
	if w.Code != 413 || !strings.Contains(w.Body.String(), "more than the web app's 16 MB") {
		t.Errorf("%d %.200s", w.Code, w.Body.String())
	}
	w = httptest.NewRecorder()
	replyCapped(w, 422, "small")
	if w.Code != 422 || w.Body.String() != "\"small\"\n" {
		t.Errorf("%d %q", w.Code, w.Body.String())
	}
}
