package python

import (
	_ "embed"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// known.json holds RDFLib's rules. pyoxigraph's are the Oxigraph family's
// (adapters/oxigraph/known.json); oxilite is its own family (it
// evaluates on SQLite) but parses with Oxigraph's spargebra (Parser).
//
//go:embed known.json
var known []byte

func init() {
	oracle.Register(described(oracle.Descriptor{
		Name:   "pyoxigraph",
		Family: "oxigraph",
		Newest: oracle.Release{Version: "0.5.13", Checked: "2026-12-07",
			Source: "PyPI pyoxigraph 0.5.13 (pip index versions)"},
		Tracker:      "https://github.com/oxigraph/oxigraph/issues",
		Supports:     []string{"update", "sparql12"},
		EARL:         oracle.Project{Name: "pyoxigraph", Homepage: "https://github.com/oxigraph/oxigraph", Language: "Rust"},
		BuildRelease: sidecar.Build(pyoxigraphRelease),
	}, "0.4.11"))
	oracle.Register(described(oracle.Descriptor{
		Name:   "oxilite",
		Family: "oxilite",
		Parser: "oxigraph",
		Newest: oracle.Release{Version: "0.9.1", Checked: "2026-12-07",
			Source: "PyPI oxilite 0.9.1 (pip index versions)"},
		Tracker:  "https://github.com/Volland/oxilite/issues",
		Supports: []string{"update", "sparql12"},
		EARL:     oracle.Project{Name: "oxilite", Homepage: "https://pypi.org/project/oxilite/", Language: "Python"},
	}))
	rdflib := described(oracle.Descriptor{
		Name:   "rdflib",
		Family: "rdflib",
		Newest: oracle.Release{Version: "7.6.0", Checked: "2026-12-07",
			Source: "PyPI rdflib 7.6.0 (pip index versions)"},
		Tracker:  "https://github.com/RDFLib/rdflib/issues",
		Supports: []string{"update"},
		Rules:    oracle.MustRules(known),
		EARL:     oracle.Project{Name: "RDFLib", Homepage: "https://github.com/RDFLib/rdflib", Language: "Python"},
	})
	rdflib.Bench = nil // not benchmarked
	oracle.Register(rdflib)
}

// described completes a Python engine's descriptor: every one runs
// sidecar.py of this folder in the one .venv holding requirements.txt's
// pins (its package names its pin there); releases are pip packages of
// that name, each in a venv of its own.
func described(d oracle.Descriptor, releases ...string) oracle.Descriptor {
	d.Install = oracle.Install{
		Folder:  "python",
		Steps:   []oracle.Step{{Kind: oracle.StepVenv, Folder: "python"}},
		Needs:   []string{".venv/bin/python", "adapters/python/sidecar.py"},
		Pin:     oracle.Pin{From: "pip", File: "python/requirements.txt", Key: d.Name},
		Sandbox: oracle.SandboxSidecar,
	}
	if len(releases) > 0 {
		d.Install.Releases = releases
		d.Install.Release = oracle.Step{Kind: oracle.StepPipRelease, Folder: "python", Packages: []string{d.Name}}
	}
	name := d.Name
	d.Pools = true
	d.Build = sidecar.Build(func(s oracle.BuildSettings) sidecar.Config {
		return Config(name, s.Dir, filepath.Join(s.Root, ".venv", "bin", "python"), s.Pool)
	})
	d.Bench = func(root string) oracle.Process {
		c := Config(name, filepath.Join(root, "adapters", "python"), filepath.Join(root, ".venv", "bin", "python"), 1)
		return oracle.Process{Name: c.Name, Command: c.Command, Dir: c.Dir, Env: c.Env}
	}
	return d
}

// pyoxigraphRelease runs sidecar.py on the release's own venv
// (releases/pyoxigraph-RELEASE), with that release's reproducer.
func pyoxigraphRelease(s oracle.BuildSettings) sidecar.Config {
	c := Config("pyoxigraph", s.Dir, filepath.Join(s.Dir, "releases", "pyoxigraph-"+s.Release, "bin", "python"), s.Pool)
	sidecar.SetReproducer(s.Name, ReleaseReproducer(s.Release))
	c.Reproducer = s.Name
	// pyoxigraph 0.5 has RDF 1.2; 0.4 has RDF-star, whose << >> is not
	// RDF 1.2's (adapters/oxigraph Release12 says the same of npm's).
	c.SPARQL12 = !strings.HasPrefix(s.Release, "0.4.") && !strings.HasPrefix(s.Release, "0.3.")
	return c
}
