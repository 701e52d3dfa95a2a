package python

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestReuse: each Python sidecar loads a dataset once for the queries
// naming it.
func TestReuse(t *testing.T) {
	for _, name := range []string{"pyoxigraph", "oxilite", "rdflib"} {
		t.Run(name, func(t *testing.T) { adaptertest.CheckReuse(t, engine(t, name)) })
	}
}
