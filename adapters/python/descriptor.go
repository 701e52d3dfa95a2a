package python

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds RDFLib's rules. pyoxigraph's are the Oxigraph family's
// (adapters/oxigraph/known.json); oxilite is its own family (it
// evaluates on SQLite) but parses with Oxigraph's spargebra (Parser).
//
//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   "pyoxigraph",
		Family: "oxigraph",
		Newest: oracle.Release{Version: "0.5.13", Checked: "2026-12-07",
			Source: "PyPI pyoxigraph 0.5.13 (pip index versions)"},
		Tracker:  "https://github.com/oxigraph/oxigraph/issues",
		Supports: []string{"update", "sparql12"},
	})
	oracle.Register(oracle.Descriptor{
		Name:   "oxilite",
		Family: "oxilite",
		Parser: "oxigraph",
		Newest: oracle.Release{Version: "0.9.1", Checked: "2026-12-07",
			Source: "PyPI oxilite 0.9.1 (pip index versions)"},
		Tracker:  "https://github.com/Volland/oxilite/issues",
		Supports: []string{"update", "sparql12"},
	})
	oracle.Register(oracle.Descriptor{
		Name:   "rdflib",
		Family: "rdflib",
		Newest: oracle.Release{Version: "7.6.0", Checked: "2026-12-07",
			Source: "PyPI rdflib 7.6.0 (pip index versions)"},
		Tracker:  "https://github.com/RDFLib/rdflib/issues",
		Supports: []string{"update"},
		Rules:    oracle.MustRules(known),
	})
}
