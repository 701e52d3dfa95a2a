package python

import (
	_ "embed"
	"path/filepath"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds RDFLib's rules. pyoxigraph's are the Oxigraph family's
// (adapters/oxigraph/known.json); oxilite is its own family (it
// evaluates on SQLite) but parses with Oxigraph's spargebra (Parser).
//
//go:embed known.json
var known []byte

func init() {
	oracle.Register(oracle.Descriptor{
		Name:   "pyoxigraph",
		Family: "oxigraph",
		Newest: oracle.Release{Version: "0.5.13", Checked: "2026-12-07",
			Source: "PyPI pyoxigraph 0.5.13 (pip index versions)"},
		Tracker:  "https://github.com/oxigraph/oxigraph/issues",
		Supports: []string{"update", "sparql12"},
		Install:  pythonInstall("pyoxigraph", "0.4.11"),
		EARL:     oracle.Project{Name: "pyoxigraph", Homepage: "https://github.com/oxigraph/oxigraph", Language: "Rust"},
		Bench:    bench("pyoxigraph"),
	})
	oracle.Register(oracle.Descriptor{
		Name:   "oxilite",
		Family: "oxilite",
		Parser: "oxigraph",
		Newest: oracle.Release{Version: "0.9.1", Checked: "2026-12-07",
			Source: "PyPI oxilite 0.9.1 (pip index versions)"},
		Tracker:  "https://github.com/Volland/oxilite/issues",
		Supports: []string{"update", "sparql12"},
		Install:  pythonInstall("oxilite"),
		EARL:     oracle.Project{Name: "oxilite", Homepage: "https://pypi.org/project/oxilite/", Language: "Python"},
		Bench:    bench("oxilite"),
	})
	oracle.Register(oracle.Descriptor{
		Name:   "rdflib",
		Family: "rdflib",
		Newest: oracle.Release{Version: "7.6.0", Checked: "2026-12-07",
			Source: "PyPI rdflib 7.6.0 (pip index versions)"},
		Tracker:  "https://github.com/RDFLib/rdflib/issues",
		Supports: []string{"update"},
		Rules:    oracle.MustRules(known),
		Install:  pythonInstall("rdflib"),
		EARL:     oracle.Project{Name: "RDFLib", Homepage: "https://github.com/RDFLib/rdflib", Language: "Python"},
	})
}

// pythonInstall: every Python engine runs sidecar.py of this folder in
// the one .venv holding requirements.txt's pins; package names its pin
// there. Releases are pip packages of that name, each in a venv of its own.
func pythonInstall(pkg string, releases ...string) oracle.Install {
	in := oracle.Install{
		Folder:  "python",
		Steps:   []oracle.Step{{Kind: oracle.StepVenv, Folder: "python"}},
		Needs:   []string{".venv/bin/python", "adapters/python/sidecar.py"},
		Pin:     oracle.Pin{From: "pip", File: "python/requirements.txt", Key: pkg},
		Sandbox: "sidecar: bwrap (own mount, pid and network namespaces, a private tmpfs) under prlimit memory and CPU limits; unshare --net without bwrap",
	}
	if len(releases) > 0 {
		in.Releases = releases
		in.Release = oracle.Step{Kind: oracle.StepPipRelease, Folder: "python", Packages: []string{pkg}}
	}
	return in
}

// bench starts the sidecar of engine name in the .venv under root.
func bench(name string) func(root string) oracle.Process {
	return func(root string) oracle.Process {
		c := Config(name, filepath.Join(root, "adapters", "python"), filepath.Join(root, ".venv", "bin", "python"), 1)
		return oracle.Process{Name: c.Name, Command: c.Command, Dir: c.Dir, Env: c.Env}
	}
}
