package sparqlhttp_test

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestKeepLoaded: each server keeps a case's data loaded for the next
// query of the same dataset, loads another, and drops it for an update.
func TestKeepLoaded(t *testing.T) {
	for name, m := range endpoints(t) {
		t.Run(name, func(t *testing.T) { adaptertest.CheckReuse(t, m) })
	}
}
