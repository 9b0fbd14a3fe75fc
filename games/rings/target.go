package rings

import (
	"math"
	"strconv"

	"papergames/boards"
	"papergames/layout"
)

// Target is a round's board as the sheet prints it: the ring target and,
// in the corners of its square, a colour key box per player. Each player
// shades their box with the pencil they fill sections with, so that a
// reader of the sheet (papergames read) learns every player's colour from
// the sheet itself: the fills of the sections are whose colour they are.
//
// The boxes lie outside the circle inscribed in the target's square, so
// no shading of a box reaches a ring, and their places depend on the
// number of players alone (never on the names, which a sheet's code does
// not carry): players 1 to 4 take the corners top left, top right, bottom
// left, bottom right; players 5 to 8 a second box in the same corners,
// next to the first towards the middle of the square's side.
type Target struct {
	boards.Rings
	// Players are the seats' names as printed; "" prints "player N".
	Players []string
}

// Plain implements layout.Plainer: the plain target, its key boxes kept.
func (t Target) Plain() layout.Figure {
	t.Rings = t.Rings.Plain().(boards.Rings)
	return t
}

// Beside implements layout.Rearranger.
func (t Target) Beside() layout.Figure {
	t.Rings = t.Rings.Beside().(boards.Rings)
	return t
}

// square returns the target's square (the circles and the degree scale)
// for a board drawn at o with size s.
func (t Target) square(o layout.Point, s float64) layout.Rect {
	c := t.Center(o, s)
	h := c.X - o.X
	return layout.Rect{Min: layout.Pt(c.X-h, c.Y-h), Max: layout.Pt(c.X+h, c.Y+h)}
}

// Key-box measures, in mm: the inset from the square's sides, the gap
// between the two boxes of a corner and between a box and its label, and
// the smallest label font.
const (
	keyInset    = 0.5
	keyGap      = 1.2
	keyLabelGap = 0.8
	keyFontMin  = 2.0
)

// keySide is the side of a key box in a square w mm wide.
func keySide(w float64) float64 { return math.Min(6, math.Max(3.5, 0.07*w)) }

// KeyBox returns the colour key box of seat p (0-based) for a board drawn
// at o with size s.
func (t Target) KeyBox(o layout.Point, s float64, p int) layout.Rect {
	sq := t.square(o, s)
	b := keySide(sq.W())
	corner, slot := p%4, p/4
	x := sq.Min.X + keyInset
	if corner%2 == 1 {
		x = sq.Max.X - keyInset - b
	}
	y := sq.Min.Y + keyInset + float64(slot)*(b+keyGap)
	if corner >= 2 {
		y = sq.Max.Y - keyInset - b - float64(slot)*(b+keyGap)
	}
	return layout.R(x, y, b, b)
}

// keyLabel returns the label of seat p's box and where it goes: after
// the box in the left corners, before it in the right ones, in the room
// the inscribed circle leaves at the box's depth; the font shrinks, then
// a name is cut short, and where nothing of it fits (or "player N" does
// not) the seat's number stands alone.
func (t Target) keyLabel(o layout.Point, s float64, p int) (string, layout.Point, layout.Font, layout.Align) {
	sq := t.square(o, s)
	box := t.KeyBox(o, s, p)
	b := box.W()
	half := sq.W() / 2
	// The label reaches no deeper from the square's top or bottom side
	// than its box's inner side; from the square's middle there, the
	// circle leaves the room up to x from the left or right side.
	d := half - (keyInset + float64(p/4+1)*b + float64(p/4)*keyGap)
	room := half - math.Sqrt(math.Max(0, half*half-d*d))
	avail := room - (keyInset + b + keyLabelGap)
	name, cut := "player "+strconv.Itoa(p+1), false
	if p < len(t.Players) && t.Players[p] != "" {
		name, cut = t.Players[p], true
	}
	f := fitLabel(name, strconv.Itoa(p+1), layout.Font{Size: math.Min(3.2, math.Max(2.2, 0.6*b))}, avail, cut)
	at := layout.Pt(box.Max.X+keyLabelGap, box.Min.Y+b/2+0.35*f.Size)
	al := layout.Left
	if p%2 == 1 {
		at.X, al = box.Min.X-keyLabelGap, layout.Right
	}
	return f.text, at, f.Font, al
}

// label is a text and the font it fits in.
type label struct {
	text string
	layout.Font
}

// fitLabel fits name into w mm at f: as it is, in a smaller font down to
// keyFontMin, cut short with "…" when cut is set (keeping three
// characters at least), or else short.
func fitLabel(name, short string, f layout.Font, w float64, cut bool) label {
	if layout.TextWidth(name, f) <= w {
		return label{name, f}
	}
	small := layout.Font{Size: keyFontMin}
	if tw := layout.TextWidth(name, small); tw <= w {
		return label{name, layout.Font{Size: math.Max(keyFontMin, f.Size*w/layout.TextWidth(name, f))}}
	}
	if c := layout.Ellipsize(name, small, w); cut && len([]rune(c)) > 3 && layout.TextWidth(c, small) <= w {
		return label{c, small}
	}
	return label{short, f}
}

// Draw implements layout.Figure: the target, then the key boxes.
func (t Target) Draw(c layout.Canvas, o layout.Point, s float64, st layout.Style) {
	t.Rings.Draw(c, o, s, st)
	pen := layout.Pen{Width: math.Max(0.2, st.Line*0.7), Color: layout.Black}
	for p := range t.players() {
		box := t.KeyBox(o, s, p)
		c.Stroke(layout.RectPath(box), pen)
		text, at, f, al := t.keyLabel(o, s, p)
		c.Text(at, text, f, al, layout.Black)
	}
}

// players is the number of key boxes.
func (t Target) players() int { return min(len(t.Players), 8) }

// Features implements layout.Geometer: the target's, and a "key" box per
// seat (named 1.., top left and bottom right corners).
func (t Target) Features(o layout.Point, s float64) []layout.Feature {
	out := t.Rings.Features(o, s)
	for p := range t.players() {
		b := t.KeyBox(o, s, p)
		out = append(out, layout.Feature{Kind: "key", Name: strconv.Itoa(p + 1), X: b.Min.X, Y: b.Min.Y, X2: b.Max.X, Y2: b.Max.Y})
	}
	return out
}
