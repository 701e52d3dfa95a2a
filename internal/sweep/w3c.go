package sweep

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/report"
	"github.com/sparql-oracle/oracle/internal/results"
	"github.com/sparql-oracle/oracle/internal/store"
	"github.com/sparql-oracle/oracle/internal/triage"
	"github.com/sparql-oracle/oracle/internal/w3c"
)

// w3cKeys lists every test reachable from the manifests (none named:
// W3CPaths, the query, update and SPARQL 1.2 suites), as
// "w3c/<manifest file relative to the suite root>#<test name>", once
// each: a sweep runs what `oracle w3c` runs, so a pass rate over the
// suite's size counts the same tests whichever ran it. Withdrawn tests are
// listed and recorded as not run, as w3c.Run reports them.
func (c *corpora) w3cKeys(manifests []string) ([]string, error) {
	root, paths, err := w3cRoots(manifests)
	if err != nil {
		return nil, err
	}
	suite, err := corpus.Load(paths...)
	if err != nil {
		return nil, fmt.Errorf("W3C manifests: %w", err)
	}
	prefix := corpus.FileIRI(root) + "/"
	var keys []string
	seen := map[string]bool{}
	for _, t := range suite.Tests {
		key := "w3c/" + strings.TrimPrefix(t.Manifest, prefix) + "#" + testName(t.ID)
		if strings.HasPrefix(t.Manifest, prefix) && !seen[key] {
			seen[key] = true
			keys = append(keys, key)
		}
	}
	return keys, nil
}

// W3CPaths are the manifests a W3C sweep with none named runs, under
// root: the query suites (w3c.DefaultPaths), the SPARQL 1.1 Update suite
// (w3c.UpdatePaths) and the SPARQL 1.2 suite (sparql12/manifest.ttl),
// the corpora the dashboard gives a pass rate for (store.Corpora).
func W3CPaths(root string) []string {
	out := append(w3c.DefaultPaths(root), w3c.UpdatePaths(root)...)
	return append(out, filepath.Join(root, "sparql12", "manifest.ttl"))
}

// w3cJudged: the tests whose query the judge answers too are the query
// evaluation and result-format tests (the format is the expectation's),
// not withdrawn: their divergences are reduced and filed. The others
// (syntax tests, update tests) have no answer to diff and run through
// each engine as `oracle w3c` runs them (w3cDirect).
func w3cJudged(t *corpus.Test) bool {
	return (t.Type == corpus.QueryEvaluation || t.Type == corpus.CSVResultFormat) && !t.Withdrawn() && !w3c.IsUpdateTest(t)
}

// testName is the part of a test IRI after its last "#" (the whole IRI
// when it has none).
func testName(id string) string {
	if i := strings.LastIndex(id, "#"); i >= 0 {
		return id[i+1:]
	}
	return id
}

// w3cCase loads the test "<manifest>#<name>" and builds its case: qt:data
// merged into the default graph, each qt:graphData a named graph.
// (FROM/FROM NAMED sources are not loaded: such tests show up as
// divergences of every engine alike.)
func (c *corpora) w3cCase(rel string) (*oracle.Case, error) {
	t, _, err := c.w3cTest(rel)
	if err != nil {
		return nil, err
	}
	return w3c.BuildCase(t)
}

// w3cTest finds the test "<manifest>#<name>" and its manifest's path.
func (c *corpora) w3cTest(rel string) (*corpus.Test, string, error) {
	root, err := corpus.SuiteRoot()
	if err != nil {
		return nil, "", err
	}
	file, name, ok := strings.Cut(rel, "#")
	if !ok || strings.Contains(file, "..") {
		return nil, "", fmt.Errorf("case w3c/%s: want w3c/<manifest>#<test name>", rel)
	}
	manifest := filepath.Join(root, filepath.FromSlash(file))
	tests, err := c.manifest(manifest)
	if err != nil {
		return nil, "", err
	}
	for _, t := range tests {
		if testName(t.ID) == name && t.Manifest == corpus.FileIRI(manifest) {
			return t, manifest, nil
		}
	}
	return nil, "", fmt.Errorf("case w3c/%s: no such test in %s", rel, manifest)
}

func (c *corpora) manifest(p string) ([]*corpus.Test, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if ts, ok := c.man[p]; ok {
		return ts, nil
	}
	suite, err := corpus.Load(p)
	if err != nil {
		return nil, err
	}
	c.man[p] = suite.Tests
	return suite.Tests, nil
}

// sortBy sorts xs by a string key.
func sortBy[T any](xs []T, key func(T) string) {
	sort.Slice(xs, func(i, j int) bool { return key(xs[i]) < key(xs[j]) })
}

// testResults is a case's per-test record (store.CaseRecord.Tests and
// TestCase): for a W3C test, each engine's status against the test's own
// expected answer, the judge's included, given by w3c.Run over the answers
// triage.Judge already got (no engine runs twice); for a regression case,
// each engine's verdict against the judge. Nothing for a generated case.
func (r *Runner) testResults(ctx context.Context, s store.Sweep, key string, c *oracle.Case, rep *triage.Report) (*store.TestCase, []store.TestResult) {
	switch kind, rest, _ := strings.Cut(key, "/"); kind {
	case "w3c":
		return r.w3cResults(ctx, s, key, rest, rep)
	case "regress":
		return RegressResults(key, rest, c, rep)
	}
	return nil, nil
}

// w3cResults judges each answer of rep against the W3C test's expectation.
func (r *Runner) w3cResults(ctx context.Context, s store.Sweep, key, rel string, rep *triage.Report) (*store.TestCase, []store.TestResult) {
	t, manifest, err := r.cor.w3cTest(rel)
	if err != nil {
		return nil, nil
	}
	root, _ := corpus.SuiteRoot()
	tc := W3CTestCase(key, t, root)
	engines, _ := r.enginesFor(s.Spec.Engines)
	var out []store.TestResult
	for _, p := range replays(rep, engines) {
		wr := w3c.Run(ctx, p, []string{manifest}, w3c.Options{Workers: 1, Root: root, Timeout: 30 * time.Second,
			Filter: func(x *corpus.Test) bool { return x.ID == t.ID }})
		if wr.Err != nil || len(wr.Results) != 1 {
			continue
		}
		res := W3CStatus(key, &wr.Results[0], r.cor.baseline(p.name))
		res.Engine, res.Version, res.ElapsedMS, res.Answer = p.name, p.version, ms(p.elapsed), store.TableOf(p.ans)
		out = append(out, res)
	}
	return &tc, out
}

// replay answers what an engine answered in the sweep's own run; it tells
// the W3C runner which optional features the engine lacks (w3c.Lacker).
type replay struct {
	name, version string
	ans           *results.Answer
	err           error
	elapsed       time.Duration
	lacks         []string
}

func (p *replay) Name() string                                                { return p.name }
func (p *replay) Version() string                                             { return p.version }
func (p *replay) Lacks() []string                                             { return p.lacks }
func (p *replay) Eval(context.Context, *oracle.Case) (*results.Answer, error) { return p.ans, p.err }

// replays are the judge's answer and each verdict's, as engines.
func replays(rep *triage.Report, engines []oracle.Engine) []*replay {
	lacks := map[string][]string{}
	for _, e := range engines {
		if l, ok := e.(w3c.Lacker); ok {
			lacks[e.Name()] = l.Lacks()
		}
	}
	var out []*replay
	if len(engines) > 0 {
		j := &replay{name: engines[0].Name(), version: engines[0].Version(), err: rep.JudgeErr, lacks: lacks[engines[0].Name()]}
		if rep.Expected != nil {
			a := *rep.Expected
			a.Freedom = nil // the judge's own remarks; an answer under test has none
			j.ans = &a
		} else if j.err == nil {
			j.err = fmt.Errorf("%w: the judge gave no answer (%s)", oracle.ErrUnavailable, rep.Reason)
		}
		out = append(out, j)
	}
	for _, v := range rep.Verdicts {
		p := &replay{name: v.Engine, version: v.Version, ans: v.Answer, err: v.Err, elapsed: v.Elapsed, lacks: lacks[v.Engine]}
		if p.ans == nil && p.err == nil { // not run (a dataset clause the case does not resolve)
			p.err = fmt.Errorf("%w: not run: %s", oracle.ErrUnavailable, rep.Reason)
		}
		out = append(out, p)
	}
	return out
}

// W3CTestCase is what the test page shows of a W3C test: its query, its
// dataset as N-Quads, and its expected answer.
func W3CTestCase(key string, t *corpus.Test, root string) store.TestCase {
	tc := store.TestCase{Key: key, IRI: w3c.PublicIRI(t.ID), Name: testName(t.ID), Suite: store.SuiteOf(key), Feature: w3cFolder(t, root), Base: w3c.PublicIRI(t.Query)}
	if t.Name != "" {
		tc.Name = t.Name
	}
	if c, err := w3c.BuildCase(t); err == nil {
		tc.Query, tc.Data = c.Query, nquads(c.Dataset)
	} else {
		tc.Note = "the case could not be built: " + err.Error()
	}
	if exp, err := w3c.ReadExpected(t); err == nil {
		tc.Expected = store.TableOf(exp)
	} else if t.Result != "" {
		tc.Note = strings.TrimSpace(tc.Note + " the expected answer could not be read: " + err.Error())
	}
	return tc
}

// W3CKey is a test's key, as the sweep names it: w3c/<manifest relative to
// root>#<name>.
func W3CKey(t *corpus.Test, root string) string {
	path, ok := corpus.FilePath(t.Manifest)
	if rel, err := filepath.Rel(root, path); ok && err == nil && !strings.HasPrefix(rel, "..") {
		return "w3c/" + filepath.ToSlash(rel) + "#" + testName(t.ID)
	}
	return "w3c/" + t.Manifest + "#" + testName(t.ID)
}

// w3cFolder is the test's manifest folder relative to root.
func w3cFolder(t *corpus.Test, root string) string {
	key := W3CKey(t, root)
	return pathDir(strings.TrimPrefix(key, "w3c/"))
}

func pathDir(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		return p[:i]
	}
	return ""
}

// W3CStatus maps a W3C runner result onto a per-test status: a skip for a
// feature the engine lacks or an unsupported error is unsupported, other
// skips and an engine that could not run are not run, any other error a
// failure of its class. base is the engine's baseline: a failure it lists
// keeps the line's reason (shown as an intended deviation).
func W3CStatus(key string, res *w3c.Result, base w3c.Baseline) store.TestResult {
	out := store.TestResult{Test: key, Suite: store.SuiteOf(key), Reason: res.Reason, ElapsedMS: ms(res.Time)}
	cls, _, _ := strings.Cut(res.Class, ",")
	switch {
	case res.Outcome == w3c.Pass:
		out.Status, out.Reason = store.TestPassed, ""
	case res.Outcome == w3c.Skip && strings.HasPrefix(res.Reason, "requires "), cls == string(diff.ClassUnsupported):
		out.Status = store.TestUnsupported
	case res.Outcome == w3c.Skip, cls == w3c.ClassUnavailable, cls == w3c.ClassHarness:
		out.Status = store.TestNotRun
	default:
		out.Status, out.Class = store.TestFailed, cls
		if e, ok := base[res.Test.ID]; ok {
			out.Baseline = e.Reason
		}
	}
	return out
}

// RegressResults is each engine's verdict on a regression case, against
// the judge: correct passes; a wrong answer, an error, a refusal or a
// timeout fails; a feature the engine lacks is unsupported; a case the
// judge could not decide is not run.
func RegressResults(key, id string, c *oracle.Case, rep *triage.Report) (*store.TestCase, []store.TestResult) {
	tc := &store.TestCase{Key: key, Name: id, Suite: store.SuiteRegress, Feature: report.Feature(c.Query, c.Base),
		Query: c.Query, Data: nquads(c.Dataset), Base: c.Base, Expected: store.TableOf(rep.Expected)}
	var out []store.TestResult
	for _, v := range rep.Verdicts {
		res := store.TestResult{Test: key, Engine: v.Engine, Version: v.Version, Suite: store.SuiteRegress,
			ElapsedMS: ms(v.Elapsed), Answer: store.TableOf(v.Answer), Class: string(v.Class)}
		switch v.Outcome {
		case triage.Correct:
			res.Status, res.Class = store.TestPassed, ""
		case triage.Extended:
			// §17.6 (#extensionFunctions): a value where the text gives an
			// error is conformant, so the test passes; the class says how.
			res.Status = store.TestPassed
		case triage.Unsupported:
			res.Status = store.TestUnsupported
		case triage.Unjudged, triage.Unavailable, triage.TimedOut, triage.Resource:
			res.Status, res.Reason = store.TestNotRun, rep.Reason
		default:
			res.Status = store.TestFailed
		}
		if v.Err != nil {
			res.Reason = v.Err.Error()
		} else if v.Verdict != nil && res.Status != store.TestPassed {
			res.Reason = v.Verdict.Summary
		}
		out = append(out, res)
	}
	return tc, out
}

func nquads(ds *rdf.Dataset) string {
	if ds == nil {
		return ""
	}
	var b bytes.Buffer
	_ = rdf.WriteNQuads(&b, ds.Quads()) // a bytes.Buffer does not fail
	return b.String()
}

// baseline is an engine's committed W3C baseline (baselines/<engine>.tsv
// in the repository), read once; none when absent or unreadable.
func (c *corpora) baseline(engine string) w3c.Baseline {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.bases[engine]; ok {
		return b
	}
	if c.bases == nil {
		c.bases = map[string]w3c.Baseline{}
	}
	c.bases[engine] = ReadBaseline(c.repo, engine)
	return c.bases[engine]
}

// baselineSuffixes are an engine's baseline files under baselines/: the
// query suites' (<engine>.tsv), the Update suite's (<engine>-update.tsv,
// which `oracle w3c` merges in too) and the SPARQL 1.2 suite's
// (<engine>-sparql12.tsv).
var baselineSuffixes = []string{".tsv", "-update.tsv", "-sparql12.tsv"}

// ReadBaseline reads the engine's baselines (baselineSuffixes) under the
// repository root repo ("" = corpus.DataRoot: the checkout, else the
// baselines the binary carries), merged: the test IRIs of the suites are
// distinct. nil when there is none; an unreadable file is left out.
func ReadBaseline(repo, engine string) w3c.Baseline {
	if repo == "" {
		repo, _ = corpus.DataRoot()
	}
	var out w3c.Baseline
	for _, suffix := range baselineSuffixes {
		b := readBaselineFile(filepath.Join(repo, "baselines", engine+suffix))
		for id, e := range b {
			if out == nil {
				out = w3c.Baseline{}
			}
			if _, ok := out[id]; !ok {
				out[id] = e
			}
		}
	}
	return out
}

func readBaselineFile(path string) w3c.Baseline {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	b, err := w3c.ReadBaseline(f)
	if err != nil {
		return nil
	}
	return b
}
