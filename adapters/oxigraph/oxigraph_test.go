package oxigraph

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// engine starts the adapter on this folder's node_modules (skipped,
// or failed under CI, without them).
func engine(t *testing.T) *sidecar.Engine {
	t.Helper()
	dir, _ := filepath.Abs(".")
	adaptertest.Require(t, filepath.Join(dir, "node_modules", "oxigraph"), "the oxigraph npm package")
	e := New(dir, 1)
	t.Cleanup(e.Close)
	return e
}

// nodePath is the environment a native reproducer runs in: this folder's
// node_modules.
func nodePath() []string {
	dir, _ := filepath.Abs("node_modules")
	return []string{"NODE_PATH=" + dir}
}

func TestRealEngine(t *testing.T) {
	adaptertest.Run(t, engine(t), "0.5.11")
}
