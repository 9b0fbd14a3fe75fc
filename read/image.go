package read

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg" // the decoders image.Decode knows
	"image/png"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/filter"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"papergames/input"
)

// Input bounds: a file is refused past MaxFileBytes, an image past
// MaxPixels before it is decoded (a decompression bomb declares its size
// in a few bytes), and a PDF past MaxPDFPages.
const (
	MaxFileBytes = 256 << 20
	// MaxPixels is 50 million pixels: A4 at 800 dpi, A3 at 600, a 48
	// megapixel phone; decoded, about 200 MB.
	MaxPixels   = 50_000_000
	MaxPDFPages = 500
)

// Page is one image to read: a photo, a scan, or a page of a scanned PDF.
// Its pixels are decoded when it is read, so that a long PDF holds one
// page's pixels a worker at a time.
type Page struct {
	File  string // as named on the command line
	Index int    // page of the file, from 1 (1 for an image file)
	Load  func() (image.Image, error)

	repeats int  // the earlier page of the PDF with the same image, or 0
	pdf     bool // a page of a PDF, named by its number too
}

// Name names the page in messages: the file, and the page of a PDF.
func (p *Page) Name() string {
	file := p.File
	if strings.ContainsFunc(file, unicode.IsControl) {
		// A name with a line break would write lines of its own into a
		// transcript's comments.
		file = strconv.Quote(file)
	}
	if p.Index > 0 && (p.pdf || isPDFName(p.File)) {
		return fmt.Sprintf("%s, page %d", file, p.Index)
	}
	return file
}

func isPDFName(name string) bool {
	return len(name) > 4 && (name[len(name)-4:] == ".pdf" || name[len(name)-4:] == ".PDF")
}

// ReadFile reads a file, or standard input for "-", through package
// input's bounded reader, refusing more than MaxFileBytes, and anything
// that does not begin as a PNG, a JPEG or a PDF after its first bytes
// (so /dev/zero costs nothing).
func ReadFile(name string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		st, err := f.Stat()
		switch {
		case err != nil:
			return nil, err
		case st.IsDir():
			return nil, fmt.Errorf("%s: is a folder, not a file", name)
		case st.Mode().IsRegular() && st.Size() > MaxFileBytes:
			return nil, &input.SizeError{What: name, Limit: MaxFileBytes}
		}
		r = f
	}
	if r == nil {
		return nil, fmt.Errorf("%s: no standard input", input.FileLabel(name))
	}
	head, err := input.ReadAll(input.FileLabel(name), io.LimitReader(r, 8), 8)
	if err != nil {
		return nil, err
	}
	if len(head) == 0 {
		return nil, fmt.Errorf("%s: the file is empty", input.FileLabel(name))
	}
	if kind(head) == "" {
		return nil, fmt.Errorf("%s: %s", input.FileLabel(name), notImage)
	}
	return input.ReadAll(input.FileLabel(name), io.MultiReader(bytes.NewReader(head), r), MaxFileBytes)
}

// notImage says what read takes.
const notImage = "not a PNG or JPEG image nor a PDF (read takes a photo or a scan of a sheet)"

// kind names the format data begins as: "pdf", "png", "jpeg" or "".
func kind(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return "pdf"
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		return "jpeg"
	}
	return ""
}

// Pages returns the pages of a file's bytes: one for a PNG or JPEG image,
// one per page image of a PDF (a copier's scan-to-PDF holds one image a
// page).
func Pages(name string, data []byte) ([]*Page, error) {
	if len(data) == 0 {
		return nil, fmt.Errorf("%s: the file is empty", name)
	}
	switch kind(data) {
	case "pdf":
		return pdfPages(name, data)
	case "png", "jpeg":
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			// Its header is cut short: a copy or a download stopped.
			return nil, fmt.Errorf("%s: the %s image is cut off: the file ends after %d bytes, inside its header (the file is incomplete)", name, strings.ToUpper(kind(data)), len(data))
		case errors.As(err, new(png.UnsupportedError)) || errors.As(err, new(jpeg.UnsupportedError)):
			return nil, fmt.Errorf("%s: the %s image uses a feature read does not take (%v): save it again as an ordinary PNG or JPEG", name, strings.ToUpper(kind(data)), err)
		case err != nil:
			return nil, fmt.Errorf("%s: the %s image is damaged: %v", name, strings.ToUpper(kind(data)), err)
		}
		if err := checkPixels(cfg.Width, cfg.Height); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return []*Page{{File: name, Index: 1, Load: func() (image.Image, error) { return decode(data) }}}, nil
	}
	return nil, fmt.Errorf("%s: %s", name, notImage)
}

// decode decodes a PNG or JPEG, refusing more than MaxPixels before the
// pixels are decoded.
func decode(data []byte) (image.Image, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not a readable image: %v", err)
	}
	if err := checkPixels(cfg.Width, cfg.Height); err != nil {
		return nil, err
	}
	// 16 bits a channel doubles what decoding holds: the bound is on
	// bytes, those of an 8-bit colour image of MaxPixels.
	if bpp := bytesPerPixel(cfg.ColorModel); int64(cfg.Width)*int64(cfg.Height)*bpp > 4*MaxPixels {
		return nil, fmt.Errorf("an image of %d x %d pixels at 16 bits a channel takes %d MB to decode, more than read takes (%d MB): save it with 8 bits a channel, or scan at 300 dpi", cfg.Width, cfg.Height, int64(cfg.Width)*int64(cfg.Height)*bpp>>20, 4*MaxPixels>>20)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "short Huffman data") {
			return nil, fmt.Errorf("the %s image is cut off (the file is incomplete)", format)
		}
		return nil, fmt.Errorf("the %s image cannot be decoded: %v", format, err)
	}
	return img, nil
}

// bytesPerPixel is what a decoded pixel of the colour model holds.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	case color.Gray16Model:
		return 2
	case color.GrayModel:
		return 1
	}
	return 4
}

func checkPixels(w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("an image of %d x %d pixels, which is no picture: the file is damaged", w, h)
	}
	if int64(w)*int64(h) > MaxPixels {
		return fmt.Errorf("an image of %d x %d pixels, more than the %d million read takes: scan at 300 dpi", w, h, MaxPixels/1_000_000)
	}
	if w < 300 || h < 300 {
		return fmt.Errorf("an image of %d x %d pixels is too small to read a sheet from (scan at 200 to 300 dpi)", w, h)
	}
	return nil
}

// pdfPages returns the largest image of every page of a PDF.
func pdfPages(name string, data []byte) (pages []*Page, err error) {
	defer func() {
		// pdfcpu is a large reader of a complex format: a hostile file
		// must end in a message, not a crash.
		if r := recover(); r != nil {
			pages, err = nil, fmt.Errorf("%s: a PDF papergames cannot read: it is damaged, or made in a way read does not take", name)
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	// A stream that inflates past what a page's image holds is a bomb:
	// pdfcpu's own bound is 512 MB (a 2 MB PDF took 2.1 GB).
	conf.Limits.MaxDecodeBytes = 4 * MaxPixels
	conf.Limits.MaxImageBytes = 4 * MaxPixels
	conf.Limits.MaxImagePixels = MaxPixels
	ctx, err := api.ReadValidateAndOptimize(bytes.NewReader(data), conf)
	switch {
	case errors.Is(err, pdfcpu.ErrWrongPassword):
		return nil, fmt.Errorf("%s: a PDF locked with a password, which read cannot open: save it (or scan the pages again) without one", name)
	case err != nil:
		return nil, fmt.Errorf("%s: not a readable PDF: it is damaged or cut off (%s)", name, lastCause(err))
	}
	if ctx.PageCount > MaxPDFPages {
		return nil, fmt.Errorf("%s: %d pages, more than the %d read takes from one PDF: split it", name, ctx.PageCount, MaxPDFPages)
	}
	var mu sync.Mutex          // pdfcpu's context is not safe for concurrent use
	imagePage := map[int]int{} // optimizing the PDF made equal images one object
	for pg := 1; pg <= ctx.PageCount; pg++ {
		// Sizes first (stubs decode nothing), so that a bomb is refused
		// before its pixels are made.
		stubs, err := pdfcpu.ExtractPageImages(ctx, pg, true)
		if err != nil {
			return nil, fmt.Errorf("%s, page %d: %v", name, pg, err)
		}
		bestNr, best := -1, model.Image{}
		for nr, im := range stubs {
			if im.Thumb {
				continue
			}
			if bestNr < 0 || im.Width*im.Height > best.Width*best.Height || (im.Width*im.Height == best.Width*best.Height && nr < bestNr) {
				bestNr, best = nr, im
			}
		}
		if bestNr < 0 {
			return nil, fmt.Errorf("%s, page %d: no image on the page (read takes scans: a copier's scan-to-PDF has one image a page; a sheet papergames printed is not a scan)", name, pg)
		}
		if err := checkPixels(best.Width, best.Height); err != nil {
			return nil, fmt.Errorf("%s, page %d: %v", name, pg, err)
		}
		pg, nr, stub := pg, bestNr, best
		repeats, ok := imagePage[nr]
		if !ok {
			imagePage[nr] = pg
		}
		load := func() (img image.Image, err error) {
			defer func() {
				if r := recover(); r != nil {
					img, err = nil, errors.New("its image cannot be extracted: its data is damaged or cut short")
				}
			}()
			raw, full, kind, err := extract(ctx, &mu, nr, stub)
			switch {
			case err != nil:
				return nil, err
			case kind == "samples":
				return rawImage(raw, &stub)
			}
			img, err = decode(raw)
			if c, ok := img.(*image.CMYK); ok && kind == "inverted" {
				for i := range c.Pix {
					c.Pix[i] = 255 - c.Pix[i]
				}
			}
			if err == nil || full.FileType == "jpg" || full.FileType == "png" {
				return img, err // an image file, or why it cannot be decoded
			}
			return rawImage(raw, full)
		}
		pages = append(pages, &Page{File: name, Index: pg, Load: load, repeats: repeats, pdf: true})
	}
	return pages, nil
}

// lastCause is the innermost part of a chain of error messages
// ("prepare PDF context: read context: unexpected eof" gives
// "unexpected eof"): the library's own layers mean nothing to a reader.
func lastCause(err error) string {
	if err == nil {
		return "no image"
	}
	m := err.Error()
	if i := strings.IndexByte(m, '\n'); i >= 0 {
		m = m[:i] // a dump of the PDF's dictionary follows
	}
	if i := strings.LastIndex(m, ": "); i >= 0 {
		m = m[i+2:]
	}
	if len(m) > 120 {
		m = m[:120] + "…"
	}
	return m
}

// extract takes page image nr of a PDF out of it, holding mu (pdfcpu's
// context is not safe for concurrent use) but not while the pixels are
// made: the samples themselves (kind "samples", as many bytes as the image
// has), or an image file pdfcpu makes of them (its bytes and full), or a
// CMYK JPEG whose decoded samples are to be inverted (kind "inverted").
func extract(ctx *model.Context, mu *sync.Mutex, nr int, stub model.Image) (raw []byte, full *model.Image, kind string, err error) {
	mu.Lock()
	defer mu.Unlock()
	obj := ctx.Optimize.ImageObjects[nr]
	if obj == nil {
		return nil, nil, "", errors.New("its image cannot be extracted: the PDF does not hold it")
	}
	sd := obj.ImageDict
	defer func() { sd.Content = nil }() // held by the page, not the PDF
	invert, plainDecode := decodeArray(sd, stub.Comp)
	if n := len(sd.FilterPipeline); stub.Comp == 4 && n > 0 && sd.FilterPipeline[n-1].Name == filter.DCT {
		// pdfcpu decodes a CMYK JPEG into a form its own extraction then
		// cannot read ("unknown type id"): the stream is the JPEG file,
		// which Go decodes.
		if n > 1 || !plainDecode {
			return nil, nil, "", errors.New("a CMYK JPEG page image under another filter or with a Decode array that is no plain mapping, which read does not take: scan in grey or colour (RGB)")
		}
		// A PDF takes the JPEG's samples as they are, then its Decode
		// array; Go's decoder inverts those of a JPEG with Adobe's
		// marker (written inverted, as PDF viewers expect with an
		// inverting Decode array): the page as a viewer shows it.
		if adobeJPEG(sd.Raw) != invert {
			return sd.Raw, &model.Image{FileType: "jpg"}, "inverted", nil
		}
		return sd.Raw, &model.Image{FileType: "jpg"}, "file", nil
	}
	size, row := sampleBytes(stub)
	// Inflated to the image's samples and no more (pdfcpu's own bound
	// is 512 MB): a stream that inflates further is a bomb, or its size
	// is wrong.
	if err := sd.DecodeWithLimit(size + row); err != nil {
		if errors.Is(err, filter.ErrDecodeLimitExceeded) {
			return nil, nil, "", errors.New("its image's data is longer than its size says: the file is damaged or hostile")
		}
		return nil, nil, "", fmt.Errorf("its image cannot be extracted: its data is damaged (%s)", lastCause(err))
	}
	if plainSamples(stub) && plainDecode {
		// A lossless scan's page image is its samples: pdfcpu would
		// encode them as a PNG to be decoded again (8 s and most of a
		// gigabyte for a 600 dpi page).
		raw, err := samples(sd.Content, invert, size, row)
		return raw, nil, "samples", err
	}
	if stub.Bpc == 16 {
		return nil, nil, "", fmt.Errorf("a page image of 16 bits a channel, compressed with %s or with a Decode array, which read does not decode: scan at 8 bits", filterName(stub))
	}
	full, err = pdfcpu.ExtractImage(ctx, sd, false, stub.Name, nr, false)
	switch {
	case err != nil || full == nil:
		return nil, nil, "", fmt.Errorf("its image cannot be extracted (%s)", lastCause(err))
	case full.FileType == "tif" && stub.Comp == 4 && stub.Bpc == 8:
		// pdfcpu hands 8-bit CMYK over as a TIFF Go's tiff does not
		// take: the samples themselves, as decoded.
		if !plainDecode {
			return nil, nil, "", errors.New("a CMYK page image with a Decode array read does not take: scan to JPEG or PNG")
		}
		raw, err := samples(sd.Content, invert, size, row)
		return raw, nil, "samples", err
	}
	raw, err = input.ReadAll("the page's image", full.Reader, MaxFileBytes)
	return raw, full, "file", err
}

// adobeJPEG reports whether a JPEG carries Adobe's APP14 marker before
// its image data.
func adobeJPEG(b []byte) bool {
	for i := 2; i+4 <= len(b) && b[i] == 0xff; {
		m, l := b[i+1], int(b[i+2])<<8|int(b[i+3])
		if m == 0xda || l < 2 {
			return false // the image data: no marker after it counts
		}
		if m == 0xee && i+4+5 <= len(b) && string(b[i+4:i+9]) == "Adobe" {
			return true
		}
		i += 2 + l
	}
	return false
}

// plainSamples reports whether a PDF page image is read from its
// stream's samples: compressed without loss (Flate, LZW, RunLength) or
// not at all, 8-bit or 16-bit grey, RGB or CMYK, or grey of 1, 2 or 4
// bits, without a palette or a mask.
func plainSamples(m model.Image) bool {
	switch m.Filter {
	case "", "FlateDecode", "LZWDecode", "RunLengthDecode":
	default:
		return false
	}
	if m.IsImgMask || m.HasImgMask || m.HasSMask {
		return false
	}
	switch m.Cs {
	case "DeviceGray", "CalGray", "DeviceRGB", "CalRGB", "DeviceCMYK", "ICCBased":
	default:
		return false
	}
	return (m.Bpc == 8 || m.Bpc == 16) && (m.Comp == 1 || m.Comp == 3 || m.Comp == 4) || (m.Bpc == 1 || m.Bpc == 2 || m.Bpc == 4) && m.Comp == 1
}

// decodeArray reads a page image's Decode array, which maps its samples
// to colours: none, or [0 1] for every component, leaves them as they
// are; [1 0] for every component inverts them (some scanners write a
// black and white or CMYK page so). ok is false for any other mapping.
func decodeArray(sd *types.StreamDict, comp int) (invert, ok bool) {
	a := sd.ArrayEntry("Decode")
	if a == nil {
		return false, true
	}
	if len(a) != 2*comp {
		return false, false
	}
	num := func(o types.Object) (float64, bool) {
		switch v := o.(type) {
		case types.Integer:
			return float64(v), true
		case types.Float:
			return float64(v), true
		}
		return 0, false
	}
	same, flipped := true, true
	for i := 0; i < len(a); i += 2 {
		lo, ok1 := num(a[i])
		hi, ok2 := num(a[i+1])
		if !ok1 || !ok2 {
			return false, false
		}
		same = same && lo == 0 && hi == 1
		flipped = flipped && lo == 1 && hi == 0
	}
	return flipped, same || flipped
}

// sampleBytes returns the bytes of a page image's samples and of one row
// of them (each row starts on a byte).
func sampleBytes(m model.Image) (size, row int64) {
	if m.Bpc <= 0 || m.Comp <= 0 {
		return 4 * MaxPixels, 0 // a JPEG 2000 image says neither
	}
	row = (int64(m.Width)*int64(m.Bpc*m.Comp) + 7) / 8
	return row * int64(m.Height), row
}

// samples returns a copy of a page image's samples, size bytes of rows
// of row bytes, inverted when its Decode array says so. Fewer is data
// cut short; a row more, a size that does not fit them.
func samples(raw []byte, invert bool, size, row int64) ([]byte, error) {
	switch {
	case int64(len(raw)) < size:
		return nil, errors.New("its image cannot be extracted: its data is cut short")
	case int64(len(raw)) >= size+row:
		return nil, errors.New("its image's data is longer than its size says: the file is damaged")
	}
	out := bytes.Clone(raw[:size]) // the PDF's own stream when not compressed
	if invert {
		for i := range out {
			out[i] ^= 0xff
		}
	}
	return out, nil
}

// filterName names a page image's compression for messages.
func filterName(m model.Image) string {
	if m.Filter == "" {
		return "none"
	}
	return m.Filter
}

// rawImage makes an image of a page image's samples: 8-bit or 16-bit
// grey, RGB or CMYK, or grey of 1, 2 or 4 bits.
func rawImage(raw []byte, m *model.Image) (image.Image, error) {
	w, h := m.Width, m.Height
	switch {
	case m.FileType == "jpx":
		return nil, errors.New("a JPEG 2000 page image, which read does not decode: scan to JPEG or PNG")
	case m.Bpc == 16 && (m.Comp == 1 || m.Comp == 3 || m.Comp == 4) && len(raw) >= 2*m.Comp*w*h:
		// The high byte of each sample: read works in 8 bits.
		eight := make([]byte, m.Comp*w*h)
		for i := range eight {
			eight[i] = raw[2*i]
		}
		m8 := *m
		m8.Bpc = 8
		return rawImage(eight, &m8)
	case (m.Bpc == 1 || m.Bpc == 2 || m.Bpc == 4) && m.Comp == 1 && len(raw) >= (w*m.Bpc+7)/8*h:
		// Grey of fewer bits (1: a black and white scan), each row
		// from a whole byte, each sample scaled to 0 to 255.
		img := image.NewGray(image.Rect(0, 0, w, h))
		row, top := (w*m.Bpc+7)/8, 1<<m.Bpc-1
		for y := range h {
			for x := range w {
				bit := x * m.Bpc
				v := int(raw[y*row+bit/8]>>(8-m.Bpc-bit%8)) & top
				img.Pix[y*w+x] = uint8(v * 255 / top)
			}
		}
		return img, nil
	case m.Bpc == 8 && m.Comp == 4 && len(raw) >= 4*w*h:
		return &image.CMYK{Pix: raw[:4*w*h], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}, nil
	case m.Bpc == 8 && m.Comp == 1 && len(raw) >= w*h:
		return &image.Gray{Pix: raw[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}, nil
	case m.Bpc == 8 && m.Comp == 3 && len(raw) >= 3*w*h:
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for i := 0; i < w*h; i++ {
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = raw[3*i], raw[3*i+1], raw[3*i+2], 255
		}
		return img, nil
	}
	if m.Bpc*m.Comp > 0 && len(raw) < (w*m.Bpc*m.Comp+7)/8*h {
		return nil, errors.New("its image cannot be extracted: its data is cut short")
	}
	if strings.Contains(m.Filter, "JBIG2") || m.FileType == "jbig2" {
		return nil, errors.New("a JBIG2 page image (a black and white scan's compression), which read does not decode: scan in grey, as JPEG or PNG")
	}
	what := []string{}
	if m.Bpc > 0 {
		what = append(what, fmt.Sprintf("%d bits a sample", m.Bpc))
	}
	if m.Comp > 0 {
		what = append(what, fmt.Sprintf("%d colour components", m.Comp))
	}
	what = append(what, "compressed with "+filterName(*m))
	return nil, fmt.Errorf("a page image read cannot decode (%s): scan to JPEG or PNG", strings.Join(what, ", "))
}

// grey returns the luminance of img at full resolution: the Y plane of a
// JPEG as it is, other images converted.
func grey(img image.Image) *image.Gray {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.Gray:
		return m
	case *image.YCbCr:
		g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
		for y := 0; y < b.Dy(); y++ {
			copy(g.Pix[y*g.Stride:y*g.Stride+b.Dx()], m.Y[(y)*m.YStride:(y)*m.YStride+b.Dx()])
		}
		return g
	}
	// Over white paper: a transparent pixel of a PNG is the paper.
	g := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			r, gr, bl, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
			lum := (19595*r + 38470*gr + 7471*bl + 1<<15) >> 16 // premultiplied, 0 to 0xffff
			g.Pix[y*g.Stride+x] = uint8((lum + 0xffff - a) >> 8)
		}
	}
	return g
}

// isColour reports whether img holds colour (a grey JPEG or PNG is not).
func isColour(img image.Image) bool {
	switch img := img.(type) {
	case *image.Gray, *image.Gray16:
		return false
	case *image.YCbCr:
		return len(img.Cb) > 0
	}
	return true
}
