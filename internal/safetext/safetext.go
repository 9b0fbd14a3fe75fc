// Package safetext makes text from transcripts and command lines (player
// names, file names) safe to show: no control character or escape
// sequence reaches a terminal raw, and no bidirectional control reorders
// what is around it.
package safetext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Hazard reports whether r must not be shown as it is: a control
// character (C0, DEL, C1: ESC starts the terminal's escape sequences), a
// bidirectional control (U+202E turns the rest of a line around), or a
// line or paragraph separator.
func Hazard(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f: // ALM, LRM, RLM
		return true
	case r >= 0x202a && r <= 0x202e: // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	case r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// Terminal returns s with every hazard written out as Go writes it in a
// quoted string (\n, \t, \x1b, \u202e) and each byte that is not UTF-8 as
// \xff; the rest, accents and all scripts, is unchanged. It is for one
// field of a line: a newline in s is escaped too.
func Terminal(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case Hazard(r) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case Hazard(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Drop returns s without its hazards, and with U+FFFD for each byte that
// is not UTF-8: for labels read aloud rather than shown.
func Drop(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s { // ranging turns bad bytes into U+FFFD
		if !Hazard(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func clean(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || Hazard(r) {
			return false
		}
		i += n
	}
	return true
}

// Lines is Terminal for text of several lines (a report, a list of
// messages): each line is escaped, the newlines between them kept.
func Lines(s string) string {
	if clean(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Terminal(l)
	}
	return strings.Join(lines, "\n")
}

// LongWord is the length, in characters, past which Message cuts a word.
const LongWord = 80

// Message is Lines for an error message, with every word (a run without
// spaces) longer than LongWord characters cut to its first 60 and
// followed by its full length: a 60 KB name or a list of 20,000 angles
// given on the command line is not printed whole.
func Message(s string) string {
	lines := strings.Split(Lines(s), "\n")
	for i, l := range lines {
		if utf8.RuneCountInString(l) <= LongWord {
			continue
		}
		words := strings.Split(l, " ")
		for j, w := range words {
			if n := utf8.RuneCountInString(w); n > LongWord {
				k, end := 0, len(w)
				for at := range w {
					if k == 60 {
						end = at
						break
					}
					k++
				}
				words[j] = fmt.Sprintf("%s… (%s characters)", w[:end], thousands(n))
			}
		}
		lines[i] = strings.Join(words, " ")
	}
	return strings.Join(lines, "\n")
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
