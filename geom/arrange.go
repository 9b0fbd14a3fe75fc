package geom

import (
	"math/big"
	"sync"
)

// Arrangement is the planar subdivision cut out by a set of segments.
type Arrangement struct {
	vertices, edges, components int
	nfaces, holed               int
	hist                        map[int]int

	once  sync.Once
	lazy  *builder // what Faces needs to list the faces, until it has
	faces []Face
}

// Face is a bounded face of an arrangement.
type Face struct {
	// Sides is the number of corners of the outer boundary (see package doc).
	Sides int
	// Holes is the number of islands inside the face that enclose area.
	Holes int
	// Outer lists the corners of the outer boundary counterclockwise (y up),
	// starting at the lowest corner (smallest y, then smallest x); len(Outer) == Sides.
	Outer []Point
	// HoleRings lists, for each hole, the corners of the island's outer
	// boundary, clockwise (the face is on the left walking along it), each
	// starting at its lowest corner. Holes are ordered by that corner.
	HoleRings [][]Point
}

// Vertices returns the number of vertices of the planar graph: all distinct
// segment ends and intersection points (ends of overlaps included).
func (a *Arrangement) Vertices() int { return a.vertices }

// Edges returns the number of edges of the planar graph, after splitting the
// segments at every vertex and merging collinear overlaps.
func (a *Arrangement) Edges() int { return a.edges }

// Components returns the number of connected components of the drawing.
func (a *Arrangement) Components() int { return a.components }

// FaceCount returns the number of bounded faces, len(Faces()), without
// listing them.
func (a *Arrangement) FaceCount() int { return a.nfaces }

// FacesWithHoles returns the number of bounded faces with at least one hole,
// without listing the faces.
func (a *Arrangement) FacesWithHoles() int { return a.holed }

// Faces returns the bounded faces, ordered by their first Outer corner
// (smallest y, then smallest x), ties broken by the direction of the boundary
// leaving it, counterclockwise from the +x axis. The slice is shared: do not
// modify it. Euler's formula holds: Vertices − Edges + len(Faces) = Components.
// The first call lists them (exact corners, sorted); the counts above do
// not need that.
func (a *Arrangement) Faces() []Face {
	a.once.Do(func() {
		if a.lazy != nil {
			a.faces = a.lazy.listFaces()
			a.lazy = nil
		}
	})
	return a.faces
}

// SidesHistogram maps a number of sides to the number of faces with that many.
func (a *Arrangement) SidesHistogram() map[int]int {
	h := make(map[int]int, len(a.hist))
	for k, v := range a.hist {
		h[k] = v
	}
	return h
}

// Area returns the exact area of the face: the area inside its outer
// boundary minus the areas inside its holes' rings.
func (f Face) Area() *big.Rat {
	a := ringArea(f.Outer)
	for _, r := range f.HoleRings {
		h := ringArea(r)
		a.Sub(a, h.Abs(h))
	}
	return a
}

// ringArea is the signed area of a closed polygon (shoelace formula),
// positive when counterclockwise.
func ringArea(pts []Point) *big.Rat {
	sum := new(big.Rat)
	if len(pts) < 3 {
		return sum
	}
	type hp struct{ x, y, w *big.Int }
	h := make([]hp, len(pts))
	for i, p := range pts {
		h[i].x, h[i].y, h[i].w = p.hom()
	}
	var n, t, d big.Int
	var r big.Rat
	for i := range h {
		p, q := h[i], h[(i+1)%len(h)]
		n.Mul(p.x, q.y)
		t.Mul(q.x, p.y)
		n.Sub(&n, &t)
		d.Mul(p.w, q.w)
		sum.Add(sum, r.SetFrac(&n, &d))
	}
	return sum.Mul(sum, big.NewRat(1, 2))
}

// Arrange builds the arrangement of the segments. A segment of zero length is
// an error of type *SegmentError; a drawing past DefaultLimits is refused
// with a *LimitError.
func Arrange(segs []Segment) (*Arrangement, error) {
	return arrange(segs, false)
}

// ArrangeWithin is Arrange with other limits; a zero field is no limit.
func ArrangeWithin(segs []Segment, lim Limits) (*Arrangement, error) {
	return arrangeWithin(segs, false, lim)
}

// builder holds the working state of one Arrange call.
type builder struct {
	n     int
	big   bool // math/big arithmetic (coordinates beyond fastLimit)
	shift int  // big mode: float approximations are scaled by 2^-shift
	fs    []fseg
	bs    []bseg
	fl    []flseg
	fr    *frame
	grid  *grid

	// Nodes: 2i and 2i+1 are the ends P, Q of segment i; crossings follow.
	parent  []int32 // union-find over nodes: same point; root is the smallest id
	sparent []int32 // union-find over segments: same component
	ovl     []bool
	bfr     []bigFrac
	sev     []event // events grouped by segment (segEv), sorted along it
	segEv   []int32
	sevEq   []bool // sev[k] is at the same position as sev[k-1]

	// Vertices. A vertex is defined by an end (vdEv = −1 for P, −2 for Q of
	// segment vdSeg) or by its position vpos[vdEv] along segment vdSeg.
	nv        int
	vdSeg     []int32
	vdEv      []int32
	vpos      []vpos
	segVStart []int32 // CSR: distinct vertices along each segment, in order
	segV      []int32
	segE      []int32 // edges between consecutive segV entries: segment s owns segE[segVStart[s]-s : segVStart[s+1]-s-1]

	// Edges run from eA to eB along +D of segment eSeg, until buildHalfEdges
	// numbers the half-edges (see the package doc, Memory layout): the
	// outgoing half-edges of vertex v are vStart[v] ≤ h < vStart[v+1],
	// counterclockwise from angle 0, with direction codes hd (see dirCode).
	// The face of a half-edge is on its left.
	eA, eB, eSeg []int32
	eAB          []int32 // the array eA and eB share
	ne           int
	vStart       []int32
	hd           []int32
	twin         []int32
	nxt          []int32 // next half-edge on the same face cycle
	cyc          []int32 // face cycle of each half-edge
	cycFirst     []int32
	cycWind      []int8 // +1: outer boundary of a bounded face; −1: outer contour of a component
	cycCorners   []int32
	cycFlag      []bool // the cycle runs along both sides of some edge

	ncomp      int
	compOfSeg  []int32
	compMinSeg []int32 // segment whose end P is the component's lowest-leftmost (x, then y) point
	compCycle  []int32
	compFace   []int32 // face containing the component, −1 for the unbounded face
	faceCycle  []int32 // bounded face → its outer cycle
	cycFace    []int32 // cycle → face on its left (−1 unbounded)

	vp  []prep    // exact vertex coordinates (normalized frame)
	vfy []float64 // fast mode: vertex y, relative error below 2^-50
}

// internalError is raised when a consistency check or a size limit fails;
// arrange returns it as an error.
type internalError string

func (e internalError) Error() string { return "geom: " + string(e) }

func arrange(segs []Segment, forceBig bool) (*Arrangement, error) {
	return arrangeWithin(segs, forceBig, DefaultLimits)
}

func arrangeWithin(segs []Segment, forceBig bool, lim Limits) (a *Arrangement, err error) {
	defer func() {
		if r := recover(); r != nil {
			ie, ok := r.(internalError)
			if !ok {
				panic(r)
			}
			a, err = nil, ie
		}
	}()
	b := &builder{}
	if err := b.load(segs, forceBig); err != nil {
		return nil, err
	}
	if b.n == 0 {
		return &Arrangement{}, nil
	}
	if b.grid, err = newGrid(b.fl, lim.Comparisons); err != nil {
		return nil, err
	}
	stop := func() error {
		if lim.Stop == nil {
			return nil
		}
		return lim.Stop()
	}
	if err := stop(); err != nil {
		return nil, err
	}
	if err = b.findPairs(lim.Crossings); err != nil {
		return nil, err
	}
	for _, step := range []func(){b.sortEvents, b.buildGraph, b.spatialOrder, b.buildHalfEdges, b.buildCycles, b.buildComponents, b.locateComponents} {
		if err := stop(); err != nil {
			return nil, err
		}
		step()
	}
	a = &Arrangement{vertices: b.nv, edges: b.ne, components: b.ncomp}
	b.buildSummary(a)
	a.lazy = b
	return a, nil
}
