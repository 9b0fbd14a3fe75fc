// Package input reads the YAML (and so JSON) files users type by hand —
// drawings and game transcripts — into a tree of positioned nodes. Scalars
// keep their literal text, so that a number like 0.1 reaches the exact
// arithmetic as written and never passes through float64, and every error
// names the file, line and column.
package input

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// MaxBytes is the largest file read; larger input is refused, not parsed.
const MaxBytes = 16 << 20

// Pos is a place in a file; Line and Col count from 1.
type Pos struct {
	File      string
	Line, Col int
}

// Stdin is how messages name standard input, which the command line
// calls "-".
const Stdin = "<stdin>"

// FileLabel is how messages name the file name: "-" is Stdin.
func FileLabel(name string) string {
	if name == "-" {
		return Stdin
	}
	return name
}

// String is file:line:col, the file named by FileLabel.
func (p Pos) String() string {
	if p.Line == 0 {
		return FileLabel(p.File)
	}
	return fmt.Sprintf("%s:%d:%d", FileLabel(p.File), p.Line, p.Col)
}

// Error is a problem at a place in the input.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Errors is every problem found in one file, in order.
type Errors []*Error

// Error prints the errors one a line, but not thousands of them: it shows
// at most MaxSameKind of one kind (messages that differ only in quoted
// text and numbers, such as "unknown key "k1"" and "unknown key "k2"") and
// MaxShown in all, in order, and ends with a line saying how many more
// there are.
func (es Errors) Error() string {
	var b strings.Builder
	kinds := map[string]int{}
	shown, more := 0, 0
	for _, e := range es {
		k := kindOf(e.Msg)
		kinds[k]++
		if kinds[k] > MaxSameKind || shown >= MaxShown {
			more++
			continue
		}
		if shown > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
		shown++
	}
	if more > 0 {
		fmt.Fprintf(&b, "\n%s: ... and %s more errors", FileLabel(es[0].Pos.File), Thousands(more))
	}
	return b.String()
}

// Limits on the errors Errors.Error prints.
const (
	MaxShown    = 50 // errors in all
	MaxSameKind = 10 // errors of one kind
)

// kindOf is msg without its quoted parts and numbers: messages of one kind
// differ only in those.
func kindOf(msg string) string {
	var b strings.Builder
	inQuote, digits := false, false
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		switch {
		case inQuote && c == '\\':
			i++
		case c == '"':
			if !inQuote {
				b.WriteString(`""`)
			}
			inQuote = !inQuote
		case inQuote:
		case c >= '0' && c <= '9' || digits && c == ',':
			if !digits {
				b.WriteByte('#')
			}
			digits = true
			continue
		default:
			b.WriteByte(c)
		}
		digits = false
	}
	return b.String()
}

// Thousands writes n with commas between groups of three digits: 99,990.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	start := 0
	if n < 0 {
		start = 1
	}
	var b strings.Builder
	for i := range len(s) {
		if i > start && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Err returns es as an error, or nil when empty.
func (es Errors) Err() error {
	if len(es) == 0 {
		return nil
	}
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i].Pos, es[j].Pos
		return a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)
	})
	return es
}

// Add appends err, flattening Errors; other errors get the file's position.
func (es *Errors) Add(err error, file string) {
	var list Errors
	var one *Error
	switch {
	case err == nil:
	case errors.As(err, &list):
		*es = append(*es, list...)
	case errors.As(err, &one):
		*es = append(*es, one)
	default:
		*es = append(*es, &Error{Pos: Pos{File: file}, Msg: err.Error()})
	}
}

// Kind is the shape of a node.
type Kind int

// Node kinds.
const (
	Null Kind = iota
	Scalar
	Seq
	Map
)

func (k Kind) String() string {
	return [...]string{"nothing", "a single value", "a list", "a mapping"}[k]
}

// Node is one value of the file with its place.
type Node struct {
	Kind   Kind
	Pos    Pos
	Text   string  // a scalar's literal text (unquoted)
	Quoted bool    // a scalar written in quotes
	Items  []*Node // a list's items
	Keys   []*Node // a mapping's keys, in file order
	Values []*Node // a mapping's values, matching Keys

	// BlockCol is, for a literal block scalar (|), the column its lines
	// start at: line i of Text (from 0) is on file line Pos.Line+1+i, its
	// first character at column BlockCol. 0 for every other node.
	BlockCol int
}

// Errorf returns an error at n's place.
func (n *Node) Errorf(format string, a ...any) *Error {
	return &Error{Pos: n.Pos, Msg: fmt.Sprintf(format, a...)}
}

// Parse reads name's contents. A syntax error comes back with its place;
// a parser panic (YAML decoders have had them) becomes an error too.
// Strict JSON is read by parseJSON, and the block YAML papergames writes
// by parseBlock, to the tree goccy would give; the rest, and what those
// hand back, by goccy.
func Parse(name string, data []byte) (root *Node, err error) {
	if len(data) > MaxBytes {
		return nil, &Error{Pos: Pos{File: name}, Msg: fmt.Sprintf("file is %d bytes; the limit is %d", len(data), MaxBytes)}
	}
	// A byte order mark (as Windows editors write) is not text: columns
	// count from after it, in YAML and JSON alike.
	data = data[bomLen(data):]
	if strings.TrimSpace(string(data)) == "" {
		return nil, &Error{Pos: Pos{File: name}, Msg: "file is empty"}
	}
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, &Error{Pos: Pos{File: name}, Msg: fmt.Sprintf("cannot read this file as YAML or JSON (%v)", r)}
		}
	}()
	if looksJSON(data) {
		root, err := parseJSON(name, data, defaultScanLimits)
		if _, slow := err.(errNotFast); !slow {
			return root, err
		}
	}
	if err := prescan(name, data, defaultScanLimits); err != nil {
		return nil, err
	}
	if root, err := parseBlock(name, data); err == nil {
		return root, nil
	}
	return parse(name, data)
}

// parse is Parse after the checks that come before the parser.
func parse(name string, data []byte) (*Node, error) {
	f, perr := parser.ParseBytes(data, 0)
	if perr != nil {
		return nil, syntaxError(name, perr)
	}
	var docs []*ast.DocumentNode
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			docs = append(docs, d)
		}
	}
	if len(docs) == 0 {
		return nil, &Error{Pos: Pos{File: name}, Msg: "file holds no data"}
	}
	if len(docs) > 1 {
		return nil, &Error{Pos: pos(name, docs[1].Body.GetToken()), Msg: "a file holds one document; this is a second one"}
	}
	root, err := convert(name, docs[0].Body, 0)
	if err == nil {
		fixColumns(root, splitLines(string(data)))
	}
	return root, err
}

// splitLines splits s into lines as YAML numbers them: "\r\n", a lone
// "\r" and "\n" each end a line.
func splitLines(s string) []string {
	return strings.Split(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"), "\n")
}

// fixColumns puts each plain one-line scalar at the column where its text
// starts on its line: goccy reports some (those followed by spaces) a
// column or more late. Of the places the text occurs near the reported
// column, the nearest wins. The search stays within a small window and
// each line is looked at once (an ASCII line needs no rune offsets), so a
// long line of many values, such as a drawing as one line of JSON, costs
// linear time.
func fixColumns(root *Node, lines []string) {
	starts := map[int][]int{} // byte offset of each rune; nil for an ASCII line
	tabs := map[int]int{}     // tabs on each line
	var walk func(n *Node)
	walk = func(n *Node) {
		for _, c := range n.Keys {
			walk(c)
		}
		for _, c := range n.Values {
			walk(c)
		}
		for _, c := range n.Items {
			walk(c)
		}
		if n.Kind != Scalar || n.Quoted || n.Text == "" || strings.Contains(n.Text, "\n") || n.Pos.Line < 1 || n.Pos.Line > len(lines) || n.Pos.Col < 1 {
			return
		}
		line := lines[n.Pos.Line-1]
		rs, ok := starts[n.Pos.Line]
		if !ok { // once per line: a line of many values stays linear
			if !isASCII(line) {
				for b := range line {
					rs = append(rs, b)
				}
			}
			starts[n.Pos.Line] = rs
			tabs[n.Pos.Line] = strings.Count(line, "\t")
		}
		byteAt := func(col int) int { // byte offset of rune column col
			if rs == nil {
				return min(col-1, len(line))
			}
			if col-1 < len(rs) {
				return rs[col-1]
			}
			return len(line)
		}
		colOf := func(b int) int {
			if rs == nil {
				return b + 1
			}
			return sort.SearchInts(rs, b) + 1
		}
		// goccy's column may be off by the tabs before the value (each
		// counted as nothing): look that much further, within a bound that
		// keeps a long line linear.
		window := 64 + min(tabs[n.Pos.Line], 4096)
		lo, hi := byteAt(max(1, n.Pos.Col-window)), min(len(line), byteAt(n.Pos.Col+window)+len(n.Text))
		best, bestD := 0, -1
		for i := lo; i < hi; {
			k := strings.Index(line[i:hi], n.Text)
			if k < 0 {
				break
			}
			col := colOf(i + k)
			d := col - n.Pos.Col
			if d < 0 {
				d = -d
			}
			if bestD < 0 || d < bestD {
				best, bestD = col, d
			}
			i += k + 1
		}
		if bestD >= 0 {
			n.Pos.Col = best
		}
	}
	walk(root)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func pos(name string, t *token.Token) Pos {
	if t == nil || t.Position == nil {
		return Pos{File: name}
	}
	return Pos{File: name, Line: t.Position.Line, Col: t.Position.Column}
}

// syntaxError turns goccy's error into ours, keeping its place and its
// message without the source snippet. The message is taken as is when
// goccy gives it: formatting its error with the snippet costs time
// quadratic in the length of the line (20,000 segments of JSON on one
// line with the closing brace missing took 24 s).
func syntaxError(name string, err error) error {
	type tokener interface{ GetToken() *token.Token }
	type messager interface{ GetMessage() string }
	var tk tokener
	var gm messager
	var msg string
	if errors.As(err, &gm) {
		msg = gm.GetMessage()
	} else {
		msg = err.Error()
		// "[line:col] message\n source snippet"
		if i := strings.Index(msg, "] "); i >= 0 && strings.HasPrefix(msg, "[") {
			msg = msg[i+2:]
		}
	}
	if i := strings.Index(msg, "\n"); i >= 0 {
		msg = msg[:i]
	}
	if short, n := cut(msg, 4*MaxEcho); n > 4*MaxEcho { // it may quote a long key
		msg = short + "…"
	}
	at := Pos{File: name}
	if errors.As(err, &tk) {
		if t := tk.GetToken(); t != nil && t.Position != nil {
			at = pos(name, t)
		}
	}
	return &Error{Pos: at, Msg: "syntax: " + msg}
}

// convert makes n, at depth depth (the root at 0), into a Node. A list
// or mapping at depth MaxDepth is refused: prescan has refused most such
// files already, before the parser built them.
func convert(name string, n ast.Node, depth int) (*Node, error) {
	p := pos(name, n.GetToken())
	switch n.(type) {
	case *ast.SequenceNode, *ast.MappingNode, *ast.MappingValueNode:
		if depth >= MaxDepth {
			return nil, depthError(p, MaxDepth)
		}
	}
	switch v := n.(type) {
	case *ast.NullNode:
		return &Node{Kind: Null, Pos: p}, nil
	case *ast.IntegerNode:
		return &Node{Kind: Scalar, Pos: p, Text: v.Token.Value}, nil
	case *ast.FloatNode:
		return &Node{Kind: Scalar, Pos: p, Text: v.Token.Value}, nil
	case *ast.BoolNode:
		return &Node{Kind: Scalar, Pos: p, Text: v.Token.Value}, nil
	case *ast.InfinityNode:
		return &Node{Kind: Scalar, Pos: p, Text: v.Token.Value}, nil
	case *ast.NanNode:
		return &Node{Kind: Scalar, Pos: p, Text: v.Token.Value}, nil
	case *ast.StringNode:
		quoted := v.Token.Type == token.DoubleQuoteType || v.Token.Type == token.SingleQuoteType
		text := v.Value
		// goccy drops a tab inside a plain one-line value ("C5<tab>A4"
		// becomes "C5A4"); its raw text keeps it.
		if raw := strings.Trim(v.Token.Origin, " \t\r\n"); !quoted && strings.Contains(raw, "\t") && !strings.ContainsAny(raw, "\r\n") {
			text = raw
		}
		return &Node{Kind: Scalar, Pos: p, Text: text, Quoted: quoted}, nil
	case *ast.LiteralNode:
		out := &Node{Kind: Scalar, Pos: p, Text: v.Value.Value, Quoted: true}
		if v.Start != nil && v.Start.Type == token.LiteralType && v.Value.Token != nil {
			out.BlockCol = blockCol(v.Value.Value, v.Value.Token.Origin)
		}
		return out, nil
	case *ast.SequenceNode:
		out := &Node{Kind: Seq, Pos: p}
		for _, it := range v.Values {
			c, err := convert(name, it, depth+1)
			if err != nil {
				return nil, err
			}
			out.Items = append(out.Items, c)
		}
		return out, nil
	case *ast.MappingNode:
		out := &Node{Kind: Map, Pos: p}
		if len(v.Values) > MaxKeys {
			return nil, keysError(pos(name, v.Values[MaxKeys].Key.GetToken()), MaxKeys)
		}
		seen := make(map[string]*Node, len(v.Values))
		for _, mv := range v.Values {
			if err := addPair(name, out, mv, depth, seen); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *ast.MappingValueNode:
		out := &Node{Kind: Map, Pos: p}
		if err := addPair(name, out, v, depth, map[string]*Node{}); err != nil {
			return nil, err
		}
		return out, nil
	case *ast.AnchorNode, *ast.AliasNode:
		return nil, &Error{Pos: p, Msg: "anchors and aliases (& and *) are not supported here: write the value out"}
	case *ast.TagNode:
		return nil, &Error{Pos: p, Msg: "tags (!) are not supported here"}
	}
	return nil, &Error{Pos: p, Msg: fmt.Sprintf("unexpected %s", n.Type())}
}

// blockCol finds a literal block's indentation by comparing its text with
// its source (origin), which goccy keeps line for line: the first line
// with text is the indentation followed by that text. 0 when they do not
// line up.
func blockCol(text, origin string) int {
	tl := strings.Split(text, "\n")
	ol := strings.Split(strings.ReplaceAll(origin, "\r\n", "\n"), "\n")
	for i, t := range tl {
		if t == "" {
			continue
		}
		if i >= len(ol) || !strings.HasSuffix(ol[i], t) {
			return 0
		}
		indent := ol[i][:len(ol[i])-len(t)]
		if strings.Trim(indent, " ") != "" {
			return 0
		}
		return len(indent) + 1
	}
	return 0
}

// addPair adds a key and its value to out; seen holds out's keys so far,
// by text, so that a mapping of many keys is checked in linear time.
func addPair(name string, out *Node, mv *ast.MappingValueNode, depth int, seen map[string]*Node) error {
	k, err := convert(name, mv.Key, depth+1)
	if err != nil {
		return err
	}
	if k.Kind != Scalar {
		return k.Errorf("a key must be a plain name")
	}
	if prev, ok := seen[k.Text]; ok {
		return k.Errorf("key %s is given twice (first at line %d)", Quote(k.Text), prev.Pos.Line)
	}
	seen[k.Text] = k
	var v *Node
	if mv.Value == nil {
		v = &Node{Kind: Null, Pos: k.Pos}
	} else if v, err = convert(name, mv.Value, depth+1); err != nil {
		return err
	}
	if v.Kind == Null && v.Pos.Line == 0 {
		v.Pos = k.Pos
	}
	out.Keys = append(out.Keys, k)
	out.Values = append(out.Values, v)
	return nil
}

// Fields checks that n is a mapping whose keys are all among allowed, and
// returns its values by key. An unknown key is an error that suggests the
// nearest allowed one.
func (n *Node) Fields(what string, allowed ...string) (map[string]*Node, error) {
	if n.Kind != Map {
		return nil, n.Errorf("%s must be a mapping of keys (%s), not %s", what, strings.Join(allowed, ", "), n.Kind)
	}
	out := map[string]*Node{}
	var errs Errors
	for i, k := range n.Keys {
		ok := false
		for _, a := range allowed {
			if k.Text == a {
				ok = true
			}
		}
		if !ok {
			errs = append(errs, k.Errorf("unknown key %s in %s%s; the keys are: %s", Quote(k.Text), what, suggest(k.Text, allowed), strings.Join(allowed, ", ")))
			continue
		}
		out[k.Text] = n.Values[i]
	}
	return out, errs.Err()
}

// List checks that n is a list and returns its items.
func (n *Node) List(what string) ([]*Node, error) {
	if n.Kind != Seq {
		return nil, n.Errorf("%s must be a list, not %s", what, n.Kind)
	}
	return n.Items, nil
}

// Value checks that n is a single value and returns its text.
func (n *Node) Value(what string) (string, error) {
	if n.Kind != Scalar {
		return "", n.Errorf("%s must be a single value, not %s", what, n.Kind)
	}
	return n.Text, nil
}

// Suggest returns " (did you mean "X"?)" for the option nearest to s by
// edit distance, or "" when none is near.
func Suggest(s string, options []string) string { return suggest(s, options) }

func suggest(s string, options []string) string {
	best, bd := "", 1<<30
	limit := max(2, len(s)/3)
	for _, o := range options {
		if abs(len(s)-len(o)) > limit {
			continue // too far apart whatever the letters: no need to compare them
		}
		if d := Distance(s, o); d < bd {
			best, bd = o, d
		}
	}
	if best != "" && bd <= limit {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Distance is the edit (Levenshtein) distance between a and b, for
// "did you mean" suggestions.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev = cur
	}
	return prev[len(b)]
}
