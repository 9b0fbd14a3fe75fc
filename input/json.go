package input

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// looksJSON: after an optional byte order mark and blanks, data starts
// with { or [.
func looksJSON(data []byte) bool {
	i := bomLen(data)
	for i < len(data) && (data[i] == ' ' || data[i] == '\n' || data[i] == '\r' || data[i] == '\t') {
		i++
	}
	return i < len(data) && (data[i] == '{' || data[i] == '[')
}

// errNotFast: the fast JSON reader leaves this file to goccy.
type errNotFast struct{}

func (errNotFast) Error() string { return "not strict JSON for the fast path" }

// parseJSON reads strict JSON straight into Nodes, without goccy, which
// takes about 900 bytes a value: two linear passes, the first only reading
// and counting as prescan does, so that nothing is built past the limits.
// It builds the tree goccy's
// path builds (positions as goccy and fixColumns place them, the limits
// prescan and convert check, goccy's message for a key given twice), and
// returns errNotFast for anything it does not read exactly as goccy does:
// not strict JSON, a tab between tokens (goccy counts tabs in columns
// oddly and refuses some after a colon), invalid UTF-8, a \u escape that
// is half a surrogate pair (goccy refuses it), a key holding one of
// $*.[]' (goccy finds a key given twice by its path, which such keys can
// blur). FuzzJSONPath checks the two agree.
func parseJSON(name string, data []byte, lim scanLimits) (*Node, error) {
	src := string(data)
	// The first pass only reads and counts, as prescan does before goccy
	// builds anything: past the limits, no tree is built.
	if _, err := readJSON(name, src, lim, false); err != nil {
		return nil, err
	}
	p, err := readJSON(name, src, lim, true)
	if err != nil {
		return nil, err
	}
	return p.finish()
}

// readJSON reads src in one pass, building the tree when build is set.
func readJSON(name, src string, lim scanLimits, build bool) (*jsonParser, error) {
	p := &jsonParser{name: name, src: src, lim: lim, line: 1, build: build}
	p.i = bomLen([]byte(src[:min(3, len(src))]))
	p.colOff, p.colBase = p.i, 1
	p.skipBlank()
	if p.err == nil {
		p.root = p.value(0)
	}
	p.skipBlank()
	switch {
	case p.err != nil:
		return nil, p.err
	case p.i < len(p.src):
		return nil, errNotFast{}
	}
	return p, nil
}

// finish is the checks convert makes once goccy has read the file.
func (p *jsonParser) finish() (*Node, error) {
	if p.dup != nil {
		return nil, p.dup
	}
	if p.bigMap {
		if err := keysOver(p.root, p.lim.keys); err != nil {
			return nil, err
		}
	}
	return p.root, nil
}

// jsonParser is one pass of parseJSON over src.
type jsonParser struct {
	name string
	src  string
	lim  scanLimits
	i    int

	line            int
	colOff, colBase int // a rune column known on the line: colBase at offset colOff

	values int
	err    error  // the first error that ends the reading
	dup    *Error // the first key given twice: reported once the file has been read, as the limits come first
	bigMap bool   // some mapping holds more than MaxKeys keys
	root   *Node
	build  bool // false: only read and count
	dummy  Node // what node gives when not building

	nodes []Node  // a slab the nodes are cut from
	ptrs  []*Node // a slab the lists of children are cut from
	stack []*Node // children of the lists and mappings open, innermost last
}

func (p *jsonParser) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// col is the rune column of offset i on the current line; calls come in
// increasing i, so a long line is counted once.
func (p *jsonParser) col(i int) int {
	for j := p.colOff; j < i; j++ {
		if p.src[j] < utf8.RuneSelf || p.src[j] >= 0xC0 {
			p.colBase++
		}
	}
	p.colOff = i
	return p.colBase
}

func (p *jsonParser) newLine(start int) {
	p.line++
	p.colOff, p.colBase = start, 1
}

// skipBlank passes blanks and line breaks (\r\n, \r, \n); a tab is left
// to goccy.
func (p *jsonParser) skipBlank() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ':
			p.i++
		case '\n':
			p.i++
			p.newLine(p.i)
		case '\r':
			p.i++
			if p.i < len(p.src) && p.src[p.i] == '\n' {
				p.i++
			}
			p.newLine(p.i)
		case '\t':
			p.fail(errNotFast{})
			return
		default:
			return
		}
	}
}

func (p *jsonParser) node(k Kind, at Pos) *Node {
	if !p.build {
		return &p.dummy
	}
	if len(p.nodes) == 0 {
		p.nodes = make([]Node, 1024)
	}
	n := &p.nodes[0]
	p.nodes = p.nodes[1:]
	n.Kind, n.Pos = k, at
	return n
}

// slab cuts a list of n children from a shared array, capped so that an
// append to it cannot reach its neighbour.
func (p *jsonParser) slab(n int) []*Node {
	if len(p.ptrs) < n {
		p.ptrs = make([]*Node, max(n, 4096))
	}
	out := p.ptrs[:n:n]
	p.ptrs = p.ptrs[n:]
	return out
}

// children moves the stack's nodes from index from into a list of their
// own: nil for none, as convert's appends leave it.
func (p *jsonParser) children(from int) []*Node {
	kids := p.stack[from:]
	if len(kids) == 0 {
		return nil
	}
	out := p.slab(len(kids))
	copy(out, kids)
	clear(kids)
	p.stack = p.stack[:from]
	return out
}

// count is prescan's count of values, at offset i.
func (p *jsonParser) count(i int) bool {
	if p.build {
		return true
	}
	if p.values++; p.values > p.lim.values {
		p.fail(valuesError(Pos{File: p.name, Line: p.line, Col: p.col(i)}, p.lim.values))
		return false
	}
	return true
}

// value reads the value at p.i, depth lists and mappings inside others.
func (p *jsonParser) value(depth int) *Node {
	if p.i >= len(p.src) {
		p.fail(errNotFast{})
		return nil
	}
	start := p.i
	at := Pos{File: p.name, Line: p.line, Col: p.col(start)}
	switch c := p.src[start]; {
	case c == '[' || c == '{':
		if depth >= p.lim.depth {
			p.fail(depthError(at, p.lim.depth))
			return nil
		}
		if !p.count(start) {
			return nil
		}
		p.i++
		if c == '[' {
			return p.list(at, depth)
		}
		return p.mapping(at, depth)
	case c == '"':
		if !p.count(start) {
			return nil
		}
		text, ok := p.str()
		if !ok {
			p.fail(errNotFast{})
			return nil
		}
		n := p.node(Scalar, at)
		n.Text, n.Quoted = text, true
		return n
	case c == '-' || c >= '0' && c <= '9':
		if !p.count(start) {
			return nil
		}
		if !p.number() {
			p.fail(errNotFast{})
			return nil
		}
		n := p.node(Scalar, at)
		n.Text = p.src[start:p.i]
		return n
	default:
		for _, w := range [...]string{"true", "false", "null"} {
			if strings.HasPrefix(p.src[start:], w) {
				if !p.count(start) {
					return nil
				}
				p.i += len(w)
				if !p.ends() {
					p.fail(errNotFast{})
					return nil
				}
				if w == "null" {
					return p.node(Null, at)
				}
				n := p.node(Scalar, at)
				n.Text = w
				return n
			}
		}
	}
	p.fail(errNotFast{})
	return nil
}

// ends: a word or number ends at p.i.
func (p *jsonParser) ends() bool {
	if p.i == len(p.src) {
		return true
	}
	switch p.src[p.i] {
	case ' ', '\t', '\n', '\r', ',', ']', '}':
		return true
	}
	return false
}

func (p *jsonParser) list(at Pos, depth int) *Node {
	n := p.node(Seq, at)
	from := len(p.stack)
	p.skipBlank()
	if p.err == nil && p.i < len(p.src) && p.src[p.i] == ']' {
		p.i++
		return n
	}
	for p.err == nil {
		v := p.value(depth + 1)
		if p.err != nil {
			break
		}
		if p.build {
			p.stack = append(p.stack, v)
		}
		p.skipBlank()
		if p.err != nil || p.i >= len(p.src) {
			break
		}
		c := p.src[p.i]
		p.i++
		if c == ']' {
			if p.build {
				n.Items = p.children(from)
			}
			return n
		}
		if c != ',' {
			break
		}
		p.skipBlank()
	}
	p.fail(errNotFast{})
	return nil
}

func (p *jsonParser) mapping(at Pos, depth int) *Node {
	n := p.node(Map, at)
	from := len(p.stack)
	p.skipBlank()
	if p.err == nil && p.i < len(p.src) && p.src[p.i] == '}' {
		p.i++
		return n
	}
	var seen map[string]*Node // past a few keys; fewer are compared in turn
	for p.err == nil {
		if p.i >= len(p.src) || p.src[p.i] != '"' {
			break
		}
		k := p.value(depth + 1)
		if p.err != nil {
			break
		}
		if p.build {
			p.key(k, from, &seen)
		}
		p.skipBlank()
		if p.err != nil || p.i >= len(p.src) || p.src[p.i] != ':' {
			break
		}
		p.i++
		p.skipBlank()
		if p.err != nil {
			break
		}
		v := p.value(depth + 1)
		if p.err != nil {
			break
		}
		if p.build {
			p.stack = append(p.stack, k, v)
		}
		p.skipBlank()
		if p.err != nil || p.i >= len(p.src) {
			break
		}
		c := p.src[p.i]
		p.i++
		if c == '}' && !p.build {
			return n
		}
		if c == '}' {
			kv := p.stack[from:]
			m := len(kv) / 2
			if m > p.lim.keys {
				p.bigMap = true
			}
			n.Keys, n.Values = p.slab(m), p.slab(m)
			for j := range m {
				n.Keys[j], n.Values[j] = kv[2*j], kv[2*j+1]
			}
			clear(kv)
			p.stack = p.stack[:from]
			return n
		}
		if c != ',' {
			break
		}
		p.skipBlank()
	}
	p.fail(errNotFast{})
	return nil
}

// key checks key k of the mapping whose keys and values are on the stack
// from index from; seen indexes them past a few.
func (p *jsonParser) key(k *Node, from int, seen *map[string]*Node) {
	if strings.ContainsAny(k.Text, "$*.[]'") {
		p.fail(errNotFast{})
		return
	}
	var prev *Node
	if keys := (len(p.stack) - from) / 2; keys < 8 {
		for j := from; j < len(p.stack); j += 2 {
			if p.stack[j].Text == k.Text {
				prev = p.stack[j]
				break
			}
		}
	} else {
		if *seen == nil {
			*seen = make(map[string]*Node, 2*keys)
			for j := from; j < len(p.stack); j += 2 {
				(*seen)[p.stack[j].Text] = p.stack[j]
			}
		}
		if prev = (*seen)[k.Text]; prev == nil {
			(*seen)[k.Text] = k
		}
	}
	if prev != nil && p.dup == nil {
		msg := fmt.Sprintf("mapping key %s already defined at [%d:%d]", strconv.Quote(k.Text), prev.Pos.Line, prev.Pos.Col)
		if short, n := cut(msg, 4*MaxEcho); n > 4*MaxEcho {
			msg = short + "…"
		}
		p.dup = &Error{Pos: k.Pos, Msg: "syntax: " + msg}
	}
}

// number reads a JSON number at p.i.
func (p *jsonParser) number() bool {
	s, i := p.src, p.i
	if s[i] == '-' {
		i++
	}
	digits := func() bool {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > j
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case !digits():
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	p.i = i
	return p.ends()
}

// str reads the string at p.i and returns its text: a slice of the source
// when it holds no escapes.
func (p *jsonParser) str() (string, bool) {
	s := p.src
	i := p.i + 1
	start := i
	for i < len(s) && s[i] != '"' && s[i] != '\\' && s[i] >= 0x20 && s[i] < utf8.RuneSelf {
		i++
	}
	if i < len(s) && s[i] == '"' {
		p.i = i + 1
		return s[start:i], true
	}
	var b strings.Builder
	b.WriteString(s[start:i])
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			p.i = i + 1
			return b.String(), true
		case c < 0x20:
			return "", false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size <= 1 {
				return "", false
			}
			b.WriteString(s[i : i+size])
			i += size
		case c != '\\':
			b.WriteByte(c)
			i++
		case i+1 >= len(s):
			return "", false
		default:
			e := s[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := hex4(s, i)
				if !ok {
					return "", false
				}
				i += 4
				if utf16.IsSurrogate(r) {
					r2, ok := rune(0), false
					if r < 0xDC00 && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
						r2, ok = hex4(s, i+2)
					}
					if !ok || r2 < 0xDC00 || r2 > 0xDFFF {
						return "", false // half a pair: goccy refuses it
					}
					r = utf16.DecodeRune(r, r2)
					i += 6
				}
				b.WriteRune(r)
			default:
				return "", false
			}
		}
	}
	return "", false
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(s[i:i+4], 16, 32)
	return rune(v), err == nil
}

// keysOver is convert's check of the keys of each mapping, in its order:
// a mapping's count before what it holds.
func keysOver(n *Node, limit int) error {
	if n.Kind == Map && len(n.Keys) > limit {
		return keysError(n.Keys[limit].Pos, limit)
	}
	for i, v := range n.Values {
		if err := keysOver(n.Keys[i], limit); err != nil {
			return err
		}
		if err := keysOver(v, limit); err != nil {
			return err
		}
	}
	for _, it := range n.Items {
		if err := keysOver(it, limit); err != nil {
			return err
		}
	}
	return nil
}
