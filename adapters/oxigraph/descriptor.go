package oxigraph

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds the rules of the whole Oxigraph family (npm oxigraph,
// pyoxigraph, oxigraph-server: one code base); oracle.FamilyRules applies
// them to every member.
//
//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "oxigraph",
		// The npm package lags the Rust crate and PyPI: a root cause seen on
		// npm 0.5.11 is re-checked on 0.5.13 before it is filed.
		Newest: oracle.Release{Version: "0.5.13", Checked: "2026-12-07",
			Source: "PyPI pyoxigraph and oxigraph 0.5.13 (pip index versions; same code base); npm's newest is 0.5.11, published 2026-09-03 (npm view oxigraph time)"},
		Tracker:  "https://github.com/oxigraph/oxigraph/issues",
		Supports: []string{"update", "sparql12"},
		Rules:    oracle.MustRules(known),
	})
}
