package sparqlhttp

import "github.com/sparql-oracle/oracle/internal/oracle"

// The servers this package starts belong to other families: their rules
// live with them (adapters/oxigraph/known.json, adapters/jena/known.json)
// and oracle.FamilyRules applies them here. Fuseki is released with Jena:
// it has no Newest of its own, the registry gives it Jena's.
func init() {
	oracle.Register(oracle.Descriptor{
		Name:   OxigraphServerName,
		Family: "oxigraph",
		Newest: oracle.Release{Version: "0.5.13", Checked: "2026-12-07",
			Source: "PyPI oxigraph (the server CLI) 0.5.13 (pip index versions)"},
		Tracker:  "https://github.com/oxigraph/oxigraph/issues",
		Supports: []string{"update", "sparql12", "endpoint"},
	})
	oracle.Register(oracle.Descriptor{
		Name:     FusekiName,
		Family:   "jena",
		Tracker:  "https://github.com/apache/jena/issues",
		Supports: []string{"update", "sparql12", "endpoint"},
	})
}
