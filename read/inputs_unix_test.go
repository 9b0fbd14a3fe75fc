//go:build unix

package read

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestAddFilePipe: a pipe named as a file (read <(cat scan.png)) cannot
// be read twice: its bytes are kept, as standard input's are.
func TestAddFilePipe(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 400, 300))); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(t.TempDir(), "scan.png")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	go func() {
		// Read again, the pipe would give other bytes (none, here).
		for _, data := range [][]byte{b.Bytes(), nil} {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			f.Write(data)
			f.Close()
		}
	}()
	var in Inputs
	if err := in.AddFile(fifo, nil); err != nil {
		t.Fatal(err)
	}
	if len(in.Pages) != 1 {
		t.Fatalf("%d pages", len(in.Pages))
	}
	if _, err := in.Pages[0].Load(); err != nil {
		t.Errorf("a pipe's page: %v", err)
	}
}
