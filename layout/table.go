package layout

import (
	"math"
	"strings"
)

// The score table has a column of round numbers and a column per player.
// When the players' natural columns do not fit the width it is given, the
// columns narrow (short names keep their width, long ones share the rest),
// the headings shrink and wrap onto two lines, a heading that still does
// not fit is cut with an ellipsis, and when even narrow columns do not fit
// the players wrap into blocks set one under the other.
const (
	roundColW = 18.0 // the "Round" column
	minColW   = 13.0 // the narrowest player column: room for a written score
	blockGap  = 4.0  // between the blocks of a wrapped table
	ellipsis  = "…"
)

// tableFit is the score table set for a given width.
type tableFit struct {
	blocks [][]int    // the players of each block, in seat order
	colW   []float64  // column width of each player
	head   Font       // font of the player headings
	labels [][]string // heading lines of each player
	headH  float64    // height of the heading row
	rowH   float64    // height of a round's row
	w      float64    // width of the widest block
	whole  bool       // every heading prints whole
}

// headingFonts are tried in order until every heading fits: one line at
// three sizes, then two lines.
var headingFonts = []struct {
	size  float64
	lines int
}{{3.4, 1}, {3.0, 1}, {2.6, 1}, {3.0, 2}, {2.6, 2}}

// fitTable sets the score table in at most width mm.
func (s *Sheet) fitTable(width float64) tableFit {
	n := len(s.Players)
	natural := make([]float64, n)
	sum := 0.0
	for i := range natural {
		natural[i] = s.colWidth(i)
		sum += natural[i]
	}
	rowH := tableRowH
	if s.Compact {
		rowH = compactRowH
	}
	t := tableFit{colW: natural, head: boldFont, headH: rowH, rowH: rowH}
	if roundColW+sum <= width || n == 0 {
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		t.blocks = [][]int{all}
		for i := range natural {
			t.labels = append(t.labels, []string{s.playerLabel(i)})
		}
		t.w, t.whole = roundColW+sum, true
		return t
	}
	// The fewest blocks whose columns are at least minColW wide; a block
	// or two more when that gives every heading room to print whole.
	most := max(1, int((width-roundColW)/minColW))
	nb0 := (n + most - 1) / most
	for nb := nb0; nb <= min(n, nb0+2); nb++ {
		if t := s.tableBlocks(natural, width, nb); t.whole {
			return t
		}
	}
	return s.tableBlocks(natural, width, nb0)
}

// tableBlocks sets the players in nb blocks of width at most width, with
// the largest heading font that fits every heading whole (t.whole), else
// the smallest with the headings cut.
func (s *Sheet) tableBlocks(natural []float64, width float64, nb int) tableFit {
	n := len(natural)
	per := (n + nb - 1) / nb // balance the blocks
	t := tableFit{colW: make([]float64, n), rowH: tableRowH}
	if s.Compact {
		t.rowH = compactRowH
	}
	for first := 0; first < n; first += per {
		var b []int
		for i := first; i < min(first+per, n); i++ {
			b = append(b, i)
		}
		t.blocks = append(t.blocks, b)
		ws := shareWidths(natural[first:first+len(b)], width-roundColW)
		copy(t.colW[first:], ws)
		bw := roundColW
		for _, w := range ws {
			bw += w
		}
		t.w = math.Max(t.w, bw)
	}
	for k, hf := range headingFonts {
		f := Font{Size: hf.size, Bold: true}
		t.labels = t.labels[:0]
		ok := true
		for i := 0; i < n; i++ {
			lines, fits := fitLabel(s.playerLabel(i), f, t.colW[i]-2, hf.lines)
			ok = ok && fits
			t.labels = append(t.labels, lines)
		}
		if ok || k == len(headingFonts)-1 {
			t.head, t.whole = f, ok
			t.headH = t.rowH
			if hf.lines > 1 {
				t.headH = float64(hf.lines)*hf.size*1.2 + 2.4
			}
			break
		}
	}
	return t
}

// shareWidths narrows natural column widths to a total of at most w: the
// columns under a common cap keep their width, the others get the cap.
func shareWidths(natural []float64, w float64) []float64 {
	out := append([]float64(nil), natural...)
	total := 0.0
	for _, x := range natural {
		total += x
	}
	if total <= w {
		return out
	}
	sorted := append([]float64(nil), natural...)
	for i := 1; i < len(sorted); i++ { // insertion sort: a dozen columns
		for j := i; j > 0 && sorted[j] < sorted[j-1]; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	rest, cap := w, w/float64(len(sorted))
	for i, x := range sorted {
		if c := rest / float64(len(sorted)-i); x > c {
			cap = c
			break
		}
		rest -= x
	}
	for i, x := range out {
		out[i] = math.Floor(math.Min(x, cap)*100) / 100
	}
	return out
}

// size returns the table's size for rounds first..last plus the total.
func (t tableFit) size(rows int) Size {
	h := 0.0
	for range t.blocks {
		h += t.headH + float64(rows+1)*t.rowH
	}
	return Size{t.w, h + float64(len(t.blocks)-1)*blockGap}
}

// fitLabel sets s in lines of at most w mm, at most maxLines lines,
// breaking at spaces and after hyphens. It reports false when s does not
// fit whole, and then cuts it with an ellipsis so the cut shows: at the end
// of a single line, else between the first line and the end of the last.
func fitLabel(s string, f Font, w float64, maxLines int) ([]string, bool) {
	if TextWidth(s, f) <= w {
		return []string{s}, true
	}
	var words []string // each with the space or hyphen that ends it
	cur := ""
	for _, r := range s {
		cur += string(r)
		if r == ' ' || r == '-' || r == '‐' {
			words = append(words, cur)
			cur = ""
		}
	}
	if cur != "" {
		words = append(words, cur)
	}
	var raw []string // lines with their ending space kept
	line := ""
	for _, wd := range words {
		if try := line + wd; line == "" || TextWidth(strings.TrimRight(try, " "), f) <= w {
			line = try
			continue
		}
		raw = append(raw, line)
		line = wd
	}
	raw = append(raw, line)
	ok := true
	if len(raw) > maxLines {
		raw[maxLines-1] = strings.Join(raw[maxLines-1:], "")
		raw = raw[:maxLines]
		ok = false
	}
	lines := make([]string, len(raw))
	for i, l := range raw {
		lines[i] = strings.TrimRight(l, " ")
		ok = ok && TextWidth(lines[i], f) <= w
	}
	if ok {
		return lines, true
	}
	if maxLines == 1 {
		return []string{Ellipsize(s, f, w)}, false
	}
	// Cut in the middle, so that names alike at the start ("Anna-Maria
	// Schmidt", "Anna-Maria Weber") stay apart: the start on the first
	// line, "…" and the end on the last.
	first := []rune(strings.TrimRight(raw[0], " "))
	for len(first) > 1 && TextWidth(string(first), f) > w {
		first = first[:len(first)-1]
	}
	rest := []rune(strings.TrimLeft(s[len(string(first)):], " "))
	for len(rest) > 1 && TextWidth(ellipsis+string(rest), f) > w {
		rest = rest[1:]
	}
	return []string{string(first), ellipsis + strings.TrimLeft(string(rest), " ")}, false
}

// Ellipsize cuts s to fit w mm with "…" at the end, so the cut shows.
func Ellipsize(s string, f Font, w float64) string {
	if TextWidth(s, f) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && TextWidth(strings.TrimRight(string(r), " -")+ellipsis, f) > w {
		r = r[:len(r)-1]
	}
	return strings.TrimRight(string(r), " -") + ellipsis
}
