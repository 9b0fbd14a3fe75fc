package readtest

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"papergames/layout"
	"papergames/scan"
)

// Copier is how a copier scans a page: at DPI, the sheet laid on the
// glass any way round (a quarter turn, upside down), a little skewed
// (degrees) and scaled, in grey or colour, with sensor noise, saved as a
// JPEG of the given quality (0 for none: a PNG-like exact image).
type Copier struct {
	DPI    float64
	Skew   float64 // degrees, either way
	Scale  float64 // relative error, e.g. 0.01
	Noise  float64 // standard deviation, in levels of 255
	JPEG   int
	Colour bool
}

// Phone is how a phone camera takes a page: a frame of MP megapixels
// turned as the page is (portrait or landscape) and filled by it as a
// person frames it (80 to 95%), the page upright or upside down and
// turned up to Turn degrees more, seen at a slant (Tilt,
// degrees from square on), under light falling off across the page
// (Light, 0 to 1) with a shadow, blurred (Blur, pixels), with noise, saved
// as a JPEG.
type Phone struct {
	MP     float64
	Turn   float64
	Tilt   float64
	Light  float64
	Shadow bool
	Blur   float64
	Noise  float64
	JPEG   int
}

// Copiers and Phones are the degradations the corpus applies; each page
// gets one of each kind, its free parameters drawn at random.
var (
	Copiers = []Copier{
		{DPI: 200, Skew: 3, Scale: 0.015, Noise: 4, JPEG: 85},
		{DPI: 300, Skew: 3, Scale: 0.01, Noise: 3, JPEG: 90},
		{DPI: 300, Skew: 1.5, Scale: 0.005, Noise: 2, JPEG: 0, Colour: true},
	}
	Phones = []Phone{
		{MP: 8, Turn: 20, Tilt: 30, Light: 0.35, Shadow: true, Blur: 1.2, Noise: 4, JPEG: 70},
		{MP: 12, Turn: 20, Tilt: 20, Light: 0.25, Shadow: true, Blur: 0.8, Noise: 3, JPEG: 70},
	}
)

// Apply scans page (drawn at its Scale pixels a mm) with c, the skew,
// scale and placement drawn from rng.
func (c Copier) Apply(page *layout.Raster, rng *rand.Rand) image.Image {
	b := page.Img.Bounds()
	wmm, hmm := float64(b.Dx())/page.Scale, float64(b.Dy())/page.Scale
	dpm := c.DPI / 25.4
	// The glass is a little larger than the sheet (a lid's white round
	// it), so a skewed sheet keeps its corners.
	w, h := int(wmm*1.04*dpm), int(hmm*1.03*dpm)
	skew := (2*rng.Float64()-1)*c.Skew*math.Pi/180 + float64(rng.IntN(4))*math.Pi/2
	if math.Mod(skew+math.Pi/4, math.Pi) > math.Pi/2 { // a quarter turn: the glass is the page turned
		w, h = h, w
	}
	scale := 1 + (2*rng.Float64()-1)*c.Scale
	dx, dy := (2*rng.Float64()-1)*3, (2*rng.Float64()-1)*3 // mm off the glass's corner
	// Output pixel -> page mm: about the page's centre.
	cs, sn := math.Cos(skew), math.Sin(skew)
	toPage := func(x, y float64) (float64, float64) {
		u, v := x/dpm-float64(w)/dpm/2-dx, y/dpm-float64(h)/dpm/2-dy
		u, v = (cs*u+sn*v)/scale, (-sn*u+cs*v)/scale
		return u + wmm/2, v + hmm/2
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			u, v := toPage(float64(x)+0.5, float64(y)+0.5)
			r, g, bl := sample(page, u*page.Scale, v*page.Scale, [3]float64{250, 250, 250})
			i := out.PixOffset(x, y)
			out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = r, g, bl, 255
		}
	}
	noise(out, c.Noise, rng)
	var img image.Image = out
	if !c.Colour {
		img = toGrey(out)
	}
	return roundTrip(img, c.JPEG)
}

// Apply photographs page with p.
func (p Phone) Apply(page *layout.Raster, rng *rand.Rand) image.Image {
	b := page.Img.Bounds()
	wmm, hmm := float64(b.Dx())/page.Scale, float64(b.Dy())/page.Scale
	// A frame of 4:3, turned as the page is.
	fh := math.Sqrt(p.MP * 1e6 * 4 / 3)
	fw := fh * 3 / 4
	if wmm > hmm {
		fw, fh = fh, fw
	}
	W, H := int(fw), int(fh)
	turn := (2*rng.Float64()-1)*p.Turn*math.Pi/180 + float64(rng.IntN(2))*math.Pi
	tilt := rng.Float64() * p.Tilt * math.Pi / 180
	dir := rng.Float64() * 2 * math.Pi // which way the camera leans
	// The page in space, centred, turned about the camera's axis, then
	// leant by tilt about an axis in the page's plane.
	ax, ay := math.Cos(dir), math.Sin(dir)
	ct, st := math.Cos(tilt), math.Sin(tilt)
	rot := func(x, y float64) (float64, float64, float64) {
		x, y = x*math.Cos(turn)-y*math.Sin(turn), x*math.Sin(turn)+y*math.Cos(turn)
		// Rodrigues about (ax, ay, 0).
		d := x*ax + y*ay
		px, py := x-d*ax, y-d*ay // the part across the axis turns
		return d*ax + px*ct, d*ay + py*ct, -(ax*py - ay*px) * st
	}
	dist := 2.2 * math.Max(wmm, hmm) // camera distance, mm
	proj := func(u, v float64) (float64, float64) {
		x, y, z := rot(u-wmm/2, v-hmm/2)
		return x / (z + dist), y / (z + dist)
	}
	// Fit the projected page into the frame, filling 70 to 90% of it.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	var src, dst []layout.Point
	for _, c := range [][2]float64{{0, 0}, {wmm, 0}, {wmm, hmm}, {0, hmm}} {
		x, y := proj(c[0], c[1])
		minX, maxX, minY, maxY = math.Min(minX, x), math.Max(maxX, x), math.Min(minY, y), math.Max(maxY, y)
		src = append(src, layout.Point{X: c[0], Y: c[1]})
		dst = append(dst, layout.Point{X: x, Y: y})
	}
	fill := 0.8 + 0.15*rng.Float64()
	k := fill * math.Min(fw/(maxX-minX), fh/(maxY-minY))
	ox := (fw-k*(maxX-minX))*rng.Float64() - k*minX
	oy := (fh-k*(maxY-minY))*rng.Float64() - k*minY
	for i := range dst {
		dst[i] = layout.Point{X: ox + k*dst[i].X, Y: oy + k*dst[i].Y}
	}
	// Four corners make the map exact: a plane seen by a pinhole camera.
	hm, err := scan.FitHomography(src, dst, nil)
	if err != nil {
		panic("readtest: " + err.Error())
	}
	inv := hm.Inverse()
	// Light falling off across the frame, and a shadow's soft edge.
	lx, ly := math.Cos(rng.Float64()*2*math.Pi), math.Sin(rng.Float64()*2*math.Pi)
	sx, sy := fw*rng.Float64(), fh*rng.Float64()
	sa := rng.Float64() * 2 * math.Pi
	snx, sny := math.Cos(sa), math.Sin(sa)
	table := [3]float64{70, 60, 50}
	out := image.NewRGBA(image.Rect(0, 0, W, H))
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			q := inv.Apply(layout.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			r, g, bl := sample(page, q.X*page.Scale, q.Y*page.Scale, table)
			fx, fy := float64(x)/fw-0.5, float64(y)/fh-0.5
			light := 1 - p.Light*(0.5+(fx*lx+fy*ly))
			if p.Shadow {
				d := (float64(x)-sx)*snx + (float64(y)-sy)*sny
				light *= 1 - 0.35/(1+math.Exp(-d/(0.02*fw)))
			}
			i := out.PixOffset(x, y)
			out.Pix[i] = uint8(math.Min(255, float64(r)*light*0.97))
			out.Pix[i+1] = uint8(math.Min(255, float64(g)*light*0.96))
			out.Pix[i+2] = uint8(math.Min(255, float64(bl)*light*0.92)) // warm indoor light
			out.Pix[i+3] = 255
		}
	}
	blur(out, p.Blur)
	noise(out, p.Noise, rng)
	return roundTrip(out, p.JPEG)
}

// sample returns the page's colour at pixel (x, y), bilinear; bg outside.
func sample(page *layout.Raster, x, y float64, bg [3]float64) (uint8, uint8, uint8) {
	img := page.Img
	b := img.Bounds()
	x, y = x-0.5, y-0.5
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	fx, fy := x-float64(x0), y-float64(y0)
	var out [3]float64
	for k := range 3 {
		at := func(i, j int) float64 {
			if i < b.Min.X || j < b.Min.Y || i >= b.Max.X || j >= b.Max.Y {
				return bg[k]
			}
			return float64(img.Pix[img.PixOffset(i, j)+k])
		}
		out[k] = (at(x0, y0)*(1-fx)+at(x0+1, y0)*fx)*(1-fy) + (at(x0, y0+1)*(1-fx)+at(x0+1, y0+1)*fx)*fy
	}
	return uint8(out[0] + 0.5), uint8(out[1] + 0.5), uint8(out[2] + 0.5)
}

// noise adds Gaussian noise of standard deviation sd to every channel.
func noise(img *image.RGBA, sd float64, rng *rand.Rand) {
	if sd <= 0 {
		return
	}
	for i := 0; i < len(img.Pix); i += 4 {
		n := rng.NormFloat64() * sd // one draw a pixel: sensor noise is mostly luminance
		for k := range 3 {
			img.Pix[i+k] = uint8(math.Min(255, math.Max(0, float64(img.Pix[i+k])+n)))
		}
	}
}

// blur blurs img with a Gaussian of sigma pixels, rows then columns.
func blur(img *image.RGBA, sigma float64) {
	if sigma <= 0 {
		return
	}
	r := int(math.Ceil(2.5 * sigma))
	kern := make([]float64, 2*r+1)
	sum := 0.0
	for i := range kern {
		d := float64(i - r)
		kern[i] = math.Exp(-d * d / (2 * sigma * sigma))
		sum += kern[i]
	}
	for i := range kern {
		kern[i] /= sum
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	tmp := make([]float64, w*h*3)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			for k := range 3 {
				s := 0.0
				for i, c := range kern {
					xx := min(max(x+i-r, 0), w-1)
					s += c * float64(img.Pix[y*img.Stride+4*xx+k])
				}
				tmp[(y*w+x)*3+k] = s
			}
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			for k := range 3 {
				s := 0.0
				for i, c := range kern {
					yy := min(max(y+i-r, 0), h-1)
					s += c * tmp[(yy*w+x)*3+k]
				}
				img.Pix[y*img.Stride+4*x+k] = uint8(math.Min(255, s+0.5))
			}
		}
	}
}

func toGrey(img *image.RGBA) *image.Gray {
	g := image.NewGray(img.Bounds())
	for i := 0; i < len(g.Pix); i++ {
		g.Pix[i] = color.GrayModel.Convert(color.RGBA{img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], 255}).(color.Gray).Y
	}
	return g
}

// roundTrip saves img as a JPEG of quality q and decodes it (q 0: as is).
func roundTrip(img image.Image, q int) image.Image {
	if q <= 0 {
		return img
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		panic("readtest: " + err.Error())
	}
	out, err := jpeg.Decode(&buf)
	if err != nil {
		panic("readtest: " + err.Error())
	}
	return out
}

// JPEGBytes encodes img as a JPEG, for tests that read files.
func JPEGBytes(img image.Image, q int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		panic("readtest: " + err.Error())
	}
	return buf.Bytes()
}
