package layout

import (
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The sheets use Go's own fonts, embedded in every PDF, so names in most
// European scripts print the same everywhere.
var (
	fontOnce  sync.Once
	fontFaces [2]*sfnt.Font
	fontErr   error
)

func faces() [2]*sfnt.Font {
	fontOnce.Do(func() {
		for i, b := range [][]byte{goregular.TTF, gobold.TTF} {
			f, err := sfnt.Parse(b)
			if err != nil {
				fontErr = err
				return
			}
			fontFaces[i] = f
		}
	})
	if fontErr != nil {
		panic("layout: embedded Go font is corrupt: " + fontErr.Error())
	}
	return fontFaces
}

func face(f Font) *sfnt.Font {
	if f.Bold {
		return faces()[1]
	}
	return faces()[0]
}

// TTF returns the TrueType bytes of the embedded face.
func (f Font) TTF() []byte {
	if f.Bold {
		return gobold.TTF
	}
	return goregular.TTF
}

// TextWidth returns the advance width of s in millimetres.
func TextWidth(s string, f Font) float64 {
	fc := face(f)
	var buf sfnt.Buffer
	upem := fixed.Int26_6(fc.UnitsPerEm())
	total := 0
	for _, r := range s {
		gi, err := fc.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		adv, err := fc.GlyphAdvance(&buf, gi, upem<<6, font.HintingNone)
		if err != nil {
			continue
		}
		total += int(adv)
	}
	return float64(total) / 64 / float64(fc.UnitsPerEm()) * f.Size
}

// Missing returns the characters of s that the embedded fonts cannot show,
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
