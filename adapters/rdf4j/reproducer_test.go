package rdf4j

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// TestUpdateReproducer: the native update reproducer (jshell), run with
// the sidecar's shaded jar as lib/ (it holds every RDF4J module the
// install line copies) on the JDK the jar was built with, prints the store
// the adapter answers.
func TestUpdateReproducer(t *testing.T) {
	e := engine(t)
	dir, _ := filepath.Abs(".")
	bin := filepath.Dir(sidecar.Java(filepath.Join(dir, "target")))
	if _, err := os.Stat(filepath.Join(bin, "jshell")); err != nil {
		t.Skipf("no jshell beside %s", bin)
	}
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	adaptertest.CheckUpdateReproducer(t, e, env, func(d string) {
		lib := filepath.Join(d, "lib")
		if err := os.Mkdir(lib, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(dir, Jar), filepath.Join(lib, "rdf4j.jar")); err != nil {
			t.Fatal(err)
		}
	})
}
