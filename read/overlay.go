package read

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"

	"papergames/games"
	"papergames/layout"
	"papergames/scan"
	"papergames/scorer"
)

// OverlayMax is the longest side, in pixels, of an overlay image: enough
// to see every pencil line of an A4 page, small enough to mail.
const OverlayMax = 2400

// Overlay draws what was read over the page's image, so that a person
// sees in one look what the machine saw: the registration marks found
// (green rings), each board's moves as read, drawn from the engine's
// state in the player's colour, and every doubt (an orange ring at the
// move, a red frame round a board with a doubt of its own). A page that
// could not be read gets its reason across the top. The image is made
// lighter so the colours stand out. m is the page's match (nil for a page
// not read), whose transcript the moves are replayed from.
func Overlay(pr *PageResult, m *Match) (*image.RGBA, error) {
	if !pr.Decoded {
		return nil, fmt.Errorf("%s: its image was not decoded", pr.Page.Name())
	}
	img, err := pr.Page.Load()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", pr.Page.Name(), err)
	}
	b := img.Bounds()
	f := math.Min(1, OverlayMax/float64(max(b.Dx(), b.Dy())))
	w, h := int(float64(b.Dx())*f), int(float64(b.Dy())*f)
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	// Nearest-pixel reduction, washed towards white.
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, bl, _ := img.At(b.Min.X+int(float64(x)/f), b.Min.Y+int(float64(y)/f)).RGBA()
			i := dst.PixOffset(x, y)
			dst.Pix[i] = uint8(90 + float64(r>>8)*165/255)
			dst.Pix[i+1] = uint8(90 + float64(g>>8)*165/255)
			dst.Pix[i+2] = uint8(90 + float64(bl>>8)*165/255)
			dst.Pix[i+3] = 255
		}
	}
	text := &layout.Raster{Img: dst, Map: func(p layout.Point) (float64, float64) { return p.X, p.Y }, Scale: 1}
	banner := func(lines []string, c layout.Color) {
		size := math.Max(14, float64(w)/80)
		draw.Draw(dst, image.Rect(0, 0, w, int(size*1.5*float64(len(lines))+size*0.6)), image.NewUniform(color.RGBA{c.R, c.G, c.B, 255}), image.Point{}, draw.Src)
		for i, l := range lines {
			text.Text(layout.Point{X: size * 0.6, Y: size * 1.5 * float64(i+1)}, l, layout.Font{Size: size}, layout.Left, layout.White)
		}
	}
	if pr.Err != nil || pr.Reg == nil {
		banner(wrap(pr.Page.Name()+": "+pr.Err.Error(), w/9), layout.RGB(170, 20, 20))
		return dst, nil
	}
	reg := pr.Reg
	toImg := func(p layout.Point) (float64, float64) {
		q := reg.H.Apply(p)
		return q.X * f, q.Y * f
	}
	page := &layout.Raster{Img: dst, Map: toImg, Scale: reg.H.Scale(layout.Point{X: reg.Code.Paper.W / 2, Y: reg.Code.Paper.H / 2}) * f}
	green := layout.RGB(0, 150, 60)
	for _, c := range layout.MarkCentres(reg.Code.Paper, reg.Code.Margin) {
		page.Stroke((&layout.Path{}).Circle(c, layout.MarkR+1.5), layout.Pen{Width: 0.8, Color: green})
	}
	moves, doubts := 0, 0
	var replayed *games.Replayed
	if m != nil {
		replayed = m.replay()
	}
	for _, br := range pr.Boards {
		if br.Err != nil || br.Out == nil {
			continue
		}
		moves += len(br.Out.Moves)
		doubts += br.Out.Doubtful()
		if replayed != nil && br.Round < len(replayed.Rounds) {
			if pp, ok := reg.Code.Game.(games.Paperer); ok {
				page.Opacity = 0.85
				for _, st := range pp.Paper(replayed.Rounds[br.Round], br.Figure, br.O, br.S) {
					drawStroke(page, st)
				}
				page.Opacity = 0
			}
		}
		orange := layout.RGB(240, 120, 0)
		for k, mv := range br.Out.Moves {
			if mv.Doubt == "" {
				continue
			}
			page.Stroke((&layout.Path{}).Circle(mv.At, 3.5), layout.Pen{Width: 0.9, Color: orange})
			// The move's number upright in the image, however the page lies.
			x, y := toImg(mv.At)
			size := 4.5 * page.Scale
			text.Text(layout.Point{X: x + 4*page.Scale, Y: y - 3*page.Scale}, fmt.Sprintf("?%d", k+1), layout.Font{Size: size, Bold: true}, layout.Left, orange)
		}
		if len(br.Out.Doubts) > 0 {
			e := br.Figure.Extent(br.S)
			page.Stroke(layout.RectPath(layout.R(br.O.X-2, br.O.Y-2, e.W+4, e.H+4)), layout.Pen{Width: 1.2, Color: layout.Red})
		}
	}
	info := reg.Code.Game.Info()
	head := fmt.Sprintf("%s · %s, board %s, page %d of %d · registration %.2f mm (worst %.2f) · %d moves read", pr.Page.Name(), info.Title, reg.Code.BoardID, reg.Code.Page, reg.Code.Pages, reg.RMS, reg.Worst, moves)
	c := green
	if doubts > 0 {
		head += fmt.Sprintf(", %d in doubt (orange)", doubts)
		c = layout.RGB(200, 100, 0)
	}
	banner([]string{head}, c)
	return dst, nil
}

// drawStroke draws one stroke read, in its seat's colour.
func drawStroke(r *layout.Raster, st scan.Stroke) {
	c := scorer.Ink(st.Seat)
	switch st.Tool {
	case scan.Dot:
		r.Fill((&layout.Path{}).Circle(st.Points[0], 1.2), c)
	case scan.Shade:
		r.Opacity = 0.35
		r.Fill(layout.Polygon(st.Points...), scorer.Fill(st.Seat))
		r.Opacity = 0.85
	default:
		if len(st.Points) < 2 {
			return
		}
		p := (&layout.Path{}).Move(st.Points[0])
		for _, q := range st.Points[1:] {
			p.Line(q)
		}
		r.Stroke(p, layout.Pen{Width: 0.6, Color: c})
	}
}

// replay plays the match's transcript on its engines, for drawing.
func (m *Match) replay() *games.Replayed {
	b, ok := m.Code.Game.(games.Board)
	if !ok {
		return nil
	}
	t, err := games.ReadTranscript(b, "read", []byte(m.Transcript()))
	if err != nil {
		return nil
	}
	rp, err := games.Replay(b, t, games.Values{}, -1)
	if err != nil {
		return nil
	}
	return rp
}

// wrap cuts s into lines of at most n characters, at spaces.
func wrap(s string, n int) []string {
	var out []string
	for len(s) > n {
		i := strings.LastIndex(s[:n], " ")
		if i <= 0 {
			i = n
		}
		out = append(out, s[:i])
		s = strings.TrimLeft(s[i:], " ")
	}
	return append(out, s)
}
