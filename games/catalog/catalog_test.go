package catalog

import "testing"

func TestSuggest(t *testing.T) {
	for in, want := range map[string]string{"arcs": "arcs-and-marks", "permutation": "permutation-grid", "crossdontcross": "cross-dont-cross", "polygons-dots": "polygons-and-dots"} {
		if got := Suggest(in); got != " (did you mean "+want+"?)" {
			t.Errorf("Suggest(%q) = %q", in, got)
		}
	}
	if got := Suggest("zzzzzzzzzzzzzzzzzzzz"); got != "" {
		t.Errorf("Suggest(nonsense) = %q", got)
	}
}
