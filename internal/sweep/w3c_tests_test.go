package sweep

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/store"
)

// TestW3CSweepRecordsTests: a W3C sweep records each test × engine status
// against the test's expected answer (the judge included), with the test's
// query, data and expected answer; a second sweep of the same spec in which
// one engine turned buggy on purpose compares test by test: exactly the
// tests it now fails go passed→failed, nothing else changes.
func TestW3CSweepRecordsTests(t *testing.T) {
	if _, err := corpus.SuiteRoot(); err != nil {
		t.Skip("W3C suite not found (W3C_TESTS):", err)
	}
	st := openStore(t, filepath.Join(t.TempDir(), "oracle.db"))
	spec := store.SweepSpec{Name: "bind", Engines: []string{"reference", "engine", "lossy"},
		W3C: &store.W3CSource{Manifests: []string{"sparql11/bind/manifest.ttl"}}, ReduceCalls: -1}
	a := runSweep(t, st, Options{Workers: 2, Engine: engines(false)}, spec)
	b := runSweep(t, st, Options{Workers: 2, Engine: engines(true)}, spec)
	require.Equal(t, store.SweepDone, b.State)

	ctx := context.Background()
	pa, err := st.Tests(ctx, store.TestFilter{SweepID: a.ID})
	require.NoError(t, err)
	require.Equal(t, 10, pa.Total, "sparql11/bind holds 10 evaluation tests")
	require.Equal(t, []string{"engine", "lossy", "reference"}, pa.Engines)
	require.Equal(t, 30, pa.Counts[store.TestPassed], "every engine passes every bind test: %v", pa.Counts)

	c, rs, err := st.Test(ctx, "w3c/sparql11/bind/manifest.ttl#bind01", b.ID)
	require.NoError(t, err)
	require.Contains(t, c.Query, "BIND")
	require.NotEmpty(t, c.Data)
	require.NotNil(t, c.Expected)
	require.Equal(t, "sparql11/bind", c.Feature)
	require.Len(t, rs, 3)
	for _, r := range rs {
		require.NotNil(t, r.Answer, "%s's answer is kept", r.Engine)
	}

	cmp, err := st.CompareTests(ctx, a.ID, b.ID)
	require.NoError(t, err)
	pb, err := st.Tests(ctx, store.TestFilter{SweepID: b.ID, Engine: "lossy", Status: store.TestFailed})
	require.NoError(t, err)
	require.NotZero(t, pb.Total, "lossy drops a row of every multi-row answer")
	var regressed []string
	for _, x := range cmp.Transitions {
		require.Equal(t, "lossy", x.Engine, "only lossy changed: %+v", x)
		require.Equal(t, store.Regressed, x.Kind)
		regressed = append(regressed, x.Test)
	}
	var failing []string
	for _, r := range pb.Rows {
		failing = append(failing, r.Case.Key)
		require.Contains(t, []string{"missing-rows", "duplicate-rows"}, r.Results["lossy"].Class, "a dropped row")
	}
	require.Equal(t, failing, regressed)
	require.Equal(t, 20, cmp.Unchanged["engine"]+cmp.Unchanged["reference"])
}
