package python

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestUpdateReproducers: each engine's native update reproducer, run with
// the virtual environment's python3, prints the store its adapter answers.
func TestUpdateReproducers(t *testing.T) {
	dir, _ := filepath.Abs(".")
	bin := filepath.Join(dir, "..", "..", ".venv", "bin")
	adaptertest.Require(t, filepath.Join(bin, "python"), "the Python virtual environment")
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	for _, name := range Names {
		t.Run(name, func(t *testing.T) {
			e := New(name, dir, filepath.Join(bin, "python"), 1)
			t.Cleanup(e.Close)
			adaptertest.CheckUpdateReproducer(t, e, env, nil)
		})
	}
}
