package python

import (
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// Names are the engines this package runs.
var Names = []string{"pyoxigraph", "oxilite", "rdflib"}

// Config returns the sidecar configuration of engine name; dir is this
// adapter's folder and python the interpreter of the virtual environment.
func Config(name, dir, python string, pool int) sidecar.Config {
	return sidecar.Config{
		Name:        name,
		Command:     []string{python, "-u", filepath.Join(dir, "sidecar.py"), name},
		Dir:         dir,
		Pool:        pool,
		MaxRequests: 5000,
		NoNetwork:   true,
		Limits:      sidecar.DefaultLimits,
		// pyoxigraph 0.5 and oxilite are built with RDF 1.2 (triple terms
		// load from N-Quads, isTRIPLE answers); RDFLib 7 has neither.
		SPARQL12: name != "rdflib",
	}
}

// New returns the engine called name.
func New(name, dir, python string, pool int) *sidecar.Engine {
	return sidecar.New(Config(name, dir, python, pool))
}
