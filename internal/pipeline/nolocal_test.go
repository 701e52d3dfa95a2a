package pipeline

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/registry/registrytest"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/triage"
	"github.com/sparql-oracle/oracle/internal/w3c"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

// w3cTests are W3C tests rasqal fails, each a different way a local path
// could reach a report: graph-optional (a bug) binds ?g to qt:graphData
// graph names (the files' IRIs) and its reduction reruns them; exists03
// is a refusal (unsupported: no bug, a verdict with its message) whose
// message names rasqal's temporary file of a named graph
// (file:///tmp/rasqal-.../g0.nt).
var w3cTests = []struct {
	manifest, name string
	bug            bool
}{
	{"sparql10/graph/manifest.ttl", "graph-optional", true},
	{"sparql11/exists/manifest.ttl", "exists03", false},
}

// TestNoLocalPathInAnyOutput builds reports through the real pipeline
// (w3c.BuildCase, Run with reduction on the reference, the fast
// engine and rasqal; the W3C runner on rasqal) from W3C tests, a
// regression corpus case and generated cases, and greps every output
// format (Markdown with its reproducers, JSON, the table; the W3C table,
// JUnit, EARL and baseline) for this machine's paths: the suite's folder,
// the repository, $HOME, /tmp and file://. A W3C test is named by its
// published IRI, its base is that IRI and its data is inlined.
func TestNoLocalPathInAnyOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs rasqal")
	}
	if _, err := exec.LookPath("roqet"); err != nil {
		t.Fatal("rasqal's roqet is not installed (scripts/install.sh installs it): ", err)
	}
	root, err := corpus.SuiteRoot()
	if err != nil {
		t.Fatal(err)
	}
	bad := localStrings(t, root)
	engines := []oracle.Engine{registrytest.Reference(0), registrytest.Fast(), rasqal.New(rasqal.Config{})}
	ctx := context.Background()
	opt := Options{Deadline: 20 * time.Second, Reduce: true, Limits: reduce.Limits{MaxCalls: 150}}

	for _, wt := range w3cTests {
		t.Run("w3c/"+wt.name, func(t *testing.T) {
			tc := w3cTest(t, filepath.Join(root, wt.manifest), wt.name)
			c, err := w3c.BuildCase(tc)
			if err != nil {
				t.Fatal(err)
			}
			rel := strings.TrimSuffix(wt.manifest, ".ttl") + "#" + wt.name
			if w3c.ManifestRelative(c.Name) != rel && !strings.HasPrefix(c.Name, "http") {
				t.Errorf("case name %q: want a public IRI or %s", c.Name, rel)
			}
			if !strings.HasPrefix(c.Base, w3c.PublicBase+strings.TrimSuffix(wt.manifest, "manifest.ttl")) {
				t.Errorf("base %q: want the query's published IRI under %s", c.Base, w3c.PublicBase)
			}
			r, bugs := Run(ctx, c, engines, opt)
			if wt.bug && len(bugs) == 0 || !wt.bug && r.Verdict("rasqal").Err == nil {
				t.Fatalf("rasqal no longer fails %s as baselines/rasqal.tsv says (%s): pick another test", rel, r.Kind)
			}
			if v := r.Verdict("rasqal"); !wt.bug && !strings.Contains(v.Err.Error(), "file:///") {
				t.Errorf("rasqal's message no longer names its temporary file (nothing to keep out): %v", v.Err)
			}
			for _, b := range bugs {
				if b.Reproducer.Base != c.Base || b.Reproducer.Data == "" && c.Dataset.Len() > 0 {
					t.Errorf("reproducer: base %q, %d bytes of data", b.Reproducer.Base, len(b.Reproducer.Data))
				}
			}
			grepAll(t, bad, reportOutputs(t, r, bugs))
		})
	}
	t.Run("w3c-runner", func(t *testing.T) {
		var manifests []string
		ids := map[string]bool{}
		for _, wt := range w3cTests {
			p := filepath.Join(root, wt.manifest)
			manifests = append(manifests, p)
			ids[w3cTest(t, p, wt.name).ID] = true
		}
		rep := w3c.Run(ctx, engines[2], manifests, w3c.Options{Root: root, Workers: 1, Timeout: 30 * time.Second,
			Filter: func(x *corpus.Test) bool { return ids[x.ID] }})
		if rep.Err != nil || len(rep.Results) != len(ids) {
			t.Fatalf("w3c.Run: %v, %d results", rep.Err, len(rep.Results))
		}
		out := map[string]string{}
		for name, write := range map[string]func(*bytes.Buffer) error{
			"table": func(b *bytes.Buffer) error { return rep.WriteTable(b) }, "junit": func(b *bytes.Buffer) error { return rep.WriteJUnit(b) },
			"earl": func(b *bytes.Buffer) error { return rep.WriteEARL(b) }, "baseline": func(b *bytes.Buffer) error { return rep.WriteBaseline(b) },
		} {
			var b bytes.Buffer
			if err := write(&b); err != nil {
				t.Fatal(name, err)
			}
			out[name] = b.String()
		}
		grepAll(t, bad, out)
	})
	t.Run("corpus", func(t *testing.T) {
		repo, err := corpus.DataRoot()
		if err != nil {
			t.Fatal(err)
		}
		c := corpusCase(t, filepath.Join(repo, "corpus", "regress", "rasqal-optional-wrong-value"))
		r, bugs := Run(ctx, c, engines, opt)
		if len(bugs) == 0 {
			t.Fatalf("rasqal no longer diverges on %s (%s)", c.Name, r.Kind)
		}
		grepAll(t, bad, reportOutputs(t, r, bugs))
	})
	t.Run("generated", func(t *testing.T) {
		for seed := int64(1); seed <= 6; seed++ {
			g := corpus.Generate(seed, nil)
			c := &oracle.Case{Name: g.Name(), Query: g.Query, Dataset: g.Dataset()}
			r, bugs := Run(ctx, c, engines, Options{Deadline: 20 * time.Second})
			grepAll(t, bad, reportOutputs(t, r, bugs))
		}
	})
}

// corpusCase reads a regression case's query.rq and data.nq as
// internal/regress does (which imports this package, so not from here).
func corpusCase(t *testing.T, dir string) *oracle.Case {
	t.Helper()
	q, err := os.ReadFile(filepath.Join(dir, "query.rq"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "data.nq"))
	if err != nil {
		t.Fatal(err)
	}
	quads, err := rdf.ParseNQuads(bytes.NewReader(data), "data.nq")
	if err != nil {
		t.Fatal(err)
	}
	ds := rdf.NewDataset()
	for _, x := range quads {
		ds.Add(x)
	}
	return &oracle.Case{Name: "regress/" + filepath.Base(dir), Query: string(q), Dataset: ds}
}

// localStrings are what no output may hold.
func localStrings(t *testing.T, root string) []string {
	bad := []string{root, "/tmp", "file://"}
	if repo, err := w3csuite.RepoRoot(); err == nil {
		bad = append(bad, repo)
	}
	if home, err := os.UserHomeDir(); err == nil && len(home) > 1 {
		bad = append(bad, home)
	}
	if tmp := os.TempDir(); len(tmp) > 1 {
		bad = append(bad, tmp)
	}
	return bad
}

func w3cTest(t *testing.T, manifest, name string) *corpus.Test {
	t.Helper()
	suite, err := corpus.Load(manifest)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range suite.Tests {
		if strings.HasSuffix(x.ID, "#"+name) {
			return x
		}
	}
	t.Fatalf("no test %s in %s", name, manifest)
	return nil
}

// reportOutputs renders r and its bugs in every format of `oracle diff`.
func reportOutputs(t *testing.T, r *triage.Report, bugs []report.Bug) map[string]string {
	t.Helper()
	var md, js, table bytes.Buffer
	if err := report.WriteMarkdown(&md, bugs); err != nil {
		t.Fatal(err)
	}
	if err := report.NewJSON(r, bugs).WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteTable(&table, r, bugs...); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"markdown": md.String(), "json": js.String(), "table": table.String()}
}

// pwdFileIRI is the one file: IRI a reproducer may write: rasqal names a
// graph by its file, so its reproducer builds the IRI from the reader's
// own folder ($PWD, expanded on their machine), never from ours.
const pwdFileIRI = `file://'"$PWD"'/`

// grepAll fails for every local string found in an output, with its line.
func grepAll(t *testing.T, bad []string, outputs map[string]string) {
	t.Helper()
	for format, text := range outputs {
		text = strings.ReplaceAll(strings.ReplaceAll(text, pwdFileIRI, "<$PWD>/"), `file://'\"$PWD\"'/`, "<$PWD>/")
		for _, s := range bad {
			if i := strings.Index(text, s); i >= 0 {
				start := strings.LastIndexByte(text[:i], '\n') + 1
				end := i + strings.IndexByte(text[i:]+"\n", '\n')
				t.Errorf("%s output holds %q: %s", format, s, text[start:end])
			}
		}
	}
}
