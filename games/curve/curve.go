// Package curve is Within The Curve, a game by Leroy Quet (2008): each
// player draws a loop of cells, and every player numbers a copy of every
// loop and fills its inside with 1, 2, 3, ..., side neighbours coprime. It
// holds the game's sheet, its rules engine (State: a round's curves, then
// its grids filled number by number), the transcript scorer and the
// rendered grids.
package curve

import (
	"fmt"
	"strings"

	"papergames/boards"
	"papergames/games"
	"papergames/layout"
)

// MaxPlayers is the most players a Within The Curve sheet prints: the
// rules say any number, and m players fill m*m grids; 12 players' 144 grids
// still print (36 pages of four). One player is a solitaire: the puzzle
// sheets of papergames puzzle are scored as one-player games.
const MaxPlayers = 12

// Game is Leroy Quet's Within The Curve (2008).
type Game struct{}

// Info implements Game.
func (Game) Info() games.Info {
	return games.Info{ID: "within-the-curve", Title: "Within The Curve", Posted: "October 28, 2008",
		MinPlayers: 1, MaxPlayers: MaxPlayers, BoardKind: "cell grids, players squared", Code: "WC"}
}

// Params implements Game.
func (Game) Params() []games.Param {
	return []games.Param{{Name: "size", Usage: "cells along each side of a grid", Kind: games.Int, Default: 12, Min: 4, Max: 40}}
}

// Setup implements Game: m players need m*m grids, one for each pair of
// curve owner and filler.
func (g Game) Setup(v games.Values, players []string) (*games.Setup, error) {
	if err := games.CheckRanges(g.Params(), v); err != nil {
		return nil, err
	}
	n := v.Int("size")
	m := len(players)
	s := &games.Setup{
		Params:  fmt.Sprintf("%d-by-%d grids · %d players, %d grids · score: the sum of your top inside numbers · the filled grids are the record: copy each into the transcript row by row", n, n, m, m*m),
		Key:     boardKey(n, m),
		Rounds:  1,
		PerPage: perPage(m),
	}
	if m >= 3 {
		s.Group = m // one player's curve set: its pages are its own
	}
	for owner := 0; owner < m; owner++ {
		for filler := 0; filler < m; filler++ {
			s.Cells = append(s.Cells, layout.Cell{
				Figure:  boards.CellGrid{N: n},
				Caption: fmt.Sprintf("curve of %s · filled by %s", games.SeatName(players, owner), games.SeatName(players, filler)),
			})
		}
	}
	return s, nil
}

// Rules implements games.Scorer.
func (Game) Rules() []games.Param {
	return nil
}

// HeaderKeys implements Scorer.
func (Game) HeaderKeys() []string { return []string{"size"} }

// RenderNote implements Scorer.
func (Game) RenderNote() string {
	return "Scored by papergames: each curve in its owner's colour, curve numbers ringed; red marks a broken rule, grey where the next number still fits."
}

// Example implements Scorer.
func (Game) Example() string {
	return strings.Replace(blank, "BOARD", games.BoardID(boardKey(6, 2)), 1)
}

func boardKey(n, players int) string {
	return fmt.Sprintf("within-the-curve size=%d players=%d", n, players)
}

const blank = `# Within The Curve transcript: one match, checked and scored by
#   papergames score THIS-FILE
game: within-the-curve
players: [Player 1, Player 2]   # names in seat order
size: 6                         # squares along each side of a grid
board: BOARD                    # the board id printed on the sheet (optional)
rounds:
  # One entry per game. curves: each player's loop, its squares in order
  # along the loop (A1 is the top left square). grids: every player fills
  # every curve, their own too, so players x players grids. Copy each grid
  # off the sheet row by row under "rows: |", one line per row, squares
  # separated by spaces: . for an empty square, 7 for a number inside the
  # curve, [7] for a number on the curve. A # starts a comment.
  - curves:
      Player 1: B2 C2 D2 E2 E3 E4 E5 D5 C5 B5 B4 B3
      Player 2: A1 B1 C1 D1 D2 D3 D4 D5 D6 C6 B6 A6 A5 A4 A3 A2
    grids:
      - curve: Player 1
        filler: Player 1
        rows: |
          .   .    .    .    .    .
          .   [3]  [2]  [1]  [12] .
          .   [4]  1    2    [11] .
          .   [5]  4    3    [10] .
          .   [6]  [7]  [8]  [9]  .
          .   .    .    .    .    .
      - curve: Player 1
        filler: Player 2
        rows: |
          .   .    .    .    .    .
          .   [1]  [2]  [3]  [4]  .
          .   [12] 1    2    [5]  .
          .   [11] .    .    [6]  .
          .   [10] [9]  [8]  [7]  .
          .   .    .    .    .    .
      - curve: Player 2
        filler: Player 1
        rows: |
          [11] [12] [13] [14] .  .
          [10] 1    2    [15] .  .
          [9]  4    3    [16] .  .
          [8]  5    8    [1]  .  .
          [7]  6    7    [2]  .  .
          [6]  [5]  [4]  [3]  .  .
      - curve: Player 2
        filler: Player 2
        rows: |
          [9]  [8]  [7]  [6]  .  .
          [10] 1    2    [5]  .  .
          [11] 6    5    [4]  .  .
          [12] 7    4    [3]  .  .
          [13] 8    3    [2]  .  .
          [14] [15] [16] [1]  .  .
`

// perPage is the default boards per page: a player's curve set (its m
// fillings, kept on pages of their own by Setup.Group) on one page up to
// six players, else on pages of four or three where m is a multiple, or
// on two pages. Two players' four grids share a page; one player's one
// grid is alone. A sheet lowers it, with a warning, where the grids would
// be too small to read.
func perPage(players int) int {
	switch {
	case players == 1:
		return 1
	case players == 2:
		return 4
	case players <= 6:
		return players
	case players%4 == 0:
		return 4
	case players%3 == 0:
		return 3
	}
	return (players + 1) / 2
}
