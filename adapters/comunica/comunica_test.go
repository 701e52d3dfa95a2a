package comunica

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// engine starts the adapter on this folder's node_modules.
var engine = adaptertest.NodeStarter("@comunica/query-sparql-rdfjs", New)

func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, engine(t), "5.4.1")
}
