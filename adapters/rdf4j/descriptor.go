package rdf4j

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "rdf4j",
		// The Maven repository these machines reach stops at 5.2.2; RDF4J's
		// own tracker shows 6.0.x in use, so findings on 5.2.2 are stale.
		Newest: oracle.Release{Version: "6.0.1", Checked: "2026-12-07",
			Source: "eclipse-rdf4j/rdf4j#6051 (2026-09-20) reports 'Eclipse RDF4J Version: 6.0.1 (first reproduced on 6.0.0, re-verified on 6.0.1)'; central.sonatype.com lists org.eclipse.rdf4j artifacts at 6.0.0; repo.maven.apache.org as reached here serves 5.2.2 as the newest (versions-maven-plugin; dependency:get of 6.0.0 and 6.0.1 fails)"},
		Tracker:  "https://github.com/eclipse-rdf4j/rdf4j/issues",
		Supports: []string{"update"},
		Rules:    oracle.MustRules(known),
		Install: oracle.Install{
			Folder: "rdf4j",
			// Built on a JDK 17 or newer, noted in target/java-home (the
			// adapter runs the sidecar on it).
			Steps:   []oracle.Step{{Kind: oracle.StepMaven, Folder: "rdf4j", Jar: Jar, JDK: "17", JDKScript: "jena/jdk.sh"}},
			Needs:   []string{"adapters/rdf4j/" + Jar},
			Pin:     oracle.Pin{From: "pom", File: "rdf4j/pom.xml", Key: "rdf4j.version"},
			Sandbox: oracle.SandboxSidecar,
		},
		EARL:  oracle.Project{Name: "Eclipse RDF4J", Homepage: "https://rdf4j.org/", Language: "Java"},
		Pools: true,
		Build: sidecar.Build(func(s oracle.BuildSettings) sidecar.Config { return Config(s.Dir, s.Pool) }),
	})
}
