package geom

import (
	"fmt"
	"strconv"
)

// Limits bound the memory and time of one arrangement. Arrange refuses a
// drawing past them with a *LimitError, found before the memory is spent:
// the grid's work is counted before the grid is filled, and crossings are
// counted as they are found, the search stopping at the limit.
type Limits struct {
	// Crossings bounds the pairs of segments that meet: cross, touch or
	// overlap. Building the arrangement costs about 400 bytes for each.
	Crossings int64
	// Comparisons bounds the work of finding the pairs that meet: the
	// uniform grid proposes as candidates the segments that pass through
	// the same cell, which for long segments packed closer than a cell
	// approaches all pairs. It is the sum over the grid's cells of the
	// square of the number of segments through the cell.
	Comparisons int64
	// Stop, when set, is asked between the steps of the building: an
	// error it returns (a request's deadline passed) stops the work and is
	// returned.
	Stop func() error
}

// The limits of Arrange.
const (
	// MaxCrossings: 5 million pairs of segments that meet, about 0.7 GB of
	// memory (a grid of 2,236 by 2,236 lines: 1.6 s, 0.7 GB; 5,000 random
	// long segments, with 3 million crossings: 0.45 GB).
	MaxCrossings = 5_000_000
	// MaxComparisons: 5 billion, about 10 s on two cores (5,000 parallel
	// segments 10^6 long, 1 apart, come near it; 5,000 random long
	// segments take 16 million).
	MaxComparisons = 5_000_000_000
)

// DefaultLimits are the limits Arrange applies.
var DefaultLimits = Limits{Crossings: MaxCrossings, Comparisons: MaxComparisons}

// LimitError is Arrange's refusal of a drawing past one of its Limits.
type LimitError struct {
	Crossings bool  // the limit on crossings
	Scale     bool  // the limit on exact coordinates (MaxScaledBits); else the one on comparisons
	Limit     int64 // the limit passed
}

// MaxScaledBits bounds the size of exact coordinates: the number of
// segments times the bits of the common denominator of all coordinates
// (every coordinate is scaled by it). Each crossing then costs time that
// grows faster than those bits (big products): a Polygons-&-Dots round of
// 200 dots of distinct 4-digit denominators (520,000) whose path crosses
// itself at random takes 1.2 s; 7-digit ones (930,000) took 4 s, 15-digit
// ones (2 million) 17 s and 100-digit ones (13 million, under the old
// bound of 32 million) 7 minutes. Scale counts it before anything else.
const MaxScaledBits = 600_000

func (e *LimitError) Error() string {
	if e.Scale {
		return fmt.Sprintf("the coordinates' fractions have too many different denominators to compute with exactly in reasonable time: the segments times the bits of their common denominator pass %s; write the coordinates with fewer or smaller denominators", thousands(e.Limit))
	}
	if e.Crossings {
		return fmt.Sprintf("more than %s pairs of segments cross or touch; the limit is %s (they take about %s of memory)",
			thousands(e.Limit), thousands(e.Limit), bytesOf(e.Limit*crossingBytes))
	}
	return fmt.Sprintf("the segments are too long and too close together to compare in reasonable time: more than %s comparisons; the limit is %s",
		thousands(e.Limit), thousands(e.Limit))
}

// crossingBytes is about what one crossing costs while an arrangement is
// built (measured: 20,000 random long segments, 46.9 million crossings,
// 6.4 GB at the peak).
const crossingBytes = 150

func thousands(n int64) string { // n ≥ 0
	s := strconv.FormatInt(n, 10)
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

func bytesOf(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.0f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", (n+1023)/1024)
}
