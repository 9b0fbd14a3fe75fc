package main

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jung-kurt/gofpdf"
	"github.com/urfave/cli/v2"

	"papergames/games"
	"papergames/games/catalog"
	"papergames/internal/safetext"
	"papergames/layout"
	"papergames/read"
)

// exitDoubt is read's status when every page was read but some move is
// in doubt: the transcripts are written, the doubtful ones not scored.
const exitDoubt = 3

func readCommand() *cli.Command {
	return &cli.Command{
		Name:  "read",
		Usage: "read finished sheets from photos or scans: the transcripts, every move with its confidence",
		Description: `Reads PNG or JPEG photos and scans, and PDFs of scanned pages (a copier's
scan-to-PDF: one image a page, in any order, several matches mixed), of
sheets papergames printed. Each page's registration marks and code say
which game and board it is; the moves are read from the pencil on the
boards, each with its confidence. Pages of one sheet become one match,
its rounds in copy order. A move read in doubt is marked DOUBT in the
transcript, listed on standard error, and never scored without a look:
--overlay draws what was read over each image.

Exit status: 0 every page read, no doubt; 1 a file or page could not be
read; 2 bad command line; 3 every page read, some moves in doubt (their
matches' transcripts are written, not scored).`,
		ArgsUsage: "FILE... (.png, .jpg or .pdf; - for standard input)",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the transcripts to `PATH`: a .yaml file for one match, or a folder (one file a match; a name without .yaml or .yml is a folder)", DefaultText: "standard output"},
			&cli.BoolFlag{Name: "score", Usage: "score every match read without doubt, as score does"},
			&cli.BoolFlag{Name: "json", Usage: "with --score: the results as JSON (as score --json)"},
			&cli.StringFlag{Name: "overlay", Usage: "draw what was read over each image to `FILE` (.png: FILE-1.png, ... for several pages; .pdf: a page each)"},
			&cli.IntFlag{Name: "workers", Usage: "pages read at once", DefaultText: "every core"},
		}, ruleFlags()...),
		Action: runRead,
	}
}

func runRead(c *cli.Context) error {
	if c.NArg() == 0 {
		return usage("read needs one or more images or scanned PDFs (or - for standard input)")
	}
	overlay := c.String("overlay")
	if ext := strings.ToLower(filepath.Ext(overlay)); overlay != "" && ext != ".png" && ext != ".pdf" {
		return usage("--overlay %s: write the overlay to a .png or a .pdf", overlay)
	}
	if c.Bool("json") && !c.Bool("score") {
		return usage("--json goes with --score (the transcripts themselves are YAML)")
	}
	if c.Int("workers") < 0 {
		return usage("--workers %d: give the number of pages read at once (0, or leave it out, for every core)", c.Int("workers"))
	}
	rules, err := ruleOptions(c)
	if err != nil {
		return err
	}
	var inputs []os.FileInfo // an output must not be one of them
	for _, name := range c.Args().Slice() {
		if st, err := os.Stat(name); err == nil {
			inputs = append(inputs, st)
		}
	}
	if err := checkOutputs(c, overlay, inputs); err != nil {
		return err
	}
	stderr := c.App.ErrWriter
	failed := 0
	var in read.Inputs
	for _, name := range c.Args().Slice() {
		if err := in.AddFile(name, c.App.Reader); err != nil {
			fmt.Fprintf(stderr, "papergames: %v\n", err)
			failed++
		}
	}
	for _, n := range in.Notes {
		fmt.Fprintf(stderr, "papergames: %s\n", n)
	}
	pages := in.Pages
	results := read.ReadAll(pages, c.Int("workers"))
	matches := read.Group(results)
	forms := read.FormPages(results, matches)
	for _, pr := range results {
		if pr.Err != nil && !forms {
			fmt.Fprintf(stderr, "papergames: %s: %s\n", pr.Page.Name(), safetext.Message(pr.Err.Error()))
			failed++
		}
	}
	if forms {
		var names []string
		for _, pr := range results {
			if pr.Err != nil {
				names = append(names, pr.Page.Name())
			}
		}
		fmt.Fprintf(stderr, "skipped %d page(s) without registration marks, as many as the sheets read have pages without a board (record forms): %s\n", len(names), strings.Join(names, "; "))
	}
	doubtful := 0
	var texts []string
	for _, m := range matches {
		texts = append(texts, m.Transcript())
		info := m.Code.Game.Info()
		var from []string
		for _, p := range m.Pages {
			from = append(from, fmt.Sprintf("%s (page %d of %d)", p.Page.Name(), p.Reg.Code.Page, p.Reg.Code.Pages))
		}
		ds, probs := m.Doubts(), m.Problems()
		fmt.Fprintf(stderr, "read %s, board %s%s, from %s: %d round(s), %d in doubt\n", info.Title, m.Code.BoardID, m.Code.CopyText(), strings.Join(from, ", "), len(m.Rounds), len(ds)+len(probs))
		switch {
		case m.Copies < 2 || len(m.Pages) < 2:
		case m.Code.Class > 0:
			fmt.Fprintf(stderr, "  NOTE copy %d of %d of this class set was given %d times over: its pages are taken in the order given (a sheet scanned twice? give each copy once)\n", m.Code.Copy, m.Code.Class, m.Copies)
		default:
			fmt.Fprintf(stderr, "  NOTE %d copies of this sheet were read: their pages carry the same code, so each copy's pages are taken in the order given (give each copy's pages together, in one file or one after another; a class set printed with board --class numbers its copies, and needs no such care)\n", m.Copies)
		}
		for _, d := range append(probs, ds...) {
			fmt.Fprintf(stderr, "  DOUBT %s\n", safetext.Message(d))
		}
		if len(ds)+len(probs) > 0 {
			doubtful++
		}
	}
	if err := writeTranscripts(c, matches, texts); err != nil {
		return err
	}
	if overlay != "" {
		names, err := writeOverlay(overlay, results, matches, inputs)
		if err != nil {
			return fmt.Errorf("--overlay: %v", err)
		}
		fmt.Fprintf(stderr, "wrote the overlay %s\n", wroteList(names))
	}
	unscored := 0
	if c.Bool("score") {
		unscored = scoreRead(c, matches, texts, rules)
	}
	switch {
	case failed > 0:
		return fmt.Errorf("%d file(s) or page(s) could not be read", failed)
	case doubtful > 0:
		return exitError{fmt.Sprintf("%d match(es) read with moves in doubt: check them against the sheet (--overlay shows what was read), correct the transcript, then score it", doubtful), exitDoubt}
	case unscored > 0:
		return fmt.Errorf("%d match(es) read could not be scored (see above)", unscored)
	}
	return nil
}

// writeTranscripts writes the matches' transcripts to -o (a file for one
// match, a directory for any) or standard output.
func writeTranscripts(c *cli.Context, matches []*read.Match, texts []string) error {
	out := c.String("output")
	if len(matches) == 0 {
		return nil
	}
	if out == "" || out == "-" {
		if c.Bool("score") {
			// Standard output is the report's: the transcripts need -o.
			for _, m := range matches {
				if len(m.Doubts())+len(m.Problems()) > 0 {
					fmt.Fprintf(c.App.ErrWriter, "the transcripts read are not kept: give -o DIR to keep them, and correct those in doubt\n")
					break
				}
			}
			return nil
		}
		for i, t := range texts {
			if i > 0 {
				io.WriteString(c.App.Writer, "---\n")
			}
			io.WriteString(c.App.Writer, t)
		}
		return nil
	}
	if !outputDir(out) {
		if len(matches) > 1 {
			return usage("-o %s: %d matches were read; give a directory for one transcript file each", out, len(matches))
		}
		if err := layout.WriteFiles([]string{out}, [][]byte{[]byte(texts[0])}); err != nil {
			return err
		}
		fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", out)
		return nil
	}
	if err := os.MkdirAll(out, 0o777); err != nil {
		return err
	}
	// A transcript read before (and perhaps corrected by hand) is never
	// written over: a match takes the next free name.
	var names []string
	var blobs [][]byte
	taken := map[string]bool{}
	for i, m := range matches {
		base := m.Code.Game.Info().ID + "-" + m.Code.BoardID
		if m.Code.Class > 0 {
			base += "-copy" + m.Code.CopyNumber()
		}
		name := filepath.Join(out, base+".yaml")
		for k := 2; taken[name] || exists(name); k++ {
			name = filepath.Join(out, fmt.Sprintf("%s-%d.yaml", base, k))
		}
		taken[name] = true
		names = append(names, name)
		blobs = append(blobs, []byte(texts[i]))
	}
	if err := layout.WriteFiles(names, blobs); err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", wroteList(names))
	return nil
}

// outputDir reports whether -o names a folder: one that is there, a
// name ending in a slash, or any name but a .yaml or .yml file's (a
// file there with another name is refused by checkOutputs).
func outputDir(out string) bool {
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return true
	}
	ext := strings.ToLower(filepath.Ext(out))
	return strings.HasSuffix(out, string(os.PathSeparator)) || ext != ".yaml" && ext != ".yml"
}

// inputAt names the input file that name is, "" when none is.
func inputAt(name string, inputs []os.FileInfo) string {
	st, err := os.Stat(name)
	if err != nil {
		return ""
	}
	for _, in := range inputs {
		if os.SameFile(st, in) {
			return in.Name()
		}
	}
	return ""
}

// exists reports whether a file is at name.
func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// checkOutputs refuses, before any page is read, a transcript file (-o
// FILE.yaml) or an overlay whose folder is missing, is no folder or
// cannot be written (a
// folder given to -o is made when the transcripts are written).
func checkOutputs(c *cli.Context, overlay string, inputs []os.FileInfo) error {
	check := func(flag, name string) error {
		if in := inputAt(name, inputs); in != "" {
			return usage("%s %s: that is the input %s, which would be written over", flag, name, in)
		}
		folder := filepath.Dir(name)
		st, err := os.Stat(folder)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return usage("%s %s: there is no folder %s", flag, name, folder)
		case err != nil:
			return usage("%s %s: %v", flag, name, err)
		case !st.IsDir():
			return usage("%s %s: %s is not a folder", flag, name, folder)
		}
		// Found now, not after every page is read: a folder that
		// cannot be written.
		f, err := os.CreateTemp(folder, ".papergames-check-*")
		if err != nil {
			return fmt.Errorf("%s %s: the folder %s cannot be written: %v", flag, name, folder, errors.Unwrap(err))
		}
		f.Close()
		os.Remove(f.Name())
		return nil
	}
	if out := c.String("output"); out != "" && out != "-" {
		if !outputDir(out) {
			if err := check("-o", out); err != nil {
				return err
			}
		} else if st, err := os.Stat(filepath.Dir(filepath.Clean(out))); err == nil && !st.IsDir() {
			return usage("-o %s: %s is not a folder", out, filepath.Dir(filepath.Clean(out)))
		} else if st, err := os.Stat(out); err == nil && !st.IsDir() {
			// A photo or a note is not written over: only a name
			// ending in .yaml or .yml is a transcript file.
			return usage("-o %s: that is a file, and a name without .yaml or .yml is a folder for the transcripts: give a folder, or a name ending in .yaml", out)
		}
	}
	if overlay != "" {
		return check("--overlay", overlay)
	}
	return nil
}

// writeOverlay draws every page decoded and writes the images: PNG files
// (NAME-K.png for several pages) or one PDF of a page each. It returns
// the files written.
func writeOverlay(name string, results []*read.PageResult, matches []*read.Match, inputs []os.FileInfo) ([]string, error) {
	matchOf := map[*read.PageResult]*read.Match{}
	for _, m := range matches {
		for _, p := range m.Pages {
			matchOf[p] = m
		}
	}
	var blobs [][]byte
	pdf := strings.EqualFold(filepath.Ext(name), ".pdf")
	var doc *gofpdf.Fpdf
	if pdf {
		doc = gofpdf.New("P", "mm", "A4", "")
		epoch := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) // the same pages, the same bytes
		doc.SetCreationDate(epoch)
		doc.SetModificationDate(epoch)
		doc.SetCreator("papergames read", true)
	}
	for i, pr := range results {
		if !pr.Decoded {
			continue // not decoded: its reason is on standard error
		}
		img, err := read.Overlay(pr, matchOf[pr])
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			return nil, err
		}
		if !pdf {
			blobs = append(blobs, b.Bytes())
			continue
		}
		// A page the image's shape, 200 mm on its long side.
		bw, bh := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
		k := 200 / max(bw, bh)
		doc.AddPageFormat("P", gofpdf.SizeType{Wd: bw * k, Ht: bh * k})
		id := fmt.Sprintf("page%d", i+1)
		doc.RegisterImageOptionsReader(id, gofpdf.ImageOptions{ImageType: "PNG"}, &b)
		doc.ImageOptions(id, 0, 0, bw*k, bh*k, false, gofpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	}
	if pdf && doc.PageCount() == 0 || !pdf && len(blobs) == 0 {
		return nil, errors.New("no page was decoded: nothing to draw")
	}
	if pdf {
		var b bytes.Buffer
		if err := doc.Output(&b); err != nil {
			return nil, err
		}
		return []string{name}, layout.WriteFiles([]string{name}, [][]byte{b.Bytes()})
	}
	names := []string{name}
	if len(blobs) > 1 {
		names = nil
		ext := filepath.Ext(name)
		for i := range blobs {
			names = append(names, fmt.Sprintf("%s-%d%s", strings.TrimSuffix(name, ext), i+1, ext))
		}
	}
	for _, n := range names {
		if in := inputAt(n, inputs); in != "" {
			return nil, fmt.Errorf("%s is the input %s, which would be written over: name the overlay otherwise", n, in)
		}
	}
	return names, layout.WriteFiles(names, blobs)
}

// scoreRead scores every match read without doubt, as score does, and
// returns how many read without doubt could not be scored (a blank
// sheet, a round the rules refuse).
func scoreRead(c *cli.Context, matches []*read.Match, texts []string, rules games.Values) int {
	var jsons [][]byte
	failed := 0
	copyOf := map[*read.Match]int{}
	seen := map[string]int{}
	for _, m := range matches {
		seen[m.Code.BoardID]++
		copyOf[m] = seen[m.Code.BoardID]
	}
	for i, m := range matches {
		label := fmt.Sprintf("%s board %s (read)", m.Code.Game.Info().ID, m.Code.BoardID)
		if m.Copies > 1 {
			label = fmt.Sprintf("%s board %s (read, copy %d of %d)", m.Code.Game.Info().ID, m.Code.BoardID, copyOf[m], m.Copies)
		}
		if len(m.Doubts())+len(m.Problems()) > 0 {
			fmt.Fprintf(c.App.ErrWriter, "%s: not scored: moves in doubt (see above)\n", label)
			continue
		}
		if m.Blank() {
			fmt.Fprintf(c.App.ErrWriter, "%s: not scored: its boards are blank\n", label)
			failed++
			continue
		}
		res, _, err := catalog.Score(label, []byte(texts[i]), rules)
		if err != nil {
			fmt.Fprintf(c.App.ErrWriter, "%s\n  (the line and column are the transcript read's: -o DIR keeps it)\n", safetext.Message(err.Error()))
			failed++
			continue
		}
		if c.Bool("json") {
			jsons = append(jsons, bytes.TrimRight(res.JSON(), "\n"))
		} else {
			io.WriteString(c.App.Writer, res.Text(label))
		}
	}
	if c.Bool("json") && len(jsons) > 0 {
		if len(jsons) == 1 {
			c.App.Writer.Write(append(jsons[0], '\n'))
			return failed
		}
		io.WriteString(c.App.Writer, "[\n"+string(bytes.Join(jsons, []byte(",\n")))+"\n]\n")
	}
	return failed
}
