package registry

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Every external engine is built by its adapter: its descriptor's Build
// (oracle.Descriptor) takes a config entry's settings. Such an engine needs
// nothing here but its package linked in, one blank import in engines.go:
// it is then a kind a config may name, in Names and the default set, built
// by New, checked and located from its descriptor's Install.Needs. The
// lookups are made when asked, not at init, so an adapter whose init runs
// after this package's (one that imports the registry) is found too.

// The engines whose adapters build them join the canonical names (this
// package's init runs after the inits of the adapters it imports), so
// every list of engines (`oracle version`, `oracle engines`, the default
// set) has them.
func init() {
	for _, n := range builtByAdapters() {
		if !slices.Contains(Canonical, n) {
			Canonical = append(Canonical, n)
		}
	}
}

// describedBuild is the descriptor of engine name when its adapter builds
// it (Build set).
func describedBuild(name string) (oracle.Descriptor, bool) {
	d, ok := describedExact(name)
	return d, ok && d.Build != nil
}

// describedExact is the descriptor registered under exactly name
// (oracle.Describe answers for every name).
func describedExact(name string) (oracle.Descriptor, bool) {
	for _, d := range oracle.Described() {
		if d.Name == name {
			return d, true
		}
	}
	return oracle.Descriptor{}, false
}

// builtByAdapters lists the engines whose adapters build them, sorted.
func builtByAdapters() []string {
	return oracle.DescribedNames(func(d oracle.Descriptor) bool { return d.Build != nil })
}

// needs are the installed files engine name cannot run without, from its
// descriptor (relative to a root, or absolute system paths). A configured
// binary stands in for the system paths (the program it names is checked
// instead).
func needs(name string, binary string) []string {
	d, _ := describedExact(name)
	if binary == "" {
		return d.Install.Needs
	}
	var out []string
	for _, n := range d.Install.Needs {
		if !filepath.IsAbs(n) {
			out = append(out, n)
		}
	}
	return out
}

// system reports whether the engine is a system program: every file it
// needs is an absolute path (a Debian package's), none under a root.
func system(d oracle.Descriptor) bool {
	for _, n := range d.Install.Needs {
		if !filepath.IsAbs(n) {
			return false
		}
	}
	return len(d.Install.Needs) > 0
}

// kindOf is the adapter kind called k: the registry's own builders
// (config_kinds.go), else the adapter's Build from its descriptor.
func kindOf(k string) (kind, bool) {
	if kd, ok := kinds[k]; ok {
		return kd, true
	}
	d, ok := describedBuild(k)
	if !ok {
		return kind{}, false
	}
	return kind{d.Pools, func(e EngineConfig) (oracle.Engine, error) {
		s, err := buildSettings(d, e)
		if err != nil {
			return nil, err
		}
		return d.Build(s)
	}}, true
}

// buildSettings are the settings Build gets for entry e (filled in): the
// root holding the engine's installed files, its adapter folder there (or
// the entry's dir), the entry's program, pool, start timeout, limits and
// server settings. A missing installed file, dir or binary is
// ErrNotInstalled.
func buildSettings(d oracle.Descriptor, e EngineConfig) (oracle.BuildSettings, error) {
	s := entrySettings(e)
	if e.Binary != "" {
		if _, err := exec.LookPath(e.Binary); err != nil {
			return s, fmt.Errorf("%s: %w: binary %v", e.Name, ErrNotInstalled, err)
		}
	}
	if e.Dir != "" {
		if _, err := os.Stat(e.Dir); err != nil {
			return s, fmt.Errorf("%s: %w: %v", e.Name, ErrNotInstalled, err)
		}
	}
	root, err := adapterRoot(d.Name, e.Binary)
	if err != nil && (e.Dir == "" || e.Binary == "") {
		return s, err
	}
	s.Root = root
	if s.Dir == "" && d.Install.Folder != "" {
		s.Dir = filepath.Join(root, "adapters", filepath.FromSlash(d.Install.Folder))
	}
	return s, nil
}

// entrySettings are entry e's own settings, as Build gets them.
func entrySettings(e EngineConfig) oracle.BuildSettings {
	return oracle.BuildSettings{Name: e.Name, Dir: e.Dir, Binary: e.Binary, Pool: e.Pool,
		StartTimeout: time.Duration(e.StartTimeout), Memory: int64(e.MemoryMB) << 20, CPU: time.Duration(e.CPULimit),
		DatabaseDir: e.DatabaseDir, Load: e.Load}
}

// describedWhere says where an adapter-built engine runs from: the system
// program, "built in" for one that needs no file, else the root holding
// its files ("" when it is not installed).
func describedWhere(d oracle.Descriptor, binary string) string {
	switch {
	case system(d):
		return systemProgram(binary, d.Install.Needs[0])
	case len(d.Install.Needs) == 0:
		return fmt.Sprintf("built in (adapter %s)", d.Name)
	}
	for _, r := range Roots() {
		if missingFile(r.Dir, needs(d.Name, binary)) == "" {
			return r.String()
		}
	}
	return ""
}

func systemProgram(configured, def string) string {
	bin := configured
	if bin == "" {
		bin = def
	}
	p, err := exec.LookPath(bin)
	if err != nil {
		return ""
	}
	return "system " + p
}
