package registry

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
)

// constructors maps an engine name to a function building it with default
// settings: the in-house evaluators here, the adapters of adapters.go, each
// replaced by config_registry.go with one consulting the config. An adapter
// that builds its engine itself (Descriptor.Build) needs no entry
// (described.go).
var constructors = map[string]func() (oracle.Engine, error){
	"reference": func() (oracle.Engine, error) { return Reference(reference.Options{}), nil },
	"engine":    func() (oracle.Engine, error) { return Engine(engine.Options{}), nil },
}

// Names returns the engine names New accepts, sorted: the registry's own
// constructors and the engines whose adapters build them (described.go).
func Names() []string {
	out := make([]string, 0, len(constructors))
	for n := range constructors {
		out = append(out, n)
	}
	for _, n := range builtByAdapters() {
		if _, ok := constructors[n]; !ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// New builds the engine called name with default settings.
func New(name string) (oracle.Engine, error) {
	mk, ok := constructors[name]
	if _, _, release := SplitRelease(name); !ok && release {
		cfg, err := ActiveConfig()
		if err != nil {
			return nil, err
		}
		return cfg.New(name) // "jena@5.6.0" (releases.go)
	}
	if _, built := describedBuild(name); !ok && built {
		cfg, err := ActiveConfig()
		if err != nil {
			return nil, err
		}
		return cfg.New(name) // its adapter builds it (described.go)
	}
	if !ok {
		return nil, fmt.Errorf("unknown engine %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return mk()
}
