package python

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

var pinned = map[string]string{"pyoxigraph": "0.5.13", "oxilite": "0.9.1", "rdflib": "7.6.0"}

func TestRealEngines(t *testing.T) {
	dir, _ := filepath.Abs(".")
	py := filepath.Join(dir, "..", "..", ".venv", "bin", "python")
	adaptertest.Require(t, py, "the Python virtual environment")
	for _, name := range Names {
		t.Run(name, func(t *testing.T) {
			e := New(name, dir, py, 1)
			t.Cleanup(e.Close)
			adaptertest.Run(t, e, pinned[name])
		})
	}
}
