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

// Reproduce is the adapter's reproducer of c (oracle.Reproducer); false
// when the adapter registered none under this engine's name (a name given
// by configuration).
func (e *Engine) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	f, ok := reproducers.Load(e.cfg.Name)
	if !ok {
		return oracle.Native{}, false
	}
	return f.(func(oracle.NativeCase) oracle.Native)(c), true
}
