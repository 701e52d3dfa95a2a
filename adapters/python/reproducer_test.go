package python

import (
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestUpdateReproducers: each engine's native update reproducer, run with
// the virtual environment's python3, prints the store its adapter answers.
func TestUpdateReproducers(t *testing.T) {
	dir := adaptertest.Local(t, filepath.Join(venvBin, "python"), "the Python virtual environment")
	env := adaptertest.OnPath(filepath.Join(dir, venvBin))
	for _, name := range Names {
		t.Run(name, func(t *testing.T) { adaptertest.CheckUpdateReproducer(t, engine(t, name), env, nil) })
	}
}
