package input

import "strconv"

// MaxEcho is how many characters of the user's text a message repeats.
const MaxEcho = 60

// Quote is s in double quotes, as %q writes it, cut to MaxEcho characters:
// longer text ends in "…" and is followed by its full length, as in
// "xxxx…" (60,000 characters). Every message that repeats text from a
// file uses it (or Clip), so a 60 KB name is not printed whole.
func Quote(s string) string {
	short, n := cut(s, MaxEcho)
	if n <= MaxEcho {
		return strconv.Quote(s)
	}
	return strconv.Quote(short+"…") + " (" + Thousands(n) + " characters)"
}

// Clip is s cut like Quote but not quoted, for numbers and names that
// messages print bare: xxxx… (60,000 characters).
func Clip(s string) string {
	short, n := cut(s, MaxEcho)
	if n <= MaxEcho {
		return s
	}
	return short + "… (" + Thousands(n) + " characters)"
}

// cut returns s's first limit characters and how many characters s has.
func cut(s string, limit int) (string, int) {
	n, end := 0, len(s)
	for i := range s {
		if n == limit {
			end = i
		}
		n++
	}
	return s[:end], n
}
