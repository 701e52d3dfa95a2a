package install_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	. "github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/oracle"
	_ "github.com/sparql-oracle/oracle/internal/registry" // registers every descriptor
)

// adaptersDir is the checkout's adapters folder, beside this package.
const adaptersDir = "../../adapters"

// runtimeFile reports whether a tracked file of an adapter folder is read
// at run time (so the binary must carry it): anything but Go code, tests,
// test data and git's own files. Build output and installed releases are
// not tracked, so they never count.
func runtimeFile(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		switch part {
		case "node_modules", "target", "__pycache__", "testdata", ".gitignore":
			return false
		}
	}
	// known.json and descriptor.json are the adapter's descriptor data,
	// embedded by its own Go package (descriptor.go), not files an
	// engine's runtime reads.
	return !strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "/known.json") && !strings.HasSuffix(rel, "/descriptor.json")
}

// tracked lists the files git tracks under adapters/<folder>, relative to
// adapters/.
func tracked(t *testing.T, folder string) []string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "--", folder)
	cmd.Dir = adaptersDir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files in %s: %v (the test reads the checkout's tracked files)", adaptersDir, err)
	}
	return strings.Fields(string(out))
}

// TestEmbedsEveryRuntimeFile: every file an adapter folder of the checkout
// tracks for its runtime is embedded, byte for byte, so an installed binary
// runs the same sidecars as the checkout.
func TestEmbedsEveryRuntimeFile(t *testing.T) {
	for _, folder := range Folders() {
		embedded := Files(folder)
		n := 0
		for _, rel := range tracked(t, folder) {
			if !runtimeFile(rel) {
				continue
			}
			n++
			want, err := os.ReadFile(filepath.Join(adaptersDir, filepath.FromSlash(rel)))
			switch {
			case err != nil:
				t.Errorf("%s: %v", rel, err)
			case !slices.Contains(embedded, rel):
				t.Errorf("%s is not embedded (add it to adapters/embed.go)", rel)
			case !bytes.Equal(Source(rel), want):
				t.Errorf("%s: embedded copy differs from the checkout", rel)
			}
		}
		if n == 0 {
			t.Errorf("adapters/%s: no tracked runtime file", folder)
		}
	}
}

// TestPinned: every external engine has a pinned version, read from the
// embedded manifests or the Debian release.
func TestPinned(t *testing.T) {
	version := regexp.MustCompile(`^\d+\.\d+(\.\d+)?\b`)
	for _, n := range Names() {
		v := Pinned(n)
		_, rel, release := strings.Cut(n, "@")
		switch {
		case release:
			if v != rel {
				t.Errorf("Pinned(%s) = %q, want the release it names", n, v)
			}
		case n == "reference" || n == "engine":
			if v != "" {
				t.Errorf("Pinned(%s) = %q: the in-house evaluators have no pin", n, v)
			}
		case !version.MatchString(v):
			t.Errorf("Pinned(%s) = %q, want a version", n, v)
		}
	}
}

// TestRunWritesSources installs the Perl engines and Rasqal (Debian
// packages, present on this machine, so nothing is downloaded): the
// sidecar is written into the data folder, a second run changes nothing.
func TestRunWritesSources(t *testing.T) {
	for _, p := range []string{"/usr/share/perl5/Attean.pm", "/usr/bin/roqet"} {
		if _, err := os.Stat(p); err != nil && os.Geteuid() != 0 {
			t.Skipf("%s missing and not root: installing would need apt-get", p)
		}
	}
	home := t.TempDir()
	var log bytes.Buffer
	if err := Run(context.Background(), home, []string{"attean", "rdfquery", "rasqal"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	pl := filepath.Join(home, "adapters", "attean", "sidecar.pl")
	got, err := os.ReadFile(pl)
	want, _ := os.ReadFile(filepath.Join(adaptersDir, "attean", "sidecar.pl"))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: %v, not the checkout's sidecar", pl, err)
	}
	st, _ := os.Stat(pl)
	if err := Run(context.Background(), home, []string{"attean"}, &log); err != nil {
		t.Fatal(err)
	}
	if st2, _ := os.Stat(pl); !st2.ModTime().Equal(st.ModTime()) {
		t.Errorf("a second install rewrote an unchanged source")
	}
}

// TestRunRefusesUnknown: an unknown engine fails before anything is done.
func TestRunRefusesUnknown(t *testing.T) {
	home := filepath.Join(t.TempDir(), "data")
	err := Run(context.Background(), home, []string{"attean", "nosuch"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), `"nosuch"`) {
		t.Fatalf("Run(nosuch) = %v", err)
	}
	if _, err := os.Stat(home); err == nil {
		t.Errorf("the data folder was made for a refused install")
	}
}

// TestDescriptorInstall: every described external engine says how it is
// installed with the methods this package knows, from folders the binary
// embeds, and names what it cannot run without (or is a system program
// found by its Debian package); its releases have a release method.
func TestDescriptorInstall(t *testing.T) {
	steps := []string{oracle.StepNPM, oracle.StepVenv, oracle.StepMaven, oracle.StepDebian, oracle.StepMavenJar}
	releases := []string{oracle.StepBuildRelease, oracle.StepPipRelease, oracle.StepNPMRelease, oracle.StepSnapshotRelease}
	for _, d := range oracle.Described() {
		in := d.Install
		if d.Family == "sparql-oracle" {
			continue // the in-house evaluators: nothing to install
		}
		if len(in.Steps) == 0 || Pinned(d.Name) == "" || in.Sandbox == "" || d.EARL.Homepage == "" {
			t.Errorf("%s: steps %v, pin %q, sandbox %q, EARL %+v: want all", d.Name, in.Steps, Pinned(d.Name), in.Sandbox, d.EARL)
		}
		for _, st := range in.Steps {
			if !slices.Contains(steps, st.Kind) {
				t.Errorf("%s: step kind %q, want one of %v", d.Name, st.Kind, steps)
			}
			if (st.Kind == oracle.StepNPM || st.Kind == oracle.StepVenv || st.Kind == oracle.StepMaven) && len(Files(st.Folder)) == 0 {
				t.Errorf("%s: %s step in adapters/%s, which the binary does not embed", d.Name, st.Kind, st.Folder)
			}
		}
		if in.Folder != "" && len(Files(in.Folder)) == 0 {
			t.Errorf("%s: folder adapters/%s is not embedded", d.Name, in.Folder)
		}
		if len(in.Releases) > 0 && !slices.Contains(releases, in.Release.Kind) {
			t.Errorf("%s: releases %v with release step %q", d.Name, in.Releases, in.Release.Kind)
		}
		if len(in.Needs) == 0 && in.Steps[0].Kind != oracle.StepDebian {
			t.Errorf("%s: installed by %s but needs no file: nothing says it is installed", d.Name, in.Steps[0].Kind)
		}
	}
}
