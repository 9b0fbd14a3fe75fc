package puzzle

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"

	"papergames/analysis"
	"papergames/boards"
	"papergames/games"
	"papergames/games/crossdont"
	"papergames/hp"
	"papergames/input"
	"papergames/layout"
)

var shortestKind = Kind{
	Name:   "crossdont-shortest",
	Title:  "Cross, Don't Cross shortest game",
	Credit: "Puzzles on Leroy Quet's Cross, Don't Cross Circle Game",
	Instructions: "The defense's chords are printed on the degree circle. You are the offense: draw segments between points (chord ends and crossings), " +
		"odd moves crossing nothing, even moves crossing exactly one drawn segment, none along a drawn segment. Play so that you are stuck (no legal move left) as soon as you can. " +
		"Segments are numbered on from the chords (with 3 chords your first is 4); ixj is where segments i and j cross.",
	Value:   "the fewest offense segments of any game",
	PerPage: [3]int{4, 4, 4},
	Make:    makeShortest,
}

// shortestLevels: chords, the range of the chords' deficit (a game
// that runs to the end has twice it), and the drawings the search may
// store (a set it cannot prove within them is drawn again).
var shortestLevels = [3]struct {
	m            [2]int
	dLo, dHi     int
	budget       int
	maxWinShare  float64 // at most this share of first moves end the game
	minMeanShare float64 // random play at least this share of the full length
}{
	Easy:   {[2]int{3, 3}, 3, 4, 5000, 0.34, 0.5},
	Medium: {[2]int{3, 4}, 5, 5, 40000, 0.25, 0.6},
	Hard:   {[2]int{3, 4}, 6, 6, 150000, 0.25, 0.6},
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

// checkBudget is the drawings the check's search may store: the hard
// level's, so every printed puzzle checks.
const checkBudget = 150000

// Solve proves the fewest offense segments by analysis.SolveShortest.
func (p Shortest) Solve(budget int) (analysis.Shortest, error) {
	return analysis.SolveShortest(p.rats(), budget)
}

// randomMean is the mean length of n random games after the chords.
func (p Shortest) randomMean(rng *rand.Rand, n int) (mean float64, err error) {
	defer hp.Guard(&err)
	st, err := p.state()
	if err != nil {
		return 0, err
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
	return float64(sum) / float64(n), nil
}

func randomShortest(rng *rand.Rand, m int) Shortest {
	var p Shortest
	used := map[[2]int]bool{}
	for len(p.Chords) < m {
		a, b := rng.IntN(12)*30, rng.IntN(12)*30
		if a == b || used[[2]int{a, b}] {
			continue
		}
		used[[2]int{a, b}], used[[2]int{b, a}] = true, true
		p.Chords = append(p.Chords, [2]int{a, b})
	}
	return p
}

// firstMoves counts the offense's first moves and those that leave it
// stuck at once.
func (p Shortest) firstMoves() (moves, ending int, err error) {
	defer hp.Guard(&err)
	st, err := p.state()
	if err != nil {
		return 0, 0, err
	}
	for _, mv := range st.Moves(nil) {
		if err := st.Play(mv); err != nil {
			return 0, 0, err
		}
		moves++
		if st.Over() {
			ending++
		}
		st.Undo()
	}
	return moves, ending, nil
}

// shortcut tells whether puzzle i of a sheet is one whose shortest game
// is a single move (else every game runs to the end): the sheet deals
// them two of each kind in every four, in a shuffled order, so that a
// sheet mixes both and the solver must find out which it has.
func shortcut(sheet *rand.Rand, i int) bool {
	var deal []int
	for len(deal) <= i {
		deal = append(deal, sheet.Perm(4)...)
	}
	return deal[i] < 2
}

func makeShortest(rng, sheet *rand.Rand, d Difficulty, i int) (*Item, error) {
	lv := shortestLevels[d]
	want := shortcut(sheet, i)
	for try := 0; try < 2000; try++ {
		p := randomShortest(rng, lv.m[0]+rng.IntN(lv.m[1]-lv.m[0]+1))
		def, err := analysis.Deficit(p.rats())
		if err != nil || def < lv.dLo || def > lv.dHi {
			continue
		}
		full := 2 * def
		// The first moves first: they decide a one-move puzzle cheaply.
		moves, ending, err := p.firstMoves()
		if err != nil {
			continue // a relation too close to call: another set
		}
		if want != (ending > 0) || float64(ending) > lv.maxWinShare*float64(moves) {
			continue
		}
		mean, err := p.randomMean(rng, 40)
		if err != nil {
			continue // a relation too close to call: another set
		}
		if want && mean < lv.minMeanShare*float64(full) {
			continue
		}
		sol, err := p.Solve(lv.budget)
		if err != nil || want && sol.Fewest != 1 || !want && sol.Fewest != full {
			continue
		}
		return p.item(sol, mean, moves, ending)
	}
	return nil, fmt.Errorf("no %s puzzle found in 2000 tries", Difficulties[d])
}

func (p Shortest) item(sol analysis.Shortest, mean float64, moves, ending int) (*Item, error) {
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
	caption := fmt.Sprintf("fewest %d: %d of the %d first moves end the game (random play: %.1f)", sol.Fewest, ending, moves, mean)
	if sol.Fewest == 2*sol.Deficit {
		caption = fmt.Sprintf("fewest %d: every game has %d moves (%d search moves)", sol.Fewest, sol.Fewest, sol.Nodes)
	}
	return &Item{
		ID:         p.ID(),
		Puzzle:     shortestFigure{p: p},
		Key:        shortestFigure{p: p, line: sol.Line, xy: sol.LineXY},
		Optimum:    sol.Fewest,
		KeyCaption: caption,
		KeyShort:   fmt.Sprintf("fewest %d", sol.Fewest),
		Effort:     int(sol.Nodes),
		Transcript: tr,
		Blank:      p.blank(),
		Caption:    fmt.Sprintf("%d chords", len(p.Chords)),
	}, nil
}

// Transcript plays the moves on the engine, which must accept each and
// leave the offense stuck, and returns the round's transcript.
func (p Shortest) Transcript(line []string) (_ string, err error) {
	defer hp.Guard(&err)
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
func checkShortest(name string, data []byte) (_ string, _ bool, err error) {
	defer hp.Guard(&err)
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
	if err := input.Unmarshal(name, data, &t); err != nil {
		return "", false, err
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
	sol, err := p.Solve(checkBudget)
	if err != nil {
		return "", false, err
	}
	got := res.Totals()[0]
	segs := "segments"
	if got == 1 {
		segs = "segment"
	}
	fmt.Fprintf(&b, "your game has %d %s; the fewest is %d (%d search moves)\n", got, segs, sol.Fewest, sol.Nodes)
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
// labelled; the key adds the offense's segments, numbered on from the
// chords as the transcript's crossings name them (ixj), and
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
	for _, ch := range f.p.Chords {
		var e [2]layout.Point
		for j, a := range ch {
			e[j] = layout.Compass(ctr, rad, float64(a))
		}
		c.Stroke(layout.Segment(e[0], e[1]), layout.Pen{Width: st.Line * 1.6, Color: layout.Black})
	}
	// One label a point: a shared end's names joined ("1b=3a"), any of
	// which a transcript may use.
	names := map[int][]string{}
	var order []int
	for i, ch := range f.p.Chords {
		for j, a := range ch {
			if names[a] == nil {
				order = append(order, a)
			}
			names[a] = append(names[a], fmt.Sprintf("%d%c", i+1, 'a'+j))
		}
	}
	for _, a := range order {
		lp := layout.Compass(ctr, rad*0.84, float64(a))
		c.Text(layout.Pt(lp.X, lp.Y+0.9), strings.Join(names[a], "="), font, layout.Center, layout.Black)
	}
	for i, g := range f.xy {
		p, q := at(g[0], g[1]), at(g[2], g[3])
		c.Stroke(layout.Segment(p, q), layout.Pen{Width: st.Line * 1.2, Color: blue})
		m := layout.Pt((p.X+q.X)/2, (p.Y+q.Y)/2)
		c.Text(layout.Pt(m.X, m.Y+0.9), strconv.Itoa(len(f.p.Chords)+i+1), layout.Font{Size: 2.6, Bold: true}, layout.Center, blue)
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
			ws = append(ws, fmt.Sprintf("%d. %s", len(f.p.Chords)+k+1, f.line[k]))
		}
		c.Text(layout.Pt(o.X+e.W/2, o.Y+e.H+2+3.6*float64(r)+2.6), strings.Join(ws, "  "), font, layout.Center, blue)
	}
}
