package sweep

import (
	"context"
	"errors"
	"path/filepath"
	"sort"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
)

// picky is a bystander that changes its answer while a case is reduced:
// the fast engine, but an error on a dataset of fewer than pickyMin quads. A
// reducer that kept a candidate only when every engine answered as before
// would stop at it; a finding's identity must not depend on it.
// pickyMin is the fewest quads picky answers on; the counts show it both
// answered and refused during the test.
const pickyMin = 3

var pickyErrors, pickyAnswers atomic.Int64

func picky(e oracle.Engine) rigged {
	return rigged{Engine: e, name: "bystander", before: func(c *oracle.Case) error {
		if c.Dataset == nil || c.Dataset.Len() < pickyMin {
			pickyErrors.Add(1)
			return errors.New("picky: too little data")
		}
		pickyAnswers.Add(1)
		return nil
	}}
}

// withBystander builds the engines of engines(true) and the picky bystander.
func withBystander(name string) (oracle.Engine, error) {
	if name != "bystander" {
		return engines(true)(name)
	}
	e, err := registry.New("engine")
	return picky(e), err
}

// findingKeys are the identities of the lossy engine's findings a sweep
// linked, sorted.
func findingKeys(t *testing.T, st *store.DB, sweep int64) []string {
	t.Helper()
	p, err := st.Reports(context.Background(), store.ReportFilter{SweepID: sweep, Engine: "lossy", Limit: store.MaxLimit})
	require.NoError(t, err)
	var keys []string
	for _, r := range p.Reports {
		keys = append(keys, r.Key)
	}
	sort.Strings(keys)
	return keys
}

// TestBystanderChangesNoIdentity sweeps one corpus three times: with the
// buggy engine, with a bystander engine more (picky, which changes its
// answer as cases shrink), and without it again. Every sweep files the
// same findings of the buggy engine (engine, class, fingerprint of the
// reduced case), and the comparisons find nothing new and nothing fixed
// while saying which engines were not compared. Every divergence is reduced
// (reduce_per_key 0) within a call bound the time bound never cuts, so
// the reductions are the same from sweep to sweep.
func TestBystanderChangesNoIdentity(t *testing.T) {
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	every := 0
	spec := store.SweepSpec{Name: "identity", Engines: []string{"lossy"}, Generated: &store.GenSource{From: 0, To: 16},
		ReduceCalls: 30, ReduceSeconds: 120, ReducePerKey: &every}
	with := spec
	with.Engines = []string{"lossy", "bystander"}
	opts := Options{Workers: 2, Engine: withBystander}
	s1 := runSweep(t, st, opts, spec)
	s2 := runSweep(t, st, opts, with)
	s3 := runSweep(t, st, opts, spec)
	for _, s := range []store.Sweep{s1, s2, s3} {
		require.Equal(t, store.SweepDone, s.State, s.Error)
	}
	k1 := findingKeys(t, st, s1.ID)
	require.NotEmpty(t, k1, "the lossy engine must be caught")
	require.Equal(t, k1, findingKeys(t, st, s2.ID), "a bystander more changes no finding")
	require.Equal(t, k1, findingKeys(t, st, s3.ID), "a bystander fewer changes no finding")

	t.Logf("the bystander answered %d times and refused %d times", pickyAnswers.Load(), pickyErrors.Load())
	require.Positive(t, pickyErrors.Load(), "the bystander must change its answer somewhere")
	require.Positive(t, pickyAnswers.Load())
	ctx := context.Background()
	prev, ok, err := st.PreviousSweep(ctx, s2.ID)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, s1.ID, prev.ID, "the same corpus, whatever the engines")
	for _, pair := range [][2]int64{{s1.ID, s2.ID}, {s2.ID, s3.ID}} {
		c, err := st.Compare(ctx, pair[0], pair[1])
		require.NoError(t, err)
		for _, r := range c.New {
			require.Equal(t, "bystander", r.Engine, "%d→%d: only the bystander's own findings may be new", pair[0], pair[1])
		}
		require.Empty(t, c.Fixed, "%d→%d", pair[0], pair[1])
		require.Empty(t, c.Moved, "%d→%d", pair[0], pair[1])
		require.Len(t, c.Unchanged, len(k1), "%d→%d", pair[0], pair[1])
		require.Len(t, c.Notes, 1)
		require.Contains(t, c.Notes[0], "bystander (only #")
	}
}
