package input

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxDepth is how many lists and mappings may nest inside one another.
const MaxDepth = 64

// MaxKeys is the most keys one mapping may hold. goccy's parser takes
// time quadratic in the keys of a block mapping (40,000 keys: 3.6 s).
const MaxKeys = 10000

// MaxValues is the most values (scalars, lists and mappings) a file may
// hold. goccy takes about 900 bytes for each: 2 million values of a
// 4 MB file take 1.8 GB; 8 million in 16 MB took 6.7 GB and 75 s. A
// drawing of 200,000 segments has 1.4 million. Strict JSON is read by
// parseJSON instead, at about 160 bytes a value, to the same limit.
const MaxValues = 2000000

// MaxComments is the most comments a file may hold: goccy keeps each as a
// token of about 330 bytes, so a 16 MB file of "#" lines (8 million) took
// 2.6 GB; a blank transcript has a few hundred.
const MaxComments = 1000000

// scanLimits are the limits prescan checks.
type scanLimits struct{ depth, keys, values int }

var defaultScanLimits = scanLimits{MaxDepth, MaxKeys, MaxValues}

func depthError(p Pos, limit int) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf("nested too deeply: the limit is %d lists and mappings inside one another", limit)}
}

func valuesError(p Pos, limit int) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf("more than %s values in the file; the limit is %s", Thousands(limit), Thousands(limit))}
}

func keysError(p Pos, limit int) *Error {
	return &Error{Pos: p, Msg: fmt.Sprintf("more than %s keys in one mapping; the limit is %s", Thousands(limit), Thousands(limit))}
}

// prescan checks, before the parser builds anything, that data nests no
// deeper than lim.depth, that no block mapping holds more than lim.keys
// keys and that it holds no more than lim.values values (lists, mappings
// and scalars): goccy builds the whole tree before convert can look at
// it, and 40,000 brackets took it 2.5 GB. It is one linear pass that
// reads the bytes as goccy's scanner does (where tokens start, at which
// of goccy's columns, which lines go on a scalar) and follows goccy's
// parser on those tokens with a stack of the lists and mappings open, so
// that it counts what goccy builds, quirks included ("- " at a key's
// column is that key's list; a key at an empty "- "'s column is that
// item's mapping). What it does not follow counts for less, never more:
// FuzzPrescan checks this against the tree, and convert checks the tree
// exactly afterwards.
func prescan(name string, data []byte, lim scanLimits) error {
	p := prescanner{name: name, data: data, lim: lim, line: 1, col: 1, first: true, header: -1}
	return p.run()
}

// tokKind is what a token is to the parser's block structure.
type tokKind uint8

const (
	tokSeq tokKind = iota // "- "
	tokKey                // a scalar followed by ":"
	tokVal                // a scalar or a flow collection
)

// lastTok is what the scanner's last token was, where that decides the next.
type lastTok uint8

const (
	lastOther   lastTok = iota
	lastQuoted          // its column is the column of a ":" that follows
	lastColon           // in a flow mapping, a second ":" is text
	lastComment         // a comment: a ":" after it takes no column
)

// frame is a block sequence or mapping goccy's parser is in.
type frame struct {
	col, line int // goccy's column of its "- " or keys; the line of its last key
	level     int // how many brackets are open around it
	keys      int
	seq       bool
	pending   bool // its last "- " or key waits for a value
}

// scanPos is a place in data, for messages.
type scanPos struct{ off, line, lineStart int }

type prescanner struct {
	name string
	data []byte
	lim  scanLimits

	comments int // comments seen (MaxComments)

	line, lineStart int  // the line (from 1) and the offset it starts at
	col             int  // goccy's column: runes from 1, some tabs counting nothing
	first           bool // only blanks so far on this line
	indentNum       int  // blanks before the line's first character
	down, up        bool // the line's first character is left of (or at), or right of, lastDelim
	lastDelim       int  // goccy's column of the last key, "- " or "? " (0: none)

	buf      bool // a plain scalar is being read
	bufCol   int
	bufPos   scanPos
	bufEnd   int // the column after its last non-blank character
	bufShift int // -1 until it met a line break; then how far right of its start goccy places it

	pend     bool // a scalar token whose role the next token decides (":": a key)
	pendCol  int
	pendLine int
	pendPos  scanPos
	last     lastTok

	flowSeq, flowMap int    // goccy's counts of [ and {, which decide how [ ] { } , : read
	open             []byte // the open brackets, innermost last

	block      bool // in a block scalar (or a raw folded one)
	blockFirst int  // the column of its first line (goccy's firstLineIndentColumn), 0 before
	chomp      byte // its chomping indicator: '-', '+' or 0
	// What the block scalar holds: goccy keeps a stale buffer length after
	// one that holds only line breaks (and, with "-", blanks before
	// them), so that the character that ends it is read as text, or cuts
	// an empty scalar (ghost).
	bAdded, bNL, bSpace, bSpaceAfterNL, bText bool
	ghost                                     bool

	stack  []frame
	values int
	pos    int // the offset being read

	tokens, header int // tokens so far; their number at the last "---" (-1: none)
}

// plainByte: an ASCII character that goes on a plain scalar being read
// wherever it is, in or out of brackets, not first on its line.
var plainByte = func() (t [256]bool) {
	for c := '!'; c <= '~'; c++ {
		t[c] = !strings.ContainsRune(":#,[]{}", c)
	}
	return t
}()

// errDropped ends the scan where goccy reads no further.
var errDropped = errors.New("the rest is dropped")

// setLast records a token other than a comment.
func (p *prescanner) setLast(l lastTok) {
	p.last = l
	p.tokens++
}

func (p *prescanner) at(s scanPos) Pos {
	return Pos{File: p.name, Line: s.line, Col: utf8.RuneCount(p.data[s.lineStart:s.off]) + 1}
}

func (p *prescanner) here(i int) scanPos { return scanPos{i, p.line, p.lineStart} }

func (p *prescanner) flowMode() bool { return p.flowSeq > 0 || p.flowMap > 0 }

// newLine starts line n's bytes at offset n.
func (p *prescanner) newLine(n int) {
	p.line++
	p.lineStart = n
	p.col = 1
	p.first = true
	p.indentNum = 0
}

// lineBreak is the length of the line break at i (\r\n counts as one), 0 for none.
func lineBreak(d []byte, i int) int {
	switch {
	case i >= len(d) || (d[i] != '\n' && d[i] != '\r'):
		return 0
	case d[i] == '\r' && i+1 < len(d) && d[i+1] == '\n':
		return 2
	}
	return 1
}

// runeAt is the rune at i (0 past the end) and its length.
func runeAt(d []byte, i int) (rune, int) {
	if i >= len(d) {
		return 0, 0
	}
	if d[i] < utf8.RuneSelf {
		return rune(d[i]), 1
	}
	return utf8.DecodeRune(d[i:])
}

func isBreak(r rune) bool { return r == '\n' || r == '\r' }

func (p *prescanner) value(s scanPos) error {
	if p.values++; p.values > p.lim.values {
		return valuesError(p.at(s), p.lim.values)
	}
	return nil
}

func (p *prescanner) tooDeep(s scanPos) error {
	if len(p.stack)+len(p.open) > p.lim.depth {
		return depthError(p.at(s), p.lim.depth)
	}
	return nil
}

// cut ends the plain scalar being read: the next token decides whether it
// is a key.
func (p *prescanner) cut() error {
	if p.ghost && !p.buf {
		p.ghost = false
		if err := p.resolve(); err != nil {
			return err
		}
		p.pend, p.pendCol, p.pendLine, p.pendPos = true, p.col, p.line, p.here(p.pos)
		p.setLast(lastOther)
		return nil
	}
	if !p.buf {
		return nil
	}
	p.buf = false
	p.pend, p.pendCol, p.pendLine, p.pendPos = true, p.bufCol, p.bufPos.line, p.bufPos
	if p.bufShift >= 0 {
		p.pendCol += p.bufShift
	}
	p.setLast(lastOther)
	return nil
}

// resolve makes the scalar token waiting for its role a value: a token
// other than ":" follows it.
func (p *prescanner) resolve() error {
	if !p.pend {
		return nil
	}
	p.pend = false
	return p.event(tokVal, p.pendCol, p.pendLine, p.pendPos)
}

func (p *prescanner) push(f frame, s scanPos) error {
	p.stack = append(p.stack, f)
	if err := p.tooDeep(s); err != nil {
		return err
	}
	return p.value(s)
}

// pop ends the innermost collection: the value its parent waited for is
// complete.
func (p *prescanner) pop() {
	n := len(p.stack) - 1
	lv := p.stack[n].level
	p.stack = p.stack[:n]
	if n > 0 && p.stack[n-1].level == lv {
		p.stack[n-1].pending = false
	}
}

// popLevel ends the collections inside the innermost brackets: a , ] or }.
func (p *prescanner) popLevel() {
	for n := len(p.stack); n > 0 && p.stack[n-1].level >= len(p.open); n-- {
		p.stack = p.stack[:n-1]
	}
}

func (p *prescanner) addKey(f *frame, s scanPos) error {
	if f.keys++; f.keys > p.lim.keys {
		return keysError(p.at(s), p.lim.keys)
	}
	return nil
}

// event is a token at goccy's column col, as goccy's parser takes it
// (parseSequence, parseSequenceValue, parseMap, parseMapValue).
func (p *prescanner) event(kind tokKind, col, line int, s scanPos) error {
	lv := len(p.open)
	for {
		n := len(p.stack)
		if n == 0 || p.stack[n-1].level != lv {
			// Nothing open inside the innermost brackets: a "- " or a
			// key starts a collection, but a key right inside { is the
			// flow mapping's own.
			switch {
			case kind == tokSeq:
				return p.push(frame{col: col, line: line, level: lv, seq: true, pending: true}, s)
			case kind == tokKey && (lv == 0 || p.open[lv-1] != '{'):
				return p.push(frame{col: col, line: line, level: lv, keys: 1, pending: true}, s)
			}
			return nil
		}
		top := &p.stack[n-1]
		if top.pending {
			switch {
			case top.seq && kind == tokSeq && col == top.col:
				return nil // the next item: the last one was empty
			case !top.seq && kind == tokKey && col == top.col:
				top.line = line // the next key: the last one's value was empty
				return p.addKey(top, s)
			case col < top.col:
				p.pop() // the item or key's value is empty, and the collection ends
				continue
			case !top.seq && line == top.line && kind != tokVal:
				return nil // "a: b:" and "a: - b" are errors
			case kind == tokVal:
				top.pending = false
				return nil
			}
			// The value is a collection: "- " or a key at the column or
			// right of it (goccy takes a key at an empty "- "'s column
			// as the item's, and YAML a "- " at a key's column as its).
			f := frame{col: col, line: line, level: lv, seq: kind == tokSeq, pending: true}
			if kind == tokKey {
				f.keys = 1
			}
			return p.push(f, s)
		}
		switch {
		case top.seq && kind == tokSeq && col == top.col:
			top.pending = true
			return nil
		case !top.seq && kind == tokKey && col == top.col:
			top.pending, top.line = true, line
			return p.addKey(top, s)
		}
		p.pop()
	}
}

// token is a token other than ":": the scalar before it is a value.
func (p *prescanner) token(kind tokKind, col int, s scanPos) error {
	if err := p.resolve(); err != nil {
		return err
	}
	p.setLast(lastOther)
	return p.event(kind, col, s.line, s)
}

func (p *prescanner) run() error {
	d := p.data
	for i := 0; i < len(d); {
		if p.buf && !p.first && !p.block && plainByte[d[i]] {
			// more of a plain scalar (goccy's scan, its common path)
			p.down, p.up = false, false
			p.col++
			p.bufEnd = p.col
			i++
			continue
		}
		c, size := runeAt(d, i)
		// goccy's updateIndent: the line's first character is up or down
		// from the last delimiter's column.
		switch {
		case p.first && (isBreak(c) || c == '\t'):
		case p.first && c == ' ':
			p.indentNum++
		case !p.first:
			p.down, p.up = false, false
		default:
			p.first = false
			if p.lastDelim != 0 {
				p.up, p.down = p.lastDelim < p.col, p.lastDelim >= p.col
			}
		}
		if p.down {
			if err := p.cut(); err != nil {
				return err
			}
		}
		if p.block {
			if !p.down {
				i = p.blockChar(i, c, size)
				continue
			}
			p.block = false
			p.ghost = p.bAdded && !p.bText && (p.chomp == 0 && !p.bSpace || p.chomp == '-' && !p.bSpaceAfterNL)
		}
		p.pos = i
		n, err := p.char(i, c, size)
		p.ghost = false
		if err == errDropped {
			return nil
		}
		if err != nil {
			return err
		}
		i = n
	}
	if err := p.cut(); err != nil {
		return err
	}
	return p.resolve()
}

// blockChar reads one character of a block scalar (goccy's scanMultiLine).
func (p *prescanner) blockChar(i int, c rune, size int) int {
	d := p.data
	if n := lineBreak(d, i); n > 0 {
		p.bAdded, p.bNL = true, true
		p.newLine(i + n)
		// a document marker ends it whatever its indentation
		if isDocMarker(d[i+n:]) {
			p.cut() // goccy cuts it clean: no ghost
			p.block = false
		}
		return i + n
	}
	switch {
	case p.first && c == ' ':
		if p.blockFirst != 0 && p.col >= p.blockFirst {
			p.bAdded, p.bSpace = true, true
			p.bSpaceAfterNL = p.bSpaceAfterNL || p.bNL
		}
	case c == '\t':
		p.bText = true
	default:
		p.bText = true
		if p.blockFirst == 0 {
			p.blockFirst = p.col
		}
		if p.blockFirst > 1 {
			p.lastDelim = p.blockFirst - 1
		}
	}
	p.col++
	return i + size
}

// isDocMarker: "---" or "..." then a blank, a line break or the end.
func isDocMarker(d []byte) bool {
	if len(d) < 3 || !(bytes.HasPrefix(d, []byte("---")) || bytes.HasPrefix(d, []byte("..."))) {
		return false
	}
	return len(d) == 3 || d[3] == ' ' || d[3] == '\t' || d[3] == '\n' || d[3] == '\r'
}

// repeats is how many times b repeats from i.
func repeats(d []byte, i int, b byte) int {
	n := 0
	for i+n < len(d) && d[i+n] == b {
		n++
	}
	return n
}

// char reads the token or scalar character at i (goccy's scan) and
// returns where the next starts.
func (p *prescanner) char(i int, c rune, size int) (int, error) {
	d := p.data
	nc, _ := runeAt(d, i+size)
	has := p.buf || p.ghost // goccy's existsBuffer
	switch c {
	case '{', '[':
		if has && !p.flowMode() {
			break // text
		}
		if err := p.cut(); err != nil {
			return 0, err
		}
		s := p.here(i)
		if err := p.token(tokVal, p.col, s); err != nil {
			return 0, err
		}
		p.open = append(p.open, byte(c))
		if err := p.tooDeep(s); err != nil {
			return 0, err
		}
		if err := p.value(s); err != nil {
			return 0, err
		}
		if c == '{' {
			p.flowMap++
		} else {
			p.flowSeq++
		}
		p.col++
		return i + 1, nil
	case '}', ']', ',':
		if c == '}' && p.flowMap <= 0 || c == ']' && has && p.flowSeq <= 0 || c == ',' && !p.flowMode() {
			break // text
		}
		if err := p.cut(); err != nil {
			return 0, err
		}
		if err := p.resolve(); err != nil {
			return 0, err
		}
		p.setLast(lastOther)
		if len(p.open) > 0 {
			p.popLevel()
			if c != ',' {
				p.open = p.open[:len(p.open)-1]
			}
		}
		switch c {
		case '}':
			p.flowMap--
		case ']':
			p.flowSeq--
		}
		p.col++
		return i + 1, nil
	case '.', '-':
		if p.indentNum == 0 && p.col == 1 && repeats(d, i, byte(c)) == 3 && (c == '.' || isDocMarker(d[i:])) {
			// a document starts or ends
			if err := p.cut(); err != nil {
				return 0, err
			}
			if c == '-' && p.header == p.tokens {
				return 0, errDropped // goccy drops what follows two "---" in a row
			}
			if err := p.resolve(); err != nil {
				return 0, err
			}
			p.setLast(lastOther)
			if c == '-' {
				p.header = p.tokens
			}
			p.stack, p.open = p.stack[:0], p.open[:0]
			if c == '-' {
				p.lastDelim, p.indentNum = 0, 0
			}
			p.col += 3
			return i + 3, nil
		}
		if c == '.' {
			break
		}
		if has && p.up {
			// "-" first on a line that goes on a plain scalar: goccy
			// reads the rest of that scalar as a block scalar.
			p.block, p.blockFirst, p.bText = true, p.col, true
			p.col++
			return i + 1, nil
		}
		if !has && (nc == 0 || nc == ' ' || nc == '\t' || isBreak(nc)) {
			col := p.col
			if err := p.token(tokSeq, col, p.here(i)); err != nil {
				return 0, err
			}
			p.lastDelim = col
			p.col++
			return i + 1, nil
		}
	case ':':
		if !(p.flowMap > 0 || nc == ' ' || nc == '\t' || isBreak(nc) || i+size >= len(d)) ||
			p.flowMap > 0 && (nc == '/' || p.last == lastColon) {
			break // text
		}
		switch {
		case p.ghost:
			if err := p.resolve(); err != nil {
				return 0, err
			}
			p.lastDelim = p.col
			if err := p.event(tokKey, p.col, p.line, p.here(i)); err != nil {
				return 0, err
			}
		case p.buf:
			p.buf = false
			col := p.bufCol
			if p.bufShift >= 0 {
				col += p.bufShift
			}
			p.lastDelim = col
			if err := p.event(tokKey, col, p.bufPos.line, p.bufPos); err != nil {
				return 0, err
			}
		case p.pend:
			p.pend = false
			if p.last == lastQuoted {
				p.lastDelim = p.pendCol
			}
			if err := p.event(tokKey, p.pendCol, p.pendLine, p.pendPos); err != nil {
				return 0, err
			}
		}
		p.setLast(lastColon)
		p.col++
		return i + 1, nil
	case '|', '>':
		if has {
			break
		}
		// a scalar, and a key if ":" follows
		s := p.here(i)
		if err := p.resolve(); err != nil {
			return 0, err
		}
		if err := p.value(s); err != nil {
			return 0, err
		}
		p.setLast(lastOther)
		p.pend, p.pendCol, p.pendLine, p.pendPos = true, p.col, s.line, s
		// The header runs to the end of the line; a digit in it sets
		// the indentation of the lines.
		end := i + 1
		for end < len(d) && d[end] != '\n' && d[end] != '\r' {
			end++
		}
		opt := d[i+1 : end]
		if k := bytes.IndexByte(opt, '#'); k > 0 {
			opt = opt[:k]
		}
		opt = bytes.TrimRight(opt, " \t")
		chomp := byte(0)
		switch {
		case bytes.HasPrefix(opt, []byte("-")) || bytes.HasSuffix(opt, []byte("-")):
			chomp = '-'
		case bytes.HasPrefix(opt, []byte("+")) || bytes.HasSuffix(opt, []byte("+")):
			chomp = '+'
		}
		opt = bytes.TrimPrefix(bytes.TrimPrefix(opt, []byte("-")), []byte("+"))
		opt = bytes.TrimSuffix(bytes.TrimSuffix(opt, []byte("-")), []byte("+"))
		if p.col == 1 {
			p.lastDelim = 1
		}
		p.block, p.blockFirst, p.chomp = true, 0, chomp
		p.bAdded, p.bNL, p.bSpace, p.bSpaceAfterNL, p.bText = false, false, false, false, false
		p.up, p.down = false, false // goccy: IndentStateKeep
		if len(opt) == 1 && opt[0] >= '1' && opt[0] <= '9' {
			p.blockFirst = p.lastDelim + int(opt[0]-'0')
		}
		p.newLine(end + lineBreak(d, end))
		return end + lineBreak(d, end), nil
	case '!', '&', '*', '%':
		// Tags, anchors, aliases and directives: convert refuses them,
		// so they only need skipping.
		if has || c == '%' && p.indentNum != 0 {
			break
		}
		if err := p.resolve(); err != nil {
			return 0, err
		}
		p.setLast(lastOther)
		j := i + 1
	name:
		for ; j < len(d); j++ {
			switch d[j] {
			case ' ', '\n', '\r':
				break name
			case '[', ']', '{', '}', ',':
				if c != '%' && p.flowMode() {
					break name
				}
			}
		}
		p.col += utf8.RuneCount(d[i:j])
		return j, nil
	case '?':
		if has || (nc != ' ' && nc != '\t') {
			break
		}
		if err := p.resolve(); err != nil {
			return 0, err
		}
		p.setLast(lastOther)
		p.lastDelim = p.col
		p.col++
		return i + 1, nil
	case '#':
		if has && i > 0 && d[i-1] != ' ' && d[i-1] != '\t' && d[i-1] != '\n' && d[i-1] != '\r' {
			break // text
		}
		if err := p.cut(); err != nil {
			return 0, err
		}
		if p.comments++; p.comments > MaxComments {
			return 0, &Error{Pos: p.at(p.here(i)), Msg: fmt.Sprintf("more than %s comments in the file; the limit is %s", Thousands(MaxComments), Thousands(MaxComments))}
		}
		p.last = lastComment
		j := i
		for j < len(d) && d[j] != '\n' && d[j] != '\r' {
			j++
		}
		if j == len(d) {
			return j, nil
		}
		n := j + lineBreak(d, j)
		p.newLine(n)
		return n, nil
	case '\'', '"':
		if has {
			break
		}
		s := p.here(i)
		col := p.col
		if err := p.resolve(); err != nil {
			return 0, err
		}
		if err := p.value(s); err != nil {
			return 0, err
		}
		n := p.quoted(i, byte(c))
		p.pend, p.pendCol, p.pendLine, p.pendPos = true, col, s.line, s
		p.setLast(lastQuoted)
		return n, nil
	case '\n', '\r':
		if p.buf && p.bufShift < 0 {
			p.bufShift = p.col - p.bufEnd // goccy places it by its length without trailing blanks
		}
		n := i + lineBreak(d, i)
		p.newLine(n)
		return n, nil
	case ' ':
		p.col++
		return i + 1, nil
	case '\t':
		if has && p.lastDelim == 0 || p.lastDelim < p.col {
			p.indentNum++ // goccy counts it as nothing
			return i + 1, nil
		}
		if !has {
			p.col++
			return i + 1, nil
		}
	}
	// a character of a plain scalar
	if !p.buf {
		if err := p.resolve(); err != nil {
			return 0, err
		}
		s := p.here(i)
		if err := p.value(s); err != nil {
			return 0, err
		}
		p.buf, p.bufCol, p.bufPos, p.bufShift = true, p.col, s, -1
	}
	p.col++
	if c != ' ' && c != '\t' {
		p.bufEnd = p.col
	}
	return i + size, nil
}

// quoted skips the quoted scalar at i (goccy's scanSingleQuote and
// scanDoubleQuote) and returns where what follows it starts. goccy's
// scanDoubleQuote advances its place one more for each tab that text
// follows on its line (and is not right before the closing quote), so it
// skips as many characters after the quote.
func (p *prescanner) quoted(i int, q byte) int {
	d := p.data
	p.col++
	drift := 0
	firstOnLine := false
	aheadEnd, aheadText := -1, false // the last look past blanks: where it stopped, and whether at text
	for j := i + 1; j < len(d); {
		if n := lineBreak(d, j); n > 0 {
			p.newLine(j + n)
			j += n
			firstOnLine = true
			continue
		}
		c, size := runeAt(d, j)
		switch {
		case firstOnLine && (c == ' ' || c == '\t'):
			p.col++
			j += size
			continue
		case c == '\'' && q == '\'':
			if j+1 < len(d) && d[j+1] == '\'' {
				p.col += 2
				j += 2
				firstOnLine = false
				continue
			}
			p.col++
			return p.skip(j+1, drift)
		case c == '"' && q == '"':
			p.col++
			return p.skip(j+1, drift)
		case c == '\\' && q == '"':
			firstOnLine = false
			p.col++
			j += size
			if j >= len(d) {
				return j
			}
			if lineBreak(d, j) > 0 {
				continue
			}
			// the escape's own characters: \x takes two more, \u four, \U eight
			e, esize := runeAt(d, j)
			skip := 0
			switch e {
			case 'x':
				skip = 2
			case 'u':
				skip = 4
			case 'U':
				skip = 8
			}
			p.col++
			j += esize
			for ; skip > 0 && j < len(d) && lineBreak(d, j) == 0; skip-- {
				_, s := runeAt(d, j)
				p.col++
				j += s
			}
			continue
		case c == '\t' && q == '"':
			if j >= aheadEnd {
				aheadEnd = j + 1
				for aheadEnd < len(d) && (d[aheadEnd] == ' ' || d[aheadEnd] == '\t') {
					aheadEnd++
				}
				aheadText = aheadEnd < len(d) && lineBreak(d, aheadEnd) == 0
			}
			if aheadText && d[j+1] != '"' {
				drift++
			}
		}
		if c != ' ' && c != '\t' {
			firstOnLine = false
		}
		p.col++
		j += size
	}
	return len(d)
}

// skip passes n characters that goccy skips unread.
func (p *prescanner) skip(j, n int) int {
	d := p.data
	for ; n > 0 && j < len(d); n-- {
		if k := lineBreak(d, j); k > 0 {
			p.newLine(j + k)
			j += k
			continue
		}
		_, size := runeAt(d, j)
		p.col++
		j += size
	}
	return j
}
