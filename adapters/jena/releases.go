package jena

import (
	"path/filepath"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// ReleasesDir holds the jars of releases installed beside the pinned one
// (build.sh RELEASE): releases/<release>/jena-sidecar.jar, each with the
// java-home of the JDK it was built with. The install script builds the
// releases its descriptor lists (descriptor.json install.releases); the registry
// finds them installed (internal/install.InstalledReleases).
const ReleasesDir = "releases"

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
