package install

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Releases are the engine releases installed beside the pinned ones
// (issue 14: `oracle bisect`, the engine@release names), the lists
// scripts/install.sh's JENA_RELEASES, PYOXIGRAPH_RELEASES and
// OXIGRAPH_RELEASES hold (TestReleasesMatchInstallScript keeps them
// equal). They are installed where internal/registry/releases.go looks:
//
//	adapters/jena/releases/<r>/jena-sidecar.jar         (build.sh <r>)
//	adapters/python/releases/pyoxigraph-<r>/bin/python  (a venv of its own)
//	adapters/oxigraph/releases/<r>/node_modules         (npm, beside a link to sidecar.js)
var Releases = map[string][]string{
	"jena":       {"5.6.0"},
	"pyoxigraph": {"0.4.11"},
	"oxigraph":   {"0.4.11"},
}

// ReleaseNames lists every engine@release of Releases, sorted.
func ReleaseNames() []string {
	var out []string
	for e, rels := range Releases {
		for _, r := range rels {
			out = append(out, e+"@"+r)
		}
	}
	slices.Sort(out)
	return out
}

// releaseEngine is the installation of one engine@release.
func releaseEngine(name, rel string) engine {
	switch name {
	case "jena":
		return engine{"jena", []runtime{{"jena " + rel, func(ctx context.Context, r *runner) error { return r.jenaRelease(ctx, rel) }}}}
	case "pyoxigraph":
		return engine{"python", []runtime{{"pyoxigraph " + rel, func(ctx context.Context, r *runner) error { return r.pyoxigraphRelease(ctx, rel) }}}}
	case "oxigraph":
		return engine{"oxigraph", []runtime{{"oxigraph " + rel, func(ctx context.Context, r *runner) error { return r.oxigraphRelease(ctx, rel) }}}}
	}
	return engine{}
}

func init() {
	for e, rels := range Releases {
		for _, r := range rels {
			engines[e+"@"+r] = releaseEngine(e, r)
		}
	}
}

// jenaRelease builds releases/<rel>/jena-sidecar.jar with build.sh <rel>
// (the JDK that release needs), unless its stamp holds the checksum of
// the Maven project it was built from.
func (r *runner) jenaRelease(ctx context.Context, rel string) error {
	dir := filepath.Join(r.home, "adapters", "jena")
	out := filepath.Join(dir, "releases", rel)
	sum := []byte(checksum("jena") + "\n")
	stamp := filepath.Join(out, ".built-sources")
	if _, err := os.Stat(filepath.Join(out, "jena-sidecar.jar")); err == nil && sameFile(stamp, sum) {
		return nil
	}
	if err := r.need("mvn", "maven"); err != nil {
		return err
	}
	if err := r.cmd(ctx, dir, "sh", "build.sh", rel); err != nil {
		return err
	}
	return os.WriteFile(stamp, sum, 0o644)
}

// pyoxigraphRelease makes a venv of its own, releases/pyoxigraph-<rel>,
// with pyoxigraph==<rel>, as scripts/install.sh's engine_releases does.
func (r *runner) pyoxigraphRelease(ctx context.Context, rel string) error {
	venv := filepath.Join(r.home, "adapters", "python", "releases", "pyoxigraph-"+rel)
	req := []byte("pyoxigraph==" + rel + "\n")
	stamp := filepath.Join(venv, ".installed-requirements")
	if sameFile(stamp, req) {
		return nil
	}
	if err := r.need("python3", "python3", "python3-venv"); err != nil {
		return err
	}
	py := filepath.Join(venv, "bin", "python")
	if _, err := os.Stat(py); err != nil {
		if err := r.cmd(ctx, r.home, "python3", "-m", "venv", venv); err != nil {
			return fmt.Errorf("%w (Debian: apt-get install python3-venv)", err)
		}
	}
	if err := r.cmd(ctx, r.home, py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", strings.TrimSpace(string(req))); err != nil {
		return err
	}
	return os.WriteFile(stamp, req, 0o644)
}

// oxigraphRelease installs npm oxigraph@<rel> into releases/<rel> beside
// a link to the adapter's sidecar.js: Node, told to keep links, resolves
// require('oxigraph') from the link's folder, so that release's package.
func (r *runner) oxigraphRelease(ctx context.Context, rel string) error {
	dir := filepath.Join(r.home, "adapters", "oxigraph", "releases", rel)
	manifest := []byte(`{"private":true,"dependencies":{"oxigraph":"` + rel + `"}}` + "\n")
	stamp := filepath.Join(dir, "node_modules", ".installed-lock")
	if !sameFile(stamp, manifest) {
		if err := r.need("npm", "nodejs", "npm"); err != nil {
			return err
		}
		if err := writeIfChanged(filepath.Join(dir, "package.json"), manifest); err != nil {
			return err
		}
		if err := r.cmd(ctx, dir, "npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--no-package-lock"); err != nil {
			return err
		}
		if err := os.WriteFile(stamp, manifest, 0o644); err != nil {
			return err
		}
	}
	link := filepath.Join(dir, "sidecar.js")
	if target, err := os.Readlink(link); err == nil && target == "../../sidecar.js" {
		return nil
	}
	os.Remove(link)
	return os.Symlink("../../sidecar.js", link)
}
