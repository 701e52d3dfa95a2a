package regress

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/report"
)

var (
	update  = flag.Bool("update", false, "rewrite docs/findings.md")
	record  = flag.Bool("record", false, "re-record corpus/regress from testdata/seeds on the installed engines")
	seedIDs = flag.String("seeds", "", "with -record: only these comma-separated seeds (their cases are replaced, the others kept)")
)

// installScript lists the engines scripts/install.sh installs: in CI they
// must be present.
var installScript = map[string]bool{"oxigraph": true, "comunica": true, "pyoxigraph": true, "oxilite": true, "rdflib": true}

func repoRoot(t testing.TB) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			t.Fatal("no go.mod above the working directory")
		}
	}
}

// engines builds the reference, the fast engine and every installed
// adapter; missing adapters are skipped with a message, or fail in CI.
func engines(t *testing.T) []oracle.Engine {
	t.Helper()
	names := []string{diff.JudgeName, diff.TwinName}
	// Virtuoso is not among the default external engines (a server of its
	// own per run); the corpus runs it when its package is installed.
	for _, n := range append(registry.External(), "virtuoso") {
		if registry.Installed(n) && (n != "virtuoso" || virtuosoInstalled()) {
			names = append(names, n)
			continue
		}
		if os.Getenv("CI") == "true" && installScript[n] {
			t.Errorf("%s is not installed (scripts/install.sh installs it)", n)
		} else {
			t.Logf("skipping %s: not installed (run scripts/install.sh)", n)
		}
	}
	var out []oracle.Engine
	for _, n := range names {
		e, err := registry.New(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	t.Cleanup(func() {
		for _, e := range out {
			registry.Close(e)
		}
	})
	return out
}

func corpusDir(t testing.TB) string { return filepath.Join(repoRoot(t), "corpus", "regress") }

// TestCorpus runs every regression case through diff.Judge and fails on a
// changed verdict: a fixed bug, a new one, or a changed class.
func TestCorpus(t *testing.T) {
	cases, err := LoadDir(corpusDir(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("empty corpus")
	}
	es := engines(t)
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			changes, r := Check(context.Background(), c, es)
			for _, ch := range changes {
				if ch.Timing() || ch.Shifted() {
					t.Logf("%s: %s (a timeout, or classes shifted with the same outcome: logged only)", filepath.Join(c.Dir, "expect.tsv"), ch)
					continue
				}
				t.Errorf("%s: %s (re-record with -record once understood)", filepath.Join(c.Dir, "expect.tsv"), ch)
			}
			if len(changes) > 0 {
				var b bytes.Buffer
				report.WriteTable(&b, r)
				t.Log("\n" + b.String())
			}
		})
	}
}

// TestRecord rebuilds the corpus from the seeds (only with -record).
func TestRecord(t *testing.T) {
	if !*record {
		t.Skip("run with -record to re-record corpus/regress")
	}
	seeds := filepath.Join("testdata", "seeds")
	data := libraryData(t, filepath.Join(seeds, "library.ttl"))
	queries, _ := filepath.Glob(filepath.Join(seeds, "*.rq"))
	sort.Strings(queries)
	es := engines(t)
	dir := corpusDir(t)
	queries = selectSeeds(t, queries, dir)
	lim := reduce.Limits{MaxCalls: 1000, MaxTime: 2 * time.Minute, Deadline: Deadline}
	for _, path := range queries {
		q, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		id := strings.TrimSuffix(filepath.Base(path), ".rq")
		ds := data // the library example, unless the seed has an ID.nq of its own
		if own := strings.TrimSuffix(path, ".rq") + ".nq"; fileExists(own) {
			ds = libraryData(t, own)
		}
		seed := &oracle.Case{Name: id, Query: string(q), Dataset: ds}
		for _, c := range Record(context.Background(), seed, id, origin(string(q)), dir, es, lim) {
			if err := c.Write(); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %s %s", c.ID, c.Meta["signature"], c.Meta["reduction"])
		}
	}
}

// selectSeeds keeps the seeds -seeds names and removes their recorded
// cases ("<seed>" or "<seed>-<class>[-n]"); without -seeds it removes the
// whole corpus.
func selectSeeds(t *testing.T, queries []string, dir string) []string {
	if *seedIDs == "" {
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		return queries
	}
	want := map[string]bool{}
	for _, s := range strings.Split(*seedIDs, ",") {
		want[strings.TrimSpace(s)] = true
	}
	var out []string
	for _, q := range queries {
		if want[strings.TrimSuffix(filepath.Base(q), ".rq")] {
			out = append(out, q)
		}
	}
	if len(out) != len(want) {
		t.Fatalf("-seeds names %d seeds, %d found in testdata/seeds", len(want), len(out))
	}
	dirs, _ := os.ReadDir(dir)
	for _, d := range dirs {
		if want[seedOf(d.Name())] {
			if err := os.RemoveAll(filepath.Join(dir, d.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// seedOf is the seed a case id was recorded from.
func seedOf(id string) string {
	for _, c := range diff.AllClasses() {
		if i := strings.LastIndex(id, "-"+string(c)); i > 0 {
			rest := id[i+len(c)+1:]
			if rest == "" || rest[0] == '-' {
				return id[:i]
			}
		}
	}
	return id
}

func origin(q string) string {
	first, _, _ := strings.Cut(q, "\n")
	return strings.TrimSpace(strings.TrimPrefix(first, "# origin:"))
}

func libraryData(t *testing.T, path string) *rdf.Dataset {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	quads, err := rdf.Parse(f, rdf.FormatFromName(path), "", path)
	if err != nil {
		t.Fatal(err)
	}
	ds := rdf.NewDataset()
	for _, q := range quads {
		ds.Add(q)
	}
	return ds
}

// TestFindings checks docs/findings.md is generated from the current
// corpus (-update rewrites it).
func TestFindings(t *testing.T) {
	cases, err := LoadDir(corpusDir(t))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := registry.New(diff.JudgeName)
	if err != nil {
		t.Fatal(err)
	}
	got := Findings(cases, ref)
	path := filepath.Join(repoRoot(t), "docs", "findings.md")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil || string(want) != got {
		t.Errorf("%s is stale (or missing: %v); regenerate with go test ./internal/regress -run TestFindings -update", path, err)
	}
}

func TestExpectRoundTrip(t *testing.T) {
	text := "# origin: o\n# signature: wrong-value: a | reference\nengine\tversion\toutcome\tclasses\n" +
		"a\t1.0\twrong\twrong-value,missing-rows\nengine\tdev\tcorrect\t\n"
	c := &Case{Meta: map[string]string{}}
	if err := c.parseExpect("x", text); err != nil {
		t.Fatal(err)
	}
	if len(c.Expect) != 2 || c.Expect[0].Classes[1] != diff.ClassMissingRows || c.Meta["origin"] != "o" {
		t.Fatalf("parsed %+v", c)
	}
	if got := c.expectText(); got != text {
		t.Errorf("round trip:\n%s\nwant\n%s", got, text)
	}
	if err := c.parseExpect("x", "a\t1\twrong\tno-such-class\n"); err == nil || !strings.Contains(err.Error(), "x:1:") {
		t.Errorf("bad class: error %v, want x:1:", err)
	}
}

func virtuosoInstalled() bool {
	_, err := os.Stat("/usr/bin/virtuoso-t")
	return err == nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
