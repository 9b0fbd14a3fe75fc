package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strings"
	"time"

	pginput "papergames/input"
	"papergames/layout"
)

// The web app bounds the work it does at once and the time of each
// request's work. A request that works (scoring, a move, a sheet) takes a
// slot of its class; past the wait below it is answered 503 with
// Retry-After. Its work then runs under a deadline that the work itself
// checks (the scorers between rounds and moves, drawing every few hundred
// operations) and stops at, answered 413.
const (
	// LightDeadline bounds a move, a new game, a score without pictures
	// to download, a blank transcript.
	LightDeadline = 5 * time.Second
	// HeavyDeadline bounds a sheet, a scored picture to download, a
	// transcript over heavyBody bytes.
	HeavyDeadline = 10 * time.Second
	// ReadDeadline bounds reading the photos of one request, up to
	// MaxReadPages of them: a page takes up to 5 s on one core (a 12 MP
	// phone photo of Crossing The Rings), so two took more than
	// HeavyDeadline.
	ReadDeadline = MaxReadPages * 10 * time.Second
	// MaxWait is the longest a request waits for a slot (the seven
	// thumbnails of the games' page ask for seven sheets at once).
	MaxWait = 10 * time.Second
	// heavyBody is the size of a request body that counts as heavy work.
	heavyBody = 64 << 10
)

// gate holds the work slots: any request's work takes one of slots, and
// heavy work first one of heavy, which has one fewer, so that a slot is
// always left for moves and scores. A request waits at most MaxWait for
// its slots, and its work then has its deadline.
type gate struct {
	slots, heavy                  chan struct{}
	light, hard, reading, patient time.Duration // LightDeadline, HeavyDeadline, ReadDeadline, MaxWait
}

func newGate() *gate {
	n := max(2, runtime.GOMAXPROCS(0))
	return &gate{slots: make(chan struct{}, n), heavy: make(chan struct{}, n-1),
		light: LightDeadline * stretch, hard: HeavyDeadline * stretch, reading: ReadDeadline * stretch, patient: MaxWait * stretch}
}

// stretch multiplies the gate's times: the tests stretch them under the
// race detector, which slows the work 2 to 20 times.
var stretch time.Duration = 1

// heavyPairs is the pairs of moves within rounds (as MaxMovePairs counts
// them) past which a transcript's scoring or replay is heavy work: a
// round of 200 moves (a Polygons-&-Dots round of 100 dots).
const heavyPairs = 20_000

// class is how a request is bounded: 0 free (static files, the games'
// list, rules), 1 light work, 2 heavy work. A transcript sent to score
// or to play on is read (its body put back) and its moves counted; a
// board's transcript read so is handed to its handler (boardWork).
func class(w http.ResponseWriter, r *http.Request) (int, *work, func()) {
	p := r.URL.Path
	switch {
	case !strings.HasPrefix(p, "/api/") || p == "/api/games" || strings.HasPrefix(p, "/api/rules/"):
		return 0, nil, nil
	case p == "/api/read":
		// The photo is received before the work starts: a slow upload
		// holds no work slot, nor counts against the work's bound.
		body, done, ok := upload(w, r)
		r.Body = io.NopCloser(body)
		if !ok {
			// Not received: the handler says why at once, before the
			// client's going away (a body cut short) stops the request.
			return 0, nil, done
		}
		return 2, nil, done
	case strings.HasPrefix(p, "/api/sheet/"), p == "/api/score" && r.URL.Query().Get("format") != "", r.ContentLength > heavyBody:
		return 2, nil, nil
	case r.Method == "POST" && (p == "/api/score" || p == "/api/board"):
		data, err := pginput.ReadAll("the request", r.Body, MaxBody)
		if err != nil {
			r.Body = io.NopCloser(errReader{err})
			return 1, nil, nil
		}
		r.Body = io.NopCloser(bytes.NewReader(data))
		if len(data) > heavyBody {
			return 2, nil, nil
		}
		if p == "/api/board" {
			var req boardRequest
			if pginput.DecodeJSON("request", data, &req) != nil {
				return 1, nil, nil
			}
			data = []byte(req.Transcript)
		}
		w := readWork(data)
		c := 1
		if w != nil && w.pairs > heavyPairs {
			c = 2
		}
		if p != "/api/board" {
			w = nil // only the board's handler takes it
		}
		return c, w, nil
	}
	return 1, nil, nil
}

// uploads bounds the photo requests being received or read at once
// (each up to MaxReadBody): more wait, as for a slot, then are told the
// app is busy.
var uploads = make(chan struct{}, 4)

// A photo is received within UploadTime, and never waits UploadIdle for
// its next bytes nor arrives slower than UploadRate after the first
// UploadIdle: a phone on a slow line sends 40 MB in minutes, past the
// server's read timeout, while a stalled client gives its upload slot
// back within seconds.
const (
	UploadIdle = 10 * time.Second
	UploadTime = 5 * time.Minute
	UploadRate = 2 << 10 // bytes a second
)

// pace is the upload's pace, which the tests shorten.
var pace = paced{idle: UploadIdle, most: UploadTime, rate: UploadRate}

// upload receives a photo's body whole, within MaxReadBody and the
// upload's pace (UploadIdle, UploadTime, UploadRate), and returns a
// reader of it, or of why it could not be received (ok false).
func upload(w http.ResponseWriter, r *http.Request) (io.Reader, func(), bool) {
	wait := time.NewTimer(MaxWait * stretch)
	defer wait.Stop()
	select {
	case uploads <- struct{}{}:
	case <-wait.C:
		return errReader{errBusyUpload}, nil, false
	case <-r.Context().Done():
		return errReader{r.Context().Err()}, nil, false
	}
	// The slot is held until the request ends (done): the photos
	// received are held until then too, and 4 of them bound the memory.
	done := func() { <-uploads }
	body := &paced{r: r.Body, rc: http.NewResponseController(w), start: time.Now(), idle: pace.idle * stretch, most: pace.most * stretch, rate: pace.rate}
	data, err := pginput.ReadAll("the image", body, MaxReadBody)
	if err != nil {
		return errReader{err}, done, false
	}
	// The answer is written after the work: its deadline too is the
	// upload's, not the server's.
	body.rc.SetWriteDeadline(time.Now().Add(ReadDeadline*stretch + 30*time.Second))
	body.rc.SetReadDeadline(time.Time{})
	return bytes.NewReader(data), done, true
}

// paced reads a request's body, moving the connection's read deadline
// on with each read: the next bytes are due within idle, all of them
// within most of start, and after the first idle at least rate bytes a
// second on average. A server whose connection takes no deadline (a
// test's recorder) reads the body as it comes.
type paced struct {
	r          io.Reader
	rc         *http.ResponseController
	start      time.Time
	idle, most time.Duration
	rate       int
	got        int
}

// errSlowUpload is a body that stopped arriving, or arrived too slowly.
var errSlowUpload = errors.New("the photo arrived too slowly")

func (p *paced) Read(b []byte) (int, error) {
	now := time.Now()
	took := now.Sub(p.start)
	if took > p.most || took > p.idle && float64(p.got) < float64(p.rate)*(took-p.idle).Seconds() {
		return 0, errSlowUpload
	}
	due := now.Add(p.idle)
	if end := p.start.Add(p.most); end.Before(due) {
		due = end
	}
	p.rc.SetReadDeadline(due)
	n, err := p.r.Read(b)
	p.got += n
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = errSlowUpload
	}
	return n, err
}

// errBusyUpload is the body of a photo that waited too long to be
// received.
var errBusyUpload = errors.New("the web app is receiving other photos")

// errReader reads as a body whose reading failed.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// errDeadline stops drawing once a request's deadline has passed.
var errDeadline = errors.New("the request's deadline passed")

// wrap bounds h's work by the gate and a deadline.
func (g *gate) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, work, done := class(w, r)
		if done != nil {
			defer done()
		}
		if c == 0 {
			h.ServeHTTP(w, r)
			return
		}
		limit := g.light
		less := "fewer rounds, copies or pages"
		switch {
		case r.URL.Path == "/api/read":
			limit, less = g.reading, "fewer photos or pages at once, or use papergames read for them"
		case c == 2:
			limit = g.hard
		}
		wait := time.NewTimer(g.patient)
		defer wait.Stop()
		busy := func() {
			w.Header().Set("Retry-After", "2")
			what := fmt.Sprintf("its %d work slots are taken", cap(g.slots))
			if c == 2 {
				what = fmt.Sprintf("its %d slot(s) for heavy work (sheets, pictures, long transcripts, photos read) are taken", cap(g.heavy))
			}
			fail(w, http.StatusServiceUnavailable, fmt.Sprintf("the web app is busy: %s, and this request waited %v; try again in a moment", what, g.patient))
		}
		if c == 2 {
			select {
			case g.heavy <- struct{}{}:
				defer func() { <-g.heavy }()
			case <-wait.C:
				busy()
				return
			case <-r.Context().Done():
				return
			}
		}
		select {
		case g.slots <- struct{}{}:
			defer func() { <-g.slots }()
		case <-wait.C:
			busy()
			return
		case <-r.Context().Done():
			return
		}
		// The deadline runs from when the work starts.
		ctx, cancel := context.WithTimeout(r.Context(), limit)
		defer cancel()
		if work != nil {
			ctx = context.WithValue(ctx, workKey{}, work)
		}
		dw := &deadlineWriter{ResponseWriter: w, ctx: ctx}
		defer func() {
			if p := recover(); p != nil {
				if p != errDeadline {
					panic(p)
				}
			}
			if ctx.Err() != nil && !dw.wrote {
				fail(w, tooBig, fmt.Sprintf("the request's work passed the web app's bound of %v a request, and was stopped; ask for less (%s)", limit, less))
			}
		}()
		h.ServeHTTP(dw, r.WithContext(ctx))
	})
}

// deadlineWriter drops an answer written after the deadline: the gate
// answers 413 instead (the work stopped part way, and its answer would be
// partial or a message about the stop).
type deadlineWriter struct {
	http.ResponseWriter
	ctx   context.Context
	wrote bool
}

func (d *deadlineWriter) WriteHeader(code int) {
	if d.ctx.Err() != nil && !d.wrote {
		return
	}
	d.wrote = true
	d.ResponseWriter.WriteHeader(code)
}

func (d *deadlineWriter) Write(b []byte) (int, error) {
	if d.ctx.Err() != nil && !d.wrote {
		return len(b), nil
	}
	d.wrote = true
	return d.ResponseWriter.Write(b)
}

// stopDoc is a Document that stops the drawing (panics with errDeadline,
// which the gate recovers) once ctx is done, checking every 256
// operations.
type stopDoc struct {
	layout.Document
	ctx context.Context
	n   int
}

func (s *stopDoc) check() {
	if s.n++; s.n&255 == 0 && s.ctx.Err() != nil {
		panic(errDeadline)
	}
}

func (s *stopDoc) AddPage(w, h float64) {
	if s.ctx.Err() != nil {
		panic(errDeadline)
	}
	s.Document.AddPage(w, h)
}
func (s *stopDoc) Stroke(p *layout.Path, pen layout.Pen) { s.check(); s.Document.Stroke(p, pen) }
func (s *stopDoc) Fill(p *layout.Path, c layout.Color)   { s.check(); s.Document.Fill(p, c) }
func (s *stopDoc) Text(at layout.Point, t string, f layout.Font, a layout.Align, c layout.Color) {
	s.check()
	s.Document.Text(at, t, f, a, c)
}

// stopping returns doc wrapped to stop at r's deadline.
func stopping(r *http.Request, doc layout.Document) layout.Document {
	return &stopDoc{Document: doc, ctx: r.Context()}
}
