package games

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/layout"
)

// CrossingTheRings is Leroy Quet's Crossing The Rings (2008).
type CrossingTheRings struct{}

// Info implements Game.
func (CrossingTheRings) Info() Info {
	return Info{ID: "crossing-the-rings", Title: "Crossing The Rings", Posted: "September 22, 2008",
		MinPlayers: 2, MaxPlayers: 8, BoardKind: "concentric ring target"}
}

// Params implements Game.
func (CrossingTheRings) Params() []Param {
	return []Param{
		{Name: "circles", Usage: "number of concentric circles (rings between them: one fewer)", Kind: Int, Default: 6, Min: 2, Max: 12},
		{Name: "dividers", Usage: `draw the divider's cuts, as ring:angles;... e.g. "1:0,180;2:45,135,270" (degrees clockwise from the top)`, Kind: String},
		{Name: "random-dividers", Usage: "draw random cuts at whole degrees (see --seed)", Kind: Bool},
		{Name: "seed", Usage: "seed for --random-dividers", Kind: Int, Default: 1, Min: 0, Max: 1<<31 - 1},
	}
}

// SectionBounds returns the default allowed number of sections of ring j:
// j to 2^j.
func SectionBounds(j int) [2]int { return [2]int{j, 1 << j} }

// Setup implements Game.
func (g CrossingTheRings) Setup(v Values, players []string) (*Setup, error) {
	if err := CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("circles")
	b := boards.Rings{Circles: n}
	for j := 1; j < n; j++ {
		b.Sections = append(b.Sections, SectionBounds(j))
	}
	key := fmt.Sprintf("crossing-the-rings circles=%d", n)
	switch {
	case v.String("dividers") != "" && v.Bool("random-dividers"):
		return nil, usagef("--dividers and --random-dividers: give one or the other")
	case v.String("dividers") != "":
		cuts, err := ParseDividers(v.String("dividers"), n, b.Sections)
		if err != nil {
			return nil, usagef("--dividers %q: %v", v.String("dividers"), err)
		}
		b.Cuts = cuts
	case v.Bool("random-dividers"):
		b.Cuts = RandomDividers(n, uint64(v.Int("seed")))
	}
	if b.Cuts != nil {
		key += " cuts=" + FormatDividers(b.Cuts)
	}
	return &Setup{
		Params:  fmt.Sprintf("%d circles, %d rings · %d players · ring j is cut into j to 2^j sections", n, n-1, len(players)),
		Key:     key,
		Cells:   []layout.Cell{{Figure: b}},
		Rounds:  len(players),
		PerPage: 1,
	}, nil
}

// ParseDividers reads cuts written "ring:angle,angle;ring:angle,...". A
// ring may be left out (its cuts are drawn by hand); a ring given must have
// an allowed number of cuts at distinct angles in [0, 360).
func ParseDividers(s string, circles int, bounds [][2]int) ([][]float64, error) {
	cuts := make([][]float64, circles-1)
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		ring, list, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("%q: write ring:angles, e.g. 2:45,135,270", part)
		}
		j, err := strconv.Atoi(strings.TrimSpace(ring))
		if err != nil || j < 1 || j > circles-1 {
			return nil, fmt.Errorf("ring %q: rings are numbered 1 to %d", ring, circles-1)
		}
		if seen[j] {
			return nil, fmt.Errorf("ring %d is given twice", j)
		}
		seen[j] = true
		at := map[float64]bool{}
		for _, a := range strings.Split(list, ",") {
			a = strings.TrimSpace(a)
			d, err := strconv.ParseFloat(a, 64)
			if err != nil || d < 0 || d >= 360 {
				return nil, fmt.Errorf("ring %d: angle %q is not a number of degrees from 0 to under 360", j, a)
			}
			if at[d] {
				return nil, fmt.Errorf("ring %d: angle %s is cut twice", j, a)
			}
			at[d] = true
			cuts[j-1] = append(cuts[j-1], d)
		}
		sort.Float64s(cuts[j-1])
		if k, b := len(cuts[j-1]), bounds[j-1]; k < b[0] || k > b[1] {
			return nil, fmt.Errorf("ring %d has %d cuts; it must have %d to %d", j, k, b[0], b[1])
		}
	}
	return cuts, nil
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

// RandomDividers cuts ring j into between j and min(2^j, 4j) sections at
// distinct whole degrees, reproducibly from seed.
func RandomDividers(circles int, seed uint64) [][]float64 {
	r := rand.New(rand.NewPCG(seed, 0x7061706572))
	cuts := make([][]float64, circles-1)
	for j := 1; j < circles; j++ {
		hi := min(1<<j, 4*j)
		k := j + r.IntN(hi-j+1)
		perm := r.Perm(360)[:k]
		sort.Ints(perm)
		for _, a := range perm {
			cuts[j-1] = append(cuts[j-1], float64(a))
		}
	}
	return cuts
}
