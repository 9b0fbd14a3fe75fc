package read_test

import (
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"papergames/games/catalog"
	"papergames/read"
	"papergames/read/readtest"
)

// scans returns n pencilled pages of a game's sheet as a 300 dpi copier
// scans them, JPEG files.
func scans(b *testing.B, id string, flags map[string]string, n int) [][]byte {
	b.Helper()
	g, err := catalog.Lookup(id)
	if err != nil {
		b.Fatal(err)
	}
	v, o, err := readtest.Options(g, flags)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	var out [][]byte
	for len(out) < n {
		pages, err := readtest.Sheet(g, v, o)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range pages {
			if err := p.Play(g, v, o, readtest.Pencils[0], rng, 1); err != nil {
				b.Fatal(err)
			}
			out = append(out, readtest.JPEGBytes(readtest.Copiers[1].Apply(p.Img, rng), 90))
		}
	}
	return out[:n]
}

// BenchmarkReadPage300dpi reads one A4 page scanned at 300 dpi (a JPEG of
// 2580 x 3610 pixels): decoding, registration, the code, the pencil, the
// moves. One core.
func BenchmarkReadPage300dpi(b *testing.B) {
	files := scans(b, "permutation-grid", map[string]string{"copies": "2"}, 1)
	b.ReportAllocs()
	for b.Loop() {
		ps, err := read.Pages("scan.jpg", files[0])
		if err != nil {
			b.Fatal(err)
		}
		if pr := read.ReadPage(ps[0]); pr.Err != nil {
			b.Fatal(pr.Err)
		}
	}
}

// BenchmarkReadPages300dpi reads eight such pages on every core, as read
// does; pages/min is the figure README reports.
func BenchmarkReadPages300dpi(b *testing.B) {
	files := scans(b, "permutation-grid", map[string]string{"copies": "2"}, 8)
	b.ReportAllocs()
	for b.Loop() {
		var pages []*read.Page
		for _, f := range files {
			ps, err := read.Pages("scan.jpg", f)
			if err != nil {
				b.Fatal(err)
			}
			pages = append(pages, ps...)
		}
		for _, pr := range read.ReadAll(pages, 0) {
			if pr.Err != nil {
				b.Fatal(pr.Err)
			}
		}
	}
	b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Minutes(), "pages/min")
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkReadPageCPU is BenchmarkReadPage300dpi counted in CPU time, a
// figure the other work on a shared machine sways little, for every game
// read: the pages a minute on two cores are 120 over it.
func BenchmarkReadPageCPU(b *testing.B) {
	for _, cg := range corpus {
		b.Run(cg.id, func(b *testing.B) {
			files := scans(b, cg.id, cg.flags, 1)
			c0 := cpuTime()
			for b.Loop() {
				ps, err := read.Pages("scan.jpg", files[0])
				if err != nil {
					b.Fatal(err)
				}
				if pr := read.ReadPage(ps[0]); pr.Err != nil {
					b.Fatal(pr.Err)
				}
			}
			cpu := (cpuTime() - c0).Seconds() / float64(b.N)
			b.ReportMetric(cpu, "cpu-s/page")
			b.ReportMetric(120/cpu, "pages/min/2cores")
		})
	}
}
