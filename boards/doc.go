// Package boards draws the game boards, one file per kind of board: a
// circle with numbered marks, a circle with a degree scale, a ring target,
// a cell grid, a line grid, a dot array and a millimetre coordinate sheet.
//
// Each board is a layout.Figure: it scales with one nominal size s in
// millimetres and draws itself on a layout.Canvas. Each also exposes its
// geometry (where mark 3 or dot B2 lands for a given origin and size), so
// that the scorers draw finished games on exactly the printed board.
package boards
