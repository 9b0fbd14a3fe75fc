// Package testenv adapts tests to how they are run: time bounds stretch
// under the race detector, which slows code 2 to 20 times.
package testenv

import "time"

// Bound returns the time bound d for a test, stretched under -race.
func Bound(d time.Duration) time.Duration {
	if raceEnabled {
		return 20 * d
	}
	return d
}

// Race reports whether the race detector is on: tests of throughput that
// would take minutes under it skip.
func Race() bool { return raceEnabled }
