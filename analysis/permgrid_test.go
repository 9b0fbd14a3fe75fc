package analysis

import (
	"testing"

	"papergames/games/permgrid"
)

// The direct scorer agrees with the game's engine (which places the dots
// one by one and scores the finished round) on every permutation of n <= 6.
func TestPermScorerAgreesWithEngine(t *testing.T) {
	var s PermScorer
	for n := 3; n <= 6; n++ {
		perm := make([]int, n)
		for i := range perm {
			perm[i] = i
		}
		for {
			st, err := permgrid.New(n, []string{"a", "b"}, 0)
			if err != nil {
				t.Fatal(err)
			}
			for row, col := range perm {
				if err := st.Play(permgrid.Move{Col: col, Row: row}); err != nil {
					t.Fatal(err)
				}
			}
			tri, big, _ := s.Score(perm)
			if sc := st.Scores(); sc[0] != tri || sc[1] != big {
				t.Fatalf("%v: engine %v, scorer %d triangles %d others", perm, sc, tri, big)
			}
			if !nextPerm(perm) {
				break
			}
		}
	}
}

// By hand: n = 3. The six permutations: the identity and its reverse
// draw one line each way (no face); the other four draw one triangle each
// (e.g. 0 2 1: the row path A1-C2-B3 and the column path A1-B3-C2 make the
// triangle A1 C2 B3).
func TestBiasThree(t *testing.T) {
	q, _ := Find("permutation-grid", "bias")
	job, err := q.New(Params{"exact": "3", "max": "3", "samples": "0"})
	if err != nil {
		t.Fatal(err)
	}
	units, err := Compute(job, 1, All, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var tot Tally
	for _, u := range units {
		tot.add(u.(*Tally))
	}
	if tot.Perms != 6 || tot.Tri != 4 || tot.Big != 0 || tot.Wins1 != 4 || tot.Ties != 2 {
		t.Fatalf("%+v", tot)
	}
}

func BenchmarkPermScorer10(b *testing.B) {
	var s PermScorer
	rng := Rand(1, 1)
	perm := rng.Perm(10)
	for b.Loop() {
		s.Score(perm)
	}
}

// Rollout play is deterministic whatever the number of workers.
func TestStrategyWorkers(t *testing.T) {
	q, _ := Find("permutation-grid", "strategy")
	p := Params{"sizes": "4,5", "games": "3", "rollouts": "2"}
	a, err := Run(q, p, 3, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(q, p, 3, 4, nil)
	if a.Text() != b.Text() {
		t.Fatalf("1 worker:\n%s\n4 workers:\n%s", a.Text(), b.Text())
	}
}
