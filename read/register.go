package read

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"

	"papergames/games"
	"papergames/layout"
	"papergames/scan"
	"papergames/sheets"
)

// Registration is a page found in its image: the map from the page's
// millimetres to the image's pixels, fitted to the four marks and the
// code's three finder patterns, and what the code says.
type Registration struct {
	H    scan.Homography
	Code *sheets.Code
	Text string // the code's text
	// RMS and Worst are the fit's residuals at its seven points, in mm on
	// the page: how far the page is from flat, or the marks misread.
	RMS, Worst float64
	// Marks are the marks' centres in the image: top left, top right,
	// bottom right, bottom left of the page.
	Marks [4]layout.Point
	// Turn is the page's rotation in the image, degrees clockwise.
	Turn float64
}

// MaxResidual is the worst residual of a registration, in mm, that read
// accepts: past it the page is bent, folded, or not one page.
const MaxResidual = 1.5

// Errors of registration, each said with the page it is about.
var (
	ErrNoMarks   = errors.New("no papergames sheet found: fewer than four registration marks (the black rings in the page's corners) are visible; photograph or scan the whole page, its four corners in the picture, flat, in good light (a record form or a rules page has no marks and need not be scanned)")
	ErrNoCode    = errors.New("the registration marks are there but the page's code (the square pattern at the top right) cannot be decoded: it may be smudged, folded, out of focus, or in shadow")
	ErrTwoSheets = errors.New("more than one sheet in the image: photograph or scan one page at a time")
	ErrMirrored  = errors.New("the page is mirrored (flipped left to right, as a scan through the paper or a selfie camera makes it): flip the image back and read it again")
)

// register finds the page in the photo.
func (ph *photo) register(find func(string) games.Game) (*Registration, error) {
	cands := ph.findMarks()
	quad, ok := pickQuad(cands)
	if !ok {
		return nil, ErrNoMarks
	}
	// Marks stand in the page's margin with paper round them; four round
	// letters of a page without marks (a record form, a rules page) have
	// print about them.
	alone := ph.clearAround(quad)
	if others := outside(cands, quad); alone && others >= 4 {
		return nil, ErrTwoSheets
	}
	// The page's top left is the mark whose code, read at the next mark
	// clockwise, decodes upright: try the likeliest first (the page's top
	// left nearest the image's).
	starts := []int{0, 1, 2, 3}
	sort.Slice(starts, func(i, j int) bool {
		a, b := quad[starts[i]].c, quad[starts[j]].c
		return a.X+a.Y < b.X+b.Y
	})
	var lastErr error = ErrNoCode
	for _, s := range starts {
		tl, tr, br, bl := quad[s], quad[(s+1)%4], quad[(s+2)%4], quad[(s+3)%4]
		text, raw, finders, err := ph.decodeCode(tl, tr, br, bl)
		if err != nil {
			continue
		}
		code, err := sheets.ParseCode(text, find)
		if err != nil {
			lastErr = err
			if errors.Is(err, sheets.ErrNotOurs) {
				lastErr = fmt.Errorf("the code at the top right is not a papergames sheet's: %v", err)
			}
			continue
		}
		reg, err := ph.fit(code, text, raw, [4]markCand{tl, tr, br, bl}, finders)
		if err != nil {
			return nil, err
		}
		return reg, nil
	}
	if !alone && lastErr == ErrNoCode {
		return nil, ErrNoMarks
	}
	if lastErr == ErrNoCode {
		// Mirrored, the page's corners run the other way round: its
		// code decodes read so (a sheet's code, not merely a code).
		for _, s := range starts {
			text, _, _, err := ph.decodeCode(quad[s], quad[(s+3)%4], quad[(s+2)%4], quad[(s+1)%4])
			if err != nil {
				continue
			}
			if _, err := sheets.ParseCode(text, find); err == nil {
				return nil, ErrMirrored
			}
		}
		// The marks' long side spans about 280 mm on A4 or Letter: an
		// image far coarser than a scan is said so.
		long := max(quad[0].c.Dist(quad[1].c), quad[1].c.Dist(quad[2].c))
		if dpi := long / 280 * 25.4; dpi < coarseDPI {
			return nil, fmt.Errorf("%w; the image is coarse, about %.0f dots an inch on the page: scan at 200 to 300 dpi, or photograph the page closer", ErrNoCode, dpi)
		}
	}
	return nil, lastErr
}

// coarseDPI is the resolution below which a page whose code does not
// decode is said to be too coarse (the corpus reads 60 dpi, not 40).
const coarseDPI = 60

// clearAround reports whether the quad is shaped like a page (no corner
// under 45 degrees or over 135) and the strip beyond the quad's sides, from
// 1.2 to 2 mark radii out (past the margin box the marks stand 3 mm
// inside of), is paper: at least 95% of it light. The stretch within two
// radii of each mark is left out.
func (ph *photo) clearAround(q [4]markCand) bool {
	// A page's corners, even at 30 degrees of perspective, are far from
	// flat or sharp.
	for i := range 4 {
		a, b, c := q[(i+3)%4].c, q[i].c, q[(i+1)%4].c
		u, v := a.Sub(b), c.Sub(b)
		cos := (u.X*v.X + u.Y*v.Y) / (math.Hypot(u.X, u.Y) * math.Hypot(v.X, v.Y))
		if math.Abs(cos) > math.Cos(45*math.Pi/180) {
			return false
		}
	}
	n, dark := 0, 0
	for i := range 4 {
		a, b := q[i], q[(i+1)%4]
		r := (a.r + b.r) / 2
		d := b.c.Sub(a.c)
		l := math.Hypot(d.X, d.Y)
		if l < 6*r {
			return false
		}
		// Outward normal: the quad is clockwise on the image (y down).
		nx, ny := d.Y/l, -d.X/l
		steps := int(l / (r / 2))
		for k := 0; k <= steps; k++ {
			t := float64(k) / float64(steps)
			if t*l < 2*r || (1-t)*l < 2*r {
				continue
			}
			for _, off := range []float64{1.2, 1.6, 2.0} {
				x, y := a.c.X+t*d.X+off*r*nx, a.c.Y+t*d.Y+off*r*ny
				l := ph.lum(x, y)
				if l < 0 {
					continue
				}
				n++
				if l < 0.55*ph.white(x, y) {
					dark++
				}
			}
		}
	}
	return n > 0 && float64(dark) <= 0.05*float64(n)
}

// outside counts the mark candidates of like size away from the quad's
// four: another sheet's marks.
func outside(cs []markCand, q [4]markCand) int {
	rs := []float64{q[0].r, q[1].r, q[2].r, q[3].r}
	sort.Float64s(rs)
	r := (rs[1] + rs[2]) / 2
	n := 0
	for _, c := range cs {
		in := false
		for _, m := range q {
			in = in || c.c == m.c
		}
		if !in && c.r > 0.8*r && c.r < 1.25*r {
			n++
		}
	}
	return n
}

// Crop of the code's corner: offsets from the top right mark's centre, in
// mm of the page (the code's right edge is 5 mm left of the mark's
// centre, its top 1 mm above it; the largest code a sheet prints,
// version 15, is 38.5 mm).
const (
	cropX0, cropX1 = -50.0, -1.0
	cropY0, cropY1 = -5.0, 42.0
)

// cropScales are the crop's resolutions tried, in pixels a mm: the QR
// finder's search wants six pixels a module or more (a module is half a
// mm), more when the image is blurred.
var cropScales = []float64{12, 17}

// decodeCode reads the code next to the page's top right mark tr, in a
// crop resampled upright at cropPerMM. The paper's size is not known
// until the code is read: the crop is taken through the homography that
// maps a rectangle of the marks' apparent proportions (their sides
// measured in mark radii) onto them, which is right about the page's
// slant and near enough its scale. It returns the text, the raw data
// length, and the three finder patterns' centres in the image (bottom
// left, top left, top right of the code).
func (ph *photo) decodeCode(tl, tr, br, bl markCand) (string, int, [3]layout.Point, error) {
	var finders [3]layout.Point
	k := (tl.r + tr.r + br.r + bl.r) / 4 / layout.MarkR // image pixels a page mm, on average
	w0 := (tr.c.Dist(tl.c) + br.c.Dist(bl.c)) / 2 / k
	h0 := (bl.c.Dist(tl.c) + br.c.Dist(tr.c)) / 2 / k
	hm, err := scan.FitHomography(
		[]layout.Point{{X: 0, Y: 0}, {X: w0, Y: 0}, {X: w0, Y: h0}, {X: 0, Y: h0}},
		[]layout.Point{tl.c, tr.c, br.c, bl.c}, nil)
	if err != nil {
		return "", 0, finders, err
	}
	for _, perMM := range cropScales {
		text, raw, finders, err := ph.decodeCrop(hm, w0, perMM)
		if err == nil {
			return text, raw, finders, nil
		}
	}
	return "", 0, finders, ErrNoCode
}

// decodeCrop decodes the code in the crop about the top right mark,
// (w0, 0) through hm, at perMM.
func (ph *photo) decodeCrop(hm scan.Homography, w0, perMM float64) (string, int, [3]layout.Point, error) {
	var finders [3]layout.Point
	crop := ph.cropCode(hm, w0, perMM)
	at := func(i, j float64) layout.Point {
		return hm.Apply(layout.Point{X: w0 + cropX0 + i/perMM, Y: cropY0 + j/perMM})
	}
	res, err := decodeSharpened(crop, perMM)
	if err != nil {
		return "", 0, finders, err
	}
	pts := res.GetResultPoints()
	if len(pts) < 3 {
		return "", 0, finders, errors.New("code without finder patterns")
	}
	for i := range 3 {
		finders[i] = at(pts[i].GetX(), pts[i].GetY())
	}
	// Upright in the crop: top left above the bottom left, left of the
	// top right. A code read sideways means the page's corners were
	// guessed wrong.
	blf, tlf, trf := pts[0], pts[1], pts[2]
	if !(tlf.GetY() < blf.GetY() && tlf.GetX() < trf.GetX()) {
		return "", 0, finders, errors.New("the code is not upright in this corner")
	}
	return res.GetText(), len(res.GetRawBytes()), finders, nil
}

// cropCode resamples the corner about the top right mark, (w0, 0) through
// hm, upright at perMM pixels a mm, against the paper's white.
func (ph *photo) cropCode(hm scan.Homography, w0, perMM float64) *image.Gray {
	w, h := int((cropX1-cropX0)*perMM), int((cropY1-cropY0)*perMM)
	crop := image.NewGray(image.Rect(0, 0, w, h))
	at := func(i, j float64) layout.Point {
		return hm.Apply(layout.Point{X: w0 + cropX0 + i/perMM, Y: cropY0 + j/perMM})
	}
	for j := 0; j < h; j++ {
		for i := 0; i < w; i++ {
			p := at(float64(i)+0.5, float64(j)+0.5)
			l := ph.lum(p.X, p.Y)
			if l < 0 {
				l = 255
			} else {
				// Against the paper's white, so a shadow does not darken it.
				l = math.Min(255, 255*l/math.Max(ph.white(p.X, p.Y), 24))
			}
			crop.Pix[j*crop.Stride+i] = uint8(l)
		}
	}
	return crop
}

// decodeSharpened decodes the code in a crop of perMM pixels a mm as it
// is, and, since a phone's blur runs the modules together, sharpened: by
// an unsharp mask about a module wide, then by a narrower one, whose
// edges a global threshold may split better than the local one (8 MP
// photos of a page a third of the frame: modules about 3 pixels).
func decodeSharpened(crop *image.Gray, perMM float64) (*gozxing.Result, error) {
	res, err := decodeQR(crop, false)
	for _, try := range []struct {
		sigma  float64 // mm
		global bool
	}{{0.5, false}, {0.3, false}, {0.3, true}} {
		if err == nil {
			break
		}
		res, err = decodeQR(sharpen(crop, try.sigma*perMM), try.global)
	}
	return res, err
}

// decodeQR decodes the QR code in an upright crop, thresholded locally
// (gozxing's hybrid binarizer) or by the crop's histogram.
func decodeQR(crop *image.Gray, global bool) (*gozxing.Result, error) {
	src := gozxing.NewLuminanceSourceFromImage(crop)
	bin := gozxing.NewHybridBinarizer(src)
	if global {
		bin = gozxing.NewGlobalHistgramBinarizer(src)
	}
	bmp, err := gozxing.NewBinaryBitmap(bin)
	if err != nil {
		return nil, err
	}
	return qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
}

// sharpen returns g with its detail beyond a Gaussian of sigma pixels
// doubled: v + (v - blur(v)), clamped.
func sharpen(g *image.Gray, sigma float64) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	v := make([]float32, w*h)
	for j := range h {
		for i := range w {
			v[j*w+i] = float32(g.Pix[j*g.Stride+i])
		}
	}
	b := gaussian(v, w, h, sigma)
	out := image.NewGray(image.Rect(0, 0, w, h))
	for k := range v {
		out.Pix[k] = uint8(max(0, min(255, 2*v[k]-b[k])))
	}
	return out
}

// fit fits the page to the image: the four marks (refined at full
// resolution) and the code's finder patterns.
func (ph *photo) fit(code *sheets.Code, text string, raw int, q [4]markCand, finders [3]layout.Point) (*Registration, error) {
	version := layout.CodeVersion(raw)
	if version == 0 {
		return nil, fmt.Errorf("the code's %d data bytes match no QR version at error correction %s", raw, layout.CodeECL)
	}
	pageMarks := layout.MarkCentres(code.Paper, code.Margin)
	cr := layout.CodeRect(code.Paper, code.Margin, version)
	n := float64(17 + 4*version)
	mod := cr.W() / n
	pageFinders := [3]layout.Point{
		{X: cr.Min.X + 3.5*mod, Y: cr.Min.Y + (n-3.5)*mod},
		{X: cr.Min.X + 3.5*mod, Y: cr.Min.Y + 3.5*mod},
		{X: cr.Min.X + (n-3.5)*mod, Y: cr.Min.Y + 3.5*mod},
	}
	reg := &Registration{Code: code, Text: text}
	var src, dst []layout.Point
	var wt []float64
	for i, m := range q {
		reg.Marks[i] = ph.refineMark(m.c, m.r)
		src, dst, wt = append(src, pageMarks[i]), append(dst, reg.Marks[i]), append(wt, 1)
	}
	for i, f := range finders {
		src, dst, wt = append(src, pageFinders[i]), append(dst, f), append(wt, 0.25)
	}
	h, err := scan.FitHomography(src, dst, wt)
	if err != nil {
		return nil, fmt.Errorf("the registration marks do not fix the page: %v", err)
	}
	reg.H = h
	sum := 0.0
	for i := range src {
		d := h.Apply(src[i]).Dist(dst[i]) / h.Scale(src[i])
		sum += d * d
		reg.Worst = math.Max(reg.Worst, d)
	}
	reg.RMS = math.Sqrt(sum / float64(len(src)))
	up := h.Apply(layout.Point{X: code.Paper.W / 2, Y: 0}).Sub(h.Apply(layout.Point{X: code.Paper.W / 2, Y: code.Paper.H}))
	reg.Turn = math.Mod(math.Atan2(up.X, -up.Y)*180/math.Pi+360, 360)
	if reg.Worst > MaxResidual {
		return reg, fmt.Errorf("the page does not lie flat: its registration marks and code are up to %.1f mm from where a flat page puts them (read accepts %.1f mm); flatten the sheet and photograph it square on", reg.Worst, MaxResidual)
	}
	return reg, nil
}
