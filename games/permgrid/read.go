package permgrid

import (
	"fmt"
	"slices"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
	"papergames/scan"
)

var _ games.Paperer = Game{}

// dotR is the radius, in mm, of the disc read round each crossing: a
// pencil dot is 1 to 3 mm across, and the crossing's own printed lines
// hide a cross through the middle of the disc. A dot darkens all of its
// eight sectors; the path lines drawn through a crossing darken two
// sectors each, so a crossing's evidence is its sixth darkest sector.
const (
	dotR    = 1.2
	sectors = 8
	kth     = 6
)

// Reading thresholds, as darkness from 0 (paper) to 1 (black), over the
// paper's own level round the crossing: a dot is there when its evidence
// reaches dotFloor (a smudge of graphite from a hand stays under it) and
// a good share of the board's usual dot; it is sure when it stands well
// above the best rival in its row and column (a path line crossing an
// empty crossing darkens its disc too, far less than a dot) and is not
// faint: under a third of the board's usual dot, or near the floor.
const (
	dotFloor = 0.15
	dotShare = 0.35
	sureGap  = 0.45
	// faintMark is the least darkness of the usual chosen crossing of a
	// board read blank for its marks to be said: a blank board's stays
	// under 0.006 on scans, and a phone's shadow darkens every crossing
	// alike.
	faintMark = 0.02
)

// ReadRound implements games.Reader: the dots at the grid's crossings.
// The rules put one dot in every row and every column, so the reader
// takes the assignment of rows to columns that puts the most pencil under
// its dots (scan.Assign), and doubts a dot whose crossing is faint or has
// a close rival. The order of play is not on the paper and no score
// depends on it: the dots are written row by row.
func (g Game) ReadRound(in games.ReadIn) (*games.ReadOut, error) {
	n := in.Values.Int("size")
	b := boards.LineGrid{N: n}
	ev := make([][]float64, n) // ev[row][col]
	for r := range n {
		ev[r] = make([]float64, n)
		for c := range n {
			ev[r][c] = in.Ink.Blob(b.Node(in.O, in.S, c, r), dotR, sectors, kth)
		}
	}
	ev = floorless(ev)
	cols := scan.Assign(ev)
	chosen := make([]float64, n)
	for r, c := range cols {
		chosen[r] = ev[r][c]
	}
	level := slices.Max(chosen)
	if sorted := slices.Sorted(slices.Values(chosen)); len(sorted) > 0 {
		level = sorted[len(sorted)/2] // the usual dot: most rows have one
	}
	p1 := in.Round % 2
	out := &games.ReadOut{}
	st, err := New(n, in.Players, p1)
	if err != nil {
		return nil, err
	}
	present := func(e float64) bool { return e >= dotFloor && e >= dotShare*level }
	for r, c := range cols {
		e := ev[r][c]
		if !present(e) {
			continue
		}
		rival := 0.0
		for k := range n {
			if k != c {
				rival = max(rival, ev[r][k])
			}
			if k != r {
				rival = max(rival, ev[k][c])
			}
		}
		m := Move{Col: c, Row: r}
		conf := 1 - rival/e
		rm := games.ReadMove{Text: m.String(), Confidence: conf, At: b.Node(in.O, in.S, c, r)}
		switch {
		case conf < sureGap:
			rm.Doubt = fmt.Sprintf("row %d or column %s has another mark nearly as dark (%.2f against %.2f)", r+1, boards.Column(c), rival, e)
		case e < 0.35*level || e < dotFloor+0.03:
			rm.Doubt = fmt.Sprintf("a faint mark (darkness %.2f)", e)
		}
		if err := st.Play(m); err != nil {
			return nil, fmt.Errorf("dot %s: %v", m, err)
		}
		out.Moves = append(out.Moves, rm)
	}
	// Strong pencil off the chosen crossings is a dot the assignment could
	// not take (two in a row): say so on the nearest dot read.
	for r := range n {
		for c := range n {
			if c == cols[r] || !present(ev[r][c]) || ev[r][c] < 0.6*level {
				continue
			}
			for i := range out.Moves {
				if m, _ := st.Parse(out.Moves[i].Text); m.Row == r || m.Col == c {
					if out.Moves[i].Doubt == "" {
						out.Moves[i].Doubt = fmt.Sprintf("%s is marked too, in the same row or column", boards.CellName(c, r))
					}
				}
			}
		}
	}
	out.Blank = len(out.Moves) == 0
	if out.Blank {
		// No dot as dark as a pencil dot, but one crossing in every row
		// and column stands out from the others: dots too small or too
		// faint to read, never a blank board without a word.
		all := make([]float64, 0, n*n)
		for r := range n {
			all = append(all, ev[r]...)
		}
		slices.Sort(all)
		if p90 := all[len(all)*9/10]; level >= faintMark && level >= 10*p90+0.005 {
			out.Blank = false
			out.Doubts = append(out.Doubts, fmt.Sprintf("no crossing holds a mark as dark as a pencil dot, but one in every row and column is marked (darkness %.2f, against %.3f elsewhere): dots too small or too faint to read? Draw each dot 2 to 3 mm across", level, p90))
		}
	}
	if !out.Blank && len(out.Moves) < n {
		var rows []string
		for r, c := range cols {
			if !present(ev[r][c]) {
				rows = append(rows, fmt.Sprintf("%d (best %s, %.2f)", r+1, boards.CellName(c, r), ev[r][c]))
			}
		}
		out.Doubts = append(out.Doubts, fmt.Sprintf("%d of the %d dots are seen: rows %s show none clearly (an unfinished round, or a faint dot)", len(out.Moves), n, strings.Join(rows, ", ")))
	}
	var e strings.Builder
	fmt.Fprintf(&e, "player1: %s\n", games.YAMLName(in.Players[p1]))
	e.WriteString(games.ReadList("dots", out.Moves))
	out.Entry = e.String()
	if !out.Blank {
		out.Notes = append(out.Notes, "the order the dots were placed in is not on the paper: they are written row by row (no score depends on it)")
	}
	return out, nil
}

// Paper implements games.Paperer: the dots, then the row-order and the
// column-order paths ruled between them.
func (Game) Paper(r games.Round, _ layout.Figure, o layout.Point, s float64) []scan.Stroke {
	st, _ := games.EngineOf[Move](r)
	s0, _ := st.(*State)
	if s0 == nil {
		return nil
	}
	b := boards.LineGrid{N: s0.n}
	var out []scan.Stroke
	byRow, byCol := make([]*Move, s0.n), make([]*Move, s0.n)
	for i, m := range s0.dots {
		out = append(out, scan.Stroke{Tool: scan.Dot, Points: []layout.Point{b.Node(o, s, m.Col, m.Row)}, Seat: (s0.p1 + i) % 2})
		byRow[m.Row], byCol[m.Col] = &s0.dots[i], &s0.dots[i]
	}
	if !s0.Over() {
		return out
	}
	for _, path := range [][]*Move{byRow, byCol} {
		for k := 0; k+1 < len(path); k++ {
			a, z := path[k], path[k+1]
			out = append(out, scan.Stroke{Tool: scan.Ruler, Points: []layout.Point{b.Node(o, s, a.Col, a.Row), b.Node(o, s, z.Col, z.Row)}})
		}
	}
	return out
}

// floorless subtracts from each crossing's evidence the median of the
// crossings round it (two rows and columns each way): most crossings are
// empty, and their median is the paper's own level there, raised under
// a shadow's edge or by a blurred photo's noise.
func floorless(ev [][]float64) [][]float64 {
	n := len(ev)
	out := make([][]float64, n)
	var around []float64
	for r := range n {
		out[r] = make([]float64, n)
		for c := range n {
			around = around[:0]
			for rr := max(0, r-2); rr <= min(n-1, r+2); rr++ {
				for cc := max(0, c-2); cc <= min(n-1, c+2); cc++ {
					if rr != r || cc != c {
						around = append(around, ev[rr][cc])
					}
				}
			}
			slices.Sort(around)
			out[r][c] = max(0, ev[r][c]-around[len(around)/2])
		}
	}
	return out
}
