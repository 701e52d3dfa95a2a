package registry

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Several releases of one engine side by side: "jena@5.6.0" is
// Jena at release 5.6.0, installed beside the pinned release by `oracle
// engines install jena@5.6.0` (scripts/install.sh installs them all) under
// its adapter's folder, where its descriptor's Install.Release step puts
// it (internal/install ReleaseDir):
//
//	adapters/jena/releases/<release>/jena-sidecar.jar       (adapters/jena/build.sh RELEASE)
//	adapters/python/releases/pyoxigraph-<release>/bin/python (a venv of its own)
//	adapters/oxigraph/releases/<release>/node_modules        (npm, beside a link to sidecar.js)
//	adapters/rasqal/releases/master/bin/roqet                (adapters/rasqal/build-master.sh, from a git snapshot)
//
// A release engine is built by its descriptor's BuildRelease (the same
// sidecar, or for Rasqal the same adapter over its own roqet, as the
// pinned one) with the pinned entry's settings (pool, deadline, limits)
// and its own name. A release that is not a number ("master") sorts after
// every numbered one (CompareVersions). The bare name is always the pinned
// release. Releases are never in the default set: they are named, or
// listed by Releases for `oracle bisect`.

// releaser is the descriptor of an engine installed at several releases
// (BuildRelease set).
func releaser(base string) (oracle.Descriptor, bool) {
	d, ok := describedExact(base)
	return d, ok && d.BuildRelease != nil
}

// howRelease says how to install the missing release name: a release
// built from a source snapshot needs the snapshot first.
func howRelease(d oracle.Descriptor, name string) string {
	if st := d.Install.Release; st.Kind == oracle.StepSnapshotRelease {
		return "put the snapshot " + strings.Replace(st.Snapshot, "*", "COMMIT", 1) + " in ../shared/engines (or $" +
			install.SourcesEnv + ") and run `oracle engines install " + name + "`"
	}
	return "run `oracle engines install " + name + "`"
}

// SplitRelease splits "jena@5.6.0" into "jena" and "5.6.0"; ok is false
// for a name without a release.
func SplitRelease(name string) (engine, release string, ok bool) {
	engine, release, ok = strings.Cut(name, "@")
	return engine, release, ok && engine != "" && release != ""
}

// Release is one installed release of an engine.
type Release struct {
	Engine  string `json:"engine"`  // "jena"
	Version string `json:"version"` // "5.6.0"
	Name    string `json:"name"`    // the engine name to run it by: "jena@5.6.0", or "jena" for the pinned release
}

// Releases lists the installed releases of engine name, oldest first: the
// pinned one (run as name) and those installed beside it (name@release).
// An engine without releases of its own has its pinned one only.
func Releases(name string) ([]Release, error) {
	if _, _, ok := SplitRelease(name); ok {
		return nil, fmt.Errorf("%s: name the engine without a release", name)
	}
	if err := (&Config{}).Check(name); err != nil {
		return nil, err
	}
	pinned := install.Pinned(name)
	out := []Release{{Engine: name, Version: pinned, Name: name}}
	if d, ok := releaser(name); ok {
		for _, rel := range installedReleases(d, releaseDirs(d, "")) {
			if rel != pinned {
				out = append(out, Release{Engine: name, Version: rel, Name: name + "@" + rel})
			}
		}
	}
	slices.SortFunc(out, func(a, b Release) int { return CompareVersions(a.Version, b.Version) })
	return out, nil
}

// newRelease builds engine@release with the settings of the engine's
// entry in c (its binary excepted: a release brings its own runtime).
func (c *Config) newRelease(name string) (oracle.Engine, error) {
	base, rel, _ := SplitRelease(name)
	d, err := c.releaseOf(name)
	if err != nil {
		return nil, err
	}
	e := c.settings(c.Lookup(base))
	e.Name, e.Binary = name, ""
	dirs := releaseDirs(d, e.Dir)
	dir, ok := findRelease(d, dirs, rel)
	if !ok {
		return nil, fmt.Errorf("%s: %w: release %s is not installed in %s (installed: %s): %s",
			name, ErrNotInstalled, rel, strings.Join(dirs, ", "), strings.Join(installedReleases(d, dirs), ", "), howRelease(d, name))
	}
	s := entrySettings(e)
	s.Dir, s.Release = dir, rel
	eng, err := d.BuildRelease(s)
	if err != nil {
		return nil, err
	}
	return limit(eng, time.Duration(e.Deadline), pooled(kind{sidecar: d.Pools}, e.Pool)), nil
}

// releaseOf is the descriptor of name's engine when it is installed at
// several releases and not disabled.
func (c *Config) releaseOf(name string) (oracle.Descriptor, error) {
	base, _, _ := SplitRelease(name)
	d, ok := releaser(base)
	switch {
	case !ok:
		return d, fmt.Errorf("%s: %s is not installed at several releases (those that are: %s)", name, base, strings.Join(releaseKinds(), ", "))
	case c.Lookup(base).Disabled:
		return d, fmt.Errorf("%s: %s is disabled in the config file", name, base)
	}
	return d, nil
}

// releaseDirs are the adapter folders a release of d may be installed
// under: the entry's dir, else adapters/<folder> of every root (the
// checkout, the data folder), whether or not the pinned release is there
// too (`oracle engines install jena@5.6.0` installs the release alone).
func releaseDirs(d oracle.Descriptor, configured string) []string {
	if configured != "" {
		return []string{configured}
	}
	var out []string
	for _, r := range Roots() {
		out = append(out, filepath.Join(r.Dir, "adapters", filepath.FromSlash(d.Install.Release.Folder)))
	}
	return out
}

// findRelease is the first of dirs holding rel.
func findRelease(d oracle.Descriptor, dirs []string, rel string) (string, bool) {
	for _, dir := range dirs {
		if slices.Contains(install.InstalledReleases(d.Install.Release, dir), rel) {
			return dir, true
		}
	}
	return "", false
}

// installedReleases lists the releases under any of dirs, once each.
func installedReleases(d oracle.Descriptor, dirs []string) []string {
	var out []string
	for _, dir := range dirs {
		for _, rel := range install.InstalledReleases(d.Install.Release, dir) {
			if !slices.Contains(out, rel) {
				out = append(out, rel)
			}
		}
	}
	slices.SortFunc(out, CompareVersions)
	return out
}

// ReleaseNames lists the engine@release names `oracle engines` shows after
// the default set: those `oracle engines install` knows (installed or not)
// and any other installed beside a pinned release. They are never in the
// default set (Defaults): a release is run only when named.
func ReleaseNames() []string {
	out := install.ReleaseNames()
	for _, base := range releaseKinds() {
		d, _ := releaser(base)
		for _, rel := range installedReleases(d, releaseDirs(d, "")) {
			if n := base + "@" + rel; rel != install.Pinned(base) && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// checkRelease says whether engine@release is installed, without starting it.
func (c *Config) checkRelease(name string) error {
	base, rel, _ := SplitRelease(name)
	d, err := c.releaseOf(name)
	if err != nil {
		return err
	}
	dirs := releaseDirs(d, c.Lookup(base).Dir)
	if _, ok := findRelease(d, dirs, rel); !ok {
		return fmt.Errorf("%s: %w: release %s is not installed in %s: %s",
			name, ErrNotInstalled, rel, strings.Join(dirs, ", "), howRelease(d, name))
	}
	return nil
}

// releaseWhere is the folder an installed release runs from ("" when it
// is not installed).
func (c *Config) releaseWhere(name string) string {
	base, rel, _ := SplitRelease(name)
	d, ok := releaser(base)
	if !ok {
		return ""
	}
	dir, ok := findRelease(d, releaseDirs(d, c.Lookup(base).Dir), rel)
	if !ok {
		return ""
	}
	return install.ReleaseDir(d.Install.Release, dir, rel)
}

// releaseKinds lists the engines installed at several releases, sorted.
func releaseKinds() []string {
	return oracle.DescribedNames(func(d oracle.Descriptor) bool { return d.BuildRelease != nil })
}

// CompareVersions orders dotted versions by their numeric parts ("5.10.0"
// after "5.6.0"); a part that is not a number compares as text.
func CompareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range max(len(pa), len(pb)) {
		x, y := part(pa, i), part(pb, i)
		nx, errx := strconv.Atoi(x)
		ny, erry := strconv.Atoi(y)
		switch {
		case errx == nil && erry == nil && nx != ny:
			return nx - ny
		case (errx != nil || erry != nil) && x != y:
			return strings.Compare(x, y)
		}
	}
	return 0
}

func part(p []string, i int) string {
	if i < len(p) {
		return p[i]
	}
	return "0"
}
