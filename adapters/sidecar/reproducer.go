package sidecar

import (
	"sync"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Reproducers are the sidecar engines' own reproducers (oracle.Reproducer),
// by engine name: each adapter registers its own from its reproducer.go,
// since Engine is shared by every sidecar adapter.
var reproducers sync.Map // name -> func(oracle.NativeCase) oracle.Native

// SetReproducer records the reproducer of the sidecar engine called name.
func SetReproducer(name string, f func(oracle.NativeCase) oracle.Native) {
	reproducers.Store(name, f)
}

// Reproduce is the adapter's reproducer of c (oracle.Reproducer): the one
// registered under the engine's name, else under Config.Reproducer (the
// adapter's name for an engine a config entry renamed); false when there
// is neither.
func (e *Engine) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	for _, name := range []string{e.cfg.Name, e.cfg.Reproducer} {
		if f, ok := reproducers.Load(name); ok && name != "" {
			return f.(func(oracle.NativeCase) oracle.Native)(c), true
		}
	}
	return oracle.Native{}, false
}
