package oracle

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/sparql-oracle/oracle/internal/results"
)

// Outcome is one engine's result for one case.
type Outcome struct {
	Engine  string
	Version string
	Answer  *results.Answer // nil when Err is set
	Err     error           // classified with the Err* sentinels where known
	Elapsed time.Duration
}

// Run evaluates c on every engine concurrently, each under its own deadline,
// and returns the outcomes in the order of engines. A panic inside an engine
// is contained and reported as ErrCrashed.
func Run(ctx context.Context, c *Case, engines []Engine, deadline time.Duration) []Outcome {
	out := make([]Outcome, len(engines))
	c.Prepare() // one tree for every engine that reads it (parsed.go)
	needs12 := c.Needs12()
	slots := Slots(c)
	var wg sync.WaitGroup
	for i, e := range engines {
		if err := notGiven(c, e, needs12); err != nil {
			out[i] = Outcome{Engine: e.Name(), Version: e.Version(), Err: err}
			continue
		}
		wg.Add(1)
		go func(i int, e Engine) {
			defer wg.Done()
			release, err := slots.Take(ctx)
			if err != nil {
				out[i] = Outcome{Engine: e.Name(), Version: e.Version(), Err: err}
				return
			}
			defer release()
			out[i] = runOne(ctx, c, e, deadline) // the deadline starts once the engine has its slot
		}(i, e)
	}
	wg.Wait()
	return out
}

// notGiven says why Run does not give c to e (ErrUnsupported), or nil.
func notGiven(c *Case, e Engine, needs12 bool) error {
	if needs12 && !Supports12(e) {
		return unsupported12(e)
	}
	return OverCapacity(c, e.Name())
}

// Given counts the engines Run gives c (the others are unsupported at
// once): what takes turns on a large case (Span).
func Given(c *Case, engines []Engine) int {
	c.Prepare()
	needs12, n := c.Needs12(), 0
	for _, e := range engines {
		if notGiven(c, e, needs12) == nil {
			n++
		}
	}
	return n
}

// OverCapacity is ErrUnsupported when c holds more quads than the engine
// called name is known to load and query within its deadline (its
// Descriptor.Capacity): Run does not give it the case, so the engine
// spends no slot on a load it cannot finish, and the case counts it as
// skipped, not as timed out. nil when it fits or no capacity is known.
func OverCapacity(c *Case, name string) error {
	d, _ := Describe(name)
	if d.Capacity <= 0 || c == nil || c.Dataset == nil {
		return nil
	}
	n := c.Dataset.Len()
	if n <= d.Capacity {
		return nil
	}
	return fmt.Errorf("%w: %s is not given cases over %d quads (%d here): it cannot load them within its default deadline on two cores (%s)",
		ErrUnsupported, name, d.Capacity, n, capacityWhy(d.Note))
}

// capacityWhy is the sentence of a descriptor's note that names its
// capacity (the measurement behind it), or a pointer to the descriptor.
func capacityWhy(note string) string {
	for _, s := range strings.SplitAfter(note, ". ") {
		if strings.Contains(strings.ToLower(s), "capacity") {
			return strings.TrimSuffix(strings.TrimSpace(s), ".")
		}
	}
	return "its descriptor's capacity"
}

// LargeQuads is the dataset size from which the engines of a case take
// turns (Slots): every external engine loads the whole dataset for its
// query, and at 100k quads fifteen loading at once on two cores each
// took longer than its deadline, so every one timed out.
const LargeQuads = 20_000

// Gate bounds how many engines evaluate a case at once; a nil Gate does
// not bound them.
type Gate chan struct{}

// Slots is the Gate for c: none below LargeQuads quads (small cases run
// every engine at once, which the service's throughput needs), one slot
// per core (GOMAXPROCS) from there.
func Slots(c *Case) Gate {
	if c == nil || c.Dataset == nil || c.Dataset.Len() < LargeQuads {
		return nil
	}
	return make(Gate, runtime.GOMAXPROCS(0))
}

// Span is how long a case of n engines that each get deadline from their
// turn (Run) may take: one deadline when they run at once, one per turn
// when they take turns (Slots). A case cut at one deadline gave the engines
// past the first turns no turn at all.
func Span(c *Case, n int, deadline time.Duration) time.Duration {
	g := Slots(c)
	if g == nil || n <= cap(g) {
		return deadline
	}
	return deadline * time.Duration((n+cap(g)-1)/cap(g))
}

// Take waits for a slot (at once on a nil Gate) and returns its release;
// the error is ErrTimeout when ctx ended first.
func (g Gate) Take(ctx context.Context) (release func(), err error) {
	if g == nil {
		return func() {}, nil
	}
	select {
	case g <- struct{}{}:
		return func() { <-g }, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: no turn before the case ended (%d engines at a time on %d quads or more)", ErrTimeout, cap(g), LargeQuads)
	}
}

func runOne(ctx context.Context, c *Case, e Engine, deadline time.Duration) (o Outcome) {
	o = Outcome{Engine: e.Name(), Version: e.Version()}
	if deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, deadline)
		defer cancel()
	}
	start := time.Now()
	defer func() {
		o.Elapsed = time.Since(start)
		if r := recover(); r != nil {
			o.Answer, o.Err = nil, fmt.Errorf("%w: panic: %v", ErrCrashed, r)
		}
	}()
	if o.Err = c.ForEval(); o.Err != nil { // an update case is the caller's mistake: no engine runs it
		return o
	}
	o.Answer, o.Err = e.Eval(ctx, c)
	if o.Err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) && !errors.Is(o.Err, ErrTimeout) {
		o.Err = fmt.Errorf("%w: %v", ErrTimeout, o.Err)
	}
	return o
}

// Classify names the kind of an engine error: "timeout", "unavailable",
// "crashed", "unsupported", "rejected", "budget", "resource", "error" (any other
// failure).
func Classify(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrTimeout):
		return "timeout"
	case errors.Is(err, ErrUnavailable):
		return "unavailable"
	case errors.Is(err, ErrResource): // before crashed: a limit's kill is no crash
		return "resource"
	case errors.Is(err, ErrCrashed):
		return "crashed"
	case errors.Is(err, ErrUnsupported):
		return "unsupported"
	case errors.Is(err, ErrRejected):
		return "rejected"
	case errors.Is(err, ErrBudget):
		return "budget"
	}
	return "error"
}
