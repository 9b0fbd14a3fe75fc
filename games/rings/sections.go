package rings

import (
	"fmt"
	"math/big"
	"papergames/games"
	"strings"
)

// MaxRingCuts bounds the cuts of one ring in a transcript, whatever
// --sections allows.
const MaxRingCuts = 4096

// defaultSections is the --sections rule when none is given.
const defaultSections = "j..2^j"

// sectionRule returns the allowed number of sections of rings 1 to
// circles-1 under the --sections rule s ("" for the default j..2^j), and
// the rule as it is quoted in messages. A rule that cannot be read, or
// allows no section or fewer maximum than minimum sections for some ring,
// is a *games.UsageError.
func sectionRule(s string, circles int) ([][2]int, string, error) {
	rule := strings.TrimSpace(s)
	if rule == "" {
		b := make([][2]int, 0, circles-1)
		for j := 1; j < circles; j++ {
			b = append(b, SectionBounds(j))
		}
		return b, defaultSections, nil
	}
	bad := func(format string, a ...any) error {
		return games.Usagef("--sections %q: %s; write MIN..MAX in whole numbers and j (the ring), e.g. j..2^j (the default), 2..3j, j..j+4, 4..8", s, fmt.Sprintf(format, a...))
	}
	lo, hi, ok := strings.Cut(rule, "..")
	if !ok {
		return nil, "", bad(`no ".." between MIN and MAX`)
	}
	var ex [2]*sectionsExpr
	for i, part := range []string{lo, hi} {
		e, err := parseSectionExpr(part)
		if err != nil {
			return nil, "", bad("%s %s", []string{"MIN", "MAX"}[i], err)
		}
		ex[i] = e
	}
	var out [][2]int
	for j := 1; j < circles; j++ {
		var b [2]int
		for i := range ex {
			v, err := ex[i].eval(int64(j))
			if err != nil {
				return nil, "", bad("ring %d: %v", j, err)
			}
			b[i] = int(v)
		}
		switch {
		case b[0] < 1:
			return nil, "", bad("ring %d would allow %d sections at least; every ring is cut at least once", j, b[0])
		case b[1] < b[0]:
			return nil, "", bad("ring %d would allow %d to %d sections, MAX below MIN", j, b[0], b[1])
		}
		out = append(out, b)
	}
	return out, rule, nil
}

// sectionsExpr is a --sections expression: a number, j, or an operation
// (+ - * ^ and unary -) on sub-expressions.
type sectionsExpr struct {
	op   byte // 'n' number, 'j', '+', '-', '*', '^', 'u' (unary minus)
	n    int64
	l, r *sectionsExpr
}

// sectionParser reads an expression: sum := prod {(+|-) prod};
// prod := pow {[*] pow} (3j is 3*j); pow := atom [^ pow];
// atom := number | j | ( sum ) | - atom.
type sectionParser struct {
	s string
	i int
}

func parseSectionExpr(s string) (*sectionsExpr, error) {
	p := &sectionParser{s: s}
	if p.peek() == 0 {
		return nil, fmt.Errorf("is empty")
	}
	e, err := p.sum(0)
	if err != nil {
		return nil, err
	}
	if c := p.peek(); c != 0 {
		return nil, fmt.Errorf("has %q where an operator or the end was expected", c)
	}
	return e, nil
}

func (p *sectionParser) peek() byte {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
	if p.i == len(p.s) {
		return 0
	}
	return p.s[p.i]
}

// maxSectionDepth bounds nesting, so a pathological rule cannot exhaust the stack.
const maxSectionDepth = 50

func (p *sectionParser) sum(d int) (*sectionsExpr, error) {
	l, err := p.prod(d)
	if err != nil {
		return nil, err
	}
	for {
		c := p.peek()
		if c != '+' && c != '-' {
			return l, nil
		}
		p.i++
		r, err := p.prod(d)
		if err != nil {
			return nil, err
		}
		l = &sectionsExpr{op: c, l: l, r: r}
	}
}

func (p *sectionParser) prod(d int) (*sectionsExpr, error) {
	l, err := p.pow(d)
	if err != nil {
		return nil, err
	}
	for {
		c := p.peek()
		switch {
		case c == '*':
			p.i++
		case c == 'j' || c == '(' || (c >= '0' && c <= '9'):
		default:
			return l, nil
		}
		r, err := p.pow(d)
		if err != nil {
			return nil, err
		}
		l = &sectionsExpr{op: '*', l: l, r: r}
	}
}

func (p *sectionParser) pow(d int) (*sectionsExpr, error) {
	if d > maxSectionDepth {
		return nil, fmt.Errorf("is nested too deeply")
	}
	b, err := p.atom(d)
	if err != nil {
		return nil, err
	}
	if p.peek() != '^' {
		return b, nil
	}
	p.i++
	e, err := p.pow(d + 1)
	if err != nil {
		return nil, err
	}
	return &sectionsExpr{op: '^', l: b, r: e}, nil
}

func (p *sectionParser) atom(d int) (*sectionsExpr, error) {
	switch c := p.peek(); {
	case c == 0:
		return nil, fmt.Errorf("ends where a number, j or ( was expected")
	case c == 'j':
		p.i++
		return &sectionsExpr{op: 'j'}, nil
	case c == '-':
		p.i++
		a, err := p.pow(d + 1)
		if err != nil {
			return nil, err
		}
		return &sectionsExpr{op: 'u', l: a}, nil
	case c == '(':
		p.i++
		e, err := p.sum(d + 1)
		if err != nil {
			return nil, err
		}
		if p.peek() != ')' {
			return nil, fmt.Errorf("has a ( without its )")
		}
		p.i++
		return e, nil
	case c >= '0' && c <= '9':
		start := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		if p.i-start > 9 {
			return nil, fmt.Errorf("has the number %s, too large", p.s[start:p.i])
		}
		var n int64
		fmt.Sscan(p.s[start:p.i], &n)
		return &sectionsExpr{op: 'n', n: n}, nil
	default:
		return nil, fmt.Errorf("has %q where a number, j or ( was expected", c)
	}
}

// sectionLimit bounds every value met while evaluating.
var sectionLimit = big.NewInt(1 << 40)

func (e *sectionsExpr) eval(j int64) (int64, error) {
	v, err := e.big(j)
	if err != nil {
		return 0, err
	}
	return v.Int64(), nil
}

func (e *sectionsExpr) big(j int64) (*big.Int, error) {
	var v *big.Int
	switch e.op {
	case 'n':
		return big.NewInt(e.n), nil
	case 'j':
		return big.NewInt(j), nil
	case 'u':
		a, err := e.l.big(j)
		if err != nil {
			return nil, err
		}
		v = a.Neg(a)
	default:
		a, err := e.l.big(j)
		if err != nil {
			return nil, err
		}
		b, err := e.r.big(j)
		if err != nil {
			return nil, err
		}
		switch e.op {
		case '+':
			v = a.Add(a, b)
		case '-':
			v = a.Sub(a, b)
		case '*':
			v = a.Mul(a, b)
		case '^':
			if b.Sign() < 0 {
				return nil, fmt.Errorf("a negative power (%s^%s)", a, b)
			}
			if b.Cmp(big.NewInt(64)) > 0 && a.CmpAbs(big.NewInt(1)) > 0 {
				return nil, fmt.Errorf("%s^%s is too large", a, b)
			}
			v = a.Exp(a, b, nil)
		}
	}
	if v.CmpAbs(sectionLimit) > 0 {
		return nil, fmt.Errorf("a bound is over %d", sectionLimit)
	}
	return v, nil
}
