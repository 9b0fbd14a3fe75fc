package puzzle

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"papergames/analysis"
)

func TestDbg(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	c := map[string]int{}
	for range 3000 {
		p := randomShortest(rng, 3+rng.IntN(2))
		def, _ := analysis.Deficit(p.rats())
		if def != 6 {
			continue
		}
		moves, ending, _ := p.firstMoves()
		if ending == 0 {
			c["full"]++
			continue
		}
		mean := p.randomMean(rng, 40)
		c[fmt.Sprintf("share %.1f mean>=7.2 %v", float64(ending)/float64(moves), mean >= 7.2)]++
	}
	fmt.Println(c)
}
