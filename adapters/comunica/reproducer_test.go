package comunica

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestUpdateReproducer: the native update reproducer, run on this
// folder's node_modules, prints the store the adapter answers.
func TestUpdateReproducer(t *testing.T) {
	dir, _ := filepath.Abs(".")
	adaptertest.Require(t, filepath.Join(dir, "node_modules", "@comunica", "query-sparql-rdfjs"), "the comunica npm package")
	e := New(dir, 1)
	t.Cleanup(e.Close)
	adaptertest.CheckUpdateReproducer(t, e, []string{"NODE_PATH=" + filepath.Join(dir, "node_modules")}, nil)
}
