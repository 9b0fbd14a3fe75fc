package input

import (
	"errors"
	"strings"
	"testing"
)

func TestQuoteCutsLongText(t *testing.T) {
	sixty := strings.Repeat("ab", 30)
	for _, tc := range []struct{ in, quote, clip string }{
		{"k1", `"k1"`, "k1"},
		{"tab\there", `"tab\there"`, "tab\there"},
		{sixty, `"` + sixty + `"`, sixty},
		{sixty + "c", `"` + sixty + `…" (61 characters)`, sixty + "… (61 characters)"},
		{strings.Repeat("é", 60000), `"` + strings.Repeat("é", 60) + `…" (60,000 characters)`, strings.Repeat("é", 60) + "… (60,000 characters)"},
	} {
		if got := Quote(tc.in); got != tc.quote {
			t.Errorf("Quote(%.70q) = %s, want %s", tc.in, got, tc.quote)
		}
		if got := Clip(tc.in); got != tc.clip {
			t.Errorf("Clip(%.70q) = %s, want %s", tc.in, got, tc.clip)
		}
	}
}

// A 60 KB key is not repeated whole in a message.
func TestLongKeysAreCutInMessages(t *testing.T) {
	long := strings.Repeat("x", 60000)
	want := `"` + strings.Repeat("x", 60) + `…" (60,000 characters)`
	root, err := Parse("k.yaml", []byte("segments: []\n"+long+": 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = root.Fields("the drawing", "segments")
	if err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), "k.yaml:2:1: unknown key "+want+" in the drawing") {
		t.Errorf("err = %.300v", err)
	}
	for _, src := range []string{
		"{" + long + ": 1, " + long + ": 2}", // found by goccy
		"a: 1\n" + long + ": 1\n" + long + ": 2\n",
	} {
		_, err := Parse("k.yaml", []byte(src))
		if err == nil || len(err.Error()) > 400 {
			t.Errorf("duplicate long key: %d-byte message %.300v", len(err.Error()), err)
		}
	}
}

// Standard input, "-" on the command line, is <stdin> in every message.
func TestStdinIsNamed(t *testing.T) {
	if got := (Pos{File: "-", Line: 2, Col: 3}).String(); got != "<stdin>:2:3" {
		t.Errorf("Pos = %s", got)
	}
	if _, err := Parse("-", []byte("a: [1\n")); err == nil || !strings.HasPrefix(err.Error(), "<stdin>:") {
		t.Errorf("err = %v", err)
	}
	if _, err := Parse("-", []byte(" ")); err == nil || err.Error() != "<stdin>: file is empty" {
		t.Errorf("err = %v", err)
	}
	var es Errors
	for range 20 {
		es.Add(errors.New("no"), "-")
	}
	if !strings.HasSuffix(es.Error(), "\n<stdin>: ... and 10 more errors") {
		t.Errorf("err = %v", es)
	}
}
