package sparqlhttp

import (
	"context"
	"sync"
	"time"
)

// A server stopped because it kept evaluating an abandoned case (or ran
// past its CPU limit) is started again in the background, so the next case
// finds it warm, or waits for the start under way (Start holds the
// server's lock while it starts) instead of paying a cold start of its own
// (Fuseki took 45 s on a loaded machine). The restart
//
//   - waits RewarmAfter first: the seconds after a case's deadline are the
//     ones in which no engine process may burn CPU (the abandoned case's
//     evaluation is over; internal/registry abandon_test.go measures the
//     process tree), and a sweep meeting runaway cases one after another
//     restarts the server once, not once per case: a case that comes
//     meanwhile starts it itself and the restart finds it running;
//   - takes its share of the memory budget only when it is free now
//     (sidecar.Budget.TryReserve): it stops no other engine's process and
//     waits for none; without the memory there is no restart, and the next
//     case starts the server as before;
//   - is bounded by the server's StartTimeout, one at a time per engine,
//     and ended by Close (a start under way is stopped, one pending
//     dropped);
//   - never stops a server: it starts one only where none runs, so no case
//     can be using it.

// RewarmAfter is how long after the stop the background restart begins.
const RewarmAfter = 4 * time.Second

// Rewarm schedules one background restart at a time and cancels it.
type Rewarm struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{} // closed when the scheduled restart has ended
}

// After runs start(ctx) after delay, ctx bounded by bound and ended by
// Stop or by the next After; it replaces any restart scheduled before.
func (w *Rewarm) After(delay, bound time.Duration, start func(ctx context.Context)) {
	ctx, cancel := context.WithTimeout(context.Background(), delay+bound)
	done := make(chan struct{})
	w.mu.Lock()
	if w.cancel != nil {
		w.cancel()
	}
	w.cancel, w.done = cancel, done
	w.mu.Unlock()
	go func() {
		defer close(done)
		defer cancel()
		select {
		case <-time.After(delay):
			start(ctx)
		case <-ctx.Done():
		}
	}()
}

// Stop cancels the scheduled restart (a start under way ends at once).
func (w *Rewarm) Stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
}

// Wait waits until the restart scheduled last has ended (started, failed
// or dropped), at most d; it reports whether it had.
func (w *Rewarm) Wait(d time.Duration) bool {
	w.mu.Lock()
	done := w.done
	w.mu.Unlock()
	if done == nil {
		return true
	}
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

// rewarm schedules the server's background restart after a stop.
func (m *Managed) rewarm() {
	m.warm.After(RewarmAfter, m.srv.StartTimeout, func(ctx context.Context) {
		m.startWith(ctx, ctx, true)
	})
}

// Rewarmed waits up to d for the background restart scheduled last to end
// and reports whether a server runs then (for tests and the hostile table).
func (m *Managed) Rewarmed(d time.Duration) bool {
	return m.warm.Wait(d) && m.URL() != ""
}
