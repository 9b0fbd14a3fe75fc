package analysis

import "testing"

// The fast counter agrees with PermScorer (polygons.Counter, the engine's
// counter) on every permutation up to n = 8 and on random ones to n = 16.
func TestGridCounterAgrees(t *testing.T) {
	var g GridCounter
	var s PermScorer
	check := func(perm []int) {
		tri, big, ok := g.Count(perm)
		t2, b2, _ := s.Score(perm)
		if !ok || tri != t2 || big != b2 {
			t.Fatalf("%v: fast %d triangles %d others (ok %v), PermScorer %d %d", perm, tri, big, ok, t2, b2)
		}
	}
	for n := 3; n <= 8; n++ {
		perm := make([]int, n)
		for i := range perm {
			perm[i] = i
		}
		for {
			check(perm)
			if !nextPerm(perm) {
				break
			}
		}
	}
	rng := Rand(7, 7)
	for n := 9; n <= 16; n++ {
		for range 3000 {
			check(rng.Perm(n))
		}
	}
}

func BenchmarkGridCounter12(b *testing.B) {
	var g GridCounter
	perm := Rand(1, 1).Perm(12)
	b.ReportAllocs()
	for b.Loop() {
		g.Count(perm)
	}
}

func BenchmarkPermScorer12(b *testing.B) {
	var s PermScorer
	perm := Rand(1, 1).Perm(12)
	b.ReportAllocs()
	for b.Loop() {
		s.Score(perm)
	}
}

// Counting one permutation per orbit of the square's symmetries, with its
// orbit's size as weight, gives the tally of every permutation counted
// one by one, for n = 3 to 8.
func TestBiasOrbitsAgreeWithAll(t *testing.T) {
	q, _ := Find("permutation-grid", "bias")
	job, err := q.New(Params{"exact": "8", "max": "8", "samples": "0"})
	if err != nil {
		t.Fatal(err)
	}
	units, err := Compute(job, 1, All, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]*Tally{}
	for _, u := range units {
		x := u.(*Tally)
		if got[x.N] == nil {
			got[x.N] = &Tally{N: x.N}
		}
		got[x.N].add(x)
	}
	var s PermScorer
	for n := 3; n <= 8; n++ {
		want := Tally{N: n}
		perm := make([]int, n)
		for i := range perm {
			perm[i] = i
		}
		for {
			tri, big, _ := s.Score(perm)
			want.Perms++
			want.Tri += int64(tri)
			want.Big += int64(big)
			want.DiffSq += int64((tri - big) * (tri - big))
			switch {
			case tri > big:
				want.Wins1++
			case big > tri:
				want.Wins2++
			default:
				want.Ties++
			}
			if !nextPerm(perm) {
				break
			}
		}
		g := *got[n]
		if g.Perms != want.Perms || g.Tri != want.Tri || g.Big != want.Big || g.DiffSq != want.DiffSq || g.Wins1 != want.Wins1 || g.Wins2 != want.Wins2 || g.Ties != want.Ties {
			t.Errorf("n = %d: orbits %+v, every permutation %+v", n, g, want)
		}
		if g.Orbits*8 < want.Perms || g.Orbits > want.Perms {
			t.Errorf("n = %d: %d orbits for %d permutations", n, g.Orbits, want.Perms)
		}
	}
}

// Shards of the exact enumeration merge to the single run's answer, and
// the merge's check that the orbits weigh n! holds.
func TestBiasShardsMerge(t *testing.T) {
	q, _ := Find("permutation-grid", "bias")
	p := Params{"exact": "8", "max": "8", "samples": "0"}
	one, err := Run(q, p, 1, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Partial
	for k := 1; k <= 3; k++ {
		part, err := RunShard(q, p, 1, Shard{k, 3}, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
	}
	merged, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Text() != one.Text() {
		t.Fatalf("merged:\n%s\none run:\n%s", merged.Text(), one.Text())
	}
	if _, err := Merge(parts[:2]); err == nil {
		t.Fatal("a shard missing: no error")
	}
}

// Every permutation of n = 11, one per orbit: the documented exact row.
func BenchmarkBiasExact11(b *testing.B) {
	q, _ := Find("permutation-grid", "bias")
	p := Params{"exact": "11", "max": "11", "samples": "0"}
	for b.Loop() {
		if _, err := Run(q, p, 1, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}
