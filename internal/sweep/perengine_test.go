package sweep

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/filing"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// failsOn is the fast engine with a bug: it fails every query whose text
// holds word (its own root cause, independent of any other engine's).
func failsOn(e oracle.Engine, name, word string) rigged {
	return rigged{Engine: e, name: name, before: func(c *oracle.Case) error {
		if strings.Contains(strings.ToUpper(c.Query), word) {
			return fmt.Errorf("%s: cannot evaluate %s", name, word)
		}
		return nil
	}}
}

// flaky fails the first FILTER query it is asked and answers correctly
// ever after: its divergence on the sweep's first run does not survive
// reduction against the judge alone, so it is flagged, never filed.
func flaky(e oracle.Engine, failed *atomic.Bool) rigged {
	return rigged{Engine: e, name: "flaky", before: func(c *oracle.Case) error {
		if strings.Contains(strings.ToUpper(c.Query), "FILTER") && failed.CompareAndSwap(false, true) {
			return fmt.Errorf("flaky: a failure that does not come back")
		}
		return nil
	}}
}

// sleepy times out on every query that mentions ex:slow.
func sleepy(e oracle.Engine) rigged {
	return rigged{Engine: e, name: "sleepy", before: func(c *oracle.Case) error {
		if strings.Contains(c.Query, "ex:slow") {
			return fmt.Errorf("sleepy: %w", oracle.ErrTimeout)
		}
		return nil
	}}
}

// perEngine builds the registry's engines and the test engines above;
// each runner gets its own flaky.
func perEngine() func(string) (oracle.Engine, error) {
	failed := &atomic.Bool{}
	return func(name string) (oracle.Engine, error) {
		e, err := registry.New("engine")
		switch name {
		case "nofilter":
			return failsOn(e, name, "FILTER"), err
		case "noopt":
			return failsOn(e, name, "OPTIONAL"), err
		case "flaky":
			return flaky(e, failed), err
		case "sleepy":
			return sleepy(e), err
		}
		return registry.New(name)
	}
}

// perEngineSpec sweeps testdata/perengine's corpus: two-bugs (one
// error-vs-answer divergence: nofilter on FILTER, noopt on OPTIONAL, flaky
// once) and slow (sleepy times out, nothing diverges).
var perEngineSpec = store.SweepSpec{Name: "per-engine", Engines: []string{"nofilter", "noopt", "flaky", "sleepy"},
	Regress: true, ReduceCalls: 200, ReduceSeconds: 60}

// TestSweepReducesPerEngine: each wrong engine of one divergence is reduced
// against the judge alone and filed on its own reduced case (nofilter's
// keeps the FILTER and loses the OPTIONAL, noopt's the reverse: the first
// reduced case does not show the second's divergence, and both are filed);
// flaky, whose divergence does not survive, is flagged on the case record
// and counted, never filed; the slow case, where sleepy timed out, counts
// as unjudged, not correct. On SQLite and, with ORACLE_TEST_POSTGRES, on
// PostgreSQL.
func TestSweepReducesPerEngine(t *testing.T) {
	for _, backend := range []string{"sqlite", "postgres"} {
		t.Run(backend, func(t *testing.T) {
			var st *store.DB
			if backend == "postgres" {
				st = pgStore(t)
			} else {
				st = openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
			}
			every := 0
			spec := perEngineSpec
			spec.ReducePerKey = &every
			s := runSweep(t, st, Options{Workers: 2, Engine: perEngine(), Repo: "testdata/perengine"}, spec)
			checkPerEngine(t, st, s)
		})
	}
}

func checkPerEngine(t *testing.T, st *store.DB, s store.Sweep) {
	ctx := context.Background()
	require.Equal(t, store.SweepDone, s.State, s.Error)
	require.Equal(t, 2, s.Done)
	require.Equal(t, 1, s.Diverged)
	require.Equal(t, 1, s.Unjudged, "slow: sleepy timed out")
	require.Equal(t, 1, s.Flagged, "flaky's divergence did not survive")

	queries := map[string]string{}
	page, err := st.Reports(ctx, store.ReportFilter{SweepID: s.ID, Limit: store.MaxLimit})
	require.NoError(t, err)
	for _, rp := range page.Reports {
		require.NotEqual(t, "flaky", rp.Engine, "a flagged engine is never filed")
		require.Equal(t, string(diff.ClassErrorVsAnswer), rp.Class)
		require.NotNil(t, filing.Bug(rp).Reduction, "%s: filed reduced", rp.Engine)
		queries[rp.Engine] = strings.ToUpper(filing.Bug(rp).Reproducer.Query)
	}
	require.Len(t, queries, 2, "nofilter and noopt each filed once: %v", queries)
	require.Contains(t, queries["nofilter"], "FILTER")
	require.NotContains(t, queries["nofilter"], "OPTIONAL", "nofilter's own reduced case")
	require.Contains(t, queries["noopt"], "OPTIONAL")
	require.NotContains(t, queries["noopt"], "FILTER", "noopt's own reduced case")

	flags, err := st.CaseFlags(ctx, s.ID, 0)
	require.NoError(t, err)
	require.Len(t, flags, 2)
	require.Equal(t, "regress/slow", flags[0].Case)
	require.Contains(t, flags[0].Unjudged, "sleepy (timeout)")
	require.Empty(t, flags[0].Flagged)
	require.Equal(t, "regress/two-bugs", flags[1].Case)
	require.Empty(t, flags[1].Unjudged)
	require.Len(t, flags[1].Flagged, 1)
	f := flags[1].Flagged[0]
	require.Equal(t, "flaky", f.Engine)
	require.Equal(t, string(diff.ClassErrorVsAnswer), f.Class)
	require.Contains(t, f.Reason, "not wrong in error-vs-answer against the judge alone")

	rs, err := st.Results(ctx, s.ID, store.ResultFilter{Case: "regress/two-bugs", Engine: "flaky"})
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, string(triage.Errored), rs[0].Outcome, "the flagged engine's verdict is still recorded")
}

// TestSweepReducesPerEngineReal: RDFLib and RDF::Query both fail
// `SELECT (MAX(?d) AS ?x2) WHERE {} GROUP BY (NOT EXISTS {} AS ?x1)` (one
// error-vs-answer divergence), for different reasons: RDFLib on the GROUP
// BY expression, RDF::Query on the MAX. RDFLib's reduced case keeps the
// GROUP BY, where RDF::Query answers correctly, so RDF::Query is reduced on
// its own and both are filed, each on its own reduced case. Skips without
// both engines installed.
func TestSweepReducesPerEngineReal(t *testing.T) {
	for _, n := range []string{"rdflib", "rdfquery"} {
		if !registry.Installed(n) {
			t.Skipf("%s is not installed (scripts/install.sh)", n)
		}
	}
	st := openStore(t, filepath.Join(t.TempDir(), "sweep.db"))
	spec := store.SweepSpec{Name: "per-engine-real", Engines: []string{"rdflib", "rdfquery"}, Regress: true,
		ReduceCalls: 100, ReduceSeconds: 60}
	s := runSweep(t, st, Options{Workers: 1, Repo: "testdata/realengines"}, spec)
	require.Equal(t, store.SweepDone, s.State, s.Error)
	require.Equal(t, 1, s.Diverged)
	require.Zero(t, s.Flagged)
	page, err := st.Reports(context.Background(), store.ReportFilter{SweepID: s.ID, Limit: store.MaxLimit})
	require.NoError(t, err)
	queries := map[string]string{}
	for _, rp := range page.Reports {
		require.Equal(t, string(diff.ClassErrorVsAnswer), rp.Class)
		queries[rp.Engine] = strings.ToUpper(filing.Bug(rp).Reproducer.Query)
		t.Logf("%s: %s", rp.Engine, filing.Bug(rp).Reproducer.Query)
	}
	require.Len(t, queries, 2, "rdflib and rdfquery each filed")
	require.Contains(t, queries["rdflib"], "GROUP BY")
	require.NotContains(t, queries["rdflib"], "MAX", "rdflib's own reduced case")
	require.Contains(t, queries["rdfquery"], "MAX")
	require.NotContains(t, queries["rdfquery"], "GROUP BY", "rdfquery's own reduced case")
}
