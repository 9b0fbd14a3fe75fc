package intersections

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"papergames/boards"
	"papergames/games"
)

// Dot is a dot of the array: column and row from 0 at the top left.
type Dot struct{ C, R int8 }

func (d Dot) String() string { return boards.CellName(int(d.C), int(d.R)) }

// Move is one segment, its two end dots in the order written: "B2-B6".
type Move struct{ A, B Dot }

func (m Move) String() string { return m.A.String() + "-" + m.B.String() }

func (m Move) horizontal() bool { return m.A.R == m.B.R }

// span returns the segment's fixed line (row or column) and the range it
// covers along it, lo < hi for a legal segment.
func (m Move) span() (line, lo, hi int) {
	if m.horizontal() {
		return int(m.A.R), int(min(m.A.C, m.B.C)), int(max(m.A.C, m.B.C))
	}
	return int(m.A.C), int(min(m.A.R, m.B.R)), int(max(m.A.R, m.B.R))
}

// at returns the dot at position x along the segment's line.
func (m Move) at(x int) Dot {
	if m.horizontal() {
		return Dot{int8(x), m.A.R}
	}
	return Dot{m.A.C, int8(x)}
}

// State is one round in progress: the segments entered so far and, for
// each gap between neighbouring dots, the segment covering it. With no two
// segments coinciding a gap is covered at most once, so a dot's weight is
// the number of covered gaps around it (a segment ending there covers one,
// one passing through covers two), kept up to date move by move.
type State struct {
	n, m, offense int
	players       []string
	segs          []entry
	cover         []int32 // gap -> index into segs, or -1
	weight        []int8  // dot -> covered gaps around it
	points        int     // dots of weight 3 or 4
	covered       int     // gaps covered
	counts        []int32 // RandomMove's scratch: legal segments by line and first dot
}

// entry is a segment entered in the round: drawn, or skipped (refused by
// the scorer, which goes on checking the rest while keeping the numbers).
type entry struct {
	Move
	skipped bool
}

var (
	_ games.Engine[Move]  = (*State)(nil)
	_ games.Sampler[Move] = (*State)(nil)
)

// New returns a round on an n-by-n array (2 to 30) of m segments, the
// seats named by players (names are used by Record), with offense the
// seat that draws first and scores.
func New(n, m int, players []string, offense int) (*State, error) {
	switch {
	case n < 2 || n > 30:
		return nil, fmt.Errorf("size %d: must be from 2 to 30", n)
	case m < 0:
		return nil, fmt.Errorf("segments %d: must be at least 0", m)
	case len(players) == 0:
		return nil, fmt.Errorf("no players")
	case offense < 0 || offense >= len(players):
		return nil, fmt.Errorf("offense %d: must be a seat from 0 to %d", offense, len(players)-1)
	}
	s := &State{n: n, m: m, offense: offense, players: players,
		cover: make([]int32, 2*n*n), weight: make([]int8, n*n), segs: make([]entry, 0, m)}
	for i := range s.cover {
		s.cover[i] = -1
	}
	return s, nil
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.segs = append(make([]entry, 0, cap(s.segs)), s.segs...)
	c.cover = append([]int32(nil), s.cover...)
	c.weight = append([]int8(nil), s.weight...)
	c.counts = nil
	return &c
}

// gap numbers the gap from dot (c, r) one step right (down false) or down.
func (s *State) gap(c, r int, down bool) int {
	i := 2 * (r*s.n + c)
	if down {
		i++
	}
	return i
}

// gapAfter is the gap from position x to x+1 along m's line.
func (s *State) gapAfter(m Move, x int) int {
	d := m.at(x)
	return s.gap(int(d.C), int(d.R), !m.horizontal())
}

// through returns the segment passing through dot d across a segment
// along m's line (a crossing if d is strictly inside m too), or -1: both
// perpendicular gaps at d covered by one segment.
func (s *State) through(m Move, d Dot) int32 {
	c, r := int(d.C), int(d.R)
	var before, after int32
	if m.horizontal() {
		if r == 0 || r == s.n-1 {
			return -1
		}
		before, after = s.cover[s.gap(c, r-1, true)], s.cover[s.gap(c, r, true)]
	} else {
		if c == 0 || c == s.n-1 {
			return -1
		}
		before, after = s.cover[s.gap(c-1, r, false)], s.cover[s.gap(c, r, false)]
	}
	if before >= 0 && before == after {
		return before
	}
	return -1
}

func (s *State) gaps() int { return 2 * s.n * (s.n - 1) }

// Phase implements games.Engine: "segments", then "over".
func (s *State) Phase() string {
	if s.Over() {
		return "over"
	}
	return "segments"
}

// ToMove implements games.Engine: the seats draw in turn from the offense.
func (s *State) ToMove() int {
	if s.Over() {
		return -1
	}
	return (s.offense + len(s.segs)) % len(s.players)
}

// Over implements games.Engine: m segments are entered, or every gap is
// covered (no segment can be drawn, which the rules' advice on m avoids).
func (s *State) Over() bool { return len(s.segs) >= s.m || s.covered == s.gaps() }

// Scores implements games.Engine: the offense's points so far.
func (s *State) Scores() []int {
	sc := make([]int, len(s.players))
	sc[s.offense] = s.points
	return sc
}

// Points is the offense's score so far: the dots of weight 3 or 4.
func (s *State) Points() int { return s.points }

// Weight returns the weight of dot (c, r).
func (s *State) Weight(c, r int) int { return int(s.weight[r*s.n+c]) }

// label names the next segment as the messages do.
func (s *State) label(text string) string {
	return fmt.Sprintf("segment %d (%s)", len(s.segs)+1, text)
}

// Parse implements games.Engine: two dots joined by a dash, "B2-B6"
// (small letters read the same). The shape rules (two different dots of
// one row or column) are Check's.
func (s *State) Parse(text string) (Move, error) {
	bad := func(format string, a ...any) (Move, error) {
		return Move{}, games.Refusal{s.label(text) + ": " + fmt.Sprintf(format, a...)}
	}
	n := s.n
	if f := strings.Fields(text); len(f) > 1 {
		if len(f) == 2 && !strings.Contains(text, "-") {
			return bad("join the two end dots with a dash: %s-%s", strings.ToUpper(f[0]), strings.ToUpper(f[1]))
		}
		return bad("one segment per list item, two dots joined by a dash, e.g. B2-B6; put each further segment on a line of its own")
	}
	parts := strings.Split(text, "-")
	switch {
	case len(parts) == 1:
		if loneDot(text, n) {
			return bad("%q is a single dot; write a segment as its two end dots joined by a dash, e.g. %s-%s", text, strings.ToUpper(text), neighbour(text, n))
		}
		return bad("%q is not a segment; write its two end dots joined by a dash, e.g. B2-B6", text)
	case len(parts) > 2:
		if len(parts) == 3 && inOrder(parts, n) {
			a, b, c := strings.ToUpper(parts[0]), strings.ToUpper(parts[1]), strings.ToUpper(parts[2])
			return bad("a segment has two ends, not three; for one line through %s write %s-%s, for two lines %s-%s %s-%s", b, a, c, a, b, b, c)
		}
		return bad("a segment is two dots joined by one dash, e.g. B2-B6")
	}
	var ends [2]Dot
	var errs []string
	for e, p := range parts {
		if strings.TrimSpace(p) == "" {
			return bad("a segment is two dots joined by one dash, e.g. B2-B6; one end is missing")
		}
		c, r, err := boards.ParseCell(p, n)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		ends[e] = Dot{int8(c), int8(r)}
	}
	if len(errs) > 0 {
		return bad("%s", strings.Join(errs, "; "))
	}
	return Move{ends[0], ends[1]}, nil
}

// shape says what is wrong with m as a segment of the board, or "".
func (s *State) shape(m Move) string {
	for _, d := range []Dot{m.A, m.B} {
		if d.C < 0 || d.R < 0 || int(d.C) >= s.n || int(d.R) >= s.n {
			return fmt.Sprintf("%s is off the %d-by-%d board (columns A-%s, rows 1-%d)", d, s.n, s.n, boards.Column(s.n-1), s.n)
		}
	}
	switch {
	case m.A == m.B:
		return fmt.Sprintf("both ends are %v; a segment joins two different dots", m.A)
	case m.A.C != m.B.C && m.A.R != m.B.R:
		return fmt.Sprintf("not along one row or column (%v is in column %s, row %d; %v in column %s, row %d); segments run straight across or straight down",
			m.A, boards.Column(int(m.A.C)), m.A.R+1, m.B, boards.Column(int(m.B.C)), m.B.R+1)
	}
	return ""
}

// legal decides m without building any message: the hot path of a search.
func (s *State) legal(m Move) bool {
	if len(s.segs) >= s.m || s.shape(m) != "" {
		return false
	}
	_, lo, hi := m.span()
	for x := lo; x < hi; x++ {
		if s.cover[s.gapAfter(m, x)] >= 0 {
			return false
		}
	}
	for x := lo + 1; x < hi; x++ {
		if s.through(m, m.at(x)) >= 0 {
			return false
		}
	}
	return true
}

// Check implements games.Engine. A segment that crosses or coincides with
// several drawn ones is refused with a sentence for each, in the order
// they were drawn (a games.Refusal).
func (s *State) Check(m Move) error {
	if s.legal(m) {
		return nil
	}
	lbl := s.label(m.String())
	if len(s.segs) >= s.m {
		return games.Refusal{fmt.Sprintf("%s: the round is over: its %s drawn", lbl, count(s.m, "segment is", "segments are"))}
	}
	if msg := s.shape(m); msg != "" {
		return games.Refusal{lbl + ": " + msg}
	}
	_, lo, hi := m.span()
	type hit struct {
		j   int32
		msg string
	}
	var hits []hit
	seen := map[int32]bool{}
	for x := lo; x < hi; x++ {
		j := s.cover[s.gapAfter(m, x)]
		if j < 0 || seen[j] {
			continue
		}
		seen[j] = true
		e := s.segs[j].Move
		_, elo, ehi := e.span()
		msg := fmt.Sprintf("coincides with %s from %v to %v: two lines may share a dot but not a stretch of line", s.name(j), m.at(max(lo, elo)), m.at(min(hi, ehi)))
		if elo == lo && ehi == hi {
			msg = fmt.Sprintf("is %s drawn again: the same line may not be drawn twice", s.name(j))
		}
		hits = append(hits, hit{j, msg})
	}
	// A crossing is at a dot strictly inside m where a perpendicular
	// segment goes on to both sides (two different ones would both end
	// there, which is allowed).
	for x := lo + 1; x < hi; x++ {
		d := m.at(x)
		if j := s.through(m, d); j >= 0 {
			hits = append(hits, hit{j, fmt.Sprintf("crosses %s at %v: lines may meet only at a dot where one of them ends", s.name(j), d)})
		}
	}
	// In the order drawn; a segment both coinciding and crossing cannot
	// be, so the order within one segment's hits is never at stake.
	for i := 1; i < len(hits); i++ {
		for k := i; k > 0 && hits[k].j < hits[k-1].j; k-- {
			hits[k], hits[k-1] = hits[k-1], hits[k]
		}
	}
	out := make(games.Refusal, len(hits))
	for i, h := range hits {
		out[i] = lbl + " " + h.msg
	}
	return out
}

// name names entered segment j: "segment 2 (A3-D3)".
func (s *State) name(j int32) string { return fmt.Sprintf("segment %d (%s)", j+1, s.segs[j].Move) }

// Play implements games.Engine.
func (s *State) Play(m Move) error {
	if !s.legal(m) {
		return s.Check(m)
	}
	j := int32(len(s.segs))
	s.segs = append(s.segs, entry{Move: m})
	_, lo, hi := m.span()
	for x := lo; x < hi; x++ {
		s.cover[s.gapAfter(m, x)] = j
		s.bump(m.at(x), 1)
		s.bump(m.at(x+1), 1)
	}
	s.covered += hi - lo
	return nil
}

// skip enters a segment that is not drawn: the scorer's refused or
// unreadable one, which keeps its number and its drawer's turn.
func (s *State) skip() { s.segs = append(s.segs, entry{skipped: true}) }

// bump adds by to the weight of d, keeping the count of scoring dots.
func (s *State) bump(d Dot, by int8) {
	i := int(d.R)*s.n + int(d.C)
	w := s.weight[i]
	if scoring(int(w)) {
		s.points--
	}
	w += by
	s.weight[i] = w
	if scoring(int(w)) {
		s.points++
	}
}

// Undo implements games.Engine.
func (s *State) Undo() error {
	if len(s.segs) == 0 {
		return games.ErrNothingToUndo
	}
	e := s.segs[len(s.segs)-1]
	s.segs = s.segs[:len(s.segs)-1]
	if e.skipped {
		return nil
	}
	_, lo, hi := e.span()
	for x := lo; x < hi; x++ {
		s.cover[s.gapAfter(e.Move, x)] = -1
		s.bump(e.at(x), -1)
		s.bump(e.at(x+1), -1)
	}
	s.covered -= hi - lo
	return nil
}

// Moves implements games.Engine: every legal segment, each once with its
// top or left end first, row by row from the top, then column by column
// from the left. A segment from lo grows until it meets a covered gap or
// would pass through a dot that a perpendicular segment passes through.
func (s *State) Moves(buf []Move) []Move {
	if s.Over() {
		return buf
	}
	n := s.n
	for _, horiz := range []bool{true, false} {
		for line := 0; line < n; line++ {
			for lo := 0; lo < n-1; lo++ {
				base := Move{Dot{int8(lo), int8(line)}, Dot{int8(lo + 1), int8(line)}}
				if !horiz {
					base = Move{Dot{int8(line), int8(lo)}, Dot{int8(line), int8(lo + 1)}}
				}
				for hi := lo + 1; hi < n; hi++ {
					if s.cover[s.gapAfter(base, hi-1)] >= 0 {
						break
					}
					m := Move{base.A, base.at(hi)}
					buf = append(buf, m)
					if hi+1 < n && s.through(m, m.B) >= 0 {
						break
					}
				}
			}
		}
	}
	return buf
}

// RandomMove implements games.Sampler: a legal segment drawn uniformly
// from those Moves lists, counted line by line without listing them.
func (s *State) RandomMove(rng *rand.Rand) (Move, bool) {
	if s.Over() {
		return Move{}, false
	}
	n := s.n
	total := s.count()
	if total == 0 {
		return Move{}, false
	}
	pick := int32(rng.IntN(total))
	for i, k := range s.counts {
		if pick < k {
			horiz, line, lo := i < n*n, (i/n)%n, i%n
			hi := lo + 1 + int(pick)
			if horiz {
				return Move{Dot{int8(lo), int8(line)}, Dot{int8(hi), int8(line)}}, true
			}
			return Move{Dot{int8(line), int8(lo)}, Dot{int8(line), int8(hi)}}, true
		}
		pick -= k
	}
	panic("intersections: RandomMove lost count")
}

// count sets counts (rows, then columns; line by line; by the first
// dot lo) to the number of legal segments from lo along the line, and
// returns their total. From lo a segment may reach up to reach(lo): not
// over a covered gap, and ending at the first dot a perpendicular segment
// passes through.
func (s *State) count() int {
	n := s.n
	if len(s.counts) != 2*n*n {
		s.counts = make([]int32, 2*n*n)
	}
	total := 0
	for i, horiz := range [2]bool{true, false} {
		for line := 0; line < n; line++ {
			c := s.counts[(i*n+line)*n : (i*n+line+1)*n]
			reach := n - 1
			c[n-1] = 0
			for lo := n - 2; lo >= 0; lo-- {
				var gap int
				var thru bool
				if horiz {
					gap = s.gap(lo, line, false)
					thru = line > 0 && line < n-1 && lo+1 < n-1 && s.passes(s.gap(lo+1, line-1, true), s.gap(lo+1, line, true))
				} else {
					gap = s.gap(line, lo, true)
					thru = line > 0 && line < n-1 && lo+1 < n-1 && s.passes(s.gap(line-1, lo+1, false), s.gap(line, lo+1, false))
				}
				switch {
				case s.cover[gap] >= 0:
					reach = lo
				case thru:
					reach = lo + 1
				}
				c[lo] = int32(reach - lo)
				total += reach - lo
			}
		}
	}
	return total
}

// passes tells whether one segment covers both gaps a and b.
func (s *State) passes(a, b int) bool { return s.cover[a] >= 0 && s.cover[a] == s.cover[b] }

// Finite implements games.Engine: Moves lists every legal segment.
func (*State) Finite() bool { return true }

// Constraint implements games.Engine.
func (*State) Constraint() string {
	return "a segment along one row or column between two different dots, crossing no drawn segment and coinciding with none"
}

// Record implements games.Engine: the round's offense and the segments
// drawn, in order.
func (s *State) Record() string {
	var b strings.Builder
	b.WriteString("offense: " + games.YAMLName(s.players[s.offense]) + "\nsegments:")
	drawn := 0
	for _, e := range s.segs {
		if !e.skipped {
			b.WriteString(" " + e.String())
			drawn++
		}
	}
	if drawn == 0 {
		b.WriteString(" []")
	}
	b.WriteString("\n")
	return b.String()
}

// scoring tells whether a dot's weight scores.
func scoring(weight int) bool { return weight == 3 || weight == 4 }
