package comunica

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "comunica",
		Newest: oracle.Release{Version: "5.4.1", Date: "2026-09-18", Checked: "2026-12-07",
			Source: "npm @comunica/query-sparql-rdfjs dist-tag latest 5.4.1 (npm view)"},
		Tracker:  "https://github.com/comunica/comunica/issues",
		Supports: []string{"update", "sparql12"},
		Rules:    oracle.MustRules(known),
	})
}
