package puzzle

// WORK IN PROGRESS (branch cdc-puzzle-wip): analysis.SolveShortest proves
// only chord sets whose every game has the same length, or whose shortest
// game is one move, within its budget; the levels below find no puzzle
// whose shortest game is clearly shorter than random play.

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"

	"papergames/analysis"
	"papergames/boards"
	"papergames/games"
	"papergames/games/crossdont"
	"papergames/layout"
)

var shortestKind = Kind{
	Name:   "crossdont-shortest",
	Title:  "Cross, Don't Cross shortest game",
	Credit: "Puzzles on Leroy Quet's Cross, Don't Cross Circle Game",
	Instructions: "The defense's chords are printed on the degree circle. You are the offense: draw segments between points (chord ends and crossings), " +
		"odd moves crossing nothing, even moves crossing exactly one drawn segment, none along a drawn segment. Play so that you are stuck (no legal move left) as soon as you can.",
	Value:   "the fewest offense segments of any game",
	PerPage: [3]int{4, 4, 4},
	Make:    makeShortest,
}

// shortestLevels: chords, distinct end points (angles at multiples of
// 15 degrees), and the search's effort (moves played) a puzzle of the
// level needs, at least and below.
var shortestLevels = [3]struct {
	m, points        int
	minNodes, budget int
}{
	Easy:   {4, 5, 5, 3000},
	Medium: {4, 5, 90, 3000},
	Hard:   {4, 6, 900, 3000},
}

// Shortest is a Cross, Don't Cross shortest-game puzzle: the defense's
// chords, in degrees.
type Shortest struct {
	Chords [][2]int
}

func (p Shortest) chordText() string {
	var s []string
	for _, c := range p.Chords {
		s = append(s, fmt.Sprintf("%d-%d", c[0], c[1]))
	}
	return strings.Join(s, ",")
}

// ID is the puzzle's id.
func (p Shortest) ID() string {
	return "X" + games.BoardID("cross-dont-cross shortest chords="+p.chordText())
}

func (p Shortest) rats() [][2]*big.Rat {
	var cs [][2]*big.Rat
	for _, c := range p.Chords {
		cs = append(cs, [2]*big.Rat{big.NewRat(int64(c[0]), 1), big.NewRat(int64(c[1]), 1)})
	}
	return cs
}

// state is a round with the chords drawn: the solver the offense (seat 0),
// the defense seat 1.
func (p Shortest) state() (*crossdont.State, error) {
	st := crossdont.New(len(p.Chords), 1, solver, "Defense")
	for i, c := range p.rats() {
		if err := st.Play(crossdont.Chord(c[0], c[1])); err != nil {
			return nil, fmt.Errorf("chord %d: %v", i+1, err)
		}
	}
	return st, nil
}

// searchBudget is the drawings the shortest-game search may store.
const searchBudget = 3000

// Solve proves the fewest offense segments by analysis.SolveShortest.
func (p Shortest) Solve(budget int) (analysis.Shortest, error) {
	return analysis.SolveShortest(p.rats(), budget)
}

// randomMean is the mean length of n random games after the chords.
func (p Shortest) randomMean(rng *rand.Rand, n int) float64 {
	st, err := p.state()
	if err != nil {
		return 0
	}
	var buf []crossdont.Move
	sum := 0
	for range n {
		k, b := games.Playout[crossdont.Move](st, rng, -1, buf)
		buf = b
		sum += k
		for range k {
			st.Undo()
		}
	}
	return float64(sum) / float64(n)
}

func randomShortest(rng *rand.Rand, m, points int) Shortest {
	angles := rng.Perm(24)[:points]
	var p Shortest
	used := map[[2]int]bool{}
	for len(p.Chords) < m {
		a, b := angles[rng.IntN(points)]*15, angles[rng.IntN(points)]*15
		if a == b || used[[2]int{a, b}] || used[[2]int{b, a}] {
			continue
		}
		used[[2]int{a, b}] = true
		p.Chords = append(p.Chords, [2]int{a, b})
	}
	return p
}

func makeShortest(rng, _ *rand.Rand, d Difficulty, _ int) (*Item, error) {
	lv := shortestLevels[d]
	for try := 0; try < 400; try++ {
		p := randomShortest(rng, lv.m, lv.points)
		sol, err := p.Solve(lv.budget)
		if err != nil || int(sol.Nodes) < lv.minNodes || sol.Fewest < 2 {
			continue
		}
		// Interesting: the shortest game clearly shorter than random play.
		mean := p.randomMean(rng, 40)
		if float64(sol.Fewest) > mean-2 {
			continue
		}
		return p.item(sol, mean)
	}
	return nil, fmt.Errorf("no %s puzzle found in 400 tries", Difficulties[d])
}

func (p Shortest) item(sol analysis.Shortest, mean float64) (*Item, error) {
	tr, err := p.Transcript(sol.Line)
	if err != nil {
		return nil, err
	}
	res, _, err := games.Score(crossdont.Game{}, "key.yaml", []byte(tr), games.Values{})
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: the scorer refuses the key: %v", p.ID(), err)
	}
	if got := res.Totals()[0]; got != sol.Fewest {
		return nil, fmt.Errorf("puzzle %s: the scorer gives the key %d, the search %d", p.ID(), got, sol.Fewest)
	}
	return &Item{
		ID:         p.ID(),
		Puzzle:     shortestFigure{p: p},
		Key:        shortestFigure{p: p, line: sol.Line, xy: sol.LineXY},
		Optimum:    sol.Fewest,
		KeyCaption: fmt.Sprintf("fewest %d (random play: %.1f; %d search moves)", sol.Fewest, mean, sol.Nodes),
		KeyShort:   fmt.Sprintf("fewest %d", sol.Fewest),
		Effort:     int(sol.Nodes),
		Transcript: tr,
		Blank:      p.blank(),
		Caption:    fmt.Sprintf("%d chords", len(p.Chords)),
	}, nil
}

// Transcript plays the moves on the engine, which must accept each and
// leave the offense stuck, and returns the round's transcript.
func (p Shortest) Transcript(line []string) (string, error) {
	st, err := p.state()
	if err != nil {
		return "", fmt.Errorf("puzzle %s: %v", p.ID(), err)
	}
	for i, w := range line {
		mv, err := st.Parse(w)
		if err == nil {
			err = st.Play(mv)
		}
		if err != nil {
			return "", fmt.Errorf("puzzle %s: the engine refuses move %d, %s: %v", p.ID(), i+1, w, err)
		}
	}
	if !st.Over() {
		return "", fmt.Errorf("puzzle %s: the offense is not stuck after %d moves", p.ID(), len(line))
	}
	var b strings.Builder
	b.WriteString(p.header())
	fmt.Fprintf(&b, "game: cross-dont-cross\nplayers: [%s, Defense]\nchords: %d\nrounds:\n", solver, len(p.Chords))
	for i, l := range strings.Split(strings.TrimRight(st.Record(), "\n"), "\n") {
		if i == 0 {
			b.WriteString("  - " + l + "\n")
		} else {
			b.WriteString("    " + l + "\n")
		}
	}
	return b.String(), nil
}

func (p Shortest) header() string {
	return fmt.Sprintf("# papergames puzzle %s: Cross, Don't Cross, the shortest game for %s (the offense).\n# puzzle: chords=%s\n", p.ID(), solver, p.chordText())
}

func (p Shortest) blank() string {
	var cs []string
	for _, c := range p.Chords {
		cs = append(cs, fmt.Sprintf("%d-%d", c[0], c[1]))
	}
	return p.header() + "# Write your moves (e.g. 1a-2b 1b-2x4 ...) in place of [], until you are stuck, then\n#   papergames puzzle check THIS-FILE\n" +
		fmt.Sprintf("game: cross-dont-cross\nplayers: [%s, Defense]\nchords: %d\nrounds:\n  - defense: Defense\n    chords: %s\n    moves: []\n", solver, len(p.Chords), strings.Join(cs, " "))
}

// checkShortest checks a Cross, Don't Cross shortest-game puzzle: the
// scorer first, the chords as printed (from the puzzle line), the game
// finished (the offense stuck), its length against the fewest.
func checkShortest(name string, data []byte) (string, bool, error) {
	res, _, err := games.Score(crossdont.Game{}, name, data, games.Values{})
	if err != nil {
		return "", false, err
	}
	var t struct {
		Players []string `yaml:"players"`
		Rounds  []struct {
			Chords string `yaml:"chords"`
			Moves  any    `yaml:"moves"`
		} `yaml:"rounds"`
	}
	if err := yaml.Unmarshal(data, &t); err != nil {
		return "", false, fmt.Errorf("%s: %v", name, err)
	}
	var p Shortest
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "# puzzle: chords=")
		if !ok {
			continue
		}
		for _, c := range strings.Split(strings.TrimSpace(rest), ",") {
			a, b, _ := strings.Cut(c, "-")
			x, err1 := strconv.Atoi(a)
			y, err2 := strconv.Atoi(b)
			if err1 != nil || err2 != nil {
				return "", false, fmt.Errorf("%s: the puzzle line's chord %q", name, c)
			}
			p.Chords = append(p.Chords, [2]int{x, y})
		}
	}
	if len(p.Chords) == 0 || len(t.Players) != 2 || t.Players[0] != solver || len(t.Rounds) != 1 || len(res.Rounds) != 1 {
		return "", false, fmt.Errorf("%s: not a Cross, Don't Cross puzzle transcript (it needs its \"# puzzle:\" line, players %s and Defense, one round)", name, solver)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: puzzle %s (Cross, Don't Cross shortest game, %d chords)\n", name, p.ID(), len(p.Chords))
	if strings.Join(strings.Fields(t.Rounds[0].Chords), ",") != p.chordText() {
		fmt.Fprintf(&b, "not a solution: the chords are printed as %s\n", strings.ReplaceAll(p.chordText(), ",", " "))
		return b.String(), false, nil
	}
	// Replay the moves on the engine: the game must be over.
	st, err := p.state()
	if err != nil {
		return "", false, fmt.Errorf("%s: %v", name, err)
	}
	var moves []string
	switch v := t.Rounds[0].Moves.(type) {
	case string:
		moves = strings.Fields(v)
	case []any:
		for _, w := range v {
			moves = append(moves, fmt.Sprint(w))
		}
	}
	for _, w := range moves {
		mv, err := st.Parse(w)
		if err == nil {
			err = st.Play(mv)
		}
		if err != nil {
			return "", false, fmt.Errorf("%s: move %s: %v", name, w, err)
		}
	}
	sol, err := p.Solve(searchBudget * 10)
	if err != nil {
		return "", false, err
	}
	got := res.Totals()[0]
	fmt.Fprintf(&b, "your game has %d segments; the fewest is %d (%d search moves)\n", got, sol.Fewest, sol.Nodes)
	if !st.Over() {
		b.WriteString("not a solution: you still have a legal move (the game goes on until you are stuck)\n")
		return b.String(), false, nil
	}
	if got == sol.Fewest {
		b.WriteString("optimal: you are stuck as soon as possible\n")
		return b.String(), true, nil
	}
	fmt.Fprintf(&b, "not optimal: %d more than the fewest\n", got-sol.Fewest)
	return b.String(), false, nil
}

// shortestFigure draws the chords on the degree circle, their ends
// labelled; the key adds the offense's segments, numbered by move, and
// the moves written out under the circle.
type shortestFigure struct {
	p    Shortest
	line []string
	xy   [][4]float64
}

const shortestRows = 3 // lines of moves under the key's circle

func (f shortestFigure) textH() float64 {
	if f.line == nil {
		return 0
	}
	return 2 + 3.6*shortestRows
}

// Extent implements layout.Figure.
func (f shortestFigure) Extent(s float64) layout.Size {
	e := boards.DegreeCircle{}.Extent(s)
	return layout.Size{W: e.W, H: e.H + f.textH()}
}

// MinSize implements layout.Figure.
func (f shortestFigure) MinSize() float64 { return boards.DegreeCircle{}.MinSize() }

// Draw implements layout.Figure.
func (f shortestFigure) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	b := boards.DegreeCircle{}
	b.Draw(c, o, s, st)
	ctr, rad := b.Center(o, s), s/2
	at := func(x, y float64) layout.Point { return layout.Pt(ctr.X+x*rad, ctr.Y-y*rad) }
	font := layout.Font{Size: 2.6}
	blue := layout.RGB(0, 70, 160)
	for i, ch := range f.p.Chords {
		var e [2]layout.Point
		for j, a := range ch {
			e[j] = layout.Compass(ctr, rad, float64(a))
		}
		c.Stroke(layout.Segment(e[0], e[1]), layout.Pen{Width: st.Line * 1.6, Color: layout.Black})
		for j, a := range ch {
			lp := layout.Compass(ctr, rad*0.86, float64(a))
			c.Text(layout.Pt(lp.X, lp.Y+0.9), fmt.Sprintf("%d%c", i+1, 'a'+j), font, layout.Center, layout.Black)
		}
	}
	for i, g := range f.xy {
		p, q := at(g[0], g[1]), at(g[2], g[3])
		c.Stroke(layout.Segment(p, q), layout.Pen{Width: st.Line * 1.2, Color: blue})
		m := layout.Pt((p.X+q.X)/2, (p.Y+q.Y)/2)
		c.Text(layout.Pt(m.X, m.Y+0.9), strconv.Itoa(i+1), layout.Font{Size: 2.6, Bold: true}, layout.Center, blue)
	}
	if f.line == nil {
		return
	}
	e := b.Extent(s)
	per := int(math.Ceil(float64(len(f.line)) / shortestRows))
	for r := 0; r < shortestRows; r++ {
		lo, hi := r*per, min(len(f.line), (r+1)*per)
		if lo >= hi {
			break
		}
		var ws []string
		for k := lo; k < hi; k++ {
			ws = append(ws, fmt.Sprintf("%d. %s", k+1, f.line[k]))
		}
		c.Text(layout.Pt(o.X+e.W/2, o.Y+e.H+2+3.6*float64(r)+2.6), strings.Join(ws, "  "), font, layout.Center, blue)
	}
}
