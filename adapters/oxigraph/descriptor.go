package oxigraph

import (
	_ "embed"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
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
		Install: oracle.Install{
			Folder:   "oxigraph",
			Steps:    []oracle.Step{{Kind: oracle.StepNPM, Folder: "oxigraph"}},
			Needs:    []string{"adapters/oxigraph/node_modules/oxigraph", "adapters/oxigraph/sidecar.js"},
			Pin:      oracle.Pin{From: "npm", File: "oxigraph/package.json", Key: "oxigraph"},
			Releases: []string{"0.4.11"},
			Release:  oracle.Step{Kind: oracle.StepNPMRelease, Folder: "oxigraph", Packages: []string{"oxigraph"}, Jar: "sidecar.js"},
			Sandbox:  oracle.SandboxSidecar,
		},
		EARL:         oracle.Project{Name: "Oxigraph (JavaScript/WebAssembly build)", Homepage: "https://github.com/oxigraph/oxigraph", Language: "Rust"},
		Pools:        true,
		Build:        sidecar.Build(func(s oracle.BuildSettings) sidecar.Config { return Config(s.Dir, s.Pool) }),
		BuildRelease: sidecar.Build(releaseConfig),
		// The bench gives the WASM build's Node the heap a million triples need.
		Bench: func(root string) oracle.Process {
			c := Config(filepath.Join(root, "adapters", Name), 1)
			return oracle.Process{Name: c.Name, Command: c.Command, Dir: c.Dir, Env: append(c.Env, "NODE_OPTIONS=--max-old-space-size=16384")}
		},
	})
}

// releaseConfig runs sidecar.js through the link beside the release's
// node_modules (internal/install npmRelease): with
// --preserve-symlinks(-main) Node resolves require('oxigraph') from the
// link's folder, so the release's package; its reproducer installs that
// release.
func releaseConfig(s oracle.BuildSettings) sidecar.Config {
	c := Config(s.Dir, s.Pool)
	c.Command = []string{"node", "--preserve-symlinks", "--preserve-symlinks-main",
		filepath.Join(s.Dir, "releases", s.Release, "sidecar.js")}
	sidecar.SetReproducer(s.Name, ReleaseReproducer(s.Release))
	c.Reproducer = s.Name
	c.SPARQL12 = Release12(s.Release)
	return c
}

// Release12 reports whether an Oxigraph release (npm or Python) has RDF
// 1.2: 0.5 and later; 0.4 has RDF-star, whose << >> is not RDF 1.2's.
func Release12(release string) bool {
	return !strings.HasPrefix(release, "0.4.") && !strings.HasPrefix(release, "0.3.")
}
