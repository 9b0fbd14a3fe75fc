// Package layout is papergames' drawing surface: paper sizes and units, a
// small Canvas interface in millimetres, its PDF and SVG writers, and the
// sheet layout (header, board cells, score table, calibration ruler, rules).
//
// Drawing code sees only Canvas, as gonum/plot's drawing code sees only
// vg.Canvas: a board is drawn once and written as PDF or SVG unchanged.
//
// Coordinates are millimetres on the page, x to the right and y down, with
// the origin at the top left corner of the page. Angles given to Arc are in
// radians measured from the +x axis towards +y, which on paper is clockwise;
// Compass converts the players' convention (degrees clockwise from 12
// o'clock).
package layout
