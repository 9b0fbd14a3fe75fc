package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/jpeg"

	"golang.org/x/image/draw"

	"papergames/read"
	"papergames/web"
)

// The web app's "Read a photo" page reads through package read: main
// wires them, so that neither depends on the other.
func init() { web.SetReader(webRead) }

// webOverlay is the longest side of the overlay the page shows.
const webOverlay = 1600

// webRead reads photos or scans for the web app: their pages one after
// another (stopping between them once ctx is done), their overlays as
// JPEG data: URLs, and the matches with their doubts.
func webRead(ctx context.Context, files []web.ReadFile) (*web.ReadAnswer, error) {
	var in read.Inputs
	var bad []web.ReadPage // files that are no image or scan read takes
	for _, f := range files {
		if err := in.Add(f.Name, f.Data); err != nil {
			if len(files) == 1 {
				return nil, err
			}
			bad = append(bad, web.ReadPage{Name: f.Name, Error: err.Error()})
		}
		if len(in.Pages) > web.MaxReadPages {
			return nil, tooManyPages(fmt.Sprintf("the photos sent have more than %d pages, and the web app reads %d at once (a sheet's pages): use papergames read for more", web.MaxReadPages, web.MaxReadPages))
		}
	}
	pages := in.Pages
	var results []*read.PageResult
	for _, p := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		results = append(results, read.ReadPage(p))
	}
	matches := read.Group(results)
	matchOf := map[*read.PageResult]*read.Match{}
	for _, m := range matches {
		for _, p := range m.Pages {
			matchOf[p] = m
		}
	}
	// Empty lists, never null: the page counts them.
	ans := &web.ReadAnswer{Pages: append([]web.ReadPage{}, bad...), Matches: []web.ReadMatch{}, Notes: append([]string{}, in.Notes...)}
	forms := read.FormPages(results, matches)
	for _, pr := range results {
		wp := web.ReadPage{Name: pr.Page.Name()}
		switch {
		case pr.Err != nil && forms:
			wp.Note = "no registration marks: taken for a page of the sheet without a board (a record form), and skipped"
		case pr.Err != nil:
			wp.Error = pr.Err.Error()
		}
		if pr.Reg != nil && pr.Err == nil {
			c := pr.Reg.Code
			wp.Game, wp.Board, wp.Page, wp.Pages, wp.Residual, wp.Worst = c.Game.Info().ID, c.BoardID, c.Page, c.Pages, pr.Reg.RMS, pr.Reg.Worst
			for _, b := range pr.Boards {
				if b.Out != nil {
					wp.Moves += len(b.Out.Moves)
					wp.Doubts += b.Out.Doubtful()
				}
			}
		}
		if pr.Decoded { // a page not decoded has its reason, no picture
			img, err := read.Overlay(pr, matchOf[pr])
			if err != nil {
				return nil, err
			}
			if wp.Overlay, err = dataURL(img); err != nil {
				return nil, err
			}
		}
		ans.Pages = append(ans.Pages, wp)
	}
	for _, m := range matches {
		wm := web.ReadMatch{Game: m.Code.Game.Info().ID, Title: m.Code.Game.Info().Title, Board: m.Code.BoardID, Transcript: m.Transcript(), Doubts: []web.ReadDoubt{}}
		for _, d := range m.DoubtList() {
			wm.Doubts = append(wm.Doubts, web.ReadDoubt{Round: d.Round, Move: d.Move, Text: d.Text, Why: d.Why})
		}
		for _, p := range m.Problems() {
			wm.Doubts = append(wm.Doubts, web.ReadDoubt{Round: -1, Move: -1, Why: p})
		}
		ans.Matches = append(ans.Matches, wm)
	}
	return ans, nil
}

// dataURL is img, reduced to webOverlay pixels on its long side, as a
// JPEG data: URL.
func dataURL(img *image.RGBA) (string, error) {
	b := img.Bounds()
	if k := float64(webOverlay) / float64(max(b.Dx(), b.Dy())); k < 1 {
		small := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*k), int(float64(b.Dy())*k)))
		draw.ApproxBiLinear.Scale(small, small.Bounds(), img, b, draw.Src, nil)
		img = small
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		return "", err
	}
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// tooManyPages is web.ErrTooManyPages with the message the page shows
// (wrapping it put its own words in the middle of the message).
type tooManyPages string

func (e tooManyPages) Error() string        { return string(e) }
func (e tooManyPages) Is(target error) bool { return target == web.ErrTooManyPages }
