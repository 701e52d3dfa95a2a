package sparqlhttp

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// TestServerKilledFromOutside kills the real Oxigraph server with SIGKILL
// in the middle of a runaway case, as the kernel's OOM killer or an
// operator would, and then the fresh server the case was retried on: the
// case is ErrUnavailable saying the server was killed from outside, never
// ErrCrashed, and the next case answers on a fresh server.
func TestServerKilledFromOutside(t *testing.T) {
	oxi := oxigraphBin(t)
	m := OxigraphServer(oxi)
	defer m.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := m.Eval(ctx, &oracle.Case{Query: "ASK {}"}); err != nil {
		t.Fatal(err)
	}
	runaway := adaptertest.CrossProduct(300, 4)
	done := adaptertest.Background(func() error { _, err := m.Eval(ctx, runaway); return err })
	first := adaptertest.ProcessBelow(t, filepath.Base(oxi), 30*time.Second)
	time.Sleep(time.Second)
	syscall.Kill(first, syscall.SIGKILL)
	select {
	case err := <-done:
		t.Fatalf("after one kill the case ended: %v", err)
	case <-time.After(3 * time.Second):
	}
	second := adaptertest.ProcessBelow(t, filepath.Base(oxi), 30*time.Second, first) // the retry's fresh server
	time.Sleep(time.Second)
	syscall.Kill(second, syscall.SIGKILL)
	err := adaptertest.WantKilled(t, done, 45*time.Second)
	t.Logf("killed %d, then the retry's %d: %v", first, second, err)
	if a, err := m.Eval(ctx, &oracle.Case{Query: "ASK {}"}); err != nil || !a.Boolean {
		t.Fatalf("the next case: %v, %v", a, err)
	}
}
