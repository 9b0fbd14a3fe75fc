package layout

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"

	"papergames/internal/pdfcheck"
)

func TestArcBeziersStayOnTheCircle(t *testing.T) {
	c := Pt(105.25, 148.5)
	for _, r := range []float64{0.5, 10, 50, 95, 150, 300, 590} {
		for _, sweep := range []float64{0.1, math.Pi / 3, math.Pi / 2, 2.5, math.Pi, 5, 2 * math.Pi, -2 * math.Pi, -1} {
			pieces := ArcBeziers(c, r, 0.3, sweep)
			worst := 0.0
			for _, b := range pieces {
				if th := math.Abs(sweep) / float64(len(pieces)); th > math.Pi/2+1e-12 {
					t.Fatalf("r=%g sweep=%g: piece of %g degrees, over 90", r, sweep, th*180/math.Pi)
				}
				for i := 0; i <= 200; i++ {
					worst = math.Max(worst, math.Abs(b.At(float64(i)/200).Dist(c)-r))
				}
			}
			if worst > MaxBezierError {
				t.Errorf("r=%g sweep=%g: %d pieces stray %.5f mm from the circle, over %g", r, sweep, len(pieces), worst, MaxBezierError)
			}
			end := pieces[len(pieces)-1].P3
			want := Point{c.X + r*math.Cos(0.3+sweep), c.Y + r*math.Sin(0.3+sweep)}
			if end.Dist(want) > 1e-9 {
				t.Errorf("r=%g sweep=%g: ends at %v, want %v", r, sweep, end, want)
			}
		}
	}
}

// TestPDFCirclesArePrecise draws circles through the PDF writer and reads
// the content stream back: every point of every curve must lie within
// 0.01 mm of the true circle, in page millimetres.
func TestPDFCirclesArePrecise(t *testing.T) {
	type circ struct {
		c Point
		r float64
	}
	circles := []circ{{Pt(105, 148.5), 95}, {Pt(33.3, 44.4), 0.55}, {Pt(150.123, 200.456), 41.7}, {Pt(10, 10), 300}}
	doc := NewPDF("test")
	doc.AddPage(210, 297)
	for _, c := range circles {
		doc.Stroke((&Path{}).Circle(c.c, c.r), Pen{Width: 0.3})
	}
	var buf bytes.Buffer
	if _, err := doc.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	pages := pdfcheck.PageStreams(buf.Bytes())
	if len(pages) != 1 {
		t.Fatalf("found %d page streams, want 1", len(pages))
	}
	subs := pdfcheck.Subpaths(pages[0], 297)
	if len(subs) != len(circles) {
		t.Fatalf("found %d subpaths, want %d", len(subs), len(circles))
	}
	for i, sp := range subs {
		c := circles[i]
		turn := 0.0
		for _, pc := range sp.Pieces {
			if len(pc.P) != 4 {
				t.Fatalf("circle %d: a straight piece in a circle", i)
			}
			for k := 0; k <= 100; k++ {
				p := pc.At(float64(k) / 100)
				if d := math.Abs(math.Hypot(p.X-c.c.X, p.Y-c.c.Y) - c.r); d > 0.01 {
					t.Fatalf("circle %d (r=%g): point %v is %.4f mm off the circle", i, c.r, p, d)
				}
			}
			a0 := math.Atan2(pc.P[0].Y-c.c.Y, pc.P[0].X-c.c.X)
			a1 := math.Atan2(pc.P[3].Y-c.c.Y, pc.P[3].X-c.c.X)
			turn += math.Mod(a1-a0+3*math.Pi, 2*math.Pi) - math.Pi
		}
		if math.Abs(math.Abs(turn)-2*math.Pi) > 1e-3 {
			t.Errorf("circle %d turns %g radians, want a full turn", i, turn)
		}
	}
}

func TestCompassConvention(t *testing.T) {
	c := Pt(100, 100)
	for _, tc := range []struct {
		deg  float64
		want Point
	}{{0, Pt(100, 50)}, {90, Pt(150, 100)}, {180, Pt(100, 150)}, {270, Pt(50, 100)}, {360, Pt(100, 50)}, {-90, Pt(50, 100)}} {
		if got := Compass(c, 50, tc.deg); got != tc.want {
			t.Errorf("Compass(%g) = %v, want exactly %v", tc.deg, got, tc.want)
		}
	}
	p := Compass(c, 50, 45)
	if math.Abs(p.X-100-50/math.Sqrt2) > 1e-12 || math.Abs(p.Y-100+50/math.Sqrt2) > 1e-12 {
		t.Errorf("Compass(45) = %v: 45 degrees is up and to the right", p)
	}
}

func TestParsePaper(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Size
		err  string
	}{
		{"a4", Size{210, 297}, ""},
		{"A3", Size{297, 420}, ""},
		{"letter", Size{215.9, 279.4}, ""},
		{"210x297mm", Size{210, 297}, ""},
		{"210x297", Size{210, 297}, ""},
		{"8.5x11in", Size{215.9, 279.4}, ""},
		{"21x29.7cm", Size{210, 297}, ""},
		{"b5", Size{}, "unknown paper"},
		{"10x10mm", Size{}, "must be between"},
		{"5000x300", Size{}, "must be between"},
		{"axbmm", Size{}, "unknown paper"},
		{"", Size{}, "unknown paper"},
	} {
		got, err := ParsePaper(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParsePaper(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || math.Abs(got.W-tc.want.W) > 1e-9 || math.Abs(got.H-tc.want.H) > 1e-9 {
			t.Errorf("ParsePaper(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseLength(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{{"150mm", 150, true}, {"15cm", 150, true}, {"6in", 152.4, true}, {"72pt", 25.4, true}, {"12", 12, true}, {" 3.5 mm ", 3.5, true},
		{"mm", 0, false}, {"1e400mm", 0, false}, {"NaN", 0, false}, {"12furlongs", 0, false}} {
		got, err := ParseLength(tc.in, "mm")
		if (err == nil) != tc.ok || (tc.ok && math.Abs(got-tc.want) > 1e-9) {
			t.Errorf("ParseLength(%q) = %g, %v", tc.in, got, err)
		}
	}
}

func TestSVGEscapesText(t *testing.T) {
	d := NewSVG(`Title <with> "quotes" & ampersands`)
	d.AddPage(210, 297)
	d.Text(Pt(10, 10), `Zoë <script>alert("x")</script> & Łukasz`, Font{Size: 4}, Center, Black)
	d.Stroke((&Path{}).Circle(Pt(105, 148.5), 95), Pen{Width: 0.35, Dash: []float64{1, 2}})
	d.Fill(Polygon(Pt(0, 0), Pt(10, 0), Pt(0, 10)), Red)
	page := d.Pages()[0]
	dec := xml.NewDecoder(bytes.NewReader(page))
	var texts []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v\n%s", err, page)
		}
		if cd, ok := tok.(xml.CharData); ok && strings.TrimSpace(string(cd)) != "" {
			texts = append(texts, string(cd))
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "aria-label" {
					texts = append(texts, a.Value)
				}
			}
		}
	}
	joined := strings.Join(texts, "|")
	if !strings.Contains(joined, `Zoë <script>alert("x")</script> & Łukasz`) || !strings.Contains(joined, `Title <with> "quotes" & ampersands`) {
		t.Errorf("text did not survive escaping: %q", joined)
	}
	if !strings.Contains(string(page), `<circle cx="105000" cy="148500" r="95000"`) {
		t.Errorf("circle not written as a native circle in micrometres:\n%s", page)
	}
	if !strings.Contains(string(page), `width="210mm" height="297mm"`) {
		t.Errorf("page size not in millimetres:\n%s", page[:200])
	}
}

func TestSaveLeavesNoPartialFile(t *testing.T) {
	dir := t.TempDir()
	d := NewPDF("x")
	d.AddPage(210, 297)
	if _, err := Save(d, filepath.Join(dir, "missing", "out.pdf"), io.Discard); err == nil {
		t.Fatal("saving into a missing folder succeeded")
	}
	s := NewSVG("x")
	s.AddPage(210, 297)
	s.AddPage(210, 297)
	names, err := Save(s, filepath.Join(dir, "sheet.svg"), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 2 || filepath.Base(names[0]) != "sheet-1.svg" || filepath.Base(names[1]) != "sheet-2.svg" {
		t.Errorf("names = %v", names)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
	if _, err := Save(s, "-", io.Discard); err == nil || !strings.Contains(err.Error(), "2 pages") {
		t.Errorf("two SVG pages to stdout: err = %v", err)
	}
}

func TestWrap(t *testing.T) {
	f := Font{Size: 3.4}
	lines := Wrap("the quick brown fox jumps over the lazy dog again and again", f, 40)
	if len(lines) < 2 {
		t.Fatalf("no wrapping: %q", lines)
	}
	for _, l := range lines {
		if TextWidth(l, f) > 40 && strings.Contains(l, " ") {
			t.Errorf("line %q is %.1f mm wide, over 40", l, TextWidth(l, f))
		}
	}
	if got := strings.Join(lines, " "); got != "the quick brown fox jumps over the lazy dog again and again" {
		t.Errorf("words lost: %q", got)
	}
}

func TestTextWidthAndMissing(t *testing.T) {
	f := Font{Size: 10}
	if w := TextWidth("M", f); w < 5 || w > 12 {
		t.Errorf("width of M at 10 mm = %g", w)
	}
	if TextWidth("MM", f) <= TextWidth("M", f) {
		t.Error("width does not grow")
	}
	if m := Missing("Zoë Łukasz Ørsted Ελένη Дмитрий"); m != "" {
		t.Errorf("Go font lacks %q", m)
	}
	if m := Missing("李雷"); m != "李雷" {
		t.Errorf("Missing(CJK) = %q", m)
	}
}

// SVG text is drawn with the embedded font's outlines: every glyph used is
// defined once on its page, and the string starts where the alignment
// puts it, measured with the same metrics as the PDF.
func TestSVGTextOutlines(t *testing.T) {
	d := NewSVG("t")
	d.AddPage(100, 100)
	f := Font{Size: 5}
	d.Text(Pt(50, 20), "Abba", f, Center, Black)
	d.Text(Pt(90, 40), "Abba b", Font{Size: 5, Bold: true}, Right, Black)
	page := string(d.Pages()[0])
	uses := regexp.MustCompile(`<use href="#(g[rb]\d+)" transform="translate\((\d+) (\d+)\)`).FindAllStringSubmatch(page, -1)
	if len(uses) != 9 { // the space has no outline
		t.Fatalf("%d glyphs drawn, want 9:\n%s", len(uses), page)
	}
	for _, m := range uses {
		if strings.Count(page, `id="`+m[1]+`"`) != 1 {
			t.Errorf("glyph %s is defined %d times", m[1], strings.Count(page, `id="`+m[1]+`"`))
		}
	}
	if got, want := uses[0][2], strconv.Itoa(u(50-TextWidth("Abba", f)/2)); got != want {
		t.Errorf("centred text starts at x=%s, want %s", got, want)
	}
	if uses[0][3] != "20000" {
		t.Errorf("baseline at y=%s, want 20000", uses[0][3])
	}
	if len(regexp.MustCompile(`id="gr\d+"`).FindAllString(page, -1)) != 3 { // A, b, a
		t.Errorf("regular glyphs not defined once each:\n%s", page)
	}
}

// A character beyond U+FFFF (an emoji in a name) crashed gofpdf's font
// map; the PDF writer now prints U+FFFD in its place.
func TestPDFTextBeyondBMP(t *testing.T) {
	doc := NewPDF("Ann, B😀")
	doc.AddPage(210, 297)
	for _, a := range []Align{Left, Center, Right} {
		doc.Text(Pt(100, 100), "B😀 𝒳 ok", Font{Size: 4}, a, Black)
		doc.Text(Pt(100, 110), "B😀", Font{Size: 4, Bold: true}, a, Black)
	}
	var buf bytes.Buffer
	if _, err := doc.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if got := PDFText("B😀c"); got != "B\uFFFDc" {
		t.Errorf("PDFText = %q", got)
	}
	if got := BeyondPDF("a😀b😀𝒳"); got != "😀𝒳" {
		t.Errorf("BeyondPDF = %q", got)
	}
}

// SetFont replaces Go's fonts for measuring, PDF and SVG; a file that is
// not a TrueType font is refused.
func TestSetFont(t *testing.T) {
	t.Cleanup(func() { SetFont(nil) })
	regular := TextWidth("iiii", Font{Size: 4})
	if err := SetFont([]byte("not a font at all, not at all")); err == nil {
		t.Error("SetFont accepted garbage")
	}
	if err := SetFont(gomono.TTF); err != nil {
		t.Fatal(err)
	}
	if !CustomFont() || !bytes.Equal(Font{Bold: true}.TTF(), gomono.TTF) {
		t.Error("the bold face is not the given font")
	}
	if mono := TextWidth("iiii", Font{Size: 4}); math.Abs(mono-regular) < 0.1 {
		t.Errorf("width %g with the monospaced font, %g with Go regular: not switched", mono, regular)
	}
	pdf := func() []byte {
		doc := NewPDF("t")
		doc.AddPage(210, 297)
		doc.Text(Pt(10, 10), "Zoë Łukasz", Font{Size: 4, Bold: true}, Center, Black)
		var buf bytes.Buffer
		if _, err := doc.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	svg := NewSVG("t")
	svg.AddPage(210, 297)
	svg.Text(Pt(10, 10), "Zoë Łukasz", Font{Size: 4}, Center, Black)
	mono := pdf()
	SetFont(nil)
	if bytes.Equal(mono, pdf()) {
		t.Error("the PDF is the same with the given font as with Go's")
	}
	if CustomFont() || TextWidth("iiii", Font{Size: 4}) != regular {
		t.Error("SetFont(nil) did not restore Go's fonts")
	}
}

// droidFallback is Debian's CJK fallback font (fonts-droid-fallback,
// which .ci/run installs): a font without Latin letters.
const droidFallback = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

// A font without Latin letters draws only what Go's fonts lack: the
// Latin text measures and draws as before, the CJK characters in the
// given font, in PDF (its own embedded font) and SVG (its outlines).
func TestFallbackFont(t *testing.T) {
	ttf, err := os.ReadFile(droidFallback)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%v; .ci/run must install fonts-droid-fallback", err)
		}
		t.Skip(err)
	}
	t.Cleanup(func() { SetFont(nil) })
	f := Font{Size: 4}
	latin := TextWidth("Player 1: ", f)
	if Missing("张伟") != "张伟" {
		t.Fatalf("Go's font has CJK? missing %q", Missing("张伟"))
	}
	if err := SetFont(ttf); err != nil {
		t.Fatal(err)
	}
	if !CustomFont() || Missing("张伟 Bob") != "" {
		t.Errorf("with the fallback: custom %v, missing %q", CustomFont(), Missing("张伟 Bob"))
	}
	if w := TextWidth("Player 1: ", f); w != latin {
		t.Errorf("Latin text measures %g with the fallback, %g without", w, latin)
	}
	both := TextWidth("Player 1: 张伟", f)
	if cjk := TextWidth("张伟", f); cjk < 2*0.8*f.Size || math.Abs(both-latin-cjk) > 1e-9 {
		t.Errorf("widths: %g for the CJK, %g for both, %g for the Latin", cjk, both, latin)
	}
	parts, fb := runs("Player 1: 张伟!", f)
	if fmt.Sprint(parts, fb) != "[Player 1:  张伟 !] [false true false]" {
		t.Errorf("runs: %q %v", parts, fb)
	}
	svg := NewSVG("t")
	svg.AddPage(210, 297)
	svg.Text(Pt(10, 10), "Ann 张伟", f, Left, Black)
	page := string(svg.Pages()[0])
	if !strings.Contains(page, `id="gf`) || !strings.Contains(page, `id="gr`) {
		t.Error("the SVG lacks the fallback's or Go's glyphs")
	}
	doc := NewPDF("t")
	doc.AddPage(210, 297)
	doc.Text(Pt(10, 10), "Ann 张伟", f, Left, Black)
	var buf bytes.Buffer
	if _, err := doc.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 200<<10 {
		t.Errorf("a PDF of one line is %d KB: the fallback font is not subset", buf.Len()>>10)
	}
}
