package web

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/layout"
	"papergames/sheets"
)

// postBoard sends a board request and decodes the answer.
func postBoard(t testing.TB, path string, req any) (int, *boardJSON, string) {
	t.Helper()
	body, _ := json.Marshal(req)
	w := post(t, Handler(), path, string(body))
	var out boardJSON
	if w.Code == 200 {
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return w.Code, &out, w.Body.String()
}

// boardExamples are the examples of the games the board enters, each
// scored without rule variants (no .args file).
func boardExamples(t testing.TB) map[string][]string {
	out := map[string][]string{}
	for _, g := range catalog.Games {
		if _, ok := g.(games.Board); !ok {
			continue
		}
		files, _ := filepath.Glob(filepath.Join("..", "examples", g.Info().ID, "*.yaml"))
		for _, f := range files {
			if _, err := os.Stat(strings.TrimSuffix(f, ".yaml") + ".args"); err == nil {
				continue
			}
			out[g.Info().ID] = append(out[g.Info().ID], f)
		}
	}
	if len(out) == 0 {
		t.Fatal("no examples")
	}
	return out
}

// TestBoardRoundTrip: every example replayed on the board and exported
// scores as the example itself does (same totals, winners and round
// scores); a refused one is refused at a move, and what comes before it
// is exported.
func TestBoardRoundTrip(t *testing.T) {
	for id, files := range boardExamples(t) {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, _, werr := catalog.Score(f, data, nil)
			code, out, body := postBoard(t, "/api/board", boardRequest{Transcript: string(data)})
			if code != 200 {
				t.Errorf("%s: %d %s", f, code, body)
				continue
			}
			if werr != nil {
				if out.Refused == nil && out.Errors == "" {
					t.Errorf("%s: refused by the scorer (%v), accepted on the board", f, werr)
				}
				continue
			}
			if out.Refused != nil {
				// A mistake the rules let a player make on paper, losing
				// the match (Within The Curve), is refused on the board.
				if len(want.Disqualified) == 0 {
					t.Errorf("%s: refused on the board: %s", f, out.Refused.Message)
				}
				continue
			}
			got, _, err := catalog.Score("export", []byte(out.Transcript), nil)
			if err != nil {
				t.Errorf("%s (%s): the export does not score: %v\n%s", f, id, err, out.Transcript)
				continue
			}
			if fmt.Sprint(got.Totals(), got.Winners()) != fmt.Sprint(want.Totals(), want.Winners()) {
				t.Errorf("%s: export totals %v winners %v, the example's %v %v", f, got.Totals(), got.Winners(), want.Totals(), want.Winners())
			}
			for i := range want.Rounds {
				if !slices.Equal(got.Rounds[i].Scores, want.Rounds[i].Scores) {
					t.Errorf("%s: round %d scores %v, want %v", f, i+1, got.Rounds[i].Scores, want.Rounds[i].Scores)
				}
			}
			if !slices.Equal(out.Totals, want.Totals()) {
				t.Errorf("%s: running totals %v, the scorer's %v", f, out.Totals, want.Totals())
			}
		}
	}
}

func TestBoardRefusedExamples(t *testing.T) {
	for _, files := range boardExamples(t) {
		for _, f := range files {
			if !strings.Contains(f, "refused") && !strings.Contains(f, "bad") {
				continue
			}
			data, _ := os.ReadFile(f)
			code, out, body := postBoard(t, "/api/board", boardRequest{Transcript: string(data)})
			if code != 200 {
				t.Errorf("%s: %d %s", f, code, body)
				continue
			}
			if out.Refused == nil {
				t.Errorf("%s: no move refused; the scorer says %s", f, out.Errors)
				continue
			}
			t.Logf("%s: %s", f, out.Refused.Message)
		}
	}
}

// TestBoardBadRequests: every bad request to the board is a 4xx with a
// message, never a 500.
func TestBoardBadRequests(t *testing.T) {
	arcs := "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: 8\nrounds:\n  - first: 1\n    arcs: 8-2 3\n"
	h := Handler()
	for _, tc := range []struct {
		path, body string
		code       int
		msg        string
	}{
		{"/api/board", `{`, 400, "reading the request"},
		{"/api/board", `[]`, 400, "reading the request"},
		{"/api/board", `{"transcript": 3}`, 400, "reading the request"},
		{"/api/board", `{"bogus": 1}`, 400, "unknown field"},
		{"/api/board", `{}`, 400, "no transcript"},
		{"/api/board", `{"transcript": "{{{"}`, 422, ""},
		{"/api/board", `{"transcript": "game: nope\n"}`, 422, "unknown game"},
		{"/api/board", `{"transcript": "game: arcs-and-marks\nplayers: [A]\nrounds: []\n"}`, 422, "players"},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, Upto: ptr(-1)}), 400, "upto -1"},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, Round: ptr(5)}), 400, "round 5: the transcript's rounds are 0 to 0"},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, Round: ptr(-1)}), 400, "round -1: the transcript's rounds are 0 to 0"},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, Round: ptr(99)}), 400, "round 99: "},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, NewRound: true}), 400, "not over"},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, Picks: []string{"@x,1"}}), 400, "click"},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, Picks: []string{"@1e300,1"}}), 400, "click"},
		{"/api/board", mustJSON(boardRequest{Transcript: arcs, Picks: make([]string, 3000)}), 400, "too many"},
		{"/api/board", mustJSON(boardRequest{Transcript: "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: 8\nrounds:\n  - starts: Cy\n"}), 422, "Cy"},
		{"/api/board?bogus=1", mustJSON(boardRequest{Transcript: arcs}), 400, "unknown rule"},
		{"/api/board", `{"transcript": "` + strings.Repeat("x", MaxBody) + `"}`, 413, "larger than"},
		{"/api/board/new", `{"game": "nope"}`, 404, "unknown game"},
		{"/api/board/new", `{"game": "arcs-and-marks", "params": {"marks": "2"}}`, 400, "\u201cmarks\u201d 2"},
		{"/api/board/new", `{"game": "arcs-and-marks", "params": {"wings": "2"}}`, 400, "unknown parameter"},
		{"/api/board/new", `{"game": "arcs-and-marks", "players": ["A", "A"]}`, 400, "named twice"},
		{"/api/board/new", `{"game": "permutation-grid", "players": ["A", "B", "C"]}`, 400, "players"},
	} {
		w := post(t, h, tc.path, tc.body)
		if w.Code != tc.code || !strings.Contains(w.Body.String(), tc.msg) {
			t.Errorf("%s %.80s: %d %.300s, want %d with %q", tc.path, tc.body, w.Code, w.Body, tc.code, tc.msg)
		}
	}
	// A refused move is an answer (200) with the engine's message, the
	// transcript unchanged.
	code, out, _ := postBoard(t, "/api/board", boardRequest{Transcript: arcs, Move: "2-5"})
	if code != 200 || out.Refused == nil || !strings.Contains(out.Refused.Message, "round 1, move 3 (2-5): the ends must be equally far") || out.Played != 2 {
		t.Errorf("refused move: %d %+v", code, out.Refused)
	}
}

func ptr(i int) *int { return &i }

// TestHostCheck: only loopback names and the server's own address are
// answered (DNS rebinding).
func TestHostCheck(t *testing.T) {
	for _, tc := range []struct {
		hosts []string
		host  string
		code  int
	}{
		{nil, "localhost:8080", 200},
		{nil, "127.0.0.1:1234", 200},
		{nil, "[::1]:1234", 200},
		{nil, "LOCALHOST", 200},
		{nil, "evil.example:8080", 403},
		{nil, "127.0.0.1.nip.io", 403},
		{nil, "192.168.1.5:8080", 403},
		{[]string{"192.168.1.5"}, "192.168.1.5:8080", 200},
		{[]string{"192.168.1.5"}, "evil.example", 403},
	} {
		r := httptest.NewRequest("GET", "/api/games", nil)
		r.Host = tc.host
		w := httptest.NewRecorder()
		Handler(tc.hosts...).ServeHTTP(w, r)
		if w.Code != tc.code {
			t.Errorf("hosts %v, Host %q: %d, want %d", tc.hosts, tc.host, w.Code, tc.code)
		}
		if w.Code == 403 && !strings.Contains(w.Body.String(), "not this server's") {
			t.Errorf("Host %q: %s", tc.host, w.Body)
		}
	}
	if hs := OwnHosts("192.168.1.5:80"); len(hs) != 1 || hs[0] != "192.168.1.5" {
		t.Errorf("OwnHosts: %v", hs)
	}
	if hs := OwnHosts("0.0.0.0:80"); !slices.Contains(hs, "127.0.0.1") {
		t.Errorf("OwnHosts of 0.0.0.0 leaves out this machine's addresses: %v", hs)
	}
}

// TestBoardConcurrent: many requests at once (tabs) share nothing (run
// with -race).
func TestBoardConcurrent(t *testing.T) {
	ex := boardExamples(t)
	h := Handler()
	var files []string
	for _, fs := range ex {
		files = append(files, fs...)
	}
	done := make(chan error, 2*len(files))
	for k := range 2 * len(files) {
		go func() {
			data, err := os.ReadFile(files[k%len(files)])
			if err == nil {
				body := mustJSON(boardRequest{Transcript: string(data), Upto: ptr(k % 7)})
				w := post(t, h, "/api/board", body)
				if w.Code != 200 {
					err = fmt.Errorf("%s: %d %s", files[k%len(files)], w.Code, w.Body)
				}
			}
			done <- err
		}()
	}
	for range 2 * len(files) {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// BenchmarkBoardMove is a move played through the handler (replay, check,
// picture, targets, legal moves, the scorer's verdict), on each game's
// first example with its last move taken back and played again. Target:
// under 50 ms a move.
func BenchmarkBoardMove(b *testing.B) {
	for id, files := range boardExamples(b) {
		var body string
		for _, f := range files {
			data, _ := os.ReadFile(f)
			_, out, _ := postBoard(b, "/api/board", boardRequest{Transcript: string(data)})
			if out.Refused != nil || out.Played == 0 {
				continue
			}
			_, prev, _ := postBoard(b, "/api/board", boardRequest{Transcript: string(data), Upto: ptr(out.Played - 1)})
			last := out.Rounds[len(prev.Rounds)-1].Moves
			body = mustJSON(boardRequest{Transcript: prev.Transcript, Move: last[len(last)-1]})
			break
		}
		if body == "" {
			b.Fatalf("%s: no example to benchmark", id)
		}
		var req boardRequest
		json.Unmarshal([]byte(body), &req)
		if _, out, _ := postBoard(b, "/api/board", req); out.Refused != nil {
			b.Fatalf("%s: the move is refused: %s", id, out.Refused.Message)
		}
		h := Handler()
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				w := post(b, h, "/api/board", body)
				if w.Code != 200 {
					b.Fatal(w.Code, w.Body)
				}
			}
		})
	}
}

// TestBoardBlankTranscript: the blank transcript of a sheet (papergames
// transcript GAME) starts the board on its first round.
func TestBoardBlankTranscript(t *testing.T) {
	for _, g := range catalog.Games {
		if _, ok := g.(games.Board); !ok {
			continue
		}
		none := func(string) (string, bool) { return "", false }
		v, err := games.ParseValues(g.Params(), none)
		if err != nil {
			t.Fatal(err)
		}
		o, err := sheets.ParseOptions(none)
		if err != nil {
			t.Fatal(err)
		}
		blank, err := sheets.Blank(g, v, o)
		if err != nil {
			t.Fatal(err)
		}
		code, out, body := postBoard(t, "/api/board", boardRequest{Transcript: blank})
		if code != 200 || out.Refused != nil || out.Playing != 0 || out.Round != 0 || out.SVG == "" {
			t.Errorf("%s: %d %.300s", g.Info().ID, code, body)
		}
	}
}

// TestBoardErrorsNameRounds: the scorer's messages on a transcript the
// page built name the round, not a line and column of a text the user
// never saw; on an imported transcript with a refused move they keep their
// places in it.
func TestBoardErrorsNameRounds(t *testing.T) {
	for _, tc := range []struct {
		file string
		upto int
		want string
	}{
		{"crossing-the-rings/two-players.yaml", 17, "round 1: 0 segment(s); each of the 2 players draws one"},
		{"crossing-the-rings/two-players.yaml", 25, "round 2: missing segments"},
		{"cross-dont-cross/three-diameters.yaml", 17, "round 2: 2 chord(s)"},
		{"making-intersections/two-players.yaml", 3, "round 1 has 3 segments"},
	} {
		data, err := os.ReadFile("../examples/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		code, out, body := postBoard(t, "/api/board", boardRequest{Transcript: string(data), Upto: ptr(tc.upto)})
		if code != 200 {
			t.Fatalf("%s: %d %s", tc.file, code, body)
		}
		if !strings.HasPrefix(out.Errors, tc.want) || strings.Contains(out.Errors, "transcript:") {
			t.Errorf("%s upto %d: errors %q, want them to start %q, with no place in the text", tc.file, tc.upto, out.Errors, tc.want)
		}
	}
	data, _ := os.ReadFile("../examples/arcs-and-marks/refused.yaml")
	if _, out, _ := postBoard(t, "/api/board", boardRequest{Transcript: string(data)}); !strings.Contains(out.Errors, "transcript:") {
		t.Errorf("imported refused transcript: errors %q, want their places in it", out.Errors)
	}
	text := "game: x\nrounds:\n  - a: 1\n  - b: 2\n    c: 3\n"
	if got := unplaced(text, "transcript:5:5: bad\ntranscript:1:1: round 3: odd\nplain"); got != "round 2: bad\nround 3: odd\nplain" {
		t.Errorf("unplaced: %q", got)
	}
}

// TestArcsBoardCompassIsTheSheets: the scoring board's compass table gives
// the printed sheet's openings (a player sets the compass from it), not
// those of the smaller circle on the screen (issue 22: 31.1 mm against
// 42.5 mm for k = 1 on 12 marks).
func TestArcsBoardCompassIsTheSheets(t *testing.T) {
	for _, marks := range []int{8, 12, 20} {
		code, b, body := postBoard(t, "/api/board/new", map[string]any{"game": "arcs-and-marks", "params": map[string]string{"marks": fmt.Sprint(marks)}})
		if code != 200 {
			t.Fatalf("%d %s", code, body)
		}
		o, err := sheets.ParseOptions(func(string) (string, bool) { return "", false })
		if err != nil {
			t.Fatal(err)
		}
		o.Margin, o.LineWidth = 10, 0.35
		g, _ := catalog.Lookup("arcs-and-marks")
		res, err := sheets.Build(g, games.Values{"marks": marks}, o)
		if err != nil {
			t.Fatal(err)
		}
		doc := layout.NewSVG("sheet")
		if err := res.Sheet.Draw(doc); err != nil {
			t.Fatal(err)
		}
		sheet := string(doc.Pages()[0])
		for k := 1; 2*k < marks; k++ {
			m := regexp.MustCompile(fmt.Sprintf(`k = %d: [0-9.]+ mm`, k)).FindString(sheet)
			if m == "" {
				t.Fatalf("%d marks: the sheet has no opening for k = %d", marks, k)
			}
			if !strings.Contains(b.SVG, m) {
				t.Errorf("%d marks: the sheet says %q, the board does not", marks, m)
			}
		}
	}
}

// TestBoardWords: the board's answer offers the words its game declares
// for the round being played (done while the rings are cut and the dots
// placed, stop while a grid is filled), and none elsewhere; the last
// grid's stop, which its record does not keep, is said again to start
// the next round.
func TestBoardWords(t *testing.T) {
	words := func(b *boardJSON) string {
		var ws []string
		for _, w := range b.Words {
			ws = append(ws, w.Word)
			if w.Label == "" || w.Title == "" {
				t.Errorf("%s: word %q without label or title", b.Game, w.Word)
			}
		}
		return strings.Join(ws, " ")
	}
	for _, g := range catalog.Games {
		if _, ok := g.(games.Board); !ok {
			continue
		}
		code, out, body := postBoard(t, "/api/board/new", newRequest{Game: g.Info().ID})
		if code != 200 {
			t.Fatalf("%s: %d %s", g.Info().ID, code, body)
		}
		want := map[string]string{"crossing-the-rings": "done", "polygons-and-dots": "done"}[g.Info().ID]
		if got := words(out); got != want {
			t.Errorf("%s, %s: words %q, want %q", g.Info().ID, out.Phase, got, want)
		}
	}
	data, err := os.ReadFile("../examples/within-the-curve/two-players.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, full, _ := postBoard(t, "/api/board", boardRequest{Transcript: string(data)})
	for k := 0; k <= full.Played; k += 7 {
		_, b, _ := postBoard(t, "/api/board", boardRequest{Transcript: string(data), Upto: ptr(k)})
		want := ""
		if b.Phase == "inside" {
			want = "stop"
		}
		if got := words(b); got != want {
			t.Errorf("within-the-curve, move %d (%s): words %q, want %q", k, b.Phase, got, want)
		}
	}
	_, last, _ := postBoard(t, "/api/board", boardRequest{Transcript: string(data), Upto: ptr(full.Played - 1)})
	if len(last.Words) != 1 || !last.Words[0].Again {
		t.Fatalf("the last grid's stop: %+v, want again", last.Words)
	}
	_, stopped, _ := postBoard(t, "/api/board", boardRequest{Transcript: last.Transcript, Move: "stop"})
	if !stopped.Over || len(stopped.Words) != 0 {
		t.Errorf("the last grid stopped: over %v, words %+v", stopped.Over, stopped.Words)
	}
	code, next, body := postBoard(t, "/api/board", boardRequest{Transcript: stopped.Transcript, Move: "stop", NewRound: true})
	if code != 200 || len(next.Rounds) != 2 || next.Round != 1 {
		t.Errorf("a new round after the stop said again: %d %.300s", code, body)
	}
}

// TestReadPicks: a click comes in as a target's name or "@x,y" in the
// picture's units, and reaches the game as a name or a point in mm,
// written back as it was for messages.
func TestReadPicks(t *testing.T) {
	got, err := readPicks([]string{"2a", "@51000,62500", "@ 1 , 2"})
	if err != nil {
		t.Fatal(err)
	}
	want := []games.Pick{games.Named("2a"), games.PointAt(layout.Pt(51, 62.5)), games.PointAt(layout.Pt(0.001, 0.002))}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%+v, want %+v", got, want)
	}
	if s := got[1].String(); s != "@51,62.5" {
		t.Errorf("a point written %q", s)
	}
	snapped := snap(got, []games.Target{{Name: "1x5", X: 52, Y: 62}})
	if snapped[1] != games.Named("1x5") {
		t.Errorf("a click 1.1 mm from a target: %+v", snapped[1])
	}
	for _, bad := range []string{"@", "@1", "@x,1", "@NaN,1", "@1e300,1"} {
		if _, err := readPicks([]string{bad}); err == nil || !strings.Contains(err.Error(), "click") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// TestRefusedStall: a request refused before its body is read (a wrong
// Host, a page of another site) closes the connection, so that a client
// that sends its headers and stalls is answered at once, not after the
// server's read timeout (30 s: it read the body to keep the connection).
func TestRefusedStall(t *testing.T) {
	srv := httptest.NewUnstartedServer(Handler())
	srv.Config.ReadTimeout = 20 * time.Second
	srv.Start()
	defer srv.Close()
	for _, head := range []string{
		"POST /api/read?name=x.jpg HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 100000\r\n\r\n",
		"POST /api/read?name=x.jpg HTTP/1.1\r\nHost: localhost\r\nSec-Fetch-Site: cross-site\r\nContent-Length: 100000\r\n\r\n",
		"POST /api/read?name=x.jpg HTTP/1.1\r\nHost: localhost\r\nOrigin: http://evil.example\r\nContent-Length: 100000\r\n\r\n",
	} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		io.WriteString(conn, head+"\xff\xd8")
		conn.SetReadDeadline(time.Now().Add(15 * time.Second))
		answer, _ := io.ReadAll(conn)
		conn.Close()
		if took := time.Since(start); !strings.HasPrefix(string(answer), "HTTP/1.1 403") || took > 5*time.Second {
			t.Errorf("%q: answered after %v: %q", strings.SplitN(head, "\r\n", 3)[1], took, answer)
		}
	}
}

// TestExpectContinueTooBig: a body declared past the limit is refused
// at once, before the client sends it, when it asks to continue.
func TestExpectContinueTooBig(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	for _, tc := range []struct{ target, want string }{
		{"/api/score", "larger than 1,048,576 bytes"},
		{"/api/read?name=x.jpg", "larger than 40 MB"},
	} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(conn, "POST "+tc.target+" HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000000\r\nExpect: 100-continue\r\n\r\n")
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		answer, _ := io.ReadAll(conn)
		conn.Close()
		if !strings.HasPrefix(string(answer), "HTTP/1.1 413") || !strings.Contains(string(answer), tc.want) || strings.Contains(string(answer), "100 Continue") {
			t.Errorf("%s: %q", tc.target, answer)
		}
	}
}
