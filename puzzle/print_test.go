package puzzle

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"papergames/layout"
)

func runTool(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not installed; .ci/run must install it", name)
		}
		t.Skipf("%s not installed", name)
	}
	cmd := exec.Command(p, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Every kind's PDF passes qpdf, embeds its fonts, is A4 in real size and
// renders; its SVG pages render.
func TestPrintRules(t *testing.T) {
	dir := t.TempDir()
	for _, k := range Kinds() {
		s, err := Build(k, options(Easy, 2, 1))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, k.Name+".pdf")
		if err := os.WriteFile(name, render(t, s, layout.FormatPDF)[0], 0o644); err != nil {
			t.Fatal(err)
		}
		runTool(t, dir, "qpdf", "--check", name)
		fonts := strings.Split(strings.TrimSpace(runTool(t, dir, "pdffonts", name)), "\n")
		if len(fonts) < 3 {
			t.Errorf("%s: no fonts listed", name)
		}
		for _, l := range fonts[2:] {
			if f := strings.Fields(l); len(f) < 5 || f[len(f)-5] != "yes" {
				t.Errorf("%s: font not embedded: %s", name, l)
			}
		}
		if info := runTool(t, dir, "pdfinfo", name); !strings.Contains(info, "595.28 x 841.89 pts") || !strings.Contains(strings.Join(strings.Fields(info), " "), "Pages: 2") {
			t.Errorf("%s: not two A4 pages:\n%s", name, info)
		}
		runTool(t, dir, "pdftoppm", "-r", "20", "-png", name, filepath.Join(dir, k.Name))
		for i, page := range render(t, s, layout.FormatSVG) {
			svg := filepath.Join(dir, k.Name+"-"+string(rune('1'+i))+".svg")
			if err := os.WriteFile(svg, page, 0o644); err != nil {
				t.Fatal(err)
			}
			runTool(t, dir, "rsvg-convert", "-o", svg+".png", svg)
		}
	}
}

// TestMostCounts: "1 face of 4 or more sides", not "1 4+ sided faces".
func TestMostCounts(t *testing.T) {
	for _, tc := range []struct {
		tri  bool
		n    int
		want string
	}{{false, 1, "1 face of 4 or more sides"}, {false, 3, "3 faces of 4 or more sides"}, {true, 1, "1 triangle"}, {true, 0, "0 triangles"}} {
		if got := (Most{Triangles: tc.tri}).count(tc.n); got != tc.want {
			t.Errorf("%v %d: %q, want %q", tc.tri, tc.n, got, tc.want)
		}
	}
}
