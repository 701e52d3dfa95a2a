package python

import (
	"embed"
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// descriptor.json describes pyoxigraph, oxilite and RDFLib
// (oracle.Descriptor); known.json holds RDFLib's rules.
//
//go:embed descriptor.json known.json
var data embed.FS

func init() {
	code := oracle.Each(Names, func(name string) oracle.Code {
		c := oracle.Code{Build: sidecar.Build(func(s oracle.BuildSettings) sidecar.Config {
			return Config(name, s.Dir, filepath.Join(s.Root, ".venv", "bin", "python"), s.Pool)
		})}
		if name != "rdflib" { // `oracle bench` runs the other two
			c.Bench = bench(name)
		}
		return c
	})
	py := code["pyoxigraph"]
	py.BuildRelease = sidecar.Build(pyoxigraphRelease)
	code["pyoxigraph"] = py
	oracle.RegisterData(data, code)
}

// bench starts the sidecar of engine name in the .venv under root.
func bench(name string) func(root string) oracle.Process {
	return func(root string) oracle.Process {
		c := Config(name, filepath.Join(root, "adapters", "python"), filepath.Join(root, ".venv", "bin", "python"), 1)
		return oracle.Process{Name: c.Name, Command: c.Command, Dir: c.Dir, Env: c.Env}
	}
}

// pyoxigraphRelease runs sidecar.py on the release's own venv
// (releases/pyoxigraph-RELEASE), with that release's reproducer.
func pyoxigraphRelease(s oracle.BuildSettings) sidecar.Config {
	c := Config("pyoxigraph", s.Dir, filepath.Join(s.Dir, "releases", "pyoxigraph-"+s.Release, "bin", "python"), s.Pool)
	sidecar.SetReproducer(s.Name, ReleaseReproducer(s.Release))
	c.Reproducer = s.Name
	// pyoxigraph 0.5 has RDF 1.2; 0.3 and 0.4 have RDF-star, whose << >>
	// is not RDF 1.2's (adapters/oxigraph Release12 says the same of npm's).
	star, _ := filepath.Match("0.[34].*", s.Release)
	c.SPARQL12 = !star
	return c
}
