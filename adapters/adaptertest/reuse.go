package adaptertest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Reuser is an engine that keeps a case's loaded store across the queries
// naming the same dataset (adapters/sidecar/protocol.go, DatasetID) and
// counts the queries it answered without loading.
type Reuser interface {
	oracle.Engine
	Reused() int64
}

// CheckReuse holds e, started with one process, to the dataset key's
// contract: the same dataset queried twice is loaded once (the second
// query is counted reused); another dataset of the same size is loaded,
// and answered from its own data; an update between two queries of one
// dataset never leaks into the second (it sees the pristine data, §3 of
// SPARQL 1.1 Update applies to the update's own store); a query naming an
// absent graph leaves no graph behind for the next (#namedGraphs); a
// query that reads a stored literal leaves it as it was (CheckHashTwice).
func CheckReuse(t *testing.T, e Reuser) {
	t.Helper()
	a, b := reuseData("a", 50), reuseData("b", 50)
	count := "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"
	rows := "SELECT ?o WHERE { <http://example/s0> ?p ?o }"
	reuseQuery(t, e, a, count, 0, "50")
	reuseQuery(t, e, a, rows, 1, "\"a0\"")
	reuseQuery(t, e, b, rows, 0, "\"b0\"")
	graphs := "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { } }"
	want := reuseQuery(t, e, a, graphs, 0, "")
	reuseQuery(t, e, a, "SELECT * WHERE { GRAPH <http://example/absent> { ?s ?p ?o } }", 1, "(no rows)")
	reuseQuery(t, e, a, graphs, -1, want)
	CheckHashTwice(t, e)
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return
	}
	reuseQuery(t, e, a, count, 1, "50")
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	_, err := u.Update(ctx, &oracle.Case{Update: "DELETE WHERE { ?s ?p ?o }", Dataset: a})
	if errors.Is(err, oracle.ErrUnsupported) {
		t.Logf("no update check: %v", err)
		return
	}
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	reuseQuery(t, e, a, count, 0, "50")
	reuseQuery(t, e, a, count, 1, "50")
}

// CheckHashTwice hashes one stored literal in two queries of one dataset
// and wants SHA1("a0") both times (#func-sha1): a store a query wrote to
// while reading (Attean's SHA* empties the literal it encodes) must not
// answer the second. The reuse count may grow either way.
func CheckHashTwice(t *testing.T, e Reuser) {
	t.Helper()
	a := reuseData("a", 50)
	hash := "SELECT (SHA1(?o) AS ?h) WHERE { <http://example/s0> ?p ?o }"
	want := `"` + sha1a0 + `"`
	reuseQuery(t, e, a, hash, -1, want)
	reuseQuery(t, e, a, hash, -1, want)
}

// sha1a0 is SHA1 of the two bytes "a0", as `printf a0 | sha1sum` prints it.
const sha1a0 = "40b25eac438260c9ad4e3142adc38a8d0885e5f3"

// reuseQuery evaluates query on ds and wants the answer's first value to
// read want ("": any) and the reuse count to grow by reused (-1: either
// way, for an engine that reloads a store a query changed); it returns the
// value.
func reuseQuery(t *testing.T, e Reuser, ds *rdf.Dataset, query string, reused int64, want string) string {
	t.Helper()
	before := e.Reused()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	a, err := e.Eval(ctx, &oracle.Case{Query: query, Dataset: ds})
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	got := firstValue(a)
	if want != "" && got != want {
		t.Errorf("%s: first value %s, want %s", query, got, want)
	}
	if n := e.Reused() - before; reused >= 0 && n != reused {
		t.Errorf("%s: %d queries reused a held store, want %d", query, n, reused)
	}
	return got
}

// reuseData is n triples <s_i> <p> "tag_i" in the default graph: two tags
// give two datasets of the same size and shape.
func reuseData(tag string, n int) *rdf.Dataset {
	ds := rdf.NewDataset()
	for i := 0; i < n; i++ {
		ds.Add(rdf.Quad{S: rdf.IRI(fmt.Sprintf("http://example/s%d", i)),
			P: rdf.IRI("http://example/p"), O: rdf.String(fmt.Sprintf("%s%d", tag, i))})
	}
	return ds
}

// firstValue is the first row's first binding, as N-Triples writes it
// (a count's lexical form alone).
func firstValue(a *results.Answer) string {
	if len(a.Rows) == 0 || len(a.Vars) == 0 {
		return "(no rows)"
	}
	v, ok := a.Rows[0][a.Vars[0]]
	if !ok {
		return "(unbound)"
	}
	if v.Datatype == rdf.XSDInteger {
		return v.Value
	}
	return v.String()
}
