package adaptertest

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// ReproduceUpdates are the update cases CheckUpdateReproducer runs: a
// DELETE/INSERT with a blank node across graphs, a request that fails in
// its second operation on stores that record graphs (CREATE of a graph
// holding quads), and a relative IRI resolved against the base.
var ReproduceUpdates = []oracle.NativeCase{
	{Update: true, Data: "_:b <http://example/p> \"o\" .\n<http://example/s> <http://example/p> \"n\" <http://example/g> .\n",
		Query: "DELETE { ?s ?p \"o\" } INSERT { GRAPH <http://example/h> { ?s ?p _:n } } WHERE { ?s ?p ?o }"},
	{Update: true, Data: "<http://example/s> <http://example/p> \"n\" <http://example/g> .\n",
		Query: "INSERT DATA { <http://example/x> <http://example/y> <http://example/z> } ; CREATE GRAPH <http://example/g>"},
	{Update: true, Data: "<http://example/s> <http://example/p> \"o\" .\n", Base: "http://example/base/",
		Query: "INSERT DATA { <a> <b> <c> . GRAPH <g> { <a> <b> \"d\"@en } }"},
}

// CheckUpdateReproducer runs e's native reproducer of each update case
// (oracle.NativeFor with NativeCase.Update: update.ru applied to data.nq,
// the store printed as N-Quads) with bash in a fresh folder, env added to
// the environment (a python3 on PATH, NODE_PATH) and setup, when not nil,
// adding what the command expects to the folder (a lib/ of jars), and
// holds its output to the adapter's answer: the same quads up to
// blank-node renaming, and a failing command where the adapter's store
// carries a failure.
func CheckUpdateReproducer(t *testing.T, e oracle.Engine, env []string, setup func(dir string)) {
	CheckNativeUpdates(t, e, NativeRun{Env: env, Setup: setup})
}

// NativeRun is how CheckNativeUpdates runs a reproducer.
type NativeRun struct {
	Env   []string         // added to the environment (the last of a name wins)
	Setup func(dir string) // adds what the command expects to the case's folder
	// Dir is case i's folder (default a fresh temporary one): a server
	// that reads files only from folders it allows wants one of those.
	Dir func(i int) string
	// Script rewrites the script (a private server's port and password in
	// place of the package service's defaults).
	Script func(string) string
}

// CheckNativeUpdates is CheckUpdateReproducer with the run described by r.
func CheckNativeUpdates(t *testing.T, e oracle.Engine, r NativeRun) {
	u, ok := oracle.AsUpdater(e)
	if !ok {
		t.Fatalf("%s applies no updates", e.Name())
	}
	for i, c := range ReproduceUpdates {
		n, ok := oracle.NativeFor(e, c)
		if !ok {
			t.Fatalf("%s has no native reproducer", e.Name())
		}
		script, dir := n.Run, ""
		if r.Script != nil {
			script = r.Script(script)
		}
		if r.Dir != nil {
			dir = r.Dir(i)
		}
		want, failed := adapterStore(t, u, c)
		got, err := runNative(t, script, c, dir, r)
		if (err != nil) != failed {
			t.Errorf("case %d: command error %v, adapter's store failed %v\n%s", i, err, failed, script)
		}
		if !rdf.IsomorphicQuads(got, want) {
			t.Errorf("case %d: the command printed\n%s\nthe adapter answered\n%s", i, nquads(got), nquads(want))
		}
	}
}

func adapterStore(t *testing.T, u oracle.Updater, c oracle.NativeCase) ([]rdf.Quad, bool) {
	ds := rdf.NewDataset()
	for _, q := range c.Quads() {
		ds.Add(q)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := u.Update(ctx, &oracle.Case{Update: c.Query, Base: c.Base, Dataset: ds})
	if err != nil {
		t.Fatalf("the adapter: %v", err)
	}
	return a.Store.Dataset().Quads(), a.Store.Err != ""
}

// runNative runs the script in dir (a temporary folder when "") holding
// update.ru and data.nq (RunScript, native.go), and reads the store it
// prints.
func runNative(t *testing.T, script string, c oracle.NativeCase, dir string, r NativeRun) ([]rdf.Quad, error) {
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if r.Setup != nil {
		r.Setup(dir)
	}
	out, stderr, err := RunScript(t, dir, "bash", script, c, r.Env, 120*time.Second)
	quads, perr := rdf.ParseNQuads(strings.NewReader(out), "output")
	if perr != nil {
		t.Fatalf("unreadable output %q (%v; stderr %s)", out, perr, stderr)
	}
	return quads, err
}

func nquads(qs []rdf.Quad) string {
	var b strings.Builder
	rdf.WriteNQuads(&b, qs)
	return b.String()
}
