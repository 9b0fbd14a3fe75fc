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
	o1, o2 := Orient(a, b, c), Orient(a, b, d)
	if o1 == 0 && o2 == 0 { // one line
		// Positions along ab: overlap of positive length, one shared end, or none.
		in := func(p, x, y Point) bool { return Inside(p, x, y) }
		switch {
		case in(c, a, b) || in(d, a, b) || in(a, c, d) || in(b, c, d):
			return Coincide, Point{}
		case Equal(a, c) && Equal(b, d), Equal(a, d) && Equal(b, c):
			return Coincide, Point{}
		case Equal(a, c) || Equal(a, d):
			return Touch, a
		case Equal(b, c) || Equal(b, d):
			return Touch, b
		}
		return Apart, Point{}
	}
	o3, o4 := Orient(c, d, a), Orient(c, d, b)
	if o1*o2 > 0 || o3*o4 > 0 {
		return Apart, Point{}
	}
	switch {
	case o1 == 0:
		return Touch, c
	case o2 == 0:
		return Touch, d
	case o3 == 0:
		return Touch, a
	case o4 == 0:
		return Touch, b
	}
	return Cross, LineIntersection(a, b, c, d)
}
