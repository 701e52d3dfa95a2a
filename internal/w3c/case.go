package w3c

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/corpus"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

type answerOrErr struct {
	ans *results.Answer
	err error
}

// runSyntax is a parse-only test: the engine's verdict is whether it
// rejects the query (oracle.ErrRejected), evaluated over an empty dataset.
func (r *runner) runSyntax(ctx context.Context, t *corpus.Test, positive bool, res *Result) {
	src, err := readIRI(t.Query)
	if err != nil {
		harness(res, err)
		return
	}
	c := &oracle.Case{Name: r.files.iris.public(t.ID), Query: string(src), Base: r.files.iris.public(t.Query), Dataset: rdf.NewDataset(), Spec: specOf(t)}
	out := r.eval(ctx, c)
	rejected := errors.Is(out.err, oracle.ErrRejected)
	switch {
	case positive && rejected, notJudged(out.err):
		setError(res, out.err)
	case !positive && out.err != nil && !rejected:
		res.Outcome, res.Class, res.Reason = Fail, ClassAccept, "not rejected as a syntax error: "+oneLine(out.err.Error())
	case !positive && !rejected:
		res.Outcome, res.Class, res.Reason = Fail, ClassAccept, "a query the grammar forbids was accepted"
	default:
		res.Outcome = Pass
	}
}

// notJudged reports whether err says nothing of the query's syntax: the
// engine was unavailable, ran out of time or resources, or died. Such an
// outcome is its own (an error with its class), never a pass of a syntax
// test: an unavailable engine must not "accept" every positive test.
func notJudged(err error) bool {
	switch oracle.Classify(err) {
	case "timeout", "unavailable", "resource", "crashed", "budget":
		return true
	}
	return false
}

// runEvaluation builds the case, runs it and judges the answer.
func (r *runner) runEvaluation(ctx context.Context, t *corpus.Test, res *Result) {
	c, q, err := r.files.buildCase(t)
	if err != nil {
		harness(res, err)
		return
	}
	if q != nil && hasService(q.Op) {
		res.Outcome, res.Reason = Skip, "SERVICE: no network"
		return
	}
	expected, err := r.expected(t, q, res)
	if err != nil {
		harness(res, fmt.Errorf("expected result: %w", err))
		return
	}
	tctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	res.Note = joinNote(res.Note, traceExpected(tctx, c, q, expected)) // provenance.go: the judge's computed cells
	cancel()
	out := r.eval(ctx, c)
	if out.err != nil {
		setError(res, out.err)
		return
	}
	judge(t, expected, out.ans, res)
}

// buildCase assembles the query and dataset of an evaluation test: qt:data
// merged into the default graph (none: an empty default graph), each
// qt:graphData a named graph, and, as Sources for FROM/FROM NAMED, every RDF
// file of the query's folder plus any local file a dataset clause names.
// The query is also translated here (q is nil if that fails; the engine
// will say why) to find ORDER BY, SERVICE and the dataset clauses.
func (fc *fileCache) buildCase(t *corpus.Test) (*oracle.Case, *algebra.Query, error) {
	src, err := readIRI(t.Query)
	if err != nil {
		return nil, nil, err
	}
	c := &oracle.Case{Name: fc.iris.public(t.ID), Query: string(src), Base: fc.iris.public(t.Query), Dataset: rdf.NewDataset(), Spec: specOf(t)}
	for _, d := range t.Data {
		if err := fc.addFile(c.Dataset, d, rdf.DefaultGraph); err != nil {
			return nil, nil, err
		}
	}
	for _, gd := range t.GraphData {
		g := rdf.IRI(fc.iris.public(gd.Name))
		c.Dataset.Named(g, true)
		if err := fc.addFile(c.Dataset, gd.File, g); err != nil {
			return nil, nil, err
		}
	}
	q, _ := algebra.ParseSpec(c.Query, c.Base, c.Spec)
	if q == nil || len(q.From)+len(q.FromNamed) > 0 {
		c.Sources = fc.sources(t.Query, q)
		// The catalogue keeps named graphs and sources disjoint
		// (rdf.Catalogue); a file already loaded as a named graph is
		// found there by FROM as well.
		for _, gd := range t.GraphData {
			delete(c.Sources, fc.iris.public(gd.Name))
		}
	}
	return c, q, nil
}

// BuildCase builds the case of a W3C evaluation test as the runner does:
// qt:data merged into the default graph, qt:graphData as named graphs
// named by their files' IRIs, and, for a query with FROM or FROM NAMED, the
// RDF files beside the query as the local catalogue (Case.Sources). Files
// of the suite are named by their published IRIs (public.go): the case's
// name, base, graph names and catalogue hold no local path.
func BuildCase(t *corpus.Test) (*oracle.Case, error) {
	c, _, err := newFileCache().buildCase(t)
	return c, err
}

// addFile loads one RDF file into graph g of ds.
func (fc *fileCache) addFile(ds *rdf.Dataset, iri string, g rdf.Term) error {
	quads, err := fc.load(iri)
	if err != nil {
		return err
	}
	for _, q := range quads {
		// A TriG or N-Quads qt:data file is a dataset (the sparql12
		// eval-triple-terms tests' data-4.trig, data-6.trig): its named
		// graphs stay named; a qt:graphData file is one graph.
		if !(g.IsZero() && !q.G.IsZero()) {
			q.G = g
		}
		if !q.G.IsZero() {
			ds.Named(q.G, true)
		}
		ds.Add(q)
	}
	return nil
}

// sources returns the local catalogue for FROM and FROM NAMED, keyed by
// each file's IRI (published for a file of the suite). Files that do not
// parse are left out: the query then names an absent graph and the engine
// says so.
func (fc *fileCache) sources(queryIRI string, q *algebra.Query) map[string]*rdf.Graph {
	iris := map[string]bool{}
	if path, ok := corpus.FilePath(queryIRI); ok {
		entries, _ := os.ReadDir(filepath.Dir(path))
		for _, e := range entries {
			name := e.Name()
			if !e.IsDir() && isRDFFile(name) && !strings.HasPrefix(name, "manifest") {
				iris[fc.iris.public(corpus.FileIRI(filepath.Join(filepath.Dir(path), name)))] = true
			}
		}
	}
	if q != nil {
		for _, iri := range append(append([]string{}, q.From...), q.FromNamed...) {
			if strings.HasPrefix(iri, "file:") || strings.HasPrefix(iri, PublicBase) {
				iris[iri] = true
			}
		}
	}
	out := map[string]*rdf.Graph{}
	for iri := range iris {
		if quads, err := fc.load(iri); err == nil {
			g := rdf.NewGraph()
			for _, q := range quads {
				g.Add(q.Triple())
			}
			out[iri] = g
		}
	}
	return out
}

func isRDFFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".ttl", ".nt", ".rdf", ".nq":
		return true
	}
	return false
}

// readIRI reads the file a file: IRI (or a published IRI of the local
// suite) names. Its error names the file by its published IRI, not by
// this machine's path.
func readIRI(iri string) ([]byte, error) {
	m := suiteMap()
	path, ok := corpus.FilePath(m.file(iri))
	if !ok {
		return nil, fmt.Errorf("<%s> is not a local file IRI", m.public(iri))
	}
	data, err := os.ReadFile(path)
	if pe, ok := err.(*fs.PathError); ok {
		return nil, fmt.Errorf("<%s>: %v", m.public(iri), pe.Err)
	}
	return data, err
}

// fileCache parses each RDF file once per run; tests share the quads
// (read-only). Blank nodes are scoped per file by rdf.Parse. Files are
// keyed by their published IRI (iris).
type fileCache struct {
	mu    sync.Mutex
	files map[string]cached
	iris  iriMap
}

type cached struct {
	quads []rdf.Quad
	err   error
}

func newFileCache() *fileCache { return &fileCache{files: map[string]cached{}, iris: suiteMap()} }

func (fc *fileCache) load(iri string) ([]rdf.Quad, error) {
	iri = fc.iris.public(iri)
	fc.mu.Lock()
	defer fc.mu.Unlock()
	if c, ok := fc.files[iri]; ok {
		return c.quads, c.err
	}
	quads, err := parseFile(iri)
	fc.files[iri] = cached{quads, err}
	return quads, err
}

// parseFile parses an RDF file with its own (published) IRI as base,
// which also names it in parse errors.
func parseFile(iri string) ([]rdf.Quad, error) {
	data, err := readIRI(iri)
	if err != nil {
		return nil, err
	}
	format := rdf.FormatFromName(iri)
	if format == rdf.FormatUnknown {
		return nil, fmt.Errorf("<%s>: unknown RDF format", iri)
	}
	return rdf.Parse(bytes.NewReader(data), format, iri, iri)
}

// readExpected reads mf:result in the format its extension names, with
// its published IRI as base (as the case's files are parsed).
func readExpected(iri string) (*results.Answer, error) {
	iri = PublicIRI(iri)
	data, err := readIRI(iri)
	if err != nil {
		return nil, err
	}
	f, err := results.FormatFromName(iri)
	if err != nil {
		return nil, err
	}
	switch f {
	case results.Turtle, results.RDFXML, results.NTriples:
		return results.ReadRDF(bytes.NewReader(data), f, iri)
	}
	return results.Read(bytes.NewReader(data), string(f))
}

// ReadExpected reads a test's expected answer (mf:result) as the runner
// does: its IRIs resolved against the result file's published IRI.
func ReadExpected(t *corpus.Test) (*results.Answer, error) { return readExpected(t.Result) }

// specOf is the document a test's query follows: the sparql12 suite's
// tests are judged by SPARQL 1.2 (codepoint escapes, VALUES duplicates and
// the 1.2 EBV differ), every other by what the query says.
func specOf(t *corpus.Test) syntax.Spec {
	if t.SPARQL12() {
		return syntax.Spec12
	}
	return syntax.SpecAuto
}
