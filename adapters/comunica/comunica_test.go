package comunica

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

func TestRealEngine(t *testing.T) {
	dir, _ := filepath.Abs(".")
	adaptertest.Require(t, filepath.Join(dir, "node_modules", "@comunica", "query-sparql-rdfjs"), "the comunica npm package")
	e := New(dir, 1)
	t.Cleanup(e.Close)
	adaptertest.Run(t, e, "5.4.1")
}
