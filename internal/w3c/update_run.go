package w3c

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/diff"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// UpdateManifests is the entry point of the SPARQL 1.1 Update suite,
// relative to the suite's sparql/ folder (not in DefaultManifests: only
// engines that implement oracle.Updater run it).
var UpdateManifests = []string{"sparql11/manifest-sparql11-update.ttl"}

// isUpdateTest reports whether a test is about an update request: the
// update evaluation and syntax types, and the syntax tests whose action is
// a .ru request (delete-insert's NegativeSyntaxTest11 entries).
func isUpdateTest(t *corpus.Test) bool {
	if strings.Contains(t.Type, "Update") {
		return true
	}
	_, syn := t.Syntax()
	return syn && strings.HasSuffix(t.Query, ".ru")
}

// updateSkip says why an update test is not run, or "".
func (r *runner) updateSkip(t *corpus.Test) string {
	if _, ok := oracle.AsUpdater(r.engine); !ok {
		return "update test: the engine does not apply updates (no oracle.Updater)"
	}
	switch t.Type {
	case corpus.UpdateEvaluation, corpus.PositiveUpdate11, corpus.NegativeUpdate11,
		corpus.PositiveUpdate, corpus.NegativeUpdate: // sparql12/ writes them without "11"
		return ""
	}
	if _, syn := t.Syntax(); syn {
		return ""
	}
	return "unknown update test type " + t.Type
}

// runUpdateTest runs an update syntax or evaluation test.
func (r *runner) runUpdateTest(ctx context.Context, t *corpus.Test, res *Result) {
	switch t.Type {
	case corpus.PositiveUpdate11, corpus.PositiveUpdate:
		r.runUpdateSyntax(ctx, t, true, res)
	case corpus.NegativeUpdate11, corpus.NegativeUpdate:
		r.runUpdateSyntax(ctx, t, false, res)
	case corpus.UpdateEvaluation:
		r.runUpdateEvaluation(ctx, t, res)
	default:
		positive, _ := t.Syntax()
		r.runUpdateSyntax(ctx, t, positive, res)
	}
}

// runUpdateSyntax applies the request to an empty store: the verdict is
// whether the engine rejects it (oracle.ErrRejected).
func (r *runner) runUpdateSyntax(ctx context.Context, t *corpus.Test, positive bool, res *Result) {
	iri := t.Query
	if iri == "" {
		iri = t.Update
	}
	src, err := readIRI(iri)
	if err != nil {
		harness(res, err)
		return
	}
	out := r.update(ctx, &oracle.Case{Name: r.files.iris.public(t.ID), Update: string(src), Base: r.files.iris.public(iri), Dataset: rdf.NewDataset()})
	rejected := errors.Is(out.err, oracle.ErrRejected)
	switch {
	case positive && rejected:
		setError(res, out.err)
	case !positive && !rejected:
		res.Outcome, res.Class, res.Reason = Fail, ClassAccept, "a request the grammar forbids was accepted"
	default:
		res.Outcome = Pass
	}
}

// runUpdateEvaluation applies ut:request to the store of ut:data and
// ut:graphData and compares the store after it with mf:result's. The W3C
// expectation cannot say whether an empty named graph exists (a graph is
// listed by a file of triples), so empty graphs of the engine's store are
// left out of the comparison.
func (r *runner) runUpdateEvaluation(ctx context.Context, t *corpus.Test, res *Result) {
	c, err := r.files.buildUpdate(t)
	if err != nil {
		harness(res, err)
		return
	}
	if t.UpdateResult == nil {
		harness(res, fmt.Errorf("no expected store (mf:result)"))
		return
	}
	exp := rdf.NewDataset()
	if err := r.files.fillStore(exp, t.UpdateResult.Data, t.UpdateResult.GraphData); err != nil {
		harness(res, fmt.Errorf("expected store: %w", err))
		return
	}
	out := r.update(ctx, c)
	if out.err != nil {
		setError(res, out.err)
		return
	}
	if out.ans.Store == nil {
		setError(res, fmt.Errorf("%w: an update answered with no store", oracle.ErrCrashed))
		return
	}
	judgeStore(results.StoreAnswer(results.StoreOf(exp)), withoutEmptyGraphs(out.ans), res)
}

func judgeStore(expected, actual *results.Answer, res *Result) {
	v := diff.Compare(expected, actual)
	if v.OK {
		res.Outcome = Pass
		return
	}
	res.Outcome, res.Reason, res.Class = Fail, v.Summary, joinClasses(v.Classes)
	if v.Summary == "" {
		res.Reason = v.Note
	}
	res.Note = joinNote(res.Note, v.Note)
	for _, l := range v.Diff {
		res.Diff = append(res.Diff, l.String())
	}
}

func withoutEmptyGraphs(a *results.Answer) *results.Answer {
	s := *a.Store
	s.Named = nil
	for _, g := range a.Store.Named {
		if len(g.Triples) > 0 {
			s.Named = append(s.Named, g)
		}
	}
	return results.StoreAnswer(&s)
}

// buildUpdate assembles the request and the store before it; Sources
// (what LOAD may read) are the RDF files of the request's folder.
func (fc *fileCache) buildUpdate(t *corpus.Test) (*oracle.Case, error) {
	src, err := readIRI(t.Update)
	if err != nil {
		return nil, err
	}
	c := &oracle.Case{Name: fc.iris.public(t.ID), Update: string(src), Base: fc.iris.public(t.Update), Dataset: rdf.NewDataset()}
	if err := fc.fillStore(c.Dataset, t.Data, t.GraphData); err != nil {
		return nil, err
	}
	c.Sources = fc.sources(t.Update, nil)
	return c, nil
}

// fillStore loads files into the default graph and named graphs of ds.
func (fc *fileCache) fillStore(ds *rdf.Dataset, data []string, graphs []corpus.GraphData) error {
	for _, d := range data {
		if err := fc.addFile(ds, d, rdf.DefaultGraph); err != nil {
			return err
		}
	}
	for _, gd := range graphs {
		g := rdf.IRI(fc.iris.public(gd.Name))
		ds.Named(g, true)
		if err := fc.addFile(ds, gd.File, g); err != nil {
			return err
		}
	}
	return nil
}

// update runs the engine's Update with the per-test deadline (bounded).
func (r *runner) update(ctx context.Context, c *oracle.Case) *answerOrErr {
	up, _ := oracle.AsUpdater(r.engine)
	return r.bounded(ctx, func(ctx context.Context) (*results.Answer, error) { return up.Update(ctx, c) })
}

// IsUpdateTest reports whether a test is about an update request (the
// Update suite's syntax and evaluation tests), for callers that count the
// update tests of a run apart.
func IsUpdateTest(t *corpus.Test) bool { return isUpdateTest(t) }

// UpdatePaths returns UpdateManifests under root.
func UpdatePaths(root string) []string {
	out := make([]string, len(UpdateManifests))
	for i, m := range UpdateManifests {
		out[i] = filepath.Join(root, filepath.FromSlash(m))
	}
	return out
}

// Tally counts the outcomes of some of a run's tests.
type Tally struct{ Tests, Passed, Failed, Errors, Skipped int }

func (t *Tally) add(o Outcome) {
	t.Tests++
	switch o {
	case Pass:
		t.Passed++
	case Fail:
		t.Failed++
	case Error:
		t.Errors++
	default:
		t.Skipped++
	}
}

// String is "N tests: P passed, F failed, E errors, S skipped".
func (t Tally) String() string {
	return fmt.Sprintf("%d tests: %d passed, %d failed, %d errors, %d skipped", t.Tests, t.Passed, t.Failed, t.Errors, t.Skipped)
}

// Split counts the run's query tests and update tests (IsUpdateTest) apart.
func (r *Report) Split() (query, update Tally) {
	for _, res := range r.Results {
		if IsUpdateTest(res.Test) {
			update.add(res.Outcome)
		} else {
			query.add(res.Outcome)
		}
	}
	return query, update
}
