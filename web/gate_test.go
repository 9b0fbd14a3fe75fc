package web

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"papergames/internal/testenv"
)

// The gate's times stretch under the race detector, as the tests' do.
func init() { stretch = testenv.Bound(time.Second) / time.Second }

// TestGateBoundsConcurrentWork: at most the gate's slots of work run at
// once, heavy work leaves a slot for light work, and a request that waits
// past MaxWait gets 503 with Retry-After (issue 23: six large requests in
// parallel kept both cores busy for 176 s).
func TestGateBoundsConcurrentWork(t *testing.T) {
	g := &gate{slots: make(chan struct{}, 2), heavy: make(chan struct{}, 1), light: time.Second, hard: time.Second, reading: time.Second, patient: 100 * time.Millisecond}
	var now, most, heavyNow, heavyMost atomic.Int32
	h := g.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := now.Add(1)
		defer now.Add(-1)
		heavy := strings.HasPrefix(r.URL.Path, "/api/sheet/")
		if heavy {
			k := heavyNow.Add(1)
			defer heavyNow.Add(-1)
			for m := heavyMost.Load(); k > m && !heavyMost.CompareAndSwap(m, k); m = heavyMost.Load() {
			}
		}
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(60 * time.Millisecond)
		w.Write([]byte("ok"))
	}))
	var wg sync.WaitGroup
	var busy, ok atomic.Int32
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path := "/api/score"
			if i%2 == 0 {
				path = "/api/sheet/arcs-and-marks"
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest("POST", "http://localhost"+path, nil))
			switch w.Code {
			case 200:
				ok.Add(1)
			case 503:
				if w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), "busy") {
					t.Errorf("503 without Retry-After: %s", w.Body)
				}
				busy.Add(1)
			default:
				t.Errorf("%d %s", w.Code, w.Body)
			}
		}()
	}
	wg.Wait()
	if most.Load() > 2 || heavyMost.Load() > 1 {
		t.Errorf("%d at once, %d heavy; the gate has 2 slots, 1 for heavy work", most.Load(), heavyMost.Load())
	}
	if busy.Load() == 0 || ok.Load() < 2 {
		t.Errorf("%d answered, %d busy", ok.Load(), busy.Load())
	}
}

// TestDeadlineStopsTheWork: a transcript whose scoring passes the
// request's deadline is stopped by the scorer (which checks it between
// rounds) and answered 413 soon after the deadline, not when the work
// would have ended.
func TestDeadlineStopsTheWork(t *testing.T) {
	var b strings.Builder
	b.WriteString("game: arcs-and-marks\nplayers: [A, B]\nmarks: 360\nrounds:\n")
	for range 3 { // within MaxMovePairs: about 0.15 s of scoring
		b.WriteString("  - first: 1\n    arcs: " + arcsRound(360) + "\n")
	}
	g := newGate()
	g.light, g.hard = 20*time.Millisecond, 20*time.Millisecond
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/score", handleScore)
	h := g.wrap(mux)
	start := time.Now()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "http://localhost/api/score", strings.NewReader(b.String())))
	el := time.Since(start)
	if w.Code != 413 || !strings.Contains(w.Body.String(), "passed the web app's bound of 20ms a request") {
		t.Errorf("%d %.300s", w.Code, w.Body)
	}
	if el > testenv.Bound(time.Second) {
		t.Errorf("answered after %v; the deadline was 20ms", el)
	}
}

// TestCrossOriginIsRefused: a page of another origin cannot make the app
// work: POSTs from it (Origin: null, text/plain, another site) and API
// GETs from another site are 403; the pages carry a strict
// Content-Security-Policy that no page may frame.
func TestCrossOriginIsRefused(t *testing.T) {
	h := Handler()
	src := "game: permutation-grid\nplayers: [A, B]\nsize: 3\nrounds:\n  - dots: A1 B2 C3\n"
	for _, tc := range []struct {
		method, path string
		header       map[string]string
		code         int
	}{
		{"POST", "/api/score", map[string]string{"Origin": "http://evil.example", "Content-Type": "text/plain"}, 403},
		{"POST", "/api/score", map[string]string{"Origin": "null", "Content-Type": "text/plain"}, 403},
		{"POST", "/api/score", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}, 403},
		{"POST", "/api/score", map[string]string{"Sec-Fetch-Site": "same-site"}, 403},
		{"POST", "/api/board/new", map[string]string{"Origin": "http://localhost:1"}, 403},
		{"GET", "/api/sheet/arcs-and-marks", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"POST", "/api/score", map[string]string{"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"}, 200},
		{"POST", "/api/score", nil, 200},
		{"GET", "/api/sheet/arcs-and-marks", map[string]string{"Sec-Fetch-Site": "same-origin"}, 200},
		{"GET", "/", map[string]string{"Sec-Fetch-Site": "cross-site"}, 200},
	} {
		req := httptest.NewRequest(tc.method, "http://localhost"+tc.path, strings.NewReader(src))
		for k, v := range tc.header {
			req.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != tc.code && !(tc.code == 200 && w.Code == 422) {
			t.Errorf("%s %s %v: %d %.200s, want %d", tc.method, tc.path, tc.header, w.Code, w.Body, tc.code)
		}
		if w.Code == 403 && !strings.Contains(w.Body.String(), "another site") {
			t.Errorf("%s %s %v: %s", tc.method, tc.path, tc.header, w.Body)
		}
	}
	w := get(t, h, "/")
	if c := w.Header().Get("Content-Security-Policy"); !strings.Contains(c, "frame-ancestors 'none'") || !strings.Contains(c, "default-src 'none'") || w.Header().Get("X-Frame-Options") != "DENY" {
		t.Errorf("headers %v", w.Header())
	}
}

// arcsRound is a round of m arcs on m marks, each of reach 1 + i*7 mod
// (m/2 - 1): every pair decided.
func arcsRound(m int) string {
	var parts []string
	for i := range m {
		parts = append(parts, strconv.Itoa(1+i*7%(m/2-1)))
	}
	return strings.Join(parts, " ")
}
