// Package catalog is the table of papergames' games, and the commands'
// way in: find a game by id, score or list the moves of any transcript.
package catalog

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"papergames/games"
	"papergames/games/arcs"
	"papergames/games/crossdont"
	"papergames/games/curve"
	"papergames/games/intersections"
	"papergames/games/permgrid"
	"papergames/games/polydots"
	"papergames/games/rings"
	"papergames/input"
	"papergames/scorer"
)

// Games lists every game, in the order `papergames list` shows them.
var Games = []games.Game{
	arcs.Game{},
	polydots.Game{},
	rings.Game{},
	curve.Game{},
	permgrid.Game{},
	crossdont.Game{},
	intersections.Game{},
}

// Lookup returns the game with the given id, or an error that lists the
// games and suggests the closest id.
func Lookup(id string) (games.Game, error) {
	for _, g := range Games {
		if g.Info().ID == id {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q%s; the games are: %s", id, Suggest(id), strings.Join(IDs(), ", "))
}

// IDs returns the game ids in catalogue order.
func IDs() []string {
	var ids []string
	for _, g := range Games {
		ids = append(ids, g.Info().ID)
	}
	return ids
}

// Suggest returns " (did you mean X?)" for the id nearest to s, or "".
func Suggest(s string) string {
	type cand struct {
		id string
		d  int
	}
	var cs []cand
	for _, id := range IDs() {
		d := input.Distance(strings.ToLower(s), id)
		if strings.Contains(id, strings.ToLower(s)) && len(s) >= 3 {
			d = 1
		}
		cs = append(cs, cand{id, d})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	if len(cs) > 0 && cs[0].d <= max(3, len(s)/2) {
		return fmt.Sprintf(" (did you mean %s?)", cs[0].id)
	}
	return ""
}

// Rules lists the rule variants of every scored game, each once, for the
// flags of score and moves; owners says which games declare each.
func Rules() (ps []games.Param, owners map[string][]string) {
	owners = map[string][]string{}
	for _, g := range Games {
		sc, ok := g.(games.Scorer)
		if !ok {
			continue
		}
		for _, p := range sc.Rules() {
			if len(owners[p.Name]) == 0 {
				ps = append(ps, p)
			} else {
				// A name two games share says what it does in each.
				for i := range ps {
					if ps[i].Name == p.Name {
						if len(owners[p.Name]) == 1 {
							ps[i].Usage = owners[p.Name][0] + ": " + ps[i].Usage
						}
						ps[i].Usage += "; " + g.Info().Title + ": " + p.Usage
					}
				}
			}
			owners[p.Name] = append(owners[p.Name], g.Info().Title)
		}
	}
	return ps, owners
}

// Score reads a transcript (YAML or JSON) and scores it with its game. The
// drawing of the game for --render comes back whenever the header could be
// read, also when the moves are refused.
func Score(name string, data []byte, v games.Values) (*scorer.Result, *scorer.Drawing, error) {
	return ScoreContext(context.Background(), name, data, v)
}

// ScoreContext is Score bounded by ctx: the scorer stops
// with ctx's error once it is done (scorer.Transcript.Ctx).
func ScoreContext(ctx context.Context, name string, data []byte, v games.Values) (*scorer.Result, *scorer.Drawing, error) {
	sc, t, err := read(name, data)
	if err != nil {
		return nil, nil, err
	}
	if err := checkMoves(sc, t); err != nil {
		return nil, nil, err
	}
	t.Ctx = ctx
	return games.ScoreTranscript(sc, t, v)
}

// MaxMoves bounds the moves of a transcript, summed over its rounds and
// counted as written before any is played: each costs the scorer a few
// hundred bytes and microseconds, and its report a line. 1000 rounds of
// 1,740 Making Intersections segments (a 13 MB file) took 10 s and
// 1.15 GB; 150 of them (261,000 moves) 2.5 s and 190 MB.
const MaxMoves = 300_000

// checkMoves refuses a transcript of more than MaxMoves moves.
func checkMoves(sc games.Scorer, t *scorer.Transcript) error {
	b, ok := sc.(games.Board)
	if !ok {
		return nil
	}
	n := 0
	for i := range t.Rounds {
		_, words, err := b.OpenRound(t, i, nil)
		if err != nil {
			return nil // the scorer says what is wrong with it
		}
		if n += len(words); n > MaxMoves {
			return t.Rounds[i].Errorf("round %d: the transcript has more than %s moves by this round, the limit (catalog.MaxMoves): score it in parts", i+1, input.Thousands(MaxMoves))
		}
	}
	return nil
}

// Moves reads a transcript and lists the legal next moves of its last
// round, for the games that can (see games.Mover).
func Moves(name string, data []byte, v games.Values) (string, error) {
	sc, t, err := read(name, data)
	if err != nil {
		return "", err
	}
	if err := checkMoves(sc, t); err != nil {
		return "", err
	}
	m, ok := sc.(games.Mover)
	if !ok {
		var can []string
		for _, g := range Games {
			if _, ok := g.(games.Mover); ok {
				can = append(can, g.Info().Title)
			}
		}
		return "", games.GameNode(t.Root).Errorf("%s has no moves to list: its moves are not a finite list (papergames moves lists them for %s)", sc.Info().Title, strings.Join(can, ", "))
	}
	return m.Moves(t, v)
}

// read reads a transcript's header with the game it names.
func read(name string, data []byte) (games.Scorer, *scorer.Transcript, error) {
	root, id, err := scorer.GameOf(name, data)
	if err != nil {
		return nil, nil, err
	}
	g, err := Lookup(id)
	if err != nil {
		return nil, nil, games.GameNode(root).Errorf("%v", err)
	}
	sc, ok := g.(games.Scorer)
	if !ok {
		return nil, nil, games.GameNode(root).Errorf("papergames cannot score %s yet", g.Info().Title)
	}
	t, err := games.ReadHeader(sc, name, root)
	if err != nil {
		return nil, nil, err
	}
	return sc, t, nil
}

// Example returns the example transcript of the game with the given id.
func Example(id string) (string, error) {
	g, err := Lookup(id)
	if err != nil {
		return "", &games.UsageError{Msg: err.Error()}
	}
	sc, ok := g.(games.Scorer)
	if !ok {
		return "", fmt.Errorf("papergames cannot score %s yet, so it has no transcript", g.Info().Title)
	}
	return sc.Example(), nil
}
