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
	adaptertest.CheckUpdateReproducer(t, e, adaptertest.OnPath(bin), adaptertest.LinkJar(t, filepath.Join(dir, Jar), "lib", "rdf4j.jar"))
}
