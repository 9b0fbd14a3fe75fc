//go:build unix

package layout

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A pipe or a device is written directly, never replaced by a regular
// file (as root, -o /dev/null used to replace the device node).
func TestSaveWritesPipesAndDevicesInPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.pdf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- b
	}()
	if _, err := Save(onePDF(), fifo, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was replaced: %v", fi.Mode())
	}
	select {
	case b := <-got:
		if !strings.HasPrefix(string(b), "%PDF") || !strings.HasSuffix(strings.TrimSpace(string(b)), "%%EOF") {
			t.Errorf("the reader of the pipe got %d bytes: %.20q", len(b), b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing was written to the pipe")
	}
	noTemps(t, dir)

	// A device node like /dev/null (made here, so that a regression
	// cannot replace the real one); only root may make one.
	null := filepath.Join(dir, "null.svg")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, int(mkdev(1, 3))); err != nil {
		t.Log("no device node (not root?):", err)
		return
	}
	if _, err := Save(pages(1), null, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("the device node was replaced by a regular file: %v", fi.Mode())
	}
}

func mkdev(major, minor uint64) uint64 { return major<<8 | minor }

// A replaced file keeps its mode; a new one gets 0666 less the umask.
func TestSaveKeepsTheMode(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	name := filepath.Join(dir, "private.pdf")
	os.WriteFile(name, []byte("old"), 0o600)
	os.Chmod(name, 0o600)
	if _, err := Save(onePDF(), name, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(name); fi.Mode().Perm() != 0o600 {
		t.Errorf("a 0600 file became %v", fi.Mode().Perm())
	}
	fresh := filepath.Join(dir, "new.pdf")
	if _, err := Save(onePDF(), fresh, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640 {
		t.Errorf("a new file under umask 027 is %v, want -rw-r-----", fi.Mode().Perm())
	}
}

// Replacing a file breaks its hard links, as documented: the other name
// keeps the old contents (and the replacement is still whole or nothing).
func TestSaveBreaksHardLinks(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pdf"), filepath.Join(dir, "b.pdf")
	os.WriteFile(a, []byte("old"), 0o644)
	if err := os.Link(a, b); err != nil {
		t.Skip("no hard links here:", err)
	}
	if _, err := Save(onePDF(), a, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(readString(t, a), "%PDF") || readString(t, b) != "old" {
		t.Error("hard links do not behave as the README says")
	}
}

// On SIGTERM or SIGINT the live temporary files are removed and the
// program exits with 143 or 130.
func TestSignalRemovesTemporaryFiles(t *testing.T) {
	statuses := make(chan int, 1)
	exit = func(s int) { statuses <- s }
	defer func() { exit = os.Exit }()
	dir := t.TempDir()
	for sig, want := range map[syscall.Signal]int{syscall.SIGTERM: 143, syscall.SIGINT: 130} {
		tmp := filepath.Join(dir, ".x.pdf.tmp1")
		track(tmp)
		os.WriteFile(tmp, []byte("partial"), 0o600)
		syscall.Kill(os.Getpid(), sig)
		select {
		case s := <-statuses:
			if s != want {
				t.Errorf("%v: exit status %d, want %d", sig, s, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v: no exit", sig)
		}
		if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%v left the temporary file: %v", sig, err)
		}
	}
}

// The same, end to end: a process killed while writing a set of pages
// (blocked on the second, a pipe nobody reads) leaves no temporary file
// and no page, and exits with 143.
func TestSIGTERMWhileSaving(t *testing.T) {
	if dir := os.Getenv("PAPERGAMES_TEST_SAVE_INTO"); dir != "" {
		Save(pages(2), filepath.Join(dir, "s.svg"), io.Discard)
		os.Exit(0)
	}
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "s-2.svg"), 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestSIGTERMWhileSaving$")
	cmd.Env = append(os.Environ(), "PAPERGAMES_TEST_SAVE_INTO="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if m, _ := filepath.Glob(filepath.Join(dir, ".s-1.svg.tmp*")); len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the child never made its temporary file")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 143 {
		t.Errorf("the child ended with %v, want exit status 143", err)
	}
	noTemps(t, dir)
	if _, err := os.Stat(filepath.Join(dir, "s-1.svg")); err == nil {
		t.Error("page 1 was written although page 2 was not")
	}
}

// A file named by its descriptor (-o /dev/stdout > FILE, /dev/fd/N) is
// written through the descriptor: no temporary file in /dev or /proc, and
// the open file is the one written (appended to, as the descriptor would).
func TestSaveToAnOpenFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.pdf")
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString("before\n")
	fd := fmt.Sprintf("/dev/fd/%d", f.Fd())
	if _, err := os.Stat(fd); err != nil {
		t.Skip("no /dev/fd here:", err)
	}
	before, _ := os.Stat(name)
	if _, err := Save(onePDF(), fd, io.Discard); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(name)
	if !os.SameFile(before, after) {
		t.Error("the open file was replaced rather than written")
	}
	if got := readString(t, name); !strings.HasPrefix(got, "before\n%PDF") {
		t.Errorf("the file holds %.20q", got)
	}
	noTemps(t, dir)
}
