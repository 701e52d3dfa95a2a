package sweep

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
)

// The engines with a bug the sweep tests catch, one per kind of case, and
// the runs every sweep test goes through.

// lossy is the fast engine with a bug: it drops the last solution of every
// SELECT answer with more than one. Named "lossy", it is an external engine
// to triage.
type lossy struct{ oracle.Engine }

func (lossy) Name() string { return "lossy" }

func (l lossy) Eval(ctx context.Context, c *oracle.Case) (*results.Answer, error) {
	a, err := l.Engine.Eval(ctx, c)
	if err == nil && a.Kind == results.Bindings && len(a.Rows) > 1 {
		b := *a
		b.Rows = a.Rows[:len(a.Rows)-1]
		return &b, nil
	}
	return a, err
}

// engines builds the registry's engines, and "lossy" (buggy when bug is
// true, else a correct copy of the fast engine).
func engines(bug bool) func(string) (oracle.Engine, error) {
	return func(name string) (oracle.Engine, error) {
		if name != "lossy" {
			return registry.New(name)
		}
		e, err := registry.New("engine")
		if !bug {
			return named{e, "lossy"}, err
		}
		return lossy{e}, err
	}
}

type named struct {
	oracle.Engine
	name string
}

func (n named) Name() string { return n.name }

// dropper is the fast engine with an update bug: after every request that
// leaves the default graph non-empty it drops that graph's first triple.
// Named "dropper", it is an external engine to triage.
type dropper struct{ oracle.Engine }

func (dropper) Name() string { return "dropper" }

func (d dropper) Update(ctx context.Context, c *oracle.UpdateCase) (*results.Answer, error) {
	u, _ := oracle.AsUpdater(d.Engine)
	a, err := u.Update(ctx, c)
	if err != nil || a.Store == nil || a.Store.Err != "" || len(a.Store.Default) == 0 {
		return a, err
	}
	b, s := *a, *a.Store
	s.Default = s.Default[1:]
	b.Store = &s
	return &b, nil
}

// updateEngines builds the registry's engines, and "dropper".
func updateEngines(name string) (oracle.Engine, error) {
	if name != "dropper" {
		return registry.New(name)
	}
	e, err := registry.New("engine")
	return dropper{e}, err
}

func openStore(t *testing.T, path string) *store.DB {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// startRunner makes a runner on st and starts its workers; the caller
// stops it.
func startRunner(t *testing.T, ctx context.Context, st *store.DB, opts Options) *Runner {
	t.Helper()
	r, err := New(ctx, st, opts)
	require.NoError(t, err)
	require.NoError(t, r.Start(ctx))
	return r
}

// submitWait submits spec to a started runner and waits for the sweep's end.
func submitWait(t *testing.T, ctx context.Context, r *Runner, spec store.SweepSpec) store.Sweep {
	t.Helper()
	s, err := r.Submit(ctx, spec)
	require.NoError(t, err)
	s, err = r.Wait(ctx, s.ID)
	require.NoError(t, err)
	return s
}

// runSweep submits spec on a fresh runner and waits for the end.
func runSweep(t *testing.T, st *store.DB, opts Options, spec store.SweepSpec) store.Sweep {
	t.Helper()
	return runSweepWithin(t, st, opts, spec, 40*time.Second)
}

// runSweepWithin is runSweep with a bound of its own.
func runSweepWithin(t *testing.T, st *store.DB, opts Options, spec store.SweepSpec, within time.Duration) store.Sweep {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	r := startRunner(t, ctx, st, opts)
	defer r.Stop(context.Background())
	return submitWait(t, ctx, r, spec)
}

// nightlyTwice runs r's nightly job twice for night and returns the one
// sweep it started (one per date, however often the job runs).
func nightlyTwice(t *testing.T, ctx context.Context, st *store.DB, r *Runner, night string) store.Sweep {
	t.Helper()
	for range 2 {
		require.NoError(t, r.nightly(ctx, night))
	}
	list, err := st.Sweeps(ctx, store.SweepFilter{})
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, "nightly "+night, list[0].Spec.Name)
	return list[0]
}
