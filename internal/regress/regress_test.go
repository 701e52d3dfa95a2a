package regress

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/golden"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reduce"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/w3csuite"
)

var (
	record   = flag.Bool("record", false, "re-record corpus/regress from testdata/seeds on the installed engines")
	rejudge  = flag.Bool("rejudge", false, "re-run every corpus case on the installed engines and rewrite only the verdicts")
	workers  = flag.Int("workers", 3, "with -record: seeds judged and reduced at once")
	maxCalls = flag.Int("maxcalls", 300, "with -record: oracle calls per engine's reduction")
	maxTime  = flag.Duration("maxtime", 30*time.Second, "with -record: wall time per engine's reduction")
	updates  = flag.Bool("updates", false, "with -record or -rejudge: the update cases only (testdata/seeds/*.ru); the query cases stay as they are")
	merge    = flag.Bool("merge", false, "with TestOneCasePerRootCause: make every case that faces no root cause witnesses of the faces of its root causes, and remove it")
	seedsRE  = flag.String("seeds", "", "with -record: only the query seeds whose name matches REGEXP, recorded into a fresh temporary folder (logged) to check new seeds; corpus/regress stays as it is")
)

// installScript lists the engines scripts/install.sh installs: in CI they
// must be present.
var installScript = map[string]bool{"oxigraph": true, "comunica": true, "pyoxigraph": true, "oxilite": true, "rdflib": true}

// repoRoot is the checkout's root (w3csuite.RepoRoot: the folder holding
// go.mod above the working directory).
func repoRoot(t testing.TB) string {
	root, err := w3csuite.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// engines builds the reference, the fast engine and every installed
// adapter; missing adapters are skipped with a message, or fail in CI.
func engines(t *testing.T) []oracle.Engine {
	t.Helper()
	names := []string{oracle.JudgeName, oracle.TwinName}
	// Virtuoso runs when its package is installed (virtuosoInstalled).
	for _, n := range registry.External() {
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

// TestCorpus runs every regression case through triage.Judge and fails on a
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
	ups, err := LoadUpdateDir(corpusDir(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range append(ups, cases...) {
		t.Run(c.ID, func(t *testing.T) { checkCase(t, c, es) })
	}
}

// checkCase is TestCorpus for one case of either kind: a change that is a
// timeout, a shift of classes with the same outcome or an engine recorded
// as flaky is logged, any other fails; the run is shown when anything
// changed (the verdicts' table of a query, the reports of an update).
func checkCase(t *testing.T, c *Case, es []oracle.Engine) {
	var changes []Change
	var show func(*bytes.Buffer)
	rerecord := "-record"
	if c.Update {
		ch, run, err := CheckUpdate(context.Background(), c, es)
		if err != nil {
			t.Fatal(err)
		}
		changes, rerecord = ch, "-record -updates"
		show = func(b *bytes.Buffer) { report.WriteMarkdown(b, report.UpdateBugs(run, es...)) }
	} else {
		ch, r := Check(context.Background(), c, es)
		changes, show = ch, func(b *bytes.Buffer) { report.WriteTable(b, r) }
	}
	for _, ch := range changes {
		if ch.Timing() || ch.Shifted() || ch.Flaky(c) {
			t.Logf("%s: %s (a timeout, classes shifted with the same outcome, or an engine recorded as flaky: logged only)", filepath.Join(c.Dir, "expect.tsv"), ch)
			continue
		}
		t.Errorf("%s: %s (re-record with %s once understood)", filepath.Join(c.Dir, "expect.tsv"), ch, rerecord)
	}
	if len(changes) > 0 {
		var b bytes.Buffer
		show(&b)
		t.Log("\n" + b.String())
	}
}

// TestRecord regenerates the corpus from the seeds (only with -record):
// the corpus cases no seed accounts for become seeds first (SeedOrphans),
// then every seed is judged on every installed engine, each engine's
// divergence reduced per class against the judge alone, and the corpus
// rewritten with one case per root cause (Regenerate); record.tsv logs
// what was flagged. With -rejudge instead: every existing case re-run and
// only its verdicts rewritten (Rejudge), no reduction.
func TestRecord(t *testing.T) {
	if !*record && !*rejudge {
		t.Skip("run with -record to regenerate corpus/regress, -rejudge to re-run its verdicts")
	}
	dir := corpusDir(t)
	es := engines(t)
	start := time.Now()
	if *rejudge {
		rejudgeAll(t, dir, es)
		t.Logf("rejudged in %s", time.Since(start).Round(time.Second))
		return
	}
	seedsDir := filepath.Join("testdata", "seeds")
	lim := reduce.Limits{MaxCalls: *maxCalls, MaxTime: *maxTime, Deadline: 10 * time.Second}
	if *seedsRE != "" {
		recordSubset(t, seedsDir, es, lim)
		return
	}
	recordUpdates(t, seedsDir, dir, es, lim)
	if *updates {
		return
	}
	old, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	added, err := SeedOrphans(old, seedsDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d corpus cases became seeds: %v", len(added), added)
	seeds, err := LoadSeeds(seedsDir)
	if err != nil {
		t.Fatal(err)
	}
	flaky := map[string]string{}
	for _, c := range old {
		if c.Meta["flaky"] != "" {
			flaky[c.Meta["fingerprint"]] = c.Meta["flaky"]
		}
	}
	g := Regenerate(context.Background(), seeds, es, dir, Options{Limits: lim, Workers: *workers, Logf: t.Logf, Flaky: flaky})
	if err := g.WriteCorpus(dir); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d seeds -> %d cases in %s", len(seeds), len(g.Cases), time.Since(start).Round(time.Second))
}

// recordSubset records the query seeds -seeds selects as TestRecord
// -record would (reduced, verified, grouped, confirmed) into a temporary
// folder it keeps and logs, with each case's verdicts: a new seed is checked
// without the ten minutes of a whole record, and the corpus is not touched
// (the cases a whole record files depend on every seed: grouping by
// fingerprint spans seeds).
func recordSubset(t *testing.T, seedsDir string, es []oracle.Engine, lim reduce.Limits) {
	re, err := regexp.Compile(*seedsRE)
	if err != nil {
		t.Fatalf("-seeds: %v", err)
	}
	all, err := LoadSeeds(seedsDir)
	if err != nil {
		t.Fatal(err)
	}
	var seeds []Seed
	for _, s := range all {
		if re.MatchString(s.ID) {
			seeds = append(seeds, s)
		}
	}
	if len(seeds) == 0 {
		t.Fatalf("-seeds %q matches no seed in %s", *seedsRE, seedsDir)
	}
	out, err := os.MkdirTemp("", "regress-seeds-")
	if err != nil {
		t.Fatal(err)
	}
	g := Regenerate(context.Background(), seeds, es, out, Options{Limits: lim, Workers: *workers, Logf: t.Logf})
	if err := g.WriteCorpus(out); err != nil {
		t.Fatal(err)
	}
	for _, l := range g.Log {
		t.Logf("seed %s: %s %s %s %s", l.Seed, l.What, l.Engine, l.Class, l.Detail)
	}
	for _, c := range g.Cases {
		t.Logf("case %s: %s", c.Dir, c.Meta["title"])
		for _, e := range c.Expect {
			t.Logf("  %s %s %s %v %s", e.Engine, e.Version, e.Outcome, e.Classes, e.Reduction)
		}
	}
	t.Logf("%d seeds -> %d cases in %s (corpus/regress unchanged)", len(seeds), len(g.Cases), out)
}

// recordUpdates regenerates the update cases from testdata/seeds/*.ru
// (RegenerateUpdates) and rewrites them alone (WriteUpdateCorpus).
func recordUpdates(t *testing.T, seedsDir, dir string, es []oracle.Engine, lim reduce.Limits) {
	start := time.Now()
	seeds, err := LoadUpdateSeeds(seedsDir)
	if err != nil {
		t.Fatal(err)
	}
	g := RegenerateUpdates(context.Background(), seeds, es, dir, Options{Limits: lim, Workers: *workers, Logf: t.Logf})
	if err := g.WriteUpdateCorpus(dir); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d update seeds -> %d cases in %s", len(seeds), len(g.Cases), time.Since(start).Round(time.Second))
}

func rejudgeAll(t *testing.T, dir string, es []oracle.Engine) {
	ups, err := LoadUpdateDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ups {
		if err := RejudgeUpdate(context.Background(), c, es); err != nil {
			t.Fatal(err)
		}
		if err := c.Write(); err != nil {
			t.Fatal(err)
		}
	}
	if *updates {
		return
	}
	cases, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		Rejudge(context.Background(), c, es)
		if err := c.Write(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFindings checks docs/findings.md is generated from the current
// corpus (-update rewrites it).
func TestFindings(t *testing.T) {
	cases, up := corpusAndUpstream(t)
	ref, err := registry.New(oracle.JudgeName)
	if err != nil {
		t.Fatal(err)
	}
	master, err := ReadMasterTable(filepath.Join(corpusDir(t), "rasqal-master.tsv"), "rasqal")
	if err != nil {
		t.Fatal(err)
	}
	got := Findings(cases, up, ref, master)
	path := filepath.Join(repoRoot(t), "docs", "findings.md")
	if !golden.File(t, path, got) {
		t.Logf("regenerate it with go test ./internal/regress -run TestFindings -update")
	}
	if !golden.File(t, filepath.Join(corpusDir(t), "roots.tsv"), RootsIndex(cases, up)) {
		t.Logf("regenerate it with go test ./internal/regress -run TestFindings -update")
	}
}

// corpusAndUpstream loads every case of corpus/regress, query and update,
// sorted by id, and its upstream.tsv.
func corpusAndUpstream(t *testing.T) ([]*Case, *UpstreamIndex) {
	cases, err := LoadDir(corpusDir(t))
	if err != nil {
		t.Fatal(err)
	}
	ups, err := LoadUpdateDir(corpusDir(t))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, ups...)
	sort.Slice(cases, func(i, j int) bool { return cases[i].ID < cases[j].ID })
	up, err := ReadUpstream(filepath.Join(corpusDir(t), "upstream.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return cases, up
}

// TestOneCasePerRootCause: every corpus case showing a finding is the
// face (smallest witness) of at least one root cause; a case all of whose
// findings another case faces is a duplicate, kept as witnesses of those
// faces (-merge does it; then regenerate upstream.tsv and the findings).
func TestOneCasePerRootCause(t *testing.T) {
	cases, up := corpusAndUpstream(t)
	if *merge {
		merged, err := MergeDuplicates(cases, up)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("merged %d duplicates: %s", len(merged), strings.Join(merged, ", "))
		return
	}
	for _, d := range Duplicates(cases, up) {
		t.Errorf("%s faces no root cause: every finding it shows is a root cause a smaller case faces "+
			"(merge it: go test ./internal/regress -run TestOneCasePerRootCause -merge)", d.ID)
	}
}

func TestExpectRoundTrip(t *testing.T) {
	text := "# origin: o\n# signature: wrong-value: a | reference\nengine\tversion\toutcome\tclasses\tbasis\treduction\ttitle\n" +
		"a\t1.0\twrong\twrong-value,missing-rows\ttext:defn_algMinus\tminimal=verified tried=7\tMINUS: returns 2 rows where the spec gives 1\n" +
		"engine\tdev\tcorrect\t\t\t\t\n"
	c := &Case{Meta: map[string]string{}}
	if err := c.parseExpect("x", text); err != nil {
		t.Fatal(err)
	}
	if len(c.Expect) != 2 || c.Expect[0].Classes[1] != diff.ClassMissingRows || c.Meta["origin"] != "o" ||
		c.Expect[0].Basis != "text:defn_algMinus" || c.Expect[0].Reduction != "minimal=verified tried=7" ||
		c.Expect[0].Title != "MINUS: returns 2 rows where the spec gives 1" {
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

// TestRetitle: a rejudge that renames the reduced engine's finding
// carries the new title into the case's title, feature and origin; an
// unchanged title, or another engine's, leaves the header alone. The
// triggers it names with are the ones expect.tsv records.
func TestRetitle(t *testing.T) {
	old := `COUNT: returns "0"^^xsd:decimal for ?v1 where the spec gives "0"^^xsd:integer`
	now := `arithmetic (*): returns "0"^^xsd:decimal for ?v1 where the spec gives "0"^^xsd:integer`
	c := &Case{Meta: map[string]string{"reduction": "engine=rdflib oracle_calls=59", "feature": "COUNT",
		"title": old + " (rdflib)", "origin": old + " (rdflib; xsd:integer typed xsd:decimal); reduced from seed byte-promotion"},
		Expect: []Expect{{Engine: "rdflib", Title: now, RootCause: "834a675c4a82", Trigger: "aggregate, arithmetic (*), literal xsd:integer"},
			{Engine: "rasqal", Title: "other: changed"}}}
	retitle(c, map[string]Expect{"rdflib": {Title: old}, "rasqal": {Title: "other: before"}})
	if c.Meta["title"] != now+" (rdflib)" || c.Meta["feature"] != "arithmetic (*)" ||
		c.Meta["origin"] != now+" (rdflib; xsd:integer typed xsd:decimal); reduced from seed byte-promotion" {
		t.Errorf("header: %q", c.Meta)
	}
	if got := recordedTriggers(c).Triggers; !slices.Equal(got["rdflib"], []string{"aggregate", "arithmetic (*)", "literal xsd:integer"}) || len(got) != 1 {
		t.Errorf("triggers: %v", got)
	}
}
