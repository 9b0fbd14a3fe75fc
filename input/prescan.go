package input

import (
	"bytes"
	"fmt"
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
// drawing of 200,000 segments has 1.4 million.
const MaxValues = 2000000

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
// keys and that it has no more than lim.values values (it counts brackets,
// braces and commas in flow collections, and "- " and keys in block
// ones): goccy builds the whole tree before convert can look at it, and
// 40,000 brackets took it 2.5 GB. It is one linear pass over the bytes
// that follows what makes YAML nest — flow brackets and braces, and block
// indentation with "- " and keys — skipping
// quoted text, comments, block scalars (| and >) and the further lines of
// plain values. It errs on the low side: what it does not follow counts
// for less, never for more (FuzzPrescan checks this against the tree), and
// convert checks the tree exactly afterwards. (Explicit keys, "? " and
// ": " starting a line, are left out: goccy builds nothing deep of them.)
func prescan(name string, data []byte, lim scanLimits) error {
	maxDepth, maxKeys := lim.depth, lim.keys
	values := 0
	value := func(p func() Pos) error {
		if values++; values > lim.values {
			return valuesError(p(), lim.values)
		}
		return nil
	}
	type level struct {
		col  int  // the column of its indicator or first key (from 0)
		seq  bool // a block sequence; else a mapping
		keys int
		// empty: the sequence's last "- " had nothing after it on its line;
		// goccy reads keys at its column that follow as that item's.
		empty bool
	}
	var stack []level
	flow := 0                               // open [ and {
	var quote byte                          // '"' or '\'' inside a quoted scalar
	block := -2                             // inside a block scalar: the indentation its lines exceed
	plain := false                          // the last line ended in a plain value, which may go on
	isSpace := func(l []byte, i int) bool { // i is past the end, or a blank
		return i >= len(l) || l[i] == ' ' || l[i] == '\t' || l[i] == '\r'
	}
	for start, line := 0, 1; start < len(data); line++ {
		end := bytes.IndexAny(data[start:], "\r\n") // a line ends at \n, \r\n or \r, as for goccy
		if end < 0 {
			end = len(data)
		} else {
			end += start
		}
		l := data[start:end]
		start = end + 1
		if end+1 < len(data) && data[end] == '\r' && data[end+1] == '\n' {
			start++
		}
		at := func(i int) Pos { return Pos{File: name, Line: line, Col: utf8.RuneCount(l[:i]) + 1} }

		indent := 0
		for indent < len(l) && l[indent] == ' ' {
			indent++
		}
		blank := len(bytes.Trim(l, " \t\r")) == 0
		if block > -2 {
			// goccy also reads a line starting with [ or { as the block's,
			// whatever its indentation.
			if blank || indent > block || l[indent] == '[' || l[indent] == '{' {
				continue
			}
			block = -2
		}

		// enter is a block structure at column col, seq for "- ": the
		// same level as the innermost one at that column (a sibling) when
		// it starts the line, else a new level inside it.
		enter := func(col int, seq, first bool) (*level, error) {
			if first && len(stack) > 0 {
				top := &stack[len(stack)-1]
				if top.col == col {
					switch {
					case top.seq == seq:
						return top, nil
					case seq: // "- " under a key at the same column: its value
					case top.empty: // keys of the empty item
					default: // a key after a sequence at its column: the sequence ended
						stack = stack[:len(stack)-1]
						if n := len(stack); n > 0 && stack[n-1].col == col && !stack[n-1].seq {
							return &stack[n-1], nil
						}
					}
				}
			}
			stack = append(stack, level{col: col, seq: seq})
			if len(stack)+flow > maxDepth {
				return nil, depthError(at(col), maxDepth)
			}
			return &stack[len(stack)-1], nil
		}

		i := 0
		keyCol, keyFirst := -1, false // where a key on this line would start
		valueStart := false           // at the start of a block value
		if quote == 0 && flow == 0 {
			if blank || l[indent] == '#' {
				continue
			}
			if plain && (len(stack) == 0 || indent > stack[len(stack)-1].col) {
				continue // more of a plain value: "0\n  [[" is "0 [["
			}
			plain = false
			if indent == 0 && (bytes.HasPrefix(l, []byte("---")) || bytes.HasPrefix(l, []byte("..."))) && isSpace(l, 3) {
				stack = stack[:0] // a document starts or ends
				i = 3
			} else {
				for len(stack) > 0 && stack[len(stack)-1].col > indent {
					stack = stack[:len(stack)-1]
				}
				i = indent
				first := true
				for i < len(l) && l[i] == '-' && (isSpace(l, i+1) || l[i+1] == 0) { // goccy: NUL too
					lv, err := enter(i, true, first)
					if err != nil {
						return err
					}
					if err := value(func() Pos { return at(i) }); err != nil {
						return err
					}
					first = false
					for i++; i < len(l) && (l[i] == ' ' || l[i] == '\t'); i++ {
					}
					lv.empty = isSpace(l, i) || l[i] == '#'
				}
				keyCol, keyFirst = i, first
			}
			valueStart = true
		}
		tokenStart := true // after a blank, or in flow after [ { , :
	scan:
		for ; i < len(l); i++ {
			c := l[i]
			if quote != 0 {
				switch {
				case quote == '"' && c == '\\':
					i++
				case c == quote && quote == '\'' && i+1 < len(l) && l[i+1] == '\'':
					i++
				case c == quote:
					quote = 0
				}
				tokenStart = false
				continue
			}
			if isSpace(l, i) {
				tokenStart = true
				continue
			}
			if c == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t') {
				break // a comment
			}
			if flow > 0 {
				switch {
				case c == '[' || c == '{':
					if flow++; len(stack)+flow > maxDepth {
						return depthError(at(i), maxDepth)
					}
					if err := value(func() Pos { return at(i) }); err != nil {
						return err
					}
				case c == ',':
					if err := value(func() Pos { return at(i) }); err != nil {
						return err
					}
				case c == ']' || c == '}':
					flow--
				case (c == '"' || c == '\'') && tokenStart:
					quote = c
				}
				tokenStart = c == '[' || c == '{' || c == ',' || c == ':'
				continue
			}
			// Block context: a value starts after indentation, an
			// indicator or a key.
			switch {
			case valueStart && (c == '[' || c == '{'):
				if flow++; len(stack)+flow > maxDepth {
					return depthError(at(i), maxDepth)
				}
				if err := value(func() Pos { return at(i) }); err != nil {
					return err
				}
				valueStart, tokenStart = false, true
				continue
			case valueStart && (c == '"' || c == '\''):
				quote = c
				valueStart, tokenStart = false, false
				continue
			case valueStart && (c == '|' || c == '>'):
				block = -1
				if len(stack) > 0 {
					block = stack[len(stack)-1].col
				}
				break scan
			case valueStart && (c == '&' || c == '!'): // an anchor or a tag before the value
				for i+1 < len(l) && !isSpace(l, i+1) {
					i++
				}
				continue
			case c == ':' && isSpace(l, i+1) && keyCol >= 0 && i == keyCol:
				// ": " first: a value with no key, not counted as one (counting
				// low); a | or > after it starts a block scalar all the same.
				keyCol = -1
				valueStart, tokenStart, plain = true, true, false
				continue
			case c == ':' && isSpace(l, i+1) && keyCol >= 0 && i > keyCol: // ": " first is no key
				lv, err := enter(keyCol, false, keyFirst)
				if err != nil {
					return err
				}
				if lv.keys++; lv.keys > maxKeys {
					return keysError(at(keyCol), maxKeys)
				}
				if err := value(func() Pos { return at(keyCol) }); err != nil {
					return err
				}
				keyCol = -1
				valueStart, tokenStart, plain = true, true, false
				continue
			}
			valueStart, tokenStart, plain = false, false, true
		}
	}
	return nil
}
