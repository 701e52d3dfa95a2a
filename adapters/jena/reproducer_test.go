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
	bin := filepath.Join(strings.TrimSpace(string(home)), "bin")
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")}
	adaptertest.CheckUpdateReproducer(t, e, env, func(d string) {
		lib := filepath.Join(d, "apache-jena-"+Version, "lib")
		if err := os.MkdirAll(lib, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(dir, Jar), filepath.Join(lib, "jena.jar")); err != nil {
			t.Fatal(err)
		}
	})
}
