package scorer

import (
	"encoding/json"
	"reflect"
	"testing"

	"papergames/input"
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
