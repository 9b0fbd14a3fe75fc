package input

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
)

// This file is the only way user input comes in: every file, standard
// input and request body is read by ReadFile or ReadAll (bounded) and
// decoded by Parse, Unmarshal or DecodeJSON (the limits checked before
// anything is built). TestOnlyWayIn, in the module's root, fails when a
// package decodes or reads a user's file any other way.

// ReadFile reads the named file whole, or stdin for "-", refusing one
// larger than MaxBytes with a message that names the bound.
func ReadFile(name string, stdin io.Reader) ([]byte, error) {
	return ReadFileMax(name, stdin, MaxBytes)
}

// ReadFileMax is ReadFile with its own bound, limit bytes.
func ReadFileMax(name string, stdin io.Reader, limit int) ([]byte, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if fi, err := f.Stat(); err == nil && fi.IsDir() {
			return nil, fmt.Errorf("%s: is a folder, not a file", name)
		}
		r = f
	}
	if r == nil {
		return nil, fmt.Errorf("%s: no standard input", FileLabel(name))
	}
	return ReadAll(FileLabel(name), r, limit)
}

// ReadAll reads r whole, refusing more than limit bytes; what names r in
// messages (a file, "the request").
func ReadAll(what string, r io.Reader, limit int) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if len(b) > limit {
		return nil, &SizeError{What: what, Limit: limit}
	}
	return b, nil
}

// SizeError is input refused for its size.
type SizeError struct {
	What  string
	Limit int
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("%s: larger than %s bytes (%s), the limit; refused", e.What, Thousands(e.Limit), sizeText(e.Limit))
}

func sizeText(n int) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", (n+1023)>>10)
}

// bomLen is the length of a UTF-8 byte order mark data starts with.
func bomLen(data []byte) int {
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		return 3
	}
	return 0
}

// Unmarshal parses data as Parse does (its limits, its positioned
// errors) and stores the tree in v, as Node.Decode does.
func Unmarshal(name string, data []byte, v any) error {
	root, err := Parse(name, data)
	if err != nil {
		return err
	}
	return root.Decode(v)
}

// Decode stores n in the value v points to. A struct's fields are read by
// their yaml tags (keys it has no field for are left alone, as are fields
// without a tag); a list goes into a slice, a mapping into a map with
// string keys; a single value into a string, an integer, a bool, or into
// an any as its text ([]any and map[string]any for lists and mappings).
// Nothing (null) leaves the zero value. A value of the wrong shape is an
// error at its place.
func (n *Node) Decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("input: Decode needs a non-nil pointer, not %T", v)
	}
	return n.decode(rv.Elem(), 0)
}

func (n *Node) decode(v reflect.Value, depth int) error {
	if depth > MaxDepth+1 {
		return depthError(n.Pos, MaxDepth)
	}
	if n.Kind == Null {
		v.SetZero()
		return nil
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.NumMethod() != 0 {
			break
		}
		v.Set(reflect.ValueOf(n.plain()))
		return nil
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := n.decode(p.Elem(), depth+1); err != nil {
			return err
		}
		v.Set(p)
		return nil
	case reflect.String:
		if n.Kind != Scalar {
			return n.Errorf("must be a single value, not %s", n.Kind)
		}
		v.SetString(n.Text)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n.Kind != Scalar {
			return n.Errorf("must be a whole number, not %s", n.Kind)
		}
		i, err := strconv.ParseInt(strings.TrimSpace(n.Text), 10, v.Type().Bits())
		if err != nil {
			return n.Errorf("%s is not a whole number from %d to %d", Quote(n.Text), int64(-1)<<(v.Type().Bits()-1), uint64(1)<<(v.Type().Bits()-1)-1)
		}
		v.SetInt(i)
		return nil
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.TrimSpace(n.Text))
		if n.Kind != Scalar || err != nil {
			return n.Errorf("must be true or false")
		}
		v.SetBool(b)
		return nil
	case reflect.Slice:
		if n.Kind != Seq {
			return n.Errorf("must be a list, not %s", n.Kind)
		}
		s := reflect.MakeSlice(v.Type(), len(n.Items), len(n.Items))
		for i, it := range n.Items {
			if err := it.decode(s.Index(i), depth+1); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	case reflect.Map:
		if n.Kind != Map {
			return n.Errorf("must be a mapping, not %s", n.Kind)
		}
		if v.Type().Key().Kind() != reflect.String {
			break
		}
		m := reflect.MakeMapWithSize(v.Type(), len(n.Keys))
		for i, k := range n.Keys {
			e := reflect.New(v.Type().Elem()).Elem()
			if err := n.Values[i].decode(e, depth+1); err != nil {
				return err
			}
			m.SetMapIndex(reflect.ValueOf(k.Text).Convert(v.Type().Key()), e)
		}
		v.Set(m)
		return nil
	case reflect.Struct:
		if n.Kind != Map {
			return n.Errorf("must be a mapping, not %s", n.Kind)
		}
		t := v.Type()
		for i, k := range n.Keys {
			for f := range t.NumField() {
				tag, _, _ := strings.Cut(t.Field(f).Tag.Get("yaml"), ",")
				if tag != "" && tag == k.Text && t.Field(f).IsExported() {
					if err := n.Values[i].decode(v.Field(f), depth+1); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	return fmt.Errorf("input: Decode cannot store into %s", v.Type())
}

// plain is n as text, []any and map[string]any.
func (n *Node) plain() any {
	switch n.Kind {
	case Scalar:
		return n.Text
	case Seq:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			out[i] = it.plain()
		}
		return out
	case Map:
		out := make(map[string]any, len(n.Keys))
		for i, k := range n.Keys {
			out[k.Text] = n.Values[i].plain()
		}
		return out
	}
	return nil
}

// DecodeJSON decodes data, one JSON value, into v with encoding/json,
// after the checks Parse makes before anything is built (size, nesting,
// values), so that a hostile file costs no more than a fair one.
// Fields v does not have are refused; a byte order mark is skipped.
// Errors name the file, line and column.
func DecodeJSON(name string, data []byte, v any) error {
	if len(data) > MaxBytes {
		return &Error{Pos: Pos{File: name}, Msg: fmt.Sprintf("file is %s bytes; the limit is %s", Thousands(len(data)), Thousands(MaxBytes))}
	}
	data = data[bomLen(data):]
	if len(bytes.TrimSpace(data)) == 0 {
		return &Error{Pos: Pos{File: name}, Msg: "file is empty"}
	}
	if _, err := readJSON(name, string(data), defaultScanLimits, false); err != nil {
		if _, slow := err.(errNotFast); !slow {
			return err
		}
		// Not strict JSON as the fast reader reads it (a tab, an odd
		// escape): the YAML pre-scan bounds it just as well.
		if err := prescan(name, data, defaultScanLimits); err != nil {
			return err
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		end := int(dec.InputOffset())
		if rest := bytes.TrimLeft(data[end:], " \t\r\n"); len(rest) > 0 {
			return &Error{Pos: offsetPos(name, data, len(data)-len(rest)), Msg: "more after the JSON value: a file holds one"}
		}
		return nil
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &Error{Pos: offsetPos(name, data, int(syn.Offset)-1), Msg: "JSON: " + syn.Error()}
	case errors.As(err, &typ):
		what := typ.Value
		if typ.Field != "" {
			what = fmt.Sprintf("%q: %s", typ.Field, typ.Value)
		}
		return &Error{Pos: offsetPos(name, data, valueStart(data, int(typ.Offset))), Msg: fmt.Sprintf("JSON: %s where %s belongs", what, typ.Type)}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &Error{Pos: offsetPos(name, data, len(data)), Msg: "JSON: the file ends in the middle of a value"}
	}
	return &Error{Pos: Pos{File: name}, Msg: "JSON: " + err.Error()}
}

// offsetPos is the line and column of byte offset off of data.
func offsetPos(name string, data []byte, off int) Pos {
	off = min(max(off, 0), len(data))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return Pos{File: name, Line: line, Col: 1 + len([]rune(string(data[start:off])))}
}

// valueStart is where the JSON value that ends at byte offset end starts:
// a string from its opening quote, else from the last delimiter.
func valueStart(data []byte, end int) int {
	end = min(max(end, 0), len(data))
	i := end - 1
	if i >= 0 && data[i] == '"' {
		for i--; i >= 0; i-- {
			if data[i] == '"' && (i == 0 || data[i-1] != '\\') {
				return i
			}
		}
		return 0
	}
	for i >= 0 && !strings.ContainsRune(",:[{ \t\r\n", rune(data[i])) {
		i--
	}
	return i + 1
}
