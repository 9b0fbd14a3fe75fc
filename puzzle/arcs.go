package puzzle

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/games/arcs"
	"papergames/input"
	"papergames/layout"
)

var reachesKind = Kind{
	Name:   "arcs-reaches",
	Title:  "Arcs And Marks best reaches",
	Credit: "Puzzles on Leroy Quet's game Arcs And Marks (2010)",
	Instructions: "Arc i is centred on mark i and reaches k marks either way (draw it with the compass opening for k, inside the circle). " +
		"The opponent's reaches are printed (O); choose yours (Y) so that your arcs meet as few earlier arcs as you can, in total (crossing, touching or sharing an end mark).",
	Value:   "the fewest meetings your arcs can make",
	PerPage: [3]int{2, 2, 2},
	Make:    makeReaches,
}

// reachesMarks is each level's marks: the search tries every reach of each
// of the m/2 moves of yours, 3^4 at easy, 4^5 at medium, 5^6 at hard,
// fewer with its bound.
var reachesMarks = [3]int{Easy: 8, Medium: 10, Hard: 12}

// Reaches is an Arcs And Marks puzzle: m marks, arc i centred on mark i,
// the opponent's reaches printed (0 at the solver's moves), the solver
// moving first or second.
type Reaches struct {
	M     int
	Opp   []int // reach of each move, 0 for the solver's
	First bool  // the solver draws arc 1
}

func (p Reaches) mine(i int) bool { return (i%2 == 0) == p.First }

// ID is the puzzle's id.
func (p Reaches) ID() string {
	return "A" + games.BoardID(fmt.Sprintf("arcs-and-marks reaches m=%d first=%v opp=%v", p.M, p.First, p.Opp))
}

// seats: the transcript's players in seat order, the first to move first.
func (p Reaches) seats() []string {
	if p.First {
		return []string{solver, "Opponent"}
	}
	return []string{"Opponent", solver}
}

func (p Reaches) solverSeat() int {
	if p.First {
		return 0
	}
	return 1
}

// Solve finds the solver's reaches that meet the fewest earlier arcs, by
// depth first search over the game's engine with the bound "the meetings
// so far already reach the best": it returns the fewest, the reaches of
// every move (the opponent's as printed) and the arcs played.
func (p Reaches) Solve() (best int, reaches []int, nodes int, err error) {
	st, err := arcs.New(p.M, p.seats(), 0, 1)
	if err != nil {
		return 0, nil, 0, err
	}
	best = math.MaxInt
	cur := make([]int, p.M)
	seat := p.solverSeat()
	var rec func(i int) error
	rec = func(i int) error {
		if st.Scores()[seat] >= best {
			return nil
		}
		if i == p.M {
			best, reaches = st.Scores()[seat], append([]int(nil), cur...)
			return nil
		}
		try := []int{p.Opp[i]}
		if p.mine(i) {
			try = try[:0]
			for k := 1; 2*k < p.M; k++ {
				try = append(try, k)
			}
		}
		for _, k := range try {
			nodes++
			if err := st.Play(arcs.Move{Centre: i + 1, Reach: k}); err != nil {
				return err
			}
			cur[i] = k
			if err := rec(i + 1); err != nil {
				return err
			}
			if err := st.Undo(); err != nil {
				return err
			}
		}
		return nil
	}
	err = rec(0)
	return best, reaches, nodes, err
}

func makeReaches(rng, _ *rand.Rand, d Difficulty, _ int) (*Item, error) {
	p := Reaches{M: reachesMarks[d], Opp: make([]int, reachesMarks[d]), First: rng.IntN(2) == 0}
	for i := range p.Opp {
		if !p.mine(i) {
			p.Opp[i] = 1 + rng.IntN((p.M-1)/2)
		}
	}
	best, reaches, nodes, err := p.Solve()
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %v", p.ID(), err)
	}
	tr, counts, err := p.Transcript(reaches)
	if err != nil {
		return nil, err
	}
	res, _, err := games.Score(arcs.Game{}, "key.yaml", []byte(tr), games.Values{})
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: the scorer refuses the key: %v", p.ID(), err)
	}
	if got := res.Totals()[p.solverSeat()]; got != best {
		return nil, fmt.Errorf("puzzle %s: the scorer gives the key %d, the search %d", p.ID(), got, best)
	}
	return &Item{
		ID:         p.ID(),
		Puzzle:     reachesFigure{p: p},
		Key:        reachesFigure{p: p, reaches: reaches, counts: counts},
		Optimum:    best,
		KeyCaption: fmt.Sprintf("fewest %d (%d search nodes)", best, nodes),
		KeyShort:   fmt.Sprintf("fewest %d", best),
		Effort:     nodes,
		Transcript: tr,
		Blank:      p.blank(),
		Caption:    map[bool]string{true: "you start", false: "the opponent starts"}[p.First],
	}, nil
}

// Transcript plays every move's reach on the engine and returns the
// transcript and each arc's meetings.
func (p Reaches) Transcript(reaches []int) (string, []int, error) {
	st, err := arcs.New(p.M, p.seats(), 0, 1)
	if err != nil {
		return "", nil, err
	}
	for i, k := range reaches {
		if err := st.Play(arcs.Move{Centre: i + 1, Reach: k}); err != nil {
			return "", nil, fmt.Errorf("puzzle %s: the engine refuses arc %d: %v", p.ID(), i+1, err)
		}
	}
	var b strings.Builder
	b.WriteString(p.header())
	fmt.Fprintf(&b, "game: arcs-and-marks\nplayers: [%s]\nmarks: %d\nrounds:\n", strings.Join(p.seats(), ", "), p.M)
	for i, line := range strings.Split(strings.TrimRight(st.Record(), "\n"), "\n") {
		if i == 0 {
			b.WriteString("  - " + line + "\n")
		} else {
			b.WriteString("    " + line + "\n")
		}
	}
	return b.String(), append([]int(nil), st.Counts()...), nil
}

func (p Reaches) header() string {
	opp := make([]string, p.M)
	for i, k := range p.Opp {
		opp[i] = strconv.Itoa(k)
	}
	return fmt.Sprintf("# papergames puzzle %s: Arcs And Marks, fewest meetings for %s.\n# puzzle: m=%d opponent=%s\n", p.ID(), solver, p.M, strings.Join(opp, ","))
}

func (p Reaches) blank() string {
	arcs := make([]string, p.M)
	for i, k := range p.Opp {
		arcs[i] = strconv.Itoa(k)
		if k == 0 {
			arcs[i] = "?"
		}
	}
	return p.header() + "# Write your reach in place of each ?, then\n#   papergames puzzle check THIS-FILE\n" +
		fmt.Sprintf("game: arcs-and-marks\nplayers: [%s]\nmarks: %d\nrounds:\n  - first: 1\n    arcs: %s\n", strings.Join(p.seats(), ", "), p.M, strings.Join(arcs, " "))
}

// checkReaches checks an Arcs And Marks puzzle: the scorer's total for the
// solver, the opponent's printed reaches kept (from the puzzle line),
// against the fewest.
func checkReaches(name string, data []byte) (string, bool, error) {
	res, _, err := games.Score(arcs.Game{}, name, data, games.Values{})
	if err != nil {
		return "", false, err
	}
	var t struct {
		Players []string `yaml:"players"`
		Marks   int      `yaml:"marks"`
	}
	if err := input.Unmarshal(name, data, &t); err != nil {
		return "", false, err
	}
	p := Reaches{M: t.Marks, First: len(t.Players) == 2 && t.Players[0] == solver}
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "# puzzle: ")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			if v, ok := strings.CutPrefix(f, "opponent="); ok {
				for _, w := range strings.Split(v, ",") {
					k, _ := strconv.Atoi(w)
					p.Opp = append(p.Opp, k)
				}
			}
		}
	}
	if len(p.Opp) != p.M || len(res.Players) != 2 || len(res.Rounds) != 1 {
		return "", false, fmt.Errorf("%s: not an Arcs And Marks puzzle transcript (it needs its \"# puzzle:\" line, players %s and Opponent, one round)", name, solver)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: puzzle %s (Arcs And Marks, %d marks, %s)\n", name, p.ID(), p.M, map[bool]string{true: "you start", false: "the opponent starts"}[p.First])
	// The opponent's reaches as printed: the transcript's arcs against
	// the puzzle line, by replaying the moves the scorer accepted.
	var tr struct {
		Rounds []struct {
			Arcs string `yaml:"arcs"`
		} `yaml:"rounds"`
	}
	if err := input.Unmarshal(name, data, &tr); err == nil && len(tr.Rounds) == 1 {
		st, _ := arcs.New(p.M, p.seats(), 0, 1)
		for i, w := range strings.Fields(tr.Rounds[0].Arcs) {
			mv, err := st.Parse(w)
			if err != nil || st.Play(mv) != nil {
				break
			}
			if !p.mine(i) && st.Played()[i].Reach != p.Opp[i] {
				fmt.Fprintf(&b, "not a solution: arc %d is the opponent's, printed with reach %d\n", i+1, p.Opp[i])
				return b.String(), false, nil
			}
		}
	}
	got := res.Totals()[p.solverSeat()]
	best, _, nodes, err := p.Solve()
	if err != nil {
		return "", false, err
	}
	fmt.Fprintf(&b, "your arcs meet %d earlier arcs; the fewest is %d (%d search nodes)\n", got, best, nodes)
	if got == best {
		b.WriteString("optimal: these reaches reach the fewest\n")
		return b.String(), true, nil
	}
	fmt.Fprintf(&b, "not optimal: %d more than the fewest\n", got-best)
	return b.String(), false, nil
}

// reachesFigure draws the game's circle of marks with its compass table,
// and under it the table of moves: centre, who, reach; the key adds the
// solver's reaches, each arc's meetings and the arcs.
type reachesFigure struct {
	p       Reaches
	reaches []int
	counts  []int
	beside  bool // the compass table right of the circle
}

func (f reachesFigure) board() boards.MarkedCircle {
	return boards.MarkedCircle{Marks: f.p.M, LegendBeside: f.beside}
}

// Beside implements layout.Rearranger: the compass table and the moves
// beside the circle, for a wide, low cell.
func (f reachesFigure) Beside() layout.Figure { f.beside = true; return f }

// The move table: under the circle a row per heading and a column per
// arc; beside it (Beside) a column per heading and a row per arc.
const (
	rowH  = 5.0
	headW = 14.0
	colW  = 6.5
	vColW = 9.0
	vRowH = 4.4
)

func (f reachesFigure) heads() []string {
	if f.reaches != nil {
		return []string{"arc", "who", "reach", "meets"}
	}
	return []string{"arc", "who", "reach"}
}

func (f reachesFigure) table() layout.Size {
	n := float64(len(f.heads()))
	if f.beside {
		return layout.Size{W: vColW * n, H: vRowH * float64(f.p.M+1)}
	}
	return layout.Size{W: headW + colW*float64(f.p.M), H: rowH * n}
}

// Extent implements layout.Figure.
func (f reachesFigure) Extent(s float64) layout.Size {
	e, t := f.board().Extent(s), f.table()
	if f.beside {
		return layout.Size{W: e.W + 3 + t.W, H: max(e.H, t.H)}
	}
	return layout.Size{W: max(e.W, t.W), H: e.H + 2 + t.H}
}

// MinSize implements layout.Figure.
func (f reachesFigure) MinSize() float64 { return f.board().MinSize() }

// Draw implements layout.Figure.
func (f reachesFigure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	b := f.board()
	e, t, all := b.Extent(s), f.table(), f.Extent(s)
	bo := layout.Pt(o.X+(all.W-e.W)/2, o.Y)
	to := layout.Pt(o.X+(all.W-t.W)/2, o.Y+e.H+2)
	if f.beside {
		bo = layout.Pt(o.X, o.Y+(all.H-e.H)/2)
		to = layout.Pt(o.X+e.W+3, o.Y+(all.H-t.H)/2)
	}
	b.Draw(c, bo, s, st)
	blue, grey := layout.RGB(0, 70, 160), layout.RGB(120, 120, 120)
	if f.reaches != nil {
		ctr, big := b.Center(bo, s), s/2
		for i, k := range f.reaches {
			p := b.Mark(bo, s, i+1)
			rr := b.Opening(s, k)
			mid := math.Atan2(ctr.Y-p.Y, ctr.X-p.X)
			half := math.Acos(math.Min(1, rr/(2*big)))
			col := grey
			if f.p.mine(i) {
				col = blue
			}
			c.Stroke((&layout.Path{}).Arc(p, rr, mid-half, 2*half), layout.Pen{Width: st.Line, Color: col})
		}
	}
	font, bold := layout.Font{Size: 2.8}, layout.Font{Size: 2.8, Bold: true}
	pen := layout.Pen{Width: 0.2, Color: layout.Black}
	cell := func(h, i int) (string, layout.Color, layout.Font) {
		switch h {
		case 0:
			return strconv.Itoa(i + 1), layout.Black, font
		case 1:
			if f.p.mine(i) {
				return "Y", layout.Black, font
			}
			return "O", layout.Black, font
		case 2:
			if k := f.p.Opp[i]; k > 0 {
				return strconv.Itoa(k), layout.Black, font
			}
			if f.reaches != nil {
				return strconv.Itoa(f.reaches[i]), blue, bold
			}
			return "", layout.Black, font
		}
		if f.p.mine(i) {
			return strconv.Itoa(f.counts[i]), blue, font
		}
		return strconv.Itoa(f.counts[i]), layout.Black, font
	}
	heads := f.heads()
	if f.beside {
		for h, name := range heads {
			x := to.X + (float64(h)+0.5)*vColW
			c.Text(layout.Pt(x, to.Y+vRowH*0.7), name, bold, layout.Center, layout.Black)
			for i := range f.p.M {
				txt, col, fn := cell(h, i)
				c.Text(layout.Pt(x, to.Y+float64(i+1)*vRowH+vRowH*0.7), txt, fn, layout.Center, col)
			}
		}
		for i := 0; i <= f.p.M+1; i++ {
			y := to.Y + float64(i)*vRowH
			c.Stroke(layout.Segment(layout.Pt(to.X, y), layout.Pt(to.X+t.W, y)), pen)
		}
		for h := 0; h <= len(heads); h++ {
			x := to.X + float64(h)*vColW
			c.Stroke(layout.Segment(layout.Pt(x, to.Y), layout.Pt(x, to.Y+t.H)), pen)
		}
		return
	}
	for h, name := range heads {
		y := to.Y + float64(h)*rowH
		c.Text(layout.Pt(to.X+1, y+rowH*0.7), name, bold, layout.Left, layout.Black)
		for i := range f.p.M {
			txt, col, fn := cell(h, i)
			c.Text(layout.Pt(to.X+headW+(float64(i)+0.5)*colW, y+rowH*0.7), txt, fn, layout.Center, col)
		}
		c.Stroke(layout.Segment(layout.Pt(to.X, y+rowH), layout.Pt(to.X+t.W, y+rowH)), pen)
	}
	c.Stroke(layout.Segment(to, layout.Pt(to.X+t.W, to.Y)), pen)
	for i := 0; i <= f.p.M; i++ {
		x := to.X + headW + float64(i)*colW
		c.Stroke(layout.Segment(layout.Pt(x, to.Y), layout.Pt(x, to.Y+t.H)), pen)
	}
}
