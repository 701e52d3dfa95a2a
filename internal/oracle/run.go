package oracle

import (
	"context"
	"errors"
	"fmt"
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
	var wg sync.WaitGroup
	for i, e := range engines {
		if needs12 && !Supports12(e) {
			out[i] = Outcome{Engine: e.Name(), Version: e.Version(), Err: unsupported12(e)}
			continue
		}
		wg.Add(1)
		go func(i int, e Engine) {
			defer wg.Done()
			out[i] = runOne(ctx, c, e, deadline)
		}(i, e)
	}
	wg.Wait()
	return out
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
