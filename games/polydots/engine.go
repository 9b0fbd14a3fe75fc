package polydots

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/games/polygons"
	"papergames/geom"
)

// Move is a dot placed (phase "dots") or a step of the path (phase
// "path"). Its String is the transcript's notation: [x, y] for a dot, the
// dot's number for a step.
type Move struct {
	At Point // the dot placed, when To is 0
	To int   // the number (from 1, in the order placed) of the dot the path goes to
}

// String writes m in the transcript's notation.
func (m Move) String() string {
	if m.To != 0 {
		return strconv.Itoa(m.To)
	}
	return m.At.yaml()
}

// Grid is the finite set of points Moves offers machines in phase "dots":
// every multiple of 1/PerMM mm from 0 to Side mm each way. Check takes any
// point of the sheet, not only these.
type Grid struct{ Side, PerMM int }

// DefaultGrid is the millimetre grid of a sheet of 180 mm.
var DefaultGrid = Grid{Side: 180, PerMM: 1}

// State is a round of Polygons-&-Dots in progress. Phase "dots": the
// players place dots alternately, player 1 first; no dot may repeat, no
// three be on one straight line. Phase "path": player 1 draws from any dot
// to any dot (two moves: the first dot, then the second), then the players
// alternate, each drawing from the dot last reached to one not yet
// reached; when every dot is reached the path closes back to the first and
// the round is over. Scores are 0 until then: a face of an open path may
// still be cut by the next step.
type State struct {
	n     int
	p1    int
	seats []string
	grid  Grid
	lax   bool     // three dots in line are accepted (the scorer's default: the post calls it "no big deal")
	sheet [2]int64 // the sheet's grid, width and height in mm, that dots must be on; 0 when not known
	dots  []Point
	bigs  int     // dots held as big rationals
	path  []int32 // dot indexes in the order reached
	at    []int32 // 1 + the step at which each dot was reached, 0 for none

	scored bool
	score  [2]int

	// scratch, reused
	dirs  [][2]int64
	bdirs [][2]big.Int
	idx   []int32
	count polygons.Counter
	segs  []polygons.Seg
	sides []int
	buf   []Move
}

var _ games.Engine[Move] = (*State)(nil)
var _ games.Sampler[Move] = (*State)(nil)

// New starts a round of dots dots (even, from 4 to MaxDots) between
// seats (the players' names, in transcript order), where seat player1 is
// player 1 (odd-sided faces) and places the first dot; grid is the set of
// points Moves offers in phase "dots".
func New(dots int, seats []string, player1 int, grid Grid) (*State, error) {
	switch {
	case dots < 4 || dots%2 == 1 || dots > MaxDots:
		return nil, fmt.Errorf("%d dots; each player places the same number, so the total is even, at least 4 and at most %d", dots, MaxDots)
	case len(seats) != 2:
		return nil, fmt.Errorf("%d seats; the game is for 2", len(seats))
	case player1 != 0 && player1 != 1:
		return nil, fmt.Errorf("player 1 is seat %d; the seats are 0 and 1", player1)
	case grid.Side < 1 || grid.Side > 10000 || grid.PerMM < 1 || grid.PerMM > 100:
		return nil, fmt.Errorf("grid %+v: the side must be from 1 to 10000 mm, PerMM from 1 to 100", grid)
	}
	return newState(dots, seats, player1, grid), nil
}

// newState is New unchecked: the scorer checks a transcript of any number
// of dots, reporting a wrong count among its other problems.
func newState(dots int, seats []string, player1 int, grid Grid) *State {
	return &State{n: dots, p1: player1, seats: seats, grid: grid,
		dots: make([]Point, 0, dots), path: make([]int32, 0, dots), at: make([]int32, dots)}
}

// Clone returns an independent copy of the round, for a search that
// explores several lines of play at once. Points are immutable, so they
// are shared.
func (s *State) Clone() *State {
	c := newState(s.n, s.seats, s.p1, s.grid)
	c.lax, c.sheet = s.lax, s.sheet
	c.dots = append(c.dots, s.dots...)
	c.path = append(c.path, s.path...)
	copy(c.at, s.at)
	c.bigs, c.scored, c.score = s.bigs, s.scored, s.score
	return c
}

// Dots returns the dots placed, in order; the slice is the state's own.
func (s *State) Dots() []Point { return s.dots }

// Path returns the dots reached, as indexes into Dots, in order; the slice
// is the state's own.
func (s *State) Path() []int32 { return s.path }

// Phase implements games.Engine: "dots", "path", then "over".
func (s *State) Phase() string {
	switch {
	case len(s.dots) < s.n:
		return "dots"
	case len(s.path) < s.n:
		return "path"
	}
	return "over"
}

// ToMove implements games.Engine.
func (s *State) ToMove() int {
	switch {
	case len(s.dots) < s.n:
		return (s.p1 + len(s.dots)) % 2
	case len(s.path) == s.n:
		return -1
	case len(s.path) == 0 || len(s.path)%2 == 1: // the first two dots, then odd segments
		return s.p1
	}
	return 1 - s.p1
}

// Over implements games.Engine.
func (s *State) Over() bool { return len(s.dots) == s.n && len(s.path) == s.n }

// Scores implements games.Engine: the faces of the closed path once the
// round is over, 0 before.
func (s *State) Scores() []int {
	if s.Over() && !s.scored {
		s.scoreFaces()
	}
	if !s.Over() {
		return []int{0, 0}
	}
	return []int{s.score[0], s.score[1]}
}

// Parse implements games.Engine: in phase "dots" two coordinates, as
// [x, y], (x, y) or x y, each an integer, decimal or fraction (in quotes
// or not); in phase "path" a dot's number.
func (s *State) Parse(str string) (Move, error) {
	if len(s.dots) == s.n {
		k, err := strconv.Atoi(strings.TrimSpace(str))
		if err != nil || k < 1 || k > s.n {
			return Move{}, fmt.Errorf("%q is not a dot number from 1 to %d", str, s.n)
		}
		return Move{To: k}, nil
	}
	f := strings.FieldsFunc(str, func(r rune) bool { return strings.ContainsRune(" \t,[]()\"'", r) })
	if len(f) == 3 || len(f) == 4 && strings.Contains(str, ",") {
		return Move{}, fmt.Errorf("%q: write a dot as [x, y]: this has %d numbers; write decimals with a point, not a comma (102.5, not 102,5)", str, len(f))
	}
	if len(f) != 2 {
		return Move{}, fmt.Errorf("%q: write a dot as [x, y]", str)
	}
	p, err := ParsePoint(f[0], f[1])
	if err != nil {
		return Move{}, err
	}
	return Move{At: p}, nil
}

// Errors of Check the scorer tells apart.
type (
	// dupError: the dot is already placed, as dot Dot.
	dupError struct{ Dot int }
	// lineError: dots A, B and the new one are on one line.
	lineError struct{ msg string }
	// revisitError: the path already reached dot Dot, at step Step.
	revisitError struct{ Dot, Step int }
)

func (e *dupError) Error() string  { return fmt.Sprintf("dot %d is already there", e.Dot) }
func (e *lineError) Error() string { return e.msg }
func (e *revisitError) Error() string {
	return fmt.Sprintf("dot %d was already reached at step %d; each move goes to a dot not yet reached", e.Dot, e.Step)
}

// errOffSheet is the reason a dot with a negative coordinate is refused.
var errOffSheet = errors.New("coordinates are read off the sheet's grid, from 0 at its bottom left corner")

// offGrid: a dot beyond the sheet's grid (a slip such as 244 for 144).
type offGrid struct{ W, H int64 }

func (e *offGrid) Error() string {
	return fmt.Sprintf("off the sheet's grid, which runs from 0 to %d mm across (x) and 0 to %d mm up (y) (grid: %dx%d)", e.W, e.H, e.W, e.H)
}

// SetSheet bounds the dots to the sheet's grid, w by h mm (as printed
// above the board: grid: WxH); 0 by 0 leaves them unbounded.
func (s *State) SetSheet(w, h int) { s.sheet = [2]int64{int64(w), int64(h)} }

// SetLax makes Check accept a dot on one line with two others (InLine
// names them): the rules forbid it, but the post says a line nobody
// noticed is "no big deal", so a round played so is scored as drawn
// unless --strict. Moves and RandomMove never offer such a dot.
func (s *State) SetLax(on bool) { s.lax = on }

// InLine returns a line error naming two placed dots on one straight line
// with p, or nil.
func (s *State) InLine(p Point) error {
	if a, b, ok := s.inLine(p); ok {
		k := len(s.dots)
		name := func(i int, q Point) string { return fmt.Sprintf("%d %v", i+1, q) }
		return &lineError{fmt.Sprintf("dots %s, %s and %s are on one straight line", name(a, s.dots[a]), name(b, s.dots[b]), name(k, p))}
	}
	return nil
}

// Check implements games.Engine. A dot placed where several earlier ones
// already are (only possible in a transcript the scorer reads on) joins
// one reason for each (errors.Join).
func (s *State) Check(m Move) error {
	if m.To == 0 {
		switch {
		case len(s.dots) == s.n && s.Over():
			return errors.New("the round is over")
		case len(s.dots) == s.n:
			return errors.New("every dot is placed: the path is being drawn")
		}
		return s.checkDot(m.At, !s.lax)
	}
	switch {
	case len(s.dots) < s.n:
		return fmt.Errorf("the path starts once all %d dots are placed (%d so far)", s.n, len(s.dots))
	case m.To < 1 || m.To > s.n:
		return fmt.Errorf("%q is not a dot number from 1 to %d", strconv.Itoa(m.To), s.n)
	case s.at[m.To-1] > 0:
		return &revisitError{Dot: m.To, Step: int(s.at[m.To-1])}
	}
	return nil
}

// checkDot checks a dot against the sheet and the dots placed, and
// against every line through two of them when lines is true.
func (s *State) checkDot(p Point, lines bool) error {
	if p.negative() {
		return errOffSheet
	}
	if s.sheet[0] > 0 && p.beyond(s.sheet[0], s.sheet[1]) {
		return &offGrid{s.sheet[0], s.sheet[1]}
	}
	var dups []error
	for j, q := range s.dots {
		if q.Equal(p) {
			dups = append(dups, &dupError{j + 1})
		}
	}
	if len(dups) > 0 {
		return errors.Join(dups...)
	}
	if lines {
		return s.InLine(p)
	}
	return nil
}

// inLine finds two placed dots on one straight line with p, which is none
// of them: the first such pair a < b (smallest a, then smallest b), as a
// scan of every pair would. It sorts the directions from p to the dots,
// taken modulo a half turn and compared exactly by cross products, so
// dots on one line through p are neighbours: O(k log k) for k dots.
func (s *State) inLine(p Point) (a, b int, ok bool) {
	k := len(s.dots)
	if k < 2 {
		return 0, 0, false
	}
	s.idx = s.idx[:0]
	for i := range k {
		s.idx = append(s.idx, int32(i))
	}
	var cmp func(i, j int32) int
	if s.bigs == 0 && p.r == nil {
		s.dirs = s.dirs[:0]
		for _, q := range s.dots {
			d := dir(p, q)
			if d[1] < 0 || d[1] == 0 && d[0] < 0 {
				d = [2]int64{-d[0], -d[1]}
			}
			s.dirs = append(s.dirs, d)
		}
		cmp = func(i, j int32) int { return -crossSign(s.dirs[i], s.dirs[j]) }
	} else {
		s.bigDirs(p)
		var t1, t2 big.Int
		cmp = func(i, j int32) int {
			u, v := &s.bdirs[i], &s.bdirs[j]
			t1.Mul(&u[0], &v[1])
			t2.Mul(&u[1], &v[0])
			return -t1.Cmp(&t2)
		}
	}
	slices.SortFunc(s.idx, func(i, j int32) int {
		if c := cmp(i, j); c != 0 {
			return c
		}
		return int(i - j)
	})
	// In each run of equal directions the first two are its smallest.
	a = k
	for r := 0; r+1 < k; r++ {
		i, j := s.idx[r], s.idx[r+1]
		if cmp(i, j) == 0 && int(i) < a {
			a, b = int(i), int(j)
		}
		for r+1 < k && cmp(s.idx[r], s.idx[r+1]) == 0 {
			r++
		}
	}
	return a, b, a < k
}

// bigDirs fills s.bdirs with integer vectors along q - p, taken modulo a
// half turn, for every dot q.
func (s *State) bigDirs(p Point) {
	if cap(s.bdirs) < len(s.dots) {
		s.bdirs = make([][2]big.Int, len(s.dots))
	}
	s.bdirs = s.bdirs[:len(s.dots)]
	px, py := p.Rat()
	var vx, vy big.Rat
	for i, q := range s.dots {
		qx, qy := q.Rat()
		vx.Sub(qx, px)
		vy.Sub(qy, py)
		d := &s.bdirs[i]
		d[0].Mul(vx.Num(), vy.Denom())
		d[1].Mul(vy.Num(), vx.Denom())
		if d[1].Sign() < 0 || d[1].Sign() == 0 && d[0].Sign() < 0 {
			d[0].Neg(&d[0])
			d[1].Neg(&d[1])
		}
	}
}

// Play implements games.Engine.
func (s *State) Play(m Move) error {
	if err := s.Check(m); err != nil {
		return err
	}
	s.play(m)
	return nil
}

// play plays m unchecked: the scorer places a refused dot too, so that
// the later dots are checked against every dot written, as before.
func (s *State) play(m Move) {
	if m.To == 0 {
		s.dots = append(s.dots, m.At)
		if m.At.r != nil {
			s.bigs++
		}
		return
	}
	s.path = append(s.path, int32(m.To-1))
	s.at[m.To-1] = int32(len(s.path))
}

// Undo implements games.Engine.
func (s *State) Undo() error {
	s.scored = false
	switch {
	case len(s.path) > 0:
		k := s.path[len(s.path)-1]
		s.path = s.path[:len(s.path)-1]
		s.at[k] = 0
	case len(s.dots) > 0:
		if s.dots[len(s.dots)-1].r != nil {
			s.bigs--
		}
		s.dots = s.dots[:len(s.dots)-1]
	default:
		return games.ErrNothingToUndo
	}
	return nil
}

// Moves implements games.Engine. In phase "dots" the legal moves are not
// finite: it lists the points of the grid that Check accepts (for the
// default grid, tens of thousands). In phase "path" it lists every dot not
// yet reached.
func (s *State) Moves(buf []Move) []Move {
	switch s.Phase() {
	case "dots":
		side := int64(s.grid.Side * s.grid.PerMM)
		for j := int64(0); j <= side; j++ {
			for i := int64(0); i <= side; i++ {
				m := Move{At: GridPoint(i, j, int64(s.grid.PerMM))}
				if s.checkDot(m.At, true) == nil {
					buf = append(buf, m)
				}
			}
		}
	case "path":
		for k, at := range s.at {
			if at == 0 {
				buf = append(buf, Move{To: k + 1})
			}
		}
	}
	return buf
}

// RandomMove implements games.Sampler: in phase "dots" a random point of
// the grid, drawn again while Check refuses it.
func (s *State) RandomMove(rng *rand.Rand) (Move, bool) {
	if s.Phase() == "dots" {
		side := int64(s.grid.Side*s.grid.PerMM) + 1
		for range 1000 {
			m := Move{At: GridPoint(rng.Int64N(side), rng.Int64N(side), int64(s.grid.PerMM))}
			if s.checkDot(m.At, true) == nil {
				return m, true
			}
		}
	}
	// The path, or a grid so full that drawing at random keeps missing.
	s.buf = s.Moves(s.buf[:0])
	if len(s.buf) == 0 {
		return Move{}, false
	}
	return s.buf[rng.IntN(len(s.buf))], true
}

// Finite implements games.Engine: false while dots are placed.
func (s *State) Finite() bool { return len(s.dots) == s.n }

// Constraint implements games.Engine.
func (s *State) Constraint() string {
	switch s.Phase() {
	case "dots":
		return fmt.Sprintf("a point of the sheet (x and y at least 0 mm) that is not a dot already placed and not on any line through two placed dots (Moves lists such points of the %s mm grid)", s.gridStep())
	case "path":
		return "a dot the path has not reached yet"
	}
	return "none: the round is over"
}

func (s *State) gridStep() string { return games.Exact(big.NewRat(1, int64(s.grid.PerMM))) }

// Record implements games.Engine.
func (s *State) Record() string {
	var b strings.Builder
	b.WriteString("dots: [")
	for i, p := range s.dots {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.yaml())
	}
	b.WriteString("]\n")
	if len(s.path) > 0 {
		b.WriteString("path:")
		for _, k := range s.path {
			fmt.Fprintf(&b, " %d", k+1)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "player1: %s\n", strconv.Quote(s.seats[s.p1]))
	return b.String()
}

// Segments returns the closed path once the round is over (nil before).
func (s *State) Segments() []geom.Segment {
	if !s.Over() {
		return nil
	}
	segs := make([]geom.Segment, len(s.path))
	for m := range s.path {
		segs[m] = geom.Segment{A: s.dots[s.path[m]].Geom(), B: s.dots[s.path[(m+1)%len(s.path)]].Geom()}
	}
	return segs
}

// scoreFaces counts the faces of the closed path: with polygons.Counter
// when the dots scaled to a common denominator are small integers, else
// with geom.Arrange.
func (s *State) scoreFaces() {
	sides, ok := s.sides[:0], false
	if l, fits := s.commonDen(); fits {
		s.segs = s.segs[:0]
		scaled := func(p Point) (int64, int64) { f := l / p.den(); return p.n[0] * f, p.n[1] * f }
		for m := range s.path {
			ax, ay := scaled(s.dots[s.path[m]])
			bx, by := scaled(s.dots[s.path[(m+1)%len(s.path)]])
			s.segs = append(s.segs, polygons.Seg{AX: ax, AY: ay, BX: bx, BY: by})
		}
		sides, ok = s.count.Sides(s.segs, sides)
	}
	if !ok {
		var err error
		if sides, err = polygons.ArrangeSides(s.Segments(), s.sides[:0]); err != nil {
			panic("polydots: " + err.Error()) // distinct dots, so no segment is empty
		}
	}
	s.sides = sides
	s.score = [2]int{}
	for _, k := range sides {
		if parityRule.ForP1(k) {
			s.score[s.p1]++
		} else {
			s.score[1-s.p1]++
		}
	}
	s.scored = true
}

// commonDen returns the least common denominator l of the dots, when
// every dot scaled by it is within polygons.MaxCoord.
func (s *State) commonDen() (int64, bool) {
	if s.bigs > 0 {
		return 0, false
	}
	l := int64(1)
	for _, p := range s.dots {
		d := p.den()
		l = l / gcd(l, d) * d
		if l > polygons.MaxCoord {
			return 0, false
		}
	}
	for _, p := range s.dots {
		f := l / p.den()
		for _, c := range p.n {
			if c < -polygons.MaxCoord/f || c > polygons.MaxCoord/f {
				return 0, false
			}
		}
	}
	return l, true
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
