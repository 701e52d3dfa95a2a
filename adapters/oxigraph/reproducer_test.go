package oxigraph

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestUpdateReproducer: the native update reproducer, run on this
// folder's node_modules, prints the store the adapter answers.
func TestUpdateReproducer(t *testing.T) {
	_, env := adaptertest.NodeModules(t, "oxigraph")
	adaptertest.CheckUpdateReproducer(t, engine(t), env, nil)
}
