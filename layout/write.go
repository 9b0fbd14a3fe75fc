package layout

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Format is an output file format.
type Format string

// Output formats.
const (
	FormatPDF Format = "pdf"
	FormatSVG Format = "svg"
)

// FormatFor returns the format named by explicit, or else by the file
// name's extension.
func FormatFor(name, explicit string) (Format, error) {
	switch f := strings.ToLower(explicit); f {
	case "pdf", "svg":
		return Format(f), nil
	case "":
	default:
		return "", fmt.Errorf("--format %q: use pdf or svg", explicit)
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".pdf":
		return FormatPDF, nil
	case ".svg":
		return FormatSVG, nil
	}
	if name == "-" {
		return "", fmt.Errorf("-o -: say which format to write with --format pdf or --format svg")
	}
	return "", fmt.Errorf("-o %q: the file name must end in .pdf or .svg (or give --format)", name)
}

// NewDocument returns an empty document of format f.
func NewDocument(f Format, title string) Document {
	if f == FormatSVG {
		return NewSVG(title)
	}
	return NewPDF(title)
}

// Save writes doc to name ("-" for stdout) and returns the files written.
// A PDF is one file; an SVG document of several pages is written as
// name-1.svg, name-2.svg, .... Files appear only complete: each is written
// to a temporary file beside it and renamed.
func Save(doc Document, name string, stdout io.Writer) ([]string, error) {
	var blobs [][]byte
	switch d := doc.(type) {
	case *PDF:
		var b bytes.Buffer
		if _, err := d.WriteTo(&b); err != nil {
			return nil, fmt.Errorf("writing PDF: %v", err)
		}
		blobs = [][]byte{b.Bytes()}
	case *SVG:
		blobs = d.Pages()
	default:
		return nil, fmt.Errorf("layout: cannot save %T", doc)
	}
	if name == "-" {
		if len(blobs) != 1 {
			return nil, fmt.Errorf("this sheet has %d pages and an SVG holds one: write it to a file (one SVG per page) or choose --format pdf", len(blobs))
		}
		_, err := stdout.Write(blobs[0])
		return []string{"-"}, err
	}
	names := []string{name}
	if len(blobs) > 1 {
		ext := filepath.Ext(name)
		base := strings.TrimSuffix(name, ext)
		names = names[:0]
		for i := range blobs {
			names = append(names, fmt.Sprintf("%s-%d%s", base, i+1, ext))
		}
	}
	var temps []string
	cleanup := func() {
		for _, t := range temps {
			os.Remove(t)
		}
	}
	for i, b := range blobs {
		t, err := writeTemp(names[i], b)
		if err != nil {
			cleanup()
			return nil, err
		}
		temps = append(temps, t)
	}
	for i, t := range temps {
		if err := os.Rename(t, names[i]); err != nil {
			cleanup()
			return nil, fmt.Errorf("writing %s: %v", names[i], err)
		}
	}
	return names, nil
}

func writeTemp(name string, b []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return "", fmt.Errorf("writing %s: %v", name, err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		os.Remove(f.Name())
		return "", fmt.Errorf("writing %s: %v", name, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("writing %s: %v", name, err)
	}
	os.Chmod(f.Name(), 0o644)
	return f.Name(), nil
}
