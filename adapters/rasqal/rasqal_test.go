package rasqal

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

func realEngine(t *testing.T) *Engine {
	t.Helper()
	return New(Config{Roqet: adaptertest.Command(t, "roqet", "roqet (Debian rasqal-utils)"), NoNetwork: true})
}

// TestRealEngine runs the shared adapter checks against roqet 0.9.33: the
// dataset is exactly the case's (named graphs come back under their IRIs,
// not roqet's file URIs), every form answers, syntax errors are rejected,
// no query reaches the network.
func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, realEngine(t), "0.9.33")
}

func eval(e *Engine, c *oracle.Case, d time.Duration) (*results.Answer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	if c.Dataset == nil {
		c.Dataset = adaptertest.Dataset()
	}
	return e.Eval(ctx, c)
}

// TestClassified: what roqet 0.9.33 lacks is unsupported, its segfault is a
// crash, and an invalid query is rejected (ENGINES.md, Rasqal traps).
func TestClassified(t *testing.T) {
	e := realEngine(t)
	cases := []struct{ name, query, want string }{
		{"property path", "SELECT * WHERE { ?s <http://example/p>/<http://example/q> ?o }", "unsupported"},
		{"zero-or-more path", "SELECT * WHERE { ?s <http://example/p>* ?o }", "unsupported"},
		{"NOT EXISTS", "SELECT * WHERE { ?s ?p ?o FILTER NOT EXISTS { ?s ?p 1 } }", "unsupported"},
		{"MINUS", "SELECT * WHERE { ?s ?p ?o MINUS { ?s ?p 1 } }", "unsupported"},
		{"DESCRIBE", "DESCRIBE <http://example/s>", "unsupported"},
		{"empty VALUES segfaults", "SELECT * WHERE { VALUES ?x {} }", "crashed"},
		{"syntax error", "SELECT * WHERE { ?s ?p }", "rejected"},
		{"syntax error with FROM", "SELECT * FROM <file:///etc/passwd> WHERE { ?s ?p", "rejected"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := eval(e, &oracle.Case{Name: c.name, Query: c.query}, 30*time.Second)
			if got := oracle.Classify(err); got != c.want {
				t.Errorf("classified %q (%v, answer %+v), want %q", got, err, a, c.want)
			}
		})
	}
}

// TestGraphNames: graph IRIs are renamed to file URIs on the way in and
// back on the way out, also where the IRI is a term of the data, and FROM /
// FROM NAMED read only the local catalogue.
func TestGraphNames(t *testing.T) {
	e := realEngine(t)
	g, p := rdf.IRI("http://example/g"), rdf.IRI("http://example/p")
	ds := adaptertest.Dataset()
	ds.Add(rdf.Quad{S: rdf.IRI("http://example/doc"), P: p, O: g})
	ds.Named(rdf.IRI("http://example/empty"), true)
	src := rdf.NewGraph(rdf.Triple{S: g, P: p, O: rdf.String("source")})
	cases := []struct {
		name, query string
		want        []string // values of ?o or ?g, in order
	}{
		{"graph term in data", "SELECT ?o WHERE { <http://example/doc> ?p ?o }", []string{"<http://example/g>"}},
		{"GRAPH constant", `SELECT ?o WHERE { GRAPH <http://example/g> { ?s ?p ?o } }`, []string{`"named"`}},
		// Not GRAPH ?g {}: roqet 0.9.33 answers it with the last -G graph only
		// (a finding about rasqal, see doc.go).
		{"GRAPH ?g", "SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } }", []string{"<http://example/g>"}},
		{"filter on graph name", `SELECT ?o WHERE { ?x ?p ?o FILTER(?o = <http://example/g>) }`, []string{"<http://example/g>"}},
		{"FROM a source", "SELECT ?o FROM <http://example/src> WHERE { ?s ?p ?o }", []string{`"source"`}},
		{"FROM NAMED a named graph", "SELECT ?g FROM NAMED <http://example/g> WHERE { GRAPH ?g { ?s ?p ?o } }", []string{"<http://example/g>"}},
		{"FROM NAMED only: empty default", "SELECT ?o FROM NAMED <http://example/g> WHERE { ?s ?p ?o }", nil},
		{"FROM an unknown graph is empty", "SELECT ?o FROM <http://example/nowhere> WHERE { ?s ?p ?o }", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := eval(e, &oracle.Case{Name: c.name, Query: c.query, Dataset: ds,
				Sources: map[string]*rdf.Graph{"http://example/src": src}}, 30*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range a.Rows {
				for _, v := range a.Vars {
					got = append(got, r[v].String())
				}
			}
			if len(got) != len(c.want) || len(got) > 0 && !equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func equal(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestFaults runs a fake roqet (testdata/fake-roqet): a hang is killed at
// the deadline, a signal is a crash, a partial document is never an answer,
// and exit status 2 with a whole document is an answer.
func TestFaults(t *testing.T) {
	fake, _ := filepath.Abs("testdata/fake-roqet")
	cases := []struct{ mode, want string }{
		{"hang", "timeout"}, {"segv", "crashed"}, {"partial", "error"}, {"warning", ""},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			e := New(Config{Roqet: fake, Env: []string{"FAKE_ROQET=" + c.mode}})
			start := time.Now()
			// Only the hang meets its deadline: the others answer at once,
			// but a sandboxed start on a loaded machine takes over 300 ms.
			deadline := 30 * time.Second
			if c.mode == "hang" {
				deadline = 300 * time.Millisecond
			}
			a, err := eval(e, &oracle.Case{Name: c.mode, Query: "ASK {}"}, deadline)
			if got := oracle.Classify(err); got != c.want {
				t.Errorf("classified %q (%v), want %q", got, err, c.want)
			}
			if c.want == "" && (a == nil || !a.Boolean) {
				t.Errorf("answer %+v, want true", a)
			}
			if d := time.Since(start); c.mode == "hang" && d > 5*time.Second {
				t.Errorf("took %v: the process group was not killed at the deadline", d)
			}
		})
	}
}
