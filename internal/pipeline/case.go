package pipeline

import (
	"context"

	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/rdf"
)

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
