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
// and, with Reduce, every divergence reduced (internal/report writes them up:
// report.Run).
func Run(ctx context.Context, c *oracle.Case, engines []oracle.Engine, opt RunOptions) (*Report, []Reduced) {
	r := Judge(ctx, c, engines, opt.Deadline)
	if !opt.Reduce {
		return r, nil
	}
	lim := opt.Limits
	if lim.Deadline == 0 {
		lim.Deadline = opt.Deadline
	}
	return r, ReduceAll(ctx, c, engines, r, lim)
}

// Reduced is one divergence of a run after reduction: the reduced case, its
// report on the signature's engines, and what reducing it cost.
type Reduced struct {
	Divergence Divergence
	Case       *oracle.Case
	Report     *Report
	Stats      ReduceStats
}

// ReduceAll reduces every divergence of r.
func ReduceAll(ctx context.Context, c *oracle.Case, engines []oracle.Engine, r *Report, lim ReduceLimits) []Reduced {
	var out []Reduced
	for _, d := range r.Divergences {
		rc, rr, st := ReduceDivergence(ctx, c, engines, d, lim)
		out = append(out, Reduced{Divergence: d, Case: rc, Report: rr, Stats: st})
	}
	return out
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
