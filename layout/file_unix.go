//go:build unix

package layout

import (
	"io/fs"
	"os"
	"syscall"
)

// chownLike gives f the owner and group of old, where permitted (as root,
// or a group the user is in); it fails quietly otherwise.
func chownLike(f *os.File, old fs.FileInfo) {
	if st, ok := old.Sys().(*syscall.Stat_t); ok {
		f.Chown(int(st.Uid), int(st.Gid))
	}
}
