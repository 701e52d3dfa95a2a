package sweep

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestLargeDivergenceIsReduced: a divergence the fast engine judged (the
// reference out of time on a large case) is reduced by reduce.Large and
// filed on the reduced case, with the realistic query and both sizes
// beside it; reduced against the judge alone on the original case, as
// before, it was flagged "not wrong ... (unjudged)" and never filed.
func TestLargeDivergenceIsReduced(t *testing.T) {
	g := realisticKG(t, 6, 7)
	c, err := newCorpora("").resolve("gen/" + g.Profile + "/6")
	require.NoError(t, err)
	ref, err := registry.New(oracle.JudgeName)
	require.NoError(t, err)
	fast, err := registry.New(oracle.TwinName)
	require.NoError(t, err)
	engines := []oracle.Engine{ref, fast, lossy(fast)}
	outs := oracle.Run(context.Background(), c, engines[1:], time.Minute)
	outs[0].Engine = oracle.JudgeName // the fast engine's answer in the judge's place, as the large-case judge puts it
	rep := triage.Triage(c, outs)
	rep.Judge = oracle.TwinName
	require.NotEmpty(t, rep.Divergences, "lossy drops a row of the case's answer")
	q := &queryRun{c: c, engines: engines, run: engines, rep: rep}

	b, why := q.reduceFor(context.Background(), "lossy", diff.ClassMissingRows, reduce.Limits{MaxCalls: 200, MaxTime: time.Minute, Deadline: 30 * time.Second})
	require.Empty(t, why)
	require.Equal(t, "lossy", b.Engine)
	require.Equal(t, c.Query, b.OriginalQuery)
	require.Equal(t, c.Dataset.Len(), b.OriginalTriples)
	require.Positive(t, b.ReducedTriples)
	require.Less(t, b.ReducedTriples, b.OriginalTriples)
	require.Contains(t, b.Signature, "lossy")
}
