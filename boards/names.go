package boards

import (
	"fmt"
	"strconv"
	"strings"
)

// Column returns the label of the 0-based column i: A..Z, then AA, AB, ...
func Column(i int) string {
	if i >= 0 && i < len(letters) { // one letter: a slice of letters, no allocation
		return letters[i : i+1]
	}
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('A'+(i-1)%26)) + s
	}
	return s
}

// CellName names the cell or dot in 0-based column c and row r: "A1" is
// the top left.
func CellName(c, r int) string { return Column(c) + strconv.Itoa(r+1) }

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// ParseCell reads a name such as "B12" (letters case-insensitive) into a
// 0-based column and row. It checks the name against an n-by-n board when
// n > 0.
func ParseCell(s string, n int) (c, r int, err error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	i := 0
	col := 0
	for i < len(t) && t[i] >= 'A' && t[i] <= 'Z' {
		col = col*26 + int(t[i]-'A'+1)
		i++
		if col > 1<<20 {
			return 0, 0, fmt.Errorf("%q: column too large", s)
		}
	}
	if i == 0 || i == len(t) {
		return 0, 0, fmt.Errorf("%q is not a cell name (write a column letter and a row number, e.g. B3)", s)
	}
	row := 0
	for _, ch := range t[i:] {
		if ch < '0' || ch > '9' {
			return 0, 0, fmt.Errorf("%q is not a cell name (write a column letter and a row number, e.g. B3)", s)
		}
		row = row*10 + int(ch-'0')
		if row > 1<<20 {
			return 0, 0, fmt.Errorf("%q: row too large", s)
		}
	}
	switch {
	case row == 0:
		return 0, 0, fmt.Errorf("%q: rows are numbered from 1", s)
	case t[i] == '0':
		return 0, 0, fmt.Errorf("%q: write the row without a leading zero (%s%d)", s, t[:i], row)
	}
	c, r = col-1, row-1
	if n > 0 && (c >= n || r >= n) {
		return 0, 0, fmt.Errorf("%q is off the %d-by-%d board (columns A-%s, rows 1-%d)", s, n, n, Column(n-1), n)
	}
	return c, r, nil
}
