package puzzle

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"papergames/analysis"
	"papergames/boards"
	"papergames/games"
	"papergames/games/intersections"
	"papergames/input"
	"papergames/layout"
)

var minimumKind = Kind{
	Name:   "intersections-minimum",
	Title:  "Making Intersections minimum",
	Credit: "Puzzles on Leroy Quet's game Making Intersections",
	Instructions: "Join every dot to each of its neighbours above, below, left and right with straight segments along the rows and columns, " +
		"using as few segments as you can. No two segments may cross or overlap; they may meet end to end or at a T. Mark where each segment ends.",
	Value:   "the fewest segments",
	PerPage: [3]int{6, 4, 4},
	Make:    makeMinimum,
}

// minimumSizes are each level's arrays (rows by columns, both ways
// round): a sheet takes them in a seeded order, so a sheet of up to as
// many puzzles as sizes has no puzzle twice; beyond, puzzles repeat with
// their ids. The search nodes of analysis.LinesMinimum grow with the inner
// dots: a few hundred at easy, thousands at medium, tens of thousands at
// hard.
var minimumSizes = [3][][2]int{
	Easy:   {{3, 3}, {3, 4}, {4, 3}, {2, 5}, {5, 2}, {3, 5}, {5, 3}},
	Medium: {{4, 4}, {4, 5}, {5, 4}, {4, 6}, {6, 4}, {3, 7}, {7, 3}, {3, 8}, {8, 3}, {5, 5}},
	Hard:   {{5, 6}, {6, 5}, {6, 6}, {5, 7}, {7, 5}, {4, 8}, {8, 4}, {4, 9}, {9, 4}},
}

// Minimum is a Making Intersections minimum puzzle: J rows of K dots.
type Minimum struct{ J, K int }

// ID is the puzzle's id.
func (m Minimum) ID() string {
	return "M" + games.BoardID(fmt.Sprintf("making-intersections minimum %dx%d", m.J, m.K))
}

// makeMinimum takes the array of the puzzle's place in the seeded order of
// the level's sizes (the sheet's stream deals them), solves it with
// analysis.LinesMinimum, and verifies the layout: every neighbour pair
// joined, nothing overlapping, the count the minimum, each segment played
// on the game's engine and the transcript accepted by the game's scorer.
func makeMinimum(_, sheet *rand.Rand, d Difficulty, i int) (*Item, error) {
	sizes := minimumSizes[d]
	jk := sizes[sheet.Perm(len(sizes))[i%len(sizes)]]
	m := Minimum{J: jk[0], K: jk[1]}
	s := analysis.LinesMinimum(m.J, m.K)
	if err := m.verify(s.Layout); err != nil {
		return nil, fmt.Errorf("puzzle %s: the key's layout: %v", m.ID(), err)
	}
	if len(s.Layout) != s.Min {
		return nil, fmt.Errorf("puzzle %s: the layout has %d segments, the search says %d", m.ID(), len(s.Layout), s.Min)
	}
	tr, err := m.Transcript(s.Layout)
	if err != nil {
		return nil, err
	}
	if _, _, err := games.Score(intersections.Game{}, "key.yaml", []byte(tr), games.Values{}); err != nil {
		return nil, fmt.Errorf("puzzle %s: the scorer refuses the key: %v", m.ID(), err)
	}
	return &Item{
		ID:         m.ID(),
		Puzzle:     minimumFigure{m: m, side: levelSide(d)},
		Key:        minimumFigure{m: m, side: levelSide(d), layout: s.Layout},
		Optimum:    s.Min,
		KeyCaption: fmt.Sprintf("%d segments (%s layouts, %d nodes)", s.Min, s.Optimal, s.Nodes),
		KeyShort:   fmt.Sprintf("%d segments", s.Min),
		Effort:     int(s.Nodes),
		Transcript: tr,
		Blank:      m.blank(),
	}, nil
}

// verify checks a layout on its own: segments along a row or column of the
// array, no gap between neighbours covered twice or left uncovered, no two
// segments crossing (a dot strictly inside both).
func (m Minimum) verify(segs []analysis.Seg) error {
	hcov := make([]int, m.J*m.K) // gap right of dot (r, c)
	vcov := make([]int, m.J*m.K) // gap below dot (r, c)
	hin := make([]bool, m.J*m.K) // dot strictly inside a row segment
	vin := make([]bool, m.J*m.K)
	for _, s := range segs {
		c1, r1, c2, r2 := min(s.C1, s.C2), min(s.R1, s.R2), max(s.C1, s.C2), max(s.R1, s.R2)
		switch {
		case c2 >= m.K || r2 >= m.J || c1 < 0 || r1 < 0:
			return fmt.Errorf("%v leaves the array", s)
		case r1 == r2 && c1 < c2:
			for c := c1; c < c2; c++ {
				hcov[r1*m.K+c]++
			}
			for c := c1 + 1; c < c2; c++ {
				hin[r1*m.K+c] = true
			}
		case c1 == c2 && r1 < r2:
			for r := r1; r < r2; r++ {
				vcov[r*m.K+c1]++
			}
			for r := r1 + 1; r < r2; r++ {
				vin[r*m.K+c1] = true
			}
		default:
			return fmt.Errorf("%v is not along a row or column", s)
		}
	}
	for r := range m.J {
		for c := range m.K {
			i := r*m.K + c
			if c+1 < m.K && hcov[i] != 1 {
				return fmt.Errorf("the gap right of %s is covered %d times", boards.CellName(c, r), hcov[i])
			}
			if r+1 < m.J && vcov[i] != 1 {
				return fmt.Errorf("the gap below %s is covered %d times", boards.CellName(c, r), vcov[i])
			}
			if hin[i] && vin[i] {
				return fmt.Errorf("two segments cross at %s", boards.CellName(c, r))
			}
		}
	}
	return nil
}

func (m Minimum) n() int { return max(m.J, m.K) }

// Transcript plays the layout on the game's engine (the square board of
// the array's longer side, the array at its top left) and returns a
// two-seat transcript of it, the seats drawing in turn: the scorer checks
// every segment against the rules.
func (m Minimum) Transcript(segs []analysis.Seg) (string, error) {
	players := []string{solver, "Partner"}
	st, err := intersections.New(m.n(), len(segs), players, 0)
	if err != nil {
		return "", err
	}
	var names []string
	for _, s := range segs {
		mv := intersections.Move{A: intersections.Dot{C: int8(s.C1), R: int8(s.R1)}, B: intersections.Dot{C: int8(s.C2), R: int8(s.R2)}}
		if err := st.Play(mv); err != nil {
			return "", fmt.Errorf("puzzle %s: the engine refuses %s: %v", m.ID(), mv, err)
		}
		names = append(names, mv.String())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# papergames puzzle %s: Making Intersections minimum, %d rows of %d dots\n", m.ID(), m.J, m.K)
	fmt.Fprintf(&b, "# (at the top left of the %d-by-%d board). The seats take turns.\n", m.n(), m.n())
	fmt.Fprintf(&b, "game: making-intersections\nplayers: [%s, Partner]\nsize: %d\nsegments: %d\nrounds:\n  - segments: %s\n", solver, m.n(), len(segs), strings.Join(names, " "))
	return b.String(), nil
}

func (m Minimum) blank() string {
	return fmt.Sprintf("# papergames puzzle %s: Making Intersections minimum, %d rows of %d dots\n"+
		"# (A1 top left). List your segments, e.g. A1-C1, then\n#   papergames puzzle check THIS-FILE\n"+
		"game: making-intersections\nplayers: [%s, Partner]\nsize: %d\nsegments: 1   # papergames puzzle check counts them for you\nrounds:\n  - segments: []\n", m.ID(), m.J, m.K, solver, m.n())
}

// levelSide is the most dots along a side of the level's arrays.
func levelSide(d Difficulty) int {
	n := 0
	for _, jk := range minimumSizes[d] {
		n = max(n, jk[0], jk[1])
	}
	return n
}

// minimumFigure draws the j-by-k dot array, and the key's layout with a
// gap at every segment end, so segments meeting end to end read apart.
// Every array of a level fills the same square box (side dots along each
// side), so the arrays of a sheet share one spacing, as a sheet's figures
// share one size.
type minimumFigure struct {
	m      Minimum
	side   int
	layout []analysis.Seg
}

const dotLabel = 5.0 // room for the labels, left and above

func (f minimumFigure) step(s float64) float64 { return s / float64(f.side-1) }

// Extent implements layout.Figure: s is the distance between the first and
// last dot of a side of the box.
func (f minimumFigure) Extent(s float64) layout.Size {
	return layout.Size{W: dotLabel + s + 2, H: dotLabel + s + 2}
}

// MinSize implements layout.Figure: dots 8 mm apart.
func (f minimumFigure) MinSize() float64 { return 8 * float64(f.side-1) }

// dot is dot (c, r), the array centred in the box.
func (f minimumFigure) dot(o layout.Point, s float64, c, r int) layout.Point {
	st := f.step(s)
	x0 := o.X + dotLabel + 1 + float64(f.side-f.m.K)*st/2
	y0 := o.Y + dotLabel + 1 + float64(f.side-f.m.J)*st/2
	return layout.Pt(x0+float64(c)*st, y0+float64(r)*st)
}

// Draw implements layout.Figure.
func (f minimumFigure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	lab := layout.Font{Size: 2.6}
	for r := range f.m.J {
		for k := range f.m.K {
			p := f.dot(o, s, k, r)
			c.Fill((&layout.Path{}).Circle(p, 0.7), layout.Black)
			if r == 0 {
				c.Text(layout.Pt(p.X, p.Y-dotLabel+2), boards.Column(k), lab, layout.Center, layout.Black)
			}
			if k == 0 {
				c.Text(layout.Pt(p.X-dotLabel+2, p.Y+lab.Size*0.35), strconv.Itoa(r+1), lab, layout.Right, layout.Black)
			}
		}
	}
	blue := layout.RGB(0, 70, 160)
	gap := 1.3
	for _, sg := range f.layout {
		a, b := f.dot(o, s, sg.C1, sg.R1), f.dot(o, s, sg.C2, sg.R2)
		l := a.Dist(b)
		ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
		c.Stroke(layout.Segment(layout.Pt(a.X+ux*gap, a.Y+uy*gap), layout.Pt(b.X-ux*gap, b.Y-uy*gap)), layout.Pen{Width: st.Line * 1.5, Color: blue})
	}
}

// checkMinimum checks a Making Intersections minimum: the segments of the
// transcript's one round, the array their dots span, each segment played
// on the engine (the transcript is written again with the count of
// segments drawn, so the solver need not count them) and scored by the
// game's scorer, every neighbour pair joined once, against the minimum.
func checkMinimum(name string, data []byte) (string, bool, error) {
	var t struct {
		Rounds []struct {
			Segments any `yaml:"segments"`
		} `yaml:"rounds"`
	}
	if err := input.Unmarshal(name, data, &t); err != nil {
		return "", false, err
	}
	if len(t.Rounds) != 1 {
		return "", false, fmt.Errorf("%s: a minimum puzzle is one round", name)
	}
	var words []string
	switch v := t.Rounds[0].Segments.(type) {
	case string:
		words = strings.Fields(strings.ReplaceAll(v, ",", " "))
	case []any:
		for _, w := range v {
			words = append(words, fmt.Sprint(w))
		}
	}
	if len(words) == 0 {
		return "", false, fmt.Errorf("%s: no segments drawn", name)
	}
	var segs []analysis.Seg
	m := Minimum{}
	for _, w := range words {
		a, b, ok := strings.Cut(w, "-")
		c1, r1, err1 := boards.ParseCell(a, 30)
		c2, r2, err2 := boards.ParseCell(b, 30)
		if !ok || err1 != nil || err2 != nil {
			return "", false, fmt.Errorf("%s: segment %q: write its two end dots joined by a dash, e.g. A1-C1", name, w)
		}
		segs = append(segs, analysis.Seg{C1: c1, R1: r1, C2: c2, R2: r2})
		m.K, m.J = max(m.K, c1+1, c2+1), max(m.J, r1+1, r2+1)
	}
	tr, err := m.Transcript(segs)
	if err != nil {
		return "", false, fmt.Errorf("%s: %v", name, err)
	}
	if _, _, err := games.Score(intersections.Game{}, name, []byte(tr), games.Values{}); err != nil {
		return "", false, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: puzzle %s (Making Intersections minimum, %d rows of %d dots, the array the segments span)\n", name, m.ID(), m.J, m.K)
	if err := m.verify(segs); err != nil {
		fmt.Fprintf(&b, "not a solution: %v\n", err)
		return b.String(), false, nil
	}
	s := analysis.LinesMinimum(m.J, m.K)
	fmt.Fprintf(&b, "%d segments; the minimum is %d (exhaustive search, %d nodes)\n", len(segs), s.Min, s.Nodes)
	if len(segs) == s.Min {
		b.WriteString("optimal: this layout reaches the minimum\n")
		return b.String(), true, nil
	}
	fmt.Fprintf(&b, "not optimal: %d more than the minimum\n", len(segs)-s.Min)
	return b.String(), false, nil
}
