package registry

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/attean"
	"github.com/sparql-oracle/oracle/adapters/comunica"
	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/adapters/oxigraph"
	"github.com/sparql-oracle/oracle/adapters/python"
	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// The external adapters live in the repository (adapters/<name>: the
// sidecar's source and its pinned, installed dependencies), so building one
// needs the repository root: $ORACLE_HOME, else the first directory holding
// go.mod above the working directory, else above the executable.

// HomeEnv names the environment variable that points at the repository root.
const HomeEnv = "ORACLE_HOME"

// adapter says how to build one external engine and what must exist for
// it to run: files relative to the repository root (installed by
// scripts/install.sh) or absolute system paths (Debian packages).
type adapter struct {
	needs []string
	build func(root string) oracle.Engine
}

var adapters = map[string]adapter{
	oxigraph.Name: {[]string{"adapters/oxigraph/node_modules/oxigraph"},
		func(root string) oracle.Engine { return oxigraph.New(filepath.Join(root, "adapters", "oxigraph"), 1) }},
	comunica.Name: {[]string{"adapters/comunica/node_modules/@comunica/query-sparql-rdfjs"},
		func(root string) oracle.Engine { return comunica.New(filepath.Join(root, "adapters", "comunica"), 1) }},
	jena.Name: {[]string{"adapters/jena/" + jena.Jar},
		func(root string) oracle.Engine { return jena.New(filepath.Join(root, "adapters", "jena"), 1) }},
	rasqal.Name: {[]string{"/usr/bin/roqet"},
		func(string) oracle.Engine { return rasqal.New(rasqal.Config{Roqet: "/usr/bin/roqet", NoNetwork: true}) }},
	"attean":   perlAdapter("attean", "/usr/share/perl5/Attean.pm"),
	"rdfquery": perlAdapter("rdfquery", "/usr/share/perl5/RDF/Query.pm"),
}

func pythonAdapter(name string) adapter {
	return adapter{[]string{".venv/bin/python"}, func(root string) oracle.Engine {
		return python.New(name, filepath.Join(root, "adapters", "python"), filepath.Join(root, ".venv", "bin", "python"), 1)
	}}
}

func perlAdapter(name, module string) adapter {
	return adapter{[]string{module, "adapters/attean/sidecar.pl"}, func(root string) oracle.Engine {
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
// installed files are missing (run scripts/install.sh).
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
	if _, ok := adapters[name]; !ok {
		_, known := constructors[name]
		return known
	}
	_, err := adapterRoot(name)
	return err == nil
}

// adapterRoot finds the repository root and checks name's installed files.
func adapterRoot(name string) (string, error) {
	root, err := Home()
	if err != nil {
		return "", err
	}
	for _, need := range adapters[name].needs {
		if !filepath.IsAbs(need) {
			need = filepath.Join(root, need)
		}
		if _, err := os.Stat(need); err != nil {
			return "", fmt.Errorf("%s: %w: %s is missing (run scripts/install.sh)", name, ErrNotInstalled, need)
		}
	}
	return root, nil
}

// Home returns the repository root: $ORACLE_HOME, else the nearest
// directory with a go.mod above the working directory or the executable.
func Home() (string, error) {
	if h := os.Getenv(HomeEnv); h != "" {
		return filepath.Abs(h)
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		starts = append(starts, filepath.Dir(exe))
	}
	for _, s := range starts {
		if r, ok := findUp(s, "go.mod"); ok {
			return r, nil
		}
	}
	return "", fmt.Errorf("cannot find the repository root: set %s", HomeEnv)
}

func findUp(dir, file string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, file)); err == nil {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}
