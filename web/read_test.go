package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"papergames/internal/testenv"
)

// slowBody sends n bytes in small pieces over about d.
type slowBody struct {
	left  int
	pause time.Duration
}

func (s *slowBody) Read(p []byte) (int, error) {
	if s.left == 0 {
		return 0, io.EOF
	}
	time.Sleep(s.pause)
	n := min(len(p), 100, s.left)
	s.left -= n
	return n, nil
}

// cutBody is an upload the client cut short.
type cutBody struct{ sent bool }

func (c *cutBody) Read(p []byte) (int, error) {
	if !c.sent {
		c.sent = true
		return copy(p, "\xff\xd8\xff"), nil
	}
	return 0, io.ErrUnexpectedEOF
}

// TestReadUpload: a photo is received before its work starts, so a slow
// upload neither holds a work slot nor counts against the work's bound;
// a body past MaxReadBody gets 413 and the page's own message, one cut
// short 400; a sheet's pages come together in a multipart form, at most
// MaxReadPages of them (found by a campaign: a 368 KB scan sent at
// 36 KB/s got 413 "the request's work passed the bound", a 45 MB one a
// bare "http: request body too large").
func TestReadUpload(t *testing.T) {
	var got []string
	SetReader(func(ctx context.Context, files []ReadFile) (*ReadAnswer, error) {
		got = got[:0]
		for _, f := range files {
			got = append(got, fmt.Sprintf("%s:%d", f.Name, len(f.Data)))
		}
		return &ReadAnswer{}, nil
	})
	defer SetReader(nil)
	g := &gate{slots: make(chan struct{}, 2), heavy: make(chan struct{}, 1), light: 100 * time.Millisecond, hard: 200 * time.Millisecond, reading: 200 * time.Millisecond, patient: time.Second}
	h := guard(g.wrap(http.HandlerFunc(handleRead)))
	post := func(body io.Reader, ctype string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "http://localhost/api/read?name=sheet.jpg", body)
		if ctype != "" {
			r.Header.Set("Content-Type", ctype)
		}
		h.ServeHTTP(w, r)
		return w
	}

	// 3,000 bytes over about 600 ms, three times the work's bound.
	if w := post(&slowBody{left: 3000, pause: 20 * time.Millisecond}, ""); w.Code != 200 || !slices.Equal(got, []string{"sheet.jpg:3000"}) {
		t.Errorf("a slow upload: %d %s, the reader got %v", w.Code, w.Body, got)
	}
	if w := post(bytes.NewReader(make([]byte, MaxReadBody+1)), ""); w.Code != 413 || !strings.Contains(w.Body.String(), "larger than 40 MB") {
		t.Errorf("a body past MaxReadBody: %d %s", w.Code, w.Body)
	}
	if w := post(&cutBody{}, ""); w.Code != 400 || !strings.Contains(w.Body.String(), "not received whole") {
		t.Errorf("a body cut short: %d %s", w.Code, w.Body)
	}
	if w := post(bytes.NewReader(nil), ""); w.Code != 400 || !strings.Contains(w.Body.String(), "no image was sent") {
		t.Errorf("no body: %d %s", w.Code, w.Body)
	}
	form := func(n int) (io.Reader, string) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		mw.WriteField("note", "not a file")
		for i := range n {
			fw, _ := mw.CreateFormFile("file", fmt.Sprintf("page%d.jpg", i+1))
			fw.Write(bytes.Repeat([]byte{'x'}, 10+i))
		}
		mw.Close()
		return &b, mw.FormDataContentType()
	}
	body, ctype := form(2)
	if w := post(body, ctype); w.Code != 200 || !slices.Equal(got, []string{"page1.jpg:10", "page2.jpg:11"}) {
		t.Errorf("two pages in a form: %d %s, the reader got %v", w.Code, w.Body, got)
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest("POST", "http://localhost/api/read?name=a%0Agame:%20arcs", strings.NewReader("x"))
	h.ServeHTTP(w, r)
	if w.Code != 200 || !slices.Equal(got, []string{"photo 1:1"}) {
		t.Errorf("a name with a line break: %d %s, the reader got %v", w.Code, w.Body, got)
	}
	body, ctype = form(MaxReadPages + 1)
	if w := post(body, ctype); w.Code != 400 || !strings.Contains(w.Body.String(), "more than 4 photos") {
		t.Errorf("five pages in a form: %d %s", w.Code, w.Body)
	}
	if w := post(strings.NewReader("--x\r\nbroken"), "multipart/form-data; boundary=x"); w.Code != 400 || !strings.Contains(w.Body.String(), "not a well-formed form") {
		t.Errorf("a broken form: %d %s", w.Code, w.Body)
	}
}

// TestReadUploadPace: a photo sent slowly but steadily is received past
// the server's read timeout (a campaign's upload of 30 s failed), and one
// that stops arriving gets 408 and why once its next bytes are overdue,
// not at the read timeout, giving its upload slot back.
func TestReadUploadPace(t *testing.T) {
	SetReader(func(ctx context.Context, files []ReadFile) (*ReadAnswer, error) { return &ReadAnswer{}, nil })
	defer SetReader(nil)
	defer func(p paced) { pace = p }(pace)
	// Times as they are, not stretched under the race detector: sleeps
	// and the server's reads keep their pace there.
	pace = paced{idle: 500 * time.Millisecond / stretch, most: 5 * time.Second, rate: 1000}
	g := &gate{slots: make(chan struct{}, 2), heavy: make(chan struct{}, 1), light: time.Second, hard: time.Second, reading: time.Second, patient: time.Second}
	start := func(timeout time.Duration) string {
		srv := httptest.NewUnstartedServer(guard(g.wrap(http.HandlerFunc(handleRead))))
		srv.Config.ReadTimeout = timeout
		srv.Start()
		t.Cleanup(srv.Close)
		return srv.Listener.Addr().String()
	}
	addr := start(200 * time.Millisecond)
	send := func(body []byte, pause time.Duration, stall bool) (string, time.Duration) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		start := time.Now()
		fmt.Fprintf(conn, "POST /api/read?name=x.jpg HTTP/1.1\r\nHost: localhost\r\nContent-Length: %d\r\n\r\n", len(body)+100*btoi(stall))
		for len(body) > 0 {
			n := min(100, len(body))
			conn.Write(body[:n])
			body = body[n:]
			time.Sleep(pause)
		}
		conn.SetReadDeadline(time.Now().Add(10 * time.Second * stretch))
		answer, _ := io.ReadAll(conn)
		return string(answer), time.Since(start)
	}
	steady := append([]byte("\xff\xd8\xff"), bytes.Repeat([]byte{'x'}, 1500)...)
	if answer, took := send(steady, 25*time.Millisecond, false); !strings.HasPrefix(answer, "HTTP/1.1 200") || took < 300*time.Millisecond {
		t.Errorf("a steady upload of %v: %q", took, answer)
	}
	// Stalled: the body's last 100 bytes never come, the connection open.
	answer, took := send(steady[:200], 0, true)
	// The rest of the body is not waited for (a 408 came 9 s late).
	if !strings.HasPrefix(answer, "HTTP/1.1 408") || !strings.Contains(answer, "too slowly") || !strings.Contains(answer, "Connection: close") || took > 3*time.Second*stretch {
		t.Errorf("a stalled upload, answered after %v: %q", took, answer)
	}
	// Too slow on average, though never idle for long.
	answer, _ = send(steady, 200*time.Millisecond, false)
	if !strings.HasPrefix(answer, "HTTP/1.1 408") {
		t.Errorf("an upload at 500 bytes a second: %q", answer)
	}
	// With a read timeout like the server's own (30 s), the stalled
	// upload's answer still comes after the pace's idle time, not after
	// the read timeout (the bound is not stretched under -race: the
	// timeout is not either).
	addr = start(20 * time.Second)
	answer, took = send(steady[:200], 0, true)
	if !strings.HasPrefix(answer, "HTTP/1.1 408") || took > 10*time.Second {
		t.Errorf("a stalled upload, with a read timeout of 20 s, answered after %v: %q", took, answer)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestReadUploadCutShort: a client that sends part of a photo and stops
// gets 400 and why, through a real connection (the server stops a
// request whose client has gone, and the answer was an empty 200, or a
// 413 about the work's bound).
func TestReadUploadCutShort(t *testing.T) {
	SetReader(func(ctx context.Context, files []ReadFile) (*ReadAnswer, error) { return &ReadAnswer{}, nil })
	defer SetReader(nil)
	g := &gate{slots: make(chan struct{}, 2), heavy: make(chan struct{}, 1), light: time.Second, hard: time.Second, reading: time.Second, patient: time.Second}
	srv := httptest.NewServer(guard(g.wrap(http.HandlerFunc(handleRead))))
	defer srv.Close()
	for range 3 {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /api/read?name=x.jpg HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n\xff\xd8\xff0123456")
		conn.(*net.TCPConn).CloseWrite()
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		answer, _ := io.ReadAll(conn)
		conn.Close()
		if !bytes.HasPrefix(answer, []byte("HTTP/1.1 400")) || !bytes.Contains(answer, []byte("not received whole")) {
			t.Errorf("a body cut short: %q", answer)
		}
	}
}

// TestReadDeadline: reading a request's photos has its own deadline,
// longer than other heavy work's (a campaign's two 12 MP phone photos of
// one sheet, about 5 s each, got 413 three times in four against the
// 10 s of a sheet), and past it the answer says to send fewer pages.
func TestReadDeadline(t *testing.T) {
	if ReadDeadline < MaxReadPages*5*time.Second+HeavyDeadline {
		t.Errorf("ReadDeadline %v: %d pages of 5 s do not fit", ReadDeadline, MaxReadPages)
	}
	work := 60 * time.Millisecond
	SetReader(func(ctx context.Context, files []ReadFile) (*ReadAnswer, error) {
		for range files {
			select {
			case <-time.After(work):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		return &ReadAnswer{}, nil
	})
	defer SetReader(nil)
	g := &gate{slots: make(chan struct{}, 2), heavy: make(chan struct{}, 1), light: 20 * time.Millisecond, hard: 50 * time.Millisecond, reading: testenv.Bound(300 * time.Millisecond), patient: time.Second}
	h := guard(g.wrap(http.HandlerFunc(handleRead)))
	post := func(pages int) *httptest.ResponseRecorder {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		for i := range pages {
			fw, _ := mw.CreateFormFile("file", fmt.Sprintf("page%d.jpg", i+1))
			fw.Write([]byte("x"))
		}
		mw.Close()
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "http://localhost/api/read", &b)
		r.Header.Set("Content-Type", mw.FormDataContentType())
		h.ServeHTTP(w, r)
		return w
	}
	// Two pages, 120 ms: past heavy work's 50 ms, within the reading's.
	if w := post(2); w.Code != 200 {
		t.Errorf("two pages within the reading's deadline: %d %s", w.Code, w.Body)
	}
	work = testenv.Bound(time.Second)
	if w := post(2); w.Code != 413 || !strings.Contains(w.Body.String(), "fewer photos or pages at once") {
		t.Errorf("past the reading's deadline: %d %s", w.Code, w.Body)
	}
}
