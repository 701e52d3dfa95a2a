package oxigraph

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// engine starts the adapter on this folder's node_modules.
var engine = adaptertest.NodeStarter("oxigraph", New)

func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, engine(t), "0.5.11")
}
