package registry

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/comunica"
	"github.com/sparql-oracle/oracle/adapters/oxigraph"
	"github.com/sparql-oracle/oracle/adapters/python"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// The external adapters live in the repository (adapters/<name>: the
// sidecar's source and its pinned, installed dependencies), so building one
// needs the repository root: $ORACLE_HOME, else the first directory holding
// go.mod above the working directory, else above the executable.

// HomeEnv names the environment variable that points at the repository root.
const HomeEnv = "ORACLE_HOME"

// adapterFiles maps each external engine to the file that exists once
// scripts/install.sh installed it, relative to the repository root.
var adapterFiles = map[string]string{
	oxigraph.Name: "adapters/oxigraph/node_modules/oxigraph",
	comunica.Name: "adapters/comunica/node_modules/@comunica/query-sparql-rdfjs",
	"pyoxigraph":  ".venv/bin/python",
	"oxilite":     ".venv/bin/python",
	"rdflib":      ".venv/bin/python",
}

func init() {
	constructors[oxigraph.Name] = func() (oracle.Engine, error) {
		root, err := adapterRoot(oxigraph.Name)
		if err != nil {
			return nil, err
		}
		return oxigraph.New(filepath.Join(root, "adapters", "oxigraph"), 1), nil
	}
	constructors[comunica.Name] = func() (oracle.Engine, error) {
		root, err := adapterRoot(comunica.Name)
		if err != nil {
			return nil, err
		}
		return comunica.New(filepath.Join(root, "adapters", "comunica"), 1), nil
	}
	for _, name := range python.Names {
		constructors[name] = pythonConstructor(name)
	}
}

func pythonConstructor(name string) func() (oracle.Engine, error) {
	return func() (oracle.Engine, error) {
		root, err := adapterRoot(name)
		if err != nil {
			return nil, err
		}
		dir := filepath.Join(root, "adapters", "python")
		return python.New(name, dir, filepath.Join(root, ".venv", "bin", "python"), 1), nil
	}
}

// ErrNotInstalled is wrapped by New's error for an external engine whose
// installed files are missing (run scripts/install.sh).
var ErrNotInstalled = errors.New("engine not installed")

// External lists the external engines New can build, installed or not.
func External() []string {
	var out []string
	for _, n := range Names() {
		if _, ok := adapterFiles[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// Installed reports whether the engine called name can run here: the
// in-house evaluators always can; an adapter when its files are installed.
func Installed(name string) bool {
	if _, ok := adapterFiles[name]; !ok {
		_, known := constructors[name]
		return known
	}
	_, err := adapterRoot(name)
	return err == nil
}

// adapterRoot finds the repository root holding name's installed files.
func adapterRoot(name string) (string, error) {
	root, err := Home()
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(root, adapterFiles[name])); err != nil {
		return "", fmt.Errorf("%s: %w under %s (run scripts/install.sh)", name, ErrNotInstalled, root)
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
