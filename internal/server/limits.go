package server

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"
)

// Limits bound what one request may ask of the service. Zero fields take
// the defaults of DefaultLimits.
type Limits struct {
	MaxBody       int64         // bytes of a request body
	MaxQuery      int           // bytes of query text
	MaxDataset    int           // bytes of RDF text in a dataset catalogue
	MaxQuads      int           // quads in a dataset
	MaxDepth      int           // nesting of JSON arrays and objects in a body
	Deadline      time.Duration // per engine and query
	MaxConcurrent int           // evaluations at once (POST /v1/diff)
	QueueWait     time.Duration // how long a request waits for an evaluation slot
	ReduceCalls   int           // oracle calls per reduction (?reduce=true)
	ReduceTime    time.Duration // wall time per reduction
	// Grace is how long past its deadline (budget) an evaluation may hold
	// its slot: then the slot is released and the request answered 503.
	Grace time.Duration
}

// DefaultLimits are the limits of a plain `oracle serve`.
func DefaultLimits() Limits {
	return Limits{
		MaxBody: 8 << 20, MaxQuery: 64 << 10, MaxDataset: 4 << 20, MaxQuads: 100_000, MaxDepth: 32,
		Deadline: 10 * time.Second, MaxConcurrent: max(2, runtime.GOMAXPROCS(0)), QueueWait: 2 * time.Second,
		ReduceCalls: 200, ReduceTime: 20 * time.Second, Grace: 2 * time.Second,
	}
}

// withDefaults fills the zero fields of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	fill := func(v *int, dv int) {
		if *v <= 0 {
			*v = dv
		}
	}
	fillDur := func(v *time.Duration, dv time.Duration) {
		if *v <= 0 {
			*v = dv
		}
	}
	if l.MaxBody <= 0 {
		l.MaxBody = d.MaxBody
	}
	fill(&l.MaxQuery, d.MaxQuery)
	fill(&l.MaxDataset, d.MaxDataset)
	fill(&l.MaxQuads, d.MaxQuads)
	fill(&l.MaxDepth, d.MaxDepth)
	fill(&l.MaxConcurrent, d.MaxConcurrent)
	fill(&l.ReduceCalls, d.ReduceCalls)
	fillDur(&l.Deadline, d.Deadline)
	fillDur(&l.QueueWait, d.QueueWait)
	fillDur(&l.ReduceTime, d.ReduceTime)
	fillDur(&l.Grace, d.Grace)
	return l
}

// budget is the deadline of one evaluation: the case's deadline, which
// the dataset load, every engine and the metamorphic checks share, plus
// the reduction time when the request reduces.
func (l Limits) budget(reduce bool) time.Duration {
	if reduce {
		return l.Deadline + l.ReduceTime
	}
	return l.Deadline
}

// readBody reads at most max bytes of the request body; a longer body is
// a 413, never read to its end.
func readBody(r *http.Request, max int64) ([]byte, *APIError) {
	b, err := io.ReadAll(io.LimitReader(r.Body, max+1))
	if err != nil {
		return nil, badRequest("unreadable body", err.Error())
	}
	if int64(len(b)) > max {
		return nil, &APIError{Status: http.StatusRequestEntityTooLarge, Error: "body too large",
			Detail: fmt.Sprintf("the body exceeds the limit of %d bytes", max)}
	}
	return b, nil
}

// jsonDepth returns the deepest nesting of arrays and objects in b,
// scanning bytes so a hostile body never reaches the decoder's recursion.
func jsonDepth(b []byte) (depth, offset int) {
	cur, inString, escaped := 0, false, false
	for i, c := range b {
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case inString && c == '"':
			inString = false
		case inString:
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if cur++; cur > depth {
				depth, offset = cur, i
			}
		case c == ']' || c == '}':
			cur--
		}
	}
	return depth, offset
}

// gate is the evaluation semaphore. A request waits at most wait for a
// slot; then it is told to come back (429 with Retry-After) rather than
// queueing without bound. While draining (shutdown) every request gets 503.
type gate struct {
	slots    chan struct{}
	wait     time.Duration
	waiting  atomic.Int64
	draining atomic.Bool
}

func newGate(n int, wait time.Duration) *gate {
	return &gate{slots: make(chan struct{}, n), wait: wait}
}

// acquire takes a slot; the caller must call release when acquire
// returned nil.
func (g *gate) acquire(ctx context.Context) *APIError {
	if g.draining.Load() {
		return unavailable(http.StatusServiceUnavailable, "shutting down", "the server is draining; retry on another instance")
	}
	g.waiting.Add(1)
	defer g.waiting.Add(-1)
	t := time.NewTimer(g.wait)
	defer t.Stop()
	select {
	case g.slots <- struct{}{}:
		return nil
	case <-t.C:
		return unavailable(http.StatusTooManyRequests, "too many evaluations",
			fmt.Sprintf("all %d evaluation slots stayed busy for %s", cap(g.slots), g.wait))
	case <-ctx.Done(): // the client left while waiting
		return unavailable(StatusClientClosed, "client closed request", ctx.Err().Error())
	}
}

func (g *gate) release() { <-g.slots }

// evaluate runs fn in its slot under a context cut at budget, and waits
// for it at most budget plus the grace: an evaluation that does not stop
// when told (an engine that ignores its context) is abandoned there, so a
// request never holds its slot longer. ok is false then; the abandoned run
// is counted (oracle_evaluation_overruns_total) and logged, and its answer
// dropped. A panic in fn is a 500, as a handler's would be.
func (s *Server) evaluate(ctx context.Context, budget time.Duration, fn func(context.Context) *outcome) (out *outcome, ok bool) {
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	done := make(chan *outcome, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- &outcome{err: &APIError{Status: http.StatusInternalServerError, Error: "internal error", Detail: fmt.Sprint(p)}}
			}
		}()
		done <- fn(ctx)
	}()
	t := time.NewTimer(budget + s.lim.Grace)
	defer t.Stop()
	select {
	case out = <-done:
		return out, true
	case <-t.C:
		s.metrics.overruns.Inc()
		s.log.Warn("evaluation overran its deadline; slot released", "id", requestID(ctx), "budget", budget, "grace", s.lim.Grace)
		return nil, false
	}
}

// inUse is the number of evaluations running.
func (g *gate) inUse() int { return len(g.slots) }

func unavailable(status int, what, detail string) *APIError {
	return &APIError{Status: status, Error: what, Detail: detail}
}

// retryAfter is the Retry-After header value (seconds) of a 429/503.
func retryAfter(e *APIError) string {
	if e.Status == http.StatusServiceUnavailable {
		return strconv.Itoa(5)
	}
	return strconv.Itoa(1)
}
