package rdf4j

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "rdf4j",
		Newest: oracle.Release{Version: "5.2.2", Checked: "2026-12-07",
			Source: "Maven Central: versions-maven-plugin reports 5.2.2 as the newest org.eclipse.rdf4j release"},
		Tracker:  "https://github.com/eclipse-rdf4j/rdf4j/issues",
		Supports: []string{"update"},
		Rules:    oracle.MustRules(known),
	})
}
