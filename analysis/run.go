package analysis

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"papergames/input"
	"papergames/layout"
)

// Shard is part K (from 1) of N of a job's units: unit i belongs to shard
// i mod N + 1, so every shard gets a fair mix of small and large units.
type Shard struct{ K, N int }

// All is the whole job.
var All = Shard{1, 1}

func (s Shard) has(i int) bool { return i%s.N == s.K-1 }

// Partial is the result of some units of a job: what --shard writes and
// Merge reads.
type Partial struct {
	Format   string                  `json:"format"` // "papergames-analysis-partial-1"
	Game     string                  `json:"game"`
	Question string                  `json:"question"`
	Params   Params                  `json:"params"`
	Seed     uint64                  `json:"seed"`
	Shard    string                  `json:"shard"` // "K/N"
	Total    int                     `json:"units"` // the job's units
	Units    map[int]json.RawMessage `json:"results"`

	File string `json:"-"` // the file it was read from, for messages
}

const partialFormat = "papergames-analysis-partial-1"

// Progress reports finished units; a nil Progress reports nothing.
type Progress interface {
	Add(int) error
	Finish() error
}

// NewProgress returns a progress bar with the time left on w for total
// units when w is a terminal; otherwise (a log, a pipe, a job on a
// cluster) a plain line every ProgressEvery: the units done and the time
// so far.
func NewProgress(w io.Writer, total int, what string) Progress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) || total < 2 {
		return newLines(w, total, what, ProgressEvery)
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(what),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	)
}

// ProgressEvery is how often a run whose standard error is not a
// terminal says how far it is.
var ProgressEvery = 5 * time.Second

// lines is the progress of a run without a terminal: a line every so
// often, from its own goroutine, so that a unit that takes minutes still
// shows the run is alive.
type lines struct {
	w     io.Writer
	total int
	what  string
	start time.Time
	done  chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	n     int
}

func newLines(w io.Writer, total int, what string, every time.Duration) *lines {
	l := &lines{w: w, total: total, what: what, start: time.Now(), done: make(chan struct{})}
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-l.done:
				return
			case <-t.C:
				l.mu.Lock()
				n := l.n
				l.mu.Unlock()
				fmt.Fprintln(l.w, l.line(n, time.Since(l.start)))
			}
		}
	}()
	return l
}

// line is "what: 3 of 40 units (7%), 20s, about 4m27s left" after el.
func (l *lines) line(n int, el time.Duration) string {
	left := ""
	if n > 0 && n < l.total {
		left = ", about " + (time.Duration(float64(el) * float64(l.total-n) / float64(n))).Round(time.Second).String() + " left"
	}
	return fmt.Sprintf("%s: %d of %d units (%d%%), %s%s", l.what, n, l.total, 100*n/max(1, l.total), el.Round(time.Second), left)
}

func (l *lines) Add(k int) error {
	l.mu.Lock()
	l.n += k
	l.mu.Unlock()
	return nil
}

func (l *lines) Finish() error {
	select {
	case <-l.done:
	default:
		close(l.done)
	}
	l.wg.Wait()
	return nil
}

// Compute runs the units of job in shard on workers goroutines (0: one
// per core) and returns their results by unit number (nil for the units
// of other shards). The results do not depend on workers.
func Compute(job Job, seed uint64, shard Shard, workers int, prog Progress) ([]any, error) {
	n := job.Units()
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	var todo []int
	for i := range n {
		if shard.has(i) {
			todo = append(todo, i)
		}
	}
	out := make([]any, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range min(workers, max(len(todo), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = job.Unit(i, seed)
				if prog != nil {
					mu.Lock()
					prog.Add(1)
					mu.Unlock()
				}
			}
		}()
	}
	for _, i := range todo {
		next <- i
	}
	close(next)
	wg.Wait()
	if prog != nil {
		prog.Finish()
	}
	for _, i := range todo {
		if errs[i] != nil {
			return nil, fmt.Errorf("unit %d: %w", i, errs[i])
		}
	}
	return out, nil
}

// Run answers q with params and seed: the whole job on workers.
func Run(q Question, p Params, seed uint64, workers int, prog func(total int) Progress) (*Result, error) {
	job, err := newJob(q, p, "")
	if err != nil {
		return nil, err
	}
	var pr Progress
	if prog != nil {
		pr = prog(job.Units())
	}
	units, err := Compute(job, seed, All, workers, pr)
	if err != nil {
		return nil, err
	}
	return report(q, job, p, seed, units)
}

func report(q Question, job Job, p Params, seed uint64, units []any) (*Result, error) {
	r, err := job.Report(units)
	if err != nil {
		return nil, err
	}
	r.Game, r.Question, r.Params, r.Seed = q.Game, q.Name, p, seed
	return r, nil
}

// RunShard computes one shard of q and returns its partial result.
func RunShard(q Question, p Params, seed uint64, shard Shard, workers int, prog func(total int) Progress) (*Partial, error) {
	job, err := newJob(q, p, "")
	if err != nil {
		return nil, err
	}
	n := job.Units()
	cnt := 0
	for i := range n {
		if shard.has(i) {
			cnt++
		}
	}
	var pr Progress
	if prog != nil {
		pr = prog(cnt)
	}
	units, err := Compute(job, seed, shard, workers, pr)
	if err != nil {
		return nil, err
	}
	part := &Partial{Format: partialFormat, Game: q.Game, Question: q.Name, Params: p, Seed: seed,
		Shard: fmt.Sprintf("%d/%d", shard.K, shard.N), Total: n, Units: map[int]json.RawMessage{}}
	for i, u := range units {
		if !shard.has(i) {
			continue
		}
		b, err := json.Marshal(u)
		if err != nil {
			return nil, fmt.Errorf("unit %d: %v", i, err)
		}
		part.Units[i] = b
	}
	return part, nil
}

// Merge combines partial results of one job, which together must hold
// every unit exactly once, into the answer one run gives. Every field of
// a shard is checked against the question's own flags and the units its
// label gives it, and a refusal names the shard's file.
func Merge(parts []*Partial) (*Result, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	p0 := parts[0]
	name := func(p *Partial) string {
		if p.File != "" {
			return p.File
		}
		return "shard " + p.Shard
	}
	q, ok := Find(p0.Game, p0.Question)
	if !ok {
		return nil, fmt.Errorf("%s: partial result of an unknown question %s %s", name(p0), p0.Game, p0.Question)
	}
	shards := make([]Shard, len(parts))
	byK := map[int]string{}
	for k, p := range parts {
		if p.Game != p0.Game || p.Question != p0.Question || p.Seed != p0.Seed || p.Total != p0.Total || !sameParams(p.Params, p0.Params) {
			return nil, fmt.Errorf("%s: shard %s is of another run than %s's shard %s (question, parameters or seed differ)", name(p), p.Shard, name(p0), p0.Shard)
		}
		sh, err := ParseShard(p.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: shard %q: write K/N with 1 <= K <= N", name(p), p.Shard)
		}
		if sh.N != 0 && k > 0 && sh.N != shards[0].N {
			return nil, fmt.Errorf("%s: shard %s is one of %d, %s's shard %s one of %d: merge the shards of one run", name(p), p.Shard, sh.N, name(p0), p0.Shard, shards[0].N)
		}
		if prev, ok := byK[sh.K]; ok {
			return nil, fmt.Errorf("%s: shard %s is also %s", name(p), p.Shard, prev)
		}
		byK[sh.K] = name(p)
		shards[k] = sh
	}
	job, err := newJob(q, p0.Params, name(p0))
	if err != nil {
		return nil, err
	}
	if job.Units() != p0.Total {
		return nil, fmt.Errorf("%s: the partial results have %d units, this version of papergames makes %d", name(p0), p0.Total, job.Units())
	}
	check, _ := job.(unitChecker)
	units := make([]any, p0.Total)
	from := make([]string, p0.Total)
	for k, p := range parts {
		for i, raw := range p.Units {
			if i < 0 || i >= p0.Total {
				return nil, fmt.Errorf("%s: unit %d out of range (the run has units 0 to %d)", name(p), i, p0.Total-1)
			}
			if !shards[k].has(i) {
				return nil, fmt.Errorf("%s: unit %d is not one of shard %s's", name(p), i, p.Shard)
			}
			if units[i] != nil {
				return nil, fmt.Errorf("unit %d is in shards %s and %s", i, from[i], name(p))
			}
			u := job.NewUnit()
			where := fmt.Sprintf("%s, unit %d", name(p), i)
			if err := input.DecodeJSON(where, raw, u); err != nil {
				return nil, err
			}
			if err := requireFields(where, raw, u); err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if check != nil {
				if err := check.checkUnit(i, u); err != nil {
					return nil, fmt.Errorf("%s: %v", where, err)
				}
			}
			units[i], from[i] = u, name(p)
		}
	}
	var missing []int
	for i, u := range units {
		if u == nil {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%d of %d units are missing (first: unit %d): merge every shard", len(missing), p0.Total, missing[0])
	}
	return report(q, job, p0.Params, p0.Seed, units)
}

func sameParams(a, b Params) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// ReadPartial reads a partial result file.
func ReadPartial(name string) (*Partial, error) {
	b, err := input.ReadFile(name, nil)
	if err != nil {
		return nil, err
	}
	p := Partial{File: name}
	if err := input.DecodeJSON(name, b, &p); err != nil {
		return nil, fmt.Errorf("not a partial result: %v", err)
	}
	if p.Format != partialFormat {
		return nil, fmt.Errorf("%s: not a partial result of papergames analyze (format %q)", name, p.Format)
	}
	return &p, nil
}

// writeFile writes b to name whole or not at all, as every file
// papergames writes (layout.WriteFiles: a temporary file renamed over it,
// the old file's mode kept, a link followed).
func writeFile(name string, b []byte) error {
	if name == "-" {
		return fmt.Errorf("write to a file, not standard output")
	}
	return layout.WriteFiles([]string{name}, [][]byte{b})
}

// Rand is the random source of unit i of a run with seed: PCG seeded by
// both, so units are independent of each other and of the workers.
func Rand(seed, unit uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, unit*0x9e3779b97f4a7c15+1))
}
