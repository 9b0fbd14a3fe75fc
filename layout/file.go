package layout

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Output files are written whole or not at all:
//
//   - A regular file (new or replaced) is written to a temporary file
//     beside it, synced, and renamed over it; the folder is then synced
//     too, as far as the system allows. A replaced file keeps its mode
//     (and, where permitted, its owner); a new one gets 0666 less the
//     umask, as os.Create gives. Replacing a file gives it a new inode,
//     so other hard links to the old file keep the old contents.
//   - A symbolic link is followed to its final target, and the target is
//     written as above (the link stays a link).
//   - A device, pipe or socket (/dev/null, a FIFO), or an open file named
//     by its descriptor (/dev/stdout, /dev/fd/N), is written directly: it
//     is never replaced by a regular file.
//   - A folder is refused with a message that names it.
//
// The temporary files are registered while they exist: on SIGINT or
// SIGTERM they are removed before the program exits with 128 plus the
// signal's number (130, 143).

// outFile is one file being written.
type outFile struct {
	name   string      // as the caller named it, for messages
	path   string      // name with symbolic links followed
	direct bool        // a device, pipe or socket: written in place
	old    fs.FileInfo // the regular file being replaced; nil for a new one
	temp   string      // the temporary file beside path, while it exists
}

// maxLinks bounds the symbolic links followed, as the kernel's ELOOP.
const maxLinks = 40

// label names the file for messages: the caller's name, and where a
// link led.
func (o *outFile) label() string {
	if o.path != o.name {
		return fmt.Sprintf("%s (a link to %s)", o.name, o.path)
	}
	return o.name
}

// fail is the message for err while writing o, naming the caller's file
// rather than the temporary one.
func (o *outFile) fail(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return fmt.Errorf("writing %s: %v", o.label(), err)
}

// splitPath splits p after its last separator, without cleaning it
// lexically: "a/../b" must mean what the system makes of it when a is a
// link.
func splitPath(p string) (dir, base string) {
	i := len(p) - 1
	for i >= 0 && !os.IsPathSeparator(p[i]) {
		i--
	}
	return p[:i+1], p[i+1:]
}

// fdPath matches the names of open files (/dev/stdout, /dev/fd/3,
// /proc/self/fd/1): their "links" are no paths to follow, and whatever
// they lead to, a terminal, a pipe or a file the shell opened, is written
// as it is.
var fdPath = regexp.MustCompile(`^/(dev/(stdout|stderr|fd/[0-9]+)|proc/[^/]+/fd/[0-9]+)$`)

// resolve follows name's symbolic links and says how to write it.
func resolve(name string) (*outFile, error) {
	o := &outFile{name: name, path: name}
	if fi, err := os.Stat(name); fdPath.MatchString(filepath.Clean(name)) ||
		(err == nil && !fi.IsDir() && !fi.Mode().IsRegular()) {
		o.direct = true
		return o, nil
	}
	for links := 0; ; links++ {
		fi, err := os.Lstat(o.path)
		if errors.Is(err, fs.ErrNotExist) {
			break // a new file (or a link to one), created as os.Create would
		}
		if err != nil {
			return nil, o.fail(err)
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			if links == maxLinks {
				return nil, fmt.Errorf("writing %s: more than %d symbolic links in a row", name, maxLinks)
			}
			to, err := os.Readlink(o.path)
			if err != nil {
				return nil, o.fail(err)
			}
			if !filepath.IsAbs(to) {
				dir, _ := splitPath(o.path)
				to = dir + to
			}
			o.path = to
			continue
		case fi.IsDir():
			return nil, fmt.Errorf("cannot write %s: it is a folder; give a file name", o.label())
		case fi.Mode().IsRegular():
			o.old = fi
		default:
			o.direct = true
		}
		break
	}
	if _, base := splitPath(o.path); base == "" || base == "." || base == ".." {
		return nil, fmt.Errorf("cannot write %s: it names a folder; give a file name", o.label())
	}
	return o, nil
}

// writeTemp writes b to a new temporary file beside o.path, synced and
// closed, with the mode the final file is to have.
func (o *outFile) writeTemp(b []byte) error {
	dir, base := splitPath(o.path)
	perm := fs.FileMode(0o666) // less the umask, as os.Create
	if o.old != nil {
		perm = 0o600 // until it has the replaced file's owner and mode
	}
	var f *os.File
	for tries := 0; f == nil; tries++ {
		t := dir + "." + base + ".tmp" + strconv.FormatUint(uint64(rand.Uint32()), 10)
		track(t)
		var err error
		f, err = os.OpenFile(t, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if err != nil {
			untrack(t)
			if errors.Is(err, fs.ErrExist) && tries < 100 {
				continue
			}
			return o.fail(err)
		}
		o.temp = t
	}
	err := func() error {
		if o.old != nil {
			chownLike(f, o.old) // best effort: root replacing a user's file
			if err := f.Chmod(o.old.Mode().Perm()); err != nil {
				return err
			}
		}
		if _, err := f.Write(b); err != nil {
			return err
		}
		return f.Sync()
	}()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		o.removeTemp()
		return o.fail(err)
	}
	return nil
}

func (o *outFile) removeTemp() {
	if o.temp != "" {
		os.Remove(o.temp)
		untrack(o.temp)
		o.temp = ""
	}
}

// writeDirect writes b to a device, pipe or socket, or an open file, as
// it is. It appends, as a write to the descriptor itself would after
// "> file" or ">> log" (for the others appending makes no difference).
func (o *outFile) writeDirect(b []byte) error {
	f, err := os.OpenFile(o.path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return o.fail(err)
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return o.fail(err)
	}
	return nil
}

// writeFiles writes blobs[i] to names[i], all of them or none: every
// regular file goes to a temporary file first, and only when all are
// written are they renamed into place. On failure the temporary files are
// removed and no regular file is replaced.
func writeFiles(names []string, blobs [][]byte) error {
	outs := make([]*outFile, len(names))
	for i, n := range names {
		o, err := resolve(n)
		if err != nil {
			return err
		}
		outs[i] = o
	}
	cleanup := func() {
		for _, o := range outs {
			o.removeTemp()
		}
	}
	for i, o := range outs {
		if !o.direct {
			if err := o.writeTemp(blobs[i]); err != nil {
				cleanup()
				return err
			}
		}
	}
	for i, o := range outs {
		if o.direct {
			if err := o.writeDirect(blobs[i]); err != nil {
				cleanup()
				return err
			}
		}
	}
	// The renames hold the registry, so that a signal waits for the whole
	// set rather than leaving it half replaced.
	live.Lock()
	var done []string
	for _, o := range outs {
		if o.temp == "" {
			continue
		}
		if err := os.Rename(o.temp, o.path); err != nil {
			live.Unlock()
			cleanup()
			msg := o.fail(err)
			if len(done) > 0 {
				msg = fmt.Errorf("%v (%s already replaced)", msg, strings.Join(done, ", "))
			}
			return msg
		}
		delete(live.files, o.temp)
		o.temp = ""
		done = append(done, o.name)
	}
	live.Unlock()
	synced := map[string]bool{}
	for _, o := range outs {
		if dir, _ := splitPath(o.path); !o.direct && !synced[dir] {
			synced[dir] = true
			syncDir(dir)
		}
	}
	return nil
}

// syncDir makes a rename in dir durable, where the system allows it.
func syncDir(dir string) {
	if dir == "" {
		dir = "."
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// live holds the temporary files that exist now.
var live = struct {
	sync.Mutex
	files map[string]bool
}{files: map[string]bool{}}

var (
	handler sync.Once
	// exit ends the program after a signal; the tests replace it.
	exit = os.Exit
)

// track registers a temporary file before it is created, installing the
// signal handler the first time.
func track(name string) {
	handler.Do(func() {
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt, syscall.SIGTERM)
		go func() {
			for sig := range c {
				onSignal(sig)
			}
		}()
	})
	live.Lock()
	live.files[name] = true
	live.Unlock()
}

func untrack(name string) {
	live.Lock()
	delete(live.files, name)
	live.Unlock()
}

// onSignal removes the temporary files and exits with 128 plus the
// signal's number, the status a shell reports for a program the signal
// killed. It holds the registry while exiting, so that no new temporary
// file appears meanwhile.
func onSignal(sig os.Signal) {
	live.Lock()
	defer live.Unlock()
	for f := range live.files {
		os.Remove(f)
		delete(live.files, f)
	}
	status := 1
	if s, ok := sig.(syscall.Signal); ok {
		status = 128 + int(s)
	}
	exit(status)
}
