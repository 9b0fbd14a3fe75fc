package web

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestOddInputNever500: odd requests to every endpoint (empty bodies,
// wrong JSON types, huge and negative numbers, unicode) are answered with
// a 2xx or a 4xx and a message, never a 5xx, and at once.
func TestOddInputNever500(t *testing.T) {
	arcs := "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: 8\nrounds:\n  - first: 1\n    arcs: 8-2 3\n"
	big := "99999999999999999999"
	h := Handler()
	for _, tc := range []struct{ method, target, body string }{
		{"POST", "/api/board", ""},
		{"POST", "/api/board", "null"},
		{"POST", "/api/board", `"x"`},
		{"POST", "/api/board", `{"transcript": null}`},
		{"POST", "/api/board", `{"transcript": "", "upto": 1e30}`},
		{"POST", "/api/board", `{"transcript": "x", "upto": "1"}`},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "upto": 1 << 62})},
		{"POST", "/api/board", `{"transcript": ` + mustJSON(arcs) + `, "round": ` + big + `}`},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "round": -1 << 63})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "round": 1<<63 - 1})},
		{"POST", "/api/board", `{"transcript": ` + mustJSON(arcs) + `, "picks": [1]}`},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "picks": []string{"@", "@,", "@1,", "ü", "", "@NaN,1", "@1e400,1"}})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "picks": []string{"ü"}})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "picks": []string{""}})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "move": "\x00"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "move": "张伟-😀"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "move": strings.Repeat("1", 19999)})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "move": "-1:" + big + "-" + big})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": arcs, "new_round": true, "move": "stop"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: " + big + "\nrounds:\n  - {}\n"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": "game: arcs-and-marks\nplayers: [Ann, Bob]\nmarks: -8\nrounds:\n  - {}\n"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": "game: within-the-curve\nplayers: [张伟, 😀]\nsize: 8\nrounds:\n  - {}\n"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": "game: permutation-grid\nplayers: [A, B]\nrounds: {}\n"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": "game: crossing-the-rings\nplayers: [A, B]\nrounds:\n  - null\n"})},
		{"POST", "/api/board", mustJSON(map[string]any{"transcript": "\ufeffgame: making-intersections\nplayers: [A, B]\nrounds:\n  - []\n"})},
		{"POST", "/api/board/new", ""},
		{"POST", "/api/board/new", "null"},
		{"POST", "/api/board/new", `{"game": 5}`},
		{"POST", "/api/board/new", `{"game": "arcs-and-marks", "players": "Ann"}`},
		{"POST", "/api/board/new", `{"game": "arcs-and-marks", "params": {"marks": 8}}`},
		{"POST", "/api/board/new", `{"game": "arcs-and-marks", "params": {"marks": "` + big + `"}}`},
		{"POST", "/api/board/new", `{"game": "arcs-and-marks", "params": {"marks": "-8"}}`},
		{"POST", "/api/board/new", `{"game": "arcs-and-marks", "params": {"marks": "1e3"}}`},
		{"POST", "/api/board/new", mustJSON(map[string]any{"game": "arcs-and-marks", "players": []string{"😀", "张伟", "a\nb", "\"q\": x", strings.Repeat("é", 5000)}})},
		{"POST", "/api/board/new", mustJSON(map[string]any{"game": "within-the-curve", "players": make([]string, 1000)})},
		{"POST", "/api/board/new", mustJSON(map[string]any{"game": "making-intersections", "players": strings.Split(strings.Repeat("p,", 500), ",")})},
		{"POST", "/api/board/new", mustJSON(map[string]any{"game": "crossing-the-rings", "params": map[string]string{"seed": "-1", "dividers": "1:abc"}})},
		{"POST", "/api/board/new", mustJSON(map[string]any{"game": "\u0000"})},
		{"POST", "/api/score", ""},
		{"POST", "/api/score", "\x00\xff\xfe"},
		{"POST", "/api/score", "game: arcs-and-marks"},
		{"POST", "/api/score", "game: arcs-and-marks\nplayers: [A, B]\nmarks: " + big + "\nrounds:\n  - arcs: 1\n"},
		{"POST", "/api/score?format=svg&page=" + big, arcs},
		{"POST", "/api/score?format=svg&page=-1", arcs},
		{"POST", "/api/score?format=pdf", ""},
		{"POST", "/api/score?name=%00%E5%BC%A0", arcs},
		{"POST", "/api/score?sections=" + big + ".." + big, "game: crossing-the-rings\nplayers: [A, B]\nrounds:\n  - divider: A\n"},
		{"GET", "/api/sheet/arcs-and-marks?copies=-1", ""},
		{"GET", "/api/sheet/arcs-and-marks?copies=" + big, ""},
		{"GET", "/api/sheet/arcs-and-marks?copies=0", ""},
		{"GET", "/api/sheet/arcs-and-marks?players=-3", ""},
		{"GET", "/api/sheet/arcs-and-marks?players=1000", ""},
		{"GET", "/api/sheet/within-the-curve?players=" + big, ""},
		{"GET", "/api/sheet/arcs-and-marks?names=" + strings.Repeat(",", 1000), ""},
		{"GET", "/api/sheet/arcs-and-marks?names=%E5%BC%A0%E4%BC%9F,%F0%9F%98%80", ""},
		{"GET", "/api/sheet/arcs-and-marks?margin=-5mm", ""},
		{"GET", "/api/sheet/arcs-and-marks?board-size=1e308mm", ""},
		{"GET", "/api/sheet/arcs-and-marks?line-width=NaNmm", ""},
		{"GET", "/api/sheet/arcs-and-marks?margin=Infmm", ""},
		{"GET", "/api/sheet/arcs-and-marks?paper=0x0mm", ""},
		{"GET", "/api/sheet/arcs-and-marks?paper=1e9x1e9mm", ""},
		{"GET", "/api/sheet/arcs-and-marks?paper=-210x297mm", ""},
		{"GET", "/api/sheet/arcs-and-marks?page=-1", ""},
		{"GET", "/api/sheet/arcs-and-marks?page=" + big, ""},
		{"GET", "/api/sheet/arcs-and-marks?per-page=-1", ""},
		{"GET", "/api/sheet/arcs-and-marks?per-page=36&copies=200", ""},
		{"GET", "/api/sheet/arcs-and-marks?rounds=-1", ""},
		{"GET", "/api/sheet/arcs-and-marks?compact=1&per-page=36", ""},
		{"GET", "/api/sheet/crossing-the-rings?seed=-1", ""},
		{"GET", "/api/sheet/crossing-the-rings?seed=" + big, ""},
		{"GET", "/api/sheet/crossing-the-rings?dividers=1:abc", ""},
		{"GET", "/api/sheet/crossing-the-rings?dividers=1:" + big, ""},
		{"GET", "/api/sheet/polygons-and-dots?dots=5", ""},
		{"GET", "/api/sheet/%E5%BC%A0", ""},
		{"GET", "/api/rules/%00", ""},
		{"GET", "/api/blank/%F0%9F%98%80", ""},
	} {
		w := httptest.NewRecorder()
		start := time.Now()
		h.ServeHTTP(w, httptest.NewRequest(tc.method, "http://localhost"+tc.target, strings.NewReader(tc.body)))
		if took := time.Since(start); took > 5*time.Second {
			t.Logf("%s %s %.60q: %v", tc.method, tc.target, tc.body, took)
		}
		if w.Code >= 500 || (w.Code >= 400 && !strings.Contains(w.Body.String(), `"error"`) && !strings.Contains(w.Body.String(), `"errors"`)) {
			t.Errorf("%s %s %.80q: %d %.300s", tc.method, tc.target, tc.body, w.Code, w.Body.String())
		}
	}
}
