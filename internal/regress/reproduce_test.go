package regress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/adapters/virtuoso"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/registry"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/triage"
)

// TestNativeReproducers runs the engine-native reproducer of every bug
// report (the adapter's oracle.Reproducer: the command a maintainer runs with only
// their engine installed) on the installed engines, for both kinds of
// request. A query case runs in a folder holding query.rq and data.nq:
// for up to maxPerEngine corpus cases naming the engine as diverging, the
// command's output, read back, must equal the adapter's answer
// (diff.Compare) and differ from the reference's; an engine that fails or
// rejects the query must make the command fail. A dataset case (default
// graph, two named graphs, a base IRI) checks every engine's command
// loads the dataset as its adapter does. An update case runs in a folder
// holding update.ru and data.nq, for every update case recording the
// engine on its wrong side (nativeUpdate): the store the command prints is
// not the judge's, or the command fails where the engine is recorded
// failing.
//
// The binaries are this repository's installs: python3 is .venv/bin/python,
// node finds adapters/<x>/node_modules through NODE_PATH, Jena's `sparql`
// (apache-jena's bin/sparql, i.e. arq.sparql from jena-cmds, which no
// Maven install here holds) is jenaSparql below, the same steps on jena-arq
// compiled against the adapter's jar; isql-vt is pointed at a private
// Virtuoso server. Only the install line is not run.
func TestNativeReproducers(t *testing.T) {
	root, cases, ref := nativeCorpus(t, false)
	_, updates, _ := nativeCorpus(t, true)
	h := &harness{root: root, ref: ref, tmp: t.TempDir()}
	var ran atomic.Int64
	t.Cleanup(func() {
		if ran.Load() == 0 && !t.Failed() {
			t.Error("no update reproducer ran")
		}
	})
	for _, name := range nativeEngines {
		if !h.installed(t, name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			h.engine(t, name, cases)
			ran.Add(int64(updateReproducers(t, root, ref, name, updates)))
		})
	}
}

// nativeCorpus is what TestNativeReproducers starts from, for each kind:
// the checkout's root, the corpus's cases of that kind and the judge;
// -short skips it (it runs the installed engines).
func nativeCorpus(t *testing.T, update bool) (string, []*Case, oracle.Engine) {
	if testing.Short() {
		t.Skip("runs the installed engines")
	}
	cases, err := loadDir(corpusDir(t), update)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := registry.New(oracle.JudgeName)
	if err != nil {
		t.Fatal(err)
	}
	return repoRoot(t), cases, ref
}

// nativeEngines are the engines with a native reproducer.
var nativeEngines = []string{"oxigraph", "pyoxigraph", "oxilite", "rdflib", "jena", "comunica", "rasqal", "attean", "rdfquery", "virtuoso"}

// maxPerEngine bounds the corpus cases run per engine (test time).
const maxPerEngine = 3

type harness struct {
	root string
	ref  oracle.Engine
	tmp  string // lives as long as the whole test

	virtuosoDir string // the private server's database folder

	javaOnce sync.Once
	javaCP   string
	javaErr  error
}

// installed says whether name runs here; a missing engine is skipped, or
// fails in CI when scripts/install.sh installs it (Virtuoso may be skipped).
func (h *harness) installed(t *testing.T, name string) bool {
	ok := registry.Installed(name)
	if name == "virtuoso" {
		ok = virtuosoInstalled() && fileExists("/usr/bin/isql-vt")
	}
	if name == "jena" && ok {
		_, err := exec.LookPath("javac")
		ok = err == nil
	}
	if ok {
		return true
	}
	if os.Getenv("CI") == "true" && installScript[name] {
		t.Errorf("%s is not installed (scripts/install.sh installs it)", name)
	} else {
		t.Logf("skipping %s: not installed", name)
	}
	return false
}

func (h *harness) engine(t *testing.T, name string, cases []*Case) {
	env, adapter := h.setup(t, name)
	picked := pick(cases, name)
	for _, c := range picked {
		e, _ := expectOf(c, name)
		t.Run(c.ID, func(t *testing.T) {
			h.corpusCase(t, name, c, e, env, adapter)
		})
	}
	if len(picked) < 2 {
		t.Logf("%s: only %d corpus case(s) name it as diverging", name, len(picked))
	}
	for _, form := range []string{"select", "ask", "construct"} {
		t.Run("dataset-"+form, func(t *testing.T) { h.datasetCase(t, name, form, env, adapter) })
	}
}

// pick chooses up to maxPerEngine cases naming engine as diverging: the
// first where it fails (error, rejected), then those where it answers wrong.
func pick(cases []*Case, engine string) []*Case {
	var failing, wrong []*Case
	for _, c := range cases {
		if e, ok := expectOf(c, engine); ok && e.Outcome == triage.Wrong {
			wrong = append(wrong, c)
		} else if ok {
			failing = append(failing, c)
		}
	}
	n := min(len(failing), 1)
	out := append(append(append([]*Case(nil), failing[:n]...), wrong...), failing[n:]...)
	return out[:min(len(out), maxPerEngine)]
}

// expectOf is c's recorded verdict for engine when it names engine as
// diverging with an answer to show: wrong, or failing (error, rejected,
// crashed). Unsupported and timeout are not reproduced (a timeout depends
// on the machine's load when it was recorded).
func expectOf(c *Case, engine string) (Expect, bool) {
	for _, e := range c.Expect {
		if e.Engine == engine {
			switch e.Outcome {
			case triage.Wrong, triage.Errored, triage.Rejected, triage.Crashed:
				return e, true
			}
			return e, false
		}
	}
	return Expect{}, false
}

// runEnv is how a native command runs here.
type runEnv struct {
	vars  []string                                            // environment additions
	setup func(dir string)                                    // adds files the command expects (the Jena shim)
	fix   func(out, dir string, rep report.Reproducer) string // undoes a known renaming (Rasqal's graph files)
}

// setup maps the command's binaries to this repository's installs and
// returns the adapter to compare with (nil for Virtuoso: a second private
// server is not worth its start-up; its answers are checked against the
// recorded classes instead).
func (h *harness) setup(t *testing.T, name string) (runEnv, oracle.Engine) {
	env, bin := scriptEnv(t, h.root, name)
	switch name {
	case "jena":
		cp := h.jena(t)
		env.setup = func(dir string) {
			d := filepath.Join(dir, "apache-jena-"+jena.Version, "bin")
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
			shim(t, d, "sparql", `exec `+shellWord(jenaJDK(h.root, "java"))+` -cp `+shellWord(cp)+` JenaSparql "$@"`)
		}
	case "virtuoso":
		srv := h.virtuoso(t)
		shim(t, bin, "isql-vt", fmt.Sprintf(`shift 3; exec /usr/bin/isql-vt 127.0.0.1:%d dba %s "$@"`, srv.SQLPort, shellWord(srv.Password)))
		return env, nil
	}
	if name == "rasqal" {
		env.fix = rasqalFileURIs
	}
	e, err := registry.New(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { registry.Close(e) })
	return env, e
}

// scriptEnv is how every native command runs here, a query's or an
// update's: python3 is the checkout's .venv python and node finds
// adapters/<name>/node_modules; bin is the folder of shims first on PATH.
func scriptEnv(t *testing.T, root, name string) (env runEnv, bin string) {
	bin = t.TempDir()
	env.vars = []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	shim(t, bin, "python3", `exec `+shellWord(filepath.Join(root, ".venv", "bin", "python"))+` "$@"`)
	if name == "oxigraph" || name == "comunica" {
		env.vars = append(env.vars, "NODE_PATH="+filepath.Join(root, "adapters", name, "node_modules"))
	}
	return env, bin
}

func shim(t *testing.T, dir, name, body string) {
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func shellWord(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// native is one run of a native command.
type native struct {
	stdout, stderr string
	err            error
}

// run writes query.rq and data.nq into a fresh folder and runs the native
// reproducer there with bash.
func (h *harness) run(t *testing.T, name string, rep report.Reproducer, env runEnv, dir string) native {
	t.Helper()
	n, ok := nativeReproducer(name, rep)
	if !ok {
		t.Fatalf("no native reproducer for %s", name)
	}
	r := runScript(t, dir, n.Run, oracle.NativeCase{Query: rep.Query, Data: rep.Data}, env)
	if env.fix != nil {
		r.stdout = env.fix(r.stdout, dir, rep)
	}
	return r
}

// runScript lets env add its files to dir and runs script there with
// bash beside the case's files (adaptertest.RunScript, a minute at most):
// a query's native command or an update's.
func runScript(t *testing.T, dir, script string, c oracle.NativeCase, env runEnv) native {
	if env.setup != nil {
		env.setup(dir)
	}
	out, errs, err := adaptertest.RunScript(t, dir, "bash", script, c, env.vars, time.Minute)
	return native{stdout: out, stderr: errs, err: err}
}

// corpusCase checks the native command shows the recorded divergence.
func (h *harness) corpusCase(t *testing.T, name string, c *Case, e Expect, env runEnv, adapter oracle.Engine) {
	var data bytes.Buffer
	if err := rdf.WriteNQuads(&data, c.Data.Quads()); err != nil {
		t.Fatal(err)
	}
	rep := report.Reproducer{Query: c.Query, Data: data.String()}
	dir := h.caseDir(t, name)
	got := h.run(t, name, rep, env, dir)
	failed := failedRun(name, got)
	switch e.Outcome {
	case triage.Wrong:
		if failed && slices.Contains(e.Classes, diff.ClassShape) {
			// The engine answers in the wrong kind (solutions for a
			// DESCRIBE): a command that prints the query form's kind
			// cannot print that answer, and its failure shows the shape.
			t.Logf("%s: the command cannot print an answer of the wrong kind, as recorded (shape): %s", c.ID, firstLine(got.stderr))
			return
		}
		if failed {
			t.Fatalf("native command failed (%v): %s", got.err, excerpt(got.stderr))
		}
		answer := parseNative(t, got.stdout, rep.Query)
		h.checkWrong(t, name, c, e, answer, adapter)
		t.Logf("%s: %d row(s)/triple(s), wrong as recorded (%s)", c.ID, size(answer), diff.JoinClasses(e.Classes, ","))
	default: // error, rejected, crashed: the engine fails, so must the command
		if !failed {
			t.Fatalf("native command succeeded where %s records %s; output:\n%s", name, e.Outcome, excerpt(got.stdout))
		}
		if strings.TrimSpace(got.stderr) == "" {
			t.Errorf("native command failed without a message")
		}
		t.Logf("%s: fails as recorded (%s): %s", c.ID, e.Outcome, firstLine(got.stderr))
	}
}

// checkWrong: the native answer equals the adapter's (term by term) and
// differs from the reference's; for Virtuoso, the classes are the recorded
// ones.
func (h *harness) checkWrong(t *testing.T, name string, c *Case, e Expect, answer *results.Answer, adapter oracle.Engine) {
	ctx, cancel := context.WithTimeout(context.Background(), Deadline)
	defer cancel()
	want, err := h.ref.Eval(ctx, c.Oracle())
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	v := diff.Compare(want, answer)
	if v.OK {
		t.Errorf("native answer agrees with the reference: the divergence does not show\n%s", show(answer))
	}
	if adapter == nil {
		if !sameClasses(v.Classes, e.Classes) {
			t.Errorf("native answer diverges with classes %v, recorded %v\n%s", v.Classes, e.Classes, show(answer))
		}
		return
	}
	a, err := adapter.Eval(ctx, c.Oracle())
	if err != nil {
		t.Fatalf("adapter: %v", err)
	}
	if av := diff.Compare(withoutCwd(a), withoutCwd(answer)); !av.OK {
		if sameClasses(diff.Compare(want, a).Classes, v.Classes) {
			// A value the engine makes up per run (RDFLib prints a blank
			// node's fresh label as a string): both runs diverge alike.
			t.Logf("native answer differs from the adapter's in a per-run value, and both diverge from the reference in %v", v.Classes)
			return
		}
		t.Errorf("native answer differs from the adapter's (%v):\nnative:\n%s\nadapter:\n%s", av.Classes, show(answer), show(a))
	}
}

// withoutCwd keeps only the last segment of file: IRIs. Jena resolves a
// relative IRI without a base against its working folder, which is the
// adapter's folder for the adapter and a temporary one for the command.
func withoutCwd(a *results.Answer) *results.Answer {
	if a == nil {
		return nil
	}
	out := *a
	out.Rows = make([]results.Solution, len(a.Rows))
	for i, row := range a.Rows {
		r := results.Solution{}
		for k, t := range row {
			if t.IsIRI() && strings.HasPrefix(t.Value, "file:///") {
				t = rdf.IRI("file:///.../" + filepath.Base(t.Value))
			}
			r[k] = t
		}
		out.Rows[i] = r
	}
	return &out
}

// datasetData is a default graph (with a blank node) and two named graphs.
const datasetData = "<http://example.org/s> <http://example.org/p> \"default\" .\n" +
	"<http://example.org/s> <http://example.org/p> \"one\" <http://example.org/g1> .\n" +
	"<http://example.org/s> <http://example.org/p> \"two\" <http://example.org/g2> .\n" +
	"<http://example.org/s> <http://example.org/q> \"other\" <http://example.org/g2> .\n" +
	"<http://example.org/s> <http://example.org/r> _:b1_2 .\n" // a label Attean's parser refuses

// datasetQueries read datasetData with relative IRIs against a base, one
// per query form. (A graph IRI is written in full: Rasqal's reproducer
// renames only graph IRIs written out in the query.)
var datasetQueries = map[string]string{
	"select":    "SELECT ?g ?o WHERE { { <s> <p> ?o } UNION { GRAPH ?g { <s> <p> ?o } } }\n",
	"ask":       "ASK { GRAPH <http://example.org/g2> { <s> <q> ?o } }\n",
	"construct": "CONSTRUCT { ?s <copy> ?o } WHERE { { GRAPH ?g { ?s <p> ?o } } UNION { ?s <r> ?o } }\n",
}

// datasetCase: the native command must answer as the adapter does (as the
// reference does for Virtuoso): no divergence here, only the dataset (no
// union default graph, named graphs named), the base IRI and the form.
func (h *harness) datasetCase(t *testing.T, name, form string, env runEnv, adapter oracle.Engine) {
	rep := report.Reproducer{Base: "http://example.org/", Query: datasetQueries[form], Data: datasetData}
	got := h.run(t, name, rep, env, h.caseDir(t, name))
	if failedRun(name, got) {
		t.Fatalf("native command failed (%v): %s", got.err, excerpt(got.stderr))
	}
	answer := parseNative(t, got.stdout, rep.Query)
	quads, err := rdf.ParseNQuads(strings.NewReader(rep.Data), "data.nq")
	if err != nil {
		t.Fatal(err)
	}
	ds := rdf.NewDataset()
	for _, q := range quads {
		ds.Add(q)
	}
	c := &oracle.Case{Name: "dataset-" + form, Query: rep.Query, Base: rep.Base, Dataset: ds}
	judge := adapter
	if judge == nil {
		judge = h.ref
	}
	ctx, cancel := context.WithTimeout(context.Background(), Deadline)
	defer cancel()
	want, err := judge.Eval(ctx, c)
	if err != nil {
		t.Fatalf("%s: %v", judge.Name(), err)
	}
	if v := diff.Compare(want, answer); !v.OK {
		t.Errorf("native answer differs from %s's (%v):\nnative:\n%s\n%s:\n%s", judge.Name(), v.Classes, show(answer), judge.Name(), show(want))
	}
	if size(want) == 0 && want.Kind != results.Boolean {
		t.Errorf("%s answers nothing: the check is vacuous", judge.Name())
	}
}

// caseDir is a fresh folder for one run; Virtuoso's must lie inside its
// database folder (DirsAllowed = .).
func (h *harness) caseDir(t *testing.T, name string) string {
	if name != "virtuoso" {
		return t.TempDir()
	}
	dir, err := os.MkdirTemp(h.virtuosoDir, "case-")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// failedRun: the command failed. roqet exits 2 after a warning with its
// answer complete (adapters/rasqal): that is a success when stderr holds no
// error.
func failedRun(name string, r native) bool {
	var exit *exec.ExitError
	if name == "rasqal" && errors.As(r.err, &exit) && exit.ExitCode() == 2 {
		return strings.Contains(r.stderr, "Error") || strings.TrimSpace(r.stdout) == ""
	}
	if name == "rasqal" && strings.Contains(r.stderr, "assertion failed") {
		return true // raptor reports a failed assertion and exits 0, as the adapter knows
	}
	if name == "virtuoso" { // isql exits 0 after an error
		return r.err != nil || strings.Contains(r.stderr, "*** Error")
	}
	return r.err != nil
}

// parseNative reads a native command's output: results XML, JSON or TSV,
// a bare true/false, or N-Triples for CONSTRUCT and DESCRIBE.
func parseNative(t *testing.T, out, query string) *results.Answer {
	t.Helper()
	trimmed := strings.TrimSpace(out)
	var a *results.Answer
	var err error
	switch {
	case graphForm(query) || strings.HasPrefix(trimmed, "_:"): // Virtuoso's ASK: a result-set graph
		a, err = results.ReadRDF(strings.NewReader(out), results.NTriples, "")
		if err != nil { // a graph with a triple that is not RDF (illegal-triple), read as the adapters read it
			a, err = generalizedGraph(out)
		}
	case trimmed == "true" || trimmed == "false":
		a = &results.Answer{Kind: results.Boolean, Boolean: trimmed == "true"}
	case strings.HasPrefix(trimmed, "<?xml") || strings.HasPrefix(trimmed, "<sparql"):
		a, err = results.ReadXML(strings.NewReader(out))
	case strings.HasPrefix(trimmed, "{"):
		a, err = results.ReadJSON(strings.NewReader(out))
	default:
		a, err = results.ReadTSV(strings.NewReader(out))
	}
	if err != nil {
		t.Fatalf("reading the native output: %v\n%s", err, excerpt(out))
	}
	return virtuosoBoolean(a)
}

// generalizedGraph reads an engine's N-Triples that may hold a literal
// subject or a non-IRI predicate (rdf.ParseGeneralized, as the adapters
// read engines' graphs).
func generalizedGraph(out string) (*results.Answer, error) {
	qs, err := rdf.ParseGeneralized(strings.NewReader(out), "native")
	if err != nil {
		return nil, err
	}
	a := &results.Answer{Kind: results.Graph}
	for _, q := range qs {
		a.Triples = append(a.Triples, rdf.Triple{S: q.S, P: q.P, O: q.O})
	}
	return a, nil
}

// virtuosoBoolean reads Virtuoso's ASK answer in N-Triples: a node of type
// rs:results (not the vocabulary's rs:ResultSet) with an rs:boolean.
func virtuosoBoolean(a *results.Answer) *results.Answer {
	if a.Kind != results.Graph || len(a.Triples) != 2 {
		return a
	}
	for _, tr := range a.Triples {
		if tr.P.Value == "http://www.w3.org/2005/sparql-results#boolean" && tr.O.Kind == rdf.KindLiteral {
			return &results.Answer{Kind: results.Boolean, Boolean: tr.O.Value == "true"}
		}
	}
	return a
}

// nativeReproducer is the adapter's own reproducer of rep, reached through
// the engine the registry builds (and its wrappers), as reports reach it.
func nativeReproducer(name string, rep report.Reproducer) (oracle.Native, bool) {
	e, err := registry.New(name)
	if err != nil {
		return oracle.Native{}, false
	}
	defer registry.Close(e)
	return oracle.NativeFor(e, rep.Case())
}

func graphForm(query string) bool {
	n, _ := nativeReproducer("jena", report.Reproducer{Query: query})
	return strings.HasSuffix(n.Run, "--results=NT")
}

func sameClasses(got, want []diff.Class) bool {
	if len(got) == 0 || len(want) == 0 {
		return false
	}
	return got[0] == want[0]
}

func size(a *results.Answer) int {
	if a.Kind == results.Graph {
		return len(a.Triples)
	}
	return len(a.Rows)
}

func show(a *results.Answer) string {
	var b bytes.Buffer
	if a.Kind == results.Graph {
		for _, tr := range a.Triples {
			b.WriteString(tr.String() + "\n")
		}
		return b.String()
	}
	if err := results.WriteTSV(&b, a); err != nil {
		return err.Error()
	}
	return b.String()
}

func excerpt(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "..."
	}
	return s
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return l
}

// rasqalFileURIs renames the graph files' URIs in roqet's output back to the
// graph IRIs they stand for (the reproducer's gN.nq is the N-th named graph
// in IRI order), as adapters/rasqal does.
func rasqalFileURIs(out, dir string, rep report.Reproducer) string {
	quads, err := rdf.ParseNQuads(strings.NewReader(rep.Data), "data.nq")
	if err != nil {
		return out
	}
	seen := map[string]bool{}
	var graphs []string
	for _, q := range quads {
		if q.G.Kind == rdf.KindIRI && !seen[q.G.Value] {
			seen[q.G.Value] = true
			graphs = append(graphs, q.G.Value)
		}
	}
	sort.Strings(graphs)
	for i, g := range graphs {
		out = strings.ReplaceAll(out, fmt.Sprintf("file://%s/g%d.nq", dir, i+1), g)
	}
	return out
}

// virtuoso starts a private server (adapters/virtuoso) for the isql steps.
func (h *harness) virtuoso(t *testing.T) *virtuoso.Server {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// The reproducer's isql-vt connects to the SQL port from the host, as a
	// maintainer's would: the server shares the host's loopback (it runs
	// only the corpus's cases, never an untrusted one).
	srv, err := virtuoso.Start(ctx, virtuoso.Options{HostLoopback: true})
	if err != nil {
		t.Fatalf("starting Virtuoso: %v", err)
	}
	t.Cleanup(func() { srv.Close() })
	// Case folders go below the server's DirsAllowed (its "files"
	// folder), where a maintainer's reproducer is told to put them.
	h.virtuosoDir = filepath.Join(srv.Dir, "files")
	return srv
}

// jena compiles jenaSparql against the adapter's jar (once) and returns
// the class path that runs it.
func (h *harness) jena(t *testing.T) string {
	h.javaOnce.Do(func() {
		dir := filepath.Join(h.tmp, "jena")
		jar := filepath.Join(h.root, "adapters", "jena", "target", "jena-sidecar.jar")
		if h.javaErr = os.MkdirAll(dir, 0o755); h.javaErr != nil {
			return
		}
		src := filepath.Join(dir, "JenaSparql.java")
		if h.javaErr = os.WriteFile(src, []byte(jenaSparql), 0o644); h.javaErr != nil {
			return
		}
		// The JDK the jar was built with (Jena 6 needs Java 21): its javac.
		out, err := exec.Command(jenaJDK(h.root, "javac"), "-nowarn", "-cp", jar, "-d", dir, src).CombinedOutput()
		if err != nil {
			h.javaErr = fmt.Errorf("javac: %v: %s", err, out)
		}
		h.javaCP = dir + string(os.PathListSeparator) + jar
	})
	if h.javaErr != nil {
		t.Fatal(h.javaErr)
	}
	return h.javaCP
}

// jenaSparql does what apache-jena's `sparql --data=F --query=Q
// --results=R [--base=B]` does (jena-cmds arq.sparql, ModDatasetGeneral):
// RDFDataMgr.read of the data into DatasetFactory.createTxnMem() (N-Quads
// named graphs stay named, no union default graph), the query parsed as
// SPARQL 1.1 against the base, the answer written in the results format.
// An exception exits 1 with its message, as the command does.
const jenaSparql = `
import org.apache.jena.query.*;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.*;

public class JenaSparql {
    public static void main(String[] args) {
        String data = null, query = null, format = "TEXT", base = null;
        for (String a : args) {
            String[] kv = a.split("=", 2);
            switch (kv[0]) {
                case "--data": data = kv[1]; break;
                case "--query": query = kv[1]; break;
                case "--results": format = kv[1]; break;
                case "--base": base = kv[1]; break;
                default: System.err.println("unknown argument " + a); System.exit(2);
            }
        }
        try {
            Dataset ds = DatasetFactory.createTxnMem();
            final String file = data;
            ds.executeWrite(() -> RDFDataMgr.read(ds, file));
            Query q = QueryFactory.read(query, base, Syntax.syntaxSPARQL_11);
            final String f = format;
            ds.executeRead(() -> run(q, ds, f));
        } catch (RuntimeException e) {
            System.err.println(e);
            System.exit(1);
        }
    }

    static void run(Query q, Dataset ds, String format) {
        try (QueryExecution qe = QueryExecution.create(q, ds)) {
            if (q.isSelectType()) {
                ResultSet rs = qe.execSelect();
                if (format.equals("JSON")) ResultSetFormatter.outputAsJSON(System.out, rs);
                else ResultSetFormatter.outputAsTSV(System.out, rs);
            } else if (q.isAskType()) {
                boolean b = qe.execAsk();
                if (format.equals("JSON")) ResultSetFormatter.outputAsJSON(System.out, b);
                else ResultSetFormatter.outputAsTSV(System.out, b);
            } else {
                Model m = q.isConstructType() ? qe.execConstruct() : qe.execDescribe();
                RDFDataMgr.write(System.out, m, Lang.NTRIPLES);
            }
        }
        System.out.flush();
    }
}
`

// jenaJDK is tool (java, javac) of the JDK the Jena jar was built with
// (adapters/jena/target/java-home, written by build.sh), else from PATH.
func jenaJDK(root, tool string) string {
	data, err := os.ReadFile(filepath.Join(root, "adapters", "jena", "target", jena.JavaHomeFile))
	if err != nil {
		return tool
	}
	return filepath.Join(strings.TrimSpace(string(data)), "bin", tool)
}
