package sidecar_test

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/large"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/realistic"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/results"
)

// TestMeasureKeep times one realistic case's metamorphic relations
// (large.Relations on the knowledge-graph shape, keepSettings) through
// each engine twice, side by side: "load each" evicts the case's data
// before every query (a one-triple query runs first), as every query
// loaded before the dataset key; "keep" lets the engine keep it. The
// times are logged, never asserted: it checks that both runs ran the same
// queries and that keeping reused the data.
func TestMeasureKeep(t *testing.T) {
	names, n := keepSettings(t)
	ds, smp, err := realistic.Dataset(realistic.Spec{Shape: realistic.KG, Triples: n, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	c, q := mostRelations(ds, realistic.Queries(smp, 1))
	if c == nil {
		t.Fatal("no realistic query parses")
	}
	t.Logf("%d quads, query %s", len(ds.Quads()), q.Name)
	for _, name := range names {
		e, err := registry.New(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		reuser := reuserOf(e)
		before := measure(t, &evicting{counted: counted{Engine: e}}, c)
		var was int64
		if reuser != nil {
			was = reuser.Reused()
		}
		after := measure(t, &counted{Engine: e}, c)
		reused := int64(-1)
		if reuser != nil {
			reused = reuser.Reused() - was
		}
		t.Logf("%-16s %2d queries: load each %8.1f s, keep %8.1f s (reused %d)", name, after.n, before.d.Seconds(), after.d.Seconds(), reused)
		if before.n != after.n {
			// A relation whose query failed (loading each query may pass
			// the engine's limits) stops early: the times then compare
			// unlike work, which the line above shows.
			t.Logf("%s: %d queries loading each, %d keeping: the times compare unlike work", name, before.n, after.n)
		}
		if reuser != nil && after.n > 1 && reused < 1 {
			t.Errorf("%s: no query reused the data", name)
		}
		if cl, ok := e.(interface{ Close() }); ok {
			cl.Close()
		}
	}
}

// keepSettings: ORACLE_KEEP_ENGINES names the engines (comma-separated;
// without it the test is skipped: minutes per engine at 100k triples),
// ORACLE_KEEP_TRIPLES the data's size (default 100000).
func keepSettings(t *testing.T) ([]string, int) {
	names := os.Getenv("ORACLE_KEEP_ENGINES")
	if names == "" {
		t.Skip("ORACLE_KEEP_ENGINES=oxigraph,jena,... measures keeping the data loaded")
	}
	n, err := strconv.Atoi(os.Getenv("ORACLE_KEEP_TRIPLES"))
	if err != nil {
		n = 100000
	}
	return strings.Split(names, ","), n
}

// mostRelations is the case of the query to which the most relations
// apply (with no engine, RunRelations reports only those that do not).
func mostRelations(ds *rdf.Dataset, qs []realistic.Query) (*oracle.Case, realistic.Query) {
	var best *oracle.Case
	var bq realistic.Query
	most := 0
	for _, q := range qs {
		c := &oracle.Case{Query: q.Text, Dataset: ds}
		n := len(large.Relations) - len(large.RunRelations(context.Background(), c, nil, nil, time.Minute))
		if n > most || best == nil {
			best, bq, most = c, q, n
		}
	}
	return best, bq
}

// reuserOf finds the Reused counter in e or the engines it wraps (the
// registry bounds every engine in a wrapper with Unwrap).
func reuserOf(e oracle.Engine) interface{ Reused() int64 } {
	for e != nil {
		if r, ok := e.(interface{ Reused() int64 }); ok {
			return r
		}
		u, ok := e.(interface{ Unwrap() oracle.Engine })
		if !ok {
			return nil
		}
		e = u.Unwrap()
	}
	return nil
}

type run struct {
	n int64
	d time.Duration
}

// measure runs c's relations on e, timed.
func measure(t *testing.T, e interface {
	oracle.Engine
	count() int64
}, c *oracle.Case) run {
	start := time.Now()
	checks := large.RunRelations(context.Background(), c, []oracle.Engine{e}, nil, 10*time.Minute)
	d := time.Since(start)
	ran := 0
	for _, ch := range checks {
		if ch.Skipped == "" {
			ran++
		} else if !strings.HasPrefix(ch.Skipped, "not a relation") {
			t.Logf("%s %s: %s", e.Name(), ch.Name, firstLine(ch.Skipped))
		}
	}
	t.Logf("%s: %d relations ran of %d", e.Name(), ran, len(checks))
	return run{e.count(), d}
}

// counted counts the queries an engine evaluated.
type counted struct {
	oracle.Engine
	n atomic.Int64
}

func (c *counted) Eval(ctx context.Context, k *oracle.Case) (*results.Answer, error) {
	c.n.Add(1)
	return c.Engine.Eval(ctx, k)
}

func (c *counted) count() int64 { return c.n.Load() }

// evicting evaluates a one-triple case before each query: the engine then
// holds another dataset, and loads the case's again.
type evicting struct{ counted }

var tiny = func() *rdf.Dataset {
	ds := rdf.NewDataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.String("tiny")})
	return ds
}()

func (e *evicting) Eval(ctx context.Context, k *oracle.Case) (*results.Answer, error) {
	if _, err := e.Engine.Eval(ctx, &oracle.Case{Query: "ASK { ?s ?p ?o }", Dataset: tiny}); err != nil {
		return nil, err
	}
	return e.counted.Eval(ctx, k)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
