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
	"github.com/sparql-oracle/oracle/internal/oracle"
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
// embedded sources are written, and the runtimes it needs (plan reads
// them from the engine's descriptor).
type engine struct {
	folder   string // under adapters/; "" for none
	runtimes []runtime
}

// plan is how to install the engine called name, read from its
// descriptor (oracle.Descriptor.Install): its folder and a runtime per
// step. "engine@release" is one of the descriptor's Releases, installed
// by its Release step. ok is false for a name nobody described.
func plan(name string) (engine, bool) {
	if base, rel, ok := strings.Cut(name, "@"); ok {
		d, ok := described(base)
		if !ok || !slices.Contains(d.Install.Releases, rel) {
			return engine{}, false
		}
		return engine{d.Install.Folder, []runtime{releaseRuntime(d.Install.Release, rel)}}, true
	}
	d, ok := described(name)
	if !ok {
		return engine{}, false
	}
	e := engine{folder: d.Install.Folder}
	for _, st := range d.Install.Steps {
		e.runtimes = append(e.runtimes, stepRuntime(st))
	}
	return e, true
}

// described is the descriptor registered under exactly name (Describe
// also answers for names nobody described).
func described(name string) (oracle.Descriptor, bool) {
	for _, d := range oracle.Described() {
		if d.Name == name {
			return d, true
		}
	}
	return oracle.Descriptor{}, false
}

// stepRuntime is the runtime installing one step; steps with the same ID
// share it.
func stepRuntime(st oracle.Step) runtime {
	run := func(ctx context.Context, r *runner) error {
		switch st.Kind {
		case oracle.StepNPM:
			return r.npm(ctx, st.Folder)
		case oracle.StepVenv:
			return r.venv(ctx, st.Folder)
		case oracle.StepMaven:
			return r.maven(ctx, st)
		case oracle.StepDebian:
			return r.apt(ctx, st.Debconf, st.Packages...)
		case oracle.StepMavenJar:
			return r.mavenJar(ctx, st)
		}
		return fmt.Errorf("unknown installation step %q (internal/oracle descriptor_install.go lists them)", st.Kind)
	}
	return runtime{st.ID(), run}
}

// Names lists the engines Run installs (every described engine and every
// release they list), sorted.
func Names() []string {
	var out []string
	for _, d := range oracle.Described() {
		out = append(out, d.Name)
	}
	out = append(out, ReleaseNames()...)
	sort.Strings(out)
	return out
}

// Everything lists what `oracle engines install --all` installs into home
// (scripts/install.sh and the Dockerfile run it): every described engine
// that has installation steps, then every release the descriptors list,
// one built from a source snapshot only where a snapshot is found (none
// is fetched). The order is the descriptors'; Run installs a shared
// runtime once.
func Everything(home string) []string {
	var out []string
	for _, d := range oracle.Described() {
		if len(d.Install.Steps) > 0 {
			out = append(out, d.Name)
		}
	}
	for _, d := range oracle.Described() {
		rel := d.Install.Release
		if rel.Kind == oracle.StepSnapshotRelease && snapshot(home, rel) == "" {
			continue
		}
		for _, r := range d.Install.Releases {
			out = append(out, d.Name+"@"+r)
		}
	}
	return out
}

// Known reports whether Run knows how to install name.
func Known(name string) bool {
	_, ok := plan(name)
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
	// aptUpdated: apt-get update ran once in this Run.
	aptUpdated bool
}

func (r *runner) install(ctx context.Context, name string) error {
	e, _ := plan(name)
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

// JavaShared is the folder of the Java source every Java sidecar's Maven
// project compiles beside its own (adapters/javasidecar: the protocol's
// response writer).
const JavaShared = "javasidecar"

// Folders lists the adapter folders the binary carries sources for: each
// engine's, and the one the Java sidecars share.
func Folders() []string {
	out := []string{JavaShared}
	for _, d := range oracle.Described() {
		if f := d.Install.Folder; f != "" && !slices.Contains(out, f) {
			out = append(out, f)
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
