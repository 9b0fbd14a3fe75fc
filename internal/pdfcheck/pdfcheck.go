// Package pdfcheck reads back the drawing operations of PDFs papergames
// wrote, so tests can check where lines and curves landed in millimetres.
// It understands exactly what layout.PDF writes, not PDF in general.
package pdfcheck

import (
	"bytes"
	"compress/zlib"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Point is a position in millimetres from the page's top left, y down.
type Point struct{ X, Y float64 }

// Piece is one drawn piece: a straight line (2 points) or a cubic Bezier
// (4 points), in the order it was drawn.
type Piece struct{ P []Point }

// Subpath is a run of pieces started by a moveto.
type Subpath struct{ Pieces []Piece }

const ptToMM = 25.4 / 72

var streamRE = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)

// Streams returns the decompressed contents of every stream in pdf.
func Streams(pdf []byte) [][]byte {
	var out [][]byte
	for _, m := range streamRE.FindAllSubmatch(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out = append(out, m[1])
			continue
		}
		b, err := io.ReadAll(r)
		if err == nil {
			out = append(out, b)
		}
	}
	return out
}

// Subpaths parses a content stream of a page pageH millimetres high.
func Subpaths(content []byte, pageH float64) []Subpath {
	var subs []Subpath
	var stack []float64
	var cur Point
	pt := func(i int) Point {
		return Point{stack[i] * ptToMM, pageH - stack[i+1]*ptToMM}
	}
	inText := false
	for _, tok := range strings.Fields(string(content)) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			stack = append(stack, v)
			continue
		}
		switch tok {
		case "BT":
			inText = true
		case "ET":
			inText = false
		case "m":
			if !inText && len(stack) >= 2 {
				cur = pt(len(stack) - 2)
				subs = append(subs, Subpath{})
			}
		case "l":
			if !inText && len(stack) >= 2 && len(subs) > 0 {
				p := pt(len(stack) - 2)
				subs[len(subs)-1].Pieces = append(subs[len(subs)-1].Pieces, Piece{[]Point{cur, p}})
				cur = p
			}
		case "c":
			if len(stack) >= 6 && len(subs) > 0 {
				n := len(stack)
				p1, p2, p3 := pt(n-6), pt(n-4), pt(n-2)
				subs[len(subs)-1].Pieces = append(subs[len(subs)-1].Pieces, Piece{[]Point{cur, p1, p2, p3}})
				cur = p3
			}
		}
		stack = stack[:0]
	}
	return subs
}

// At returns the point of a Bezier piece at t, or of a line piece.
func (p Piece) At(t float64) Point {
	if len(p.P) == 2 {
		return Point{p.P[0].X + t*(p.P[1].X-p.P[0].X), p.P[0].Y + t*(p.P[1].Y-p.P[0].Y)}
	}
	u := 1 - t
	a, b, c, d := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return Point{
		a*p.P[0].X + b*p.P[1].X + c*p.P[2].X + d*p.P[3].X,
		a*p.P[0].Y + b*p.P[1].Y + c*p.P[2].Y + d*p.P[3].Y,
	}
}

var contentsRE = regexp.MustCompile(`/Contents (\d+) 0 R`)

// PageStreams returns each page's decompressed content stream, in page
// order, found through the pages' /Contents references.
func PageStreams(pdf []byte) [][]byte {
	var out [][]byte
	for _, m := range contentsRE.FindAllSubmatch(pdf, -1) {
		obj := regexp.MustCompile(`(?s)\n` + string(m[1]) + ` 0 obj\s*<<[^>]*>>\s*stream\r?\n(.*?)\r?\nendstream`)
		om := obj.FindSubmatch(pdf)
		if om == nil {
			continue
		}
		r, err := zlib.NewReader(bytes.NewReader(om[1]))
		if err != nil {
			out = append(out, om[1])
			continue
		}
		if b, err := io.ReadAll(r); err == nil {
			out = append(out, b)
		}
	}
	return out
}
