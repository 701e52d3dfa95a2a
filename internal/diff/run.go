package diff

import (
	"context"
	"slices"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

// EngineNames is the engine list of a diff: the judge and its twin always,
// first; then the requested external engines, or every installed one when
// none is requested. Duplicates are dropped.
func EngineNames(requested, installed []string) []string {
	names := []string{oracle.JudgeName, oracle.TwinName}
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
