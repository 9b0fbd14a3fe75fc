// Package analysis answers the open questions of Leroy Quet's posts about
// his games with the games' own rules engines: exact values where a search
// or an enumeration can reach, honest statistics where it cannot.
//
// Every question is a Job cut into numbered units of work. A unit's result
// depends only on the question's parameters, the seed and the unit's
// number, never on the worker that computed it or on when, so a run on any
// number of workers, or cut into shards on several machines and merged
// (Merge), reports the same answer. Counts are exact integers; floating
// point only ever describes a result (a mean, an interval), it never
// decides a count or a move.
package analysis

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Question is one question about one game.
type Question struct {
	Game    string // the game's id, as papergames list names it
	Name    string // the question's name, e.g. "minimum"
	Summary string // one line for the list of questions
	// Flags defines the question's own flags on fs (defaults are the
	// documented run).
	Flags func(fs *flag.FlagSet)
	// New prepares the job from the values of the question's flags.
	New func(p Params) (Job, error)
}

// Params are the values of a question's own flags, by flag name, as
// written to a partial result so that Merge rebuilds the same job.
type Params map[string]string

// Int returns the integer flag name (0 when absent; New's flag set has
// already checked that it parses).
func (p Params) Int(name string) int {
	var v int
	fmt.Sscan(p[name], &v)
	return v
}

// Job is a question prepared with its parameters: Units numbered units of
// work, each computed by Unit alone, then Report combines them.
type Job interface {
	// Units is the number of units of work.
	Units() int
	// Unit computes unit i. Its result must depend only on the job's
	// parameters, seed and i, and encode to JSON (a partial result holds
	// it) and back through NewUnit.
	Unit(i int, seed uint64) (any, error)
	// NewUnit returns a pointer to decode a unit's result into.
	NewUnit() any
	// Report combines the units' results, in unit order.
	Report(units []any) (*Result, error)
}

// Result is a question's answer.
type Result struct {
	Game     string   `json:"game"`
	Question string   `json:"question"`
	Title    string   `json:"title"`
	Params   Params   `json:"params"`
	Seed     uint64   `json:"seed"`
	Method   string   `json:"method"`          // how it was found: exhaustive, search with which pruning, Monte Carlo with how many samples
	Answer   []string `json:"answer"`          // the answer in sentences
	Tables   []Table  `json:"tables"`          // the figures
	Chart    *Chart   `json:"chart,omitempty"` // what --plot draws
}

// Table is a table of the answer: every cell already written as text
// (exact counts as integers or fractions).
type Table struct {
	Title   string     `json:"title"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// Chart is what --plot draws: lines of points with optional error bars,
// or a drawing of segments (a layout) when Drawing is set.
type Chart struct {
	Title   string   `json:"title"`
	X       string   `json:"x"`
	Y       string   `json:"y"`
	Series  []Series `json:"series,omitempty"`
	Legend  string   `json:"legend,omitempty"` // where the legend goes: "" top left, "top right", "middle left", "bottom right"
	Drawing *Drawing `json:"drawing,omitempty"`
}

// Series is one line of a chart; Lo and Hi, when set, are the ends of an
// error bar at each point.
type Series struct {
	Name string    `json:"name"`
	X    []float64 `json:"x"`
	Y    []float64 `json:"y"`
	Lo   []float64 `json:"lo,omitempty"`
	Hi   []float64 `json:"hi,omitempty"`
}

// Drawing is a figure of segments and dots in plain coordinates (y up).
type Drawing struct {
	Segments [][4]float64 `json:"segments"` // x1, y1, x2, y2
	Dots     [][2]float64 `json:"dots,omitempty"`
	Circle   bool         `json:"circle,omitempty"` // also draw the unit circle
	Given    int          `json:"given,omitempty"`  // the first Given segments are drawn black (the board's own), the rest in two inks by turns
	Gap      float64      `json:"gap,omitempty"`    // leave this much out at each end of a segment, so that segments end visibly
	Labels   []Label      `json:"labels,omitempty"`
}

// Label is a short text at a point of a drawing.
type Label struct {
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	Text string  `json:"text"`
}

var questions []Question

// register adds a question; each question file registers its own.
func register(q Question) { questions = append(questions, q) }

// Questions lists every question, by game then name.
func Questions() []Question {
	qs := slices.Clone(questions)
	sort.Slice(qs, func(i, j int) bool {
		if qs[i].Game != qs[j].Game {
			return qs[i].Game < qs[j].Game
		}
		return qs[i].Name < qs[j].Name
	})
	return qs
}

// Find returns the question name of game.
func Find(game, name string) (Question, bool) {
	for _, q := range questions {
		if q.Game == game && q.Name == name {
			return q, true
		}
	}
	return Question{}, false
}

// Text writes r as tables for a terminal.
func (r *Result) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s\n", r.Game, r.Question, r.Title)
	var keys []string
	for k := range r.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var ps []string
	for _, k := range keys {
		ps = append(ps, "--"+k+" "+r.Params[k])
	}
	if len(ps) > 0 {
		fmt.Fprintf(&b, "parameters: %s, seed %d\n", strings.Join(ps, " "), r.Seed)
	}
	fmt.Fprintf(&b, "method: %s\n", r.Method)
	for _, t := range r.Tables {
		b.WriteString("\n")
		b.WriteString(t.Text())
	}
	if len(r.Answer) > 0 {
		b.WriteString("\n")
		for _, a := range r.Answer {
			fmt.Fprintf(&b, "- %s\n", a)
		}
	}
	return b.String()
}

// Text writes the table with aligned columns, numbers to the right.
func (t Table) Text() string {
	w := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		w[i] = len([]rune(c))
	}
	for _, row := range t.Rows {
		for i, c := range row {
			if i < len(w) {
				w[i] = max(w[i], len([]rune(c)))
			}
		}
	}
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "%s\n", t.Title)
	}
	line := func(cells []string) {
		for i, c := range cells {
			if i >= len(w) {
				break
			}
			pad := strings.Repeat(" ", w[i]-len([]rune(c)))
			if i > 0 {
				b.WriteString("  ")
			}
			if numeric(c) {
				b.WriteString(pad + c)
			} else if i == len(cells)-1 {
				b.WriteString(c)
			} else {
				b.WriteString(c + pad)
			}
		}
		b.WriteString("\n")
	}
	line(t.Columns)
	for _, row := range t.Rows {
		line(row)
	}
	return b.String()
}

// numeric reports whether a cell reads as a number (right-aligned).
func numeric(s string) bool {
	if s == "" {
		return false
	}
	if s == "-" {
		return true
	}
	for _, r := range s {
		if !strings.ContainsRune("0123456789.-+/%±e ", r) {
			return false
		}
	}
	return strings.ContainsAny(s, "0123456789")
}
