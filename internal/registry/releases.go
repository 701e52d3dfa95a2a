package registry

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sparql-oracle/oracle/adapters/jena"
	"github.com/sparql-oracle/oracle/adapters/oxigraph"
	"github.com/sparql-oracle/oracle/adapters/python"
	"github.com/sparql-oracle/oracle/adapters/rasqal"
	"github.com/sparql-oracle/oracle/adapters/sidecar"
	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Several releases of one engine side by side: "jena@5.6.0" is
// Jena at release 5.6.0, installed beside the pinned release by `oracle
// engines install jena@5.6.0` (scripts/install.sh installs them all) under
// its adapter's folder:
//
//	adapters/jena/releases/<release>/jena-sidecar.jar       (adapters/jena/build.sh RELEASE)
//	adapters/python/releases/pyoxigraph-<release>/bin/python (a venv of its own)
//	adapters/oxigraph/releases/<release>/node_modules        (npm, beside a link to sidecar.js)
//	adapters/rasqal/releases/master/bin/roqet                (adapters/rasqal/build-master.sh, from a git snapshot)
//
// A release engine runs the same sidecar (for Rasqal, the same adapter
// over its own roqet) as the pinned one, with the pinned entry's settings
// (pool, deadline, limits) and its own name. A release that is not a
// number ("master") sorts after every numbered one (CompareVersions). The
// bare name is always the pinned release. Releases are never in the
// default set: they are named, or listed by Releases for `oracle bisect`.

// releaser lists and builds the releases of one engine kind.
type releaser struct {
	// list returns the releases installed under an adapter folder.
	list func(dir string) []string
	// config is the sidecar of one release, named name.
	config func(dir, release, name string, pool int) sidecar.Config
	// build is one release of an engine that is no sidecar (rasqal), with
	// the pinned entry's settings e (e.Name the release's name); it
	// replaces config.
	build func(dir, release string, e EngineConfig) oracle.Engine
	// path is the folder holding one release under an adapter folder.
	path func(dir, release string) string
	// how says how to install a missing release named name (default
	// `oracle engines install NAME`).
	how func(name string) string
}

var releasers = map[string]releaser{
	"jena": {list: jena.Releases, config: func(dir, rel, _ string, pool int) sidecar.Config { return jena.ReleaseConfig(dir, rel, pool) },
		path: under("")},
	"pyoxigraph": {list: prefixed("pyoxigraph-"), config: pyoxigraphRelease, path: under("pyoxigraph-")},
	"oxigraph":   {list: prefixed(""), config: oxigraphRelease, path: under("")},
	"rasqal":     {list: rasqal.Releases, build: rasqalRelease, path: under(""), how: rasqalHow},
}

// rasqalRelease runs the release's own roqet through the same adapter,
// confined and limited as the pinned roqet (rasqalKind).
func rasqalRelease(dir, rel string, e EngineConfig) oracle.Engine {
	return rasqal.NewRelease(rasqal.ReleaseConfig(dir, rel, e.Name, e.limits(rasqal.DefaultLimits)))
}

// rasqalHow: Rasqal releases are built from a source snapshot, which
// `oracle engines install` finds but does not fetch.
func rasqalHow(name string) string {
	return "put the snapshot rasqal-master-COMMIT.tar.gz in ../shared/engines (or $" + install.SourcesEnv + ") and run `oracle engines install " + name + "`"
}

// install says how to install the missing release name.
func (r releaser) install(name string) string {
	if r.how != nil {
		return r.how(name)
	}
	return "run `oracle engines install " + name + "`"
}

// under is the folder dir/releases/prefix+release.
func under(prefix string) func(dir, rel string) string {
	return func(dir, rel string) string { return filepath.Join(dir, "releases", prefix+rel) }
}

// pyoxigraphRelease runs sidecar.py on the release's own venv, with that
// release's reproducer (adapters/python).
func pyoxigraphRelease(dir, rel, name string, pool int) sidecar.Config {
	c := python.Config("pyoxigraph", dir, filepath.Join(dir, "releases", "pyoxigraph-"+rel, "bin", "python"), pool)
	sidecar.SetReproducer(name, python.ReleaseReproducer(rel))
	c.Reproducer = name
	c.SPARQL12 = release12(rel)
	return c
}

// prefixed lists the folders under dir/releases named prefix+release.
func prefixed(prefix string) func(dir string) []string {
	return func(dir string) []string {
		entries, _ := os.ReadDir(filepath.Join(dir, "releases"))
		var out []string
		for _, e := range entries {
			if rel, ok := strings.CutPrefix(e.Name(), prefix); ok && e.IsDir() && rel != "" {
				out = append(out, rel)
			}
		}
		return out
	}
}

// oxigraphRelease runs sidecar.js through the link beside the release's
// node_modules: with --preserve-symlinks(-main) Node resolves
// require('oxigraph') from the link's folder, so the release's package.
func oxigraphRelease(dir, rel, name string, pool int) sidecar.Config {
	c := oxigraph.Config(dir, pool)
	c.Command = []string{"node", "--preserve-symlinks", "--preserve-symlinks-main",
		filepath.Join(dir, "releases", rel, "sidecar.js")}
	sidecar.SetReproducer(name, oxigraph.ReleaseReproducer(rel))
	c.Reproducer = name
	c.SPARQL12 = release12(rel)
	return c
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
	if r, ok := releasers[name]; ok {
		for _, rel := range installedReleases(r, releaseDirs(name, "")) {
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
	r, ok := releasers[base]
	if !ok {
		return nil, fmt.Errorf("%s: %s is not installed at several releases (those that are: %s)", name, base, strings.Join(releaseKinds(), ", "))
	}
	if c.Lookup(base).Disabled {
		return nil, fmt.Errorf("%s: %s is disabled in the config file", name, base)
	}
	e := c.settings(c.Lookup(base))
	e.Name, e.Binary = name, ""
	dirs := releaseDirs(base, e.Dir)
	dir, ok := findRelease(r, dirs, rel)
	if !ok {
		how := r.install(name)
		return nil, fmt.Errorf("%s: %w: release %s is not installed in %s (installed: %s): %s",
			name, ErrNotInstalled, rel, strings.Join(dirs, ", "), strings.Join(installedReleases(r, dirs), ", "), how)
	}
	if r.build != nil {
		return limit(r.build(dir, rel, e), time.Duration(e.Deadline), pooled(kinds[base], e.Pool)), nil
	}
	eng := sidecar.New(tune(r.config(dir, rel, name, e.Pool), e))
	return limit(eng, time.Duration(e.Deadline), 0), nil
}

// releaseDirs are the adapter folders a release of base may be installed
// under: the entry's dir, else adapters/<folder> of every root (the
// checkout, the data folder), whether or not the pinned release is there
// too (`oracle engines install jena@5.6.0` installs the release alone).
func releaseDirs(base, configured string) []string {
	if configured != "" {
		return []string{configured}
	}
	var out []string
	for _, r := range Roots() {
		out = append(out, filepath.Join(r.Dir, "adapters", folder(base)))
	}
	return out
}

// findRelease is the first of dirs holding rel.
func findRelease(r releaser, dirs []string, rel string) (string, bool) {
	for _, d := range dirs {
		if slices.Contains(r.list(d), rel) {
			return d, true
		}
	}
	return "", false
}

// installedReleases lists the releases under any of dirs, once each.
func installedReleases(r releaser, dirs []string) []string {
	var out []string
	for _, d := range dirs {
		for _, rel := range r.list(d) {
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
		for _, rel := range installedReleases(releasers[base], releaseDirs(base, "")) {
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
	r, ok := releasers[base]
	switch {
	case !ok:
		return fmt.Errorf("%s: %s is not installed at several releases (those that are: %s)", name, base, strings.Join(releaseKinds(), ", "))
	case c.Lookup(base).Disabled:
		return fmt.Errorf("%s: %s is disabled in the config file", name, base)
	}
	dirs := releaseDirs(base, c.Lookup(base).Dir)
	if _, ok := findRelease(r, dirs, rel); !ok {
		return fmt.Errorf("%s: %w: release %s is not installed in %s: %s",
			name, ErrNotInstalled, rel, strings.Join(dirs, ", "), r.install(name))
	}
	return nil
}

// releaseWhere is the folder an installed release runs from ("" when it
// is not installed).
func (c *Config) releaseWhere(name string) string {
	base, rel, _ := SplitRelease(name)
	r, ok := releasers[base]
	if !ok {
		return ""
	}
	dir, ok := findRelease(r, releaseDirs(base, c.Lookup(base).Dir), rel)
	if !ok {
		return ""
	}
	return r.path(dir, rel)
}

func releaseKinds() []string {
	var out []string
	for k := range releasers {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
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

// release12 reports whether an Oxigraph release (npm or Python) has RDF 1.2:
// 0.5 and later; 0.4 has RDF-star, whose << >> is not RDF 1.2's.
func release12(rel string) bool {
	return !strings.HasPrefix(rel, "0.4.") && !strings.HasPrefix(rel, "0.3.")
}
