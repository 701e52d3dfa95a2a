package rasqal

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// ReleasesDir holds the roqet builds beside the pinned Debian one, each in
// a folder of its own: releases/<release>/bin/roqet and
// releases/<release>/VERSION (`oracle engines install rasqal@master` runs
// build-master.sh, which builds releases/master from a git snapshot,
// librasqal linked in statically so the system's 0.9.33 library is never
// loaded in its place).
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

// ReleaseEngine is a release's engine: the adapter's, with a reproducer
// that builds that release instead of installing Debian's 0.9.33.
type ReleaseEngine struct {
	*Engine
}

// NewRelease is New for a release built beside the pinned roqet.
func NewRelease(cfg Config) *ReleaseEngine { return &ReleaseEngine{New(cfg)} }

// Reproduce is Reproduce's script after an install line that builds the
// release's commit from dajobe/rasqal (the build install.sh runs, in the
// case's folder, with roqet used from the build tree); a release without a
// commit keeps the pinned install line. No update: Rasqal applies none.
func (e *ReleaseEngine) Reproduce(c oracle.NativeCase) (oracle.Native, bool) {
	n := Reproduce(c)
	if commit, ok := releaseCommit(e.cfg.Release); ok {
		n.Install = "git clone https://github.com/dajobe/rasqal rasqal-src && (cd rasqal-src && git checkout " + commit +
			` && git submodule update --init && ./autogen.sh && make) && export PATH="$PWD/rasqal-src/utils:$PATH"` +
			"  # Rasqal git master; needs autoconf automake libtool gtk-doc-tools pkg-config flex bison libraptor2-dev"
	}
	return n, !c.Update
}

// releaseCommit is the commit of a release label "master COMMIT".
func releaseCommit(label string) (string, bool) {
	f := strings.Fields(label)
	if len(f) < 2 || len(f[1]) < 7 || strings.Trim(f[1], "0123456789abcdef") != "" {
		return "", false
	}
	return f[1], true
}
