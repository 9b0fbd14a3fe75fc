// Package geom decides, exactly, the planar arrangement of straight line
// segments: which polygons (faces) the drawn lines cut out of the paper, and
// how many sides each has. Games are scored on these counts, and float code
// miscounts exactly the cases games produce: lines through lattice points,
// three lines through one point, overlapping collinear pieces.
//
// # Definitions
//
//   - Segment: the straight piece between two distinct points. A segment of
//     zero length is an input error (*SegmentError names its index).
//   - Cross: two segments share exactly one point, strictly inside both.
//   - Touch: they share a point that is an end of at least one of them.
//   - Coincide: they share more than one point (an overlap of positive length).
//     Coinciding segments also touch.
//   - The drawing is the union of the segments: overlapping and duplicate
//     pieces count once. Its planar graph has a vertex at every segment end and
//     every intersection point (ends of overlaps included) and an edge for every
//     piece between consecutive vertices.
//   - Face: a bounded region of the plane left when every drawn line is
//     removed, with no drawn line inside it. The unbounded region is never a face.
//   - Sides of a face: the number of corners met walking once around its outer
//     boundary, where a corner is a point at which the boundary changes
//     direction. Going straight on (a T-junction seen from its flat side, the end
//     of an overlapping piece, a vertex on a straight side) is no corner.
//     Drawn lines that have the same face on both sides are not part of the
//     boundary: a stub poking into a triangle leaves it a triangle, a bridge
//     joining an island to the boundary is ignored. A boundary that passes the
//     same point twice (a pinched face) counts each visit that turns.
//   - Holes: after dropping the lines with the face on both sides, the face's
//     boundary falls into closed rings; one is the outer boundary, every other
//     ring is a hole. So an island that encloses area is a hole even when a
//     bridge joins it to the outer boundary; a loose tree of lines encloses no
//     area and is no hole; two areas joined only by a line count as two holes,
//     two areas meeting at a point as one (pinched) hole.
//
// Euler's formula holds: Vertices − Edges + bounded faces = Components
// (the usual V − E + F = 1 + C when F counts the unbounded face too).
//
// # Arithmetic
//
// Arrange scales all input coordinates to integers with their common
// denominator, translates them to the middle of the bounding box and divides
// by the gcd of all coordinate differences. If then every coordinate c has
// |c| < 2^30 (fastLimit), all predicates run on int64 with 128-bit products
// (math/bits): coordinate differences are below 2^31, products of two below
// 2^62, cross and dot products below 2^63. Positions along a segment are
// fractions num/den of such cross or dot products, compared through 128-bit
// products below 2^126. Intersection points are kept homogeneous, (X/W, Y/W)
// with |X|, |Y| < 2^95 and 0 < W < 2^63, and compared through 192-bit products.
// Larger inputs, such as "123456789012345678901/7", take the same steps with
// math/big. No float64 takes part in any decision.
//
// # Algorithm
//
// A uniform grid, filled with float approximations of the segments widened by
// a margin far above their rounding error, proposes candidate pairs (each pair
// once); exact predicates decide them. Each segment is split at its
// intersections (sorted exactly along it), points that coincide are merged by
// union-find, and collinear overlaps become shared edges. Outgoing edges are
// sorted around each vertex by exact angle (half-plane, then cross product of
// the supporting segments' integer directions; at a simple crossing one
// cross product orders all four). One walk of the face cycles sums each
// cycle's exact turning number (+1 around a bounded face, −1 around the
// outside of a component) and its corners; each component is placed in the
// face that contains it by shooting a ray west from its lowest-leftmost end
// through the grid. The lines that have the same face on both sides are
// exactly those with the same face cycle on both sides, so only the cycles
// that contain such lines are walked again, without them, to count their
// corners and holes. Arrange stops there, with the counts; Faces lists the
// corners (exact points, sorted) when first asked. The cost grows like the
// number of segments plus crossings plus the candidate pairs the grid
// proposes (for many long parallel segments packed closer than a grid cell,
// that can approach all pairs). Both are bounded (Limits): Arrange counts
// the grid's work before filling it and the crossings as it finds them, and
// refuses a drawing past MaxComparisons or MaxCrossings with a *LimitError.
//
// # Memory layout
//
// The large arrays are flat int32 (or int64 pairs), with no pointers for the
// collector to scan, allocated once at their final size:
//
//   - Events: the candidate pairs are classified twice, first counting the
//     events of every segment, then writing each one straight into its place,
//     grouped by segment (no per-worker copies to merge). An event is 24
//     bytes: its position num/den, its node, and a float32 key that orders
//     most pairs of events without a product: a segment's events are sorted
//     as integers by key, then exactly within runs of keys too close to
//     tell apart. Events die once the graph is built; a vertex keeps only
//     its defining segment and position.
//   - Half-edges are numbered by their origin: vertex v owns the contiguous
//     range vStart[v] ≤ h < vStart[v+1], counterclockwise from angle 0, so a
//     rotation is implicit (no rot or pos index). Each half-edge has four
//     int32: its direction code hd (segment, forwards or back, half-plane),
//     twin, nxt (the next half-edge on its face cycle) and cyc (its face
//     cycle). The half-edge clockwise from h is nxt[twin[h]].
//   - Vertices are numbered along a Hilbert curve through the bounding box
//     (256 × 256 cells, a counting sort on float approximations; any
//     numbering is correct, this one is fast to walk): the corners of a face
//     and their half-edges lie close in memory, so walks and the per-vertex
//     passes touch few pages. Below 32768 vertices, and in big mode, the
//     vertices keep the order in which the segments first meet them.
//   - The arrays of the edge list are reused: the one eA and eB share becomes
//     the renumbering, then cyc; the old numbering becomes nxt; each turn
//     (its contribution to the turning number, and whether it is a corner)
//     waits in cyc until the walk. Twins, next links and turns are computed
//     per vertex in parallel.
//   - On large inputs the collector runs once when the events die, so that
//     its next goal follows what is live from then on.
package geom
