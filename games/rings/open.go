package rings

import (
	"fmt"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/input"
	"papergames/scorer"
)

// opening is round i of a transcript as written, before any move is
// played: the scorer, Moves and the scoring board all read a round's keys
// here, in the same words.
type opening struct {
	where   string
	divider int
	// badDivider: the divider written names no player (divider is then
	// seat i); the scorer still checks the round.
	badDivider error
	cuts       *input.Node // nil when the round has no cuts key
	rings      []ringCuts  // each ring's cuts, in the order written
	cutErrs    input.Errors
	unread     map[int]bool // rings whose angles could not be split into words
	segments   *input.Node  // nil when the round has no segments key
}

// ringCuts is one ring's cuts as written.
type ringCuts struct {
	ring  int
	at    *input.Node // the ring's key or list item
	words []*input.Node
}

// open reads round i of t on n circles: its divider, its cuts ring by ring
// in any of the accepted forms, and where its segments are.
func open(t *scorer.Transcript, i, n int) (*opening, error) {
	f, err := games.RoundKeys(t, i, "divider", "cuts", "segments")
	if err != nil {
		return nil, err
	}
	o := &opening{where: fmt.Sprintf("round %d", i+1), unread: map[int]bool{}}
	if o.divider, err = games.RoleSeat(t, f, i, "divider", i%len(t.Players)); err != nil {
		o.divider, o.badDivider = i%len(t.Players), err
	}
	o.segments = f["segments"]
	if o.cuts = f["cuts"]; o.cuts != nil {
		o.readCuts(n)
	}
	return o, nil
}

// readCuts splits the cuts into rings and words, refusing a ring that is
// not one or is given twice; the angles themselves are the engine's to
// read.
func (o *opening) readCuts(n int) {
	cn, where := o.cuts, o.where
	seen := map[int]bool{}
	ringOf := func(key *input.Node) (int, bool) {
		j, err := strconv.Atoi(strings.TrimSpace(key.Text))
		if err != nil || j < 1 || j > n-1 {
			o.cutErrs = append(o.cutErrs, key.Errorf("%s, cuts: ring %q: the rings are numbered 1 to %d (ring j lies between circles j and j+1)", where, key.Text, n-1))
			return 0, false
		}
		if seen[j] {
			o.cutErrs = append(o.cutErrs, key.Errorf("%s, cuts: ring %d is given twice", where, j))
			return 0, false
		}
		seen[j] = true
		return j, true
	}
	words := func(v *input.Node, j int) []*input.Node {
		ws, err := scorer.Words(v, fmt.Sprintf("%s, cuts of ring %d", where, j))
		if err != nil {
			o.cutErrs.Add(err, v.Pos.File)
			o.unread[j] = true
		}
		return ws
	}
	switch {
	case cn.Kind == input.Map:
		for x, key := range cn.Keys {
			if j, ok := ringOf(key); ok {
				o.rings = append(o.rings, ringCuts{j, key, words(cn.Values[x], j)})
			}
		}
	case cn.Kind == input.Seq:
		for x, it := range cn.Items {
			if x >= n-1 {
				o.cutErrs = append(o.cutErrs, it.Errorf("%s, cuts: %d rings listed; %d circles make %d rings", where, len(cn.Items), n, n-1))
				break
			}
			seen[x+1] = true
			o.rings = append(o.rings, ringCuts{x + 1, it, words(it, x+1)})
		}
	case cn.Kind == input.Scalar && strings.Contains(cn.Text, ":"):
		parts, err := splitDividers(cn.Text)
		if err != nil {
			o.cutErrs = append(o.cutErrs, cn.Errorf("%s, cuts: %v", where, err))
			break
		}
		at := func(w dividerWord) *input.Node {
			p := cn.Pos
			if !strings.Contains(cn.Text, "\n") {
				p.Col += len([]rune(cn.Text[:w.off]))
				if cn.Quoted {
					p.Col++
				}
			}
			return &input.Node{Kind: input.Scalar, Pos: p, Text: w.text}
		}
		for _, part := range parts {
			key := at(part.ring)
			if j, ok := ringOf(key); ok {
				r := ringCuts{ring: j, at: key}
				for _, a := range part.angles {
					r.words = append(r.words, at(a))
				}
				o.rings = append(o.rings, r)
			}
		}
	default:
		o.cutErrs = append(o.cutErrs, cn.Errorf("%s, cuts: write each ring's cut angles, one ring a line (1: 0 180, then 2: 45 135 270, ...), or the sheet's form \"1:0,180;2:45,135,270\"", where))
	}
}

// segmentItem reads the k-th item of the segments list, NAME: END END:
// the name's node, the seat it names (-1 and the error when none), the
// place messages about it start with, and the words of its ends as
// written (nil when its value is blank, a line of a blank transcript).
func (o *opening) segmentItem(t *scorer.Transcript, st *State, it *input.Node, k int) (key *input.Node, seat int, seatErr error, where string, words []*input.Node, err error) {
	where = fmt.Sprintf("%s, segment %d", o.where, k+1)
	if it.Kind != input.Map || len(it.Keys) != 1 {
		return nil, -1, nil, where, nil, it.Errorf("%s: write the player and the segment's two ends, e.g. %s", where, segmentExample(t, st, k))
	}
	key, val := it.Keys[0], it.Values[0]
	seat, seatErr = t.Seat(key)
	if seatErr != nil {
		seat = -1
	} else {
		where = fmt.Sprintf("%s (%s)", where, t.Players[seat])
	}
	words, err = scorer.Words(val, where)
	return key, seat, seatErr, where, words, err
}

// segmentExample is a segment as the k-th item would be written.
func segmentExample(t *scorer.Transcript, st *State, k int) string {
	if k < len(st.order) {
		return t.Players[st.order[k]] + ": 2@0 4@90"
	}
	return "Bob: 2@0 4@90"
}
