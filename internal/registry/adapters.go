package registry

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/attean"
	"github.com/sparql-oracle/oracle/adapters/comunica"
	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/adapters/oxigraph"
	"github.com/sparql-oracle/oracle/adapters/python"
	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/adapters/rdf4j"
	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// The external adapters' runtimes (adapters/<name>: the sidecar's source
// and its pinned, installed dependencies; .venv for Python) live under a
// root: the checkout, or the data folder `oracle engines install` fills
// with the same layout (roots.go says which roots are searched).

// adapter says how to build one external engine with default settings;
// what must exist for it to run is its descriptor's Install.Needs (files
// relative to a root, installed by `oracle engines
// install`, or absolute system paths of Debian packages).
type adapter struct {
	build func(root string) oracle.Engine
}

var adapters = map[string]adapter{
	oxigraph.Name: {func(root string) oracle.Engine { return oxigraph.New(filepath.Join(root, "adapters", "oxigraph"), 1) }},
	comunica.Name: {func(root string) oracle.Engine { return comunica.New(filepath.Join(root, "adapters", "comunica"), 1) }},
	jena.Name:     {func(root string) oracle.Engine { return jena.New(filepath.Join(root, "adapters", "jena"), 1) }},
	rdf4j.Name:    {func(root string) oracle.Engine { return rdf4j.New(filepath.Join(root, "adapters", "rdf4j"), 1) }},
	// Live SPARQL 1.1 Protocol endpoints the adapter starts itself.
	sparqlhttp.OxigraphServerName: {func(root string) oracle.Engine {
		return sparqlhttp.OxigraphServer(filepath.Join(root, ".venv", "bin", "oxigraph"))
	}},
	sparqlhttp.FusekiName: {func(root string) oracle.Engine {
		jar := filepath.Join(root, sparqlhttp.FusekiJar)
		return sparqlhttp.Fuseki(sparqlhttp.FusekiJava(jar), jar)
	}},
	rasqal.Name: {func(string) oracle.Engine {
		return rasqal.New(rasqal.Config{Roqet: "/usr/bin/roqet", NoNetwork: true, Limits: shareLimits(rasqal.Name, rasqal.DefaultLimits, 1)})
	}},
	"attean":   perlAdapter("attean"),
	"rdfquery": perlAdapter("rdfquery"),
}

func pythonAdapter(name string) adapter {
	return adapter{func(root string) oracle.Engine {
		return python.New(name, filepath.Join(root, "adapters", "python"), filepath.Join(root, ".venv", "bin", "python"), 1)
	}}
}

func perlAdapter(name string) adapter {
	return adapter{func(root string) oracle.Engine {
		return attean.New(name, filepath.Join(root, "adapters", "attean"), 1)
	}}
}

func init() {
	for _, name := range python.Names {
		adapters[name] = pythonAdapter(name)
	}
	for name, a := range adapters {
		constructors[name] = func() (oracle.Engine, error) {
			root, err := adapterRoot(name)
			if err != nil {
				return nil, err
			}
			return a.build(root), nil
		}
	}
}

// ErrNotInstalled is wrapped by New's error for an external engine whose
// installed files are missing (run `oracle engines install NAME`).
var ErrNotInstalled = errors.New("engine not installed")

// External lists the external engines New can build, installed or not,
// sorted.
func External() []string {
	var out []string
	for _, n := range Names() {
		if _, ok := adapters[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// Installed reports whether the engine called name can run here: the
// in-house evaluators always can; an adapter when its files are installed.
func Installed(name string) bool {
	if _, ok := describedBuild(name); ok {
		_, err := adapterRoot(name)
		return err == nil
	}
	if _, ok := adapters[name]; !ok {
		_, known := constructors[name]
		return known
	}
	_, err := adapterRoot(name)
	return err == nil
}

// adapterRoot is the first root (roots.go) holding every installed file
// of engine name.
func adapterRoot(name string) (string, error) {
	rs := Roots()
	for _, r := range rs {
		if missing := missingFile(r.Dir, needs(name)); missing == "" {
			return r.Dir, nil
		}
	}
	return "", notInstalled(name, rs)
}

// missingFile is the first of needs that does not exist under root ("" if
// none); absolute needs are system paths (Debian packages).
func missingFile(root string, needs []string) string {
	for _, need := range needs {
		if !filepath.IsAbs(need) {
			need = filepath.Join(root, need)
		}
		if _, err := os.Stat(need); err != nil {
			return need
		}
	}
	return ""
}

// notInstalled says where name was looked for and how to install it.
func notInstalled(name string, rs []Root) error {
	var where []string
	for _, r := range rs {
		where = append(where, r.String())
	}
	if len(where) == 0 {
		where = append(where, "no checkout and no data folder ($HOME unset)")
	}
	return fmt.Errorf("%s: %w (looked in %s): run `oracle engines install %s`",
		name, ErrNotInstalled, strings.Join(where, "; "), name)
}
