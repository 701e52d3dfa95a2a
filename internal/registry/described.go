package registry

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// An adapter may build its engine itself: its descriptor's Build
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
	var out []string
	for _, d := range oracle.Described() {
		if d.Build != nil {
			out = append(out, d.Name)
		}
	}
	return out
}

// needs are the installed files engine name cannot run without, from its
// descriptor (relative to a root, or absolute system paths).
func needs(name string) []string {
	d, _ := describedExact(name)
	return d.Install.Needs
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
	return kind{false, func(e EngineConfig) (oracle.Engine, error) {
		dir, err := describedDir(d, e)
		if err != nil {
			return nil, err
		}
		return d.Build(oracle.BuildSettings{Name: e.Name, Dir: dir, Binary: e.Binary, Pool: e.Pool})
	}}, true
}

// describedDir is the entry's dir, else the adapter's folder under the
// first root holding its needs ("" for an adapter without a folder).
func describedDir(d oracle.Descriptor, e EngineConfig) (string, error) {
	if e.Dir != "" || d.Install.Folder == "" {
		return e.Dir, nil
	}
	root, err := adapterRoot(d.Name)
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "adapters", filepath.FromSlash(d.Install.Folder)), nil
}

// describedWhere says where an adapter-built engine runs from.
func describedWhere(d oracle.Descriptor) string {
	if len(d.Install.Needs) == 0 {
		return fmt.Sprintf("built in (adapter %s)", d.Name)
	}
	root, err := adapterRoot(d.Name)
	if err != nil {
		return ""
	}
	return root
}
