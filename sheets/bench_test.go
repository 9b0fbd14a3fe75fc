package sheets

import (
	"testing"

	"papergames/games/rings"
	"papergames/layout"
)

// BenchmarkRingTargets100 writes 100 ring-target boards (--copies 100) as
// one PDF and reports the bytes each page adds beyond a one-page sheet,
// which carries the one-time font.
func BenchmarkRingTargets100(b *testing.B) {
	g := rings.Game{}
	size := func(copies int) int {
		o := opts("a4")
		o.Copies = copies
		return len(render(b, g, defaults(g), o, layout.FormatPDF)[0])
	}
	perPage := float64(size(100)-size(1)) / 99
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		size(100)
	}
	b.ReportMetric(perPage/1024, "KB/page")
}
