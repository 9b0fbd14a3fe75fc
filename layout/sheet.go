package layout

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Figure is a board drawing that scales with one nominal size s in
// millimetres (a circle's diameter, a grid's side), as boards/ provides.
type Figure interface {
	// Extent is the box the figure fills at size s, legends included.
	Extent(s float64) Size
	// MinSize is the smallest s at which the figure is still readable.
	MinSize() float64
	// Draw draws the figure at size s with its extent's top left at o.
	Draw(c Canvas, o Point, s float64, st Style)
}

// Rearranger is a Figure that can also be drawn with its legend beside it
// rather than below; the layout picks whichever gives the larger board.
type Rearranger interface {
	Figure
	Beside() Figure
}

// Widener is a Figure that can grow sideways to fill its cell, as the
// Polygons-&-Dots coordinate sheet does on a landscape page.
type Widener interface {
	Figure
	// Widen returns a variant whose extent at size s is at most w wide
	// (the figure itself when it cannot use the room).
	Widen(s, w float64) Figure
}

// Plainer is a Figure with a plain variant for compact sheets: the board
// without the keys it would repeat in every cell (a table of compass
// openings, the sections allowed per ring). A compact sheet sets the key
// once per page instead.
type Plainer interface {
	Figure
	Plain() Figure
	// Key returns the key the plain board leaves out, for boards drawn at
	// size s: a heading and its entries.
	Key(s float64) (heading string, entries []string)
}

// Style carries the sheet-wide pen choices into figures.
type Style struct {
	Line  float64 // game lines, mm
	Guide Color   // light guide lines (grey with --grey, else black)
}

// Pen returns the pen for game lines.
func (s Style) Pen() Pen { return Pen{Width: s.Line, Color: Black} }

// GuidePen returns the pen for light guide lines.
func (s Style) GuidePen() Pen { return Pen{Width: math.Max(0.1, s.Line*0.5), Color: s.Guide} }

// DefaultStyle is the style of a sheet without --line-width or --grey.
var DefaultStyle = Style{Line: 0.35, Guide: Black}

// DefaultMargin is a page's margin in mm without --margin: the sheets',
// the renders' and the puzzles'.
const DefaultMargin = 10.0

// Cell is one board on the sheet, with an optional caption above it.
type Cell struct {
	Figure  Figure
	Caption string
	// Record is the form the players fill in while playing on this board,
	// printed on the pages right after the board's page; nil for none.
	Record *Form
}

// Sheet describes a board sheet: everything the layout needs to place.
type Sheet struct {
	Paper     Size
	Margin    float64
	Title     string
	Credit    string   // e.g. "A game by Leroy Quet (2010)"
	Params    string   // one line of parameters
	BoardID   string   // short hash of the parameters
	Copy      string   // the copy of a class set, said in every header ("copy 3 of 30"), or ""
	Players   []string // names; "" leaves a line to write on
	Rounds    int      // rows of the score table; 0 for none
	Cells     []Cell
	PerPage   int     // boards per page; 0 for one
	BoardSize float64 // nominal figure size; 0 for the largest that fits
	Ruler     bool
	NoTable   bool // leave out the score table
	NoHeader  bool // leave out the header
	// Compact draws the plain variant of boards that have one (Plainer),
	// their key once at the foot of every page, and the score table on
	// every page.
	Compact bool
	Rules   string // rule text for the last page(s); "" for none
	// Group, when above 0, keeps the boards in sets of Group (a player's
	// curve and its fillings): a set starts a page and never shares one,
	// its boards spread evenly over as few pages as PerPage allows.
	Group int
	Style Style
	// Code, when set, gives the text of each board page's QR code: the
	// page then carries registration marks and the code (regmarks.go), so
	// that it can be read back from a scan. Record-form, score-table and
	// rules pages have neither.
	Code func(BoardPage) string
}

// Text sizes used on every sheet, in millimetres.
var (
	titleFont = Font{Size: 6.5, Bold: true}
	bodyFont  = Font{Size: 3.4}
	smallFont = Font{Size: 2.8}
	boldFont  = Font{Size: 3.4, Bold: true}
)

const (
	cellGap   = 8.0 // between boards, cut line in its middle
	captionH  = 6.0
	lineH     = 4.8
	tableRowH = 6.0
	// compactRowH: a compact page's table, a row per board on the page,
	// leaves room for six Arcs And Marks circles on A4.
	compactRowH = 4.5
	// footShare: the score table goes under the boards, making them
	// smaller, as long as they keep this share of the size they would
	// have with the table on a page of its own.
	footShare = 0.7
)

// Plan is the computed placement of a sheet.
type Plan struct {
	Cols, Rows int
	Per        int     // boards a page: PerPage, at most Cols*Rows
	Size       float64 // nominal board size in mm
	Body       Rect    // area the boards share on every page
	Pages      int     // board pages (rules and a long score table add more)
	Beside     bool    // figures drawn with their legend beside them
	TableApart bool    // the score table is on pages of its own
	headerH    float64
	footerH    float64
	tableFoot  bool
	footRight  bool    // score table and ruler right of the boards
	sideW      float64 // width of that right column
	table      tableFit
	keyH       float64 // the key at the foot of a compact page
	// footInset and footBand keep the footer clear of the bottom
	// registration marks: in from the sides, or above a band.
	footInset, footBand float64
	pages               [][2]int // first and last+1 board of each board page
}

// pageRanges splits the boards into pages of at most per: in order, or,
// with Group, each set on pages of its own, shared evenly (5 at 4 a page
// as 3 and 2).
func (s *Sheet) pageRanges(per int) [][2]int {
	n := len(s.Cells)
	g := n
	if s.Group > 0 && !s.Compact {
		g = s.Group
	}
	var out [][2]int
	for start := 0; start < n; start += g {
		end := min(start+g, n)
		k := (end - start + per - 1) / per // pages of this set
		each := (end - start + k - 1) / k
		if s.Group <= 0 || s.Compact {
			each = per
		}
		for f := start; f < end; f += each {
			out = append(out, [2]int{f, min(f+each, end)})
		}
	}
	return out
}

// figure returns the figure of cell i as drawn: plain on a compact sheet.
func (s *Sheet) figure(i int) Figure {
	f := s.Cells[i].Figure
	if pl, ok := f.(Plainer); ok && s.Compact {
		return pl.Plain()
	}
	return f
}

// key returns the key of a compact sheet's boards at size sz, if any.
// Only the entries every board shares are printed once for all: cuts
// drawn at random differ from copy to copy, and each board shows its own.
func (s *Sheet) key(sz float64) (string, []string) {
	pl, ok := s.Cells[0].Figure.(Plainer)
	if !ok || !s.Compact {
		return "", nil
	}
	heading, entries := pl.Key(sz)
	for _, c := range s.Cells[1:] {
		other, ok := c.Figure.(Plainer)
		if !ok {
			continue
		}
		_, es := other.Key(sz)
		has := map[string]bool{}
		for _, e := range es {
			has[e] = true
		}
		entries = slices.DeleteFunc(entries, func(e string) bool { return !has[e] })
	}
	return heading, entries
}

// keyFont and keyRow set the key of a compact sheet.
var (
	keyFont = Font{Size: 3.0}
	keyHead = Font{Size: 3.2, Bold: true}
)

const keyRow = 4.4

// keyLayout flows the entries into as many columns as fit w; an entry
// wider than w is wrapped onto several (it returns the entries as set).
func keyLayout(entries []string, w float64) (set []string, rows int, colW float64) {
	for _, e := range entries {
		if TextWidth(e, keyFont) <= w-6 {
			set = append(set, e)
			continue
		}
		for i, l := range Wrap(e, keyFont, w-10) {
			if i > 0 {
				l = "    " + l
			}
			set = append(set, l)
		}
	}
	entries = set
	for _, e := range entries {
		colW = math.Max(colW, TextWidth(e, keyFont))
	}
	colW += 6
	cols := max(1, min(len(entries), int(w/colW)))
	return entries, (len(entries) + cols - 1) / cols, colW
}

// keyHeight is the height of the key at the foot of a compact page, with
// the entries measured at the largest board size w could hold.
func (s *Sheet) keyHeight(w float64) float64 {
	head, entries := s.key(w)
	if head == "" && len(entries) == 0 {
		return 0
	}
	_, rows, _ := keyLayout(entries, w)
	return 3 + keyRow*float64(rows+1)
}

// drawKey sets the key for boards of size sz in the box (o, w).
func (s *Sheet) drawKey(d Document, o Point, w, sz float64) {
	head, entries := s.key(sz)
	if head == "" && len(entries) == 0 {
		return
	}
	entries, rows, colW := keyLayout(entries, w)
	y := o.Y + 3 + keyRow*0.7
	d.Text(Point{o.X, y}, head, keyHead, Left, Black)
	for i, e := range entries {
		c, r := i/rows, i%rows
		d.Text(Point{o.X + float64(c)*colW, y + keyRow*float64(r+1)}, e, keyFont, Left, Black)
	}
}

func (s *Sheet) usable() Rect {
	return R(s.Margin, s.Margin, s.Paper.W-2*s.Margin, s.Paper.H-2*s.Margin)
}

// boardArea is the room of a board page's content: the margin box. With
// registration marks, the header keeps its title line clear of the top
// corners, the footer's table, ruler and key keep clear of the bottom
// ones (footInset), and a page with no footer keeps a band for them.
func (s *Sheet) boardArea() Rect { return s.usable() }

// footInset is how far the footer's pieces keep from the page's left and
// right margins: clear of the bottom registration marks.
func (s *Sheet) footInset() float64 {
	if s.Code != nil {
		return markBand
	}
	return 0
}

// rulerInset is how far the ruler keeps from the right margin for a
// footer inset so: its ink stops 4 mm short of its width.
func rulerInset(inset float64) float64 { return math.Max(0, inset-4) }

// rulerGap is the gap between the score table and the ruler beside it:
// narrower when the footer keeps clear of the marks.
func rulerGap(inset float64) float64 {
	if inset > 0 {
		return 2
	}
	return 6
}

func (s *Sheet) headerHeight(w float64) float64 {
	if s.NoHeader {
		return s.codeBottom()
	}
	h := 8.0 + float64(1+len(s.paramLines(w)))*lineH // title, credit, parameters
	h += float64(len(s.playerLines(w))) * (lineH + 1.5)
	return math.Max(h+3, s.codeBottom()+3)
}

// paramLines is the parameters line, wrapped to w (less the code's
// column) when it is longer.
func (s *Sheet) paramLines(w float64) []string {
	if l := Wrap(s.Params, bodyFont, w-s.codeColumn()); len(l) > 0 {
		return l
	}
	return []string{""}
}

// playerLines groups the seats into header lines no wider than w.
func (s *Sheet) playerLines(w float64) [][]int {
	var lines [][]int
	var cur []int
	used := 0.0
	w -= s.codeColumn()
	for i := range s.Players {
		fw := s.fieldWidth(i)
		if len(cur) > 0 && used+fw > w {
			lines = append(lines, cur)
			cur, used = nil, 0
		}
		cur = append(cur, i)
		used += fw
	}
	if len(cur) > 0 {
		lines = append(lines, cur)
	}
	return lines
}

// fieldWidth is the width of seat i's name field in the header.
func (s *Sheet) fieldWidth(i int) float64 {
	return math.Max(TextWidth(fmt.Sprintf("Player %d: %s", i+1, s.Players[i]), boldFont)+6, 48)
}

// footRows is the rows of the score table under the boards: all rounds,
// but on a compact sheet, whose every page has its table, the rounds of
// that page's boards.
func (s *Sheet) footRows() int {
	if !s.Compact || len(s.Cells) == 0 {
		return s.Rounds
	}
	per := min(max(s.PerPage, 1), len(s.Cells))
	return min(s.Rounds, (s.Rounds*per+len(s.Cells)-1)/len(s.Cells))
}

// hasTable reports whether the sheet has a score table.
func (s *Sheet) hasTable() bool { return s.Rounds > 0 && len(s.Players) > 0 && !s.NoTable }

func (s *Sheet) colWidth(i int) float64 {
	return math.Max(24, TextWidth(s.playerLabel(i), boldFont)+6)
}

func (s *Sheet) playerLabel(i int) string {
	if s.Players[i] != "" {
		return s.Players[i]
	}
	return fmt.Sprintf("Player %d", i+1)
}

// Layout computes where the boards go, or says why they cannot fit.
func (s *Sheet) Layout() (*Plan, error) {
	if len(s.Cells) == 0 {
		return nil, fmt.Errorf("layout: nothing to print")
	}
	if s.Paper.W-2*s.Margin < 60 || s.Paper.H-2*s.Margin < 60 {
		return nil, fmt.Errorf("--margin %gmm leaves less than 60 mm of a %.1f x %.1f mm page", s.Margin, s.Paper.W, s.Paper.H)
	}
	if err := s.copyFits(); err != nil {
		return nil, err
	}
	minS := s.figure(0).MinSize()
	p, best := s.plan(false)
	if s.hasTable() && best >= minS { // with the table beside them, boards only shrink
		// The table goes under (or beside) the boards unless that leaves
		// them too small: then it gets a page of its own.
		pf, bf := s.plan(true)
		useFoot := bf >= minS && (bf >= footShare*best || s.Compact)
		if s.BoardSize > 0 {
			useFoot = bf >= s.BoardSize-1e-9
		}
		if useFoot {
			p, best = pf, bf
		}
	}
	per := min(max(s.PerPage, 1), len(s.Cells))
	if best < minS {
		if best <= 0 {
			best = s.plainRoom(per)
		}
		return nil, &FitError{PerPage: per, Best: best, Min: minS}
	}
	p.Size = best
	if s.BoardSize > 0 {
		if s.BoardSize > best+1e-9 {
			return nil, fmt.Errorf("--board-size %gmm does not fit: the largest that fits this page is %.1fmm", s.BoardSize, best)
		}
		if s.BoardSize < minS {
			return nil, fmt.Errorf("--board-size %gmm is too small to read: the smallest is %.0fmm", s.BoardSize, minS)
		}
		p.Size = s.BoardSize
	}
	// Exactly PerPage boards a page, even when the tiling has more slots
	// (3 a page tiled 2 by 2), so a game can keep a set of boards together.
	p.Per = min(per, p.Cols*p.Rows)
	p.pages = s.pageRanges(p.Per)
	p.Pages = len(p.pages)
	p.TableApart = s.hasTable() && !p.tableFoot
	return p, nil
}

// plainRoom is the largest size the page leaves a board whose key (a
// table of compass openings) fits at no size: the size of its plain
// variant, so that a refusal says the room there is. Below 0 for none.
func (s *Sheet) plainRoom(per int) float64 {
	pl, ok := s.Cells[0].Figure.(Plainer)
	if !ok || s.Compact {
		return -1
	}
	t := *s
	t.Cells = make([]Cell, per)
	for i := range t.Cells {
		t.Cells[i] = Cell{Figure: pl.Plain(), Caption: s.Cells[0].Caption}
	}
	_, best := t.plan(false)
	return best
}

// FitError says that the boards do not fit the page at a readable size.
type FitError struct {
	PerPage int     // boards per page
	Best    float64 // the largest size that fits; below 0 when none does
	Min     float64 // the smallest readable size
}

func (e *FitError) Error() string {
	advice := "use larger paper"
	if e.PerPage > 1 {
		advice += " or fewer boards per page"
	}
	return e.Reason() + ": " + advice
}

// Reason is the error without advice.
func (e *FitError) Reason() string {
	what := "the page leaves the board"
	if e.PerPage > 1 {
		what = fmt.Sprintf("%d boards per page leave each", e.PerPage)
	}
	if e.Best <= 0 {
		if e.PerPage > 1 {
			return fmt.Sprintf("%d boards per page leave no room for each (a board is readable from %.0f mm)", e.PerPage, e.Min)
		}
		return fmt.Sprintf("the page leaves no room for the board (it is readable from %.0f mm)", e.Min)
	}
	return fmt.Sprintf("%s %.1f mm, below the readable %.0f mm", what, e.Best, e.Min)
}

// plan places the boards with the score table under or beside them
// (tableFoot) or elsewhere, and returns the plan and the largest board
// size it allows (below 0 when nothing fits).
func (s *Sheet) plan(tableFoot bool) (*Plan, float64) {
	u := s.boardArea()
	p := &Plan{headerH: s.headerHeight(u.W()), tableFoot: tableFoot}
	if p.keyH = s.keyHeight(u.W() - 2*s.footInset()); p.keyH > 0 {
		u.Max.Y -= p.keyH + 2
	}
	rulerW, rulerH := RulerSize()
	var footH, sideW float64
	if s.Ruler {
		footH = rulerH
		sideW = rulerW
	}
	var foot, side tableFit
	// With registration marks the footer's pieces keep clear of the
	// bottom corners: moved in from the sides, or, where that leaves no
	// room for the table beside the ruler, above a band at the foot.
	inset := s.footInset()
	if tableFoot {
		foot = s.fitTable(u.W() - 2*inset)
		ts := foot.size(s.footRows())
		switch {
		case ts.W+rulerW+rulerGap(inset) <= u.W()-inset-rulerInset(inset) || !s.Ruler:
			footH = math.Max(footH, ts.H)
		case ts.W+rulerW+6 <= u.W():
			footH = math.Max(footH, ts.H) + inset
			p.footBand, inset = inset, 0
		default:
			footH += ts.H + 3
		}
		side = s.fitTable(math.Max(rulerW, u.W()*0.4))
		sideW = math.Max(sideW, side.size(s.footRows()).W)
	}
	if footH > 0 {
		footH += 4
	}
	if footH == 0 && p.keyH == 0 && s.Code != nil {
		footH = markBand // the bottom marks' band
	}
	top := u.Min.Y + p.headerH
	bodies := []Rect{{Point{u.Min.X, top}, Point{u.Max.X, u.Max.Y - footH}}}
	// Beside the boards, the table and ruler need this much height (the
	// ruler above the bottom right mark).
	sideH := rulerH + inset
	if tableFoot {
		sideH += side.size(s.footRows()).H + 6
	}
	if sideW > 0 && u.Max.Y-top >= sideH {
		// The boards beside the column reach the foot, less the bottom
		// left mark's band.
		band := 0.0
		if s.Code != nil {
			band = markBand
		}
		bodies = append(bodies, Rect{Point{u.Min.X, top}, Point{u.Max.X - sideW - 6, u.Max.Y - band}})
	}
	per := min(max(s.PerPage, 1), len(s.Cells))
	best := -1.0
	for bi, body := range bodies {
		if body.H() < 20 || body.W() < 20 {
			continue
		}
		for _, beside := range []bool{false, true} {
			f := s.figure(0)
			if beside {
				r, ok := f.(Rearranger)
				if !ok {
					break
				}
				f = r.Beside()
			}
			for cols := 1; cols <= per; cols++ {
				rows := (per + cols - 1) / cols
				if sz := s.fit(f, body, cols, rows); sz > best+1e-9 {
					best, p.Cols, p.Rows, p.Beside = sz, cols, rows, beside
					p.Body, p.footRight = body, bi == 1
				}
			}
		}
	}
	p.sideW = sideW
	p.footInset = inset
	p.table = foot
	if p.footRight {
		p.footerH = 0
		p.table = side
	} else {
		p.footerH = footH
	}
	return p, best
}

// cellRect returns the i-th cell of a cols x rows tiling of body.
func cellRect(body Rect, cols, rows, i int) Rect {
	cw := (body.W() - float64(cols-1)*cellGap) / float64(cols)
	ch := (body.H() - float64(rows-1)*cellGap) / float64(rows)
	c, r := i%cols, i/cols
	return R(body.Min.X+float64(c)*(cw+cellGap), body.Min.Y+float64(r)*(ch+cellGap), cw, ch)
}

// fit returns the largest board size, floored to 0.1 mm, whose figure and
// caption fit a cell of the tiling.
func (s *Sheet) fit(f Figure, body Rect, cols, rows int) float64 {
	cell := cellRect(body, cols, rows, 0)
	capH := 0.0
	for _, c := range s.Cells {
		if c.Caption != "" {
			capH = captionH
		}
	}
	fits := func(sz float64) bool {
		e := f.Extent(sz)
		return e.W <= cell.W() && e.H+capH <= cell.H()
	}
	// A figure's extent need not grow with its size (a legend may take
	// fewer rows when wider), so scan down from the cell's size in 64
	// steps for the largest size that fits, then refine within the step.
	top := max(cell.W(), cell.H())
	step := top / 64
	lo := -1.0
	for sz := top; sz >= 0; sz -= step {
		if fits(sz) {
			lo = sz
			break
		}
	}
	if lo < 0 {
		return -1
	}
	hi := lo + step
	for i := 0; i < 40; i++ {
		mid := (lo + hi) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return math.Floor(lo*10+1e-9) / 10
}

// pageSet is the sheet's pages as Draw adds them.
type pageSet struct {
	plan       *Plan
	tablePages [][2]int // first and last round on each score-table page
	pageTable  tableFit
	forms      [][]*Form // the record forms after each board page
	area       Rect      // where forms go on their pages
	rules      [][]string
	total      int
	// The score table goes where there is room instead of on a nearly
	// blank page of its own: on the last record-form page, or in the empty
	// slots of the last board page (tableAt.Max.Y > 0).
	tableAt   Rect
	slotTable *tableFit // the table as set in the empty slots
	// boardPageNo is the page number of each board page, from 1.
	boardPageNo []int
}

// pageSet counts every page of the sheet without drawing it: the board
// pages, the record forms (a dry run that draws nothing), the score-table pages
// and the rules.
func (s *Sheet) pageSet() (*pageSet, error) {
	p, err := s.Layout()
	if err != nil {
		return nil, err
	}
	ps := &pageSet{plan: p}
	if !p.tableFoot && s.hasTable() {
		u := s.usable()
		ps.pageTable = s.fitTable(u.W())
		nb := float64(len(ps.pageTable.blocks))
		avail := u.H() - s.tableHeaderH() - nb*ps.pageTable.headH - (nb-1)*blockGap
		perTable := max(1, int(avail/(nb*ps.pageTable.rowH))-1)
		pages := (s.Rounds + perTable - 1) / perTable
		perTable = (s.Rounds + pages - 1) / pages // share the rounds evenly
		for r := 1; r <= s.Rounds; r += perTable {
			ps.tablePages = append(ps.tablePages, [2]int{r, min(r+perTable-1, s.Rounds)})
		}
	}
	ps.forms = make([][]*Form, p.Pages)
	formPages := 0
	ps.area = s.usable()
	ps.area.Min.Y += s.tableHeaderH()
	for pg, r := range p.pages {
		for _, c := range s.Cells[r[0]:r[1]] {
			if c.Record != nil {
				ps.forms[pg] = append(ps.forms[pg], c.Record)
			}
		}
	}
	free := 0.0 // the top of the room after the last board page's forms
	ps.boardPageNo = make([]int, len(ps.forms))
	for bp, fs := range ps.forms {
		ps.boardPageNo[bp] = bp + 1 + formPages
		free = 0
		if len(fs) > 0 {
			formPages++
			free = DrawForms(nil, fs, ps.area, func() Rect { formPages++; return ps.area })
		}
	}
	if len(ps.tablePages) == 1 {
		ts := ps.pageTable.size(s.Rounds)
		last := p.pages[len(p.pages)-1]
		switch {
		case free > 0 && free+lineH+ts.H <= ps.area.Max.Y:
			ps.tableAt = R(ps.area.Min.X, free+lineH, ps.area.W(), ts.H)
		case free == 0:
			n := last[1] - last[0]
			if r, ok := s.emptySlots(p, n); ok {
				t := s.fitTable(r.W())
				if ts := t.size(s.Rounds); ts.W <= r.W() && ts.H <= r.H() {
					ps.tableAt = R(r.Min.X, r.Min.Y, ts.W, ts.H)
					ps.slotTable = &t
				}
			}
		}
		if ps.tableAt.Max.Y > 0 {
			ps.tablePages = nil
		}
	}
	ps.total = p.Pages + len(ps.tablePages) + formPages
	if s.Rules != "" {
		ps.rules = s.rulePages()
		ps.total += len(ps.rules)
	}
	return ps, nil
}

// emptySlots returns the room the empty slots after the last of n boards
// leave on a board page: the rows below it, else the rest of its row.
func (s *Sheet) emptySlots(p *Plan, n int) (Rect, bool) {
	if n >= p.Cols*p.Rows {
		return Rect{}, false
	}
	used := (n + p.Cols - 1) / p.Cols // rows with boards
	if used < p.Rows && n%p.Cols == 0 {
		top := cellRect(p.Body, p.Cols, p.Rows, used*p.Cols)
		return Rect{top.Min, p.Body.Max}, true
	}
	first := cellRect(p.Body, p.Cols, p.Rows, n)
	return Rect{first.Min, Point{p.Body.Max.X, p.Body.Max.Y}}, true
}

// Pages returns the number of pages Draw would add, without drawing.
func (s *Sheet) Pages() (int, error) {
	ps, err := s.pageSet()
	if err != nil {
		return 0, err
	}
	return ps.total, nil
}

// Draw lays the sheet out on d, adding its pages.
func (s *Sheet) Draw(d Document) error {
	ps, err := s.pageSet()
	if err != nil {
		return err
	}
	p, total, forms, area := ps.plan, ps.total, ps.forms, ps.area
	tableHere := func() {
		switch {
		case ps.slotTable != nil:
			s.scoreTable(d, ps.tableAt.Min, *ps.slotTable, 1, s.Rounds, true)
		case ps.tableAt.Max.Y > 0:
			s.scoreTable(d, ps.tableAt.Min, ps.pageTable, 1, s.Rounds, true)
		}
	}
	tablePages, pageTable, rules := ps.tablePages, ps.pageTable, ps.rules
	page := 0
	for bp, r := range p.pages {
		first, last := r[0], r[1]
		page++
		d.AddPage(s.Paper.W, s.Paper.H)
		s.header(d, page, total, false)
		for i := first; i < last; i++ {
			s.drawCell(d, p, cellRect(p.Body, p.Cols, p.Rows, i-first), s.Cells[i])
		}
		if p.Cols*p.Rows > 1 {
			n := p.Cols * p.Rows
			if bp == len(p.pages)-1 && ps.slotTable != nil {
				n = last - first // the table is in the empty slots
			}
			s.cutLines(d, p, n)
		}
		s.footer(d, p, bp)
		if s.Code != nil {
			bpage := s.boardPage(ps, bp)
			for _, m := range bpage.Marks {
				DrawMark(d, m)
			}
			if err := DrawCode(d, bpage.Code, s.Code(bpage), bpage.Version); err != nil {
				return err
			}
		}
		if fs := forms[bp]; len(fs) > 0 {
			newPage := func() Rect {
				page++
				d.AddPage(s.Paper.W, s.Paper.H)
				s.header(d, page, total, true)
				return area
			}
			DrawForms(d, fs, newPage(), newPage)
		}
		if bp == len(p.pages)-1 {
			tableHere()
		}
	}
	for i, tp := range tablePages {
		page++
		d.AddPage(s.Paper.W, s.Paper.H)
		s.header(d, page, total, true)
		s.scoreTable(d, Point{s.Margin, s.Margin + s.tableHeaderH()}, pageTable, tp[0], tp[1], i == len(tablePages)-1)
	}
	for _, lines := range rules {
		page++
		d.AddPage(s.Paper.W, s.Paper.H)
		s.ruleText(d, lines, page, total)
	}
	return nil
}

// tableHeaderH is the height of the header of a score-table page.
func (s *Sheet) tableHeaderH() float64 {
	if s.NoHeader {
		return 0
	}
	return shortHeaderH
}

// shortHeaderH is the height of the header of a score-table page: the
// title line alone (the table names the players).
const shortHeaderH = 11.0

func (s *Sheet) header(d Document, page, total int, short bool) {
	if s.NoHeader {
		return
	}
	u := s.usable()
	y := u.Min.Y + 6
	tl := u
	if !short {
		tl = s.titleArea()
	}
	titleLine(d, tl, y, s.Title, s.headerRight(page, total))
	if short {
		rule := u.Min.Y + shortHeaderH - 2
		d.Stroke(Segment(Point{u.Min.X, rule}, Point{u.Max.X, rule}), Pen{Width: 0.3, Color: Black})
		return
	}
	y += lineH + 0.5
	d.Text(Point{u.Min.X, y}, s.Credit, smallFont, Left, Black)
	y += lineH
	for i, l := range s.paramLines(u.W()) {
		if i > 0 {
			y += lineH
		}
		d.Text(Point{u.Min.X, y}, l, bodyFont, Left, Black)
	}
	for _, line := range s.playerLines(u.W()) {
		y += lineH + 1.5
		x := u.Min.X
		for _, i := range line {
			label := fmt.Sprintf("Player %d: ", i+1)
			d.Text(Point{x, y}, label, bodyFont, Left, Black)
			lx := x + TextWidth(label, bodyFont)
			fw := s.fieldWidth(i)
			if n := s.Players[i]; n != "" {
				d.Text(Point{lx, y}, n, boldFont, Left, Black)
			} else {
				d.Stroke(Segment(Point{lx, y + 0.8}, Point{x + fw - 4, y + 0.8}), Pen{Width: 0.2, Color: Black})
			}
			x += fw
		}
	}
	rule := u.Min.Y + s.headerHeight(u.W()) - 2
	d.Stroke(Segment(Point{u.Min.X, rule}, Point{u.Max.X, rule}), Pen{Width: 0.3, Color: Black})
}

// titleArea is where a board page's header line lies: clear of the top
// left mark, and of the code and the top right mark when there is a
// code.
func (s *Sheet) titleArea() Rect {
	tl := s.usable()
	if s.Code != nil {
		tl.Min.X += markBand
		tl.Max.X -= s.codeColumn() + 2
	}
	return tl
}

// headerRight is the text right of the title in the header of page of
// total: the board's id, the copy of a class set, the page.
func (s *Sheet) headerRight(page, total int) string {
	right := "papergames"
	if s.BoardID != "" {
		right = "board " + s.BoardID
	}
	if s.Copy != "" {
		right += " · " + s.Copy
	}
	if total > 1 {
		right += fmt.Sprintf(" · page %d of %d", page, total)
	}
	return right
}

// copyFits says when the copy's number of a class set leaves the title
// too little room in the header (less than half its size), so that a
// narrow page is refused rather than printed with its title squeezed
// over a registration mark.
func (s *Sheet) copyFits() error {
	if s.Copy == "" || s.NoHeader {
		return nil
	}
	if room := titleRoom(s.titleArea(), s.headerRight(888, 888)); room < TextWidth(s.Title, titleFont)/2 {
		return fmt.Errorf("the copy's number (%s) leaves the title too little room in the header of a %.0f mm wide page: print a class set on wider paper (or --landscape) or with a smaller --margin", s.Copy, s.Paper.W)
	}
	return nil
}

// titleRoom is the width left for a title on the header line u beside
// the text right.
func titleRoom(u Rect, right string) float64 { return u.W() - TextWidth(right, bodyFont) - 4 }

// titleLine writes title left and right right on the baseline y of u; on
// narrow paper a long title shrinks to leave room for the right text.
func titleLine(d Document, u Rect, y float64, title, right string) {
	tf := titleFont
	if room := titleRoom(u, right); TextWidth(title, tf) > room {
		tf.Size *= room / TextWidth(title, tf)
	}
	d.Text(Point{u.Min.X, y}, title, tf, Left, Black)
	d.Text(Point{u.Max.X, y}, right, bodyFont, Right, Black)
}

func (s *Sheet) drawCell(d Document, p *Plan, cell Rect, c Cell) {
	f, o, _ := s.place(p, cell, c)
	if c.Caption != "" {
		d.Text(Point{cell.Center().X, o.Y - s.captionH() + 4}, c.Caption, boldFont, Center, Black)
	}
	f.Draw(d, o, p.Size, s.Style)
}

// captionH is the room above every board for captions, when any has one.
func (s *Sheet) captionH() float64 {
	for _, cc := range s.Cells {
		if cc.Caption != "" {
			return captionH
		}
	}
	return 0
}

// place returns the figure of c as drawn in cell (plain, beside or
// widened), the top left of its extent, and the width it was widened to
// (0 when it was not).
func (s *Sheet) place(p *Plan, cell Rect, c Cell) (Figure, Point, float64) {
	f := c.Figure
	if pl, ok := f.(Plainer); ok && s.Compact {
		f = pl.Plain()
	}
	if r, ok := f.(Rearranger); ok && p.Beside {
		f = r.Beside()
	}
	widened := 0.0
	if w, ok := f.(Widener); ok && s.BoardSize == 0 {
		f, widened = w.Widen(p.Size, cell.W()), cell.W()
	}
	e := f.Extent(p.Size)
	capH := s.captionH()
	top := cell.Min.Y + (cell.H()-e.H-capH)/2
	return f, Point{cell.Min.X + (cell.W()-e.W)/2, top + capH}, widened
}

// cutLines draws the cut lines between the cells; with n below the
// slots (the score table in the empty ones), only around the first n.
func (s *Sheet) cutLines(d Document, p *Plan, n int) {
	pen := Pen{Width: 0.15, Color: Grey, Dash: []float64{2, 1.5}}
	b := p.Body
	if n >= p.Cols*p.Rows {
		for c := 1; c < p.Cols; c++ {
			x := cellRect(b, p.Cols, p.Rows, c).Min.X - cellGap/2
			d.Stroke(Segment(Point{x, b.Min.Y}, Point{x, b.Max.Y}), pen)
		}
		for r := 1; r < p.Rows; r++ {
			y := cellRect(b, p.Cols, p.Rows, r*p.Cols).Min.Y - cellGap/2
			d.Stroke(Segment(Point{b.Min.X, y}, Point{b.Max.X, y}), pen)
		}
		return
	}
	for i := 0; i < n; i++ {
		c := cellRect(b, p.Cols, p.Rows, i)
		if i%p.Cols < p.Cols-1 { // right of the board
			x := c.Max.X + cellGap/2
			d.Stroke(Segment(Point{x, c.Min.Y - cellGap/2}, Point{x, c.Max.Y + cellGap/2}), pen)
		}
		if i/p.Cols < p.Rows-1 { // under the board
			y := c.Max.Y + cellGap/2
			d.Stroke(Segment(Point{c.Min.X - cellGap/2, y}, Point{c.Max.X + cellGap/2, y}), pen)
		}
	}
}

func (s *Sheet) footer(d Document, p *Plan, page int) {
	u := s.boardArea()
	if p.keyH > 0 {
		in := s.footInset()
		s.drawKey(d, Point{u.Min.X + in, u.Max.Y - p.keyH}, u.W()-2*in, p.Size)
		u.Max.Y -= p.keyH + 2
	}
	inset, band := p.footInset, p.footBand
	// The table is on the first page; a compact sheet has the rounds of
	// each page's boards on that page.
	rows := s.footRows()
	first, last := 1, s.Rounds
	if s.Compact {
		first = page*rows + 1
		last = min(first+rows-1, s.Rounds)
	}
	table := p.tableFoot && (page == 0 || s.Compact) && first <= last
	ts := p.table.size(rows)
	rw, rh := RulerSize()
	switch {
	case p.footRight:
		if table {
			s.scoreTable(d, Point{u.Max.X - p.sideW, p.Body.Min.Y}, p.table, first, last, last == s.Rounds)
		}
		if s.Ruler {
			DrawRuler(d, Point{u.Max.X - rw, u.Max.Y - rh - s.footInset()})
		}
	default:
		top := u.Max.Y - p.footerH + 4
		if table {
			s.scoreTable(d, Point{u.Min.X + inset, top}, p.table, first, last, last == s.Rounds)
		}
		if s.Ruler {
			x := u.Max.X - rw - rulerInset(inset)
			if p.tableFoot && ts.W+rw+rulerGap(inset) > u.W()-inset-rulerInset(inset) {
				DrawRuler(d, Point{x, top + ts.H + 3})
			} else {
				DrawRuler(d, Point{x, u.Max.Y - band - rh})
			}
		}
	}
}

// scoreTable draws the rows for rounds first..last, and the total row if
// withTotal, set as t, with the table's top left at o: one block under
// another when t wraps the players.
func (s *Sheet) scoreTable(d Document, o Point, t tableFit, first, last int, withTotal bool) {
	for _, b := range t.blocks {
		o.Y += s.tableBlock(d, o, t, b, first, last, withTotal) + blockGap
	}
}

// tableBlock draws the columns of the players in block and returns the
// block's height.
func (s *Sheet) tableBlock(d Document, o Point, t tableFit, block []int, first, last int, withTotal bool) float64 {
	pen := Pen{Width: 0.25, Color: Black}
	thin := Pen{Width: 0.15, Color: Black}
	x := []float64{o.X, o.X + roundColW}
	for _, i := range block {
		x = append(x, x[len(x)-1]+t.colW[i])
	}
	rows := last - first + 2
	if withTotal {
		rows++
	}
	rowY := func(r int) float64 { // top of row r; row 0 is the heading
		if r == 0 {
			return o.Y
		}
		return o.Y + t.headH + float64(r-1)*t.rowH
	}
	w, h := x[len(x)-1]-o.X, rowY(rows)-o.Y
	for r := 0; r <= rows; r++ {
		pp := thin
		if r <= 1 || r == rows || (withTotal && r == rows-1) {
			pp = pen
		}
		d.Stroke(Segment(Point{o.X, rowY(r)}, Point{o.X + w, rowY(r)}), pp)
	}
	for i, xx := range x {
		pp := thin
		if i <= 1 || i == len(x)-1 {
			pp = pen
		}
		d.Stroke(Segment(Point{xx, o.Y}, Point{xx, o.Y + h}), pp)
	}
	base := func(r int) float64 { return rowY(r) + t.rowH*0.5 + 1.2 }
	head := o.Y + t.headH/2 + 1.2 // one heading line: as base(0)
	d.Text(Point{o.X + 2, head}, "Round", boldFont, Left, Black)
	for k, i := range block {
		lines := t.labels[i]
		lh := t.head.Size * 1.2
		y := head - float64(len(lines)-1)*lh/2
		for _, l := range lines {
			d.Text(Point{(x[k+1] + x[k+2]) / 2, y}, l, t.head, Center, Black)
			y += lh
		}
	}
	for r := first; r <= last; r++ {
		d.Text(Point{o.X + 9, base(r - first + 1)}, fmt.Sprint(r), bodyFont, Center, Black)
	}
	if withTotal {
		d.Text(Point{o.X + 2, base(rows - 1)}, "Total", boldFont, Left, Black)
	}
	return h
}

// rulePages splits the rules text into pages of lines.
func (s *Sheet) rulePages() [][]string {
	u := s.usable()
	var lines []string
	for _, para := range strings.Split(strings.TrimSpace(s.Rules), "\n") {
		if strings.TrimSpace(para) == "" {
			lines = append(lines, "")
			continue
		}
		indent := ""
		if strings.HasPrefix(para, "- ") {
			indent = "  "
		}
		for i, l := range Wrap(para, bodyFont, u.W()-4) {
			if i > 0 {
				l = indent + l
			}
			lines = append(lines, l)
		}
	}
	perPage := int((u.H() - 16) / lineH)
	var pages [][]string
	for len(lines) > 0 {
		n := min(perPage, len(lines))
		pages = append(pages, lines[:n])
		lines = lines[n:]
	}
	return pages
}

func (s *Sheet) ruleText(d Document, lines []string, page, total int) {
	u := s.usable()
	y := u.Min.Y + 6
	right := fmt.Sprintf("page %d of %d", page, total)
	if s.Copy != "" {
		right = s.Copy + " · " + right
	}
	titleLine(d, u, y, s.Title+": rules", right)
	y += 10
	for i, l := range lines {
		f := bodyFont
		// A short line after a blank line is a section heading.
		if l != "" && !strings.HasPrefix(l, "- ") && len(l) < 48 && (i == 0 || lines[i-1] == "") && i+1 < len(lines) && lines[i+1] != "" && !strings.HasSuffix(l, ".") {
			f = boldFont
		}
		d.Text(Point{u.Min.X, y}, l, f, Left, Black)
		y += lineH
	}
}
