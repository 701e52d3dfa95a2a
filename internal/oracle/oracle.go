package oracle

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sparql-oracle/oracle/internal/algebra/syntax"
	"github.com/sparql-oracle/oracle/internal/rdf"
	"github.com/sparql-oracle/oracle/internal/results"
)

// Case is one request over one dataset: the unit every engine evaluates
// (Engine.Eval) or applies (Updater.Update). It is a sum of two kinds, as
// the grammar's QueryUnit and UpdateUnit are two: exactly one of Query and
// Update is non-empty. A query case asks Query of Dataset; an update case
// applies Update to the graph store Dataset (IsUpdate). Handing a case of
// one kind to the other's entry point is ErrRequestKind (ForEval,
// ForUpdate), never a guess.
type Case struct {
	Name  string // an identifier for reports (a W3C test IRI, a corpus file, a seed)
	Query string // a query's SPARQL text ("" in an update case)
	// Update is an update request's text ("" in a query case). The empty
	// request is written as white space (syntax prints it as "\n").
	Update string
	Base   string // base IRI for the request's relative IRIs ("" = none)
	// Dataset is, for a query, the default graph and named graphs used when
	// the query has no FROM/FROM NAMED clause; for an update, the graph
	// store before the request, which an Updater must not change (it
	// applies the request to a copy).
	Dataset *rdf.Dataset
	// Sources are further graphs, by IRI: those a query's FROM and FROM
	// NAMED may name (#specifyingDataset; together with Dataset's named
	// graphs they form the local catalogue), the documents an update's LOAD
	// may read. Nothing is ever fetched.
	Sources map[string]*rdf.Graph
	// Spec is the document the request follows when the case says so (a
	// W3C test's mf:specVersion or folder): SPARQL 1.1 or 1.2. The zero
	// value lets the request decide (its VERSION, or 1.2 syntax). Only the
	// judge and the fast engine read it; an external engine gets the text
	// alone.
	Spec syntax.Spec

	query  *parsed[syntax.Query]  // the query's one tree (Prepare, parsed.go)
	update *parsed[syntax.Update] // the update request's one tree
}

// IsUpdate reports whether c is an update case: a request to apply to
// the store Dataset rather than a query to ask of it.
func (c *Case) IsUpdate() bool { return c.Update != "" }

// ForEval is nil for a query case and ErrRequestKind for an update case:
// what Eval answers when handed an update.
func (c *Case) ForEval() error {
	if c.IsUpdate() {
		return fmt.Errorf("%w: %s is an update request, given to Eval (use Updater.Update)", ErrRequestKind, c.label())
	}
	return nil
}

// ForUpdate is nil for an update case and ErrRequestKind for a query case:
// what Update answers when handed a query.
func (c *Case) ForUpdate() error {
	if !c.IsUpdate() {
		return fmt.Errorf("%w: %s is a query, given to Update (use Engine.Eval)", ErrRequestKind, c.label())
	}
	return nil
}

// label names the case in an error.
func (c *Case) label() string {
	if c.Name == "" {
		return "the case"
	}
	return "case " + c.Name
}

// Engine evaluates cases. The reference, the fast engine and every adapter
// implement it.
type Engine interface {
	Name() string
	Version() string
	Eval(ctx context.Context, c *Case) (*results.Answer, error)
}

// Typed engine errors. An adapter wraps one of them (fmt.Errorf("...: %w", ErrRejected))
// so triage can classify the outcome with errors.Is.
var (
	ErrUnsupported = errors.New("unsupported")        // the engine lacks the feature
	ErrRejected    = errors.New("rejected")           // the engine refused the query (syntax)
	ErrTimeout     = errors.New("timeout")            // the deadline passed
	ErrCrashed     = errors.New("crashed")            // the engine process died
	ErrBudget      = errors.New("budget exhausted")   // a step or solution budget ran out
	ErrQueryError  = errors.New("query raised error") // the engine answered with an evaluation error
	// ErrUnavailable: the engine could not be reached or started (an
	// endpoint down or refusing connections, a name that does not resolve,
	// a 502/503 from a proxy, a sidecar that could not start). It says
	// nothing about the engine's answer: never correct, never a bug.
	ErrUnavailable = errors.New("unavailable")
	// ErrResource: an engine's process passed its memory or CPU-time limit
	// (adapters/sidecar, rasqal, virtuoso). An outcome of its own: the case
	// asked for more than the engine may use here, which is neither a wrong
	// answer nor a crash bug of the engine.
	ErrResource = errors.New("resource limit")
)

// Timing is an optional report of an engine's own query time.
type Timing interface {
	LastQueryTime() time.Duration
}

// HasDatasetClause reports whether the query names its own dataset with FROM
// or FROM NAMED (#specifyingDataset). Adapters use it to decide whether the
// catalogue's Sources must be visible to the engine: without a dataset
// clause they must not be, or they would show up as named graphs.
func (c *Case) HasDatasetClause() bool {
	info, err := c.Info()
	return err == nil && info.HasDataset()
}
