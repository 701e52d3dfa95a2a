package rasqal

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
)

// ReleasesDir holds the roqet builds beside the pinned Debian one, each in
// a folder of its own: releases/<release>/bin/roqet and
// releases/<release>/VERSION (scripts/install.sh rasqal_master builds
// releases/master from a git snapshot, librasqal linked in statically so
// the system's 0.9.33 library is never loaded in its place).
const ReleasesDir = "releases"

// Releases lists the releases built under the adapter folder dir: the
// folders holding an executable bin/roqet.
func Releases(dir string) []string {
	entries, _ := os.ReadDir(filepath.Join(dir, ReleasesDir))
	var out []string
	for _, e := range entries {
		if fi, err := os.Stat(releaseRoqet(dir, e.Name())); err == nil && fi.Mode()&0o111 != 0 {
			out = append(out, e.Name())
		}
	}
	return out
}

func releaseRoqet(dir, release string) string {
	return filepath.Join(dir, ReleasesDir, release, "bin", "roqet")
}

// ReleaseConfig runs an installed release as name: its own roqet, confined
// as the pinned one is (sidecar.Jail binds the release folder, the roqet's
// install root, read-only), under limits. Its version is the release
// folder's VERSION ("master COMMIT"), else the release's name.
func ReleaseConfig(dir, release, name string, limits sidecar.Limits) Config {
	label := release
	if b, err := os.ReadFile(filepath.Join(dir, ReleasesDir, release, "VERSION")); err == nil && strings.TrimSpace(string(b)) != "" {
		label = strings.TrimSpace(string(b))
	}
	return Config{Name: name, Roqet: releaseRoqet(dir, release), Release: label, NoNetwork: true, Limits: limits}
}
