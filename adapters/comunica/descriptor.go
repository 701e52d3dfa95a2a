package comunica

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
		Family: "comunica",
		Newest: oracle.Release{Version: "5.4.1", Date: "2026-09-18", Checked: "2026-12-07",
			Source: "npm @comunica/query-sparql-rdfjs dist-tag latest 5.4.1 (npm view)"},
		Tracker:  "https://github.com/comunica/comunica/issues",
		Supports: []string{"update", "sparql12"},
		Rules:    oracle.MustRules(known),
		Install: oracle.Install{
			Folder:  "comunica",
			Steps:   []oracle.Step{{Kind: oracle.StepNPM, Folder: "comunica"}},
			Needs:   []string{"adapters/comunica/node_modules/@comunica/query-sparql-rdfjs", "adapters/comunica/sidecar.js"},
			Pin:     oracle.Pin{From: "npm", File: "comunica/package.json", Key: "@comunica/query-sparql-rdfjs"},
			Sandbox: oracle.SandboxSidecar,
		},
		EARL:  oracle.Project{Name: "Comunica", Homepage: "https://comunica.dev/", Language: "TypeScript"},
		Pools: true,
		Build: sidecar.Build(func(s oracle.BuildSettings) sidecar.Config { return Config(s.Dir, s.Pool) }),
	})
}
