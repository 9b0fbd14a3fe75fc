package readtest

import (
	"math/rand/v2"
	"testing"

	"papergames/layout"
	"papergames/scan"
)

// TestSmudgeDarkens: a smudge, a stray line and a rubbed-out trace darken
// the strokes they fall on; they never paint paper-grey over them.
func TestSmudgeDarkens(t *testing.T) {
	const size, scale = 40.0, 8.0
	pen := Pencil{Dark: 0.6, Width: 0.6, Smudges: 3, Stray: 2, Erased: 2}
	var strokes []scan.Stroke
	for y := 1.0; y < size; y += 2 {
		strokes = append(strokes, scan.Stroke{Tool: scan.Ruler, Points: []layout.Point{{X: 0, Y: y}, {X: size, Y: y}}})
	}
	for seed := range uint64(5) {
		page := layout.NewRaster(size, size, scale)
		pen.Draw(page, strokes, rand.New(rand.NewPCG(seed, 1)))
		for y := 1.0; y < size; y += 2 {
			j := int(y * scale)
			for i := int(2 * scale); i < int((size-2)*scale); i++ {
				// The darkest of the rows the stroke covers.
				darkest := 255
				for dj := -2; dj <= 2; dj++ {
					darkest = min(darkest, int(page.Img.Pix[page.Img.PixOffset(i, j+dj)]))
				}
				if darkest > 160 {
					t.Fatalf("seed %d: the stroke at y = %g mm is paper-light (%d) at x = %.1f mm", seed, y, darkest, float64(i)/scale)
				}
			}
		}
	}
}
