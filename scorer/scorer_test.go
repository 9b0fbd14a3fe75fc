package scorer

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"papergames/input"
	"papergames/layout"
)

func TestWinners(t *testing.T) {
	for _, tc := range []struct {
		goal   Goal
		rounds [][]int
		want   []int
	}{
		{Most, [][]int{{3, 1}, {0, 1}}, []int{0}},
		{Most, [][]int{{1, 2}, {2, 1}}, []int{0, 1}},
		{Fewest, [][]int{{3, 1, 2}, {0, 1, 2}}, []int{1}},
		{Fewest, [][]int{{1, 5, 1}}, []int{0, 2}},
		{Most, [][]int{{0, 0, 7}}, []int{2}},
	} {
		r := &Result{Players: []string{"a", "b", "c"}[:len(tc.rounds[0])], Goal: tc.goal}
		for i, s := range tc.rounds {
			r.Rounds = append(r.Rounds, Round{Number: i + 1, Scores: s})
		}
		if got := r.Winners(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %v: winners %v, want %v", tc.goal, tc.rounds, got, tc.want)
		}
	}
}

// A disqualified seat loses whatever its total; with every seat
// disqualified nobody wins.
func TestDisqualified(t *testing.T) {
	for _, tc := range []struct {
		dq   []int
		want []int
		text string
	}{
		{nil, []int{1}, "winner: b (most)"},
		{[]int{1}, []int{2}, "disqualified, losing whatever their total: b\nwinner: c (most)"},
		{[]int{1, 2}, []int{0}, "winner: a"},
		{[]int{0, 1, 2}, nil, "disqualified, losing whatever their total: a, b, c\nno winner: every player is disqualified (most)"},
	} {
		r := &Result{Players: []string{"a", "b", "c"}, Goal: Most, Rule: "most", Disqualified: tc.dq,
			Rounds: []Round{{Number: 1, Scores: []int{1, 9, 5}}}}
		if got := r.Winners(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("disqualified %v: winners %v, want %v", tc.dq, got, tc.want)
		}
		if txt := r.Text("f"); !strings.Contains(txt, tc.text) {
			t.Errorf("disqualified %v: text\n%s\nlacks %q", tc.dq, txt, tc.text)
		}
		var j map[string]any
		if err := json.Unmarshal(r.JSON(), &j); err != nil {
			t.Fatal(err)
		}
		if d, ok := j["disqualified"]; ok != (len(tc.dq) > 0) || (ok && len(d.([]any)) != len(tc.dq)) {
			t.Errorf("disqualified %v: JSON has %v", tc.dq, d)
		}
		if w := j["winners"].([]any); len(w) != len(tc.want) {
			t.Errorf("disqualified %v: JSON winners %v", tc.dq, w)
		}
		sh := (&Drawing{Title: "t", Players: r.Players}).Sheet(r, layout.Size{W: 210, H: 297})
		if want := map[bool]string{true: "no winner", false: "winner"}[tc.want == nil]; !strings.Contains(sh.Params, want) {
			t.Errorf("disqualified %v: render header %q lacks %q", tc.dq, sh.Params, want)
		}
	}
}

func TestJSONSchema(t *testing.T) {
	r := &Result{Game: "g", Players: []string{"Ann", "Bob"}, Goal: Most, Rule: "most",
		Rounds: []Round{{Number: 1, Scores: []int{2, 2}, Details: map[string]any{"faces": 4}}}}
	var j map[string]any
	if err := json.Unmarshal(r.JSON(), &j); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "players", "rounds", "totals", "winners", "goal", "rule", "provisional", "warnings"} {
		if _, ok := j[k]; !ok {
			t.Errorf("key %q missing", k)
		}
	}
	if w := j["winners"].([]any); len(w) != 2 {
		t.Errorf("a tie has two winners, got %v", w)
	}
	if ws := j["warnings"].([]any); ws == nil {
		t.Error("warnings must be a list, never null")
	}
}

func TestWordsKeepColumns(t *testing.T) {
	root, err := input.Parse("t.yaml", []byte("a: C1 A2  D3,B4\nb: \"X1 Y2\"\nc: [P1, Q2]\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"C1@01:04", "A2@01:07", "D3@01:11", "B4@01:14"}, {"X1@02:05", "Y2@02:08"}, {"P1@03:05", "Q2@03:09"}}
	for i, v := range root.Values {
		ws, err := Words(v, "x")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range ws {
			got = append(got, w.Text+"@"+itoa(w.Pos.Line)+":"+itoa(w.Pos.Col))
		}
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("line %d: %v, want %v", i+1, got, want[i])
		}
	}
}

func itoa(i int) string { return string(rune('0'+i/10%10)) + string(rune('0'+i%10)) }

func TestSeatIgnoresCaseWhenUnambiguous(t *testing.T) {
	for _, tc := range []struct {
		players []string
		name    string
		seat    int // -1: refused
	}{
		{[]string{"Ann", "Bob"}, "Bob", 1},
		{[]string{"Ann", "Bob"}, "bob", 1},
		{[]string{"Ann", "Bob"}, " BOB ", 1},
		{[]string{"Ann", "ann"}, "ann", 1},
		{[]string{"Ann", "ann"}, "ANN", -1},
		{[]string{"Ann", "Bob"}, "Cy", -1},
	} {
		root, err := input.Parse("t.yaml", []byte("p: "+tc.name+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		seat, err := (&Transcript{Players: tc.players}).Seat(root.Values[0])
		if (tc.seat < 0) != (err != nil) || (err == nil && seat != tc.seat) {
			t.Errorf("%v %q: seat %d, %v; want %d", tc.players, tc.name, seat, err, tc.seat)
		}
	}
}

func TestWordsJoinSpacedDashes(t *testing.T) {
	root, err := input.Parse("t.yaml", []byte("a: 3 - 9  4- 10 1a – 2a 5-6 -7\n"))
	if err != nil {
		t.Fatal(err)
	}
	ws, err := Words(root.Values[0], "a")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range ws {
		got = append(got, w.Text+"@"+itoa(w.Pos.Col))
	}
	want := []string{"3-9@04", "4-10@11", "1a-2a@17", "5-6@25", "-7@29"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// Names from a transcript reach the terminal escaped: no escape sequence,
// no bidirectional control, no line a name starts of its own.
func TestTextIsSafeForATerminal(t *testing.T) {
	evil := "Eve\x1b]0;owned\x07\x1b[2J\nwinner: Eve"
	r := &Result{Title: "T", Players: []string{"Ann", evil, "\u202eboB"}, Goal: Most, Rule: "most points win",
		Rounds:       []Round{{Number: 1, Scores: []int{1, 1, 1}, Lines: []string{evil + " drew \u009b31m \xff"}}},
		Warnings:     []string{"seat of " + evil},
		Disqualified: []int{0}}
	txt := r.Text("game\x1b[1m.yaml")
	for _, bad := range []string{"\x1b", "\x07", "\u009b", "\xff", "\u202e", "\nwinner: Eve"} {
		if strings.Contains(txt, bad) {
			t.Errorf("the report holds %q raw:\n%s", bad, txt)
		}
	}
	for _, want := range []string{`Eve\x1b]0;owned\x07\x1b[2J\nwinner: Eve`, `\u202eboB`, `game\x1b[1m.yaml`, `drew \u009b31m \xff`, `tie: Eve\x1b`} {
		if !strings.Contains(txt, want) {
			t.Errorf("the report lacks %q:\n%s", want, txt)
		}
	}
	clean := &Result{Title: "T", Players: []string{"Ann", "Eve", "Bob"}, Goal: Most, Rule: "most points win",
		Rounds: r.Rounds, Warnings: r.Warnings, Disqualified: []int{0}}
	if a, b := strings.Count(txt, "\n"), strings.Count(clean.Text("g"), "\n"); a != b {
		t.Errorf("the names changed the number of lines: %d, want %d", a, b)
	}
}

func TestLongTextIsCutInMessages(t *testing.T) {
	long := strings.Repeat("n", 60000)
	cut := strings.Repeat("n", 60) + "… (60,000 characters)"
	root, err := input.Parse("t.yaml", []byte("game: x\nplayers: ["+long+", "+long+"]\nrounds: [1]\nsize: "+long+"\nboard: "+long+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ReadHeader("t.yaml", root, []string{"size"}, 2, 2)
	if err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), `player "`+cut[:len(cut)-len(" (60,000 characters)")]+`" (60,000 characters) is named twice`) {
		t.Errorf("named twice: %.300v", err)
	}
	if _, err := tr.Int("size", 1, 1, 9); err == nil || len(err.Error()) > 200 {
		t.Errorf("size: %.300v", err)
	}
	if err := tr.CheckBoard("abc"); err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "board "+cut+" does not match") {
		t.Errorf("board: %.400v", err)
	}
	tr.Players = []string{long, "Bob"}
	cy, _ := input.Parse("t.yaml", []byte("Cy"))
	if _, err := tr.Seat(cy); err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), "is not one of the players ("+cut+", Bob)") {
		t.Errorf("seat: %.400v", err)
	}
}

func TestStdinIsNamed(t *testing.T) {
	root, err := input.Parse("-", []byte("game: x\nplayers: [a]\nrounds: [1]\n"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := ReadHeader("-", root, nil, 2, 2)
	if tr.File != "<stdin>" || err == nil || !strings.HasPrefix(err.Error(), "<stdin>:2:10: 1 players") {
		t.Errorf("file %q, err %v", tr.File, err)
	}
}
