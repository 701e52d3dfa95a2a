package sweep

import (
	"context"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
)

// withBystander builds the engines of engines(true) and "bystander", a
// correct external engine (a copy of the fast engine under another name).
func withBystander(name string) (oracle.Engine, error) {
	if name != "bystander" {
		return engines(true)(name)
	}
	e, err := registry.New("engine")
	return named{e, "bystander"}, err
}

// findingKeys are the identities of the findings a sweep linked, sorted.
func findingKeys(t *testing.T, st *store.DB, sweep int64) []string {
	t.Helper()
	p, err := st.Reports(context.Background(), store.ReportFilter{SweepID: sweep, Limit: store.MaxLimit})
	require.NoError(t, err)
	var keys []string
	for _, r := range p.Reports {
		keys = append(keys, r.Key)
	}
	sort.Strings(keys)
	return keys
}

// TestBystanderChangesNoIdentity sweeps one corpus three times: with the
// buggy engine, with a bystander engine more, and without it again. Every
// sweep files the same findings (engine, class, fingerprint of the reduced
// case), and the comparisons find nothing new and nothing fixed while
// saying which engines were not compared. Every divergence is reduced
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

	ctx := context.Background()
	prev, ok, err := st.PreviousSweep(ctx, s2.ID)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, s1.ID, prev.ID, "the same corpus, whatever the engines")
	for _, pair := range [][2]int64{{s1.ID, s2.ID}, {s2.ID, s3.ID}} {
		c, err := st.Compare(ctx, pair[0], pair[1])
		require.NoError(t, err)
		require.Empty(t, c.New, "%d→%d", pair[0], pair[1])
		require.Empty(t, c.Fixed, "%d→%d", pair[0], pair[1])
		require.Empty(t, c.Moved, "%d→%d", pair[0], pair[1])
		require.Len(t, c.Unchanged, len(k1))
		require.Len(t, c.Notes, 1)
		require.Contains(t, c.Notes[0], "bystander (only #")
	}
}
