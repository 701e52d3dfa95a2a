package jena

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparql-oracle/oracle/adapters/adaptertest"
)

// TestUpdateReproducer: the native update reproducer (a single-file Java
// program on the distribution's lib/), run with the sidecar's shaded jar
// as that lib/ (it holds jena-arq and its dependencies) on the JDK the jar
// was built with, prints the store the adapter answers.
func TestUpdateReproducer(t *testing.T) {
	e := engine(t)
	dir, _ := filepath.Abs(".")
	home, err := os.ReadFile(filepath.Join(dir, "target", JavaHomeFile))
	if err != nil {
		t.Skipf("no %s beside the jar: %v", JavaHomeFile, err)
	}
	env := adaptertest.OnPath(filepath.Join(strings.TrimSpace(string(home)), "bin"))
	lib := filepath.Join("apache-jena-"+Version, "lib")
	adaptertest.CheckUpdateReproducer(t, e, env, adaptertest.LinkJar(t, filepath.Join(dir, Jar), lib, "jena.jar"))
}
