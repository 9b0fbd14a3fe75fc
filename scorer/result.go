package scorer

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"papergames/internal/safetext"
)

// Goal says whether the most or the fewest points win.
type Goal string

// Goals.
const (
	Most   Goal = "most"
	Fewest Goal = "fewest"
)

// Round is the result of one round.
type Round struct {
	Number int
	Scores []int // by seat
	// Lines tell, in order, what each move did, for the text report.
	Lines []string
	// Details are the game's own figures for the JSON report, e.g.
	// {"sides_histogram": {"3": 4}}.
	Details map[string]any
}

// Result is a scored match.
type Result struct {
	Game     string
	Title    string
	Players  []string
	Goal     Goal
	Rule     string // the rule that decides, in words
	Rounds   []Round
	Warnings []string
	// Provisional marks a result that a later move could still change.
	Provisional bool
	// Disqualified are the seats that lose whatever their totals (a game
	// whose rules make a mistake on paper lose it); Winners passes them
	// over, and with every seat disqualified there is no winner.
	Disqualified []int
}

// Totals returns each seat's total over the rounds.
func (r *Result) Totals() []int {
	t := make([]int, len(r.Players))
	for _, rd := range r.Rounds {
		for i, s := range rd.Scores {
			t[i] += s
		}
	}
	return t
}

// Winners returns the seats with the best total (several for a tie),
// leaving out the disqualified: none when every seat is.
func (r *Result) Winners() []int {
	t := r.Totals()
	var w []int
	for i, v := range t {
		switch {
		case r.disqualified(i):
		case len(w) == 0:
			w = []int{i}
		case v == t[w[0]]:
			w = append(w, i)
		case (r.Goal == Most && v > t[w[0]]) || (r.Goal == Fewest && v < t[w[0]]):
			w = []int{i}
		}
	}
	return w
}

func (r *Result) disqualified(seat int) bool {
	for _, d := range r.Disqualified {
		if d == seat {
			return true
		}
	}
	return false
}

func (r *Result) names(seats []int) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = r.Players[s]
	}
	return out
}

// Text returns the report for people. Every name and message in it is
// escaped for a terminal (safetext.Terminal): a control character or an
// escape sequence in a player's name shows as \x1b, a bidirectional
// control as \u202e, and a newline cannot start a line of its own.
func (r *Result) Text(file string) string {
	safe := safetext.Terminal
	players := make([]string, len(r.Players))
	for i, p := range r.Players {
		players[i] = safe(p)
	}
	names := func(seats []int, sep string) string {
		out := make([]string, len(seats))
		for i, s := range seats {
			out[i] = players[s]
		}
		return strings.Join(out, sep)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s\n", safe(file), safe(r.Title), strings.Join(players, " v "))
	for _, rd := range r.Rounds {
		fmt.Fprintf(&b, "\nround %d\n", rd.Number)
		for _, l := range rd.Lines {
			fmt.Fprintf(&b, "  %s\n", safe(l))
		}
		var parts []string
		for i, s := range rd.Scores {
			parts = append(parts, fmt.Sprintf("%s %d", players[i], s))
		}
		fmt.Fprintf(&b, "  score: %s\n", strings.Join(parts, ", "))
	}
	t := r.Totals()
	b.WriteString("\ntotals:")
	for i, p := range players {
		fmt.Fprintf(&b, " %s %d", p, t[i])
		if i+1 < len(players) {
			b.WriteString(",")
		}
	}
	b.WriteString("\n")
	if len(r.Disqualified) > 0 {
		fmt.Fprintf(&b, "disqualified, losing whatever their total: %s\n", names(r.Disqualified, ", "))
	}
	w := r.Winners()
	verdict := "no winner: every player is disqualified"
	switch {
	case len(w) == 1:
		verdict = "winner: " + players[w[0]]
	case len(w) > 1:
		verdict = "tie: " + names(w, " and ")
	}
	fmt.Fprintf(&b, "%s (%s)\n", verdict, safe(r.Rule))
	if r.Provisional {
		b.WriteString("provisional: the result could still change (see the warnings)\n")
	}
	for _, x := range r.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", safe(x))
	}
	return b.String()
}

// JSON is the documented, stable schema of `papergames score --json`
// (docs/transcripts.md).
type JSON struct {
	Game        string         `json:"game"`
	Players     []string       `json:"players"`
	Rounds      []JSONRound    `json:"rounds"`
	Totals      map[string]int `json:"totals"`
	Winners     []string       `json:"winners"`
	Goal        Goal           `json:"goal"`
	Rule        string         `json:"rule"`
	Provisional bool           `json:"provisional"`
	Warnings    []string       `json:"warnings"`
	// Disqualified is left out when nobody is.
	Disqualified []string `json:"disqualified,omitempty"`
}

// JSONRound is one round in the JSON schema.
type JSONRound struct {
	Round   int            `json:"round"`
	Scores  map[string]int `json:"scores"`
	Details map[string]any `json:"details"`
}

// JSON returns the result in the JSON schema.
func (r *Result) JSON() []byte {
	j := JSON{Game: r.Game, Players: r.Players, Totals: map[string]int{}, Winners: r.names(r.Winners()),
		Goal: r.Goal, Rule: r.Rule, Provisional: r.Provisional, Warnings: r.Warnings, Disqualified: r.names(r.Disqualified)}
	if j.Warnings == nil {
		j.Warnings = []string{}
	}
	for _, rd := range r.Rounds {
		jr := JSONRound{Round: rd.Number, Scores: map[string]int{}, Details: rd.Details}
		if jr.Details == nil {
			jr.Details = map[string]any{}
		}
		for i, s := range rd.Scores {
			jr.Scores[r.Players[i]] = s
		}
		j.Rounds = append(j.Rounds, jr)
	}
	for i, t := range r.Totals() {
		j.Totals[r.Players[i]] = t
	}
	b, _ := json.MarshalIndent(j, "", "  ")
	return append(b, '\n')
}

// Histogram turns a side-count histogram into JSON form (string keys,
// zero counts left out).
func Histogram(h map[int]int) map[string]int {
	out := map[string]int{}
	keys := make([]int, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		if h[k] > 0 {
			out[fmt.Sprint(k)] = h[k]
		}
	}
	return out
}

// MaxReport bounds the report of a scored transcript, as text or JSON:
// 1000 rounds of 1,740 Making Intersections segments (a 13 MB transcript)
// made a 135 MB text report.
const MaxReport = 16 << 20

// CheckReport refuses a result whose text report would pass MaxReport,
// counted from its lines before the report is written.
func (r *Result) CheckReport() error {
	n := 0
	for _, rd := range r.Rounds {
		n += 40
		for _, l := range rd.Lines {
			n += len(l) + 3
		}
	}
	for _, w := range r.Warnings {
		n += len(w) + 10
	}
	return reportSize(n)
}

func reportSize(n int) error {
	if n > MaxReport {
		return fmt.Errorf("the report would be %.1f MB, more than the limit of %d MB: score fewer rounds at a time", float64(n)/(1<<20), MaxReport>>20)
	}
	return nil
}

// CheckJSON refuses JSON (r.JSON()) past MaxReport.
func CheckJSON(j []byte) error { return reportSize(len(j)) }
