package reference

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/sparql-oracle/oracle/internal/algebra"
	"github.com/sparql-oracle/oracle/internal/ops"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// Eval evaluates a translated query over the dataset ds (#sparqlQuery,
// #QueryForms). sources are the extra graphs that FROM and FROM NAMED may name
// (the catalogue of seed 003); without dataset clauses ds is the active dataset.
//
// Errors: ops.ErrBudget (wrapped) when a budget runs out, ctx.Err() when the
// context is done, ErrService for SERVICE, a plain error for a FROM naming an
// unknown graph. A panic in a dependency is turned into an error.
func Eval(ctx context.Context, q *algebra.Query, ds *rdf.Dataset, sources map[string]*rdf.Graph, opt Options) (res *Result, err error) {
	defer ops.CatchPanic("reference", &res, &err)
	if q == nil || q.Op == nil {
		return nil, errors.New("reference: no query")
	}
	if ds == nil {
		ds = rdf.NewDataset()
	}
	active, err := activeDataset(ds, sources, q.From, q.FromNamed)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res, e, err := evalOnce(ctx, q, active, opt)
	if err != nil || opt.Readings != nil || opt.Extension {
		return res, err
	}
	readings(ctx, q, active, opt, res, e)  // readings.go
	extension(ctx, q, active, opt, res, e) // extension.go
	return res, nil
}

// evalOnce evaluates q under one reading of the contested questions.
func evalOnce(ctx context.Context, q *algebra.Query, active *rdf.Dataset, opt Options) (*Result, *evaluator, error) {
	e := newEvaluator(ctx, active, q.Base, opt)
	e.ectx.Spec12 = follows12(q) // the judge follows the query's document (triple12.go)
	res, err := e.query(q)
	if err != nil {
		return nil, e, err
	}
	// The choices that are no question make any other answer undecided;
	// a contested question does too, unless its readings decide (readings.go).
	res.Indeterminate = cmp.Or(e.ectx.Indeterminate, e.ectx.ContestWhy, minimalNote(active, q))
	res.Contested, res.Follows = e.ectx.Contested, e.ectx.Follows // ops/basis.go
	return res, e, nil
}

// minimalNote says why a case holding a number beyond XSD's minimal
// conformance leaves engines a choice (minimal.go), or "".
func minimalNote(ds *rdf.Dataset, q *algebra.Query) string {
	if lit := beyondMinimal(ds, q); lit != "" {
		return "the case holds " + lit + ", a number with more than the 18 digits every processor must support " +
			"(XML Schema 1.0 Part 2 §3.2.3, §5.4): what an engine does with it is its own choice"
	}
	return ""
}

// query evaluates the pattern in the default graph and builds the form's answer.
func (e *evaluator) query(q *algebra.Query) (*Result, error) {
	if q.Form == algebra.Select {
		return e.selectQuery(q)
	}
	if q.Form == algebra.Construct || q.Form == algebra.Describe {
		return e.graphQuery(q)
	}
	ms, err := e.eval(e.ds.Default, q.Op)
	if err != nil {
		return nil, err
	}
	if q.Form != algebra.Ask {
		return nil, fmt.Errorf("reference: unknown query form %d", q.Form)
	}
	return &Result{Form: q.Form, Limit: -1, Boolean: len(ms) > 0}, nil
}

// activeDataset is the dataset of the dataset clauses (#specifyingDataset),
// built by the catalogue: without clauses ds itself; otherwise the FROM graphs
// merged into the default graph and the FROM NAMED graphs under their IRIs,
// looked up among ds's named graphs and sources, never fetched.
func activeDataset(ds *rdf.Dataset, sources map[string]*rdf.Graph, from, fromNamed []string) (*rdf.Dataset, error) {
	return (&rdf.Catalogue{Dataset: ds, Sources: sources}).Active(from, fromNamed)
}
