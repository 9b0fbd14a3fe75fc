// Package read turns photos and scans of finished papergames sheets into
// transcripts: papergames read. In the manner of Auto Multiple Choice and
// OMRChecker, every board page carries four registration marks and a QR
// code (layout/regmarks.go, sheets/code.go). For each image the reader
// finds the marks, fits the page-to-image homography and reports its
// residual in mm, decodes the code, rebuilds the page's boards exactly as
// printed, measures the pencil on each (package scan), and lets each game
// read its moves from the candidates its board and engine allow
// (games.Reader). Pages of one match become its rounds. Every move
// carries its confidence; a move in doubt is marked, listed and never
// scored without a person's look.
//
// The reader depends on the engines and the sheets, never on the web app
// or the analysis.
package read

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/layout"
	"papergames/sheets"
)

// PageResult is one page read.
type PageResult struct {
	Page   *Page
	Reg    *Registration
	Boards []*BoardResult
	Err    error // the page could not be read: no marks, no code, ...
	// Decoded is whether the page's image was decoded (Overlay decodes
	// it again).
	Decoded bool
}

// BoardResult is one board of a page read.
type BoardResult struct {
	sheets.Board
	Page *PageResult
	Out  *games.ReadOut
	Err  error
}

// Find returns the game of a code's two letters, nil for none.
func Find(code string) games.Game {
	for _, g := range catalog.Games {
		if g.Info().Code == code {
			return g
		}
	}
	return nil
}

// ReadPage reads one page: registration, code, boards. Its pixels are
// not kept: an overlay decodes the page again, so that reading a class
// holds one page's pixels a worker at a time.
func ReadPage(p *Page) *PageResult {
	pr := &PageResult{Page: p}
	img, err := p.Load()
	if err != nil {
		pr.Err = err
		return pr
	}
	pr.Decoded = true
	ph := newPhoto(img)
	reg, err := ph.register(Find)
	pr.Reg = reg
	if err != nil {
		pr.Err = err
		return pr
	}
	boards, err := reg.Code.Boards()
	if err != nil {
		pr.Err = err
		return pr
	}
	rd, ok := reg.Code.Game.(games.Reader)
	if !ok {
		pr.Err = fmt.Errorf("%s is not read from paper: %s", reg.Code.Game.Info().Title, notRead(reg.Code.Game))
		return pr
	}
	var boxes []layout.Rect
	for _, b := range boards {
		e := b.Figure.Extent(b.S)
		boxes = append(boxes, layout.R(b.O.X, b.O.Y, e.W, e.H))
	}
	ph.carryWhite(reg, boxes)
	players := make([]string, reg.Code.Players)
	for i := range players {
		players[i] = games.SeatName(players, i)
	}
	for _, b := range boards {
		br := &BoardResult{Board: b, Page: pr}
		ink := ph.inkFor(reg, b.Figure, b.O, b.S, reg.Code.Style)
		br.Out, br.Err = rd.ReadRound(games.ReadIn{Ink: ink, Figure: b.Figure, O: b.O, S: b.S, Values: reg.Code.Values, Players: players, Round: b.Round})
		pr.Boards = append(pr.Boards, br)
	}
	return pr
}

// notRead says why a game is not read from paper.
func notRead(g games.Game) string {
	if g.Info().ID == "within-the-curve" {
		return "its record is the numbers written in the grids, and read does not read handwriting; copy the grids into a transcript (papergames transcript within-the-curve)"
	}
	return "its reader is not written yet; copy the record form into a transcript"
}

// ReadAll reads pages on every core (workers <= 0) and returns their
// results in order. Each worker holds one page's pixels at a time.
func ReadAll(pages []*Page, workers int) []*PageResult {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]*PageResult, len(pages))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(workers, max(1, len(pages))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = ReadPage(pages[i])
			}
		}()
	}
	for i := range pages {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// Match is the pages of one match, read: its rounds from its boards.
type Match struct {
	Code   *sheets.Code   // as its first page gives it
	Pages  []*PageResult  // in page order
	Rounds []*BoardResult // by round; nil for a round not read
	// Copies is how many matches the pages read make of this one sheet
	// (a class's copies of one printout): their pages carry the same
	// code, and are told apart only by the order they were given in.
	Copies int
	// unpaired says why the pages of this sheet's copies may be paired
	// wrongly: one copy lacks a page the others have.
	unpaired string
}

// identity is what the pages of one sheet share in their codes: all but
// the page number and where its boards lie.
func identity(c *sheets.Code) string {
	f := strings.Fields(c.String())
	keep := f[:0]
	for _, x := range f {
		if !strings.ContainsRune("PCKODW", rune(x[0])) {
			keep = append(keep, x)
		}
	}
	return strings.Join(keep, " ")
}

// Group gathers the pages read into matches: pages of one sheet (the same
// code but for the page and its boards) form one match, their boards its
// rounds in copy order. A page of a sheet already holding that page
// number starts another match of the same sheet (a class's copies of one
// printout), in the order the pages were given.
func Group(prs []*PageResult) []*Match {
	var out []*Match
	byID := map[string][]*Match{}
	for _, pr := range prs {
		if pr.Err != nil || pr.Reg == nil {
			continue
		}
		id := identity(pr.Reg.Code)
		var m *Match
		for _, cand := range byID[id] {
			taken := false
			for _, p := range cand.Pages {
				taken = taken || p.Reg.Code.Page == pr.Reg.Code.Page
			}
			if !taken {
				m = cand
				break
			}
		}
		if m == nil {
			m = &Match{Code: pr.Reg.Code}
			byID[id] = append(byID[id], m)
			out = append(out, m)
		}
		m.Pages = append(m.Pages, pr)
	}
	for _, ms := range byID {
		if len(ms) < 2 {
			continue
		}
		most := 0
		for _, m := range ms {
			most = max(most, len(m.Pages))
		}
		for _, m := range ms {
			if len(m.Pages) < most {
				for _, m2 := range ms {
					if m2.Code.Class > 0 {
						m2.unpaired = fmt.Sprintf("copy %d of %d of this class set was given %d times over, and one lacks a page: which pages go together is not sure (give each copy once, all its pages)", m2.Code.Copy, m2.Code.Class, len(ms))
						continue
					}
					m2.unpaired = fmt.Sprintf("%d copies of this sheet were read, and one lacks a page: their pages carry one code, so which pages go together is not sure (give each copy's pages together, all of them; a class set printed with board --class numbers its copies)", len(ms))
				}
				break
			}
		}
	}
	for _, m := range out {
		m.Copies = len(byID[identity(m.Code)])
		sort.SliceStable(m.Pages, func(i, j int) bool { return m.Pages[i].Reg.Code.Page < m.Pages[j].Reg.Code.Page })
		// A board page missing from the end of the pages read shows only
		// in the code's count of the sheet's boards; a round's board not
		// read is a problem of the match, never a shorter match.
		if n, err := m.Code.Rounds(); err == nil {
			m.Rounds = make([]*BoardResult, n)
		}
		for _, p := range m.Pages {
			for _, b := range p.Boards {
				for len(m.Rounds) <= b.Round {
					m.Rounds = append(m.Rounds, nil)
				}
				if b.Within == 0 {
					m.Rounds[b.Round] = b
				}
			}
		}
	}
	return out
}

// Blank reports whether every round of m was read and is blank.
func (m *Match) Blank() bool {
	for _, b := range m.Rounds {
		if b == nil || b.Err != nil || b.Out == nil || !b.Out.Blank {
			return false
		}
	}
	return len(m.Rounds) > 0
}

// Doubt is a move read in doubt, or a doubt about a whole round.
type Doubt struct {
	Round int    // from 0
	Move  int    // from 0, among the round's moves read; -1 for the round
	Text  string // the move as read
	Why   string
}

// String says the doubt as "round 2, move 3 (C4): why".
func (d Doubt) String() string {
	if d.Move < 0 {
		return fmt.Sprintf("round %d: %s", d.Round+1, d.Why)
	}
	return fmt.Sprintf("round %d, move %d (%s): %s", d.Round+1, d.Move+1, d.Text, d.Why)
}

// DoubtList lists the doubts of m's rounds read: each move in doubt, and
// each round's own doubts.
func (m *Match) DoubtList() []Doubt {
	var out []Doubt
	for r, b := range m.Rounds {
		if b == nil || b.Out == nil {
			continue
		}
		for _, why := range b.Out.Doubts {
			out = append(out, Doubt{Round: r, Move: -1, Why: why})
		}
		for k, mv := range b.Out.Moves {
			if mv.Doubt != "" {
				out = append(out, Doubt{Round: r, Move: k, Text: mv.Text, Why: mv.Doubt})
			}
		}
	}
	return out
}

// Doubts lists the doubts of m's rounds read, one line each.
func (m *Match) Doubts() []string {
	var out []string
	for _, d := range m.DoubtList() {
		out = append(out, d.String())
	}
	return out
}

// Problems lists what kept rounds of m from being read at all.
func (m *Match) Problems() []string {
	var out []string
	if m.unpaired != "" {
		out = append(out, m.unpaired)
	}
	for r, b := range m.Rounds {
		switch {
		case b == nil:
			out = append(out, fmt.Sprintf("round %d: its board was not among the pages read (the sheet has boards for %d rounds): add its page, or take the round out of the transcript if it was not played", r+1, len(m.Rounds)))
		case b.Err != nil:
			out = append(out, fmt.Sprintf("round %d (%s): %v", r+1, b.Page.Page.Name(), b.Err))
		}
	}
	return out
}

// Transcript writes m as the transcript `papergames transcript` lays out,
// its rounds filled in from the boards read, every move with its
// confidence and every doubt in a comment.
func (m *Match) Transcript() string {
	sc := m.Code.Game.(games.Scorer)
	players := make([]string, m.Code.Players)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s transcript, read by papergames read from the sheet of board %s%s:\n", m.Code.Game.Info().Title, m.Code.BoardID, m.Code.CopyText())
	for _, p := range m.Pages {
		fmt.Fprintf(&b, "#   page %d of %d: %s (registration residual %.2f mm, worst %.2f mm)\n", p.Reg.Code.Page, p.Reg.Code.Pages, p.Page.Name(), p.Reg.RMS, p.Reg.Worst)
	}
	b.WriteString("# Every move is written with how sure the reading is; a move marked\n")
	b.WriteString("# DOUBT needs a look at the sheet (papergames read --overlay shows what was\n")
	b.WriteString("# read). Names are not read from paper: write them into players.\n")
	b.WriteString(games.SheetHeader(sc, m.Code.Values, players, m.Code.BoardID))
	for r, br := range m.Rounds {
		switch {
		case br == nil:
			fmt.Fprintf(&b, "  # round %d: its board was not read (its page is missing)\n  - {}\n", r+1)
		case br.Err != nil:
			fmt.Fprintf(&b, "  # round %d: not read: %s\n  - {}\n", r+1, oneLine(br.Err.Error()))
		default:
			fmt.Fprintf(&b, "  # round %d: %s, board %d", r+1, br.Page.Page.Name(), br.Index+1)
			if br.Out.Blank {
				b.WriteString(", blank: nothing drawn")
			}
			b.WriteString("\n")
			for _, n := range br.Out.Notes {
				fmt.Fprintf(&b, "  # %s\n", n)
			}
			b.WriteString(games.Item(br.Out.Entry))
		}
	}
	return b.String()
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// Placed returns where a board of a page lies, for drawing over it.
func (br *BoardResult) Placed() (layout.Figure, layout.Point, float64) {
	return br.Figure, br.O, br.S
}
