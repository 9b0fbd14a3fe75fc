package layout

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Length units, in millimetres.
const (
	MM   = 1.0
	CM   = 10.0
	Inch = 25.4
	PT   = 25.4 / 72
)

var unitNames = map[string]float64{"mm": MM, "cm": CM, "in": Inch, "pt": PT}

// ParseLength reads a length such as "150mm", "15cm", "6in" or "72pt".
// A bare number is in defUnit ("mm" unless the caller says otherwise).
func ParseLength(s, defUnit string) (float64, error) {
	t := strings.TrimSpace(strings.ToLower(s))
	unit := defUnit
	for name := range unitNames {
		if strings.HasSuffix(t, name) {
			unit, t = name, strings.TrimSpace(strings.TrimSuffix(t, name))
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a length (write e.g. 150mm, 15cm, 6in or 72pt)", s)
	}
	return v * unitNames[unit], nil
}

// Size is a width and height in millimetres.
type Size struct{ W, H float64 }

// Paper sizes by name, portrait, in millimetres.
var Papers = map[string]Size{
	"a3":      {297, 420},
	"a4":      {210, 297},
	"a5":      {148, 210},
	"letter":  {215.9, 279.4},
	"legal":   {215.9, 355.6},
	"tabloid": {279.4, 431.8},
}

// PaperNames lists the named paper sizes, sorted.
func PaperNames() []string {
	var n []string
	for k := range Papers {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// Paper size limits: smaller sheets cannot hold a readable board, larger
// ones are not paper any printer takes.
const (
	MinPaper = 90.0
	MaxPaper = 1200.0
)

// ParsePaper reads a paper name ("a4", "letter", ...) or "WxH" with a unit
// ("210x297mm", "8.5x11in"; a bare "WxH" is in millimetres).
func ParsePaper(s string) (Size, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if p, ok := Papers[t]; ok {
		return p, nil
	}
	parts := strings.Split(t, "x")
	if len(parts) != 2 {
		return Size{}, fmt.Errorf("unknown paper %q (use %s, or WxH such as 210x297mm or 8.5x11in)", s, strings.Join(PaperNames(), ", "))
	}
	unit := "mm"
	for name := range unitNames {
		if strings.HasSuffix(parts[1], name) {
			unit = name
		}
	}
	w, err1 := ParseLength(parts[0], unit)
	h, err2 := ParseLength(parts[1], unit)
	if err1 != nil || err2 != nil {
		return Size{}, fmt.Errorf("unknown paper %q (use %s, or WxH such as 210x297mm or 8.5x11in)", s, strings.Join(PaperNames(), ", "))
	}
	if w < MinPaper || h < MinPaper || w > MaxPaper || h > MaxPaper {
		return Size{}, fmt.Errorf("paper %q is %.1f x %.1f mm; each side must be between %g and %g mm", s, w, h, MinPaper, MaxPaper)
	}
	return Size{w, h}, nil
}

// Landscape returns s with its long side across.
func (s Size) Landscape() Size {
	if s.W < s.H {
		return Size{s.H, s.W}
	}
	return s
}
