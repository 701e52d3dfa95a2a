package install

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sparql-oracle/oracle/internal/oracle"
)

// Releases are the releases of engine name installed beside its pinned
// one (`oracle bisect`, the engine@release names): its descriptor's
// Install.Releases (scripts/install.sh installs them all: Everything).
// They are installed
// where internal/registry/releases.go looks, by the descriptor's Release
// step:
//
//	build-release: adapters/<folder>/releases/<r>/<jar>            (Build r)
//	pip-release:   adapters/<folder>/releases/<package>-<r>/bin/python  (a venv of its own)
//	npm-release:   adapters/<folder>/releases/<r>/node_modules     (npm, beside a link to the sidecar)
//	snapshot-release: adapters/<folder>/releases/<r>/<jar>         (Build SNAPSHOT DEST, from a source snapshot)
func Releases(name string) []string {
	d, _ := described(name)
	return d.Install.Releases
}

// ReleaseNames lists every engine@release the descriptors list, sorted.
func ReleaseNames() []string {
	var out []string
	for _, d := range oracle.Described() {
		for _, r := range d.Install.Releases {
			out = append(out, d.Name+"@"+r)
		}
	}
	slices.Sort(out)
	return out
}

// releaseRuntime is the installation of one release by its step.
func releaseRuntime(st oracle.Step, rel string) runtime {
	run := func(ctx context.Context, r *runner) error {
		switch st.Kind {
		case oracle.StepBuildRelease:
			return r.buildRelease(ctx, st, rel)
		case oracle.StepPipRelease:
			return r.pipRelease(ctx, st, rel)
		case oracle.StepNPMRelease:
			return r.npmRelease(ctx, st, rel)
		case oracle.StepSnapshotRelease:
			return r.snapshotRelease(ctx, st, rel)
		}
		return fmt.Errorf("unknown release step %q (internal/oracle descriptor_install.go lists them)", st.Kind)
	}
	return runtime{st.ID() + " " + rel, run}
}

// buildRelease builds releases/<rel>/<jar> with the step's Build and rel
// (Jena's build.sh RELEASE picks the JDK that release needs), unless its
// stamp holds the checksum of the Maven project it was built from.
func (r *runner) buildRelease(ctx context.Context, st oracle.Step, rel string) error {
	dir := filepath.Join(r.home, "adapters", st.Folder)
	out := filepath.Join(dir, "releases", rel)
	sum, err := r.javaProject(st.Folder)
	if err != nil {
		return err
	}
	stamp := filepath.Join(out, ".built-sources")
	if _, err := os.Stat(filepath.Join(out, st.Jar)); err == nil && sameFile(stamp, sum) {
		return nil
	}
	if len(st.Build) == 0 {
		return fmt.Errorf("build-release step of %s has no build command", st.Folder)
	}
	if err := r.need("mvn", "maven"); err != nil {
		return err
	}
	args := append(slices.Clone(st.Build[1:]), rel)
	if err := r.cmd(ctx, dir, st.Build[0], args...); err != nil {
		return err
	}
	return os.WriteFile(stamp, sum, 0o644)
}

// pipRelease makes a venv of its own, releases/<package>-<rel>, with
// <package>==<rel>.
func (r *runner) pipRelease(ctx context.Context, st oracle.Step, rel string) error {
	pkg := st.Packages[0]
	venv := filepath.Join(r.home, "adapters", st.Folder, "releases", pkg+"-"+rel)
	return r.pipInto(ctx, venv, []byte(pkg+"=="+rel+"\n"), pkg+"=="+rel)
}

// npmRelease installs npm <package>@<rel> into releases/<rel> beside a
// link to the adapter's sidecar script (the step's Jar): Node, told to
// keep links, resolves require(package) from the link's folder, so that
// release's package.
func (r *runner) npmRelease(ctx context.Context, st oracle.Step, rel string) error {
	dir := filepath.Join(r.home, "adapters", st.Folder, "releases", rel)
	manifest := []byte(`{"private":true,"dependencies":{"` + st.Packages[0] + `":"` + rel + `"}}` + "\n")
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
	link, target := filepath.Join(dir, st.Jar), "../../"+st.Jar
	if t, err := os.Readlink(link); err == nil && t == target {
		return nil
	}
	os.Remove(link)
	return os.Symlink(target, link)
}

// ReleaseDir is the folder holding release rel, installed by the step st,
// under the adapter folder dir (the layout above).
func ReleaseDir(st oracle.Step, dir, rel string) string {
	if st.Kind == oracle.StepPipRelease && len(st.Packages) > 0 {
		return filepath.Join(dir, "releases", st.Packages[0]+"-"+rel)
	}
	return filepath.Join(dir, "releases", rel)
}

// InstalledReleases lists the releases the step st installed under the
// adapter folder dir: those whose folder holds what the step makes (the
// jar or program, the venv's python, the npm package), in any order.
func InstalledReleases(st oracle.Step, dir string) []string {
	entries, _ := os.ReadDir(filepath.Join(dir, "releases"))
	var out []string
	for _, e := range entries {
		rel := e.Name()
		if st.Kind == oracle.StepPipRelease && len(st.Packages) > 0 {
			var ok bool
			if rel, ok = strings.CutPrefix(rel, st.Packages[0]+"-"); !ok || rel == "" {
				continue
			}
		}
		if _, err := os.Stat(filepath.Join(ReleaseDir(st, dir, rel), releaseMade(st))); err == nil {
			out = append(out, rel)
		}
	}
	return out
}

// releaseMade is the file a release step makes in the release's folder.
func releaseMade(st oracle.Step) string {
	switch st.Kind {
	case oracle.StepPipRelease:
		return filepath.Join("bin", "python")
	case oracle.StepNPMRelease:
		return filepath.Join("node_modules", st.Packages[0])
	}
	return filepath.FromSlash(st.Jar)
}
