package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"unicode"

	pginput "papergames/input"
)

// The "Read a photo" page sends a photo or a scan of a finished sheet;
// the reader of scans (package read) reads it. The web app and the reader
// depend on the engines, never on each other: papergames serve gives the
// app its reader (SetReader), and without one the page says so.

// MaxReadBody is the largest photo or scan the page sends: a 48
// megapixel phone JPEG, or a short scanned PDF.
const MaxReadBody = 40 << 20

// readTooBig answers photos past MaxReadBody.
const readTooBig = "the photos sent are larger than 40 MB, more than the web app reads: send smaller photos, or use papergames read"

// MaxReadPages is the most pages one request reads, within the heavy
// work's deadline: a match. A class's worth is for papergames read on
// the command line.
const MaxReadPages = 4

// ReadFunc reads the pages of photos or scans, stopping between pages
// once ctx is done.
type ReadFunc func(ctx context.Context, files []ReadFile) (*ReadAnswer, error)

// ReadFile is one photo or scan sent.
type ReadFile struct {
	Name string
	Data []byte
}

// ReadAnswer is what was read.
type ReadAnswer struct {
	Pages   []ReadPage  `json:"pages"`
	Matches []ReadMatch `json:"matches"`
	Notes   []string    `json:"notes"` // what was left out (a photo sent twice), and why
}

// ReadPage is one page: why it could not be read, or what was read of it,
// with the overlay (what was read drawn over the image) as a data: URL.
type ReadPage struct {
	Name     string  `json:"name"`
	Error    string  `json:"error,omitempty"`
	Note     string  `json:"note,omitempty"` // a page skipped, and why
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
		// What is left of the body is not read: the server would
		// otherwise wait for it before answering. (Not dropBody: a
		// browser still sending would get a reset, not the message.)
		w.Header().Set("Connection", "close")
		var se *pginput.SizeError
		var mb *http.MaxBytesError
		switch {
		case errors.As(err, &se) || errors.As(err, &mb):
			fail(w, tooBig, readTooBig)
		case errors.Is(err, errSlowUpload):
			fail(w, http.StatusRequestTimeout, fmt.Sprintf("the photo arrived too slowly (nothing for %v, or less than %d KB a second, or more than %v in all), and the web app stopped waiting: send it again on a better connection, or smaller", UploadIdle, UploadRate>>10, UploadTime))
		case errors.Is(err, errBusyUpload):
			w.Header().Set("Retry-After", "2")
			fail(w, http.StatusServiceUnavailable, fmt.Sprintf("the web app is busy receiving other photos, and this one waited %v; try again in a moment", MaxWait))
		default:
			fail(w, http.StatusBadRequest, "the photo was not received whole (the upload was cut short or too slow): send it again")
		}
		return
	}
	files, msg := readFiles(r, data)
	if msg != "" {
		fail(w, http.StatusBadRequest, msg)
		return
	}
	ans, err := f(r.Context(), files)
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

// readFiles returns the photos a request sends: the body itself, named
// by ?name=, or the files of a multipart form (the page sends a sheet's
// pages together), at most MaxReadPages of them. msg says what is wrong.
func readFiles(r *http.Request, data []byte) ([]ReadFile, string) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		if len(data) == 0 {
			return nil, "no image was sent: choose a photo or a scan of a sheet"
		}
		return []ReadFile{{Name: fileName(r.URL.Query().Get("name"), 1), Data: data}}, ""
	}
	mr := multipart.NewReader(bytes.NewReader(data), params["boundary"])
	var files []ReadFile
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "the photos sent are not a well-formed form (multipart/form-data): " + err.Error()
		}
		if part.FileName() == "" {
			continue
		}
		if len(files) == MaxReadPages {
			return nil, fmt.Sprintf("more than %d photos were sent; the web app reads %d at once (a match): use papergames read for more", MaxReadPages, MaxReadPages)
		}
		b, err := pginput.ReadAll("a photo sent", part, MaxReadBody)
		if err != nil {
			return nil, "the photos sent are not a well-formed form (multipart/form-data): " + err.Error()
		}
		if len(b) == 0 {
			return nil, fmt.Sprintf("%s is empty", fileName(part.FileName(), len(files)+1))
		}
		files = append(files, ReadFile{Name: fileName(part.FileName(), len(files)+1), Data: b})
	}
	if len(files) == 0 {
		return nil, "no image was sent: choose a photo or a scan of a sheet"
	}
	return files, ""
}

// fileName is a photo's name as messages give it: its own, or "photo k".
func fileName(name string, k int) string {
	if name == "" || len(name) > 200 || strings.ContainsFunc(name, unicode.IsControl) {
		return fmt.Sprintf("photo %d", k)
	}
	return name
}
