package attean

import (
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestReuse: RDF::Query loads a dataset once for the queries naming it;
// Attean loads it for every query, because its queries change the model
// they read (sidecar.pl, Attean::run), and hashing one literal twice gives
// its hash twice.
func TestReuse(t *testing.T) {
	es := engines(t)
	t.Run("rdfquery", func(t *testing.T) { adaptertest.CheckReuse(t, es["rdfquery"]) })
	t.Run("attean", func(t *testing.T) {
		e := es["attean"]
		before := e.Reused()
		adaptertest.CheckHashTwice(t, e)
		if n := e.Reused() - before; n != 0 {
			t.Errorf("attean answered %d queries on a held model, want 0", n)
		}
	})
}
