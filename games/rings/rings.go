// Package rings is Leroy Quet's Crossing The Rings (2008): the board sheet
// (a target of concentric circles, optionally with the divider's cuts
// printed), the rules engine of a round (State, New, Move), and the scorer
// of transcripts, which replays each round on the engine and draws it.
package rings

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"papergames/games"
	"sort"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/geom"
	"papergames/layout"
)

// Game is Leroy Quet's Crossing The Rings (2008).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "crossing-the-rings", Title: "Crossing The Rings", Posted: "September 22, 2008",
		MinPlayers: 2, MaxPlayers: 8, BoardKind: "concentric ring target", Code: "CR"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{
		{Name: "circles", Usage: "number of concentric circles (rings between them: one fewer)", Kind: games.Int, Default: 6, Min: 2, Max: 12},
		{Name: "dividers", Usage: `draw the divider's cuts, as ring:angles;... e.g. "1:0,180;2:45,135,270" (degrees clockwise from the top)`, Kind: games.String},
		{Name: "random-dividers", Usage: "draw random cuts at whole degrees, each copy its own, cut ends at least 3 mm apart (see --seed)", Kind: games.Bool},
		{Name: "seed", Usage: "seed for --random-dividers", Kind: games.Int, Default: 1, Min: 0, Max: 1<<31 - 1},
	}
}

// SectionBounds returns the default allowed number of sections of ring j:
// j to 2^j.
func SectionBounds(j int) [2]int { return [2]int{j, 1 << j} }

// Setup implements Game.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	b, key, err := g.board(v, 0)
	if err != nil {
		return nil, err
	}
	n := b.Circles
	return &games.Setup{
		Params:  fmt.Sprintf("%d circles, %d rings · %d players · ring j is cut into j up to %s sections", n, n-1, len(players), PowerWords),
		Key:     key,
		Cells:   []layout.Cell{{Figure: Target{Rings: b, Players: players}, Record: record(b, len(players))}},
		Rounds:  len(players),
		Match:   "each player divides once",
		PerPage: 1,
	}, nil
}

// PowerWords is 2^j as the sheet writes it, the way it is read aloud in a
// classroom (the embedded font has no superscript j).
const PowerWords = "2 to the power j"

// CopyCells returns the board of copy i (0 for the first) of a sheet of
// several copies. With --random-dividers each copy has its own cuts
// (RandomCopy) and its caption gives the board id of those cuts, so that
// a transcript can name the sheet of any round; otherwise every copy is
// Setup's board. (sheets.Build repeats Setup's cells today; a games.Copier
// interface calling this is the change it needs.)
func (g Game) CopyCells(v games.Values, players []string, i int) ([]layout.Cell, error) {
	b, key, err := g.board(v, i)
	if err != nil {
		return nil, err
	}
	c := layout.Cell{Figure: Target{Rings: b, Players: players}, Record: record(b, len(players))}
	if v.Bool("random-dividers") {
		c.Caption = fmt.Sprintf("copy %d · board %s", i+1, games.BoardID(key))
	}
	return []layout.Cell{c}, nil
}

// board checks v and returns copy i's target and the key of its board id.
func (g Game) board(v games.Values, i int) (boards.Rings, string, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return boards.Rings{}, "", err
	}
	n := v.Int("circles")
	b := boards.Rings{Circles: n}
	for j := 1; j < n; j++ {
		b.Sections = append(b.Sections, SectionBounds(j))
	}
	key := boardKey(n)
	switch {
	case v.String("dividers") != "" && v.Bool("random-dividers"):
		return b, "", games.Usagef("--dividers and --random-dividers: give one or the other")
	case v.String("dividers") != "":
		cuts, err := ParseDividers(v.String("dividers"), n, b.Sections)
		if err != nil {
			return b, "", games.Usagef("--dividers %q: %v", v.String("dividers"), err)
		}
		b.Cuts = cuts
	case v.Bool("random-dividers"):
		b.Cuts = RandomCopy(n, uint64(v.Int("seed")), i)
	}
	if b.Cuts != nil {
		key += " cuts=" + FormatDividers(b.Cuts)
	}
	return b.Keyed(), key, nil
}

// ParseDividers reads cuts written "ring:angle,angle;ring:angle,...". A
// ring may be left out (its cuts are drawn by hand); a ring given must have
// an allowed number of cuts at distinct angles in [0, 360). Angles are read
// exactly, as in transcripts (whole numbers, decimals or fractions).
func ParseDividers(s string, circles int, bounds [][2]int) ([][]float64, error) {
	parts, err := splitDividers(s)
	if err != nil {
		return nil, err
	}
	cuts := make([][]float64, circles-1)
	seen := map[int]bool{}
	for _, part := range parts {
		j, err := strconv.Atoi(part.ring.text)
		if err != nil || j < 1 || j > circles-1 {
			return nil, fmt.Errorf("ring %q: rings are numbered 1 to %d", part.ring.text, circles-1)
		}
		if seen[j] {
			return nil, fmt.Errorf("ring %d is given twice", j)
		}
		seen[j] = true
		// The count first: it is known before any angle is read, and a
		// long list must not cost more than reading it.
		if k, b := len(part.angles), bounds[j-1]; k < b[0] || k > b[1] {
			return nil, fmt.Errorf("ring %d has %d cuts; it must have %d to %d", j, k, b[0], b[1])
		}
		exact := make([]*big.Rat, 0, len(part.angles))
		first := make(map[string]bool, len(part.angles))
		for _, a := range part.angles {
			d, err := cutAngle(a.text)
			if err != nil {
				return nil, fmt.Errorf("ring %d: angle %q %v", j, a.text, err)
			}
			if first[d.RatString()] {
				return nil, fmt.Errorf("ring %d: angle %s is cut twice", j, a.text)
			}
			first[d.RatString()] = true
			exact = append(exact, d)
		}
		sort.Slice(exact, func(a, b int) bool { return exact[a].Cmp(exact[b]) < 0 })
		for _, d := range exact {
			f, _ := d.Float64()
			cuts[j-1] = append(cuts[j-1], f)
		}
	}
	return cuts, nil
}

// cutAngle reads an angle in degrees, exactly, from 0 up to but not
// including 360.
func cutAngle(s string) (*big.Rat, error) {
	d, err := geom.ParseNumber(s)
	switch {
	case err != nil:
		return nil, fmt.Errorf("is not a number of degrees from 0 to under 360 (whole, decimal like 22.5, or a fraction like 45/2)")
	case d.Cmp(big.NewRat(360, 1)) == 0:
		return nil, fmt.Errorf("is not a number of degrees from 0 to under 360: write 0 for the top")
	case d.Sign() < 0 || d.Cmp(big.NewRat(360, 1)) > 0:
		return nil, fmt.Errorf("is not a number of degrees from 0 to under 360")
	}
	return d, nil
}

// dividerWord is a piece of a dividers string and its byte offset.
type dividerWord struct {
	text string
	off  int
}

// dividerPart is one "ring:angles" part of a dividers string.
type dividerPart struct {
	ring   dividerWord
	angles []dividerWord
}

// splitDividers splits "ring:angle,angle;ring:..." into its parts, keeping
// offsets for positioned messages; angles are separated by commas or
// spaces.
func splitDividers(s string) ([]dividerPart, error) {
	var out []dividerPart
	off := 0
	for _, part := range strings.Split(s, ";") {
		start := off
		off += len(part) + 1
		if strings.TrimSpace(part) == "" {
			continue
		}
		ring, list, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("%q: write ring:angles, e.g. 2:45,135,270", strings.TrimSpace(part))
		}
		p := dividerPart{ring: dividerTrim(ring, start)}
		base := start + len(ring) + 1
		for i := 0; i < len(list); {
			for i < len(list) && strings.ContainsRune(", \t", rune(list[i])) {
				i++
			}
			j := i
			for j < len(list) && !strings.ContainsRune(", \t", rune(list[j])) {
				j++
			}
			if j > i {
				p.angles = append(p.angles, dividerWord{list[i:j], base + i})
			}
			i = j
		}
		out = append(out, p)
	}
	return out, nil
}

func dividerTrim(s string, off int) dividerWord {
	t := strings.TrimLeft(s, " \t")
	return dividerWord{strings.TrimSpace(t), off + len(s) - len(t)}
}

// FormatDividers writes cuts in the form ParseDividers reads.
func FormatDividers(cuts [][]float64) string {
	var parts []string
	for j, cs := range cuts {
		if len(cs) == 0 {
			continue
		}
		as := make([]string, len(cs))
		for i, a := range cs {
			as[i] = boards.FormatAngle(a)
		}
		parts = append(parts, fmt.Sprintf("%d:%s", j+1, strings.Join(as, ",")))
	}
	return strings.Join(parts, ";")
}

// RandomDividers is RandomCopy's copy 0: the cuts --random-dividers prints
// on a single sheet.
func RandomDividers(circles int, seed uint64) [][]float64 { return RandomCopy(circles, seed, 0) }

// MinGap is the least distance, in millimetres along a circle, between two
// cut ends RandomCopy places, at the smallest size a sheet prints the
// target (boards.Rings.MinSize), and so at every printed size.
const MinGap = 3.0

// GapDegrees returns the least angle, in whole degrees, between two cut
// ends on circle j of a target of the given circles that are MinGap apart
// at the smallest printed size.
func GapDegrees(circles, j int) int {
	r := boards.Rings{Circles: circles}.MinSize() / 2 * float64(j) / float64(circles)
	return int(math.Ceil(MinGap / r * 180 / math.Pi))
}

// RandomCopy cuts ring j into between j and min(2^j, 4j) sections at whole
// degrees, reproducibly from seed and the copy number (0 for the first),
// so that each copy of a sheet gets its own cuts. Two cut ends on one
// circle are either the same point (cuts of neighbouring rings at one
// angle) or at least GapDegrees apart: MinGap millimetres at any printed
// size.
func RandomCopy(circles int, seed uint64, copy int) [][]float64 {
	r := rand.New(rand.NewPCG(seed, 0x7061706572+uint64(copy)*0x9e3779b97f4a7c15))
	cuts := make([][]float64, circles-1)
	var below []int // ring j-1's cuts: they share circle j with ring j's
	for j := 1; j < circles; j++ {
		hi := min(1<<j, 4*j)
		k := j + r.IntN(hi-j+1)
		gap := GapDegrees(circles, j)
		var got []int
		for try := 0; len(got) < j; try++ {
			got = randomRing(r, k, gap, below)
			if try == 100 { // never seen; the cuts of the ring below always fit
				got = append([]int(nil), below...)
				break
			}
		}
		sort.Ints(got)
		for _, a := range got {
			cuts[j-1] = append(cuts[j-1], float64(a))
		}
		below = got
	}
	return cuts
}

// randomRing draws up to k whole-degree angles at least gap apart around
// the circle, each either one of below or at least gap from all of them.
func randomRing(r *rand.Rand, k, gap int, below []int) []int {
	var free [360]bool
	for a := range free {
		free[a] = true
	}
	dist := func(a, b int) int { d := (a - b + 360) % 360; return min(d, 360-d) }
	for _, b := range below {
		for a := range free {
			if d := dist(a, b); d > 0 && d < gap {
				free[a] = false
			}
		}
	}
	var got []int
	for len(got) < k {
		var open []int
		for a, ok := range free {
			if ok {
				open = append(open, a)
			}
		}
		if len(open) == 0 {
			break
		}
		a := open[r.IntN(len(open))]
		got = append(got, a)
		for b := range free {
			if dist(a, b) < gap {
				free[b] = false
			}
		}
	}
	return got
}

// boardKey is the key the board id of a blank target hashes (a sheet with
// printed cuts adds them): the sheet's and the transcript's check must
// agree.
func boardKey(n int) string { return fmt.Sprintf("crossing-the-rings circles=%d", n) }
