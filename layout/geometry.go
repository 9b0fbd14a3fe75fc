package layout

// Feature is a printed point, line or circle of a board, in millimetres
// on the page: what papergames board --geometry lists, so that a reader
// of the sheet (papergames read, or another tool) knows where the print
// lies without drawing it.
type Feature struct {
	Kind string  `json:"kind"`           // mark, circle, node, dot, line, cut, cell, origin, centre, ...
	Name string  `json:"name,omitempty"` // as the transcripts name it: mark "3", dot "B2", line "C"
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	R    float64 `json:"r,omitempty"`  // a circle's radius
	X2   float64 `json:"x2,omitempty"` // a line's or a cell's other end
	Y2   float64 `json:"y2,omitempty"`
}

// Geometer is a Figure that lists its printed features when drawn at o
// with size s.
type Geometer interface {
	Features(o Point, s float64) []Feature
}
