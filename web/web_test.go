package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/internal/testenv"
	"papergames/layout"
	"papergames/sheets"
)

func get(t testing.TB, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "http://localhost"+target, nil))
	return w
}

func post(t testing.TB, h http.Handler, target, body string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("POST", "http://localhost"+target, strings.NewReader(body)))
	return w
}

func TestGamesListsTheCatalogue(t *testing.T) {
	w := get(t, Handler(), "/api/games")
	var gs []gameJSON
	if err := json.Unmarshal(w.Body.Bytes(), &gs); err != nil || w.Code != 200 {
		t.Fatalf("%d %v", w.Code, err)
	}
	if len(gs) != len(catalog.Games) {
		t.Fatalf("%d games, the catalogue has %d", len(gs), len(catalog.Games))
	}
	for i, g := range catalog.Games {
		if gs[i].ID != g.Info().ID || len(gs[i].Params) != len(g.Params()) {
			t.Errorf("game %d: %+v", i, gs[i])
		}
		// An int parameter has its bounds, a minimum of 0 too (the
		// designer's hint read "undefined to 2147483647" for --seed).
		for j, p := range g.Params() {
			if j >= len(gs[i].Params) || p.Kind != games.Int {
				continue
			}
			if q := gs[i].Params[j]; q.Min == nil || q.Max == nil || q.Default == nil || *q.Min != p.Min || *q.Max != p.Max || *q.Default != p.Default {
				t.Errorf("%s --%s: bounds %v %v default %v, want %d to %d, %d", g.Info().ID, p.Name, q.Min, q.Max, q.Default, p.Min, p.Max, p.Default)
			}
		}
	}
}

// TestSheetIsTheCLIsSheet: the designer's sheet has the board id, and the
// bytes, of the sheet sheets.Build gives the board command for the same
// options.
// TestPrintOptionsAreTheTable: the designer's print options are
// sheets.PrintOptions, each with its label and default, and a message
// names a flag by the designer's label.
func TestPrintOptionsAreTheTable(t *testing.T) {
	w := get(t, Handler(), "/api/print-options")
	var got []optionJSON
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 {
		t.Fatalf("%d %v %s", w.Code, err, w.Body)
	}
	if len(got) != len(sheets.PrintOptions) {
		t.Fatalf("%d options, the table has %d", len(got), len(sheets.PrintOptions))
	}
	for i, p := range sheets.PrintOptions {
		if o := got[i]; o.Name != p.Name || o.Value != p.Default || o.Label != p.FormLabel() || o.Usage != p.Hint {
			t.Errorf("option %d: %+v, want the table's %+v", i, o, p)
		}
		if msg := webText("--" + p.Name + " 7: bad"); msg != "\u201c"+p.Label+"\u201d 7: bad" {
			t.Errorf("--%s in a message: %q", p.Name, msg)
		}
	}
}

func TestSheetIsTheCLIsSheet(t *testing.T) {
	h := Handler()
	for _, tc := range []struct {
		game, query string
		v           games.Values
		o           sheets.Options
	}{
		{"arcs-and-marks", "marks=20&names=Ann,Bob,Cy", games.Values{"marks": 20}, sheets.Options{Names: []string{"Ann", "Bob", "Cy"}}},
		{"permutation-grid", "size=7&paper=letter&landscape=1", games.Values{"size": 7}, sheets.Options{Paper: layout.Papers["letter"], Landscape: true}},
	} {
		w := get(t, h, "/api/sheet/"+tc.game+"?"+tc.query)
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", tc.query, w.Code, w.Body)
		}
		g, _ := catalog.Lookup(tc.game)
		o := tc.o
		if o.Paper.W == 0 {
			o.Paper = layout.Papers["a4"]
		}
		o.Margin, o.LineWidth = 10, 0.35
		res, err := sheets.Build(g, tc.v, o)
		if err != nil {
			t.Fatal(err)
		}
		doc := layout.NewSVG(g.Info().Title + " — board " + res.BoardID)
		if err := res.Draw(doc); err != nil {
			t.Fatal(err)
		}
		if got := w.Header().Get("X-Board-Id"); got != res.BoardID {
			t.Errorf("%s: board %s, the CLI's is %s", tc.query, got, res.BoardID)
		}
		if w.Body.String() != string(doc.Pages()[0]) {
			t.Errorf("%s: the preview differs from the CLI's sheet", tc.query)
		}
	}
	w := get(t, h, "/api/sheet/arcs-and-marks?format=pdf")
	if w.Code != 200 || !strings.HasPrefix(w.Body.String(), "%PDF-") || !strings.Contains(w.Header().Get("Content-Disposition"), ".pdf") {
		t.Errorf("PDF: %d %q", w.Code, w.Header())
	}
}

// TestBadRequestsAre4xx: every bad request is answered with a 4xx and a
// message, never a 500.
func TestBadRequestsAre4xx(t *testing.T) {
	h := Handler()
	for _, tc := range []struct {
		method, target, body string
		code                 int
		msg                  string
	}{
		{"GET", "/api/sheet/nope", "", 404, "unknown game"},
		{"GET", "/api/rules/nope", "", 404, "unknown game"},
		{"GET", "/api/blank/nope", "", 404, "unknown game"},
		{"GET", "/api/sheet/arcs-and-marks?marks=2", "", 400, "\u201cmarks\u201d 2: must be from 3 to 360"},
		{"GET", "/api/sheet/arcs-and-marks?marks=x", "", 400, "not a whole number"},
		{"GET", "/api/sheet/arcs-and-marks?paper=b9", "", 400, "paper"},
		{"GET", "/api/sheet/arcs-and-marks?board-size=2000mm", "", 400, "does not fit"},
		{"GET", "/api/sheet/arcs-and-marks?page=5&copies=2", "", 400, "pages 1 to 4"},
		{"GET", "/api/sheet/arcs-and-marks?copies=100000", "", 400, "\u201cCopies\u201d 100000"},
		{"GET", "/api/sheet/arcs-and-marks?format=png", "", 400, `format \"png\": pdf or svg`},
		{"GET", "/api/sheet/arcs-and-marks?format=PDF", "", 400, "pdf or svg"},
		{"GET", "/api/sheet/arcs-and-marks?bogus=1", "", 400, `unknown parameter \"bogus\"; the parameters are format, page, download, marks, paper`},
		{"GET", "/api/sheet/arcs-and-marks?marks=20&Copies=2", "", 400, `unknown parameter \"Copies\"`},
		{"GET", "/api/sheet/crossing-the-rings?marks=20", "", 400, `unknown parameter \"marks\"`},
		{"GET", "/api/rules/arcs-and-marks?bogus=1", "", 400, "unknown parameter"},
		{"GET", "/api/blank/arcs-and-marks?bogus=1", "", 400, "unknown parameter"},
		{"GET", "/api/games?bogus=1", "", 400, "unknown parameter"},
		{"GET", "/api/rules/arcs-and-mark", "", 404, "did you mean arcs-and-marks?"},
		{"POST", "/api/score", "game: nope\n", 422, "unknown game"},
		{"POST", "/api/score", "{{{", 422, ""},
		{"POST", "/api/score?bogus=1", "x", 400, "unknown rule"},
		{"POST", "/api/score?strict=maybe", "x", 400, "not on or off"},
		{"POST", "/api/score?sections=9..1", "game: crossing-the-rings\nplayers: [A, B]\nrounds:\n  - divider: A\n", 400, "\u201csections\u201d"},
		{"POST", "/api/score", strings.Repeat("x", MaxBody+1), 413, "larger than"},
		{"PUT", "/api/score", "", 405, `PUT /api/score: this call takes POST`},
		// As the API answers, in JSON (a campaign's GET of /api/read got
		// net/http's plain "404 page not found").
		{"GET", "/api/read", "", 405, `{"error":"GET /api/read: this call takes POST"}`},
		{"DELETE", "/api/games", "", 405, `"DELETE /api/games: this call takes GET"`},
		{"GET", "/api/nothing", "", 404, `{"error":"/api/nothing: the web app has no such call"}`},
		{"GET", "/api/sheet/", "", 404, "no such call"},
		{"GET", "/api", "", 404, `{"error":"/api: the web app has no such call"}`},
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(tc.method, "http://localhost"+tc.target, strings.NewReader(tc.body)))
		if w.Code != tc.code || !strings.Contains(w.Body.String(), tc.msg) {
			t.Errorf("%s %s: %d %s, want %d with %q", tc.method, tc.target, w.Code, w.Body, tc.code, tc.msg)
		}
	}
}

// TestGameIDsInAnyCase: the API matches game ids without regard to case,
// as the CLI does.
func TestGameIDsInAnyCase(t *testing.T) {
	h := Handler()
	for _, target := range []string{"/api/rules/ARCS-AND-MARKS", "/api/sheet/Arcs-And-Marks?marks=20", "/api/blank/WITHIN-THE-CURVE"} {
		if w := get(t, h, target); w.Code != 200 {
			t.Errorf("%s: %d %.200s", target, w.Code, w.Body.String())
		}
	}
	if w := post(t, h, "/api/board/new", `{"game": "ARCS-AND-MARKS", "params": {"marks": "8"}}`); w.Code != 200 || !strings.Contains(w.Body.String(), `"game":"arcs-and-marks"`) {
		t.Errorf("board/new: %d %.200s", w.Code, w.Body.String())
	}
	if a, b := get(t, h, "/api/sheet/ARCS-AND-MARKS"), get(t, h, "/api/sheet/arcs-and-marks"); a.Body.String() != b.Body.String() {
		t.Errorf("the sheet of ARCS-AND-MARKS differs from arcs-and-marks's")
	}
}

func TestScoreAnExample(t *testing.T) {
	data, err := os.ReadFile("../examples/arcs-and-marks/hand-checked.yaml")
	if err != nil {
		t.Fatal(err)
	}
	w := post(t, Handler(), "/api/score?name=hand-checked.yaml", string(data))
	var out scoreJSON
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || w.Code != 200 || !out.OK {
		t.Fatalf("%d %v %s", w.Code, err, w.Body)
	}
	want, _ := os.ReadFile("../examples/arcs-and-marks/hand-checked.expected.json")
	var a, b any
	json.Unmarshal(out.Result, &a)
	json.Unmarshal(want, &b)
	if ja, _ := json.Marshal(a); string(ja) != mustJSON(b) {
		t.Errorf("result differs from the example's expected JSON")
	}
	if !strings.Contains(out.Text, "winner") || len(out.Pages) == 0 || !strings.HasPrefix(out.Pages[0], "<?xml") {
		t.Errorf("text %q, %d pages", out.Text, len(out.Pages))
	}
}

func mustJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

func TestStaticFiles(t *testing.T) {
	h := Handler()
	for _, p := range []string{"/", "/app.js", "/style.css"} {
		w := get(t, h, p)
		if w.Code != 200 || w.Body.Len() == 0 {
			t.Errorf("%s: %d", p, w.Code)
		}
	}
	// Rule values reach the scorer: --strict makes an unfinished round an error.
	data, _ := os.ReadFile("../examples/cross-dont-cross/unfinished.yaml")
	if w := post(t, h, "/api/score?"+url.Values{"strict": {"1"}}.Encode(), string(data)); w.Code != 422 || !strings.Contains(w.Body.String(), "--strict") {
		b, _ := io.ReadAll(w.Body)
		t.Errorf("strict: %d %s", w.Code, b)
	}
}

// TestBlankIsTheCLIsBlank: /api/blank answers papergames transcript's
// blank for the same options (the sheet's cuts filled in), and
// /api/example the filled-in example.
func TestBlankIsTheCLIsBlank(t *testing.T) {
	h := Handler()
	for _, tc := range []struct {
		game, query string
		v           games.Values
		o           sheets.Options
	}{
		{"arcs-and-marks", "", games.Values{"marks": 12}, sheets.Options{}},
		{"crossing-the-rings", "circles=4&dividers=1:0,180&names=Ann,Bob,Cy", games.Values{"circles": 4, "dividers": "1:0,180", "seed": 1}, sheets.Options{Names: []string{"Ann", "Bob", "Cy"}}},
	} {
		w := get(t, h, "/api/blank/"+tc.game+"?"+tc.query)
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", tc.query, w.Code, w.Body)
		}
		g, _ := catalog.Lookup(tc.game)
		o := tc.o
		o.Paper, o.Copies, o.Margin, o.LineWidth = layout.Papers["a4"], 1, 10, 0.35
		want, err := sheets.Blank(g, tc.v, o)
		if err != nil {
			t.Fatal(err)
		}
		if w.Body.String() != want {
			t.Errorf("%s?%s: the web's blank differs from the CLI's:\n%s\nwant\n%s", tc.game, tc.query, w.Body, want)
		}
	}
	w := get(t, h, "/api/example/within-the-curve")
	want, _ := catalog.Example("within-the-curve")
	if w.Code != 200 || w.Body.String() != want {
		t.Errorf("example: %d", w.Code)
	}
}

// TestFavicon: /favicon.ico, which every browser asks for, is served
// (issue 22: a 404 on every page).
func TestFavicon(t *testing.T) {
	w := get(t, Handler(), "/favicon.ico")
	if w.Code != 200 || w.Body.Len() == 0 || !strings.HasPrefix(w.Body.String(), "\x00\x00\x01\x00") {
		t.Errorf("/favicon.ico: %d, %d bytes", w.Code, w.Body.Len())
	}
}

// TestAPIErrorsBeforeTheGate: a call there is none of, or with the wrong
// method, is answered before the gate: it waits for no work slot (a
// review's GET of /api/read, with the heavy slot taken, waited and got
// 503).
func TestAPIErrorsBeforeTheGate(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/read", handleRead)
	mux.HandleFunc("GET /api/sheet/{game}", handleSheet)
	g := &gate{slots: make(chan struct{}, 1), heavy: make(chan struct{}, 1), light: time.Second, hard: time.Second, reading: time.Second, patient: time.Second}
	g.slots <- struct{}{}
	g.heavy <- struct{}{}
	h := apiErrors(mux, g.wrap(mux))
	for _, tc := range []struct {
		method, target string
		code           int
	}{{"GET", "/api/read", 405}, {"PUT", "/api/read", 405}, {"GET", "/api/sheet/", 404}} {
		start := time.Now()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(tc.method, "http://localhost"+tc.target, strings.NewReader("x")))
		if w.Code != tc.code || time.Since(start) > testenv.Bound(500*time.Millisecond) {
			t.Errorf("%s %s: %d after %v %s", tc.method, tc.target, w.Code, time.Since(start), w.Body)
		}
	}
}
