package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/registry"
)

const libraryTTL = `@prefix : <http://example.org/> .
:solaris :author :lem ; :pages 204 .
:cyberiad :author :lem .
:fifth :author :jemisin ; :pages 468 .
`

func TestDiffUsageErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q.rq": "SELECT * { ?s ?p ?o }", "d.ttl": libraryTTL, "bad.ttl": "<a> <b> ."})
	q, d := filepath.Join(dir, "q.rq"), filepath.Join(dir, "d.ttl")
	for _, args := range [][]string{ // flags and arguments: exit 2
		{},
		{"-q", q, "-d", d, "--dataset", d},
		{"-q", q, "--format", "xml"},
		{"-q", q, "extra"},
		{"-q", q}, // no data: -d, --dataset or --empty-dataset
		{"--bogus"},
	} {
		if code, _ := capture(t, func() int { return runDiff(args) }); code != exitArgs {
			t.Errorf("diff %q: exit %d, want %d", args, code, exitArgs)
		}
	}
	for _, args := range [][]string{ // bad input, before any engine runs: exit 1
		{"-q", filepath.Join(dir, "missing.rq"), "--empty-dataset"},
		{"-q", q, "--empty-dataset", "--engines", "nosuch"},
		{"-q", q, "-d", filepath.Join(dir, "bad.ttl")},
	} {
		if code, _ := capture(t, func() int { return runDiff(args) }); code != exitUsage {
			t.Errorf("diff %q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestDiffAllCorrectJSON(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"q.rq":  "PREFIX : <http://example.org/> SELECT ?b (AVG(?p) AS ?avg) { ?b :author ?a OPTIONAL { ?b :pages ?p } } GROUP BY ?b",
		"d.ttl": libraryTTL,
	})
	code, out := capture(t, func() int {
		return runDiff([]string{"-q", filepath.Join(dir, "q.rq"), "-d", filepath.Join(dir, "d.ttl"), "--engines", "engine", "--format", "json"})
	})
	if code != exitOK {
		t.Fatalf("exit %d, want 0:\n%s", code, out)
	}
	var rep struct {
		Kind     string `json:"kind"`
		Verdicts []struct{ Engine, Version, Outcome string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rep.Kind != "all-correct" || len(rep.Verdicts) != 1 || rep.Verdicts[0].Engine != "engine" || rep.Verdicts[0].Outcome != "correct" {
		t.Errorf("report %+v", rep)
	}
}

// TestDiffAndReduceRDFLib reproduces RDFLib's GROUP BY over an empty input
// (ENGINES.md) through the commands, when RDFLib is installed.
func TestDiffAndReduceRDFLib(t *testing.T) {
	requireInstalled(t, "rdflib")
	dir := writeFiles(t, map[string]string{
		"q.rq":  "PREFIX : <http://example.org/>\nSELECT ?a (COUNT(?b) AS ?n) WHERE { ?b :translator ?a . ?b :pages ?p } GROUP BY ?a ORDER BY ?a",
		"d.ttl": libraryTTL,
	})
	args := []string{"-q", filepath.Join(dir, "q.rq"), "-d", filepath.Join(dir, "d.ttl"), "--engines", "engine,rdflib"}
	code, out := capture(t, func() int { return runDiff(append(args, "--format", "md", "--reduce")) })
	if code != exitDiverges {
		t.Fatalf("exit %d, want 3:\n%s", code, out)
	}
	for _, want := range []string{"extra-rows", "rdflib", "**Reduced:** from 5 quads", "verified 1-minimal", "#defn_algGroup"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	outDir := filepath.Join(dir, "min")
	code, out = capture(t, func() int { return runReduce(append(args, "-o", outDir, "--format", "table")) })
	if code != exitDiverges || !strings.Contains(out, "rdflib") {
		t.Fatalf("reduce: exit %d:\n%s", code, out)
	}
	data, err := os.ReadFile(filepath.Join(outDir, "data.nq"))
	if err != nil || len(data) != 0 {
		t.Errorf("reduced data %q, %v: want empty", data, err)
	}
	q, err := os.ReadFile(filepath.Join(outDir, "query.rq"))
	if err != nil || strings.Contains(string(q), "ORDER BY") || !strings.Contains(string(q), "GROUP BY") {
		t.Errorf("reduced query %q, %v", q, err)
	}
}

func TestReduceNothing(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q.rq": "ASK {}"})
	code, _ := capture(t, func() int {
		return runReduce([]string{"-q", filepath.Join(dir, "q.rq"), "--empty-dataset", "--engines", "engine"})
	})
	if code != exitOK {
		t.Errorf("exit %d, want 0", code)
	}
	code, _ = capture(t, func() int {
		return runReduce([]string{"-q", filepath.Join(dir, "q.rq"), "--empty-dataset", "--engines", "engine", "--signature", "garbage"})
	})
	if code != exitUsage {
		t.Errorf("bad signature: exit %d, want 1", code)
	}
}

// TestDiffParsesOnce: `oracle diff` with four engines (the judge, the fast
// engine and two external engines, each of which reads the query's form
// and dataset clause) parses the query once, where the case is made; every
// stage then reads that tree (oracle.Case.Tree). The engines agree on the
// library data, so no reduction or write-up parses variants of it.
func TestDiffParsesOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: starts two external engines")
	}
	dir := writeFiles(t, map[string]string{"query.rq": agreedQuery, "data.ttl": libraryTTL})
	args := []string{"diff", "-q", filepath.Join(dir, "query.rq"), "-d", filepath.Join(dir, "data.ttl"),
		"--engines", "reference,engine,oxigraph,rdflib", "--format", "json"}
	before := syntax.Parses()
	code, out := capture(t, func() int { return dispatch(args) })
	parses := syntax.Parses() - before
	if code != exitOK {
		t.Fatalf("oracle diff exited %d, want %d (the engines agree):\n%s", code, exitOK, out)
	}
	if parses != 1 {
		t.Errorf("oracle diff with four engines parsed the query %d times, want once", parses)
	}
}

// agreedQuery is a query over the library data every engine answers alike.
const agreedQuery = "PREFIX : <http://example.org/>\nSELECT ?b ?p WHERE { ?b :pages ?p } ORDER BY ?b\n"

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
