package polydots

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"papergames/games"
)

// TestHugeFractionsRefusedFirst: a round whose exact coordinates are too
// large to compute with is refused before the collinearity test and the
// faces spend time on them (issue 23: 200 dots of 4000-digit fractions
// took 321 s before the refusal; 100-digit ones minutes).
func TestHugeFractionsRefusedFirst(t *testing.T) {
	for _, digits := range []int{30, 990} {
		var dots []string
		d := "1" + strings.Repeat("0", digits-1)
		for i := range 200 {
			dots = append(dots, fmt.Sprintf(`["%d/%s%03d", "%d/%s%03d"]`, i, d[:digits-3], i, i*i%97, d[:digits-3], i+1))
		}
		src := "game: polygons-and-dots\nplayers: [A, B]\nrounds:\n  - dots: [" + strings.Join(dots, ", ") + "]\n    path: 1\n"
		start := time.Now()
		_, _, err := games.Score(Game{}, "t", []byte(src), games.Values{})
		if err == nil || !strings.Contains(err.Error(), "t:4:11: round 1: the coordinates' fractions have too many different denominators") {
			t.Errorf("%d digits: %.300v", digits, err)
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%d digits: refused after %v", digits, el)
		}
	}
}
