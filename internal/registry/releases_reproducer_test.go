package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// reproCase is a case every reproducer answers the same: one row.
var reproCase = oracle.NativeCase{
	Query: "SELECT ?o WHERE { <http://example.org/s> <http://example.org/p> ?o }",
	Data:  "<http://example.org/s> <http://example.org/p> \"release\" .\n",
}

// TestReleaseReproducers: pyoxigraph@0.4.11 and oxigraph@0.4.11 have a
// reproducer of their own that installs that release, and the script,
// run on the release this checkout installed (its venv's python3, its
// node_modules), prints the answer. Skipped where the release is not
// installed (`oracle engines install NAME`), except under CI=true.
func TestReleaseReproducers(t *testing.T) {
	for _, c := range []struct{ name, install, env string }{
		{"pyoxigraph@0.4.11", "pyoxigraph==0.4.11", "PATH=%s/releases/pyoxigraph-0.4.11/bin:" + os.Getenv("PATH")},
		{"oxigraph@0.4.11", "oxigraph@0.4.11", "NODE_PATH=%s/releases/0.4.11/node_modules"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := installedOrSkip(t, New, c.name)
			n, ok := oracle.NativeFor(e, reproCase)
			if !ok || !strings.Contains(n.Install, c.install) {
				t.Fatalf("reproducer %v %+v: want one installing %s", ok, n, c.install)
			}
			base, _, _ := SplitRelease(c.name)
			d, _ := describedExact(base)
			dir := filepath.Join(mustRoot(t, c.name), "adapters", d.Install.Release.Folder)
			out := runNative(t, n, strings.ReplaceAll(c.env, "%s", dir))
			if !strings.Contains(out, "release") {
				t.Errorf("the script printed %q, want the row", out)
			}
		})
	}
}

// TestRenamedSidecarReproducer: a config entry of another name over a
// sidecar adapter (kind pyoxigraph) keeps its engine's reproducer, though
// reproducers are registered by the adapter's engine name.
func TestRenamedSidecarReproducer(t *testing.T) {
	cfg := &Config{Engines: []EngineConfig{{Name: "pyoxi-big", Kind: "pyoxigraph", MemoryMB: 4096}}}
	e := installedOrSkip(t, cfg.New, "pyoxi-big")
	n, ok := oracle.NativeFor(e, reproCase)
	if !ok || !strings.Contains(n.Install, "pyoxigraph==") {
		t.Fatalf("pyoxi-big: reproducer %v %+v, want pyoxigraph's", ok, n)
	}
	if e.Name() != "pyoxi-big" {
		t.Errorf("name %s", e.Name())
	}
}

// mustRoot is the root holding a release (the checkout, the data folder).
func mustRoot(t *testing.T, name string) string {
	t.Helper()
	where := (&Config{}).Where(name)
	i := strings.Index(where, "/adapters/")
	if i < 0 {
		t.Fatalf("%s: where %q", name, where)
	}
	return where[:i]
}

// runNative runs a reproducer's script in a folder holding query.rq and
// data.nq, with env added, within a minute.
func runNative(t *testing.T, n oracle.Native, env string) string {
	t.Helper()
	out, errs, err := adaptertest.RunNative(t, n, reproCase, env)
	if err != nil {
		t.Fatalf("%v: %s%s\n%s", err, out, errs, n.Run)
	}
	return out + errs
}

// installedOrSkip builds the engine with newEngine, closed when the test
// ends; one that cannot be built here (not installed) skips the test,
// except in CI, where scripts/install.sh must have installed it.
func installedOrSkip(t *testing.T, newEngine func(string) (oracle.Engine, error), name string) oracle.Engine {
	t.Helper()
	e, err := newEngine(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	t.Cleanup(func() { Close(e) })
	return e
}
