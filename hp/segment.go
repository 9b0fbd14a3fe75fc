package hp

// Relation is how two segments meet (rulings.md, "Words used everywhere").
type Relation int

// Relations between two segments.
const (
	Apart    Relation = iota // no common point
	Touch                    // one common point, an end of at least one of them
	Cross                    // one common point, strictly inside both
	Coincide                 // more than one common point
)

func (r Relation) String() string {
	return [...]string{"apart", "touch", "cross", "coincide"}[r]
}

// Relate returns how the segments ab and cd (each of positive length)
// meet. For Touch and Cross it also returns the common point.
func Relate(a, b, c, d Point) (Relation, Point) {
	switch r := Classify(a, b, c, d); r {
	case Cross:
		return r, LineIntersection(a, b, c, d)
	case Touch:
		return r, touchPoint(a, b, c, d)
	default:
		return r, Point{}
	}
}

// Classify returns how the segments ab and cd (each of positive length)
// meet, deciding predicates only: it constructs no point, so it is cheap
// enough for inner loops.
func Classify(a, b, c, d Point) Relation {
	o1, o2 := Orient(a, b, c), Orient(a, b, d)
	if o1 == 0 && o2 == 0 { // one line
		// Overlap of positive length, one shared end, or none.
		switch {
		case Inside(c, a, b) || Inside(d, a, b) || Inside(a, c, d) || Inside(b, c, d):
			return Coincide
		case Equal(a, c) && Equal(b, d), Equal(a, d) && Equal(b, c):
			return Coincide
		case Equal(a, c) || Equal(a, d) || Equal(b, c) || Equal(b, d):
			return Touch
		}
		return Apart
	}
	if o1*o2 > 0 { // c and d on one side of ab: the common case, decided first
		return Apart
	}
	o3, o4 := Orient(c, d, a), Orient(c, d, b)
	if o3*o4 > 0 {
		return Apart
	}
	if o1 == 0 || o2 == 0 || o3 == 0 || o4 == 0 {
		return Touch
	}
	return Cross
}

// touchPoint returns the common point of two segments that touch: the end
// of one that lies on the other.
func touchPoint(a, b, c, d Point) Point {
	if onSeg(c, a, b) {
		return c
	}
	if onSeg(d, a, b) {
		return d
	}
	if onSeg(a, c, d) {
		return a
	}
	return b
}

// onSeg reports whether p lies on the closed segment ab.
func onSeg(p, a, b Point) bool {
	return Orient(a, b, p) == 0 && (Equal(p, a) || Equal(p, b) || Inside(p, a, b))
}
