package layout

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The sheets use Go's own fonts, embedded in every PDF, so names in most
// European scripts print the same everywhere. SetFont replaces them with a
// font the user gives (--font), for scripts they lack.
var (
	fontMu    sync.Mutex
	fontFaces [2]*sfnt.Font
	userTTF   []byte // the font given to SetFont; nil for Go's own
)

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

// SetFont makes the TrueType font ttf the face of all text drawn from now
// on, regular and bold alike, in PDF (embedded) and SVG (as outlines);
// nil restores Go's own fonts. It refuses a font that the PDF writer
// cannot embed (OpenType with CFF outlines, a collection, a broken file)
// and one without the Latin letters and digits of the sheet's own text.
func SetFont(ttf []byte) error {
	if ttf == nil {
		fontMu.Lock()
		fontFaces, userTTF = [2]*sfnt.Font{}, nil
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
	var lacks []rune
	for _, r := range sheetText {
		if gi, err := f.GlyphIndex(&buf, r); err != nil || gi == 0 {
			lacks = append(lacks, r)
		}
	}
	if len(lacks) > 0 {
		return fmt.Errorf("the font lacks characters of the sheet's own text (%s): it replaces Go's font for all text, so give one that has Latin letters and digits too (a fallback-only font such as Droid Sans Fallback will not do)", string(lacks))
	}
	fontMu.Lock()
	fontFaces, userTTF = [2]*sfnt.Font{f, f}, ttf
	fontMu.Unlock()
	return nil
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

// CustomFont reports whether SetFont has replaced Go's fonts.
func CustomFont() bool {
	fontMu.Lock()
	defer fontMu.Unlock()
	return userTTF != nil
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
	fc := face(f)
	total := 0
	var missed []rune
	advMu.RLock()
	for _, r := range s {
		if a, ok := advances[advKey{fc, r}]; ok {
			total += a
		} else {
			missed = append(missed, r)
		}
	}
	advMu.RUnlock()
	if len(missed) > 0 {
		var buf sfnt.Buffer
		upem := fixed.Int26_6(fc.UnitsPerEm())
		advMu.Lock()
		for _, r := range missed {
			a, ok := advances[advKey{fc, r}]
			if !ok {
				if gi, err := fc.GlyphIndex(&buf, r); err == nil {
					if adv, err := fc.GlyphAdvance(&buf, gi, upem<<6, font.HintingNone); err == nil {
						a = int(adv)
					}
				}
				advances[advKey{fc, r}] = a
			}
			total += a
		}
		advMu.Unlock()
	}
	return float64(total) / 64 / float64(fc.UnitsPerEm()) * f.Size
}

// Missing returns the characters of s that the sheet's font cannot show,
// so that callers can warn before a name prints as empty boxes.
func Missing(s string) string {
	fc := faces()[0]
	var buf sfnt.Buffer
	var b strings.Builder
	for _, r := range s {
		if r < ' ' {
			continue
		}
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
