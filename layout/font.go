package layout

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The sheets use Go's own fonts, embedded in every PDF, so names in most
// European scripts print the same everywhere. SetFont adds a font the user
// gives (--font) for scripts they lack: one with the Latin letters and
// digits of the sheet's own text replaces them; one without (a CJK font
// such as Droid Sans Fallback) draws only the characters they lack.
var (
	fontMu    sync.Mutex
	fontFaces [2]*sfnt.Font
	userTTF   []byte     // the font given to SetFont to replace Go's; nil for Go's own
	fallback  *sfnt.Font // the font given to SetFont for what the faces lack; nil for none
	fallTTF   []byte
	// picks caches, with a fallback, which face draws each character:
	// true for the fallback.
	picks = map[pickKey]bool{}
)

type pickKey struct {
	bold bool
	r    rune
}

func faces() [2]*sfnt.Font {
	fontMu.Lock()
	defer fontMu.Unlock()
	if fontFaces[0] == nil {
		for i, b := range [][]byte{goregular.TTF, gobold.TTF} {
			f, err := sfnt.Parse(b)
			if err != nil {
				panic("layout: embedded Go font is corrupt: " + err.Error())
			}
			fontFaces[i] = f
		}
	}
	return fontFaces
}

func face(f Font) *sfnt.Font {
	if f.Bold {
		return faces()[1]
	}
	return faces()[0]
}

// faceFor returns the face that draws r in f, and whether it is the
// fallback: f's own face unless it lacks r and the fallback has it.
func faceFor(f Font, r rune) (*sfnt.Font, bool) {
	own := face(f)
	fontMu.Lock()
	fb := fallback
	if fb == nil {
		fontMu.Unlock()
		return own, false
	}
	useFB, ok := picks[pickKey{f.Bold, r}]
	fontMu.Unlock()
	if !ok {
		var buf sfnt.Buffer
		gi, err := own.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			gi, err = fb.GlyphIndex(&buf, r)
			useFB = err == nil && gi != 0
		}
		fontMu.Lock()
		picks[pickKey{f.Bold, r}] = useFB
		fontMu.Unlock()
	}
	if useFB {
		return fb, true
	}
	return own, false
}

// Runs splits s into runs drawn by one face each: the fallback's (true)
// or f's own.
func runs(s string, f Font) (out []string, fb []bool) {
	start := 0
	cur := false
	for i, r := range s {
		_, b := faceFor(f, r)
		if i > 0 && b != cur {
			out, fb = append(out, s[start:i]), append(fb, cur)
			start = i
		}
		cur = b
	}
	return append(out, s[start:]), append(fb, cur)
}

// SetFont adds the TrueType font ttf to all text drawn from now on, in PDF
// (embedded) and SVG (as outlines): a font with the Latin letters and
// digits of the sheet's own text replaces Go's (regular and bold alike);
// one without them draws only the characters Go's fonts lack. nil
// restores Go's fonts alone. It refuses a font that the PDF writer cannot
// embed (OpenType with CFF outlines, a collection, a broken file).
func SetFont(ttf []byte) error {
	if ttf == nil {
		fontMu.Lock()
		fontFaces, userTTF, fallback, fallTTF, picks = [2]*sfnt.Font{}, nil, nil, nil, map[pickKey]bool{}
		fontMu.Unlock()
		return nil
	}
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return fmt.Errorf("not a TrueType font: %v", err)
	}
	if !hasTable(ttf, "glyf") {
		return fmt.Errorf("the font has no TrueType outlines (an OpenType/CFF font, .otf, cannot be embedded in a PDF here): give a .ttf font")
	}
	if err := checkPDFEmbed(ttf); err != nil {
		return err
	}
	var buf sfnt.Buffer
	lacks := false
	for _, r := range sheetText {
		if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 {
			lacks = true
		}
	}
	fontMu.Lock()
	defer fontMu.Unlock()
	picks = map[pickKey]bool{}
	if lacks {
		fontFaces, userTTF, fallback, fallTTF = [2]*sfnt.Font{}, nil, f, ttf
		return nil
	}
	fontFaces, userTTF, fallback, fallTTF = [2]*sfnt.Font{f, f}, ttf, nil, nil
	return nil
}

// FallbackTTF returns the TrueType bytes of the font that draws what the
// faces lack, nil when there is none.
func FallbackTTF() []byte {
	fontMu.Lock()
	defer fontMu.Unlock()
	return fallTTF
}

// sheetText holds the characters every sheet prints itself.
const sheetText = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789:.,·%/()"

// hasTable reports whether the font file b has a table named tag.
func hasTable(b []byte, tag string) bool {
	if len(b) < 12 {
		return false
	}
	n := int(b[4])<<8 | int(b[5])
	for i := 0; i < n; i++ {
		o := 12 + 16*i
		if o+4 > len(b) {
			return false
		}
		if string(b[o:o+4]) == tag {
			return true
		}
	}
	return false
}

// CustomFont reports whether SetFont has given a font.
func CustomFont() bool {
	fontMu.Lock()
	defer fontMu.Unlock()
	return userTTF != nil || fallback != nil
}

// TTF returns the TrueType bytes of the face.
func (f Font) TTF() []byte {
	fontMu.Lock()
	u := userTTF
	fontMu.Unlock()
	switch {
	case u != nil:
		return u
	case f.Bold:
		return gobold.TTF
	}
	return goregular.TTF
}

// MaxPDFRune is the last character a PDF of ours can hold: gofpdf maps
// characters through a table of 65536 entries. PDFText replaces the
// characters beyond it.
const MaxPDFRune = 0xFFFF

// PDFText returns s with every character beyond MaxPDFRune (an emoji, a
// rare CJK ideograph) replaced by U+FFFD, the replacement character, so
// that the cut shows on the page.
func PDFText(s string) string {
	for _, r := range s {
		if r > MaxPDFRune {
			return strings.Map(func(r rune) rune {
				if r > MaxPDFRune {
					return '\uFFFD'
				}
				return r
			}, s)
		}
	}
	return s
}

// BeyondPDF returns the characters of s that a PDF cannot hold (see
// PDFText), each once.
func BeyondPDF(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > MaxPDFRune && !strings.ContainsRune(b.String(), r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// advances caches the advance of each character met, per face (layouts
// measure the same strings many times while they search for a fit).
var (
	advMu    sync.RWMutex
	advances = map[advKey]int{} // 26.6 font units
)

type advKey struct {
	face *sfnt.Font
	r    rune
}

// TextWidth returns the advance width of s in millimetres.
func TextWidth(s string, f Font) float64 {
	own := face(f)
	total, fbTotal := 0, 0 // 26.6 font units of each face
	var fb *sfnt.Font
	ascii := asciiAdvances(f, own)
	for _, r := range s {
		if r < 128 && ascii.adv[r] >= 0 {
			total += int(ascii.adv[r])
			continue
		}
		fc, isFB := faceFor(f, r)
		if isFB {
			fb = fc
			fbTotal += advance(fc, r)
			continue
		}
		total += advance(fc, r)
	}
	w := float64(total) / 64 / float64(own.UnitsPerEm()) * f.Size
	if fb != nil {
		w += float64(fbTotal) / 64 / float64(fb.UnitsPerEm()) * f.Size
	}
	return w
}

// asciiTable is the advance of each ASCII character drawn by own, the
// face TextWidth measures with (-1: another face draws it), so that the
// common text is measured without a lock or a map per character (a
// compact sheet of 500 copies measured its keys' text for 165 s).
type asciiTable struct {
	own, fallback *sfnt.Font
	adv           [128]int32
}

var asciiTables [2]atomic.Pointer[asciiTable]

// asciiAdvances returns the table of f's face own, made again when
// SetFont changed the faces.
func asciiAdvances(f Font, own *sfnt.Font) *asciiTable {
	i := 0
	if f.Bold {
		i = 1
	}
	fontMu.Lock()
	fb := fallback
	fontMu.Unlock()
	if t := asciiTables[i].Load(); t != nil && t.own == own && t.fallback == fb {
		return t
	}
	t := &asciiTable{own: own, fallback: fb}
	for r := range rune(128) {
		t.adv[r] = -1
		if fc, isFB := faceFor(f, r); !isFB && fc == own {
			t.adv[r] = int32(advance(own, r))
		}
	}
	asciiTables[i].Store(t)
	return t
}

// advance returns r's advance in fc, in 26.6 font units.
func advance(fc *sfnt.Font, r rune) int {
	advMu.RLock()
	a, ok := advances[advKey{fc, r}]
	advMu.RUnlock()
	if ok {
		return a
	}
	var buf sfnt.Buffer
	if gi, err := fc.GlyphIndex(&buf, r); err == nil {
		if adv, err := fc.GlyphAdvance(&buf, gi, fixed.Int26_6(fc.UnitsPerEm())<<6, font.HintingNone); err == nil {
			a = int(adv)
		}
	}
	advMu.Lock()
	advances[advKey{fc, r}] = a
	advMu.Unlock()
	return a
}

// Missing returns the characters of s that the sheet's fonts cannot show,
// so that callers can warn before a name prints as empty boxes.
func Missing(s string) string {
	var buf sfnt.Buffer
	var b strings.Builder
	for _, r := range s {
		if r < ' ' {
			continue
		}
		fc, _ := faceFor(Font{}, r)
		if gi, err := fc.GlyphIndex(&buf, r); err != nil || gi == 0 {
			if !strings.ContainsRune(b.String(), r) {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// Wrap breaks s into lines no wider than w millimetres, at spaces.
func Wrap(s string, f Font, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && TextWidth(try, f) > w {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
