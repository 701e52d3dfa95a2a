package sparqlhttp

import (
	"context"
	"testing"
	"time"
)

// A case's deadline starts when the engine is ready: after a start of
// more than a second the deadline moves on by the start's time; a quick
// start (a running server) leaves it; cancelling the caller still cancels.
func TestAfterStart(t *testing.T) {
	parent, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	dl, _ := parent.Deadline()
	for _, c := range []struct {
		began time.Duration // how long ago the start began
		moved bool
	}{{3 * time.Second, true}, {10 * time.Millisecond, false}} {
		ctx, stop := AfterStart(parent, time.Now().Add(-c.began))
		got, _ := ctx.Deadline()
		if moved := got.Sub(dl) >= c.began-time.Millisecond; moved != c.moved {
			t.Errorf("start of %s: deadline moved by %s, want moved=%v", c.began, got.Sub(dl), c.moved)
		}
		stop()
	}
	outer, cancelOuter := context.WithTimeout(context.Background(), time.Hour)
	ctx, stop := AfterStart(outer, time.Now().Add(-3*time.Second))
	defer stop()
	cancelOuter()
	select {
	case <-ctx.Done():
	case <-time.After(time.Second):
		t.Error("cancelling the caller did not cancel the extended context")
	}
}
