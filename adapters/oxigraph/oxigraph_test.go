package oxigraph

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

func TestRealEngine(t *testing.T) {
	dir, _ := filepath.Abs(".")
	adaptertest.Require(t, filepath.Join(dir, "node_modules", "oxigraph"), "the oxigraph npm package")
	e := New(dir, 1)
	t.Cleanup(e.Close)
	adaptertest.Run(t, e, "0.5.11")
}
