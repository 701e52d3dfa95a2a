package install

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/adapters"
)

// StepTimeout bounds one installation step (an npm ci, a pip install, a
// Maven build, an apt-get install).
var StepTimeout = 20 * time.Minute

// runtime is one way of installing a runtime into home; the same runtime
// serves several engines (one .venv for the three Python engines) and
// runs once per Run.
type runtime struct {
	id  string
	run func(ctx context.Context, r *runner) error
}

// engine is what installing one engine takes: the adapter folder whose
// embedded sources are written, and the runtimes it needs.
type engine struct {
	folder   string // under adapters/; "" for none
	runtimes []runtime
}

var (
	npmOxigraph = runtime{"npm oxigraph", func(ctx context.Context, r *runner) error { return r.npm(ctx, "oxigraph") }}
	npmComunica = runtime{"npm comunica", func(ctx context.Context, r *runner) error { return r.npm(ctx, "comunica") }}
	venv        = runtime{"venv", func(ctx context.Context, r *runner) error { return r.venv(ctx) }}
	maven       = runtime{"maven", func(ctx context.Context, r *runner) error { return r.maven(ctx, "jena") }}
	mavenRDF4J  = runtime{"maven rdf4j", func(ctx context.Context, r *runner) error { return r.maven(ctx, "rdf4j") }}
	perl        = debian("perl", "libattean-perl", "librdf-query-perl", "libjson-perl")
	roqet       = debian("rasqal-utils")
	virtuoso    = debian("virtuoso-opensource")
	builtIn     = engine{}
)

// engines maps each engine name (the registry's) to its installation.
var engines = map[string]engine{
	"reference":  builtIn,
	"engine":     builtIn,
	"oxigraph":   {"oxigraph", []runtime{npmOxigraph}},
	"comunica":   {"comunica", []runtime{npmComunica}},
	"pyoxigraph": {"python", []runtime{venv}},
	"oxilite":    {"python", []runtime{venv}},
	"rdflib":     {"python", []runtime{venv}},
	"jena":       {"jena", []runtime{maven}},
	"rdf4j":      {"rdf4j", []runtime{mavenRDF4J}},
	"attean":     {"attean", []runtime{perl}},
	"rdfquery":   {"attean", []runtime{perl}},
	"rasqal":     {"", []runtime{roqet}},
	"virtuoso":   {"", []runtime{virtuoso}},
}

// Names lists the engines Run installs, sorted.
func Names() []string {
	out := make([]string, 0, len(engines))
	for n := range engines {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Known reports whether Run knows how to install name.
func Known(name string) bool {
	_, ok := engines[name]
	return ok
}

// Run installs the named engines into home (created when missing),
// reporting each step on log. It tries every engine and returns the
// errors of those that failed, joined; an unknown name fails before
// anything is installed.
func Run(ctx context.Context, home string, names []string, log io.Writer) error {
	for _, n := range names {
		if !Known(n) {
			return fmt.Errorf("unknown engine %q (installable: %s)", n, strings.Join(Names(), ", "))
		}
	}
	abs, err := filepath.Abs(home)
	if err != nil {
		return err
	}
	r := &runner{home: abs, log: log, done: map[string]error{}}
	var errs []error
	for _, n := range names {
		if err := r.install(ctx, n); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", n, err))
			fmt.Fprintf(log, "install: %s: FAILED: %v\n", n, err)
			continue
		}
		fmt.Fprintf(log, "install: %s: installed\n", n)
	}
	return errors.Join(errs...)
}

// runner carries one Run: the data folder and the runtimes already done.
type runner struct {
	home string
	log  io.Writer
	done map[string]error
}

func (r *runner) install(ctx context.Context, name string) error {
	e := engines[name]
	if e.folder != "" {
		if err := r.writeSources(e.folder); err != nil {
			return err
		}
	}
	for _, rt := range e.runtimes {
		err, ok := r.done[rt.id]
		if !ok {
			err = rt.run(ctx, r)
			r.done[rt.id] = err
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// writeSources copies adapters/<folder> from the binary into home,
// rewriting only files whose content differs (the stamps compare them).
func (r *runner) writeSources(folder string) error {
	return fs.WalkDir(adapters.Sources, folder, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := adapters.Sources.ReadFile(p)
		if err != nil {
			return err
		}
		return writeIfChanged(filepath.Join(r.home, "adapters", filepath.FromSlash(p)), data)
	})
}

func writeIfChanged(dst string, data []byte) error {
	if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// Files lists the embedded sources of one adapter folder (for tests and
// for `oracle engines`), relative to the adapters folder.
func Files(folder string) []string {
	var out []string
	fs.WalkDir(adapters.Sources, folder, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// Folders lists the adapter folders the binary carries sources for.
func Folders() []string {
	var out []string
	for _, e := range engines {
		if e.folder != "" && !slices.Contains(out, e.folder) {
			out = append(out, e.folder)
		}
	}
	sort.Strings(out)
	return out
}

// source reads one embedded file, by its path under adapters/.
func source(p string) []byte {
	b, _ := adapters.Sources.ReadFile(path.Clean(p))
	return b
}
