package geom

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"
)

// A deliberately simple second implementation: all pairs, math/big.Rat
// everywhere, signed areas instead of turning numbers, point-in-polygon
// instead of ray shooting in a grid, and the reduced graph (without lines
// that have the same face on both sides) rebuilt from scratch.

type rpt struct{ x, y *big.Rat }

func (p rpt) key() string { return p.x.RatString() + "," + p.y.RatString() }

func rsub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func rmul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func radd(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func rcross(ax, ay, bx, by *big.Rat) *big.Rat {
	return rsub(rmul(ax, by), rmul(ay, bx))
}

type refFace struct {
	sides, holes int
	area         *big.Rat
	outer        []string
	holeRings    [][]string
}

type refResult struct {
	v, e, c  int
	faces    []refFace
	enclosed *big.Rat // area not in the unbounded face, from component contours
}

type refGraph struct {
	pts  []rpt
	ea   []int // edge e: half-edge 2e from ea to eb, 2e+1 back
	eb   []int
	out  [][]int // outgoing half-edges per vertex, counterclockwise
	pos  []int
	cyc  []int
	cycs [][]int
}

func (g *refGraph) orig(h int) int {
	if h%2 == 0 {
		return g.ea[h/2]
	}
	return g.eb[h/2]
}
func (g *refGraph) dest(h int) int { return g.orig(h ^ 1) }
func (g *refGraph) dir(h int) (*big.Rat, *big.Rat) {
	a, b := g.pts[g.orig(h)], g.pts[g.dest(h)]
	return rsub(b.x, a.x), rsub(b.y, a.y)
}

func refAngleLess(ax, ay, bx, by *big.Rat) bool {
	ha := ay.Sign() < 0 || ay.Sign() == 0 && ax.Sign() < 0
	hb := by.Sign() < 0 || by.Sign() == 0 && bx.Sign() < 0
	if ha != hb {
		return !ha
	}
	return rcross(ax, ay, bx, by).Sign() > 0
}

// build sorts rotations and walks face cycles.
func (g *refGraph) build() {
	g.out = make([][]int, len(g.pts))
	for e := range g.ea {
		g.out[g.ea[e]] = append(g.out[g.ea[e]], 2*e)
		g.out[g.eb[e]] = append(g.out[g.eb[e]], 2*e+1)
	}
	g.pos = make([]int, 2*len(g.ea))
	for _, o := range g.out {
		sort.Slice(o, func(i, j int) bool {
			ax, ay := g.dir(o[i])
			bx, by := g.dir(o[j])
			return refAngleLess(ax, ay, bx, by)
		})
		for i, h := range o {
			g.pos[h] = i
		}
	}
	g.cyc = make([]int, 2*len(g.ea))
	for i := range g.cyc {
		g.cyc[i] = -1
	}
	for h := range g.cyc {
		if g.cyc[h] >= 0 {
			continue
		}
		var c []int
		for x := h; g.cyc[x] < 0; {
			g.cyc[x] = len(g.cycs)
			c = append(c, x)
			t := x ^ 1
			o := g.out[g.orig(t)]
			x = o[(g.pos[t]+len(o)-1)%len(o)]
		}
		g.cycs = append(g.cycs, c)
	}
}

func (g *refGraph) area(c []int) *big.Rat {
	s := new(big.Rat)
	for _, h := range c {
		a, b := g.pts[g.orig(h)], g.pts[g.dest(h)]
		s.Add(s, rcross(a.x, a.y, b.x, b.y))
	}
	return s.Mul(s, big.NewRat(1, 2))
}

// winding of the closed walk c around p (p not on it).
func (g *refGraph) winding(c []int, p rpt) int {
	w := 0
	for _, h := range c {
		a, b := g.pts[g.orig(h)], g.pts[g.dest(h)]
		o := rcross(rsub(b.x, a.x), rsub(b.y, a.y), rsub(p.x, a.x), rsub(p.y, a.y)).Sign()
		if a.y.Cmp(p.y) <= 0 && p.y.Cmp(b.y) < 0 && o > 0 {
			w++
		}
		if b.y.Cmp(p.y) <= 0 && p.y.Cmp(a.y) < 0 && o < 0 {
			w--
		}
	}
	return w
}

func refArrange(segs []Segment) refResult {
	type rseg struct{ a, b rpt }
	ss := make([]rseg, len(segs))
	for i, s := range segs {
		ss[i] = rseg{rpt{s.A.X(), s.A.Y()}, rpt{s.B.X(), s.B.Y()}}
	}
	// Points on each segment, by parameter t in [0, 1].
	type onSeg struct {
		t *big.Rat
		p rpt
	}
	on := make([][]onSeg, len(ss))
	at := func(s rseg, t *big.Rat) rpt {
		return rpt{radd(s.a.x, rmul(t, rsub(s.b.x, s.a.x))), radd(s.a.y, rmul(t, rsub(s.b.y, s.a.y)))}
	}
	for i, s := range ss {
		on[i] = append(on[i], onSeg{new(big.Rat), s.a}, onSeg{big.NewRat(1, 1), s.b})
	}
	zero, one := new(big.Rat), big.NewRat(1, 1)
	in01 := func(t *big.Rat) bool { return t.Cmp(zero) >= 0 && t.Cmp(one) <= 0 }
	for i := range ss {
		for j := i + 1; j < len(ss); j++ {
			s, t := ss[i], ss[j]
			dsx, dsy := rsub(s.b.x, s.a.x), rsub(s.b.y, s.a.y)
			dtx, dty := rsub(t.b.x, t.a.x), rsub(t.b.y, t.a.y)
			wx, wy := rsub(t.a.x, s.a.x), rsub(t.a.y, s.a.y)
			den := rcross(dsx, dsy, dtx, dty)
			if den.Sign() != 0 {
				u := new(big.Rat).Quo(rcross(wx, wy, dtx, dty), den)
				v := new(big.Rat).Quo(rcross(wx, wy, dsx, dsy), den)
				if in01(u) && in01(v) {
					on[i] = append(on[i], onSeg{u, at(s, u)})
					on[j] = append(on[j], onSeg{v, at(t, v)})
				}
				continue
			}
			if rcross(wx, wy, dsx, dsy).Sign() != 0 {
				continue // parallel
			}
			proj := func(s rseg, p rpt) *big.Rat {
				dx, dy := rsub(s.b.x, s.a.x), rsub(s.b.y, s.a.y)
				n := radd(rmul(rsub(p.x, s.a.x), dx), rmul(rsub(p.y, s.a.y), dy))
				return n.Quo(n, radd(rmul(dx, dx), rmul(dy, dy)))
			}
			for _, p := range []rpt{t.a, t.b} {
				if u := proj(s, p); in01(u) {
					on[i] = append(on[i], onSeg{u, p})
				}
			}
			for _, p := range []rpt{s.a, s.b} {
				if u := proj(t, p); in01(u) {
					on[j] = append(on[j], onSeg{u, p})
				}
			}
		}
	}
	g := &refGraph{}
	vid := map[string]int{}
	edges := map[[2]int]bool{}
	for i := range on {
		sort.Slice(on[i], func(a, b int) bool { return on[i][a].t.Cmp(on[i][b].t) < 0 })
		prev := -1
		for _, o := range on[i] {
			k := o.p.key()
			v, ok := vid[k]
			if !ok {
				v = len(g.pts)
				vid[k] = v
				g.pts = append(g.pts, o.p)
			}
			if prev >= 0 && prev != v {
				key := [2]int{min(prev, v), max(prev, v)}
				if !edges[key] {
					edges[key] = true
					g.ea = append(g.ea, prev)
					g.eb = append(g.eb, v)
				}
			}
			prev = v
		}
	}
	res := refResult{v: len(g.pts), e: len(g.ea)}
	// components
	par := make([]int, len(g.pts))
	for i := range par {
		par[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		if par[x] != x {
			par[x] = find(par[x])
		}
		return par[x]
	}
	for e := range g.ea {
		par[find(g.ea[e])] = find(g.eb[e])
	}
	for i := range par {
		if find(i) == i {
			res.c++
		}
	}
	g.build()
	// Faces: cycles of positive area. Locate every other cycle by the
	// smallest positive cycle of another component whose walk winds around
	// one of its vertices.
	nc := len(g.cycs)
	areas := make([]*big.Rat, nc)
	for c := range g.cycs {
		areas[c] = g.area(g.cycs[c])
	}
	face := make([]int, nc) // cycle → face (index of positive cycle), −1 unbounded
	for c := range g.cycs {
		if areas[c].Sign() > 0 {
			face[c] = c
			continue
		}
		p := g.orig(g.cycs[c][0])
		face[c] = -1
		for d := range g.cycs {
			if areas[d].Sign() > 0 && find(g.orig(g.cycs[d][0])) != find(p) && g.winding(g.cycs[d], g.pts[p]) != 0 {
				if face[c] < 0 || areas[d].Cmp(areas[face[c]]) < 0 {
					face[c] = d
				}
			}
		}
	}
	res.enclosed = new(big.Rat)
	for c := range g.cycs {
		if areas[c].Sign() <= 0 && face[c] < 0 {
			res.enclosed.Sub(res.enclosed, areas[c])
		}
	}
	// Reduced graph: only edges with different faces on their two sides.
	r := &refGraph{pts: g.pts}
	var rface []int // face on the left of reduced half-edge 2e
	for e := range g.ea {
		f0, f1 := face[g.cyc[2*e]], face[g.cyc[2*e+1]]
		if f0 != f1 {
			r.ea = append(r.ea, g.ea[e])
			r.eb = append(r.eb, g.eb[e])
			rface = append(rface, f0, f1)
		}
	}
	r.build()
	outer := map[int]int{}
	holes := map[int][]int{}
	for c, cy := range r.cycs {
		f := rface[cy[0]]
		if f < 0 {
			continue
		}
		if r.area(cy).Sign() > 0 {
			if _, dup := outer[f]; dup {
				panic("ref: two outer loops")
			}
			outer[f] = c
		} else {
			holes[f] = append(holes[f], c)
		}
	}
	corners := func(cy []int) []string {
		var out []string
		for i, h := range cy {
			nx := cy[(i+1)%len(cy)]
			ax, ay := r.dir(h)
			bx, by := r.dir(nx)
			if rcross(ax, ay, bx, by).Sign() != 0 || radd(rmul(ax, bx), rmul(ay, by)).Sign() < 0 {
				out = append(out, r.pts[r.orig(nx)].key())
			}
		}
		return out
	}
	for c := range g.cycs {
		if areas[c].Sign() <= 0 {
			continue
		}
		oc, ok := outer[c]
		if !ok {
			panic("ref: face without outer loop")
		}
		rf := refFace{outer: corners(r.cycs[oc]), area: r.area(r.cycs[oc])}
		rf.sides = len(rf.outer)
		for _, hc := range holes[c] {
			rf.holes++
			rf.area.Add(rf.area, r.area(r.cycs[hc]))
			rf.holeRings = append(rf.holeRings, corners(r.cycs[hc]))
		}
		res.faces = append(res.faces, rf)
	}
	return res
}

// canonRing rotates a cyclic list of point keys to start at its smallest key.
func canonRing(r []string) string {
	if len(r) == 0 {
		return ""
	}
	best := ""
	for i := range r {
		s := strings.Join(append(append([]string(nil), r[i:]...), r[:i]...), " ")
		if i == 0 || s < best {
			best = s
		}
	}
	return best
}

func refFaceKey(f refFace) string {
	var hs []string
	for _, h := range f.holeRings {
		hs = append(hs, "["+canonRing(h)+"]")
	}
	slices.Sort(hs)
	return fmt.Sprintf("%d sides, %d holes, area %s, outer [%s], holes %s", f.sides, f.holes, f.area.RatString(), canonRing(f.outer), strings.Join(hs, ""))
}

func pointKeys(ps []Point) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = rpt{p.X(), p.Y()}.key()
	}
	return out
}

// summary describes an arrangement in the same terms as refResult.
func summary(a *Arrangement) refResult {
	res := refResult{v: a.Vertices(), e: a.Edges(), c: a.Components(), enclosed: new(big.Rat)}
	for _, f := range a.Faces() {
		rf := refFace{sides: f.Sides, holes: f.Holes, area: f.Area(), outer: pointKeys(f.Outer)}
		for _, h := range f.HoleRings {
			rf.holeRings = append(rf.holeRings, pointKeys(h))
		}
		res.enclosed.Add(res.enclosed, rf.area)
		res.faces = append(res.faces, rf)
	}
	return res
}

// diffResults returns "" when the two results describe the same arrangement.
func diffResults(got, want refResult) string {
	if got.v != want.v || got.e != want.e || got.c != want.c {
		return fmt.Sprintf("V, E, C = %d, %d, %d, want %d, %d, %d", got.v, got.e, got.c, want.v, want.e, want.c)
	}
	if got.enclosed.Cmp(want.enclosed) != 0 {
		return fmt.Sprintf("enclosed area %s, want %s", got.enclosed.RatString(), want.enclosed.RatString())
	}
	keys := func(r refResult) []string {
		var k []string
		for _, f := range r.faces {
			k = append(k, refFaceKey(f))
		}
		slices.Sort(k)
		return k
	}
	g, w := keys(got), keys(want)
	if !slices.Equal(g, w) {
		return fmt.Sprintf("faces:\n got  %q\n want %q", g, w)
	}
	return ""
}
