package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// TestDiffReadsNothing runs `oracle diff --format json` on every hostile
// query of adaptertest with RDFLib, Virtuoso and Rasqal (where installed):
// no planted file's content appears in its output, the listener sees no
// connection, and FROM <file:///dev/zero> ends: an
// engine reads no file and reaches no URL a case did not supply.
func TestDiffReadsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts real engines")
	}
	var names []string
	for _, n := range []string{"rdflib", "virtuoso", "rasqal"} {
		e, err := registry.New(n)
		if errors.Is(err, registry.ErrNotInstalled) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		registry.Close(e)
		names = append(names, n)
	}
	if len(names) == 0 {
		t.Skip("none of the engines is installed")
	}
	l := adaptertest.Listen(t)
	dir := t.TempDir()
	files := adaptertest.PlantSecrets(t)
	all := adaptertest.HostileQueries(files, l.URL)
	// A sample (each run starts a new Virtuoso database, 6-9 s): FROM and
	// FROM NAMED on a planted file, SERVICE and bif:http_get on the
	// listener, FROM <file:///dev/zero>; the adapters' tests run them all.
	queries := []string{all[0], all[1], all[5], all[10], all[14],
		"SELECT * FROM <file:///dev/zero> WHERE { ?s ?p ?o }"}
	for i, q := range queries {
		qf := filepath.Join(dir, "q.rq")
		os.WriteFile(qf, []byte(q), 0o644)
		args := []string{"-q", qf, "--empty-dataset", "--engines", strings.Join(names, ","), "--format", "json", "--timeout", "10s"}
		code, out := capture(t, func() int { return runDiff(args) })
		if strings.Contains(out, adaptertest.Secret) {
			t.Errorf("%s: oracle diff printed the planted file: %.400s", q, out)
		}
		t.Logf("%d %-.80s → exit %d", i, q, code)
	}
	if n := l.Conns(); n > 0 {
		t.Errorf("the loopback listener saw %d connection(s)", n)
	}
}
