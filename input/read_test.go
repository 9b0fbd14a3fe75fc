package input

import (
	"errors"
	"strings"
	"testing"
)

// A byte order mark is skipped in YAML as in JSON: columns count from
// after it (issue 23: YAML read it as part of the first key).
func TestByteOrderMark(t *testing.T) {
	for _, src := range []string{"\ufeffsegments: [1, 2]\n", "\ufeff{\"segments\": [1, 2]}", "\ufeff# a comment\nsegments: [1, 2]\n", "\ufeff{\"segments\":\t[1, 2]}"} {
		root, err := Parse("f", []byte(src))
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		f, err := root.Fields("the file", "segments")
		if err != nil || len(f["segments"].Items) != 2 {
			t.Errorf("%q: %v", src, err)
		}
		if k := root.Keys[0]; k.Pos.Col > 2 {
			t.Errorf("%q: key at column %d", src, k.Pos.Col)
		}
	}
	if _, err := Parse("f", []byte("\ufeff  \n")); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("a mark alone: %v", err)
	}
}

func TestUnmarshal(t *testing.T) {
	var v struct {
		Game   string `yaml:"game"`
		Size   int    `yaml:"size"`
		Rounds []struct {
			Curves map[string]string `yaml:"curves"`
			Moves  any               `yaml:"moves"`
		} `yaml:"rounds"`
		Skipped string
	}
	src := "game: within-the-curve\nsize: 12\nother: [1, {a: b}]\nrounds:\n  - curves: {A: C3 C4}\n    moves: [1a-2b, 3]\n  - moves: 1a-2b\n"
	if err := Unmarshal("t", []byte(src), &v); err != nil {
		t.Fatal(err)
	}
	if v.Game != "within-the-curve" || v.Size != 12 || len(v.Rounds) != 2 || v.Rounds[0].Curves["A"] != "C3 C4" {
		t.Errorf("%+v", v)
	}
	if m, ok := v.Rounds[0].Moves.([]any); !ok || len(m) != 2 || m[1] != "3" {
		t.Errorf("moves %#v", v.Rounds[0].Moves)
	}
	if v.Rounds[1].Moves != "1a-2b" {
		t.Errorf("moves %#v", v.Rounds[1].Moves)
	}
	for src, want := range map[string]string{
		"size: twelve\n":         "t:1:7: \"twelve\" is not a whole number",
		"size: [1]\n":            "t:1:7: must be a whole number, not a list",
		"rounds: x\n":            "t:1:9: must be a list, not a single value",
		"game: [a]\n":            "t:1:7: must be a single value, not a list",
		strings.Repeat("[", 200): "nested too deeply",
	} {
		err := Unmarshal("t", []byte(src), &v)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}

func TestDecodeJSON(t *testing.T) {
	type shard struct {
		Format string         `json:"format"`
		Units  map[int]string `json:"units"`
	}
	var v shard
	if err := DecodeJSON("p.json", []byte("\ufeff{\"format\": \"x\", \"units\": {\"3\": \"a\"}}\n"), &v); err != nil || v.Format != "x" || v.Units[3] != "a" {
		t.Fatalf("%+v %v", v, err)
	}
	for src, want := range map[string]string{
		strings.Repeat("[", 200_000):                 "p.json:1:65: nested too deeply",
		"[" + strings.Repeat("1,", 2_000_000) + "1]": "more than 2,000,000 values",
		"{\"format\": 1}":                            "p.json:1:12: JSON: \"format\": number where string belongs",
		"{\"form\": \"x\"}":                          "unknown field",
		"{\"format\": \"x\"} {}":                     "p.json:1:17: more after the JSON value",
		"{\"format\": \"x\",\n \"units\": }":         "p.json:2:11: JSON: invalid character '}'",
		"{\"format\": \"x\"":                         "ends in the middle",
		"":                                           "empty",
	} {
		err := DecodeJSON("p.json", []byte(src), &v)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: %v, want %q", src, err, want)
		}
	}
}

func TestReadAllBound(t *testing.T) {
	_, err := ReadAll("f", strings.NewReader(strings.Repeat("x", 1025)), 1024)
	var se *SizeError
	if !errors.As(err, &se) || err.Error() != "f: larger than 1,024 bytes (1 KB), the limit; refused" {
		t.Errorf("%v", err)
	}
	if b, err := ReadAll("f", strings.NewReader(strings.Repeat("x", 1024)), 1024); err != nil || len(b) != 1024 {
		t.Errorf("%d %v", len(b), err)
	}
	if _, err := ReadFile("/dev/zero", nil); err == nil || !strings.Contains(err.Error(), "16 MB") {
		t.Errorf("/dev/zero: %v", err)
	}
	if _, err := ReadFile(".", nil); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("a folder: %v", err)
	}
}
