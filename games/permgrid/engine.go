package permgrid

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/games/polygons"
	"papergames/geom"
)

// Move is a dot placed on the line crossing of column Col and row Row,
// both from 0 (A1 is the top left crossing).
type Move struct{ Col, Row int }

// String names the dot as the sheet does: column letter, row number (C1).
func (m Move) String() string {
	if m.Col < 0 || m.Row < 0 {
		return fmt.Sprintf("(column %d, row %d)", m.Col+1, m.Row+1)
	}
	return boards.CellName(m.Col, m.Row)
}

// State is a round of Polygons In Permutation Grid in progress: the players
// place n dots alternately, player 1 first, never on a row or column that
// already holds one. When the n-th dot is placed the round is over and the
// faces of the row-order and column-order paths are scored. Before that the
// scores are 0: nothing is drawn until every dot is placed.
type State struct {
	n      int
	p1     int
	seats  []string
	dots   []Move
	row    []int // 1 + the index of the dot on each row, 0 for none
	col    []int
	score  [2]int
	count  polygons.Counter
	segs   []polygons.Seg
	sides  []int
	bySide []Move
}

var _ games.Engine[Move] = (*State)(nil)

// New starts a round on an n-line grid (3 <= n <= 40, as the sheet allows)
// between seats (the players' names, in transcript order), where seat
// player1 is player 1 (triangles) and places the first dot.
func New(n int, seats []string, player1 int) (*State, error) {
	p := Game{}.Params()[0]
	switch {
	case n < p.Min || n > p.Max:
		return nil, fmt.Errorf("a grid of %d lines: must be from %d to %d", n, p.Min, p.Max)
	case len(seats) != 2:
		return nil, fmt.Errorf("%d seats; the game is for 2", len(seats))
	case player1 != 0 && player1 != 1:
		return nil, fmt.Errorf("player 1 is seat %d; the seats are 0 and 1", player1)
	}
	return newState(n, seats, player1), nil
}

func newState(n int, seats []string, player1 int) *State {
	return &State{n: n, p1: player1, seats: seats, row: make([]int, n), col: make([]int, n),
		dots: make([]Move, 0, n), bySide: make([]Move, 2*n)}
}

// Clone returns an independent copy of the round, for a search that
// explores several lines of play at once.
func (s *State) Clone() *State {
	c := newState(s.n, s.seats, s.p1)
	c.dots = append(c.dots, s.dots...)
	copy(c.row, s.row)
	copy(c.col, s.col)
	c.score = s.score
	return c
}

// Size returns the number of lines each way (and of dots).
func (s *State) Size() int { return s.n }

// Player1 returns the seat of player 1.
func (s *State) Player1() int { return s.p1 }

// Dots returns the dots placed, in order; the slice is the state's own.
func (s *State) Dots() []Move { return s.dots }

// Phase implements games.Engine: "dots", then "over".
func (s *State) Phase() string {
	if s.Over() {
		return "over"
	}
	return "dots"
}

// ToMove implements games.Engine.
func (s *State) ToMove() int {
	if s.Over() {
		return -1
	}
	return (s.p1 + len(s.dots)) % 2
}

// Over implements games.Engine.
func (s *State) Over() bool { return len(s.dots) == s.n }

// Scores implements games.Engine: each seat's faces once every dot is
// placed, 0 before.
func (s *State) Scores() []int { return []int{s.score[0], s.score[1]} }

// Parse implements games.Engine: a dot's name, as C1.
func (s *State) Parse(str string) (Move, error) {
	c, r, err := boards.ParseCell(str, s.n)
	if err != nil {
		return Move{}, err
	}
	return Move{c, r}, nil
}

// Check implements games.Engine. A dot on a row and a column that are both
// taken breaks two rules: the error then joins both reasons (errors.Join),
// which the scorer reports separately.
func (s *State) Check(m Move) error {
	if s.Over() {
		return fmt.Errorf("the grid has %d lines each way, so %d dots", s.n, s.n)
	}
	if m.Col < 0 || m.Row < 0 || m.Col >= s.n || m.Row >= s.n {
		return fmt.Errorf("%s is off the %d-by-%d board (columns A-%s, rows 1-%d)", m, s.n, s.n, boards.Column(s.n-1), s.n)
	}
	var errs []error
	if j := s.row[m.Row]; j > 0 {
		errs = append(errs, fmt.Errorf("row %d already has dot %d (%s)", m.Row+1, j, s.dots[j-1]))
	}
	if j := s.col[m.Col]; j > 0 {
		errs = append(errs, fmt.Errorf("column %s already has dot %d (%s)", boards.Column(m.Col), j, s.dots[j-1]))
	}
	return errors.Join(errs...)
}

// Play implements games.Engine.
func (s *State) Play(m Move) error {
	if err := s.Check(m); err != nil {
		return err
	}
	s.dots = append(s.dots, m)
	s.row[m.Row], s.col[m.Col] = len(s.dots), len(s.dots)
	if s.Over() {
		s.scoreFaces()
	}
	return nil
}

// Undo implements games.Engine.
func (s *State) Undo() error {
	if len(s.dots) == 0 {
		return games.ErrNothingToUndo
	}
	m := s.dots[len(s.dots)-1]
	s.dots = s.dots[:len(s.dots)-1]
	s.row[m.Row], s.col[m.Col] = 0, 0
	s.score = [2]int{}
	return nil
}

// Moves implements games.Engine: every free crossing, row by row.
func (s *State) Moves(buf []Move) []Move {
	if s.Over() {
		return buf
	}
	for r := range s.n {
		if s.row[r] > 0 {
			continue
		}
		for c := range s.n {
			if s.col[c] == 0 {
				buf = append(buf, Move{c, r})
			}
		}
	}
	return buf
}

// Finite implements games.Engine: every legal move is listed.
func (s *State) Finite() bool { return true }

// Constraint implements games.Engine.
func (s *State) Constraint() string {
	return "a line crossing on a row and a column that hold no dot yet"
}

// Record implements games.Engine.
func (s *State) Record() string {
	names := make([]string, len(s.dots))
	for i, m := range s.dots {
		names[i] = m.String()
	}
	return fmt.Sprintf("dots: %q\nplayer1: %s\n", strings.Join(names, " "), strconv.Quote(s.seats[s.p1]))
}

// Drawing returns the segments of the row-order and the column-order
// paths once every dot is placed (nil before), in the grid's units with y
// growing down the rows.
func (s *State) Drawing() []polygons.Seg {
	if !s.Over() {
		return nil
	}
	segs := s.segs[:0]
	byRow, byCol := s.bySide[:s.n], s.bySide[s.n:]
	for _, m := range s.dots {
		byRow[m.Row], byCol[m.Col] = m, m
	}
	seg := func(a, b Move) polygons.Seg {
		return polygons.Seg{AX: int64(a.Col), AY: int64(a.Row), BX: int64(b.Col), BY: int64(b.Row)}
	}
	for k := 0; k+1 < s.n; k++ {
		segs = append(segs, seg(byRow[k], byRow[k+1]), seg(byCol[k], byCol[k+1]))
	}
	s.segs = segs
	return segs
}

// scoreFaces scores the finished drawing.
func (s *State) scoreFaces() {
	segs := s.Drawing()
	sides, ok := s.count.Sides(segs, s.sides[:0])
	if !ok { // not met on these drawings (see the tests), but exact anyway
		var err error
		if sides, err = polygons.ArrangeSides(geomSegs(segs), s.sides[:0]); err != nil {
			panic("permgrid: " + err.Error())
		}
	}
	s.sides = sides
	s.score = [2]int{}
	for _, k := range sides {
		if permutationRule.ForP1(k) {
			s.score[s.p1]++
		} else {
			s.score[1-s.p1]++
		}
	}
}

func geomSegs(segs []polygons.Seg) []geom.Segment {
	out := make([]geom.Segment, len(segs))
	for i, g := range segs {
		out[i] = geom.SegInt(g.AX, g.AY, g.BX, g.BY)
	}
	return out
}
