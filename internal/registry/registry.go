package registry

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sparql-oracle/oracle/internal/engine"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/reference"
)

// constructors maps an engine name (ARCHITECTURE.md, "External engines") to
// a function building it with default settings. The fast engine ("engine")
// and the adapters register here as they are written.
var constructors = map[string]func() (oracle.Engine, error){
	"reference": func() (oracle.Engine, error) { return Reference(reference.Options{}), nil },
	"engine":    func() (oracle.Engine, error) { return Engine(engine.Options{}), nil },
}

// Names returns the engine names New accepts, sorted.
func Names() []string {
	out := make([]string, 0, len(constructors))
	for n := range constructors {
		out = append(out, n)
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
	if !ok {
		return nil, fmt.Errorf("unknown engine %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return mk()
}
