package sidecar

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// exchange runs one request on a pooled process. When ctx ends first the
// process is killed (a slow query never blocks the next case) and the error
// is ErrTimeout; when the process dies it is ErrCrashed. Either way the next
// case gets a fresh process.
//
// The case's deadline bounds the request itself (loading the dataset and
// evaluating), not the wait for a free process nor a new process's start
// (a JVM's, under load): counting those made one timeout kill a process,
// the next case pay the start inside its deadline and time out in turn, a
// cascade the hunt saw as thousands of spurious timeouts. The wait is
// bounded apart (waitBound); a cancelled ctx still stops it.
func (e *Engine) exchange(ctx context.Context, req *Request) (*Response, error) {
	budget, hasDeadline := budgetOf(ctx)
	resp, retry, err := e.attempt(ctx, req, budget, hasDeadline)
	if retry {
		// The process died before this case could have caused it (see
		// attempt), or was killed from outside (killedOutside): not the
		// case's fault, so it runs once more on a fresh one. A second such
		// death answers as it is (ErrUnavailable for an outside kill).
		resp, retry, err = e.attempt(ctx, req, budget, hasDeadline)
		if retry && oracle.Classify(err) == "error" {
			err = fmt.Errorf("%w: %s: the process died twice before it read the case: %v", oracle.ErrUnavailable, e.cfg.Name, err)
		}
	}
	return resp, err
}

// attempt runs req once; retry is true when the process was dead before
// the request reached it (diedBeforeRequest: an idle process killed from
// outside, the kill landing between the liveness check and the request).
func (e *Engine) attempt(ctx context.Context, req *Request, budget time.Duration, hasDeadline bool) (*Response, bool, error) {
	wait := 24 * time.Hour // no deadline: as long as the caller waits
	if hasDeadline {
		wait = waitBound(budget, e.cfg.StartTimeout)
	}
	wctx, stopWait := detach(ctx, wait)
	p, err := e.acquire(wctx)
	stopWait()
	if err != nil {
		return nil, false, err
	}
	if hasDeadline {
		var stop context.CancelFunc
		ctx, stop = detach(ctx, budget)
		defer stop()
	}
	req.ID = e.seq.Add(1)
	type result struct {
		resp *Response
		err  error
	}
	ch := make(chan result, 1)
	p.sent = time.Now()
	go func() {
		r, err := p.roundTrip(req)
		ch <- result{r, err}
	}()
	over := e.watchCPU(p, req)
	defer over.stop()
	mem := e.watchMemory(p, req)
	defer mem.stop()
	select {
	case <-ctx.Done():
		e.discard(p)
		<-ch
		return nil, false, fmt.Errorf("%w: %s: %v (process killed)", oracle.ErrTimeout, e.cfg.Name, ctx.Err())
	case <-over.c:
		e.discard(p)
		<-ch
		return nil, false, fmt.Errorf("%w: %s: CPU time past its limit of %s per case (process killed)", oracle.ErrResource, e.cfg.Name, e.cfg.Limits.CPU)
	case <-mem.c:
		e.discard(p)
		<-ch
		return nil, false, e.overShare(p)
	case r := <-ch:
		if r.err != nil {
			return e.failed(p, r.err)
		}
		e.afterCase(p, r.resp) // back to the pool, or restarted (pool_budget.go)
		return r.resp, false, nil
	}
}

// failed classifies a process that broke off a request: dead before it
// (retry), stopped by a limit (ErrResource), killed from outside
// (ErrUnavailable, retry), or crashed (ErrCrashed).
func (e *Engine) failed(p *process, err error) (*Response, bool, error) {
	broke := time.Now()
	select { // a dying process closes its pipes a moment before it is reaped
	case <-p.done:
	case <-time.After(2 * time.Second):
	}
	if errors.Is(err, errNotSent) || p.diedBeforeRequest(broke) {
		e.discard(p)
		return nil, true, err
	}
	e.discard(p)
	if lerr := p.limits(e.cfg.Limits).Exceeded(p.cmd.ProcessState, p.stderr.oomReport()); lerr != nil {
		return nil, false, fmt.Errorf("%s: %w", e.cfg.Name, lerr)
	}
	if p.killedOutside() {
		return nil, true, fmt.Errorf("%w: %s: the process was killed from outside (SIGKILL the oracle did not send: the kernel's OOM killer or an operator), not by the case", oracle.ErrUnavailable, e.cfg.Name)
	}
	return nil, false, e.crashed(p, err)
}

// budgetOf is the time left before ctx's deadline, if it has one.
func budgetOf(ctx context.Context) (time.Duration, bool) {
	d, ok := ctx.Deadline()
	if !ok {
		return 0, false
	}
	return max(time.Until(d), 0), true
}

// waitBound bounds the wait for a process and its start: the start
// timeout plus a few case budgets (the processes ahead finish within theirs).
func waitBound(budget, start time.Duration) time.Duration {
	if start <= 0 {
		start = 30 * time.Second
	}
	return start + 4*budget
}

// detach is a context with its own timeout d that ignores ctx's deadline
// but still ends when ctx is cancelled for any other reason.
func detach(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	out, cancel := context.WithTimeout(context.WithoutCancel(ctx), d)
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return out, func() { stop(); cancel() }
}

// crashed describes a dead or broken sidecar, with the tail of its stderr.
func (e *Engine) crashed(p *process, err error) error {
	state := "broke its protocol"
	if p.exited() {
		state = "died"
		if ps := p.cmd.ProcessState; ps != nil {
			state = "died (" + ps.String() + ")"
		}
	}
	msg := strings.TrimSpace(p.stderr.String())
	if len(msg) > 800 {
		msg = "…" + msg[len(msg)-800:]
	}
	return fmt.Errorf("%w: %s sidecar %s: %v; stderr: %s", oracle.ErrCrashed, e.cfg.Name, state, err, msg)
}

// acquire returns a live idle process, or starts one when a slot is free.
// An idle process found dead is replaced before any case is sent to it.
func (e *Engine) acquire(ctx context.Context) (*process, error) {
	for i := 0; ; i++ {
		p, err := e.take(ctx)
		if err != nil || i == 2 || p.alive() {
			return p, err // a third dead one in a row: the exchange will say so
		}
		e.discard(p)
	}
}

// take returns an idle process (alive or not) or a new one.
func (e *Engine) take(ctx context.Context) (*process, error) {
	select {
	case p := <-e.idle:
		return p, nil
	default:
	}
	select {
	case p := <-e.idle:
		return p, nil
	case <-e.slots:
		p, err := e.startBudgeted(ctx) // under its share of the memory budget (pool_budget.go)
		if err != nil {
			e.slots <- struct{}{}
			return nil, err
		}
		return p, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: waiting for a %s sidecar: %v", oracle.ErrTimeout, e.cfg.Name, ctx.Err())
	}
}

// release returns p to the pool, or retires it after MaxRequests cases.
func (e *Engine) release(p *process) {
	p.served++
	if e.cfg.MaxRequests > 0 && p.served >= e.cfg.MaxRequests {
		p.kill()
		e.slots <- struct{}{}
		return
	}
	e.idle <- p
}

// discard kills p and frees its slot for a fresh process.
func (e *Engine) discard(p *process) {
	e.notePeak(p)
	p.kill()
	e.notePeak(p)
	e.restarts.Add(1)
	e.slots <- struct{}{}
}
