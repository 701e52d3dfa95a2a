package comunica

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// engine starts the adapter on this folder's node_modules.
func engine(t *testing.T) *sidecar.Engine {
	dir, _ := adaptertest.NodeModules(t, "@comunica/query-sparql-rdfjs")
	return adaptertest.Closed(t, New(dir, 1))
}

func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, engine(t), "5.4.1")
}
