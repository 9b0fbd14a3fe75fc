package catalog

import (
	"errors"
	"strings"
	"testing"

	"papergames/games"
	"papergames/input"
)

// TestOpenRoundAsScored: the scoring board and the scorer read a round's
// keys in one place, so a key the board refuses is refused by the scorer
// in the same words at the same place. Each value of the example's first
// round is spoilt in turn.
func TestOpenRoundAsScored(t *testing.T) {
	for _, id := range IDs() {
		g, _ := Lookup(id)
		b, ok := g.(games.Board)
		if !ok {
			continue
		}
		src := b.Example()
		tr, err := games.ReadTranscript(b, "ex.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%s: example: %v", id, err)
		}
		rd := tr.Rounds[0]
		lines := strings.Split(src, "\n")
		refused := 0
		for _, v := range scalars(rd, nil) {
			for _, spoilt := range []string{"@@", "[1, [2]]", "Nobody", "0", "999"} {
				l := lines[v.Pos.Line-1]
				c := v.Pos.Col - 1
				if !strings.HasPrefix(l[c:], v.Text) {
					t.Fatalf("%s: %q is not at %d:%d", id, v.Text, v.Pos.Line, v.Pos.Col)
				}
				ls := append([]string(nil), lines...)
				ls[v.Pos.Line-1] = l[:c] + spoilt + l[c+len(v.Text):]
				data := []byte(strings.Join(ls, "\n"))
				bt, err := games.ReadTranscript(b, "ex.yaml", data)
				if err != nil {
					continue
				}
				_, _, opened := b.OpenRound(bt, 0, games.Values{})
				if opened == nil {
					continue
				}
				refused++
				st, _ := games.ReadTranscript(b, "ex.yaml", data)
				_, _, scored := b.Score(st, games.Values{})
				if scored == nil {
					t.Errorf("%s, %s: %s: the board refuses %q, the scorer does not", id, v.Text, spoilt, opened)
					continue
				}
				if !contains(scored, opened) {
					t.Errorf("%s, %s: %s: the board refuses %q, the scorer says:\n%v", id, v.Text, spoilt, opened, scored)
				}
			}
		}
		if refused == 0 {
			t.Errorf("%s: no spoilt key was refused", id)
		}
	}
}

// scalars lists the plain scalars written in n, values and items.
func scalars(n *input.Node, out []*input.Node) []*input.Node {
	switch n.Kind {
	case input.Scalar:
		if !n.Quoted && n.BlockCol == 0 {
			out = append(out, n)
		}
	case input.Seq:
		for _, it := range n.Items {
			out = scalars(it, out)
		}
	case input.Map:
		for _, v := range n.Values {
			out = scalars(v, out)
		}
	}
	return out
}

// contains reports whether one of the scorer's errors is opened, at the
// same place in the same words.
func contains(scored, opened error) bool {
	var list input.Errors
	var one *input.Error
	switch {
	case errors.As(scored, &list):
	case errors.As(scored, &one):
		list = input.Errors{one}
	default:
		return scored.Error() == opened.Error()
	}
	for _, e := range list {
		if e.Error() == opened.Error() {
			return true
		}
	}
	return false
}
