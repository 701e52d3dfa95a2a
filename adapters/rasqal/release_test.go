package rasqal

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// masterEngine is the roqet `oracle engines install rasqal@master` builds from
// a snapshot of git master, run as rasqal@master; the test skips without it
// (the snapshot is not part of the repository).
func masterEngine(t *testing.T) (*Engine, Config) {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(Releases(dir), "master") {
		t.Skip("rasqal master is not built: `oracle engines install rasqal@master` builds it from ../shared/engines/rasqal-master-COMMIT.tar.gz")
	}
	cfg := ReleaseConfig(dir, "master", "rasqal@master", DefaultLimits)
	return New(cfg), cfg
}

// TestMasterRelease: the master roqet runs under its own name, with a
// version naming master and the commit (VERSION) before roqet's own words,
// and under the same confinement as the pinned one: no hostile query
// (adaptertest.HostileQueries: FROM file: and http: IRIs, SERVICE, LOAD)
// reads a planted file or reaches the loopback listener. Not
// adaptertest.Run whole: its dataset check fails on master, which leaves
// ?g unbound in GRAPH ?g { ?s ?p ?o } (0.9.33 binds it): an engine
// finding, not the adapter's.
func TestMasterRelease(t *testing.T) {
	e, cfg := masterEngine(t)
	out, err := exec.Command(cfg.Roqet, "-v").Output()
	if err != nil {
		t.Fatal(err)
	}
	label, err := os.ReadFile(filepath.Join(filepath.Dir(filepath.Dir(cfg.Roqet)), "VERSION"))
	if err != nil || !strings.HasPrefix(string(label), "master ") {
		t.Fatalf("VERSION %q (%v): want \"master COMMIT\"", label, err)
	}
	want := strings.TrimSpace(string(label)) + " (roqet " + strings.TrimSpace(string(out)) + ")"
	if e.Name() != "rasqal@master" || e.Version() != want {
		t.Errorf("name %q, version %q; want rasqal@master, %q", e.Name(), e.Version(), want)
	}
	l := adaptertest.Listen(t)
	for _, q := range adaptertest.HostileQueries(adaptertest.PlantSecrets(t), l.URL) {
		a, err := eval(e, &oracle.Case{Name: "hostile", Query: q}, 30*time.Second)
		if err != nil && strings.Contains(err.Error(), adaptertest.Secret) || a != nil && strings.Contains(fmt.Sprint(a.Rows, a.Triples), adaptertest.Secret) {
			t.Errorf("%s: master read the secret: %+v, %v", q, a, err)
		}
	}
	time.Sleep(100 * time.Millisecond)
	if n := l.Conns(); n > 0 {
		t.Errorf("the loopback listener saw %d connection(s): master reached the network", n)
	}
}

// TestMasterIsMaster: the release runs master's librasqal, not the
// system's 0.9.33 (same soname; install.sh links it statically). AVG over
// no solution is one row holding 0 (#defn_aggAvg): master answers it,
// 0.9.33 answers no row (corpus/regress/avg-missing-rows).
func TestMasterIsMaster(t *testing.T) {
	master, _ := masterEngine(t)
	pinned := realEngine(t)
	q := "SELECT (AVG(?o) AS ?a) WHERE { ?s <http://example/none> ?o }"
	rows := map[string]int{}
	for _, e := range []*Engine{pinned, master} {
		a, err := eval(e, &oracle.Case{Name: e.Name(), Query: q}, 30*time.Second)
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		rows[e.Name()] = len(a.Rows)
		if e == master && (len(a.Rows) != 1 || a.Rows[0]["a"] != rdf.Literal("0", rdf.XSDInteger)) {
			t.Errorf("master: %v, want one row ?a = 0", a.Rows)
		}
	}
	if rows["rasqal"] != 0 {
		t.Errorf("0.9.33 answered %d rows: the pinned roqet changed, pick another query", rows["rasqal"])
	}
}

// TestMasterReproducer: master's reproducer builds the commit its VERSION
// names, and its script, run with master's roqet first on PATH, prints the
// answer (AVG over nothing: one row holding 0, which 0.9.33 does not print).
func TestMasterReproducer(t *testing.T) {
	_, cfg := masterEngine(t)
	c := oracle.NativeCase{Query: "SELECT (AVG(?o) AS ?avg) WHERE { ?s <http://example/none> ?o }",
		Data: "<http://example/s> <http://example/p> \"x\" .\n"}
	n, ok := oracle.NativeFor(NewRelease(cfg), c)
	commit, _ := releaseCommit(cfg.Release)
	if !ok || commit == "" || !strings.Contains(n.Install, "git checkout "+commit) {
		t.Fatalf("reproducer %v %+v: want one building %q", ok, n, cfg.Release)
	}
	// roqet exits 2 after a warning, answer whole: the error is not a failure
	out, _, _ := adaptertest.RunNative(t, n, c, "PATH="+filepath.Dir(cfg.Roqet)+":"+os.Getenv("PATH"))
	if !strings.Contains(out, `<binding name="avg">`) {
		t.Errorf("the script printed %q, want the row ?avg", out)
	}
}
