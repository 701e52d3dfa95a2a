package registry

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The external adapters' runtimes (adapters/<name>: the sidecar's source
// and its pinned, installed dependencies; .venv for Python) live under a
// root: the checkout, or the data folder `oracle engines install` fills
// with the same layout (roots.go says which roots are searched). What must
// exist for an engine to run is its descriptor's Install.Needs (files
// relative to a root, or absolute system paths of Debian packages); how it
// is built is its descriptor's Build (described.go).

// ErrNotInstalled is wrapped by New's error for an external engine whose
// installed files are missing (run `oracle engines install NAME`).
var ErrNotInstalled = errors.New("engine not installed")

// External lists the external engines New can build, installed or not,
// sorted: every engine an adapter describes and builds.
func External() []string {
	return builtByAdapters()
}

// Installed reports whether the engine called name can run here: the
// in-house evaluators always can; an adapter's engine when its files are
// installed.
func Installed(name string) bool {
	if _, ok := describedBuild(name); ok {
		_, err := adapterRoot(name, "")
		return err == nil
	}
	_, known := constructors[name]
	return known
}

// adapterRoot is the first root (roots.go) holding every installed file
// of engine name (binary, when configured, stands in for its system
// programs).
func adapterRoot(name, binary string) (string, error) {
	rs := Roots()
	var missing string
	for _, r := range rs {
		if missing = missingFile(r.Dir, needs(name, binary)); missing == "" {
			return r.Dir, nil
		}
	}
	return "", notInstalled(name, rs, missing)
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

// notInstalled says where name was looked for, what was missing and how
// to install it.
func notInstalled(name string, rs []Root, missing string) error {
	var where []string
	for _, r := range rs {
		where = append(where, r.String())
	}
	if len(where) == 0 {
		where = append(where, "no checkout and no data folder ($HOME unset)")
	}
	if missing != "" {
		missing = "; " + missing + " is missing"
	}
	return fmt.Errorf("%s: %w (looked in %s%s): run `oracle engines install %s`",
		name, ErrNotInstalled, strings.Join(where, "; "), missing, name)
}
