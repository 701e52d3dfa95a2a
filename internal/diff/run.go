package diff

import (
	"context"
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// RunOptions configures Run, the one-case pipeline shared by `oracle diff`
// and the service's POST /v1/diff.
type RunOptions struct {
	Deadline time.Duration // per engine and query
	Reduce   bool          // shrink every divergence to a minimal case
	Limits   ReduceLimits  // bounds of each reduction (when Reduce)
}

// Run judges c on engines (the reference among them) and returns the report
// and its bugs: Bugs(r), or with Reduce the deduplicated bugs of the
// reduced cases.
func Run(ctx context.Context, c *oracle.Case, engines []oracle.Engine, opt RunOptions) (*Report, []Bug) {
	r := Judge(ctx, c, engines, opt.Deadline)
	if !opt.Reduce {
		return r, Bugs(r)
	}
	lim := opt.Limits
	if lim.Deadline == 0 {
		lim.Deadline = opt.Deadline
	}
	return r, ReduceAll(ctx, c, engines, r, lim)
}

// ReduceAll reduces every divergence of r and returns the bugs whose
// signature survived, deduplicated.
func ReduceAll(ctx context.Context, c *oracle.Case, engines []oracle.Engine, r *Report, lim ReduceLimits) []Bug {
	var bugs []Bug
	for _, d := range r.Divergences {
		_, rr, st := ReduceDivergence(ctx, c, engines, d, lim)
		if b, ok := BugFor(rr, d.Signature, &st); ok {
			bugs = append(bugs, b)
		}
	}
	return Dedup(bugs)
}

// EngineNames is the engine list of a diff: the judge and its twin always,
// first; then the requested external engines, or every installed one when
// none is requested. Duplicates are dropped.
func EngineNames(requested, installed []string) []string {
	names := []string{JudgeName, TwinName}
	extra := requested
	if len(requested) == 0 {
		extra = installed
	}
	for _, n := range extra {
		if n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// CatalogueCase builds a case from a query and a JSON dataset catalogue
// (rdf.Catalogue). The catalogue's documents are untrusted: they are parsed
// in child processes (rdf.IsolatedLoader). The catalogue's base applies
// when base is "".
func CatalogueCase(ctx context.Context, name, query, base string, catalogue []byte, limits rdf.Limits) (*oracle.Case, error) {
	cat, err := rdf.ParseCatalogueWith(catalogue, limits, rdf.IsolatedLoader(ctx))
	if err != nil {
		return nil, err
	}
	c := &oracle.Case{Name: name, Query: query, Base: base, Dataset: cat.Dataset, Sources: cat.Sources}
	if c.Base == "" {
		c.Base = cat.Base
	}
	return c, nil
}
