package python

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

var pinned = map[string]string{"pyoxigraph": "0.5.13", "oxilite": "0.9.1", "rdflib": "7.6.0"}

// venvBin is the project's virtual environment's bin folder, below the
// repository root two folders up.
var venvBin = filepath.Join("..", "..", ".venv", "bin")

// engine starts the adapter of the Python engine name on the virtual
// environment's python (Local: skipped without it).
func engine(t *testing.T, name string) *sidecar.Engine {
	dir := adaptertest.Local(t, filepath.Join(venvBin, "python"), "the Python virtual environment")
	return adaptertest.Closed(t, New(name, dir, filepath.Join(dir, venvBin, "python"), 1))
}

func TestRealEngines(t *testing.T) {
	for _, name := range Names {
		t.Run(name, func(t *testing.T) { adaptertest.Run(t, engine(t, name), pinned[name]) })
	}
}
