package adaptertest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Require skips the test when the engine is not installed, except in CI,
// where the install script must have installed it.
func Require(t *testing.T, path, what string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (scripts/install.sh installs it): %v", what, err)
		}
		t.Skipf("%s is not installed; run scripts/install.sh", what)
	}
}

// Dataset is the small dataset the checks use: one triple in the default
// graph, one in the named graph <http://example/g>.
func Dataset() *rdf.Dataset {
	ds := rdf.NewDataset()
	s, p := rdf.IRI("http://example/s"), rdf.IRI("http://example/p")
	ds.Add(rdf.Quad{S: s, P: p, O: rdf.String("default")})
	ds.Add(rdf.Quad{S: s, P: p, O: rdf.String("named"), G: rdf.IRI("http://example/g")})
	return ds
}

// Timed runs c on e under a deadline of within and says how long it
// took: how the kill and abandon tests measure a runaway case's return
// and the light case after it.
func Timed(e oracle.Engine, c *oracle.Case, within time.Duration) (*results.Answer, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	began := time.Now()
	a, err := e.Eval(ctx, c)
	return a, time.Since(began), err
}

// Run runs every check on e; version is the pinned version it must report.
func Run(t *testing.T, e oracle.Engine, version string) {
	if v := e.Version(); v != version {
		t.Errorf("version %q, want the pinned %q", v, version)
	}
	t.Run("dataset", func(t *testing.T) { checkDataset(t, e) })
	t.Run("forms", func(t *testing.T) { checkForms(t, e) })
	t.Run("rejected", func(t *testing.T) { checkRejected(t, e) })
	t.Run("request-kind", func(t *testing.T) { checkRequestKind(t, e) })
	t.Run("no-network", func(t *testing.T) { checkNoNetwork(t, e) })
	t.Run("hostile", func(t *testing.T) { checkHostile(t, e) })
}

func eval(t *testing.T, e oracle.Engine, query string) (*results.Answer, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return e.Eval(ctx, &oracle.Case{Name: t.Name(), Query: query, Dataset: Dataset()})
}

func checkDataset(t *testing.T, e oracle.Engine) {
	a, err := eval(t, e, "SELECT ?o WHERE { ?s ?p ?o }")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Rows) != 1 || a.Rows[0]["o"] != rdf.String("default") {
		t.Errorf("the default graph must hold only its own triple: %v", a.Rows)
	}
	a, err = eval(t, e, "SELECT ?g ?o WHERE { GRAPH ?g { ?s ?p ?o } }")
	if err != nil || len(a.Rows) != 1 || a.Rows[0]["g"] != rdf.IRI("http://example/g") {
		t.Errorf("GRAPH ?g: %+v, %v", a, err)
	}
}

func checkForms(t *testing.T, e oracle.Engine) {
	a, err := eval(t, e, "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }")
	if err != nil || a.Kind != results.Graph || len(a.Triples) != 1 || a.Triples[0].O != rdf.String("named") {
		t.Errorf("CONSTRUCT: %+v, %v", a, err)
	}
	a, err = eval(t, e, `ASK { ?s ?p "default" }`)
	if err != nil || a.Kind != results.Boolean || !a.Boolean {
		t.Errorf("ASK: %+v, %v", a, err)
	}
}

func checkRejected(t *testing.T, e oracle.Engine) {
	_, err := eval(t, e, "SELEC * WHERE {}")
	if got := oracle.Classify(err); got != "rejected" {
		t.Errorf("a syntax error is classified %q (%v), want rejected", got, err)
	}
}

// checkRequestKind hands e an update case to Eval and, when it applies
// updates, a query case to Update: each is the caller's mistake
// (oracle.ErrRequestKind), answered before the engine is asked, never a
// rejection or an empty request applied.
func checkRequestKind(t *testing.T, e oracle.Engine) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err := e.Eval(ctx, &oracle.Case{Name: t.Name(), Update: "CLEAR ALL", Dataset: Dataset()})
	if !errors.Is(err, oracle.ErrRequestKind) {
		t.Errorf("Eval of an update case: %v, want oracle.ErrRequestKind", err)
	}
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return
	}
	_, err = u.Update(ctx, &oracle.Case{Name: t.Name(), Query: "ASK {}", Dataset: Dataset()})
	if !errors.Is(err, oracle.ErrRequestKind) {
		t.Errorf("Update of a query case: %v, want oracle.ErrRequestKind", err)
	}
}

// checkNoNetwork listens on a loopback port and sends SERVICE and FROM
// queries naming it: the listener must see no connection.
func checkNoNetwork(t *testing.T, e oracle.Engine) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var conns atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			c.Close()
		}
	}()
	url := fmt.Sprintf("http://%s/", ln.Addr())
	queries := []string{
		"SELECT * WHERE { SERVICE <" + url + "sparql> { ?s ?p ?o } }",
		"SELECT * WHERE { SERVICE SILENT <" + url + "sparql> { ?s ?p ?o } }",
		"SELECT * FROM <" + url + "g> WHERE { ?s ?p ?o }",
		"SELECT * FROM NAMED <" + url + "g> WHERE { GRAPH ?g { ?s ?p ?o } }",
	}
	for _, q := range queries {
		a, err := eval(t, e, q)
		if err == nil && a.Kind == results.Bindings && len(a.Rows) > 0 && remoteData(a) {
			t.Errorf("%s answered with remote data: %v", q, a.Rows)
		}
	}
	time.Sleep(100 * time.Millisecond)
	if n := conns.Load(); n > 0 {
		t.Fatalf("the loopback listener saw %d connection(s): an engine reached the network", n)
	}
}

// remoteData: the listener serves nothing, so any triple other than the
// case's own would have come from elsewhere.
func remoteData(a *results.Answer) bool {
	for _, r := range a.Rows {
		if o, ok := r["o"]; ok && o != rdf.String("default") && o != rdf.String("named") {
			return true
		}
	}
	return false
}

// UpdateCheck is one update of an adapter's update check: the store after
// it as StoreLines writes it (AnyStore: not compared, where engines differ
// in what a failing request leaves), a word of the failure the store
// carries ("" for none), or the class of its error (oracle.Classify:
// "rejected", "unsupported"; "" for an answer).
type UpdateCheck struct {
	Update   string
	Want     string
	AnyStore bool
	Failed   string
	Err      string
}

// CheckUpdates applies each case on Dataset() with src the documents LOAD
// may name (oracle.Case.Sources of an update case) and holds the outcome, the store
// and its failure to the case's (§3 of SPARQL 1.1 Update, #updateLanguage).
func CheckUpdates(t *testing.T, e oracle.Engine, src map[string]*rdf.Graph, cases []UpdateCheck) {
	t.Helper()
	for _, c := range cases {
		got, failed, err := ApplyUpdate(e, c.Update, src)
		if oracle.Classify(err) != c.Err {
			t.Errorf("%s: %v, want outcome %q", c.Update, err, c.Err)
		}
		if !strings.Contains(failed, c.Failed) || (c.Failed == "") != (failed == "") {
			t.Errorf("%s: failure %q, want failure %q", c.Update, failed, c.Failed)
		}
		if !c.AnyStore && got != c.Want {
			t.Errorf("%s:\n got %s\nwant %s", c.Update, got, c.Want)
		}
	}
}

// ApplyUpdate runs update on Dataset() and answers the store after it
// (StoreLines) and the failure the store carries.
func ApplyUpdate(e oracle.Engine, update string, src map[string]*rdf.Graph) (store, failed string, err error) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		return "", "", fmt.Errorf("%s applies no updates", e.Name())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	a, err := u.Update(ctx, &oracle.Case{Update: update, Dataset: Dataset(), Sources: src})
	if err != nil {
		return "", "", err
	}
	return StoreLines(a.Store.Dataset()), a.Store.Err, nil
}

// StoreLines writes ds as its sorted N-Quads lines joined by "|", the
// example namespace left out and the blank node a line starts with
// written _:0 (engines choose their own labels).
func StoreLines(ds *rdf.Dataset) string {
	var b strings.Builder
	rdf.WriteNQuads(&b, ds.Quads())
	text := strings.ReplaceAll(b.String(), "http://example/", "")
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "_:") {
			lines[i] = "_:0" + l[strings.Index(l, " "):]
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "|")
}
