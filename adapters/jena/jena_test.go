package jena

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

var engine = adaptertest.Starter(Jar, "the Jena sidecar jar", New)

func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, engine(t), Version)
}

// TestDatasetClauses: FROM and FROM NAMED resolve against the case's graphs
// and sources, an empty named graph is still a member, and Jena's ARQ
// extensions are rejected (the sidecar parses strict SPARQL 1.1).
func TestDatasetClauses(t *testing.T) {
	e := engine(t)
	ds := adaptertest.Dataset()
	ds.Named(rdf.IRI("http://example/empty"), true)
	adaptertest.CheckClauses(t, e, ds, adaptertest.Source("src"), append([]adaptertest.ClauseCase{
		{Query: "SELECT ?g FROM NAMED <http://example/src> WHERE { GRAPH ?g { } }", Want: []string{"http://example/src"}},
		{Query: "SELECT ?g WHERE { GRAPH ?g { } } ORDER BY ?g", Want: []string{"http://example/empty", "http://example/g"}},
		{Query: "SELECT (COUNT(*) AS ?n) WHERE { LATERAL { ?s ?p ?o } }", Err: "rejected"},
	}, adaptertest.SourceClauses...))
}

// TestTimeout: Jena stops at its own deadline, a little before the Go
// side's, so the answer is a timeout and the process survives.
func TestTimeout(t *testing.T) {
	e := engine(t)
	ds := rdf.NewDataset()
	for i := range 30 {
		ds.Add(rdf.Quad{S: rdf.IRI("http://example/s"), P: rdf.IRI("http://example/p"), O: rdf.Literal(strconv.Itoa(i), rdf.XSDInteger)})
	}
	if _, err := e.Eval(context.Background(), &oracle.Case{Query: "ASK {}", Dataset: ds}); err != nil {
		t.Fatal(err) // the JVM's start must not count against the deadline below
	}
	q := "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n1 ?o . ?p ?q ?r }"
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	_, err := e.Eval(ctx, &oracle.Case{Query: q, Dataset: ds})
	if !errors.Is(err, oracle.ErrTimeout) {
		t.Fatalf("want a timeout, got %v", err)
	}
	if a, err := e.Eval(context.Background(), &oracle.Case{Query: "ASK {}", Dataset: ds}); err != nil || !a.Boolean {
		t.Fatalf("after a timeout: %+v, %v", a, err)
	}
	if n := e.Restarts(); n != 0 {
		t.Errorf("the sidecar was restarted %d time(s); Jena's own deadline should have stopped the query", n)
	}
}

// TestIdleKilled: a Jena process killed while idle is replaced before the
// next case, which answers: a killed sidecar is a restart, never a Jena
// crash filed against the engine.
func TestIdleKilled(t *testing.T) {
	e := engine(t)
	ask := &oracle.Case{Query: "ASK {}", Dataset: rdf.NewDataset()}
	if _, err := e.Eval(context.Background(), ask); err != nil {
		t.Fatal(err)
	}
	for _, pid := range e.PIDs() {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	a, err := e.Eval(context.Background(), ask)
	if err != nil || !a.Boolean {
		t.Fatalf("the case after the idle process was killed: %+v, %v", a, err)
	}
}

// TestHeapLimit: a query past the heap the memory limit gives (-Xmx half
// of it) is ErrResource, and the process goes on.
func TestHeapLimit(t *testing.T) {
	cfg := Config(adaptertest.Local(t, Jar, "the Jena sidecar jar"), 1)
	cfg.Limits.Memory = 768 << 20
	e := adaptertest.Closed(t, sidecar.New(cfg))
	q := `SELECT (STRLEN(?a28) AS ?n) WHERE { BIND("0123456789" AS ?a0)`
	for i := 1; i <= 28; i++ {
		q += fmt.Sprintf(" BIND(CONCAT(?a%d, ?a%d) AS ?a%d)", i-1, i-1, i)
	}
	q += " }"
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err := e.Eval(ctx, &oracle.Case{Query: q, Dataset: rdf.NewDataset()})
	if !errors.Is(err, oracle.ErrResource) {
		t.Fatalf("error %v, want ErrResource", err)
	}
	t.Logf("%v; peak RSS %d MiB", err, e.PeakRSS()>>20)
	if a, err := e.Eval(context.Background(), &oracle.Case{Query: "ASK {}", Dataset: rdf.NewDataset()}); err != nil || !a.Boolean {
		t.Fatalf("after the heap limit: %+v, %v", a, err)
	}
}

// TestUpdateReproducer: the native update reproducer (a single-file Java
// program on the distribution's lib/), run with the sidecar's shaded jar
// as that lib/ (it holds jena-arq and its dependencies) on the JDK the jar
// was built with, prints the store the adapter answers.
func TestUpdateReproducer(t *testing.T) {
	dir, _ := filepath.Abs(".")
	adaptertest.CheckJarReproducer(t, engine(t), sidecar.Java(filepath.Join(dir, "target")), "java",
		filepath.Join(dir, Jar), filepath.Join("apache-jena-"+Version, "lib"), "jena.jar")
}
