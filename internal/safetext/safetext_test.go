package safetext

import (
	"strings"
	"testing"
)

func TestTerminal(t *testing.T) {
	for in, want := range map[string]string{
		"Ann":                        "Ann",
		"Zoë, 李雷, Łukasz":            "Zoë, 李雷, Łukasz",
		"\x1b[2J\x1b]0;pwned\x07":    `\x1b[2J\x1b]0;pwned\x07`,
		"Ann\nwinner: Bob":           `Ann\nwinner: Bob`,
		"a\tb\rc\x00d\x7fe":          `a\tb\rc\x00d\x7fe`,
		"\u202eboB":                  `\u202eboB`,
		"x\u2066y\u2069\u200f\u0085": `x\u2066y\u2069\u200f\u0085`,
		"bad \xff\xfe utf8":          `bad \xff\xfe utf8`,
		"family 👨\u200d👩\u200d👧":     "family 👨\u200d👩\u200d👧", // joiners are not hazards
	} {
		if got := Terminal(in); got != want {
			t.Errorf("Terminal(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDrop(t *testing.T) {
	for in, want := range map[string]string{
		"Ann":             "Ann",
		"\u202eboB\u202c": "boB",
		"a\x1b[31mb":      "a[31mb",
		"Zoë\n\u2067x":    "Zoëx",
		"bad \xff":        "bad \ufffd",
	} {
		if got := Drop(in); got != want {
			t.Errorf("Drop(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLines(t *testing.T) {
	if got := Lines("a\x1b[31m\nb\u202ec\n"); got != `a\x1b[31m`+"\n"+`b\u202ec`+"\n" {
		t.Errorf("Lines = %q", got)
	}
}

func TestMessage(t *testing.T) {
	long := strings.Repeat("x", 60000)
	for _, tc := range []struct{ in, want string }{
		{"short words stay", "short words stay"},
		{"--names " + long + ",B: too long", "--names " + strings.Repeat("x", 60) + "… (60,003 characters) too long"},
		{"a\n" + strings.Repeat("é", 81), "a\n" + strings.Repeat("é", 60) + "… (81 characters)"},
		{strings.Repeat("y", 80), strings.Repeat("y", 80)},
		{"\x1b[31m " + long, `\x1b[31m ` + strings.Repeat("x", 60) + "… (60,000 characters)"},
	} {
		if got := Message(tc.in); got != tc.want {
			t.Errorf("Message(%.30q...) = %.120q, want %.120q", tc.in, got, tc.want)
		}
	}
}
