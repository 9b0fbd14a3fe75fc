package layout

// Op is one drawing operation kept by a Recorder.
type Op struct {
	Kind  string // "stroke", "fill" or "text"
	Path  *Path
	Pen   Pen
	Color Color
	At    Point
	Text  string
	Font  Font
	Align Align
}

// RecPage is one recorded page.
type RecPage struct {
	W, H float64
	Ops  []Op
}

// Recorder is a Document that keeps what is drawn, for tests that check
// where marks and circles landed.
type Recorder struct{ Pages []RecPage }

// AddPage implements Document.
func (r *Recorder) AddPage(w, h float64) { r.Pages = append(r.Pages, RecPage{W: w, H: h}) }

func (r *Recorder) add(op Op) {
	if len(r.Pages) == 0 {
		r.AddPage(210, 297)
	}
	p := &r.Pages[len(r.Pages)-1]
	p.Ops = append(p.Ops, op)
}

// Stroke implements Canvas.
func (r *Recorder) Stroke(p *Path, pen Pen) { r.add(Op{Kind: "stroke", Path: p, Pen: pen}) }

// Fill implements Canvas.
func (r *Recorder) Fill(p *Path, c Color) { r.add(Op{Kind: "fill", Path: p, Color: c}) }

// Text implements Canvas.
func (r *Recorder) Text(at Point, s string, f Font, a Align, c Color) {
	r.add(Op{Kind: "text", At: at, Text: s, Font: f, Align: a, Color: c})
}
