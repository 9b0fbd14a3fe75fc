package read

import (
	"image"
	"math"
	"testing"

	"papergames/layout"
	"papergames/scan"
	"papergames/sheets"
)

// TestCarryWhite: the paper's white under a shading on a board wider
// than background's reach is the paper's round it, in full light and in
// a shadow and across a shadow's edge (following its slope), while a
// shadow keeps its own white: soft-edged, coming in
// sharp from the page's edge, or sharp all round but off the boards.
func TestCarryWhite(t *testing.T) {
	ph, reg := shadedPage()
	white := func(x, y float64) float64 { return ph.white(x*shadedPerMM, y*shadedPerMM) }
	paper := func(x float64) float64 { return 240 * (1 - 0.35/(1+math.Exp(-(x-140)/4.6))) }
	if w := white(70, 64); w > 0.8*paper(70) {
		t.Fatalf("before: the white in the middle of the wide shading is %.0f; the test needs background to miss it", w)
	}
	ph.carryWhite(reg, shadedBoards)
	for _, c := range []struct {
		name       string
		x, y, want float64
	}{
		{"the middle of the wide shading", 70, 64, paper(70)},
		{"the middle of the wide shading, below", 70, 136, paper(70)},
		{"inside the shaded rings", 70, 100, paper(70)},
		{"the shaded disc in the shadow", 180, 200, paper(180)},
		{"bare paper", 110, 30, paper(110)},
		{"the soft shadow", 190, 40, paper(190)},
		{"the sharp shadow from the page's edge", 15, 280, 0.7 * paper(15)},
		{"the sharp shadow off the boards", 75, 255, 0.7 * paper(75)},
		// Across the shadow's edge, as on the bare paper beside it
		// (background's white there leads the shadow by its reach).
		{"the shading across the shadow's edge, in the light", 125, 268, white(125, 238)},
		{"the shading across the shadow's edge, at the edge", 140, 268, white(140, 238)},
		{"the shading across the shadow's edge, in the shadow", 155, 268, white(155, 238)},
	} {
		if got := white(c.x, c.y); math.Abs(got/c.want-1) > 0.06 {
			t.Errorf("%s (%g, %g): white %.1f, want %.1f", c.name, c.x, c.y, got, c.want)
		}
	}
}

// BenchmarkCarryWhite mends the white of TestCarryWhite's page: its grid
// of cells is any page's (100 along the long side).
func BenchmarkCarryWhite(b *testing.B) {
	ph, reg := shadedPage()
	bg := ph.bg
	b.ReportAllocs()
	for b.Loop() {
		ph.bg = bg
		ph.carryWhite(reg, shadedBoards)
	}
}

const shadedPerMM = 2.0

// shadedBoards are shadedPage's boards: the rings, the disc, the
// shading across the shadow's edge.
var shadedBoards = []layout.Rect{layout.R(10, 40, 120, 120), layout.R(155, 175, 50, 50), layout.R(108, 246, 64, 43)}

// shadedPage is an A4 page at shadedPerMM pixels a mm: paper under a
// soft shadow and a sharp one, three rings shaded side by side, a
// shaded disc in the shadow, thin printed lines.
func shadedPage() (*photo, *Registration) {
	const perMM = shadedPerMM
	const paperW, paperH = 210.0, 297.0
	img := image.NewGray(image.Rect(0, 0, int(paperW*perMM), int(paperH*perMM)))
	lum := func(x, y float64) float64 {
		v := 240.0
		// A soft shadow over the page's right part (as the corpus's
		// phones cast: 35% deep, 4.6 mm logistic edge).
		v *= 1 - 0.35/(1+math.Exp(-(x-140)/4.6))
		// A sharp shadow in from the bottom left corner, and one
		// sharp all round.
		if x < 40 && y > 250 || x > 60 && x < 90 && y > 235 && y < 275 {
			v *= 0.7
		}
		// Three rings shaded side by side, in full light.
		if r := math.Hypot(x-70, y-100); r > 15 && r < 57 {
			v *= 0.67
		}
		// A shaded disc 40 mm across in the shadow, and a shading
		// 56 mm wide across the shadow's edge.
		if math.Hypot(x-180, y-200) < 20 || x > 112 && x < 168 && y > 250 && y < 285 {
			v *= 0.67
		}
		// Thin printed lines, as on every board.
		if math.Mod(x, 12) < 0.3 || math.Mod(y, 12) < 0.3 {
			v = 30
		}
		return v
	}
	for j := 0; j < img.Rect.Dy(); j++ {
		for i := 0; i < img.Rect.Dx(); i++ {
			img.Pix[j*img.Stride+i] = uint8(math.Round(lum((float64(i)+0.5)/perMM, (float64(j)+0.5)/perMM)))
		}
	}
	ph := newPhoto(img)
	reg := &Registration{
		H:    scan.Homography{perMM, 0, 0, 0, perMM, 0, 0, 0, 1},
		Code: &sheets.Code{Paper: layout.Size{W: paperW, H: paperH}},
	}
	return ph, reg
}

// TestCarryWhiteKeeps: carryWhite only ever raises the white, and leaves
// it, smoothed as background smooths it, wherever nothing was carried.
// The page is dim paper under a soft shadow, with a board holding a
// patch of glare (brighter than the paper round it, sharp edged) and a
// shaded disc (darker, sharp edged).
func TestCarryWhiteKeeps(t *testing.T) {
	const perMM = shadedPerMM
	const paperW, paperH = 210.0, 297.0
	img := image.NewGray(image.Rect(0, 0, int(paperW*perMM), int(paperH*perMM)))
	for j := 0; j < img.Rect.Dy(); j++ {
		for i := 0; i < img.Rect.Dx(); i++ {
			x, y := (float64(i)+0.5)/perMM, (float64(j)+0.5)/perMM
			v := 170 * (1 - 0.35/(1+math.Exp(-(x-140)/4.6)))
			if x > 40 && x < 80 && y > 60 && y < 100 {
				v = 240 // glare
			}
			if math.Hypot(x-60, y-180) < 20 {
				v *= 0.67
			}
			img.Pix[j*img.Stride+i] = uint8(math.Round(v))
		}
	}
	ph := newPhoto(img)
	reg := &Registration{
		H:    scan.Homography{perMM, 0, 0, 0, perMM, 0, 0, 0, 1},
		Code: &sheets.Code{Paper: layout.Size{W: paperW, H: paperH}},
	}
	before := append([]float32(nil), ph.bg...)
	white := func(x, y float64) float64 { return ph.white(x*perMM, y*perMM) }
	if w := white(60, 180); w > 0.8*170 {
		t.Fatalf("before: the white in the disc is %.0f; the test needs background to miss it", w)
	}
	ph.carryWhite(reg, []layout.Rect{layout.R(20, 40, 80, 180)})
	if w := white(60, 80); math.Abs(w/240-1) > 0.03 {
		t.Errorf("the glare's white is %.1f, want 240: it was lowered to the paper's round it", w)
	}
	if w := white(60, 180); math.Abs(w/170-1) > 0.04 {
		t.Errorf("the disc's white is %.1f, want 170", w)
	}
	far, curved := 0, 0
	for j := range ph.bgH {
		for i := range ph.bgW {
			x, y := (float64(i)+0.5)*ph.bgStep/perMM, (float64(j)+0.5)*ph.bgStep/perMM
			if math.Hypot(x-60, y-180) < 40 || x > 20 && x < 100 && y > 40 && y < 120 {
				continue // near what was carried (or kept)
			}
			far++
			if x > 130 && x < 150 {
				curved++
			}
			if n := j*ph.bgW + i; ph.bg[n] != before[n] {
				t.Fatalf("the white at (%.0f, %.0f) mm, far from what was carried, changed from %g to %g", x, y, before[n], ph.bg[n])
			}
		}
	}
	if far == 0 || curved == 0 {
		t.Fatal("no cell far from the carried regions was checked")
	}
}
