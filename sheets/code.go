package sheets

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"papergames/games"
	"papergames/layout"
)

// The QR code of a board page holds what a reader needs to rebuild the
// page without any flag: the game, its board parameters, the seats, the
// board id (a check on the rest), the page, the boards on the whole
// sheet (so that a missing page is seen), and where each board was drawn
// and at what size. Positions are in the code rather than recomputed from
// the print options, so a sheet printed today reads the same after the
// layout changes, and so names and fonts need not be in it.
//
// The text keeps to the QR alphanumeric set (digits, capitals, space and
// $%*+-./:), which packs 5.5 bits a character against 8 for bytes; the
// paper and the margin are in tenths of a millimetre, the other lengths
// in hundredths (a board must land on its print within the reader's
// 0.1 mm):
//
//	PAPERGAMES:1 AM V12 N2 B3B366288 P1.2 T1 A2100.2970 M100 L35 S15230 K0.1.1 O2050.6030
//
// Fields after the game's two letters: V the game's parameters in its
// Params order, "/" between them (escaped as %XX where a value holds other
// characters); N the seats; B the board id; P the page and the pages; T
// the boards on the sheet (absent from sheets printed before it was); Y
// the copy and the copies of a class set (board --class: the copy's
// number written with as many digits as the copies', so that every copy's
// code is as long); A
// the paper, M the margin, L the line width, S the boards' size; G when
// guide lines are grey; F the figure variant (C compact, W legend beside);
// then the boards: K the first board's index among the sheet's, how many,
// and how many a row; O the top left of the first one's extent; D the
// step to the next column and the next row; W the width a widened figure
// was given. Boards that are not so tiled have a C field each: index, x
// and y.

// CodeMagic starts every page's code, with its format version.
const CodeMagic = "PAPERGAMES:1"

// Code is what a board page's QR code says.
type Code struct {
	Game        games.Game
	Values      games.Values
	Players     int
	BoardID     string
	Page, Pages int
	// Total is the boards on the sheet; 0 when the code does not say
	// (sheets printed before it did).
	Total int
	// Copy is the copy's number in a class set of Class copies (board
	// --class), from 1; 0 and 0 for a sheet printed alone.
	Copy, Class int
	Paper       layout.Size
	Margin      float64
	Style       layout.Style
	Size        float64
	Compact     bool
	Beside      bool
	CodeBoards  []CodeBoard
}

// CodeBoard is one board of a page's code.
type CodeBoard struct {
	Index int          // among the sheet's boards, from 0
	O     layout.Point // top left of the figure's extent
	Width float64      // the width a widened figure was given; 0 for none
}

// tenths writes a length in tenths of a millimetre.
func tenths(mm float64) string { return strconv.FormatInt(int64(math.Round(mm*10)), 10) }

// hundredths writes a length in hundredths of a millimetre.
func hundredths(mm float64) string { return strconv.FormatInt(int64(math.Round(mm*100)), 10) }

// escape keeps s within the alphanumeric set, escaping other bytes (and
// the separators "/", "%" and space) as %XX.
func escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9', c >= 'A' && c <= 'Z', strings.IndexByte("$*+-.:", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", fmt.Errorf("a cut-off escape %q", s[i:])
		}
		n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", fmt.Errorf("a bad escape %q", s[i:i+3])
		}
		b.WriteByte(byte(n))
		i += 2
	}
	return b.String(), nil
}

// lattice returns how the boards are tiled: in rows of cols, the step
// from one column and one row to the next, all widened alike; false when
// they are not consecutive boards on a lattice (to 0.02 mm).
func lattice(bs []CodeBoard) (cols int, step layout.Point, ok bool) {
	if len(bs) == 0 {
		return 0, step, false
	}
	cols = len(bs)
	for i := 1; i < len(bs); i++ {
		if bs[i].O.Y > bs[0].O.Y+0.05 {
			cols = i
			break
		}
	}
	if cols > 1 {
		step.X = bs[1].O.X - bs[0].O.X
	}
	if len(bs) > cols {
		step.Y = bs[cols].O.Y - bs[0].O.Y
	}
	// The step as the code writes it, so that reading it back lands on
	// every board.
	r := func(v float64) float64 { return math.Round(v*100) / 100 }
	step = layout.Point{X: r(step.X), Y: r(step.Y)}
	if step.X < 0 || step.Y < 0 {
		return 0, step, false // the D field takes no sign: written board by board
	}
	o := layout.Point{X: r(bs[0].O.X), Y: r(bs[0].O.Y)}
	for i, b := range bs {
		want := layout.Point{X: o.X + float64(i%cols)*step.X, Y: o.Y + float64(i/cols)*step.Y}
		if b.Index != bs[0].Index+i || b.Width != bs[0].Width || want.Dist(b.O) > 0.02 {
			return 0, step, false
		}
	}
	return cols, step, true
}

// String writes the code's text.
func (c *Code) String() string {
	var b strings.Builder
	b.WriteString(CodeMagic + " " + c.Game.Info().Code + " V")
	for i, p := range c.Game.Params() {
		if i > 0 {
			b.WriteByte('/')
		}
		switch p.Kind {
		case games.Int:
			b.WriteString(strconv.Itoa(c.Values.Int(p.Name)))
		case games.String:
			b.WriteString(escape(c.Values.String(p.Name)))
		case games.Bool:
			if c.Values.Bool(p.Name) {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
	}
	fmt.Fprintf(&b, " N%d B%s P%d.%d", c.Players, strings.ToUpper(c.BoardID), c.Page, c.Pages)
	if c.Total > 0 {
		fmt.Fprintf(&b, " T%d", c.Total)
	}
	if c.Class > 0 {
		fmt.Fprintf(&b, " Y%s.%d", c.CopyNumber(), c.Class)
	}
	fmt.Fprintf(&b, " A%s.%s M%s L%d",
		tenths(c.Paper.W), tenths(c.Paper.H), tenths(c.Margin), int64(math.Round(c.Style.Line*100)))
	if c.Style.Guide != layout.Black {
		b.WriteString(" G")
	}
	fmt.Fprintf(&b, " S%s", hundredths(c.Size))
	if c.Compact || c.Beside {
		b.WriteString(" F")
		if c.Compact {
			b.WriteByte('C')
		}
		if c.Beside {
			b.WriteByte('W')
		}
	}
	if cols, step, ok := lattice(c.CodeBoards); ok {
		first := c.CodeBoards[0]
		fmt.Fprintf(&b, " K%d.%d.%d O%s.%s", first.Index, len(c.CodeBoards), cols, hundredths(first.O.X), hundredths(first.O.Y))
		if len(c.CodeBoards) > 1 {
			fmt.Fprintf(&b, " D%s.%s", hundredths(step.X), hundredths(step.Y))
		}
		if first.Width > 0 {
			fmt.Fprintf(&b, " W%s", tenths(first.Width))
		}
		return b.String()
	}
	for _, bd := range c.CodeBoards {
		fmt.Fprintf(&b, " C%d.%s.%s", bd.Index, hundredths(bd.O.X), hundredths(bd.O.Y))
		if bd.Width > 0 {
			b.WriteString("." + tenths(bd.Width))
		}
	}
	return b.String()
}

// ErrNotOurs is in the error of a code that is not a papergames sheet's.
var ErrNotOurs = errors.New("not a papergames sheet's code")

// ParseCode reads a page's code; find gives the game of a code's two
// letters (nil for none).
func ParseCode(text string, find func(code string) games.Game) (*Code, error) {
	f := strings.Fields(text)
	if len(f) < 2 || f[0] != CodeMagic {
		if len(f) > 0 && strings.HasPrefix(f[0], "PAPERGAMES:") {
			return nil, fmt.Errorf("the code is of format %q, which this papergames cannot read (it reads %q): read it with the papergames that printed it", f[0], CodeMagic)
		}
		return nil, fmt.Errorf("%w: %q", ErrNotOurs, cut(text))
	}
	c := &Code{Game: find(f[1]), Style: layout.Style{Guide: layout.Black}}
	if c.Game == nil {
		return nil, fmt.Errorf("the code names game %q, which this papergames does not know", f[1])
	}
	bad := func(field, why string) error { return fmt.Errorf("the code's field %q: %s", cut(field), why) }
	num := func(field, s string) (int64, error) {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n > 1e9 {
			return 0, bad(field, "not a number")
		}
		return n, nil
	}
	mm := func(field, s string, per float64) (float64, error) {
		n, err := num(field, s)
		return float64(n) / per, err
	}
	pair := func(field, s string) (a, b int64, err error) {
		x, y, ok := strings.Cut(s, ".")
		if !ok {
			return 0, 0, bad(field, "two numbers with a dot between are expected")
		}
		if a, err = num(field, x); err == nil {
			b, err = num(field, y)
		}
		return a, b, err
	}
	seen := map[byte]bool{}
	var tile [3]int64
	var origin, step layout.Point
	var width float64
	for _, fld := range f[2:] {
		key, val := fld[0], fld[1:]
		if key != 'C' && seen[key] {
			return nil, bad(fld, "given twice")
		}
		seen[key] = true
		var err error
		switch key {
		case 'V':
			c.Values, err = codeValues(c.Game, val)
			if err != nil {
				return nil, bad(fld, err.Error())
			}
		case 'N':
			var n int64
			n, err = num(fld, val)
			c.Players = int(n)
		case 'B':
			c.BoardID = strings.ToLower(val)
		case 'P':
			var a, b int64
			a, b, err = pair(fld, val)
			c.Page, c.Pages = int(a), int(b)
		case 'T':
			var n int64
			n, err = num(fld, val)
			if err == nil && n == 0 {
				err = bad(fld, "a sheet has at least one board")
			}
			c.Total = int(n)
		case 'Y':
			var a, b int64
			a, b, err = pair(fld, val)
			if err == nil && (a < 1 || a > b || b > MaxClass) {
				err = bad(fld, fmt.Sprintf("a copy is 1 to the copies, at most %d", MaxClass))
			}
			c.Copy, c.Class = int(a), int(b)
		case 'A':
			var w, h int64
			w, h, err = pair(fld, val)
			c.Paper = layout.Size{W: float64(w) / 10, H: float64(h) / 10}
		case 'M':
			c.Margin, err = mm(fld, val, 10)
		case 'L':
			var n int64
			n, err = num(fld, val)
			c.Style.Line = float64(n) / 100
		case 'G':
			c.Style.Guide = layout.Grey
		case 'S':
			c.Size, err = mm(fld, val, 100)
		case 'F':
			c.Compact, c.Beside = strings.Contains(val, "C"), strings.Contains(val, "W")
		case 'C':
			parts := strings.Split(val, ".")
			if len(parts) != 3 && len(parts) != 4 {
				return nil, bad(fld, "a board is index.x.y or index.x.y.width")
			}
			var ns [4]int64
			for i, p := range parts {
				if ns[i], err = num(fld, p); err != nil {
					return nil, err
				}
			}
			c.CodeBoards = append(c.CodeBoards, CodeBoard{Index: int(ns[0]), O: layout.Point{X: float64(ns[1]) / 100, Y: float64(ns[2]) / 100}, Width: float64(ns[3]) / 10})
		case 'K':
			parts := strings.Split(val, ".")
			if len(parts) != 3 {
				return nil, bad(fld, "boards are first.count.columns")
			}
			for i, p := range parts {
				if tile[i], err = num(fld, p); err != nil {
					return nil, err
				}
			}
			if tile[1] < 1 || tile[1] > MaxPerPage || tile[2] < 1 {
				return nil, bad(fld, "a page holds 1 to 36 boards")
			}
		case 'O':
			var x, y int64
			x, y, err = pair(fld, val)
			origin = layout.Point{X: float64(x) / 100, Y: float64(y) / 100}
		case 'D':
			var x, y int64
			x, y, err = pair(fld, val)
			step = layout.Point{X: float64(x) / 100, Y: float64(y) / 100}
		case 'W':
			width, err = mm(fld, val, 10)
		default:
			return nil, bad(fld, "unknown field")
		}
		if err != nil {
			return nil, err
		}
	}
	for _, k := range "VNBPAMLS" {
		if !seen[byte(k)] {
			return nil, fmt.Errorf("the code lacks its %c field", k)
		}
	}
	if seen['K'] {
		if !seen['O'] || len(c.CodeBoards) > 0 {
			return nil, fmt.Errorf("the code's K field needs an O field and no C field")
		}
		for i := range int(tile[1]) {
			o := layout.Point{X: origin.X + float64(i%int(tile[2]))*step.X, Y: origin.Y + float64(i/int(tile[2]))*step.Y}
			c.CodeBoards = append(c.CodeBoards, CodeBoard{Index: int(tile[0]) + i, O: o, Width: width})
		}
	}
	last := 0
	for _, b := range c.CodeBoards {
		last = max(last, b.Index)
	}
	info := c.Game.Info()
	switch {
	case c.Players < info.MinPlayers || (info.MaxPlayers > 0 && c.Players > info.MaxPlayers):
		return nil, fmt.Errorf("the code gives %d players; %s is for %s", c.Players, info.ID, info.Players())
	case c.Page < 1 || c.Page > c.Pages || c.Pages > MaxPages:
		return nil, fmt.Errorf("the code gives page %d of %d", c.Page, c.Pages)
	case len(c.CodeBoards) == 0:
		return nil, fmt.Errorf("the code places no board")
	case c.Total > 0 && last >= c.Total:
		return nil, fmt.Errorf("the code places board %d on a sheet of %d boards", last+1, c.Total)
	case c.Paper.W < 60 || c.Paper.H < 60 || c.Paper.W > 5000 || c.Paper.H > 5000 || c.Size <= 0:
		return nil, fmt.Errorf("the code gives a paper of %g x %g mm and boards of %g mm", c.Paper.W, c.Paper.H, c.Size)
	}
	// A count of boards no sheet prints is a damaged or forged code: the
	// match would not know its rounds.
	if _, err := c.Rounds(); err != nil {
		return nil, err
	}
	return c, nil
}

// codeValues reads the V field: the game's parameters in order.
func codeValues(g games.Game, s string) (games.Values, error) {
	ps := g.Params()
	vals := strings.Split(s, "/")
	if len(vals) != len(ps) {
		return nil, fmt.Errorf("%d parameters, %s has %d", len(vals), g.Info().ID, len(ps))
	}
	text := map[string]string{}
	for i, p := range ps {
		v, err := unescape(vals[i])
		if err != nil {
			return nil, err
		}
		if p.Kind == games.Bool {
			v = map[string]string{"1": "true", "0": "false"}[v]
		}
		text[p.Name] = v
	}
	v, err := games.ParseValues(ps, func(name string) (string, bool) { t, ok := text[name]; return t, ok })
	if err != nil {
		return nil, err
	}
	return v, games.CheckRanges(ps, v)
}

// cut shortens a text for a message.
func cut(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}

// codeFunc returns the Sheet.Code of g's sheet with v: each board page's
// code.
// copy and class number a copy of a class set (0 and 0 for none).
func codeFunc(g games.Game, v games.Values, players int, id string, copy, class int) func(layout.BoardPage) string {
	return func(bp layout.BoardPage) string {
		c := Code{Game: g, Values: v, Players: players, BoardID: id, Page: bp.Page, Pages: bp.Pages, Total: bp.Total, Copy: copy, Class: class,
			Paper: bp.Paper, Margin: bp.Margin, Style: bp.Style, Compact: bp.Compact, Beside: bp.Beside}
		for _, b := range bp.Boards {
			c.Size = b.S
			c.CodeBoards = append(c.CodeBoards, CodeBoard{Index: b.Index, O: b.O, Width: b.Width})
		}
		return c.String()
	}
}

// CopyNumber is the copy's number written with as many digits as the
// class set's size ("03" of 30), so that every copy's code and file name
// is as long; "" for a sheet printed alone.
func (c *Code) CopyNumber() string {
	if c.Class <= 0 {
		return ""
	}
	return fmt.Sprintf("%0*d", len(strconv.Itoa(c.Class)), c.Copy)
}

// CopyText names the copy of a class set, as ", copy 3 of 30"; "" for
// a sheet printed alone.
func (c *Code) CopyText() string {
	if c.Class == 0 {
		return ""
	}
	return ", " + copyLabel(c.Copy, c.Class)
}

// Rounds is how many rounds the whole sheet has boards for (its copies),
// 0 when the code does not say.
func (c *Code) Rounds() (int, error) {
	if c.Total == 0 {
		return 0, nil
	}
	setup, err := c.Game.Setup(c.Values, make([]string, c.Players))
	if err != nil {
		return 0, fmt.Errorf("the code's parameters are refused: %v", err)
	}
	per := len(setup.Cells)
	if per == 0 {
		return 0, fmt.Errorf("%s has no boards", c.Game.Info().ID)
	}
	n := (c.Total + per - 1) / per
	if n > MaxCopies {
		return 0, fmt.Errorf("the code gives %d boards, past the %d copies a sheet has at most", c.Total, MaxCopies)
	}
	return n, nil
}

// Board is one board of a page, rebuilt from the page's code.
type Board struct {
	Index  int           // among the sheet's boards
	Round  int           // the copy it was printed for, from 0: its round
	Within int           // its place among its round's boards
	Figure layout.Figure // as drawn (plain, beside, widened)
	O      layout.Point
	S      float64
}

// Boards rebuilds the boards the code places, as the sheet drew them,
// and checks that its parameters give its board id.
func (c *Code) Boards() ([]Board, error) {
	seats := make([]string, c.Players)
	setup, err := c.Game.Setup(c.Values, seats)
	if err != nil {
		return nil, fmt.Errorf("the code's parameters are refused: %v", err)
	}
	if id := games.BoardID(setup.Key); id != c.BoardID {
		return nil, fmt.Errorf("the code's parameters give board %s, not the %s it names: a sheet of another version of papergames, or a misread code", id, c.BoardID)
	}
	per := len(setup.Cells)
	if per == 0 {
		return nil, fmt.Errorf("%s has no boards", c.Game.Info().ID)
	}
	cp, differs := c.Game.(games.Copier)
	var out []Board
	for _, b := range c.CodeBoards {
		copyNo, within := b.Index/per, b.Index%per
		if copyNo >= MaxCopies {
			return nil, fmt.Errorf("the code places board %d, past the %d copies a sheet has at most", b.Index+1, MaxCopies)
		}
		cells := setup.Cells
		if differs {
			if cells, err = cp.CopyCells(c.Values, seats, copyNo); err != nil {
				return nil, err
			}
		}
		f := cells[within].Figure
		if pl, ok := f.(layout.Plainer); ok && c.Compact {
			f = pl.Plain()
		}
		if r, ok := f.(layout.Rearranger); ok && c.Beside {
			f = r.Beside()
		}
		if w, ok := f.(layout.Widener); ok && b.Width > 0 {
			f = w.Widen(c.Size, b.Width)
		}
		out = append(out, Board{Index: b.Index, Round: copyNo, Within: within, Figure: f, O: b.O, S: c.Size})
	}
	return out, nil
}
