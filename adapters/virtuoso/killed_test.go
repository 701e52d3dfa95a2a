package virtuoso

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestKilledFromOutside kills virtuoso-t with SIGKILL in the middle of a
// runaway case, then the fresh server the case was retried on: the case
// is ErrUnavailable saying it was killed from outside, never ErrCrashed.
func TestKilledFromOutside(t *testing.T) {
	e := engine(t)
	c := adaptertest.CrossProduct(300, 4)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	done := adaptertest.Background(func() error { _, err := e.Eval(ctx, c); return err })
	old := e.Server()
	first := adaptertest.ProcessBelow(t, "virtuoso-t", time.Minute)
	time.Sleep(2 * time.Second)
	syscall.Kill(first, syscall.SIGKILL)
	for end := time.Now().Add(90 * time.Second); e.Server() == nil || e.Server() == old; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the case was not retried on a fresh server")
		}
	}
	second := adaptertest.ProcessBelow(t, "virtuoso-t", time.Minute, first)
	time.Sleep(2 * time.Second) // the retry loaded, evaluating again
	syscall.Kill(second, syscall.SIGKILL)
	err := adaptertest.WantKilled(t, done, 90*time.Second)
	t.Logf("killed %d, then the retry's %d: %v", first, second, err)
}
