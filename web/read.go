package web

import (
	"context"
	"errors"
	"net/http"
	"sync"

	pginput "papergames/input"
)

// The "Read a photo" page sends a photo or a scan of a finished sheet;
// the reader of scans (package read) reads it. The web app and the reader
// depend on the engines, never on each other: papergames serve gives the
// app its reader (SetReader), and without one the page says so.

// MaxReadBody is the largest photo or scan the page sends: a 48
// megapixel phone JPEG, or a short scanned PDF.
const MaxReadBody = 40 << 20

// MaxReadPages is the most pages one request reads, within the heavy
// work's deadline: a match. A class's worth is for papergames read on
// the command line.
const MaxReadPages = 4

// ReadFunc reads the pages of a photo or a scan named name, stopping
// between pages once ctx is done.
type ReadFunc func(ctx context.Context, name string, data []byte) (*ReadAnswer, error)

// ReadAnswer is what was read.
type ReadAnswer struct {
	Pages   []ReadPage  `json:"pages"`
	Matches []ReadMatch `json:"matches"`
}

// ReadPage is one page: why it could not be read, or what was read of it,
// with the overlay (what was read drawn over the image) as a data: URL.
type ReadPage struct {
	Name     string  `json:"name"`
	Error    string  `json:"error,omitempty"`
	Game     string  `json:"game,omitempty"`
	Board    string  `json:"board,omitempty"`
	Page     int     `json:"page,omitempty"`
	Pages    int     `json:"pages,omitempty"`
	Residual float64 `json:"residual_mm,omitempty"`
	Worst    float64 `json:"worst_mm,omitempty"`
	Moves    int     `json:"moves"`
	Doubts   int     `json:"doubts"`
	Overlay  string  `json:"overlay"`
}

// ReadMatch is one match read: its transcript, and its doubts, each with
// its round and move (from 0; -1 for a doubt about the round) so that the
// scoring board can show it.
type ReadMatch struct {
	Game       string      `json:"game"`
	Title      string      `json:"title"`
	Board      string      `json:"board"`
	Transcript string      `json:"transcript"`
	Doubts     []ReadDoubt `json:"doubts"`
}

// ReadDoubt is one doubt of a match.
type ReadDoubt struct {
	Round int    `json:"round"`
	Move  int    `json:"move"`
	Text  string `json:"text"`
	Why   string `json:"why"`
}

var (
	readerMu sync.Mutex
	reader   ReadFunc
)

// SetReader gives the app its reader of photos and scans.
func SetReader(f ReadFunc) {
	readerMu.Lock()
	reader = f
	readerMu.Unlock()
}

// ErrTooManyPages is in a ReadFunc's error when the scan has more pages
// than MaxReadPages.
var ErrTooManyPages = errors.New("more pages than the web app reads at once")

func handleRead(w http.ResponseWriter, r *http.Request) {
	readerMu.Lock()
	f := reader
	readerMu.Unlock()
	if f == nil {
		fail(w, http.StatusNotImplemented, "this server has no reader of photos: run papergames serve")
		return
	}
	data, err := pginput.ReadAll("the image", r.Body, MaxReadBody)
	if err != nil {
		var se *pginput.SizeError
		if errors.As(err, &se) {
			fail(w, tooBig, "the image is larger than 40 MB, more than the web app reads: send a smaller photo, or use papergames read")
			return
		}
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if len(data) == 0 {
		fail(w, http.StatusBadRequest, "no image was sent: choose a photo or a scan of a sheet")
		return
	}
	name := r.URL.Query().Get("name")
	if name == "" || len(name) > 200 {
		name = "the image"
	}
	ans, err := f(r.Context(), name, data)
	switch {
	case errors.Is(err, ErrTooManyPages):
		fail(w, tooBig, err.Error())
		return
	case r.Context().Err() != nil:
		return // the gate answers that the deadline passed
	case err != nil:
		fail(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	reply(w, ans)
}
