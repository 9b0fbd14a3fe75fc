// Package web is papergames' local web app, served by `papergames serve`:
// the catalogue of games with their rules and boards, a sheet designer
// whose preview is the sheet the CLI prints, and the scoring of a game from
// its transcript. Everything it serves is in the binary; the browser does
// no geometry, it shows what the server's engines and drawings answer.
package web

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"papergames/games"
	"papergames/games/catalog"
	pginput "papergames/input"
	"papergames/layout"
	"papergames/scorer"
	"papergames/sheets"
	"papergames/templates"
)

//go:embed static
var static embed.FS

// MaxBody is the largest request body accepted: a transcript or a sheet
// request; the largest transcript the scorers accept is far smaller.
const MaxBody = 1 << 20

// Handler returns the web app's routes. Requests are answered only when
// their Host header names a loopback address (localhost, 127.0.0.1, ::1)
// or one of hosts, so that a web page elsewhere cannot reach the app
// through a DNS name it rebinds to 127.0.0.1.
func Handler(hosts ...string) http.Handler {
	mux := http.NewServeMux()
	files, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServerFS(files))
	mux.HandleFunc("GET /api/games", handleGames)
	mux.HandleFunc("GET /api/print-options", handlePrintOptions)
	mux.HandleFunc("GET /api/rules/{game}", handleRules)
	mux.HandleFunc("GET /api/sheet/{game}", handleSheet)
	mux.HandleFunc("GET /api/blank/{game}", handleBlank)
	mux.HandleFunc("GET /api/example/{game}", handleExample)
	mux.HandleFunc("POST /api/score", handleScore)
	mux.HandleFunc("POST /api/board", handleBoard)
	mux.HandleFunc("POST /api/board/new", handleBoardNew)
	mux.HandleFunc("POST /api/read", handleRead)
	return hostCheck(originCheck(guard(apiErrors(mux, newGate().wrap(mux)))), hosts)
}

// apiErrors answers a request to /api/ that no route takes as the API
// answers, with a JSON message: 405 naming the method the call takes,
// 404 for no such call (net/http's answers are plain text, and a GET of
// a call taking POST fell to the files' route: "404 page not found").
// It answers before the gate (next, the routes behind it), so such a
// request takes no work slot and no upload's.
func apiErrors(mux *http.ServeMux, next http.Handler) http.Handler {
	routed := func(r *http.Request) bool {
		_, pat := mux.Handler(r)
		return pat != "" && pat != "GET /"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if p != "/api" && !strings.HasPrefix(p, "/api/") || routed(r) {
			next.ServeHTTP(w, r)
			return
		}
		var allow []string
		for _, m := range []string{"GET", "POST"} {
			r2 := r.WithContext(r.Context())
			r2.Method = m
			if routed(r2) {
				allow = append(allow, m)
			}
		}
		if len(allow) == 0 {
			fail(w, http.StatusNotFound, fmt.Sprintf("%s: the web app has no such call", r.URL.Path))
			return
		}
		w.Header().Set("Allow", strings.Join(allow, ", "))
		fail(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s %s: this call takes %s", r.Method, r.URL.Path, strings.Join(allow, " or ")))
	})
}

// csp is the pages' Content-Security-Policy: the app loads nothing from
// elsewhere and runs no inline script or style, so everything but its
// own files (and the pictures it makes as blob: URLs) is refused, and no
// page may frame it.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; " +
	"font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// originCheck refuses a request made by a page of another origin: any
// POST (net/http's cross-origin protection: Sec-Fetch-Site, else Origin
// against Host, so "Origin: null" and a cross-site text/plain POST too),
// and a GET of the API from another site's page (an image or script tag
// asking for sheets). Requests with neither header (curl, scripts) pass:
// they are not a browser acting for another site.
func originCheck(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		refuse(w, r, http.StatusForbidden, "a request from a page of another site (or origin) is refused: open the app at the address papergames serve printed")
	}))
	return cop.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			site := r.Header.Get("Sec-Fetch-Site")
			if site != "" && site != "same-origin" && site != "none" {
				refuse(w, r, http.StatusForbidden, "a request from a page of another site (or origin) is refused: open the app at the address papergames serve printed")
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
}

// guard bounds every request body, and turns a panic into a 500 that
// says so instead of dropping the connection.
func guard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				fail(w, http.StatusInternalServerError, fmt.Sprintf("internal error: %v (please report it with the request)", p))
			}
		}()
		limit := int64(MaxBody)
		too := bodyTooBig("the request's body")
		if r.URL.Path == "/api/read" {
			limit = MaxReadBody // a photo
			too = readTooBig
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("X-Frame-Options", "DENY")
		if r.ContentLength > limit {
			// Said before a byte of it is read: a client that asked to
			// continue (Expect: 100-continue) is told at once, not after
			// sending it.
			// Not dropBody: a browser still sending would get a reset,
			// not the message (see read.go); net/http closes the
			// connection rather than read so much.
			w.Header().Set("Connection", "close")
			fail(w, tooBig, too)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		h.ServeHTTP(w, r)
	})
}

// readBody reads the request's body, what in messages, answering 413
// past MaxBody.
func readBody(w http.ResponseWriter, r *http.Request, what string) ([]byte, bool) {
	data, err := pginput.ReadAll(what, r.Body, MaxBody)
	var tooBig *http.MaxBytesError
	var size *pginput.SizeError
	switch {
	case errors.As(err, &tooBig) || errors.As(err, &size):
		fail(w, http.StatusRequestEntityTooLarge, bodyTooBig(what))
		return nil, false
	case err != nil:
		fail(w, http.StatusBadRequest, "reading "+err.Error())
		return nil, false
	}
	return data, true
}

// bodyTooBig says that what is past MaxBody.
func bodyTooBig(what string) string {
	return fmt.Sprintf("%s is larger than %s bytes (1 MB), the web app's limit", what, pginput.Thousands(MaxBody))
}

// problem is every error answer's body.
type problem struct {
	Error string `json:"error"`
}

// refuse answers a request refused before its body is read, and drops
// the rest of the body.
func refuse(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if r.ContentLength != 0 {
		dropBody(w)
	}
	fail(w, status, msg)
}

// dropBody closes the connection after the answer without reading what
// is left of the request's body. The server reads up to 256 KB of it
// after the handler, to keep the connection, even when the answer says
// "Connection: close": a client that sent its headers and stalls would
// be waited for until the read timeout (30 s). A read deadline in the
// past ends that read at once. w must be the server's own writer (no
// wrapper without Unwrap): TestRefusedStall goes through Handler.
func dropBody(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	http.NewResponseController(w).SetReadDeadline(time.Now())
}

func fail(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(problem{webText(msg)})
}

// formLabels are the sheet designer's names of the board command's print
// options (sheets.PrintOptions); a game's parameters and the rule variants
// are named by their own names there, as in the query.
var formLabels = func() map[string]string {
	m := map[string]string{}
	for _, p := range sheets.PrintOptions {
		m[p.Name] = p.Label
	}
	return m
}()

// flagRE is a command-line flag written in a message: --name.
var flagRE = regexp.MustCompile(`(^|[\s(;,:])--([a-z][a-z0-9-]*)`)

// goName is a Go constant a message names for the command line's user,
// such as " (sheets.MaxPages)".
var goName = regexp.MustCompile(` \((?:sheets|catalog|scorer|geom|input|web|arcs|polydots|crossdont)\.Max[A-Za-z]*\)`)

// webText rewrites a message of the engines or the sheets, written for
// the command line, for the web app's user: a flag becomes the form's
// field, in quotes ("Copies" 247 for --copies 247), and Go names go.
func webText(msg string) string {
	msg = goName.ReplaceAllString(msg, "")
	return flagRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := flagRE.FindStringSubmatch(m)
		label, ok := formLabels[sub[2]]
		if !ok {
			if !knownParam(sub[2]) {
				return m
			}
			label = sub[2]
		}
		return sub[1] + "\u201c" + label + "\u201d"
	})
}

// knownParam reports whether name is a game's parameter or a rule
// variant, which the web takes under the flag's own name.
func knownParam(name string) bool {
	for _, g := range catalog.Games {
		if hasParam(g.Params(), name) {
			return true
		}
	}
	ps, _ := catalog.Rules()
	return hasParam(ps, name)
}

// failWith answers err: its own status when it is a badRequest, else 422.
func failWith(w http.ResponseWriter, err error) {
	var b *badRequest
	if errors.As(err, &b) {
		fail(w, b.code, b.msg)
		return
	}
	fail(w, http.StatusUnprocessableEntity, err.Error())
}

func reply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	json.NewEncoder(w).Encode(v)
}

// gameJSON describes a game to the front end: its parameters become the
// designer's form, its rules the scoring page's switches.
type gameJSON struct {
	ID      string      `json:"id"`
	Title   string      `json:"title"`
	Posted  string      `json:"posted"`
	Players [2]int      `json:"players"` // min, max (0: no upper limit)
	Board   string      `json:"board"`
	Params  []paramJSON `json:"params"`
	Rules   []paramJSON `json:"rules"`
	Scored  bool        `json:"scored"`
	Entry   bool        `json:"board_entry"` // entered move by move on the scoring board
	Header  []string    `json:"header_keys"` // the parameters a transcript's header gives
}

// paramJSON is a parameter or rule; an int one always has its default and
// bounds (a minimum of 0 is a bound, not a missing one).
type paramJSON struct {
	Name    string `json:"name"`
	Usage   string `json:"usage"`
	Print   string `json:"print,omitempty"` // advice on printing, for the designer
	Kind    string `json:"kind"`            // int, string or bool
	Default *int   `json:"default,omitempty"`
	Min     *int   `json:"min,omitempty"`
	Max     *int   `json:"max,omitempty"`
}

func params(ps []games.Param) []paramJSON {
	out := []paramJSON{}
	for _, p := range ps {
		pj := paramJSON{Name: p.Name, Usage: p.Usage, Print: p.Print, Kind: kindName[p.Kind]}
		if p.Kind == games.Int {
			pj.Default, pj.Min, pj.Max = &p.Default, &p.Min, &p.Max
		}
		out = append(out, pj)
	}
	return out
}

func handleGames(w http.ResponseWriter, r *http.Request) {
	if unknownParams(w, r, nil) {
		return
	}
	var out []gameJSON
	for _, g := range catalog.Games {
		info := g.Info()
		gj := gameJSON{ID: info.ID, Title: info.Title, Posted: info.Posted, Players: [2]int{info.MinPlayers, info.MaxPlayers},
			Board: info.BoardKind, Params: params(g.Params()), Rules: []paramJSON{}}
		if sc, ok := g.(games.Scorer); ok {
			gj.Scored, gj.Rules = true, params(sc.Rules())
			_, gj.Entry = sc.(games.Board)
			gj.Header = append([]string{}, sc.HeaderKeys()...)
		}
		out = append(out, gj)
	}
	reply(w, out)
}

// optionJSON is a print option as the designer's field.
type optionJSON struct {
	Name    string   `json:"name"`
	Label   string   `json:"label"`
	Kind    string   `json:"kind"` // int, string, bool or select
	Usage   string   `json:"usage,omitempty"`
	Value   string   `json:"value,omitempty"`
	Choices []string `json:"choices,omitempty"`
}

// handlePrintOptions answers the print options (sheets.PrintOptions), the
// designer's form after the game's own parameters.
func handlePrintOptions(w http.ResponseWriter, r *http.Request) {
	if unknownParams(w, r, nil) {
		return
	}
	out := []optionJSON{}
	for _, p := range sheets.PrintOptions {
		o := optionJSON{Name: p.Name, Label: p.FormLabel(), Kind: kindName[p.Kind], Usage: p.Hint, Value: p.Default, Choices: p.Choices}
		if len(p.Choices) > 0 {
			o.Kind = "select"
		}
		out = append(out, o)
	}
	reply(w, out)
}

var kindName = map[games.Kind]string{games.Int: "int", games.String: "string", games.Bool: "bool"}

// game finds the request's game, answering 404 when there is none. A
// game id is matched without regard to case, as the CLI does.
func game(w http.ResponseWriter, r *http.Request) (games.Game, bool) {
	g, err := lookup(r.PathValue("game"))
	if err != nil {
		fail(w, http.StatusNotFound, err.Error())
		return nil, false
	}
	return g, true
}

// lookup finds a game by its id, in any case.
func lookup(id string) (games.Game, error) {
	return catalog.Lookup(strings.ToLower(strings.TrimSpace(id)))
}

// unknownParams refuses a request with query parameters outside known,
// naming the first (in sorted order) and the known ones.
func unknownParams(w http.ResponseWriter, r *http.Request, known []string) bool {
	var bad []string
	for k := range r.URL.Query() {
		if !slices.Contains(known, k) {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return false
	}
	slices.Sort(bad)
	if len(known) == 0 {
		fail(w, http.StatusBadRequest, fmt.Sprintf("unknown parameter %q: %s takes none", bad[0], r.URL.Path))
		return true
	}
	fail(w, http.StatusBadRequest, fmt.Sprintf("unknown parameter %q; the parameters are %s", bad[0], strings.Join(known, ", ")))
	return true
}

func handleRules(w http.ResponseWriter, r *http.Request) {
	g, ok := game(w, r)
	if !ok || unknownParams(w, r, nil) {
		return
	}
	txt, err := templates.Rules(g.Info().ID)
	if err != nil {
		fail(w, http.StatusNotFound, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, txt)
}

// sheetQuery reads the game of the path and the sheet the query asks
// for: the game's parameters and the print options, as the board command's
// flags; the parameters are those their parsers read, and extra. It
// answers a bad or unknown parameter itself (ok false).
func sheetQuery(w http.ResponseWriter, r *http.Request, extra ...string) (g games.Game, v games.Values, o sheets.Options, ok bool) {
	if g, ok = game(w, r); !ok {
		return
	}
	q := r.URL.Query()
	known := extra
	get := func(name string) (string, bool) {
		if !slices.Contains(known, name) {
			known = append(known, name)
		}
		return q.Get(name), q.Has(name)
	}
	var err error
	if v, err = games.ParseValues(g.Params(), get); err == nil {
		o, err = sheets.ParseOptions(get)
	}
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return g, v, o, false
	}
	return g, v, o, !unknownParams(w, r, known)
}

// handleBlank answers the blank transcript of the sheet of the query's
// parameters (those of /api/sheet; none: the default sheet), as
// papergames transcript prints it.
func handleBlank(w http.ResponseWriter, r *http.Request) {
	g, v, o, ok := sheetQuery(w, r)
	if !ok {
		return
	}
	txt, err := sheets.Blank(g, v, o)
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, txt)
}

// handleExample answers the game's filled-in example transcript.
func handleExample(w http.ResponseWriter, r *http.Request) {
	g, ok := game(w, r)
	if !ok || unknownParams(w, r, nil) {
		return
	}
	txt, err := catalog.Example(g.Info().ID)
	if err != nil {
		fail(w, http.StatusNotFound, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, txt)
}

// scoreJSON is the scoring page's answer: the report as the CLI prints it,
// its JSON, and the game drawn one round a page (also for a refused game,
// up to its bad move).
type scoreJSON struct {
	OK     bool            `json:"ok"`
	Text   string          `json:"text"`
	Errors string          `json:"errors,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Pages  []string        `json:"pages"`
}

func handleScore(w http.ResponseWriter, r *http.Request) {
	data, ok := readBody(w, r, "the transcript")
	if !ok {
		return
	}
	v, err := ruleValues(r)
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := checkWork(data); err != nil {
		failWith(w, err)
		return
	}
	name := r.URL.Query().Get("name")
	if name == "" {
		name = "transcript"
	}
	res, drawing, err := catalog.ScoreContext(r.Context(), name, data, v)
	var ue *games.UsageError
	if errors.As(err, &ue) {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if f := r.URL.Query().Get("format"); f != "" {
		download(w, r, f, res, drawing)
		return
	}
	out := scoreJSON{OK: err == nil, Pages: []string{}}
	if err != nil {
		out.Errors = err.Error()
	} else {
		if err := res.CheckReport(); err != nil {
			fail(w, tooBig, err.Error())
			return
		}
		out.Text = res.Text(name)
		out.Result = res.JSON()
	}
	if drawing != nil && len(drawing.Cells) > 0 {
		if err := drawing.CheckRender(); err != nil {
			fail(w, tooBig, err.Error())
			return
		}
		doc := layout.NewSVG(drawing.Title)
		if derr := drawing.Sheet(res, layout.Size{W: 210, H: 297}).Draw(stopping(r, doc)); derr == nil {
			for _, p := range doc.Pages() {
				out.Pages = append(out.Pages, string(p))
			}
		}
	}
	code := http.StatusOK
	if !out.OK {
		code = http.StatusUnprocessableEntity
	}
	replyCapped(w, code, out)
}

// download answers the scored picture (--render) as a file to save: the
// PDF, or one page of SVG (page=N, from 1).
func download(w http.ResponseWriter, r *http.Request, format string, res *scorer.Result, drawing *scorer.Drawing) {
	if drawing == nil || len(drawing.Cells) == 0 {
		fail(w, http.StatusUnprocessableEntity, "the transcript cannot be drawn: its header is not readable")
		return
	}
	var f layout.Format
	switch format {
	case "pdf":
		f = layout.FormatPDF
	case "svg":
		f = layout.FormatSVG
	default:
		fail(w, http.StatusBadRequest, fmt.Sprintf("format %q: pdf or svg", format))
		return
	}
	if err := drawing.CheckRender(); err != nil {
		fail(w, tooBig, err.Error())
		return
	}
	doc := layout.NewDocument(f, drawing.Title)
	if err := drawing.Sheet(res, layout.Size{W: 210, H: 297}).Draw(stopping(r, doc)); err != nil {
		fail(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	sendDoc(w, r, doc, "scored", "picture", true)
}

// ruleValues reads the rule variants from the query, under the names of
// the score command's flags (a Bool rule is on as 1, true, on or yes).
func ruleValues(r *http.Request) (games.Values, error) {
	ps, _ := catalog.Rules()
	q := r.URL.Query()
	for name := range q {
		if name == "name" || name == "format" || name == "page" {
			continue
		}
		if !slices.ContainsFunc(ps, func(p games.Param) bool { return p.Name == name }) {
			return nil, fmt.Errorf("unknown rule %q; the rules are %s", name, ruleNames(ps))
		}
	}
	return games.ParseValues(ps, func(name string) (string, bool) { return q.Get(name), q.Has(name) })
}

func ruleNames(ps []games.Param) string {
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// Server returns an http.Server for the app on addr, with timeouts that
// keep one slow client from holding it. It answers requests for addr's
// host (every address of this machine when addr's host is unspecified,
// such as 0.0.0.0) besides the loopback names.
func Server(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           Handler(OwnHosts(addr)...),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
}

// handleSheet answers the sheet the CLI's board command would print for
// the same options: SVG pages for the preview (page=N, from 1), or the PDF
// to download (format=pdf). The board id is in the X-Board-Id header.
func handleSheet(w http.ResponseWriter, r *http.Request) {
	g, v, o, ok := sheetQuery(w, r, "format", "page", "download")
	if !ok {
		return
	}
	q := r.URL.Query()
	format := layout.FormatSVG
	switch f := q.Get("format"); f {
	case "", "svg":
	case "pdf":
		format = layout.FormatPDF
	default:
		fail(w, http.StatusBadRequest, fmt.Sprintf("format %q: pdf or svg", f))
		return
	}
	if err := checkBoards(g, v, o); err != nil {
		failWith(w, err)
		return
	}
	res, err := sheets.Build(g, v, o)
	if errors.Is(err, sheets.ErrTooManyPages) {
		fail(w, tooBig, err.Error())
		return
	}
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := checkSheet(r.Context(), res.Sheet, o.Class); err != nil {
		failWith(w, err)
		return
	}
	doc := layout.NewDocument(format, g.Info().Title+" — board "+res.BoardID)
	if err := res.Draw(stopping(r, doc)); err != nil {
		fail(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	w.Header().Set("X-Board-Id", res.BoardID)
	if len(res.Warnings) > 0 {
		w.Header().Set("X-Warnings", strings.Join(res.Warnings, " | "))
	}
	sendDoc(w, r, doc, g.Info().ID+"-"+res.BoardID, "sheet", r.URL.Query().Get("download") != "")
}

// sendDoc answers doc: the PDF to save as name.pdf, or page N (page=N,
// from 1) of the SVG pages, saved as name-N.svg when attach; what names
// the document in a message ("sheet", "picture").
func sendDoc(w http.ResponseWriter, r *http.Request, doc layout.Document, name, what string, attach bool) {
	switch d := doc.(type) {
	case *layout.PDF:
		var b bytes.Buffer
		if _, err := d.WriteTo(&b); err != nil {
			fail(w, http.StatusInternalServerError, "writing the PDF: "+err.Error())
			return
		}
		if b.Len() > MaxAnswer {
			fail(w, tooBig, fmt.Sprintf("the %s's PDF would be %.1f MB, more than the web app's %d MB", what, float64(b.Len())/(1<<20), MaxAnswer>>20))
			return
		}
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.pdf"`)
		w.Write(b.Bytes())
	case *layout.SVG:
		pages := d.Pages()
		page := 1
		if s := r.URL.Query().Get("page"); s != "" {
			var err error
			if page, err = strconv.Atoi(s); err != nil || page < 1 || page > len(pages) {
				fail(w, http.StatusBadRequest, fmt.Sprintf("page %q: the %s has pages 1 to %d", s, what, len(pages)))
				return
			}
		}
		w.Header().Set("X-Pages", strconv.Itoa(len(pages)))
		w.Header().Set("Content-Type", "image/svg+xml")
		if attach {
			w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%d.svg"`, name, page))
		}
		w.Write(pages[page-1])
	}
}

// Run serves the app on ln until ctx ends, then shuts down gracefully.
func Run(ctx context.Context, ln net.Listener) error {
	srv := Server(ln.Addr().String())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	}
}

// Open asks the desktop to open url in a browser.
func Open(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	return cmd.Start()
}

// hostCheck refuses requests whose Host is neither a loopback name nor one
// of hosts (DNS rebinding).
func hostCheck(h http.Handler, hosts []string) http.Handler {
	ok := map[string]bool{}
	for _, s := range hosts {
		ok[strings.ToLower(strings.Trim(s, "[]"))] = true
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			host = hh
		}
		host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
		if !loopback(host) && !ok[host] {
			refuse(w, r, http.StatusForbidden, fmt.Sprintf("host %q is not this server's: open the app at the address papergames serve printed", r.Host))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// loopback reports whether host is a loopback name or address.
func loopback(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// OwnHosts are the host names a server listening on addr answers to
// besides the loopback ones: addr's host, or every address of this
// machine (and its host name) when that is unspecified.
func OwnHosts(addr string) []string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	ip := net.ParseIP(host)
	if host != "" && (ip == nil || !ip.IsUnspecified()) {
		return []string{host}
	}
	out := []string{host}
	if as, err := net.InterfaceAddrs(); err == nil {
		for _, a := range as {
			if n, ok := a.(*net.IPNet); ok {
				out = append(out, n.IP.String())
			}
		}
	}
	if name, err := os.Hostname(); err == nil {
		out = append(out, name)
	}
	return out
}
