package games

// Catalog lists every game, in the order `papergames list` shows them.
var Catalog = []Game{
	ArcsAndMarks{},
	PolygonsAndDots{},
	CrossingTheRings{},
	WithinTheCurve{},
	PermutationGrid{},
	CrossDontCross{},
	MakingIntersections{},
}
