package read

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"os"
)

// Inputs gathers the pages of the files given to be read, each file and
// each page image once: the same scan given twice, or a page repeated
// inside one PDF, would otherwise read as a second copy of its sheet.
type Inputs struct {
	Pages []*Page
	Notes []string // what was left out, and why, one line each
	seen  map[[32]byte]string
}

// Add adds the pages of the file name holding data. The same bytes given
// before under another name add nothing but a note; an error names the
// file (and page) that cannot be read.
func (in *Inputs) Add(name string, data []byte) error {
	sum := sha256.Sum256(data)
	if first, ok := in.seen[sum]; ok {
		if first == name {
			in.Notes = append(in.Notes, fmt.Sprintf("%s: given twice, read once", (&Page{File: name}).Name()))
		} else {
			in.Notes = append(in.Notes, fmt.Sprintf("%s: the same file as %s, read once", (&Page{File: name}).Name(), (&Page{File: first}).Name()))
		}
		return nil
	}
	if in.seen == nil {
		in.seen = map[[32]byte]string{}
	}
	in.seen[sum] = name
	ps, err := Pages(name, data)
	if err != nil {
		return err
	}
	for _, p := range ps {
		if p.repeats > 0 {
			in.Notes = append(in.Notes, fmt.Sprintf("%s: the same image as page %d, read once", p.Name(), p.repeats))
			continue
		}
		in.Pages = append(in.Pages, p)
	}
	return nil
}

// AddFile adds the pages of the file name (standard input for "-", read
// from in). An image file's bytes are not kept: its page reads the file
// again when it is decoded, so that reading a class's photos holds the
// pages being read, not every file given. The bytes read then must be
// the bytes first read: a file changed in between is said to be.
func (in *Inputs) AddFile(name string, stdin io.Reader) error {
	data, err := ReadFile(name, stdin)
	if err != nil {
		return err
	}
	label := name
	if name == "-" {
		label = "<stdin>"
	}
	n := len(in.Pages)
	if err := in.Add(label, data); err != nil {
		return err
	}
	if name == "-" || kind(data) == "pdf" || len(in.Pages) != n+1 {
		return nil // a PDF's pages are read from its parsed form
	}
	if st, err := os.Stat(name); err != nil || !st.Mode().IsRegular() {
		return nil // a pipe cannot be read again: its bytes are kept
	}
	sum := sha256.Sum256(data)
	in.Pages[n].Load = func() (image.Image, error) {
		again, err := ReadFile(name, nil)
		var pe *fs.PathError
		switch {
		case errors.As(err, &pe):
			return nil, fmt.Errorf("the file cannot be read again to decode it: %v", pe.Err)
		case err != nil || sha256.Sum256(again) != sum:
			return nil, errors.New("the file changed while it was being read: read it again")
		}
		return decode(again)
	}
	return nil
}

// FormPages reports whether the pages that failed are the sheets' pages
// without a board (a duplex scan takes the record forms too): each failed
// for want of registration marks, every match read has all its boards,
// and they are no more than the pages the codes read say the sheets have
// beyond those read. A board page that did not register leaves its match
// short of a board, or makes more such pages than the sheets have, and is
// then an error.
func FormPages(results []*PageResult, matches []*Match) bool {
	failed := 0
	for _, pr := range results {
		if pr.Err == nil {
			continue
		}
		if !errors.Is(pr.Err, ErrNoMarks) {
			return false
		}
		failed++
	}
	if failed == 0 || len(matches) == 0 {
		return false
	}
	spare := 0
	for _, m := range matches {
		for _, b := range m.Rounds {
			if b == nil {
				return false
			}
		}
		spare += m.Code.Pages - len(m.Pages)
	}
	return failed <= spare
}
