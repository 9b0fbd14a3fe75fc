package input

import "strings"

// parseBlock reads the block YAML that papergames writes itself (a
// transcript as games.Write writes it: keys, lists of "- ", one-line
// values, [...] lists of quoted names, {} and literal blocks "|") straight
// into Nodes, without goccy, which takes about 500 allocations for a
// transcript of 200 bytes that the web board reads on every click. It
// builds the tree goccy's path builds (positions as goccy and fixColumns
// place them), and returns errNotFast for anything outside that narrow
// form, so that goccy reads it and says what is wrong: a tab, a carriage
// return, a comment, an escape, an anchor, a tag, a byte outside ASCII, a
// blank line, trailing spaces, a key with no value, a key given twice,
// flow collections other than {} and lists of quoted names, plain values
// that YAML may read as null or that hold an indicator, and the limits
// convert checks. FuzzBlockPath checks the two paths agree.
func parseBlock(name string, data []byte) (*Node, error) {
	src := string(data)
	if len(src) == 0 || src[len(src)-1] != '\n' {
		return nil, errNotFast{}
	}
	n := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c >= 0x80 || c < ' ' && c != '\n':
			return nil, errNotFast{}
		case c == '#' || c == '\\' || c == '\'' || c == '&' || c == '*' || c == '!' || c == '%' || c == '`' || c == '>' || c == '?':
			return nil, errNotFast{}
		case c == '\n':
			if i == 0 || src[i-1] == '\n' || src[i-1] == ' ' {
				return nil, errNotFast{} // a blank line, trailing spaces
			}
			n++
		}
	}
	p := &blockParser{name: name, src: src, lines: make([]string, 0, n)}
	for rest := src; rest != ""; {
		k := strings.IndexByte(rest, '\n')
		p.lines = append(p.lines, rest[:k])
		rest = rest[k+1:]
	}
	if indent(p.lines[0]) != 0 || !p.isKey(0, 0) {
		return nil, errNotFast{}
	}
	root := p.mapping(0, 0, 0)
	if p.fail || p.line != len(p.lines) {
		return nil, errNotFast{}
	}
	return root, nil
}

// blockParser reads lines of block YAML; fail is set at the first thing it
// leaves to goccy.
type blockParser struct {
	name  string
	src   string
	lines []string
	line  int // the next line to read, from 0
	fail  bool
	slab  []Node
}

// node returns a new node at line l (from 0), column c (from 0).
func (p *blockParser) node(k Kind, l, c int) *Node {
	if len(p.slab) == 0 {
		p.slab = make([]Node, 32)
	}
	n := &p.slab[0]
	p.slab = p.slab[1:]
	n.Kind, n.Pos = k, Pos{File: p.name, Line: l + 1, Col: c + 1}
	return n
}

func indent(s string) int {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// isKey reports whether line l holds a key at column c: a plain name
// followed by ":" and the end of the line or a space.
func (p *blockParser) isKey(l, c int) bool {
	s := p.lines[l][c:]
	k := keyLen(s)
	return k > 0 && k < len(s) && s[k] == ':' && (k+1 == len(s) || s[k+1] == ' ')
}

// keyLen is the length of the name s starts with: a letter or digit, then
// letters, digits, _ and -.
func keyLen(s string) int {
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || i > 0 && (c == '_' || c == '-')) {
			break
		}
	}
	return i
}

// maxBlockKeys is the most keys of a mapping parseBlock reads: it finds a
// key given twice by comparing it with each one before.
const maxBlockKeys = 64

// isNull reports whether YAML reads a plain s as null.
func isNull(s string) bool { return s == "null" || s == "Null" || s == "NULL" || s == "~" }

// mapping reads the block mapping whose first key is on line l at column c
// (the next keys start their lines there), at depth d.
func (p *blockParser) mapping(l, c, d int) *Node {
	if d >= MaxDepth {
		p.fail = true
		return nil
	}
	var out *Node
	for !p.fail {
		s := p.lines[l]
		k := keyLen(s[c:])
		key := s[c : c+k]
		if isNull(key) {
			p.fail = true
			return nil
		}
		if out == nil {
			out = p.node(Map, l, c+k) // goccy places a mapping at its first colon
		}
		for _, prev := range out.Keys {
			if prev.Text == key {
				p.fail = true // goccy words the message
				return nil
			}
		}
		kn := p.node(Scalar, l, c)
		kn.Text = key
		out.Keys = append(out.Keys, kn)
		out.Values = append(out.Values, p.value(l, c, c+k+1, d+1))
		if len(out.Keys) > maxBlockKeys {
			p.fail = true
		}
		l = p.line
		if l == len(p.lines) || indent(p.lines[l]) != c {
			break
		}
		if !p.isKey(l, c) {
			p.fail = true
		}
	}
	return out
}

// sequence reads the block sequence whose first "- " is on line l at
// column c, at depth d.
func (p *blockParser) sequence(l, c, d int) *Node {
	if d >= MaxDepth {
		p.fail = true
		return nil
	}
	out := p.node(Seq, l, c)
	for !p.fail {
		out.Items = append(out.Items, p.value(l, c, c+1, d+1))
		l = p.line
		if l == len(p.lines) || indent(p.lines[l]) != c {
			break
		}
		if !strings.HasPrefix(p.lines[l][c:], "- ") {
			p.fail = true
		}
	}
	return out
}

// value reads the value after a key or a "- " of column c that ends at
// column e on line l, at depth d, and moves p.line past it.
func (p *blockParser) value(l, c, e, d int) *Node {
	s := p.lines[l]
	p.line = l + 1
	if e == len(s) { // the value is a block on the lines below
		if p.line == len(p.lines) || s[c] == '-' {
			p.fail = true // null, or a list item on its own line
			return nil
		}
		next := p.lines[p.line]
		in := indent(next)
		switch {
		case in <= c:
			p.fail = true // null, or a list not indented under its key
			return nil
		case strings.HasPrefix(next[in:], "- "):
			return p.sequence(p.line, in, d)
		case p.isKey(p.line, in):
			return p.mapping(p.line, in, d)
		}
		p.fail = true
		return nil
	}
	v := e + 1 // after the space
	if s[e] != ' ' || v == len(s) || s[v] == ' ' {
		p.fail = true
		return nil
	}
	switch s[v] {
	case '"':
		n, end := p.quoted(l, v)
		if end != len(s) {
			p.fail = true
		}
		return n
	case '[':
		n, end := p.flow(l, v, d)
		if end != len(s) {
			p.fail = true
		}
		return n
	case '{':
		if s[v:] != "{}" || d >= MaxDepth {
			p.fail = true
			return nil
		}
		return p.node(Map, l, v)
	case '|':
		return p.literal(l, c, v)
	}
	if s[c] == '-' && p.isKey(l, v) { // a mapping as a list item: "- key: value"
		return p.mapping(l, v, d)
	}
	return p.plain(l, v, len(s))
}

// quoted reads the double-quoted value at column v of line l and returns
// it and the column after it.
func (p *blockParser) quoted(l, v int) (*Node, int) {
	s := p.lines[l]
	k := strings.IndexByte(s[v+1:], '"')
	if k < 0 {
		p.fail = true
		return nil, len(s)
	}
	n := p.node(Scalar, l, v)
	n.Text, n.Quoted = s[v+1:v+1+k], true
	return n, v + k + 2
}

// flow reads a list on one line at column v of line l, at depth d: []
// or ["Ann", "Bob"], of quoted names, plain words and lists, as
// [[60, 20], [120, 20]]. It returns the list and the column after it.
func (p *blockParser) flow(l, v, d int) (*Node, int) {
	s := p.lines[l]
	if d >= MaxDepth {
		p.fail = true
		return nil, len(s)
	}
	out := p.node(Seq, l, v)
	if strings.HasPrefix(s[v:], "[]") {
		return out, v + 2
	}
	for i := v + 1; !p.fail; {
		if i == len(s) {
			p.fail = true
			break
		}
		var it *Node
		end := i
		switch s[i] {
		case '"':
			it, end = p.quoted(l, i)
		case '[':
			it, end = p.flow(l, i, d+1)
		default:
			for end < len(s) && s[end] != ',' && s[end] != ']' {
				end++
			}
			it = p.plain(l, i, end)
		}
		out.Items = append(out.Items, it)
		switch {
		case strings.HasPrefix(s[end:], "]"):
			return out, end + 1
		case strings.HasPrefix(s[end:], ", ") && end+2 < len(s):
			i = end + 2
		default:
			p.fail = true
		}
	}
	return out, len(s)
}

// literal reads the literal block "|" at column v of line l, the value of
// a key at column c: its lines below, indented alike, further than c.
func (p *blockParser) literal(l, c, v int) *Node {
	if p.lines[l][v:] != "|" || p.lines[l][c] == '-' || p.line == len(p.lines) {
		p.fail = true
		return nil
	}
	in := indent(p.lines[p.line])
	if in <= c {
		p.fail = true
		return nil
	}
	var b strings.Builder
	for p.line < len(p.lines) {
		t := p.lines[p.line]
		k := indent(t)
		if k < in {
			if k > c {
				p.fail = true // less indented than the block, more than its key
			}
			break
		}
		b.WriteString(t[in:])
		b.WriteByte('\n')
		p.line++
	}
	n := p.node(Scalar, l, v)
	n.Text, n.Quoted, n.BlockCol = b.String(), true, in+1
	return n
}

// plain reads the plain value from column v to column e of line l: words
// of letters, digits and -@./+_ and ( ), one space apart (in a block; one
// word in a list), starting with a letter or a digit, not one YAML reads
// as null.
func (p *blockParser) plain(l, v, e int) *Node {
	s := p.lines[l][v:e]
	inFlow := e < len(p.lines[l])
	if s == "" {
		p.fail = true
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if i > 0 {
			ok = ok || c == '-' || c == '@' || c == '.' || c == '/' || c == '+' || c == '_' || c == '(' || c == ')' || c == ' ' && s[i-1] != ' ' && !inFlow
		}
		if !ok {
			p.fail = true
			return nil
		}
	}
	if isNull(s) {
		p.fail = true
		return nil
	}
	n := p.node(Scalar, l, v)
	n.Text = s
	return n
}
