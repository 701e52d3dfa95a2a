package jena

import (
	"os"
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// ReleasesDir holds the jars of releases installed beside the pinned one
// (build.sh RELEASE): releases/<release>/jena-sidecar.jar, each with the
// java-home of the JDK it was built with. The install script builds the
// releases it lists (JENA_RELEASES in scripts/install.sh).
const ReleasesDir = "releases"

// Releases lists the releases installed under dir's ReleasesDir (any
// order; the registry sorts by version).
func Releases(dir string) []string {
	entries, _ := os.ReadDir(filepath.Join(dir, ReleasesDir))
	var out []string
	for _, e := range entries {
		if _, err := os.Stat(releaseJar(dir, e.Name())); err == nil {
			out = append(out, e.Name())
		}
	}
	return out
}

func releaseJar(dir, release string) string {
	return filepath.Join(dir, ReleasesDir, release, "jena-sidecar.jar")
}

// ReleaseConfig is the sidecar of an installed release, named
// jena@<release>, with the reproducer of that release.
func ReleaseConfig(dir, release string, pool int) sidecar.Config {
	name := Name + "@" + release
	sidecar.SetReproducer(name, reproducer(release))
	return sidecar.JavaConfig(name, releaseJar(dir, release), dir, pool)
}
